//! Finnish harassment (rule 6.2) and its three result bands with every modifier.

use super::fixtures::{at, put, space, turn_one};
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::harassment::{HarassmentResult, harassment_result};
use crate::games::talvisota::rules::state::{GameOptions, Phase, TalvisotaState, UnitLocation};
use crate::games::talvisota::rules::{EventKind, InfiltrationOrder, harass};

fn harassment_phase() -> TalvisotaState {
    let mut s = turn_one(GameOptions::default());
    s.phase = Phase::Harassment;
    s
}

fn order(space: &str, units: &[&str], stay: bool) -> InfiltrationOrder {
    InfiltrationOrder {
        space: space.into(),
        units: units.iter().map(|u| u.to_string()).collect(),
        stay,
    }
}

fn run(
    s: &mut TalvisotaState,
    o: InfiltrationOrder,
    die: u32,
) -> crate::games::talvisota::rules::harassment::HarassmentReport {
    let mut dice = ScriptedDice::new([die]);
    let events = harass(s, Some(o), &mut dice).expect("harassment accepted");
    assert_eq!(s.phase, Phase::EndOfTurn);
    events
        .into_iter()
        .find_map(|e| match e.kind {
            EventKind::Harassment(r) => Some(r),
            _ => None,
        })
        .expect("report")
}

#[test]
fn thresholds() {
    assert_eq!(harassment_result(6), HarassmentResult::Success);
    assert_eq!(harassment_result(9), HarassmentResult::Success);
    assert_eq!(harassment_result(5), HarassmentResult::Partial);
    assert_eq!(harassment_result(4), HarassmentResult::Partial);
    assert_eq!(harassment_result(3), HarassmentResult::Failure);
    assert_eq!(harassment_result(-2), HarassmentResult::Failure);
}

#[test]
fn success_on_a_marked_space_costs_two_plus_value_and_breaks_the_line() {
    let mut s = harassment_phase();
    s.possession_markers[0] = Some("kakisalmi".into());
    // Käkisalmi (value 2): 3 scouts + die 3 = 6; no Soviet unit in or next to it.
    let r = run(
        &mut s,
        order("kakisalmi", &["fi-sct-1", "fi-sct-2", "fi-sct-3"], true),
        3,
    );
    assert_eq!((r.total, r.result), (6, HarassmentResult::Success));
    assert_eq!(s.soviet_morale, 23 - 2 - 2);
    assert_eq!(s.possession_markers[0], None);
    assert_eq!(at(&s, "fi-sct-1"), space("kakisalmi"));
    assert_eq!(
        s.infiltration.as_ref().map(|i| i.space.as_str()),
        Some("kakisalmi")
    );
}

#[test]
fn soviet_units_in_and_next_to_the_space_count() {
    let mut s = harassment_phase();
    put(&mut s, "su-fus-1", "terijoki");
    put(&mut s, "su-fus-2", "leningrad");
    put(&mut s, "su-fus-3", "leningrad");
    put(&mut s, "su-fus-4", "summa");
    // 1 scout + die 6 − 2 (one unit in Terijoki) − 3 (three in adjacent spaces) = 2.
    let r = run(&mut s, order("terijoki", &["fi-sct-1"], true), 6);
    let amounts: Vec<i32> = r.modifiers.iter().map(|m| m.amount).collect();
    assert_eq!(amounts, vec![1, -2, -3]);
    assert_eq!((r.total, r.result), (2, HarassmentResult::Failure));
    assert_eq!(s.finnish_morale, 18);
    assert_eq!(at(&s, "fi-sct-1"), UnitLocation::Losses(1));
}

#[test]
fn partial_costs_the_soviets_one_and_the_finns_a_scout() {
    let mut s = harassment_phase();
    put(&mut s, "su-fus-1", "terijoki");
    // 2 scouts + 5 − 2 − 0 = 5.
    let r = run(
        &mut s,
        order("terijoki", &["fi-sct-2", "fi-sct-1"], true),
        5,
    );
    assert_eq!((r.total, r.result), (5, HarassmentResult::Partial));
    assert_eq!(s.soviet_morale, 22);
    assert_eq!(at(&s, "fi-sct-2"), UnitLocation::Losses(1));
    assert_eq!(at(&s, "fi-sct-1"), UnitLocation::Sheet);
    assert!(s.infiltration.is_none(), "scouts stay only after a success");
}

#[test]
fn only_scouts_and_only_soviet_held_finnish_spaces() {
    let mut s = harassment_phase();
    put(&mut s, "su-fus-1", "terijoki");
    let mut dice = ScriptedDice::new([]);
    assert!(
        harass(
            &mut s.clone(),
            Some(order("terijoki", &["fi-div-1"], false)),
            &mut dice
        )
        .is_err()
    );
    assert!(
        harass(
            &mut s.clone(),
            Some(order("summa", &["fi-sct-1"], false)),
            &mut dice
        )
        .is_err()
    );
    assert!(
        harass(
            &mut s.clone(),
            Some(order("leningrad", &["fi-sct-1"], false)),
            &mut dice
        )
        .is_err()
    );
    assert!(
        harass(
            &mut s.clone(),
            Some(order(
                "terijoki",
                &["fi-sct-1", "fi-sct-2", "fi-sct-3", "fi-sct-1"],
                false
            )),
            &mut dice
        )
        .is_err()
    );
    harass(&mut s, None, &mut dice).expect("passing is allowed");
    assert_eq!(s.phase, Phase::EndOfTurn);
}
