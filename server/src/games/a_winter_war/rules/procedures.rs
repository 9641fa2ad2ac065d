//! The dice procedures whose values the text gives, rolled through the `Dice` trait: airborne
//! disruption and supply drops (Opt D.1), the spring rains (Opt E), Western intervention with
//! Norway and Sweden (Opt F, DC C), and the two that read entered charts: the isolation check on
//! the Success Table (Opt A.1) and a combat roll on the CRT with Opt B and D.2.

use super::calc_other::{distance_modifier, result_for};
use super::charts::{CRT, SUCCESS_TABLE};
use super::error::AwwError;
use super::options::{APR_I_40, DEC_I_39, MAR_I_40, MAR_II_40, Options};
use crate::core::domain::Role;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::assisted::calc::{Explained, Fraction, Working, modified_roll};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::charts::Cell;
use serde::{Deserialize, Serialize};

/// Where a drop lands, as D.1's terrain modifiers see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DropTerrain {
    /// Clear terrain.
    Clear,
    /// Any non-clear terrain but a major city.
    NonClear,
    /// A major city (non-clear, and a major city).
    MajorCity,
}

/// One air drop, for its disruption roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Drop {
    /// The parachute unit or supply point.
    pub name: String,
    /// The target hex's terrain.
    pub terrain: DropTerrain,
    /// Onto enemy units and/or into enemy ZOCs.
    pub onto_enemy_or_zoc: bool,
    /// Into a hex enemy units occupy.
    pub enemy_occupied: bool,
    /// Hexes the Soviet air unit flies its cargo (the longest of its transports, AWW-A9).
    pub hexes_flown: u32,
}

/// D.1's modifiers for `drop`; poor weather prevails on every turn of the game.
pub fn disruption_modifiers(drop: &Drop) -> Vec<(String, i64)> {
    let mut mods = Vec::new();
    if drop.onto_enemy_or_zoc {
        mods.push(("onto enemy units or into an enemy ZOC".to_string(), -1));
    }
    if drop.terrain != DropTerrain::Clear {
        mods.push(("into non-clear terrain".to_string(), -1));
    }
    if drop.terrain == DropTerrain::MajorCity {
        mods.push(("into a major city".to_string(), -1));
    }
    let distance = distance_modifier(drop.hexes_flown);
    if distance.value != 0 {
        mods.push((format!("{} hexes flown", drop.hexes_flown), distance.value));
    }
    mods.push(("poor weather, every turn of the game".to_string(), -1));
    mods
}

/// What a disruption roll does to a parachute unit (D.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Disruption {
    /// 2 or more: not disrupted.
    None,
    /// 1 or 0: attack and defense halved until its next friendly initial phase.
    Halved,
    /// −1 or −2: attack 0 and defense halved (eliminated instead in an enemy-occupied hex).
    AttackZero,
    /// Eliminated.
    Eliminated,
}

/// The result of modified roll `total` (D.1).
pub fn disruption_result(total: i64, enemy_occupied: bool) -> Explained<Disruption> {
    let (result, text) = match total {
        t if t >= 2 => (Disruption::None, "2 or more: not disrupted"),
        0 | 1 => (
            Disruption::Halved,
            "1 or 0: disrupted, attack and defense halved until its next friendly initial phase",
        ),
        -2 | -1 if enemy_occupied => (
            Disruption::Eliminated,
            "-1 or -2 in an enemy-occupied hex: eliminated",
        ),
        -2 | -1 => (
            Disruption::AttackZero,
            "-1 or -2: attack 0 and defense halved until its next friendly initial phase",
        ),
        _ => (Disruption::Eliminated, "-3 or less: eliminated"),
    };
    Explained::new(result, format!("{total} is {text} (Opt D.1)"))
}

/// A parachute unit's attack and defense while disrupted (D.1), halves kept exact.
pub fn disrupted_strengths(
    attack: u32,
    defence: u32,
    disruption: Disruption,
) -> Explained<(Fraction, Fraction)> {
    let whole = |v: u32| Fraction::whole(i64::from(v));
    let half = |v: u32| Fraction::new(i64::from(v), 2).unwrap_or(Fraction::whole(0));
    let (a, d, why) = match disruption {
        Disruption::None => (whole(attack), whole(defence), "not disrupted"),
        Disruption::Halved => (half(attack), half(defence), "attack and defense halved"),
        Disruption::AttackZero => (whole(0), half(defence), "attack 0, defense halved"),
        Disruption::Eliminated => (whole(0), whole(0), "eliminated"),
    };
    Explained::new(
        (a, d),
        format!("{attack}-{defence}: {why}, now {a}-{d} (Opt D.1)"),
    )
}

fn d6(dice: &mut dyn Dice, purpose: String, roller: Role) -> Vec<u32> {
    dice.roll(RollSpec::d6s(purpose, roller, Visibility::Public, 1))
}

/// Rolls the disruption of a parachute unit's drop (D.1).
pub fn roll_disruption(dice: &mut dyn Dice, drop: &Drop) -> Explained<Disruption> {
    let mut work = Working::new();
    let faces = d6(
        dice,
        format!("disruption of {}'s air drop (Opt D.1)", drop.name),
        Role::Soviet,
    );
    let total = work.take(modified_roll(&faces, &disruption_modifiers(drop)));
    let result = work.take(disruption_result(total, drop.enemy_occupied));
    work.done(result)
}

/// Rolls for an air-dropped supply point (D.1): the same modified roll; 1 or less scatters and
/// eliminates it (AWW-A10). Returns whether it arrives.
pub fn roll_supply_drop(dice: &mut dyn Dice, drop: &Drop) -> Explained<bool> {
    let mut work = Working::new();
    let faces = d6(
        dice,
        format!("air drop of {} (Opt D.1)", drop.name),
        Role::Soviet,
    );
    let total = work.take(modified_roll(&faces, &disruption_modifiers(drop)));
    let arrives = total >= 2;
    work.step(if arrives {
        format!("{total}: the supply point arrives (Opt D.1)")
    } else {
        format!("{total} is 1 or less: the supply point is scattered and eliminated (Opt D.1)")
    });
    work.done(arrives)
}

/// The turns at whose end Opt E's game-length table is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum SpringTurn {
    /// Mar I 40: the game ends on 1 or 2.
    #[serde(rename = "Mar I 40")]
    MarI40,
    /// Mar II 40: the game ends on 1 to 4.
    #[serde(rename = "Mar II 40")]
    MarII40,
    /// Apr I 40: the game always ends.
    #[serde(rename = "Apr I 40")]
    AprI40,
}

impl SpringTurn {
    /// The turn of calendar index `index`, if Opt E's table has a row for it.
    pub fn of_index(index: u32) -> Option<SpringTurn> {
        match index {
            MAR_I_40 => Some(SpringTurn::MarI40),
            MAR_II_40 => Some(SpringTurn::MarII40),
            APR_I_40 => Some(SpringTurn::AprI40),
            _ => None,
        }
    }

    fn label(self) -> &'static str {
        match self {
            SpringTurn::MarI40 => "Mar I 40",
            SpringTurn::MarII40 => "Mar II 40",
            SpringTurn::AprI40 => "Apr I 40",
        }
    }
}

/// Opt E's game-length table: whether the game ends at the end of `turn` on a die of `face`
/// (1 or 2 after Mar I 40, 1 to 4 after Mar II 40; after Apr I 40 always, with no die).
pub fn game_length(turn: SpringTurn, face: Option<u32>) -> Result<Explained<bool>, AwwError> {
    let label = turn.label();
    let ends_at_most = match turn {
        SpringTurn::MarI40 => 2,
        SpringTurn::MarII40 => 4,
        SpringTurn::AprI40 => {
            return Ok(Explained::new(
                true,
                "the game always ends at the end of Apr I 40 (Opt E)",
            ));
        }
    };
    let face = match face {
        Some(f @ 1..=6) => f,
        other => {
            return Err(AwwError::NotADieFace {
                found: other.map_or_else(|| "no die".to_string(), |f| f.to_string()),
            });
        }
    };
    let ends = face <= ends_at_most;
    let step = if ends {
        format!("rolled {face}: 1 to {ends_at_most}, the game ends with {label} (Opt E)")
    } else {
        format!(
            "rolled {face}: {} to 6, the game goes on after {label} (Opt E)",
            ends_at_most + 1
        )
    };
    Ok(Explained::new(ends, step))
}

/// Rolls Opt E's spring rains at the end of `turn` (a calendar label and index): after Mar I 40
/// the game ends on 1–2, after Mar II 40 on 1–4 (see [`game_length`]). Returns whether the
/// game ends.
pub fn roll_game_length(
    dice: &mut dyn Dice,
    index: u32,
    label: &str,
) -> Result<Explained<bool>, AwwError> {
    let turn = SpringTurn::of_index(index)
        .filter(|t| *t != SpringTurn::AprI40)
        .ok_or_else(|| AwwError::NoSpringRoll { turn: label.into() })?;
    let faces = d6(
        dice,
        format!("spring rains at the end of {label} (Opt E)"),
        Role::Finnish,
    );
    game_length(turn, faces.first().copied())
}

/// Checks a die face given to a calculation (1 to 6).
fn face(value: u32) -> Result<u32, AwwError> {
    if (1..=6).contains(&value) {
        Ok(value)
    } else {
        Err(AwwError::NotADieFace {
            found: value.to_string(),
        })
    }
}

/// The Western intervention trigger for calendar index `index` on two dice totalling `total`
/// (AWW-A15): DC C triggers on 4 or less with −1 for each turn after Dec I 39, so −3 on Jan II
/// 40 (and replaces Opt F's trigger when both are played, AWW-A14); Opt F alone triggers on 2
/// or 3.
pub fn intervention_trigger(
    options: &Options,
    index: u32,
    total: u32,
) -> Result<Explained<bool>, AwwError> {
    if !options.resolute_intervention && !options.foreign_aid {
        return Err(AwwError::InterventionNotInText);
    }
    if index < DEC_I_39 {
        return Err(AwwError::InterventionTooEarly);
    }
    if !(2..=12).contains(&total) {
        return Err(AwwError::NotADieFace {
            found: format!("{total} on two dice"),
        });
    }
    let mut work = Working::new();
    if options.resolute_intervention {
        let after = i64::from(index - DEC_I_39);
        let mods = if after > 0 {
            vec![(format!("{after} turns after Dec I 39 (DC C)"), -after)]
        } else {
            Vec::new()
        };
        let modified = work.take(modified_roll(&[total], &mods));
        let triggered = modified <= 4;
        work.step(format!(
            "{modified} is {}4 or less: intervention {} (DC C)",
            if triggered { "" } else { "not " },
            if triggered {
                "is triggered"
            } else {
                "is not triggered"
            }
        ));
        return Ok(work.done(triggered));
    }
    let total = work.take(modified_roll(&[total], &[]));
    let triggered = matches!(total, 2 | 3);
    work.step(format!(
        "{total}: intervention {} on 2 or 3 (Opt F)",
        if triggered {
            "is triggered"
        } else {
            "is not triggered"
        }
    ));
    Ok(work.done(triggered))
}

/// Rolls the Western intervention trigger for calendar index `index` (2d6, AWW-A15), read by
/// [`intervention_trigger`].
pub fn roll_intervention(
    dice: &mut dyn Dice,
    options: &Options,
    index: u32,
    label: &str,
) -> Result<Explained<bool>, AwwError> {
    // Refused before any die is rolled.
    intervention_trigger(options, index, 7)?;
    let faces = dice.roll(RollSpec::d6s(
        format!("Western intervention in {label} (Rule 31A)"),
        Role::Finnish,
        Visibility::Public,
        2,
    ));
    intervention_trigger(options, index, faces.iter().sum())
}

/// Whether Norway resists Western intervention on a die of `face` (DC C): on 1.
pub fn norway_answer(face_rolled: u32) -> Result<Explained<bool>, AwwError> {
    let face = face(face_rolled)?;
    let resists = face <= 1;
    Ok(Explained::new(
        resists,
        format!(
            "rolled {face}: Norway {} (resists on 1, DC C)",
            if resists {
                "resists"
            } else {
                "does not resist"
            }
        ),
    ))
}

/// Rolls whether Norway resists Western intervention (DC C), read by [`norway_answer`].
pub fn roll_norway(dice: &mut dyn Dice) -> Result<Explained<bool>, AwwError> {
    let faces = d6(
        dice,
        "Norway's answer to intervention (DC C)".into(),
        Role::Finnish,
    );
    norway_answer(faces.first().copied().unwrap_or(0))
}

/// Whether Sweden resists Western intervention on a die of `face` (DC C): on 1 or 2, the roll
/// −1 when Norway resists (Rule 31B).
pub fn sweden_answer(face_rolled: u32, norway_resists: bool) -> Result<Explained<bool>, AwwError> {
    let face = face(face_rolled)?;
    let mods = if norway_resists {
        vec![("Norway resists (Rule 31B)".to_string(), -1)]
    } else {
        Vec::new()
    };
    let mut work = Working::new();
    let total = work.take(modified_roll(&[face], &mods));
    let resists = total <= 2;
    work.step(format!(
        "{total}: Sweden {} (resists on 2 or less, DC C)",
        if resists {
            "resists"
        } else {
            "does not resist"
        }
    ));
    Ok(work.done(resists))
}

/// Rolls whether Sweden resists Western intervention (DC C), read by [`sweden_answer`].
pub fn roll_sweden(dice: &mut dyn Dice, norway_resists: bool) -> Result<Explained<bool>, AwwError> {
    let faces = d6(
        dice,
        "Sweden's answer to intervention (DC C)".into(),
        Role::Finnish,
    );
    sweden_answer(faces.first().copied().unwrap_or(0), norway_resists)
}

/// The total of D.1's modifiers for `drop`, each named.
pub fn disruption_modifier(drop: &Drop) -> Explained<i64> {
    let mods = disruption_modifiers(drop);
    let total: i64 = mods.iter().map(|(_, v)| v).sum();
    let mut steps: Vec<String> = mods.iter().map(|(why, v)| format!("{v:+} {why}")).collect();
    steps.push(format!(
        "the disruption roll is modified by {total:+} (Opt D.1)"
    ));
    Explained {
        value: total,
        steps,
    }
}

/// Rolls a unit's isolation check on the entered Success Table (Opt A.1): one die plus
/// `modifiers`, read in `column`; a roll beyond the table reads its first or last row. Returns
/// whether the unit survives.
pub fn roll_isolation_check(
    dice: &mut dyn Dice,
    charts: &ChartSet,
    unit: &str,
    column: &str,
    modifiers: &[(String, i64)],
) -> Result<Explained<bool>, AwwError> {
    let table = charts.current(SUCCESS_TABLE)?;
    if let Some(row) = table
        .chart
        .rows
        .iter()
        .find(|r| r.trim().parse::<i64>().is_err())
    {
        return Err(AwwError::SuccessRow { row: row.clone() });
    }
    let mut work = Working::new();
    let faces = d6(
        dice,
        format!("isolation check of {unit} (Opt A.1)"),
        Role::Umpire,
    );
    let total = work.take(modified_roll(&faces, modifiers));
    let reading = work.take(charts.read_roll(SUCCESS_TABLE, total, column)?);
    let survives = match &reading.cell {
        Cell::Code { code, .. } if code == "S" => true,
        Cell::Code { code, .. } if code == "F" => false,
        other => {
            return Err(AwwError::SuccessCell {
                found: other.to_string(),
            });
        }
    };
    work.step(if survives {
        format!("success: {unit} survives the isolation check (Opt A.1)")
    } else {
        format!("failure: {unit} is eliminated (Opt A.1)")
    });
    Ok(work.done(survives))
}

/// Rolls a combat on the entered CRT in odds `column`, with Opt B's armor modifier and any
/// other modifiers; parachute units that dropped into the defenders' hex read AS as AR (D.2).
/// Returns the result code.
pub fn roll_combat(
    dice: &mut dyn Dice,
    charts: &ChartSet,
    attacker: Role,
    column: &str,
    modifiers: &[(String, i64)],
    paratroops_in_enemy_hex: bool,
) -> Result<Explained<String>, AwwError> {
    let mut work = Working::new();
    let faces = d6(dice, format!("combat at {column}"), attacker);
    let total = work.take(modified_roll(&faces, modifiers));
    let reading = work.take(charts.read_roll(CRT, total, column)?);
    let code = reading.cell.to_string();
    let result = work.take(result_for(&code, paratroops_in_enemy_hex));
    Ok(work.done(result))
}

#[cfg(test)]
#[path = "procedures_tests.rs"]
mod tests;
