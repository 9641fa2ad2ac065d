//! The pre-battle sheet: each side's starting Force Morale, rolled by the server from the
//! campaign's Force Morale table with every modifier listed (R2 exhaustion, R3 smaller forces,
//! R5.4 Darkness).

use super::battle::BattleStatus;
use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::Light;
use super::state::WonsState;
use super::tables::force_morale::{
    ForceMoraleStart, ForceMoraleTable, SmallerForce, force_morale_start,
};
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::domain::Side;
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
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Soviet => "Soviet",
        Side::Finnish => "Finnish",
    }
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
    let found = state
        .battles
        .iter()
        .find(|b| b.id == battle)
        .ok_or(SheetError::UnknownBattle(battle))?;
    if found.status != BattleStatus::Pending {
        return Err(SheetError::Decided(battle));
    }
    if found.sheets.iter().any(|s| s.side == side) {
        return Err(SheetError::AlreadyRolled(side_word(side), battle));
    }
    let force: Vec<_> = found
        .attackers
        .iter()
        .chain(&found.defenders)
        .filter_map(|id| state.platoons.get(id))
        .filter(|p| p.side == side)
        .collect();
    if force.is_empty() {
        return Err(SheetError::NotInBattle(side_word(side), battle));
    }
    let exhaustion = force.iter().map(|p| p.exhaustion()).max().unwrap_or(0);
    let sections: usize = force.iter().map(|p| p.toe.sections()).sum();
    let size = smaller_force(sections);
    let darkness = state.clock.light(found.hour) == Light::Darkness;
    let names: Vec<&str> = force.iter().map(|p| p.name.as_str()).collect();
    let purpose = format!(
        "Starting Force Morale of the {} force ({}) in battle {battle} (R2, R3, R5.4)",
        side_word(side),
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
        side_word(side),
        start.value,
        start.result,
        if listed.is_empty() {
            String::new()
        } else {
            format!(", {}", listed.join(", "))
        }
    );
    let hour = state.hour;
    if let Some(b) = state.battles.iter_mut().find(|b| b.id == battle) {
        b.sheets.push(BattleSheet {
            side,
            force_morale: start,
            exhaustion,
            smaller_force: size,
            darkness,
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
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;
    use crate::rules::wons::battle::demo_with_battle;

    fn battle_state(hour: u32, fatigue: u32) -> WonsState {
        let mut state = demo_with_battle(hour, BattleStatus::Pending);
        if let Some(p) = state.platoons.get_mut("sov-1") {
            p.fatigue = fatigue;
        }
        state
    }

    fn daylight_hour(state: &WonsState) -> u32 {
        (0..48)
            .find(|h| state.clock.light(*h) == Light::Daylight)
            .expect("a daylight hour")
    }

    #[test]
    fn force_size_from_sections_at_each_edge() {
        assert_eq!(smaller_force(0), SmallerForce::OneSection);
        assert_eq!(smaller_force(1), SmallerForce::OneSection);
        assert_eq!(smaller_force(2), SmallerForce::TwoSections);
        assert_eq!(smaller_force(3), SmallerForce::FullPlatoon);
        assert_eq!(smaller_force(4), SmallerForce::FullPlatoon);
    }

    #[test]
    fn every_modifier_is_listed_and_applied() {
        let probe = battle_state(0, 0);
        let day = daylight_hour(&probe);
        let night = (0..48)
            .find(|h| probe.clock.light(*h) == Light::Darkness)
            .expect("a dark hour");
        let sections = probe.platoons["sov-1"].toe.sections();

        // Daylight, fresh: the table's result less only the size modifier, if any.
        let mut state = battle_state(day, 0);
        let mut dice = ScriptedDice::new([6]);
        roll_starting_force_morale(
            &mut state,
            1,
            Side::Soviet,
            &ForceMoraleTable::DEFAULT,
            &mut dice,
        )
        .expect("rolls");
        let sheet = &state.battles[0].sheets[0];
        assert_eq!(sheet.force_morale.result, 11);
        assert_eq!(sheet.smaller_force, smaller_force(sections));
        assert!(!sheet.darkness);
        assert!(
            sheet
                .force_morale
                .modifiers
                .iter()
                .all(|m| m.name != "Exhaustion" && m.name != "Darkness")
        );
        assert!(
            dice.rolls[0].purpose.contains("R2, R3, R5.4")
                && dice.rolls[0].purpose.contains("battle 1")
        );

        // Darkness and exhaustion 3 (fatigue 7) together.
        let mut state = battle_state(night, 7);
        let mut dice = ScriptedDice::new([1]);
        let events = roll_starting_force_morale(
            &mut state,
            1,
            Side::Soviet,
            &ForceMoraleTable::DEFAULT,
            &mut dice,
        )
        .expect("rolls");
        let sheet = &state.battles[0].sheets[0];
        let total: i32 = sheet.force_morale.modifiers.iter().map(|m| m.amount).sum();
        assert!(
            sheet
                .force_morale
                .modifiers
                .iter()
                .any(|m| m.name == "Exhaustion" && m.amount == -3)
        );
        assert!(
            sheet
                .force_morale
                .modifiers
                .iter()
                .any(|m| m.amount == -1 && m.name.contains("Darkness"))
        );
        assert_eq!(i32::from(sheet.force_morale.value), (8 + total).max(0));
        assert_eq!(
            events[0].visibility,
            EventVisibility::Soviet,
            "only the Soviets read their sheet"
        );
    }

    #[test]
    fn sheets_are_rolled_once_for_pending_battles_of_the_side() {
        let mut state = battle_state(0, 0);
        let table = ForceMoraleTable::DEFAULT;
        let mut dice = ScriptedDice::new([3, 4]);
        roll_starting_force_morale(&mut state, 1, Side::Finnish, &table, &mut dice).expect("rolls");
        assert_eq!(
            roll_starting_force_morale(&mut state, 1, Side::Finnish, &table, &mut dice),
            Err(SheetError::AlreadyRolled("Finnish", 1))
        );
        assert_eq!(
            roll_starting_force_morale(&mut state, 2, Side::Finnish, &table, &mut dice),
            Err(SheetError::UnknownBattle(2))
        );
        state.battles[0].status = BattleStatus::Decided {
            winner: Side::Finnish,
            turns: 4,
        };
        assert_eq!(
            roll_starting_force_morale(&mut state, 1, Side::Soviet, &table, &mut dice),
            Err(SheetError::Decided(1))
        );
        assert_eq!(dice.remaining(), 1, "refusals roll nothing");
    }
}
