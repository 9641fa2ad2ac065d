//! A hero's fate (R1.4.2): hits, wounds and death, capture and escape, rolled with the dice.

use super::heroes::{Hero, HeroError, HeroStatus};
use super::tables::heroes::{HeroHit, hero_hit};
use crate::core::domain::Role;
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// What a roll did to a hero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FateOutcome {
    /// Wounded: out of action for the rest of the Turn.
    Wounded,
    /// Killed.
    Killed,
    /// Taken prisoner.
    Captured,
    /// Got away when the enemy closed in.
    EvadedCapture,
    /// Escaped from captivity and rejoined his platoon.
    Escaped,
    /// Tried to escape and failed; still a prisoner.
    EscapeFailed,
}

impl FateOutcome {
    /// The status he has afterwards.
    pub fn status(self) -> HeroStatus {
        match self {
            FateOutcome::Killed => HeroStatus::Killed,
            FateOutcome::Captured | FateOutcome::EscapeFailed => HeroStatus::Captured,
            FateOutcome::Wounded | FateOutcome::EvadedCapture | FateOutcome::Escaped => {
                HeroStatus::Serving
            }
        }
    }

    /// The code stored in the service record.
    pub fn code(self) -> &'static str {
        match self {
            FateOutcome::Wounded => "wounded",
            FateOutcome::Killed => "killed",
            FateOutcome::Captured => "captured",
            FateOutcome::EvadedCapture => "evaded_capture",
            FateOutcome::Escaped => "escaped",
            FateOutcome::EscapeFailed => "escape_failed",
        }
    }
}

/// One roll of a hero's fate: the die, what it did, and a sentence for the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FateRoll {
    /// The die rolled, or none when the table's own result was recorded (leader heroes).
    pub die: Option<u32>,
    /// What it did.
    pub outcome: FateOutcome,
    /// What happened, for people.
    pub sentence: String,
}

fn d6(dice: &mut dyn Dice, purpose: String) -> u32 {
    dice.roll(RollSpec::d6s(purpose, Role::Umpire, Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1)
}

fn must_serve(hero: &Hero, status: HeroStatus, what: &str) -> Result<(), HeroError> {
    match status {
        HeroStatus::Serving => Ok(()),
        HeroStatus::Killed => Err(HeroError::NotNow(format!(
            "{} is dead and cannot {what}",
            hero.name
        ))),
        HeroStatus::Captured => Err(HeroError::NotNow(format!(
            "{} is a prisoner and cannot {what}; record an escape attempt instead",
            hero.name
        ))),
    }
}

/// A hit on `hero` in battle `battle` (R1.4.2): 1–3 killed, 4–6 wounded, and a second wound in
/// one game kills him. A leader hero is hit as any leader, on the Chain of Command leader table
/// at the tabletop, so his result is given (`leader_result`) and recorded without a roll; the
/// second-wound rule still applies to him.
pub fn hit(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
    battle: u32,
    wounded_this_battle: bool,
    leader_result: Option<HeroHit>,
) -> Result<FateRoll, HeroError> {
    must_serve(hero, status, "be hit")?;
    let (die, result) = match (hero.leader, leader_result) {
        (false, None) => {
            let purpose = format!("{} hit in battle {battle}: hero hit (R1.4.2)", hero.name);
            let die = d6(dice, purpose);
            (Some(die), hero_hit(die, wounded_this_battle))
        }
        (true, Some(HeroHit::Wounded)) if wounded_this_battle => (None, HeroHit::Killed),
        (true, Some(r)) => (None, r),
        (true, None) => {
            return Err(HeroError::NotNow(format!(
                "{} is a leader and is hit as a leader (R1.4.2): send the result of the leader table as leader_result (killed or wounded)",
                hero.name
            )));
        }
        (false, Some(_)) => {
            return Err(HeroError::NotNow(format!(
                "{} is not a leader: the server rolls his hit (R1.4.2), so send no leader_result",
                hero.name
            )));
        }
    };
    let second = wounded_this_battle && result == HeroHit::Killed && die.is_none_or(|d| d >= 4);
    let how = match die {
        Some(d) => format!("rolled {d}: "),
        None => "leader table: ".to_string(),
    };
    let (outcome, what) = match (result, second) {
        (HeroHit::Killed, true) => (
            FateOutcome::Killed,
            "wounded a second time in this battle and dies",
        ),
        (HeroHit::Killed, false) => (FateOutcome::Killed, "killed"),
        (HeroHit::Wounded, _) => (
            FateOutcome::Wounded,
            "wounded: no actions for the rest of the Turn unless a medic heals him",
        ),
    };
    Ok(FateRoll {
        die,
        outcome,
        sentence: format!(
            "{} hit in battle {battle} ({how}{what}) (R1.4.2).",
            hero.name
        ),
    })
}

/// The enemy closes in on `hero` in battle `battle` (his team wiped out or overrun around him).
///
/// **interpretation**: the seed says a captured hero escapes "like a Leader" but gives no
/// capture roll; motti rolls 1d6 as for a hit: 1–3 taken prisoner, 4–6 he gets back to his
/// own lines.
pub fn capture_attempt(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
    battle: u32,
) -> Result<FateRoll, HeroError> {
    must_serve(hero, status, "be captured")?;
    let purpose = format!(
        "{} in danger of capture in battle {battle}: capture roll (R1.4.2, motti's reading)",
        hero.name
    );
    let die = d6(dice, purpose);
    let (outcome, what) = if die <= 3 {
        (FateOutcome::Captured, "taken prisoner")
    } else {
        (FateOutcome::EvadedCapture, "gets back to his own lines")
    };
    Ok(FateRoll {
        die: Some(die),
        outcome,
        sentence: format!(
            "{} in danger of capture in battle {battle}: rolled {die}, {what} (1-3 captured, R1.4.2, motti's reading).",
            hero.name
        ),
    })
}

/// A captured hero tries to escape (R1.4.2: "like a Leader").
///
/// **interpretation**: the seed gives no escape table; motti rolls 1d6 once per attempt, at
/// most one attempt each Hour, and he escapes on a 6 and rejoins his platoon.
pub fn escape_attempt(
    dice: &mut dyn Dice,
    hero: &Hero,
    status: HeroStatus,
) -> Result<FateRoll, HeroError> {
    if status != HeroStatus::Captured {
        return Err(HeroError::NotNow(format!(
            "{} is not a prisoner, so he has nothing to escape from",
            hero.name
        )));
    }
    let purpose = format!(
        "{} escape attempt (R1.4.2, motti's reading: escapes on a 6)",
        hero.name
    );
    let die = d6(dice, purpose);
    let (outcome, what) = if die == 6 {
        (FateOutcome::Escaped, "escapes and rejoins his platoon")
    } else {
        (FateOutcome::EscapeFailed, "stays a prisoner")
    };
    Ok(FateRoll {
        die: Some(die),
        outcome,
        sentence: format!(
            "{} tries to escape: rolled {die}, {what} (6 escapes, R1.4.2, motti's reading).",
            hero.name
        ),
    })
}
