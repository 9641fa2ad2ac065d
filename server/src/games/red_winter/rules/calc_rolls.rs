//! Rolls the players made themselves, read as the text says (10.4, 11.1, 11.3, 13.3, 16.3): the
//! Ranged Attack total and its result band, AT Fire hits, and the Recovery and Sub-Zero Loss
//! rolls with their modifiers. Each face must be a die's.

use super::calc_resources::die_face;
use super::error::RulesError;
use super::procedures::{AtRange, RangedAttack, at_modifiers, ranged_modifiers};
use super::procedures_charts::{Recovery, SubZero, recovery_modifiers, sub_zero_modifiers};
use crate::games::assisted::calc::{Explained, Working, modified_roll};
use serde::{Deserialize, Serialize};

/// A modifier the players enter (a row of the RAT's or ATFT's modifiers, the target's density).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Modifier {
    /// Why it applies.
    pub reason: String,
    /// The modifier.
    pub drm: i64,
}

/// Checks `faces` are `needed` dice, each 1 to 6.
fn dice(faces: &[u32], needed: usize, rule: &'static str) -> Result<(), RulesError> {
    if faces.len() != needed {
        return Err(RulesError::DiceCount {
            needed,
            given: faces.len(),
            rule,
        });
    }
    for &face in faces {
        die_face(face)?;
    }
    Ok(())
}

fn entered(extra: &[Modifier]) -> impl Iterator<Item = (String, i64)> + '_ {
    extra.iter().map(|m| (m.reason.clone(), m.drm))
}

/// What the text says a Ranged Attack total does (10.4 to 10.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RangedBand {
    /// 13 or less.
    NoEffect,
    /// 14 to 16: the hex is Suppressed.
    Suppressed,
    /// 17 or more: Suppressed and at least one step reduction (the entered RAT says how many).
    SuppressedAndStep,
}

/// A Ranged Attack's modified total (10.4): the two dice, the firer's RAS, spotting, a Dug-In
/// target, night, and the entered modifiers; 14 suppresses and 17 also costs a step.
pub fn ranged_total(
    fire: &RangedAttack,
    faces: &[u32],
    extra: &[Modifier],
) -> Result<Explained<(i64, RangedBand)>, RulesError> {
    dice(faces, 2, "10.4")?;
    let mut modifiers = ranged_modifiers(fire);
    modifiers.extend(entered(extra));
    let mut work = Working::new();
    let total = work.take(modified_roll(faces, &modifiers));
    let band = match total {
        ..=13 => RangedBand::NoEffect,
        14..=16 => RangedBand::Suppressed,
        _ => RangedBand::SuppressedAndStep,
    };
    work.step(match band {
        RangedBand::NoEffect => format!("{total} is 13 or less: no effect (10.4)"),
        RangedBand::Suppressed => format!("{total} is 14 or more: Suppressed (10.4.1)"),
        RangedBand::SuppressedAndStep => format!(
            "{total} is 17 or more: Suppressed and a step reduction, never from armor (10.4.2)"
        ),
    });
    Ok(work.done((total, band)))
}

/// AT Fire hits (11.1, 11.3): one die per step of the gun, each modified by its range (+1
/// adjacent, +2 against an Assault) and the entered ATFT modifiers; a modified 5 or 6 hits.
pub fn at_hits(
    gun: &str,
    steps: u32,
    range: AtRange,
    faces: &[u32],
    extra: &[Modifier],
) -> Result<Explained<u32>, RulesError> {
    if steps == 0 {
        return Err(RulesError::NoSteps { unit: gun.into() });
    }
    dice(faces, steps as usize, "11.1")?;
    let mut modifiers = at_modifiers(range);
    modifiers.extend(entered(extra));
    let mut work = Working::new();
    work.step(format!(
        "{gun} has {steps} step(s) and rolls {steps} die/dice (11.1)"
    ));
    let mut hits = 0;
    for &face in faces {
        let total = work.take(modified_roll(&[face], &modifiers));
        if total >= 5 {
            hits += 1;
            work.step(format!("{total}: a hit, one step off the target (11.1)"));
        } else {
            work.step(format!("{total}: a miss"));
        }
    }
    work.step(format!("{gun} scores {hits} hit(s)"));
    Ok(work.done(hits))
}

/// A Recovery roll modified as the text says (13.3), for the entered Recovery Table.
pub fn recovery_total(attempt: &Recovery, face: u32) -> Result<Explained<i64>, RulesError> {
    dice(&[face], 1, "13.3")?;
    Ok(modified_roll(&[face], &recovery_modifiers(attempt)))
}

/// A Sub-Zero Loss roll modified as the text says (16.3), for the entered SZLT.
pub fn sub_zero_total(roll: &SubZero, face: u32) -> Result<Explained<i64>, RulesError> {
    dice(&[face], 1, "16.3")?;
    Ok(modified_roll(&[face], &sub_zero_modifiers(roll)))
}

#[cfg(test)]
#[path = "calc_rolls_tests.rs"]
mod tests;
