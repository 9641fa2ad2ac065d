//! The dice procedures whose tables the players enter (II.3.3 to II.3.5): Recovery, the Sub-Zero
//! Loss Table and the Finnish Night Raid Table, with the modifiers the text gives.

use super::charts::{FNRT, FNRT_DRM, RECOVERY, SZLT, entered_modifiers};
use super::error::RulesError;
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::assisted::calc::{Explained, Working, modified_roll};
use crate::games::assisted::chart_set::{ChartSet, Reading};
use crate::games::assisted::charts::Cell;
use serde::{Deserialize, Serialize};

fn one_die(dice: &mut dyn Dice, purpose: String, side: Side) -> Vec<u32> {
    dice.roll(RollSpec::d6s(purpose, side.role(), Visibility::Public, 1))
}

/// A Recovery attempt by a reduced infantry company (13.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Recovery {
    /// The company.
    pub unit: String,
    /// Its side.
    pub side: Side,
    /// It is out of supply: −1 (13.3, 15.1).
    #[serde(default)]
    pub out_of_supply: bool,
    /// A night turn: +1 (16.0).
    #[serde(default)]
    pub night: bool,
    /// Stacked with Pajari: +1 (12.3).
    #[serde(default)]
    pub pajari: bool,
    /// Its side has the morale bonus this turn: +1.
    #[serde(default)]
    pub morale_bonus: bool,
}

/// A Recovery roll (13.3): 1d6 with its modifiers on the entered Recovery Table; a success
/// flips the company to full strength at once.
pub fn recovery(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    attempt: &Recovery,
) -> Result<Explained<(Reading, bool)>, RulesError> {
    charts.current(RECOVERY)?;
    let modifiers = recovery_modifiers(attempt);
    let mut work = Working::new();
    let faces = one_die(
        dice,
        format!("{} Recovery (13.3)", attempt.unit),
        attempt.side,
    );
    let total = work.take(modified_roll(&faces, &modifiers));
    let reading = work.take(charts.read_roll(RECOVERY, total, "result")?);
    let recovered = reading.cell.to_string() == "recovered";
    work.step(if recovered {
        format!("{} recovers and flips to full strength", attempt.unit)
    } else {
        format!("{} stays reduced", attempt.unit)
    });
    Ok(work.done((reading, recovered)))
}

/// The Recovery modifiers the text gives (13.3, 16.0, 12.3, 8.3 case 8): −1 out of supply, +1
/// at night, +1 with Pajari, +1 for the side with the morale bonus.
pub fn recovery_modifiers(attempt: &Recovery) -> Vec<(String, i64)> {
    [
        (attempt.out_of_supply, "out of supply (13.3)", -1),
        (attempt.night, "night turn (16.0)", 1),
        (attempt.pajari, "stacked with Pajari (12.3)", 1),
        (attempt.morale_bonus, "morale bonus", 1),
    ]
    .into_iter()
    .filter(|(applies, _, _)| *applies)
    .map(|(_, reason, drm)| (reason.to_string(), drm))
    .collect()
}

/// The Sub-Zero Loss modifiers (16.3): −1 on a frozen lake, +1 always for the Finns.
pub fn sub_zero_modifiers(roll: &SubZero) -> Vec<(String, i64)> {
    let mut modifiers = Vec::new();
    if roll.on_frozen_lake {
        modifiers.push(("on a frozen lake (16.3)".to_string(), -1));
    }
    if roll.side == Side::Finnish {
        modifiers.push(("Finnish units (16.3)".to_string(), 1));
    }
    modifiers
}

/// One Sub-Zero Loss roll (16.3): a stack, or a unit under a Night Raid marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SubZero {
    /// The stack's hex or the unit, as shown in the log.
    pub who: String,
    /// Its side.
    pub side: Side,
    /// On a frozen lake: −1.
    #[serde(default)]
    pub on_frozen_lake: bool,
}

/// A Sub-Zero Loss roll (16.3): 1d6, −1 on frozen lake, +1 for the Finns, on the entered SZLT's
/// column for the side; the result is step reductions the owner spreads within the stack.
pub fn sub_zero(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    roll: &SubZero,
) -> Result<Explained<(Reading, u32)>, RulesError> {
    charts.current(SZLT)?;
    let modifiers = sub_zero_modifiers(roll);
    let mut work = Working::new();
    let faces = one_die(
        dice,
        format!("{} Sub-Zero Loss (16.3)", roll.who),
        roll.side,
    );
    let total = work.take(modified_roll(&faces, &modifiers));
    let column = match roll.side {
        Side::Soviet => "soviet",
        Side::Finnish => "finnish",
    };
    let reading = work.take(charts.read_roll(SZLT, total, column)?);
    let steps = match reading.cell {
        Cell::Number { value } => u32::try_from(value).unwrap_or(0),
        _ => 0,
    };
    work.step(format!(
        "{} loses {steps} step(s) to the cold, spread by its owner",
        roll.who
    ));
    Ok(work.done((reading, steps)))
}

/// A Finnish Night Raid as designated before its roll (16.4 steps 1 and 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NightRaid {
    /// The raiding full-strength infantry companies, 1 to 3.
    pub raiders: Vec<String>,
    /// The target hex.
    pub target: String,
    /// Pajari goes with them: +2 (12.3).
    #[serde(default)]
    pub pajari: bool,
    /// Entered FNRT modifiers that apply (rows of `fnrt_drm`).
    #[serde(default)]
    pub conditions: Vec<String>,
}

/// What the FNRT said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "found", rename_all = "snake_case")]
pub enum RaidFinding {
    /// The raiders got lost: no attack.
    Lost,
    /// The raiders found the target: the attack takes this shift and no other (16.4).
    Found {
        /// Columns, right positive.
        shift: i64,
    },
}

fn finding(code: &str) -> RaidFinding {
    let columns = |n: &str| n.parse::<i64>().unwrap_or(0);
    if code == "lost" {
        RaidFinding::Lost
    } else if let Some(n) = code.strip_suffix('R') {
        RaidFinding::Found { shift: columns(n) }
    } else if let Some(n) = code.strip_suffix('L') {
        RaidFinding::Found { shift: -columns(n) }
    } else {
        RaidFinding::Found { shift: 0 }
    }
}

/// The FNRT roll of a Night Raid (16.4 step 3): only on a night turn, once per night, by one
/// to three companies; 1d6 plus the modifiers beneath the table and 2 for Pajari.
pub fn night_raid(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    raid: &NightRaid,
    night: bool,
    raid_made: bool,
) -> Result<Explained<(Reading, RaidFinding)>, RulesError> {
    if !night {
        return Err(RulesError::RaidByDay);
    }
    if raid_made {
        return Err(RulesError::RaidAlreadyMade);
    }
    if !(1..=3).contains(&raid.raiders.len()) {
        return Err(RulesError::RaidersCount {
            count: raid.raiders.len(),
        });
    }
    charts.current(FNRT)?;
    let mut modifiers = entered_modifiers(charts, FNRT_DRM, &raid.conditions)?;
    if raid.pajari {
        modifiers.push(("Pajari leads the raid (12.3)".to_string(), 2));
    }
    let mut work = Working::new();
    work.step(format!(
        "{} raid {} (16.4)",
        raid.raiders.join(", "),
        raid.target
    ));
    let faces = one_die(
        dice,
        format!("Night Raid on {} (16.4)", raid.target),
        Side::Finnish,
    );
    let total = work.take(modified_roll(&faces, &modifiers));
    let reading = work.take(charts.read_roll(FNRT, total, "result")?);
    let found = finding(&reading.cell.to_string());
    work.step(match found {
        RaidFinding::Lost => "the raiders are lost: no attack (16.4)".to_string(),
        RaidFinding::Found { shift } => format!(
            "the raiders find the target and attack with a shift of {shift:+} columns and no other (16.4)"
        ),
    });
    Ok(work.done((reading, found)))
}

#[cfg(test)]
#[path = "procedures_charts_tests.rs"]
mod tests;
