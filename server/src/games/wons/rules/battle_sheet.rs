//! The pre-battle sheet: each side's starting Force Morale, rolled by the server from the
//! campaign's Force Morale table with every modifier listed (R2 exhaustion, R3 smaller forces
//! and blue dice, R5.4 Darkness); the surprise the umpire sets (R4); the Soviet reconnaissance's
//! Turn Zero (R1.4.3).

use super::battle::BattleStatus;
use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::Light;
use super::state::WonsState;
use super::tables::force_morale::{
    ForceMoraleStart, ForceMoraleTable, SmallerForce, blue_dice, force_morale_start,
};
use super::tables::surprise::{SurpriseEffect, SurpriseLevel, recon_succeeded, surprise_effect};
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// One side's sheet for one battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSheet {
    /// Whose sheet.
    pub side: Side,
    /// The starting Force Morale, with the die, the table's result and every modifier.
    pub force_morale: ForceMoraleStart,
    /// The exhaustion used: that of the side's most exhausted platoon in the battle.
    pub exhaustion: u32,
    /// The force's size for the smaller-forces rule.
    pub smaller_force: SmallerForce,
    /// Whether the battle is fought in Darkness.
    pub darkness: bool,
    /// Command dice replaced by blue dice for the force's size (R3).
    #[serde(default)]
    pub blue_dice: u8,
}

/// The command dice a force rolls before surprise or size change them (Chain of Command's five).
pub const COMMAND_DICE: u32 = 5;

/// The surprise one side suffers at the start of a battle (R4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Surprise {
    /// The surprised side.
    pub surprised: Side,
    /// How badly.
    pub level: SurpriseLevel,
    /// Why: the umpire's reading of the situation, or the interrogation that won it.
    pub reason: String,
    /// What it does to five command dice.
    pub effect: SurpriseEffect,
}

/// What happened in the Soviet reconnaissance's Turn Zero (R1.4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TurnZeroReport {
    /// Finnish units that deployed onto the table.
    pub finnish_units_deployed: u32,
    /// The recon unit was wiped out or captured.
    #[serde(default)]
    pub wiped_out_or_captured: bool,
    /// Its men killed (a tracked resource).
    #[serde(default)]
    pub killed: u32,
    /// Its men wounded.
    #[serde(default)]
    pub wounded: u32,
}

/// A Turn Zero as recorded, with its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnZero {
    /// The recon unit.
    pub unit: String,
    /// What happened.
    pub report: TurnZeroReport,
    /// At least two Finnish units deployed and the unit survived.
    pub succeeded: bool,
    /// On success, the 1d6 phases of Turn 1 with one extra Soviet command die.
    pub extra_die_phases: Option<u32>,
}

/// Why a sheet could not be drawn up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    /// No such battle.
    #[error("There is no battle {0}")]
    UnknownBattle(u32),
    /// The battle has been fought.
    #[error("Battle {0} has been fought; its sheets are closed")]
    Decided(u32),
    /// The side has no platoon in the battle.
    #[error("The {0} side has no platoon in battle {1}")]
    NotInBattle(&'static str, u32),
    /// Already rolled.
    #[error("The {0} starting Force Morale for battle {1} has been rolled already")]
    AlreadyRolled(&'static str, u32),
    /// The pack turns the rule off.
    #[error(
        "This campaign plays without the optional rule '{0}' ({1}); its scenario pack turns it off"
    )]
    RuleOff(&'static str, &'static str),
    /// No recon unit was sent ahead.
    #[error("No Soviet reconnaissance unit was bought for a Turn Zero in battle {0} (R1.4.3)")]
    NoTurnZero(u32),
    /// Recorded already.
    #[error("The Turn Zero of battle {0} has been recorded already")]
    TurnZeroRecorded(u32),
}

/// Why a Force Morale table is refused, if it is: every result from 1 to 20.
pub fn check_force_morale_table(table: &ForceMoraleTable) -> Result<(), String> {
    if table.by_face.iter().all(|r| (1..=20).contains(r)) {
        Ok(())
    } else {
        Err(
            "Give six Force Morale results, one for each face of the die, each from 1 to 20."
                .into(),
        )
    }
}

/// The umpire sets the campaign's Force Morale table; sheets rolled from now on use it.
pub fn set_force_morale_table(
    state: &mut WonsState,
    table: ForceMoraleTable,
) -> Result<Vec<Event>, String> {
    check_force_morale_table(&table)?;
    state.force_morale_table = table;
    let faces: Vec<String> = table
        .by_face
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{}→{r}", i + 1))
        .collect();
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Battle,
        format!(
            "The umpire set the campaign's Force Morale table: {}.",
            faces.join(", ")
        ),
    )])
}

/// The pending battle `battle`.
fn pending(state: &WonsState, battle: u32) -> Result<&super::battle::Battle, SheetError> {
    let found = state
        .battle(battle)
        .ok_or(SheetError::UnknownBattle(battle))?;
    if found.status != BattleStatus::Pending {
        return Err(SheetError::Decided(battle));
    }
    Ok(found)
}

/// The umpire sets (or with `None` clears) the surprise of battle `battle` from the situation
/// table (R4). Both sides read it: the table needs it.
pub fn set_surprise(
    state: &mut WonsState,
    battle: u32,
    surprise: Option<(Side, SurpriseLevel)>,
    reason: &str,
) -> Result<Vec<Event>, SheetError> {
    pending(state, battle)?;
    if surprise.is_some() && !state.rule_on("surprise") {
        return Err(SheetError::RuleOff("surprise", "R4"));
    }
    let sentence = match surprise {
        Some((side, level)) => {
            let effect = surprise_effect(level, COMMAND_DICE);
            format!(
                "Battle {battle}: the {} force starts surprised (R4, {}){}: {}.",
                side.adjective(),
                level_words(level),
                if reason.trim().is_empty() {
                    String::new()
                } else {
                    format!(", because {}", reason.trim())
                },
                effect_words(&effect)
            )
        }
        None => format!("Battle {battle}: neither force starts surprised."),
    };
    if let Some(b) = state.battle_mut(battle) {
        b.surprise = surprise.map(|(surprised, level)| Surprise {
            surprised,
            level,
            reason: reason.trim().to_owned(),
            effect: surprise_effect(level, COMMAND_DICE),
        });
    }
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Battle,
        sentence,
    )])
}

/// The situation of a surprise level, in words.
pub fn level_words(level: SurpriseLevel) -> &'static str {
    match level {
        SurpriseLevel::Sleeping => "sleeping, no sentries",
        SurpriseLevel::TotallySurprised => "totally surprised, no sentries or lookouts",
        SurpriseLevel::SentriesAwayFromFront => "sentries away from the front line",
        SurpriseLevel::SentriesInFrontLine => "sentries in the front line, or warned",
        SurpriseLevel::HeightenedAwareness => "heightened awareness",
    }
}

/// What a surprise does at the table, in words.
pub fn effect_words(effect: &SurpriseEffect) -> String {
    let mut text = format!(
        "{} command dice, {} of them blue",
        effect.command_dice.max(0),
        effect.blue_dice
    );
    if effect.guard_teams_per_platoon > 0 {
        text.push_str(&format!(
            ", {} two-man guard teams per platoon",
            effect.guard_teams_per_platoon
        ));
    }
    text.push_str("; after 1d6 phases, and every 1d6 phases after, a 4–6 turns one blue die normal, for Turn 1 only");
    text
}

/// Records the Turn Zero of battle `battle`'s Soviet recon unit (R1.4.3): on success the server
/// rolls the 1d6 phases of Turn 1 in which the main force has one extra command die.
pub fn record_turn_zero(
    state: &mut WonsState,
    battle: u32,
    report: &TurnZeroReport,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, SheetError> {
    let found = pending(state, battle)?;
    if !state.rule_on("reconnaissance") {
        return Err(SheetError::RuleOff("reconnaissance", "R1.4.3"));
    }
    if found.turn_zero.is_some() {
        return Err(SheetError::TurnZeroRecorded(battle));
    }
    let unit = found
        .support
        .iter()
        .filter(|s| s.side == Side::Soviet)
        .flat_map(|s| &s.purchases)
        .find(|p| p.turn_zero)
        .map(|p| p.name.clone())
        .ok_or(SheetError::NoTurnZero(battle))?;
    let succeeded = recon_succeeded(report.finnish_units_deployed, report.wiped_out_or_captured);
    let extra_die_phases = succeeded.then(|| {
        let purpose = format!(
            "Phases of Turn 1 with an extra Soviet command die after the Turn Zero of battle {battle} (R1.4.3)"
        );
        dice.roll(RollSpec::d6s(purpose, Role::Umpire, Visibility::Public, 1))
            .first()
            .copied()
            .unwrap_or(1)
    });
    let sentence = format!(
        "Turn Zero of battle {battle}: the Soviet {unit} made {} Finnish unit(s) deploy{}, losing {} killed and {} wounded; {}.",
        report.finnish_units_deployed,
        if report.wiped_out_or_captured {
            " and was wiped out or captured"
        } else {
            ""
        },
        report.killed,
        report.wounded,
        match extra_die_phases {
            Some(n) => format!(
                "it succeeded: the main Soviet force has one extra command die on the first {n} phase(s) of Turn 1"
            ),
            None => "it failed: no extra command die".to_owned(),
        }
    );
    if let Some(b) = state.battle_mut(battle) {
        b.turn_zero = Some(TurnZero {
            unit,
            report: report.clone(),
            succeeded,
            extra_die_phases,
        });
    }
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Battle,
        sentence,
    )])
}

/// **Interpretation**: the force's size is read from the sections of all its platoons in the
/// battle, as their TOE stands when the sheet is drawn up: three or more sections is a full
/// platoon, two is a two-section force, fewer is a one-section force.
pub fn smaller_force(sections: usize) -> SmallerForce {
    match sections {
        0 | 1 => SmallerForce::OneSection,
        2 => SmallerForce::TwoSections,
        _ => SmallerForce::FullPlatoon,
    }
}

/// Rolls `side`'s starting Force Morale for battle `battle` and keeps it on the battle.
/// **Interpretation**: with several platoons, the most exhausted one's exhaustion applies.
pub fn roll_starting_force_morale(
    state: &mut WonsState,
    battle: u32,
    side: Side,
    table: &ForceMoraleTable,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, SheetError> {
    let found = pending(state, battle)?;
    if found.sheets.iter().any(|s| s.side == side) {
        return Err(SheetError::AlreadyRolled(side.adjective(), battle));
    }
    let force: Vec<_> = found
        .attackers
        .iter()
        .chain(&found.defenders)
        .filter_map(|id| state.platoons.get(id))
        .filter(|p| p.side == side)
        .collect();
    if force.is_empty() {
        return Err(SheetError::NotInBattle(side.adjective(), battle));
    }
    let exhaustion = force.iter().map(|p| p.exhaustion()).max().unwrap_or(0);
    let sections: usize = force.iter().map(|p| p.toe.sections()).sum();
    let size = if state.rule_on("smaller_forces") {
        smaller_force(sections)
    } else {
        SmallerForce::FullPlatoon
    };
    let darkness = state.clock.light(found.hour) == Light::Darkness;
    let names: Vec<&str> = force.iter().map(|p| p.name.as_str()).collect();
    let purpose = format!(
        "Starting Force Morale of the {} force ({}) in battle {battle} (R2, R3, R5.4)",
        side.adjective(),
        names.join(", ")
    );
    let die = dice
        .roll(RollSpec::d6s(purpose, side.role(), Visibility::Side, 1))
        .first()
        .copied()
        .unwrap_or(1);
    let start = force_morale_start(
        die,
        table,
        u8::try_from(exhaustion).unwrap_or(u8::MAX),
        size,
        darkness,
    );
    let listed: Vec<String> = start
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.name, m.amount))
        .collect();
    let sentence = format!(
        "The {} force in battle {battle} starts with Force Morale {}: rolled {die}, table {}{}.",
        side.adjective(),
        start.value,
        start.result,
        if listed.is_empty() {
            String::new()
        } else {
            format!(", {}", listed.join(", "))
        }
    );
    let hour = state.hour;
    if let Some(b) = state.battle_mut(battle) {
        b.sheets.push(BattleSheet {
            side,
            force_morale: start,
            exhaustion,
            smaller_force: size,
            darkness,
            blue_dice: blue_dice(size),
        });
    }
    Ok(vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Battle,
        sentence,
    )])
}

#[cfg(test)]
#[path = "battle_sheet_tests.rs"]
mod tests;
