//! The R2 fatigue table and the exhaustion table, edge by edge.

use crate::core::domain::Side;
use crate::games::wons::rules::fatigue::{
    Action, FatigueCircumstances, Light, apply_fatigue, exhaustion, fatigue_change,
};

fn cost(action: Action, side: Side, light: Light, in_building: bool, battle: bool) -> Option<i32> {
    fatigue_change(
        action,
        side,
        FatigueCircumstances {
            light,
            in_building,
            battle_ensued: battle,
        },
    )
}

#[test]
fn every_action_for_both_sides_in_daylight_and_darkness() {
    // Defend has its own test below: its Darkness cost is the spec's interpretation.
    use Action::*;
    // (action, Finnish daylight, Soviet daylight); Darkness adds one except to Rest.
    let table: [(Action, Option<i32>, Option<i32>); 8] = [
        (Advance, Some(1), Some(1)),
        (Attack, Some(2), Some(2)),
        (ConsolidateDefenses, Some(1), Some(1)),
        (AdjustRoadblock, Some(1), None),
        (BurnBuildings, Some(0), Some(1)),
        (BuildBonfire, None, Some(1)),
        (Retreat, Some(1), Some(1)),
        (Reorganize, None, Some(1)),
    ];
    for (action, finn, soviet) in table {
        for (side, day) in [(Side::Finnish, finn), (Side::Soviet, soviet)] {
            assert_eq!(
                cost(action, side, Light::Daylight, false, false),
                day,
                "{action:?} {side:?} day"
            );
            let night = day.map(|d| d + 1);
            assert_eq!(
                cost(action, side, Light::Darkness, false, false),
                night,
                "{action:?} {side:?} night"
            );
        }
    }
}

#[test]
fn defend_costs_one_when_a_battle_ensues_and_two_in_darkness() {
    for side in [Side::Finnish, Side::Soviet] {
        assert_eq!(
            cost(Action::Defend, side, Light::Daylight, false, false),
            Some(0)
        );
        assert_eq!(
            cost(Action::Defend, side, Light::Daylight, false, true),
            Some(1)
        );
        assert_eq!(
            cost(Action::Defend, side, Light::Darkness, false, false),
            Some(2)
        );
        assert_eq!(
            cost(Action::Defend, side, Light::Darkness, false, true),
            Some(2)
        );
    }
}

#[test]
fn rest_anywhere_and_in_a_building_ignores_darkness() {
    for light in [Light::Daylight, Light::Darkness] {
        assert_eq!(
            cost(Action::Rest, Side::Finnish, light, false, false),
            Some(-2)
        );
        assert_eq!(
            cost(Action::Rest, Side::Finnish, light, true, false),
            Some(-3)
        );
        assert_eq!(
            cost(Action::Rest, Side::Soviet, light, false, false),
            Some(-1)
        );
        assert_eq!(
            cost(Action::Rest, Side::Soviet, light, true, false),
            Some(-2)
        );
    }
}

#[test]
fn a_building_changes_only_rest() {
    for action in Action::ALL.into_iter().filter(|a| *a != Action::Rest) {
        for side in [Side::Finnish, Side::Soviet] {
            assert_eq!(
                cost(action, side, Light::Daylight, true, false),
                cost(action, side, Light::Daylight, false, false)
            );
        }
    }
}

#[test]
fn side_only_actions() {
    assert!(!Action::AdjustRoadblock.allowed_for(Side::Soviet));
    assert!(!Action::BuildBonfire.allowed_for(Side::Finnish));
    assert!(!Action::Reorganize.allowed_for(Side::Finnish));
    assert!(Action::AdjustRoadblock.allowed_for(Side::Finnish));
}

#[test]
fn exhaustion_at_every_band_edge() {
    let expected = [
        (0, 0),
        (3, 0),
        (4, 1),
        (6, 1),
        (7, 3),
        (9, 3),
        (10, 4),
        (11, 5),
        (12, 6),
        (13, 7),
        (14, 8),
        (15, 9),
        (16, 9),
        (40, 9),
    ];
    for (fatigue, exhausted) in expected {
        assert_eq!(exhaustion(fatigue), exhausted, "fatigue {fatigue}");
    }
}

#[test]
fn fatigue_never_drops_below_zero_and_keeps_counting_above_fifteen() {
    assert_eq!(apply_fatigue(1, -3), 0);
    assert_eq!(apply_fatigue(0, -2), 0);
    assert_eq!(apply_fatigue(3, -3), 0);
    assert_eq!(apply_fatigue(4, -3), 1);
    assert_eq!(apply_fatigue(15, 2), 17);
}
