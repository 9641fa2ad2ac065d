//! The dice-tray rolls for barrages (R23.1): availability, accuracy and direct hits.

use super::artillery::{
    BARRAGE_CODES, BarrageAccuracy, BarrageAvailability, barrage, barrage_accuracy,
    barrage_availability, direct_hit,
};
use super::tray::{
    choice, choice_spec, d6_outcome, d6s, faces_text, outcome, sum, whole, whole_spec,
};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::Serialize;
use serde_json::{Map, Value};

/// The barrage availability roll, 1d6 (R23.1.1, R23.1.2).
#[derive(Clone, Copy, Debug)]
pub struct BarrageAvailabilityRoll;

/// The barrage availability roll.
pub static BARRAGE_AVAILABILITY: BarrageAvailabilityRoll = BarrageAvailabilityRoll;

/// The barrage accuracy roll, 3d6 (R23.1.1, R23.1.2).
///
/// **interpretation**: the Finnish table lets the observer move the result "towards either
/// direction desired"; the seed's text is cut at that point. We read it as: a Finnish barrage's
/// total may be moved by one, up or down (parameter `adjust`); a Soviet one may not.
#[derive(Clone, Copy, Debug)]
pub struct BarrageAccuracyRoll;

/// The barrage accuracy roll.
pub static BARRAGE_ACCURACY: BarrageAccuracyRoll = BarrageAccuracyRoll;

/// The direct-hit rolls of one barrage, 2d6 per target (R23.1.1, R23.1.2).
#[derive(Clone, Copy, Debug)]
pub struct DirectHitRoll;

/// The direct-hit roll.
pub static DIRECT_HIT: DirectHitRoll = DirectHitRoll;

const SIDES: &[&str] = &["soviet", "finnish"];

#[derive(Serialize)]
struct AvailabilityResult {
    die: u32,
    availability: BarrageAvailability,
}

#[derive(Serialize)]
struct AccuracyResult {
    faces: Vec<u32>,
    adjust: i64,
    total: i64,
    accuracy: BarrageAccuracy,
}

#[derive(Serialize)]
struct TargetResult {
    faces: Vec<u32>,
    total: u32,
    direct_hit: bool,
}

#[derive(Serialize)]
struct DirectHitResult {
    barrage: &'static str,
    needed: u32,
    he_dice_per_hit: u32,
    vehicle_hit_modifier: u32,
    targets: Vec<TargetResult>,
    direct_hits: usize,
}

impl Procedure for BarrageAvailabilityRoll {
    fn name(&self) -> &'static str {
        "barrage-availability"
    }
    fn title(&self) -> &'static str {
        "Barrage availability"
    }
    fn rule(&self) -> &'static str {
        "WoNS R23.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        let die = draw.d6();
        let availability = barrage_availability(die);
        let verdict = match availability {
            BarrageAvailability::Late => "late, try again next Turn",
            BarrageAvailability::Available => "available at once",
        };
        let summary = format!("R23.1 barrage availability: rolled {die}, needed 2+: {verdict}");
        d6_outcome(die, &AvailabilityResult { die, availability }, summary)
    }
}

impl Procedure for BarrageAccuracyRoll {
    fn name(&self) -> &'static str {
        "barrage-accuracy"
    }
    fn title(&self) -> &'static str {
        "Barrage accuracy"
    }
    fn rule(&self) -> &'static str {
        "WoNS R23.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("side", "Side firing the barrage", SIDES, "soviet"),
            whole_spec(
                "adjust",
                "Finnish observer's adjustment of the total (-1, 0 or +1)",
                -1,
                1,
                0,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let side = choice(params, "side", SIDES)?;
        let adjust = whole(params, "adjust", -1, 1)?;
        if side == "soviet" && adjust != 0 {
            return Err(ParamError(
                "R23.1.1: a Soviet barrage cannot be adjusted; leave 'adjust' at 0".to_string(),
            ));
        }
        let faces = d6s(draw, 3);
        let total = i64::from(sum(&faces)) + adjust;
        let accuracy = barrage_accuracy(i32::try_from(total).unwrap_or(i32::MAX));
        let shown = if adjust == 0 {
            format!("rolled {}", sum(&faces))
        } else {
            format!("rolled {} {adjust:+} (observer) = {total}", sum(&faces))
        };
        let summary = format!(
            "R23.1 barrage accuracy: {shown} ({}): {}",
            faces_text(&faces),
            accuracy.describe()
        );
        let result = AccuracyResult {
            faces,
            adjust,
            total,
            accuracy,
        };
        outcome("3d6", Some(total), &result, summary)
    }
}

impl Procedure for DirectHitRoll {
    fn name(&self) -> &'static str {
        "direct-hit"
    }
    fn title(&self) -> &'static str {
        "Barrage direct hits"
    }
    fn rule(&self) -> &'static str {
        "WoNS R23.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec(
                "barrage",
                "Barrage (side and guns)",
                BARRAGE_CODES,
                "soviet-two-82mm-mortars",
            ),
            whole_spec(
                "targets",
                "Targets under the barrage (sections, teams, vehicles, entrenchments, buildings, bridges; phone lines are hit anyway)",
                1,
                40,
                1,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let code = choice(params, "barrage", BARRAGE_CODES)?;
        let profile = barrage(code)
            .ok_or_else(|| ParamError(format!("R23.1: there is no barrage called '{code}'")))?;
        let count = usize::try_from(whole(params, "targets", 1, 40)?).unwrap_or(1);
        let targets: Vec<TargetResult> = (0..count)
            .map(|_| {
                let faces = d6s(draw, 2);
                let total = sum(&faces);
                TargetResult {
                    direct_hit: direct_hit(total, profile),
                    faces,
                    total,
                }
            })
            .collect();
        let hits = targets.iter().filter(|t| t.direct_hit).count();
        let rolls = targets
            .iter()
            .map(|t| t.total.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let summary = format!(
            "R23.1 direct hits, {}: rolled {rolls}, needed {}+: {hits} of {count} target(s) hit, {} HE dice each",
            profile.title, profile.direct_hit, profile.he
        );
        let result = DirectHitResult {
            barrage: profile.code,
            needed: profile.direct_hit,
            he_dice_per_hit: profile.he,
            vehicle_hit_modifier: profile.vehicle_hit_modifier,
            targets,
            direct_hits: hits,
        };
        outcome(
            format!("{count}x 2d6"),
            Some(i64::try_from(hits).unwrap_or(0)),
            &result,
            summary,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;
    use crate::games::wons::rules::tables::tray::{filled, run_scripted};
    use serde_json::json;

    #[test]
    fn availability_one_and_two() {
        let out = run_scripted(&BARRAGE_AVAILABILITY, json!({}), &[1]);
        assert_eq!(out.result["availability"], "late");
        let out = run_scripted(&BARRAGE_AVAILABILITY, json!({}), &[2]);
        assert_eq!(out.result["availability"], "available");
    }

    #[test]
    fn accuracy_bands_through_the_procedure() {
        let cases = [
            ([1, 1, 1], "short_on_own_positions"),
            ([1, 1, 2], "short_onto_table"),
            ([1, 2, 2], "on_target"),
            ([6, 6, 4], "on_target"),
            ([6, 6, 5], "long_on_reserves"),
            ([6, 6, 6], "long_blocks_step"),
        ];
        for (faces, want) in cases {
            let out = run_scripted(&BARRAGE_ACCURACY, json!({}), &faces);
            assert_eq!(out.result["accuracy"], want, "{faces:?}");
        }
    }

    #[test]
    fn finnish_observer_moves_total_soviet_cannot() {
        let out = run_scripted(
            &BARRAGE_ACCURACY,
            json!({"side": "finnish", "adjust": 1}),
            &[1, 1, 2],
        );
        assert_eq!(out.total, Some(5));
        assert_eq!(out.result["accuracy"], "on_target");
        let mut dice = ScriptedDice::new([]);
        let params = filled(&BARRAGE_ACCURACY, json!({"side": "soviet", "adjust": -1}));
        assert!(BARRAGE_ACCURACY.run(&params, &mut dice).is_err());
    }

    #[test]
    fn direct_hits_per_target() {
        let out = run_scripted(
            &DIRECT_HIT,
            json!({"barrage": "finnish-twelve-76mm-guns", "targets": 3}),
            &[3, 3, 4, 3, 6, 6],
        );
        assert_eq!(out.result["direct_hits"], 2);
        assert_eq!(out.result["targets"][0]["direct_hit"], false);
        assert_eq!(out.result["targets"][1]["direct_hit"], true);
        assert_eq!(out.result["he_dice_per_hit"], 6);
        assert!(out.summary.contains("needed 7+"), "{}", out.summary);
    }

    #[test]
    fn direct_hit_threshold_edge_through_procedure() {
        let out = run_scripted(
            &DIRECT_HIT,
            json!({"barrage": "soviet-twelve-152mm-guns"}),
            &[4, 5],
        );
        assert_eq!(out.result["direct_hits"], 0);
        let out = run_scripted(
            &DIRECT_HIT,
            json!({"barrage": "soviet-twelve-152mm-guns"}),
            &[4, 6],
        );
        assert_eq!(out.result["direct_hits"], 1);
        assert_eq!(out.result["vehicle_hit_modifier"], 3);
    }
}
