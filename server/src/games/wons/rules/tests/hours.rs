//! Whole Hours resolved with scripted dice: advance rolls, stacks, works, battles, the clock.

use super::{C, D, E, demo, fatigue, order, place, says, step};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::events::{EventKind, EventVisibility};
use crate::games::wons::rules::hour::HourError;
use crate::games::wons::rules::{Order, WonsState, give_orders, mark_ready, resolve_hour};

fn advance_vanguard(s: &mut WonsState) {
    give_orders(
        s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Advance),
            order("sov-2", Order::Advance),
        ],
    )
    .unwrap();
}

#[test]
fn advance_roll_must_beat_the_most_exhausted_platoon() {
    let mut s = demo();
    s.platoons.get_mut("sov-1").unwrap().fatigue = 4; // Exhaustion 1
    s.platoons.get_mut("sov-2").unwrap().fatigue = 7; // Exhaustion 3
    advance_vanguard(&mut s);
    let mut dice = ScriptedDice::new([3]);
    let events = resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(step(&s, "sov-1"), C, "a roll equal to the Exhaustion fails");
    assert!(says(&events, "rolled 3, not higher than Exhaustion 3"));
    assert!(dice.rolls[0].purpose.contains("vanguard") && dice.rolls[0].purpose.contains("(R2)"));
    // Hour 1 is dark: Advance costs 2.
    assert_eq!((fatigue(&s, "sov-1"), fatigue(&s, "sov-2")), (6, 9));

    // Now Exhaustion 3 (fatigue 9): a 4 beats it.
    advance_vanguard(&mut s);
    let mut dice = ScriptedDice::new([4]);
    resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!((step(&s, "sov-1"), step(&s, "sov-2")), (D, D));
    assert_eq!(dice.remaining(), 0);
}

#[test]
fn fresh_stacks_pass_on_any_roll_and_finns_need_no_roll() {
    let mut s = demo();
    advance_vanguard(&mut s);
    give_orders(&mut s, Side::Finnish, vec![order("fin-3", Order::Advance)]).unwrap();
    let mut dice = ScriptedDice::new([1]);
    resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(step(&s, "sov-1"), D);
    assert_eq!(step(&s, "fin-3"), D);
    assert_eq!(dice.rolls.len(), 1);
}

#[test]
fn stacks_cannot_pass_each_other() {
    let mut s = demo();
    place(&mut s, "sov-3", C);
    place(&mut s, "sov-4", C);
    s.platoons.get_mut("sov-1").unwrap().fatigue = 10; // Exhaustion 4
    advance_vanguard(&mut s);
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-3", Order::Advance),
            order("sov-4", Order::Advance),
        ],
    )
    .unwrap();
    // One roll only: the vanguard fails, the main body may not pass it and rolls nothing.
    let mut dice = ScriptedDice::new([2]);
    let events = resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(dice.rolls.len(), 1);
    for id in ["sov-1", "sov-2", "sov-3", "sov-4"] {
        assert_eq!(step(&s, id), C, "{id}");
    }
    assert!(says(&events, "cannot pass stack vanguard"));

    // Behind a stack on the next step up, a stack may close up to it but no further.
    let mut s = demo();
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-3", Order::Advance),
            order("sov-4", Order::Advance),
        ],
    )
    .unwrap();
    let mut dice = ScriptedDice::new([6]);
    resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(step(&s, "sov-3"), C);
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-3", Order::Advance),
            order("sov-4", Order::Advance),
        ],
    )
    .unwrap();
    let mut dice = ScriptedDice::new([]);
    resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(step(&s, "sov-3"), C);
}

#[test]
fn resolution_waits_for_both_sides_unless_forced_and_defaults_to_defend() {
    let mut s = demo();
    let mut dice = ScriptedDice::new([]);
    assert_eq!(
        resolve_hour(&mut s, &mut dice, false),
        Err(HourError::NotReady("Soviet"))
    );
    mark_ready(&mut s, Side::Soviet, true).unwrap();
    assert_eq!(
        resolve_hour(&mut s, &mut dice, false),
        Err(HourError::NotReady("Finnish"))
    );
    mark_ready(&mut s, Side::Finnish, true).unwrap();
    let events = resolve_hour(&mut s, &mut dice, false).unwrap();
    assert!(says(&events, "they Defend"));
    // Defend in Darkness costs 2.
    assert_eq!(fatigue(&s, "fin-1"), 2);
    assert_eq!(s.hour, 2);
    assert!(!s.orders.soviet.ready && s.orders.soviet.orders.is_empty());
}

#[test]
fn fires_burn_eight_hours_then_stay_hot_four_and_bonfires_last_three() {
    let mut s = demo();
    give_orders(
        &mut s,
        Side::Finnish,
        vec![order("fin-3", Order::BurnBuildings { buildings: vec![] })],
    )
    .unwrap();
    give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-5", Order::BuildBonfire)],
    )
    .unwrap();
    let mut all = Vec::new();
    for _ in 0..13 {
        all.extend(resolve_hour(&mut s, &mut ScriptedDice::new([]), true).unwrap());
    }
    let at = |text: &str| {
        all.iter()
            .filter(|e| e.sentence.contains(text))
            .map(|e| e.hour)
            .collect::<Vec<_>>()
    };
    assert_eq!(at("Barn at E Palkeala has burnt out"), vec![9]);
    assert_eq!(at("Barn at E Palkeala is now cold ruins"), vec![13]);
    assert_eq!(at("bonfire has burnt down"), vec![5]);
    // The Finns set them, the Soviets never came: the news is the Finns' alone.
    assert!(
        all.iter()
            .filter(|e| e.kind == EventKind::Fire)
            .all(|e| e.visibility == EventVisibility::Finnish)
    );
    assert_eq!(
        s.ladder[E]
            .buildings
            .iter()
            .filter(|b| b.fire.is_some())
            .count(),
        3
    );
}

#[test]
fn defend_in_daylight_without_battle_is_free_and_the_clock_labels_hours() {
    let mut s = demo();
    assert_eq!(s.clock.label(1), "Hour 1, 1940-02-11 06:00, Darkness");
    assert_eq!(s.clock.label(4), "Hour 4, 1940-02-11 09:00, Daylight");
    assert_eq!(s.clock.label(11), "Hour 11, 1940-02-11 16:00, Darkness");
    assert_eq!(s.clock.label(19), "Hour 19, 1940-02-12 00:00, Darkness");
    s.hour = 4;
    resolve_hour(&mut s, &mut ScriptedDice::new([]), true).unwrap();
    assert_eq!(fatigue(&s, "fin-1"), 0);
    s.hour = 49;
    assert_eq!(
        resolve_hour(&mut s, &mut ScriptedDice::new([]), true),
        Err(HourError::OutOfHours(48))
    );
}

#[test]
fn rest_lowers_fatigue_but_never_below_zero() {
    let mut s = demo();
    s.platoons.get_mut("fin-3").unwrap().fatigue = 5;
    s.platoons.get_mut("sov-5").unwrap().fatigue = 1;
    s.platoons.get_mut("sov-6").unwrap().fatigue = 1;
    give_orders(
        &mut s,
        Side::Finnish,
        vec![order("fin-3", Order::Rest { in_building: true })],
    )
    .unwrap();
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-5", Order::Rest { in_building: true }),
            order("sov-6", Order::Rest { in_building: false }),
        ],
    )
    .unwrap();
    resolve_hour(&mut s, &mut ScriptedDice::new([]), true).unwrap();
    assert_eq!(
        [
            fatigue(&s, "fin-3"),
            fatigue(&s, "sov-5"),
            fatigue(&s, "sov-6")
        ],
        [2, 0, 0]
    );
}

#[test]
fn advancing_platoons_may_reorganize_first() {
    use crate::games::wons::rules::platoon::Stack;
    use crate::games::wons::rules::set_reorganization;
    let mut s = demo();
    let stack = |id: &str, ps: &[&str]| Stack {
        id: id.into(),
        platoons: ps.iter().map(|p| p.to_string()).collect(),
    };
    let plan = vec![
        stack("point", &["sov-1"]),
        stack("support", &["sov-2"]),
        stack("main-body", &["sov-3", "sov-4"]),
        stack("rearguard", &["sov-5", "sov-6"]),
    ];
    set_reorganization(&mut s, Some(plan.clone())).unwrap();
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Advance),
            order("sov-2", Order::Reorganize),
        ],
    )
    .unwrap();
    mark_ready(&mut s, Side::Soviet, true).unwrap();
    let mut dice = ScriptedDice::new([2]);
    let events = resolve_hour(&mut s, &mut dice, true).unwrap();
    assert_eq!(s.stacks, plan);
    assert_eq!((step(&s, "sov-1"), step(&s, "sov-2")), (D, C));
    assert_eq!(
        (
            fatigue(&s, "sov-1"),
            fatigue(&s, "sov-2"),
            fatigue(&s, "sov-3")
        ),
        (2, 2, 2)
    );
    assert!(dice.rolls[0].purpose.starts_with("Stack point"));
    assert!(events.iter().any(|e| e.kind == EventKind::Reorganization && e.visibility == EventVisibility::Soviet));
}
