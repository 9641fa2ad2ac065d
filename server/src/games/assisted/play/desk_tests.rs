//! The desk with a small declared game: start, phases and hooks, the roster's own-side rule,
//! charts, procedures and actions with their audiences, and each side's view (tests only).

use super::*;
use crate::core::domain::Side;
use crate::core::refusal::Refusal;
use crate::dice::audience::Audience;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::catalogue::Secrecy;
use crate::games::assisted::catalogue::{Acted, Action, Calculation, DiceProcedure};
use crate::games::assisted::chart_cells::CellGrammar;
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::charts::{ChartSpec, Keys};
use crate::games::assisted::declarations::Owed;
use crate::games::assisted::play::view::view_for;
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, Glimpse, MarkerSpec, RosterSpec, Sight, Unit, UnitEdit, UnitId,
};
use crate::games::assisted::sequence::{Activity, Actor, Calendar, PhaseSpec, TurnKind};
use schemars::JsonSchema;
use std::collections::BTreeMap;

pub(super) struct Test;

pub(super) fn unit(n: u32, side: Side, name: &str, location: &str) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: name.into(),
        unit_type: "infantry".into(),
        attributes: BTreeMap::from([("cs".to_string(), AttrValue::Number(4))]),
        location: location.into(),
        markers: Default::default(),
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub(super) struct Options {
    /// Hide units off the map.
    #[serde(default)]
    fog: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Extra {
    phases_ended: u32,
    soviet_plan: Option<String>,
    /// Steps owed by a side, from a fight against the units named.
    #[serde(default)]
    owed: Vec<(Side, u32, Vec<UnitId>)>,
}

#[derive(Deserialize, JsonSchema)]
struct Strength {
    /// The strength.
    cs: u32,
}

#[derive(Deserialize, JsonSchema)]
struct Shoot {
    /// The unit hit.
    target: String,
}

#[derive(Deserialize, JsonSchema)]
struct Plan {
    /// The secret plan.
    plan: String,
}

impl Declarations for Test {
    const GAME: crate::core::domain::Game =
        crate::core::domain::Game::new("red_winter", "Red Winter");
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Extra;

    fn sequence(_options: &Options) -> Sequence {
        let mut combat = PhaseSpec::new("combat", "combat phase", Actor::Both, "Fight.")
            .doing(&[Activity::Combat]);
        combat.on_leave = vec!["count".into()];
        Sequence {
            kinds: vec![TurnKind {
                code: "turn".into(),
                name: "Turn".into(),
                phases: vec![
                    PhaseSpec::new("move", "Soviet movement phase", Actor::Soviet, "Move.")
                        .doing(&[Activity::Movement]),
                    combat,
                    PhaseSpec::new(
                        "finnish_move",
                        "Finnish movement phase",
                        Actor::Finnish,
                        "Move.",
                    )
                    .doing(&[Activity::Movement]),
                    PhaseSpec::new("rest", "rest phase", Actor::Finnish, "Rest."),
                ],
            }],
            kind_by_turn: Default::default(),
            first_player: Side::Soviet,
            last_turn: Some(2),
            calendar: Calendar::Numbered {
                prefix: "Turn".into(),
            },
        }
    }
    fn hooks() -> &'static [&'static str] {
        &["count"]
    }
    fn conditions() -> &'static [&'static str] {
        &[]
    }
    fn on_hooks(
        calls: &[HookCall],
        table: &mut Table<'_, Extra>,
        _options: &Options,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        table.extra.phases_ended += calls.len() as u32;
        Ok(vec![format!(
            "{} combat phases ended.",
            table.extra.phases_ended
        )])
    }
    fn roster() -> RosterSpec {
        RosterSpec {
            types: vec!["infantry".into()],
            attributes: vec![AttrSpec {
                code: "cs".into(),
                name: "CS".into(),
                kind: AttrKind::Number { min: 0, max: 9 },
                required: true,
            }],
            markers: vec![
                MarkerSpec::new("hit", "Hit", &[]),
                MarkerSpec::new("dug_in", "Dug-In", &[Activity::Movement]),
            ],
        }
    }
    fn charts() -> Vec<ChartSpec> {
        vec![ChartSpec {
            code: "fire".into(),
            name: "Fire table".into(),
            rows: Keys::Fixed {
                keys: (1..=6).map(|n| n.to_string()).collect(),
            },
            columns: Keys::Fixed {
                keys: vec!["any".into()],
            },
            cell: CellGrammar::Code {
                codes: vec!["miss".into(), "hit".into()],
                alternate: false,
            },
        }]
    }
    fn owed(extra: &Extra) -> Vec<Owed> {
        extra
            .owed
            .iter()
            .map(|(side, steps, units)| Owed {
                side: *side,
                what: format!("{steps} step"),
                from: "the last shot".into(),
                units: units.clone(),
            })
            .collect()
    }
    fn pay(extra: &mut Extra, unit: &Unit, steps: Option<u32>) -> bool {
        let Some(at) = extra.owed.iter().position(|o| o.2.contains(&unit.id)) else {
            return false;
        };
        extra.owed[at].1 = extra.owed[at].1.saturating_sub(steps.unwrap_or(9));
        if extra.owed[at].1 == 0 {
            extra.owed.remove(at);
        }
        true
    }
    fn waive(extra: &mut Extra, index: usize) -> bool {
        (index < extra.owed.len())
            .then(|| extra.owed.remove(index))
            .is_some()
    }
    fn steps_attribute() -> Option<&'static str> {
        Some("cs")
    }
    fn sight(_viewer: Side, unit: &Unit, _extra: &Extra, options: &Options) -> Sight {
        if options.fog && unit.location == "off-map" {
            Sight::Hidden
        } else if options.fog {
            Sight::Partial(Glimpse {
                location: true,
                ..Glimpse::default()
            })
        } else {
            Sight::Full
        }
    }
    fn extra_for(viewer: Option<Side>, extra: &Extra) -> serde_json::Value {
        match viewer {
            Some(Side::Finnish) => serde_json::json!({"phases_ended": extra.phases_ended}),
            _ => serde_json::to_value(extra).unwrap_or_default(),
        }
    }
    fn calculations() -> Vec<Calculation> {
        vec![Calculation::new(
            "halve",
            "Halve",
            "1.0",
            |p: Strength, _| {
                Ok::<_, Refused>(Explained::new(
                    p.cs / 2,
                    format!("{} halves to {}.", p.cs, p.cs / 2),
                ))
            },
        )]
    }
    fn procedures() -> Vec<DiceProcedure> {
        vec![DiceProcedure::new(
            "fire",
            "Fire",
            "2.0",
            |_p: Strength, charts: &ChartSet, dice: &mut dyn Dice, by| {
                let face = dice.roll(RollSpec::d6s(
                    "fire",
                    by,
                    crate::dice::source::Visibility::Side,
                    1,
                ))[0];
                let reading = charts
                    .read("fire", &face.to_string(), "any")
                    .map_err(|e| Refused::of(&e))?;
                Ok::<_, Refused>(Explained::new(reading, format!("rolled {face}")))
            },
        )]
    }
    fn actions() -> Vec<Action<Extra>> {
        vec![
            Action::new(
                "shoot",
                "Shoot",
                "3.0",
                |p: Shoot, table: &mut Table<'_, Extra>, _dice| {
                    let id = UnitId::parse(&p.target).map_err(|e| Refused::of(&e))?;
                    table
                        .roster
                        .mark(table.spec, Role::Umpire, table.moment, &id, "hit")
                        .map_err(|e| Refused::of(&e))?;
                    let side = table.roster.units[&id].side;
                    table.extra.owed.push((side, 1, vec![id]));
                    Ok::<_, Refused>(Acted::public(Explained::new((), "The target is hit.")))
                },
            )
            .given(true, &[Activity::Combat]),
            Action::new(
                "plan",
                "Plan",
                "4.0",
                |p: Plan, table: &mut Table<'_, Extra>, _dice| {
                    table.extra.soviet_plan = Some(p.plan);
                    Ok::<_, Refused>(Acted {
                        explained: Explained::new((), "A plan is written."),
                        secrecy: Secrecy::SideOnly(Side::Soviet),
                    })
                },
            ),
        ]
    }
    fn readings() -> &'static [&'static str] {
        &["A reading."]
    }
}

pub(super) fn desk(fog: bool) -> Desk<Test> {
    Desk::<Test>::start(Options { fog }).expect("starts").0
}

#[test]
fn a_desk_starts_at_the_first_phase_and_phases_run_their_hooks() {
    let mut d = desk(false);
    assert_eq!(d.moment(), "Turn 1, Soviet movement phase");
    let refused = d
        .advance(Role::Finnish, &mut ScriptedDice::new([]))
        .expect_err("not theirs");
    assert_eq!(refused.kind(), RefusalKind::NotNow);
    // The log says what ended and what comes next.
    let e = d
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("ends");
    assert_eq!(d.phase().0, "combat");
    assert_eq!(
        e[0].sentence(),
        "The Soviet player ended the Soviet movement phase. Next: the combat phase of Turn 1."
    );
    // Both sides act in combat: the first to finish waits for the other.
    let e = d
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("done");
    assert_eq!(
        e[0].sentence(),
        "The Soviet player has finished the combat phase; the Finnish player has not yet."
    );
    let e = d
        .advance(Role::Finnish, &mut ScriptedDice::new([]))
        .expect("ends");
    assert_eq!(d.extra.phases_ended, 1);
    assert!(e[0].sentence().contains("1 combat phases ended."));
    for _ in 0..2 {
        d.advance(Role::Finnish, &mut ScriptedDice::new([]))
            .expect("ends");
    }
    assert_eq!(d.tracker.turn, 2);
}

#[test]
fn a_side_adds_and_changes_only_its_own_units() {
    let mut d = desk(false);
    let finn = unit(1, Side::Finnish, "2/JR16", "1010");
    let refused = d
        .add_units(Role::Soviet, vec![finn.clone()])
        .expect_err("not theirs");
    assert_eq!(refused.code, "not_your_side");
    d.add_units(Role::Finnish, vec![finn.clone()]).expect("own");
    // A side's unit is kept under its id scoped to the side.
    let id = finn.id.scoped(Side::Finnish);
    let e = d
        .mark_unit(Role::Soviet, &id, "hit", true)
        .expect_err("not theirs");
    assert_eq!(e.kind(), RefusalKind::NoSuchThing);
    let events = d.mark_unit(Role::Umpire, &id, "hit", true).expect("umpire");
    assert_eq!(events[0].audience(), Audience::Finnish);
    assert!(d.roster.units[&id].markers.contains("hit"));
}

#[test]
fn charts_are_entered_by_the_umpire_and_procedures_name_their_version() {
    let mut d = desk(false);
    let raw = RawChart {
        rows: (1..=6).map(|n| n.to_string()).collect(),
        columns: vec!["any".into()],
        cells: (1..=6)
            .map(|n| vec![if n > 4 { "hit" } else { "miss" }.to_string()])
            .collect(),
    };
    let charts = BTreeMap::from([("fire".to_string(), raw.clone())]);
    assert_eq!(
        d.enter_charts(Role::Soviet, charts.clone())
            .expect_err("umpire only")
            .code,
        "umpire_only"
    );
    d.enter_charts(Role::Umpire, charts.clone())
        .expect("enters");
    d.enter_charts(Role::Umpire, charts)
        .expect("a second version");
    let unknown = BTreeMap::from([("crt".to_string(), raw)]);
    assert_eq!(
        d.enter_charts(Role::Umpire, unknown)
            .expect_err("unknown")
            .code,
        "unknown_chart"
    );
    let (answer, events) = d
        .procedure(
            Role::Finnish,
            "fire",
            &serde_json::json!({"cs": 3}),
            &mut ScriptedDice::new([5]),
        )
        .expect("rolls");
    assert_eq!(
        answer.charts,
        vec![crate::games::assisted::catalogue::ChartUse {
            chart: "fire".into(),
            version: 2
        }]
    );
    // The roll was the Finns' own: the log entry is theirs too.
    assert_eq!(events[0].audience(), Audience::Finnish);
    let e = d.procedure(
        Role::Finnish,
        "nothing",
        &serde_json::json!({}),
        &mut ScriptedDice::new([]),
    );
    assert_eq!(e.expect_err("unknown").kind(), RefusalKind::NoSuchThing);
}

#[test]
fn actions_change_the_table_and_secret_ones_reach_only_their_side() {
    let mut d = desk(false);
    let finn = unit(1, Side::Finnish, "2/JR16", "1010");
    d.add_units(Role::Umpire, vec![finn.clone()]).expect("adds");
    to_phase(&mut d, "combat");
    let target = serde_json::json!({"target": finn.id.as_str()});
    let (_, events) = d
        .act(Role::Soviet, "shoot", &target, &mut ScriptedDice::new([]))
        .expect("acts");
    assert_eq!(events[0].audience(), Audience::Public);
    assert!(d.roster.units[&finn.id].markers.contains("hit"));
    let before = d.clone();
    let bad = d.act(
        Role::Soviet,
        "shoot",
        &serde_json::json!({"target": 7}),
        &mut ScriptedDice::new([]),
    );
    assert_eq!(bad.expect_err("bad params").code, "invalid_params");
    assert_eq!(d, before, "a refused action changes nothing");
    let secret = serde_json::json!({"plan": "drop on Suomussalmi at dawn"});
    let (_, events) = d
        .act(Role::Soviet, "plan", &secret, &mut ScriptedDice::new([]))
        .expect("plans");
    assert_eq!(events[0].audience(), Audience::Soviet);
    let finnish = serde_json::to_string(&view_for(&d, Role::Finnish)).expect("json");
    assert!(
        !finnish.contains("Suomussalmi"),
        "the plan leaks: {finnish}"
    );
    let soviet = serde_json::to_string(&view_for(&d, Role::Soviet)).expect("json");
    assert!(soviet.contains("Suomussalmi"));
}

#[test]
fn the_fog_hides_what_the_declarations_hide_in_every_view() {
    let mut d = desk(true);
    let hidden = unit(1, Side::Soviet, "Secret Reserve", "off-map");
    let glimpsed = unit(2, Side::Soviet, "163rd Rifle", "2020");
    d.add_units(Role::Umpire, vec![hidden.clone(), glimpsed.clone()])
        .expect("adds");
    let finnish = view_for(&d, Role::Finnish);
    let json = serde_json::to_string(&finnish).expect("json");
    for secret in [
        "Secret Reserve",
        "163rd Rifle",
        hidden.id.as_str(),
        glimpsed.id.as_str(),
        "off-map",
    ] {
        assert!(!json.contains(secret), "the Finns see {secret}: {json}");
    }
    assert_eq!(finnish.enemy_units.len(), 1);
    assert_eq!(finnish.enemy_units[0].location.as_deref(), Some("2020"));
    // Nor do the Soviets' own roster changes reach the Finns' history.
    assert!(finnish.history.is_empty());
    // Only changes the Finns can see in their view move their view.
    let moved = |d: &mut Desk<Test>, id: &UnitId, place: &str| {
        let edit = UnitEdit {
            location: Some(place.into()),
            ..UnitEdit::default()
        };
        d.edit_unit(Role::Soviet, id, edit).expect("moves")[0].seen_by_enemy()
    };
    assert!(
        !moved(&mut d, &hidden.id, "off-map"),
        "a hidden unit stays hidden"
    );
    assert!(
        moved(&mut d, &glimpsed.id, "2121"),
        "the Finns see where it is"
    );
    let marked = d
        .mark_unit(Role::Soviet, &glimpsed.id, "hit", true)
        .expect("marks");
    assert!(
        !marked[0].seen_by_enemy(),
        "the marker is not in the glimpse"
    );
    assert!(moved(&mut d, &hidden.id, "2222"), "it comes on the map");
    let umpire = view_for(&d, Role::Umpire);
    assert_eq!(umpire.units.len(), 2);
    assert_eq!(
        umpire.units[0].attributes.get("cs"),
        Some(&AttrValue::Number(4))
    );
}

/// Ends phases until the table is in the phase `code`.
pub(super) fn to_phase(d: &mut Desk<Test>, code: &str) {
    while d.phase().0 != code {
        d.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("the umpire ends the phase");
    }
}
