//! Checks over every WoNS procedure: unique names, sane parameter specs, defaults that run.

use super::{procedure, procedure_names, procedures};
use crate::dice::procedure::ParamKind;
use crate::dice::source::Draw;
use crate::games::wons::rules::tables::tray::filled;
use serde_json::{Value, json};
use std::collections::HashSet;

/// Dice that always show the same face, counting how many were drawn.
struct SameFace {
    face: u32,
    drawn: usize,
}

impl Draw for SameFace {
    fn die(&mut self, sides: u32) -> u32 {
        self.drawn += 1;
        self.face.min(sides)
    }
}

#[test]
fn names_are_unique_lowercase_with_dashes() {
    let names = procedure_names();
    let unique: HashSet<_> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    for name in &names {
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name}"
        );
        assert_eq!(procedure(name).map(|p| p.name()), Some(*name));
    }
    assert!(procedure("no-such-roll").is_none());
    assert_eq!(names.len(), 26);
}

#[test]
fn every_table_of_the_spec_has_a_procedure() {
    let names = procedure_names();
    for wanted in [
        "flare-pistol",
        "illumination-rocket",
        "long-range-to-hit",
        "minefield-spotting",
        "setting-off-mines",
        "anti-tank-mine-vehicle",
        "booby-trap-spotting",
        "thrown-charge-bounce",
        "gun-setup",
        "shrapnel-accuracy",
        "bt-slippery-tracks",
        "bridge-laying",
        "bombing-run",
        "rocket-run",
        "anti-aircraft-fire",
        "force-morale-start",
        "barrage-availability",
        "barrage-accuracy",
        "direct-hit",
        "interrogation",
        "capture",
        "hero-hit",
        "leader-hit",
        "surprise-recovery",
    ] {
        assert!(names.contains(&wanted), "missing {wanted}");
    }
}

#[test]
fn parameter_specs_are_sane() {
    for p in procedures() {
        assert!(p.rule().starts_with("WoNS R"), "{}", p.name());
        assert!(!p.title().is_empty());
        let specs = p.params();
        let unique: HashSet<_> = specs.iter().map(|s| s.name).collect();
        assert_eq!(
            unique.len(),
            specs.len(),
            "{} repeats a parameter",
            p.name()
        );
        for spec in specs {
            assert!(!spec.label.is_empty(), "{}.{}", p.name(), spec.name);
            let default = spec.default.clone().unwrap_or(Value::Null);
            let ok = match spec.kind {
                ParamKind::Integer { min, max } => {
                    min <= max && default.as_i64().is_some_and(|d| (min..=max).contains(&d))
                }
                ParamKind::Boolean => default.is_boolean(),
                ParamKind::Choice { options } => {
                    let distinct: HashSet<_> = options.iter().collect();
                    distinct.len() == options.len()
                        && default.as_str().is_some_and(|d| options.contains(&d))
                }
                ParamKind::Text => default.is_string(),
            };
            assert!(ok, "{}.{} has a bad default or range", p.name(), spec.name);
        }
    }
}

#[test]
fn every_procedure_runs_on_its_defaults_with_any_face() {
    for p in procedures() {
        for face in 1..=6 {
            let mut dice = SameFace { face, drawn: 0 };
            let out = p
                .run(&filled(p, json!({})), &mut dice)
                .unwrap_or_else(|e| panic!("{} refused its defaults: {e}", p.name()));
            assert!(
                out.summary.starts_with('R'),
                "{}: {}",
                p.name(),
                out.summary
            );
            assert!(dice.drawn <= 100, "{} drew {} dice", p.name(), dice.drawn);
        }
    }
}

#[test]
fn missing_or_wrong_parameters_are_refused_not_panics() {
    for p in procedures() {
        if p.params().is_empty() {
            continue;
        }
        let mut dice = SameFace { face: 3, drawn: 0 };
        let empty = serde_json::Map::new();
        assert!(
            p.run(&empty, &mut dice).is_err(),
            "{} ran without params",
            p.name()
        );
        let mut wrong = filled(p, json!({}));
        for value in wrong.values_mut() {
            *value = json!("nonsense");
        }
        assert!(
            p.run(&wrong, &mut dice).is_err(),
            "{} took nonsense",
            p.name()
        );
    }
}
