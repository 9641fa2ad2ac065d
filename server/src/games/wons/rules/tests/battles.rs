//! Battles opened by Attack orders, their recorded results, and extra actions (R2).

use super::{C, D, E, demo, fatigue, order, place, says, step};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::aftermath::ReportError;
use crate::games::wons::rules::battle::{BattleError, BattleStatus};
use crate::games::wons::rules::events::{EventKind, EventVisibility};
use crate::games::wons::rules::hour::HourError;
use crate::games::wons::rules::knowledge::SightingSource;
use crate::games::wons::rules::ladder::{FireStage, TableColour};
use crate::games::wons::rules::orders::OrderError;
use crate::games::wons::rules::state::FeatureKind;
use crate::games::wons::rules::{
    Order, WonsState, give_orders, mark_ready, record_battle_result, resolve_hour,
    take_extra_action,
};

/// Hours 1 and 2 of a scripted game: works, contact, an attack, its result and the extra action.
#[test]
fn a_scripted_campaign_opening() {
    let mut s = demo();
    hour_one_digs_and_makes_contact(&mut s);
    let mut dice = hour_two_the_vanguard_attacks(&mut s);
    the_soviets_win_in_two_turns(&mut s);
    extra_actions_after_a_short_battle(&mut s, &mut dice);
}

/// Hour 1: works, contact at D, fatigue in Darkness and a barn set burning.
fn hour_one_digs_and_makes_contact(s: &mut WonsState) {
    give_orders(
        s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Advance),
            order("sov-2", Order::Advance),
            order("sov-3", Order::Advance),
            order("sov-4", Order::Advance),
            order("sov-5", Order::BuildBonfire),
            order("sov-6", Order::ConsolidateDefenses),
        ],
    )
    .unwrap();
    give_orders(
        s,
        Side::Finnish,
        vec![
            order("fin-1", Order::ConsolidateDefenses),
            order("fin-2", Order::AdjustRoadblock { build: true }),
            order(
                "fin-3",
                Order::BurnBuildings {
                    buildings: vec!["Barn".into()],
                },
            ),
        ],
    )
    .unwrap();
    mark_ready(s, Side::Soviet, true).unwrap();
    mark_ready(s, Side::Finnish, true).unwrap();
    // vanguard 5, main body 6, fin-1's three sections, sov-6's two sections.
    let mut dice = ScriptedDice::new([5, 6, 6, 6, 1, 6, 2]);
    let events = resolve_hour(s, &mut dice, false).unwrap();
    assert_eq!(dice.remaining(), 0);
    assert!(
        dice.rolls[2]
            .purpose
            .contains("1st Platoon, 3rd Company consolidation")
    );
    assert_eq!((step(s, "sov-1"), step(s, "sov-3")), (D, C));
    // Entrenchments: two for the Finns at D, one for the Soviets at A.
    // Feature ids are random, so the map's order is too: compare by step.
    let mut dug: Vec<(usize, Side, u32)> = s
        .features
        .values()
        .filter(|f| f.kind == FeatureKind::Entrenchment && f.created_hour == 1)
        .map(|f| (f.step, f.owner, f.count))
        .collect();
    dug.sort_unstable_by_key(|(step, _, _)| *step);
    assert_eq!(dug, vec![(0, Side::Soviet, 1), (D, Side::Finnish, 2)]);
    // The Soviets ran into the Finnish works at D, not into those at E.
    for f in s.features.values().filter(|f| f.owner == Side::Finnish) {
        assert_eq!(f.known_to_enemy_since.is_some(), f.step == D, "{}", f.id);
    }
    // Both sides see each other at D.
    assert_eq!(
        s.knowledge.soviet.sightings["fin-1"].source,
        SightingSource::SameStep
    );
    assert!(s.knowledge.finnish.sightings.contains_key("sov-2"));
    assert!(!s.knowledge.finnish.sightings.contains_key("sov-3"));
    // Fatigue in Darkness; Burn Buildings costs the Finns 0 + 1.
    assert_eq!(
        [
            fatigue(s, "sov-1"),
            fatigue(s, "sov-5"),
            fatigue(s, "fin-2"),
            fatigue(s, "fin-3")
        ],
        [2, 2, 2, 1]
    );
    assert_eq!(s.platoons["sov-5"].warm_through_hour, Some(4));
    let barn = &s.ladder[E].buildings[1];
    assert_eq!(
        barn.fire.as_ref().map(|f| (f.set_by, f.stage(2))),
        Some((Side::Finnish, FireStage::Burning))
    );
    assert!(
        events
            .iter()
            .filter(|e| e.kind == EventKind::Movement)
            .all(|e| e.visibility != EventVisibility::Public)
    );
}

/// Hour 2: the vanguard attacks at D.
fn hour_two_the_vanguard_attacks(s: &mut WonsState) -> ScriptedDice {
    give_orders(
        s,
        Side::Soviet,
        vec![order(
            "sov-1",
            Order::Attack {
                table: TableColour::Red,
                scenario: None,
            },
        )],
    )
    .unwrap();
    give_orders(
        s,
        Side::Finnish,
        vec![order("fin-3", Order::Rest { in_building: true })],
    )
    .unwrap();
    let mut dice = ScriptedDice::new([]);
    let events = resolve_hour(s, &mut dice, true).unwrap();
    let battle = s.battles[0].clone();
    assert_eq!(
        (battle.attackers.clone(), battle.defenders.clone()),
        (
            vec!["sov-1".to_string()],
            vec!["fin-1".to_string(), "fin-2".to_string()]
        )
    );
    assert!(battle.initial_attack && battle.status == BattleStatus::Pending);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Battle && e.visibility == EventVisibility::Public)
    );
    assert_eq!(
        [
            fatigue(s, "sov-1"),
            fatigue(s, "fin-1"),
            fatigue(s, "fin-3")
        ],
        [5, 4, 0]
    );
    assert_eq!(
        resolve_hour(s, &mut dice, true),
        Err(HourError::BattlePending(1))
    );
    assert!(matches!(
        give_orders(s, Side::Finnish, vec![]),
        Err(OrderError::Closed(_))
    ));
    dice
}

/// The Soviets win in two Turns: the Finns at D retreat (paying a dark Retreat), initiative stays.
fn the_soviets_win_in_two_turns(s: &mut WonsState) {
    let events = record_battle_result(s, 1, Side::Soviet, 2).unwrap();
    assert_eq!((step(s, "fin-1"), step(s, "fin-2")), (E, E));
    assert_eq!(fatigue(s, "fin-1"), 6);
    assert_eq!(s.initiative, Side::Soviet);
    assert!(says(&events, "fewer than three Turns"));
    assert_eq!(
        record_battle_result(s, 1, Side::Soviet, 2),
        Err(ReportError::Battle(BattleError::AlreadyDecided(1)))
    );
    // Contact made, the Soviets still see the Finns on the adjacent step.
    assert_eq!(s.knowledge.soviet.sightings["fin-1"].step, E);
    assert_eq!(
        s.knowledge.soviet.sightings["fin-1"].source,
        SightingSource::AdjacentAfterContact
    );
}

/// Extra actions: fin-1 rests in the farmhouse (Hour 2's light), sov-1 cannot move its stack alone.
fn extra_actions_after_a_short_battle(s: &mut WonsState, dice: &mut ScriptedDice) {
    take_extra_action(
        s,
        dice,
        Side::Finnish,
        order("fin-1", Order::Rest { in_building: true }),
    )
    .unwrap();
    assert_eq!(fatigue(s, "fin-1"), 3);
    let err = take_extra_action(s, dice, Side::Soviet, order("sov-1", Order::Retreat)).unwrap_err();
    assert!(
        err.to_string().contains("moves as one") && err.to_string().contains("2nd Rifle Platoon"),
        "{err}"
    );
    // Had its stack-mate fought too, the whole stack would retreat together.
    let mut both = s.clone();
    if let Some(p) = both.platoons.get_mut("sov-2") {
        p.extra_action_from = Some(1);
    }
    let from = step(&both, "sov-1");
    let events = take_extra_action(
        &mut both,
        dice,
        Side::Soviet,
        order("sov-1", Order::Retreat),
    )
    .unwrap();
    assert!(says(&events, "their stack moves as one"), "{events:?}");
    assert_eq!(step(&both, "sov-1"), step(&both, "sov-2"));
    assert!(step(&both, "sov-1") < from, "the stack retreated");
    assert!(
        both.platoons["sov-2"].extra_action_from.is_none(),
        "both used theirs"
    );
    let err = take_extra_action(s, dice, Side::Finnish, order("fin-1", Order::Defend)).unwrap_err();
    assert!(matches!(err, OrderError::Closed(_)));
    let err = take_extra_action(s, dice, Side::Finnish, order("fin-3", Order::Defend)).unwrap_err();
    assert!(err.to_string().contains("no extra action"));
}

#[test]
fn a_failed_attack_passes_the_initiative() {
    let mut s = demo();
    place(&mut s, "sov-1", D);
    place(&mut s, "sov-2", D);
    give_orders(
        &mut s,
        Side::Soviet,
        vec![order(
            "sov-1",
            Order::Attack {
                table: TableColour::Red,
                scenario: None,
            },
        )],
    )
    .unwrap();
    resolve_hour(&mut s, &mut ScriptedDice::new([]), true).unwrap();
    record_battle_result(&mut s, 1, Side::Finnish, 5).unwrap();
    assert_eq!(s.initiative, Side::Finnish);
    assert_eq!((step(&s, "fin-1"), step(&s, "sov-1")), (D, D));
    assert!(s.platoons.values().all(|p| p.extra_action_from.is_none()));
    // The Soviets may no longer attack; in later Hours their table choice widens.
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order(
            "sov-2",
            Order::Attack {
                table: TableColour::Red,
                scenario: None,
            },
        )],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::NeedsInitiative { .. }));
}

/// Digging again where the side already has entrenchments the enemy does not know of adds to
/// their count: the state keeps one entry per step and side however often a platoon digs. An
/// entry the enemy knows of never grows, so the enemy learns nothing of the new digging.
#[test]
fn repeated_digging_keeps_one_entry_with_a_count() {
    use crate::games::wons::rules::works::add_entrenchments;
    let mut s = demo();
    let entrenchments = |s: &crate::games::wons::rules::WonsState| {
        let mut found: Vec<(usize, u32, bool)> = s
            .features
            .values()
            .filter(|f| f.kind == FeatureKind::Entrenchment && f.owner == Side::Finnish)
            .filter(|f| f.step == D)
            .map(|f| (f.step, f.count, f.known_to_enemy_since.is_some()))
            .collect();
        found.sort_unstable();
        found
    };
    let before = entrenchments(&s).len();
    assert_eq!(
        before, 0,
        "the demo starts with no Finnish entrenchments at D"
    );
    for hour in 1..=50 {
        add_entrenchments(&mut s, Side::Finnish, D, 1 + hour % 2, hour);
    }
    assert_eq!(entrenchments(&s), vec![(D, 75, false)]);
    // Once the Soviets know of them, new digging starts a second, hidden entry.
    for f in s.features.values_mut() {
        if f.kind == FeatureKind::Entrenchment && f.step == D {
            f.known_to_enemy_since = Some(50);
        }
    }
    add_entrenchments(&mut s, Side::Finnish, D, 2, 51);
    add_entrenchments(&mut s, Side::Finnish, D, 1, 52);
    assert_eq!(entrenchments(&s), vec![(D, 3, false), (D, 75, true)]);
    // The other side's digging at the same step is its own entry.
    add_entrenchments(&mut s, Side::Soviet, D, 1, 53);
    assert_eq!(entrenchments(&s).len(), 2);
}
