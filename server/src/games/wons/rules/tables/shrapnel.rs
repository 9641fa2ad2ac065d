//! 76mm shrapnel from off-table guns (R20.4): the accuracy table and its attack dice.

use super::tray::{choice, choice_spec, d6s, faces_text, outcome, sum, whole, whole_spec};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The two loads of the USH-353 shrapnel shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShrapnelShell {
    /// 260 pellets.
    Pellets260,
    /// 549 pellets.
    Pellets549,
}

/// How many attack dice a burst gives for the men in its target zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "n")]
pub enum ShrapnelDice {
    /// No dice: a miss.
    None,
    /// One die for every `n` men.
    OnePer(u32),
    /// `n` dice for every man.
    PerMan(u32),
    /// The shell explodes in the zone as a 1d6 grenade that reduces cover.
    AsGrenade,
}

/// One row of the shrapnel accuracy table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShrapnelRow {
    /// How far from the aiming point the shell bursts, in inches (None: a miss).
    pub burst_range_inches: Option<u32>,
    /// The target zone, width × length in inches (None: no zone).
    pub zone: Option<(u32, u32)>,
    /// How far the zone moves: negative backward, positive forward, in inches.
    pub zone_shift_inches: i32,
    /// How many d6 of inches the moved zone then deviates in a random direction.
    pub deviation_dice: u32,
    /// Attack dice with the 260-pellet shell.
    pub dice_260: ShrapnelDice,
    /// Attack dice with the 549-pellet shell.
    pub dice_549: ShrapnelDice,
}

const fn shr(
    burst: Option<u32>,
    zone: Option<(u32, u32)>,
    shift: i32,
    deviation: u32,
    dice_260: ShrapnelDice,
    dice_549: ShrapnelDice,
) -> ShrapnelRow {
    ShrapnelRow {
        burst_range_inches: burst,
        zone,
        zone_shift_inches: shift,
        deviation_dice: deviation,
        dice_260,
        dice_549,
    }
}

/// The shrapnel accuracy table on a (corrected) 2d6 total; totals outside 2–12 read as the
/// nearest row.
pub fn shrapnel_row(total: i32) -> ShrapnelRow {
    use ShrapnelDice::{AsGrenade, None as NoDice, OnePer, PerMan};
    match total {
        i32::MIN..=2 => shr(None, None, 0, 0, NoDice, NoDice),
        3 => shr(Some(84), Some((18, 160)), -12, 2, OnePer(10), OnePer(10)),
        4 => shr(Some(64), Some((15, 125)), -8, 2, OnePer(10), OnePer(5)),
        5 => shr(Some(44), Some((11, 85)), -4, 1, OnePer(5), OnePer(2)),
        6..=8 => shr(Some(24), Some((8, 75)), 0, 0, OnePer(2), PerMan(1)),
        9 => shr(Some(12), Some((5, 57)), 5, 1, PerMan(1), PerMan(2)),
        10 => shr(Some(4), Some((4, 37)), 9, 2, PerMan(2), PerMan(4)),
        11 => shr(Some(6), Some((2, 18)), 11, 3, PerMan(5), PerMan(11)),
        _ => shr(Some(0), None, 0, 0, AsGrenade, AsGrenade),
    }
}

/// The attack dice for `men` in the target zone. Kills are capped at the number of men and
/// Shock at twice it.
///
/// **interpretation**: "one die per N men" rounds up (the campaign's "maximum gore" rule,
/// R100.1), so any man in the zone draws at least one die.
pub fn shrapnel_attack_dice(rate: ShrapnelDice, men: u32) -> u32 {
    match rate {
        ShrapnelDice::None => 0,
        ShrapnelDice::OnePer(n) => men.div_ceil(n.max(1)),
        ShrapnelDice::PerMan(n) => men.saturating_mul(n),
        ShrapnelDice::AsGrenade => 1,
    }
}

/// The shrapnel accuracy roll, 2d6 (R20.4), with the deviation dice of the row rolled.
#[derive(Clone, Copy, Debug)]
pub struct ShrapnelAccuracyRoll;

/// The shrapnel accuracy roll.
pub static SHRAPNEL_ACCURACY: ShrapnelAccuracyRoll = ShrapnelAccuracyRoll;

const SHELLS: &[&str] = &["pellets_260", "pellets_549"];

#[derive(Serialize)]
struct ShrapnelResult {
    faces: Vec<u32>,
    correction: i64,
    total: i64,
    row: ShrapnelRow,
    attack_dice: ShrapnelDice,
    deviation_faces: Vec<u32>,
    deviation_inches: u32,
}

impl Procedure for ShrapnelAccuracyRoll {
    fn name(&self) -> &'static str {
        "shrapnel-accuracy"
    }
    fn title(&self) -> &'static str {
        "76mm shrapnel accuracy"
    }
    fn rule(&self) -> &'static str {
        "WoNS R20.4"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("shell", "Shell load", SHELLS, "pellets_260"),
            whole_spec(
                "rounds_fired",
                "Rounds already fired at this aiming point",
                0,
                10,
                0,
            ),
            whole_spec(
                "correction",
                "Correction to the roll (at most one per round already fired)",
                -10,
                10,
                0,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let shell = match choice(params, "shell", SHELLS)? {
            "pellets_549" => ShrapnelShell::Pellets549,
            _ => ShrapnelShell::Pellets260,
        };
        let fired = whole(params, "rounds_fired", 0, 10)?;
        let correction = whole(params, "correction", -10, 10)?;
        if correction.abs() > fired {
            return Err(ParamError(format!(
                "R20.4: a correction of {correction} needs at least {} rounds already fired at this aiming point",
                correction.abs()
            )));
        }
        let faces = d6s(draw, 2);
        let total = i64::from(sum(&faces)) + correction;
        let row = shrapnel_row(i32::try_from(total).unwrap_or(i32::MAX));
        let deviation_faces = d6s(draw, row.deviation_dice as usize);
        let deviation_inches = sum(&deviation_faces);
        let attack_dice = match shell {
            ShrapnelShell::Pellets260 => row.dice_260,
            ShrapnelShell::Pellets549 => row.dice_549,
        };
        let shown = if correction == 0 {
            format!("rolled {}", sum(&faces))
        } else {
            format!(
                "rolled {} {correction:+} (correction) = {total}",
                sum(&faces)
            )
        };
        let place = match (row.zone, row.burst_range_inches) {
            (None, None) => "a miss".to_string(),
            (None, Some(_)) => "strikes the target zone and explodes as a 1d6 grenade".to_string(),
            (Some((w, l)), _) => {
                let moved = match row.zone_shift_inches {
                    0 => "stays at the aiming point".to_string(),
                    s if s < 0 => format!("moves {}\" back", -s),
                    s => format!("moves {s}\" forward"),
                };
                if row.deviation_dice > 0 {
                    format!(
                        "zone {w}\"x{l}\" {moved}, then deviates {deviation_inches}\" ({})",
                        faces_text(&deviation_faces)
                    )
                } else {
                    format!("zone {w}\"x{l}\" {moved}")
                }
            }
        };
        let dice_text = match attack_dice {
            ShrapnelDice::None => "no attack dice".to_string(),
            ShrapnelDice::OnePer(n) => format!("1 attack die per {n} men in the zone"),
            ShrapnelDice::PerMan(n) => format!("{n} attack dice per man in the zone"),
            ShrapnelDice::AsGrenade => "1 attack (as a grenade, reduces cover)".to_string(),
        };
        let summary = format!("R20.4 shrapnel: {shown}: {place}; {dice_text}");
        let result = ShrapnelResult {
            faces,
            correction,
            total,
            row,
            attack_dice,
            deviation_faces,
            deviation_inches,
        };
        outcome("2d6", Some(total), &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::{filled, run_scripted};
    use serde_json::json;

    #[test]
    fn row_edges() {
        assert_eq!(shrapnel_row(2).zone, None);
        assert_eq!(shrapnel_row(2).dice_260, ShrapnelDice::None);
        assert_eq!(shrapnel_row(3).zone, Some((18, 160)));
        assert_eq!(shrapnel_row(3).zone_shift_inches, -12);
        assert_eq!(shrapnel_row(4).dice_549, ShrapnelDice::OnePer(5));
        assert_eq!(shrapnel_row(5).deviation_dice, 1);
        assert_eq!(shrapnel_row(5).dice_549, ShrapnelDice::OnePer(2));
        assert_eq!(shrapnel_row(6), shrapnel_row(8));
        assert_eq!(shrapnel_row(6).zone, Some((8, 75)));
        assert_eq!(shrapnel_row(8).deviation_dice, 0);
        assert_eq!(shrapnel_row(9).zone_shift_inches, 5);
        assert_eq!(shrapnel_row(10).dice_549, ShrapnelDice::PerMan(4));
        assert_eq!(shrapnel_row(11).deviation_dice, 3);
        assert_eq!(shrapnel_row(11).dice_549, ShrapnelDice::PerMan(11));
        assert_eq!(shrapnel_row(12).dice_260, ShrapnelDice::AsGrenade);
        assert_eq!(shrapnel_row(14), shrapnel_row(12));
        assert_eq!(shrapnel_row(0), shrapnel_row(2));
    }

    #[test]
    fn attack_dice_round_up() {
        assert_eq!(shrapnel_attack_dice(ShrapnelDice::OnePer(10), 11), 2);
        assert_eq!(shrapnel_attack_dice(ShrapnelDice::OnePer(2), 4), 2);
        assert_eq!(shrapnel_attack_dice(ShrapnelDice::PerMan(2), 4), 8);
        assert_eq!(shrapnel_attack_dice(ShrapnelDice::None, 9), 0);
        assert_eq!(shrapnel_attack_dice(ShrapnelDice::AsGrenade, 9), 1);
    }

    #[test]
    fn procedure_rolls_deviation_of_its_row() {
        let out = run_scripted(&SHRAPNEL_ACCURACY, json!({}), &[1, 2, 4, 5]);
        assert_eq!(out.result["deviation_inches"], 9);
        assert_eq!(out.result["row"]["zone_shift_inches"], -12);
        let out = run_scripted(&SHRAPNEL_ACCURACY, json!({"shell": "pellets_549"}), &[3, 4]);
        assert_eq!(out.result["attack_dice"]["kind"], "per_man");
        let out = run_scripted(
            &SHRAPNEL_ACCURACY,
            json!({"rounds_fired": 2, "correction": 2}),
            &[2, 2],
        );
        assert_eq!(out.total, Some(6));
    }

    #[test]
    fn correction_needs_rounds_fired() {
        let mut dice = crate::dice::source::ScriptedDice::new([]);
        let params = filled(
            &SHRAPNEL_ACCURACY,
            json!({"rounds_fired": 1, "correction": -2}),
        );
        assert!(SHRAPNEL_ACCURACY.run(&params, &mut dice).is_err());
    }
}
