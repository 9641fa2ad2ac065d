//! Order legality: each R2 restriction refuses with an error naming the rule.

use super::{D, demo, order, place};
use crate::core::domain::Side;
use crate::games::wons::rules::fatigue::Action;
use crate::games::wons::rules::ladder::TableColour;
use crate::games::wons::rules::orders::{CounterattackScenario, OrderError};
use crate::games::wons::rules::platoon::Stack;
use crate::games::wons::rules::{
    Order, give_orders, legal_actions, mark_ready, set_reorganization,
};

fn attack(table: TableColour, scenario: Option<CounterattackScenario>) -> Order {
    Order::Attack { table, scenario }
}

fn vanguard_to(state: &mut crate::games::wons::rules::WonsState, step: usize) {
    place(state, "sov-1", step);
    place(state, "sov-2", step);
}

#[test]
fn attack_needs_the_initiative() {
    let mut s = demo();
    vanguard_to(&mut s, D);
    let err = give_orders(
        &mut s,
        Side::Finnish,
        vec![order(
            "fin-1",
            attack(TableColour::Red, Some(CounterattackScenario::Probe)),
        )],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::NeedsInitiative { .. }));
    assert!(err.to_string().contains("initiative") && err.to_string().contains("(R2)"));
}

#[test]
fn no_rest_or_advance_with_the_enemy_on_the_step() {
    let mut s = demo();
    vanguard_to(&mut s, D);
    for o in [Order::Rest { in_building: false }, Order::Advance] {
        let err = give_orders(&mut s, Side::Finnish, vec![order("fin-1", o)]).unwrap_err();
        assert!(matches!(err, OrderError::EnemyOnStep { .. }), "{err}");
        assert!(
            err.to_string().contains("step D Jollonkorpi Suursuo (R2)"),
            "{err}"
        );
    }
    // Retreat and Defend stay legal.
    give_orders(
        &mut s,
        Side::Finnish,
        vec![
            order("fin-1", Order::Retreat),
            order("fin-2", Order::Defend),
        ],
    )
    .unwrap();
}

#[test]
fn side_only_actions_are_refused() {
    let mut s = demo();
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-1", Order::AdjustRoadblock { build: true })],
    )
    .unwrap_err();
    assert_eq!(
        err,
        OrderError::SideOnly {
            action: "Adjust Roadblock"
        }
    );
    for o in [Order::BuildBonfire, Order::Reorganize] {
        let err = give_orders(&mut s, Side::Finnish, vec![order("fin-1", o)]).unwrap_err();
        assert!(matches!(err, OrderError::SideOnly { .. }));
        assert!(err.to_string().contains("side-only"));
    }
}

#[test]
fn a_side_cannot_order_the_enemy_and_learns_nothing_from_trying() {
    let mut s = demo();
    let err = give_orders(&mut s, Side::Finnish, vec![order("sov-1", Order::Defend)]).unwrap_err();
    assert_eq!(err, OrderError::UnknownPlatoon("sov-1".into()));
    let other =
        give_orders(&mut s, Side::Finnish, vec![order("no-such", Order::Defend)]).unwrap_err();
    assert_eq!(
        err.to_string().replace("sov-1", "X"),
        other.to_string().replace("no-such", "X")
    );
}

#[test]
fn red_army_attacks_come_from_the_leading_stack() {
    let mut s = demo();
    for id in ["sov-1", "sov-2", "sov-3", "sov-4"] {
        place(&mut s, id, D);
    }
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-3", attack(TableColour::Red, None))],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::NotLeadingStack { .. }));
    // On a major defence line the whole leading stack may make the initial attack.
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", attack(TableColour::Red, None)),
            order("sov-2", attack(TableColour::Red, None)),
        ],
    )
    .unwrap();
}

#[test]
fn initial_attack_on_an_ordinary_step_is_one_platoon() {
    let mut s = demo();
    place(&mut s, "fin-1", 2); // C is not a defence line
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", attack(TableColour::Red, None)),
            order("sov-2", attack(TableColour::Red, None)),
        ],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::InitialAttackOnePlatoon { .. }));
    assert!(err.to_string().contains("(R2)"));
    give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-1", attack(TableColour::Red, None))],
    )
    .unwrap();
}

#[test]
fn attack_tables_and_scenarios() {
    let mut s = demo();
    vanguard_to(&mut s, D);
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-1", attack(TableColour::Yellow, None))],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::TableNotAllowed { .. }), "{err}");
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order(
            "sov-1",
            attack(TableColour::Red, Some(CounterattackScenario::Probe)),
        )],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::Scenario(_)));
    s.initiative = Side::Finnish;
    let err = give_orders(
        &mut s,
        Side::Finnish,
        vec![order("fin-1", attack(TableColour::Green, None))],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::Scenario(_)));
    // D offers no Blue table.
    let err = give_orders(
        &mut s,
        Side::Finnish,
        vec![order(
            "fin-1",
            attack(TableColour::Blue, Some(CounterattackScenario::FlankAttack)),
        )],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::TableNotAllowed { .. }));
    give_orders(
        &mut s,
        Side::Finnish,
        vec![order(
            "fin-1",
            attack(TableColour::Green, Some(CounterattackScenario::FlankAttack)),
        )],
    )
    .unwrap();
}

#[test]
fn attack_needs_an_enemy_on_the_step() {
    let mut s = demo();
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-1", attack(TableColour::Red, None))],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::NoEnemy { .. }));
}

#[test]
fn no_move_off_the_ladder_and_no_rest_in_a_missing_building() {
    let mut s = demo();
    place(&mut s, "fin-3", 13);
    let err = give_orders(&mut s, Side::Finnish, vec![order("fin-3", Order::Retreat)]).unwrap_err();
    assert!(matches!(err, OrderError::LadderEnd { .. }));
    let err = give_orders(&mut s, Side::Soviet, vec![order("sov-5", Order::Retreat)]).unwrap_err();
    assert!(matches!(err, OrderError::LadderEnd { .. }));
    let err = give_orders(
        &mut s,
        Side::Finnish,
        vec![order("fin-1", Order::Rest { in_building: true })],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::NoBuilding { .. }));
    give_orders(
        &mut s,
        Side::Finnish,
        vec![order("fin-3", Order::Rest { in_building: true })],
    )
    .unwrap();
}

#[test]
fn a_stack_advances_as_one() {
    let mut s = demo();
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Advance),
            order("sov-2", Order::Defend),
        ],
    )
    .unwrap_err();
    assert!(matches!(err, OrderError::StackSplit { .. }));
    assert!(err.to_string().contains("R2"));
    give_orders(&mut s, Side::Soviet, vec![order("sov-1", Order::Advance)]).unwrap();
    // sov-2 would Defend by default: refused when marking ready.
    let err = mark_ready(&mut s, Side::Soviet, true).unwrap_err();
    assert!(matches!(err, OrderError::StackSplit { .. }));
    give_orders(&mut s, Side::Soviet, vec![order("sov-2", Order::Advance)]).unwrap();
    mark_ready(&mut s, Side::Soviet, true).unwrap();
    let err = give_orders(&mut s, Side::Soviet, vec![order("sov-2", Order::Defend)]).unwrap_err();
    assert_eq!(err, OrderError::AlreadyReady);
}

#[test]
fn a_retreating_stack_cannot_pass_the_one_behind() {
    let mut s = demo();
    place(&mut s, "sov-3", 2);
    place(&mut s, "sov-4", 2);
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Retreat),
            order("sov-2", Order::Retreat),
        ],
    )
    .unwrap();
    let err = mark_ready(&mut s, Side::Soviet, true).unwrap_err();
    assert_eq!(
        err,
        OrderError::StacksPass {
            stack: "vanguard".into(),
            other: "main-body".into()
        }
    );
}

#[test]
fn reorganization_limits() {
    let mut s = demo();
    let stack = |id: &str, ps: &[&str]| Stack {
        id: id.into(),
        platoons: ps.iter().map(|p| p.to_string()).collect(),
    };
    let too_big = vec![
        stack("a", &["sov-1", "sov-2", "sov-3", "sov-4"]),
        stack("b", &["sov-5", "sov-6"]),
    ];
    let err = set_reorganization(&mut s, Some(too_big)).unwrap_err();
    assert!(err.to_string().contains("1 to 3"), "{err}");
    let mixed_steps = vec![
        stack("a", &["sov-1", "sov-3"]),
        stack("b", &["sov-2", "sov-4"]),
        stack("c", &["sov-5", "sov-6"]),
    ];
    assert!(set_reorganization(&mut s, Some(mixed_steps)).is_err());
    let passing = vec![
        stack("main-body", &["sov-3", "sov-4"]),
        stack("vanguard", &["sov-1", "sov-2"]),
        stack("rearguard", &["sov-5", "sov-6"]),
    ];
    let err = set_reorganization(&mut s, Some(passing)).unwrap_err();
    assert!(err.to_string().contains("cannot pass"), "{err}");
    let split = vec![
        stack("v1", &["sov-1"]),
        stack("v2", &["sov-2"]),
        stack("main-body", &["sov-3", "sov-4"]),
        stack("rearguard", &["sov-5", "sov-6"]),
    ];
    set_reorganization(&mut s, Some(split)).unwrap();
    let err = mark_ready(&mut s, Side::Soviet, true).unwrap_err();
    assert!(
        err.to_string().contains("must be ordered to Reorganize"),
        "{err}"
    );
    let err = give_orders(
        &mut s,
        Side::Soviet,
        vec![order("sov-3", Order::Reorganize)],
    )
    .unwrap_err();
    assert!(err.to_string().contains("do not change it"), "{err}");
    give_orders(
        &mut s,
        Side::Soviet,
        vec![
            order("sov-1", Order::Reorganize),
            order("sov-2", Order::Reorganize),
        ],
    )
    .unwrap();
    mark_ready(&mut s, Side::Soviet, true).unwrap();
}

#[test]
fn only_legal_actions_are_offered() {
    let mut s = demo();
    let offered = legal_actions(&s, Side::Finnish, "fin-1");
    assert_eq!(
        offered,
        vec![
            Action::Advance,
            Action::Defend,
            Action::ConsolidateDefenses,
            Action::AdjustRoadblock,
            Action::Retreat,
            Action::Rest
        ]
    );
    vanguard_to(&mut s, D);
    let soviet = legal_actions(&s, Side::Soviet, "sov-1");
    assert!(
        soviet.contains(&Action::Attack)
            && !soviet.contains(&Action::Advance)
            && !soviet.contains(&Action::Rest)
    );
    assert!(soviet.contains(&Action::BuildBonfire) && soviet.contains(&Action::Reorganize));
    assert!(!legal_actions(&s, Side::Soviet, "sov-3").contains(&Action::Attack));
}
