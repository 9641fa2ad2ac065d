//! Logistics continuity, isolation eliminations (rule 6.2) and the cost of recovery (4.5.4).

use super::fixtures::{at, put, space, turn_one};
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::logistics::{isolated_units, supplied_spaces};
use crate::games::talvisota::rules::state::{GameOptions, Phase, UnitLocation};
use crate::games::talvisota::rules::turn::recovery_cost;
use crate::games::talvisota::rules::{SovietOrganisation, TalvisotaError, advance_phase, organise};

#[test]
fn a_chain_of_held_spaces_carries_supply() {
    let mut s = turn_one(GameOptions::default());
    put(&mut s, "su-fus-1", "terijoki");
    s.possession_markers[0] = Some("summa".into());
    put(&mut s, "su-fus-2", "kamara");
    put(&mut s, "su-fus-3", "viipuri");
    let supplied = supplied_spaces(&s);
    assert!(
        ["terijoki", "summa", "kamara", "viipuri"]
            .iter()
            .all(|x| supplied.contains(*x))
    );
    assert!(isolated_units(&s).is_empty());
    s.possession_markers[0] = None;
    assert_eq!(isolated_units(&s), vec!["su-fus-2", "su-fus-3"]);
}

#[test]
fn isolation_eliminates_tan_then_meca_then_fus_one_a_turn() {
    let mut s = turn_one(GameOptions::default());
    for u in ["su-fus-1", "su-meca-1", "su-tan-1", "su-eli-1"] {
        put(&mut s, u, "viipuri");
    }
    let expected = ["su-tan-1", "su-meca-1", "su-fus-1", "su-eli-1"];
    for (n, victim) in expected.iter().enumerate() {
        s.phase = Phase::EndOfTurn;
        let mut dice = ScriptedDice::new([3]);
        advance_phase(&mut s, &mut dice).expect("end of turn");
        assert!(
            matches!(
                at(&s, victim),
                UnitLocation::Losses(_) | UnitLocation::Reinforcements(_)
            ),
            "{victim} eliminated in turn {}",
            n + 1
        );
        for later in &expected[n + 1..] {
            assert_eq!(at(&s, later), space("viipuri"));
        }
    }
}

#[test]
fn recovery_costs() {
    assert_eq!(recovery_cost(2, 0, false), 1);
    assert_eq!(recovery_cost(1, 0, false), 1);
    assert_eq!(recovery_cost(3, 0, false), 2);
    assert_eq!(recovery_cost(0, 1, false), 1);
    assert_eq!(recovery_cost(4, 3, false), 5);
    // Note 2's easier rate.
    assert_eq!(recovery_cost(3, 0, true), 1);
    assert_eq!(recovery_cost(4, 0, true), 2);
    assert_eq!(recovery_cost(0, 2, true), 1);
    assert_eq!(recovery_cost(0, 3, true), 2);
}

#[test]
fn recovery_spends_soviet_morale_and_refuses_the_last_point() {
    let mut s = turn_one(GameOptions::default());
    for u in ["su-fus-1", "su-fus-2", "su-tan-1"] {
        s.unit_mut(u).expect("unit").location = UnitLocation::Reinforcements(1);
    }
    let orders = SovietOrganisation {
        recover: vec!["su-fus-1".into(), "su-fus-2".into(), "su-tan-1".into()],
        ..SovietOrganisation::default()
    };
    let mut poor = s.clone();
    poor.soviet_morale = 2;
    assert_eq!(
        organise(&mut poor, orders.clone()),
        Err(TalvisotaError::MoraleTooLow { cost: 2, morale: 2 })
    );
    organise(&mut s, orders).expect("recovered");
    assert_eq!(s.soviet_morale, 21);
    assert_eq!(at(&s, "su-tan-1"), UnitLocation::Sheet);
}

#[test]
fn losses_wait_a_turn_in_reinforcements() {
    let mut s = turn_one(GameOptions::default());
    s.unit_mut("fi-div-1").expect("unit").location = UnitLocation::Losses(1);
    s.unit_mut("su-fus-1").expect("unit").location = UnitLocation::Losses(1);
    s.phase = Phase::EndOfTurn;
    advance_phase(&mut s, &mut ScriptedDice::new([3])).expect("turn 2");
    assert_eq!(at(&s, "fi-div-1"), UnitLocation::Reinforcements(2));
    assert_eq!(at(&s, "su-fus-1"), UnitLocation::Reinforcements(2));
    s.phase = Phase::EndOfTurn;
    advance_phase(&mut s, &mut ScriptedDice::new([3])).expect("turn 3");
    assert_eq!(
        at(&s, "fi-div-1"),
        UnitLocation::Sheet,
        "Finns are back on the turn after"
    );
    assert_eq!(
        at(&s, "su-fus-1"),
        UnitLocation::Reinforcements(2),
        "Soviets must pay to recover"
    );
    assert_eq!(
        at(&s, "su-fus-20"),
        UnitLocation::Sheet,
        "January reinforcements arrived"
    );
}
