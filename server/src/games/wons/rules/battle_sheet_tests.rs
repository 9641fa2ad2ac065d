//! Tests of the pre-battle sheet: the starting Force Morale and its modifiers, surprise and the Turn Zero, with scripted dice.

use super::*;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::battle::demo_with_battle;

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
