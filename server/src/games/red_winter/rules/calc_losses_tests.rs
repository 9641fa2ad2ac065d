use super::*;
use crate::core::refusal::Refusal;

fn unit(name: &str, steps: u32, ma: u32) -> LossTaker {
    LossTaker {
        name: name.into(),
        steps,
        ma,
        armored: false,
    }
}

fn plan(steps: &[usize], retreat: u32) -> LossPlan {
    LossPlan {
        steps: steps.to_vec(),
        retreat,
        armor_retreats: Vec::new(),
    }
}

#[test]
fn t_rw_10_retreat_limits() {
    let mg = retreat_limit("MG", 4);
    assert_eq!(mg.value, 2);
    assert_eq!(
        mg.steps[0],
        "MG has MA 4 and may retreat up to 2 hexes (8.5.2.1)"
    );
    let mortar = retreat_limit("Mortar", 2);
    assert_eq!(mortar.value, 0);
    assert!(mortar.steps[0].contains("cannot retreat"));
    assert_eq!(retreat_limit("x", 0).value, 0);
}

#[test]
fn t_rw_12_the_slow_gun_takes_the_step_and_the_rest_retreat_two() {
    let units = [unit("1/I", 2, 5), unit("2/I", 2, 5), unit("AT", 1, 3)];
    let ok = check_losses(Fight::Combat, false, 3, &units, &plan(&[2], 2)).expect("allowed");
    assert_eq!(ok.value.eliminated, [2]);
    assert_eq!(ok.value.retreat, 2);
    let too_far =
        check_losses(Fight::Combat, false, 3, &units, &plan(&[], 3)).expect_err("refused");
    assert!(
        matches!(too_far, RulesError::RetreatTooFar { ref unit, limit: 1, retreat: 3 } if unit == "AT"),
        "{too_far}"
    );
    let gun_stays =
        check_losses(Fight::Combat, false, 3, &units, &plan(&[0], 2)).expect_err("refused");
    assert!(
        matches!(gun_stays, RulesError::RetreatTooFar { ref unit, limit: 1, .. } if unit == "AT")
    );
}

#[test]
fn t_rw_11_an_assault_on_infantry_with_a_tank() {
    let mut tank = unit("T-26", 2, 8);
    tank.armored = true;
    let units = [
        unit("1/I", 2, 5),
        unit("2/I", 2, 5),
        unit("3/I", 2, 5),
        tank,
    ];
    let tank_dies =
        check_losses(Fight::Assault, false, 4, &units, &plan(&[3, 3], 2)).expect("allowed");
    assert_eq!(tank_dies.value.eliminated, [3]);
    assert_eq!(tank_dies.value.retreat, 2);
    let infantry_bleeds =
        check_losses(Fight::Assault, false, 4, &units, &plan(&[0, 0, 1, 1], 0)).expect("allowed");
    assert_eq!(infantry_bleeds.value.eliminated, [0, 1]);
    let tank_cannot_retreat =
        check_losses(Fight::Assault, false, 4, &units, &plan(&[0, 0], 2)).expect_err("refused");
    assert!(matches!(
        tank_cannot_retreat,
        RulesError::RetreatTooFar { limit: 0, .. }
    ));
}

#[test]
fn armor_ignores_losses_in_a_combat() {
    let mut tank = unit("T-26", 2, 8);
    tank.armored = true;
    let e = check_losses(Fight::Combat, false, 2, &[tank], &plan(&[], 2)).expect("allowed");
    assert!(e.steps.iter().any(|s| s.contains("armor ignores losses")));
}

#[test]
fn the_attackers_first_loss_is_a_step_and_assault_attackers_take_steps_only() {
    let units = [unit("1/I", 2, 5), unit("2/I", 2, 5)];
    assert_eq!(
        check_losses(Fight::Combat, true, 1, &units, &plan(&[], 1)),
        Err(RulesError::FirstLossNotStep)
    );
    check_losses(Fight::Combat, true, 2, &units, &plan(&[0], 1)).expect("step then retreat");
    let e = check_losses(Fight::Assault, true, 2, &units, &plan(&[0], 1)).expect_err("refused");
    assert_eq!(e.code(), "steps_only");
    assert!(e.to_string().ends_with("(9.0)"));
    let e = check_losses(Fight::NightRaid, false, 1, &units, &plan(&[], 1)).expect_err("refused");
    assert!(e.to_string().ends_with("(16.4)"));
    check_losses(Fight::NightRaid, true, 2, &units, &plan(&[0, 1], 0)).expect("steps");
}

#[test]
fn plans_must_add_up_name_real_units_and_respect_steps() {
    let units = [unit("1/I", 1, 5)];
    assert!(matches!(
        check_losses(Fight::Combat, false, 2, &units, &plan(&[], 1)),
        Err(RulesError::LossesDoNotAddUp {
            losses: 2,
            taken: 1,
            ..
        })
    ));
    assert!(matches!(
        check_losses(Fight::Combat, false, 1, &units, &plan(&[4], 0)),
        Err(RulesError::NoSuchUnit { index: 4, count: 1 })
    ));
    assert!(matches!(
        check_losses(Fight::Combat, false, 2, &units, &plan(&[0, 0], 0)),
        Err(RulesError::TooManySteps { .. })
    ));
    let wiped = check_losses(Fight::Combat, false, 4, &units, &plan(&[0], 0)).expect("void");
    assert!(
        wiped
            .steps
            .iter()
            .any(|s| s.contains("3 remaining loss(es) are void"))
    );
    let none = check_losses(Fight::Combat, true, 0, &units, &plan(&[], 0)).expect("nothing");
    assert_eq!(none.value, LossOutcome::default());
}

#[test]
fn t_rw_22_the_hotel_ignores_the_first_loss_and_ezoc_retreats_cost_steps() {
    let e = hotel_losses(2, true);
    assert_eq!(e.value, 1, "a 1/2 result becomes 1/1");
    assert!(e.steps[0].contains("(5.2.5)"));
    assert_eq!(hotel_losses(0, true).value, 0);
    assert_eq!(hotel_losses(2, false).value, 2);
    assert_eq!(ezoc_retreat_losses(2).value, 2);
}

#[test]
fn advances_follow_the_retreat_and_the_units_own_limit() {
    assert_eq!(advance_limit("1/I", 5, false, 2, false).value, 2);
    assert_eq!(advance_limit("1/I", 4, false, 3, false).value, 2);
    assert_eq!(advance_limit("1/I", 5, false, 0, true).value, 1);
    assert_eq!(advance_limit("Mortar", 5, true, 3, false).value, 0);
    assert_eq!(advance_limit("slow", 2, false, 3, false).value, 0);
}

#[test]
fn eliminated_units_go_to_the_dead_pool_only_as_companies_in_supply() {
    assert_eq!(
        eliminated_to("1/I", true, true).value,
        Destination::DeadPool
    );
    assert_eq!(
        eliminated_to("1/I", true, false).value,
        Destination::PermanentlyEliminated
    );
    let gun = eliminated_to("AT", false, true);
    assert_eq!(gun.value, Destination::PermanentlyEliminated);
    assert!(gun.steps[0].contains("not an infantry company"));
}

fn tank(name: &str) -> LossTaker {
    LossTaker {
        armored: true,
        ..unit(name, 2, 8)
    }
}

#[test]
fn armor_alone_in_a_combat_owes_nothing_even_as_the_attacker_12_1_1() {
    // 12.1.1: in a Combat armor ignores every loss; a no-loss plan is the plan.
    let defends = check_losses(Fight::Combat, false, 2, &[tank("T-26")], &plan(&[], 0))
        .expect("armor ignores the losses");
    assert_eq!(defends.value, LossOutcome::default());
    assert!(
        defends
            .steps
            .iter()
            .any(|s| s.contains("ignores the 2 remaining loss(es)")),
        "{:?}",
        defends.steps
    );
    // 8.5 a) does not force a step on an attacker made only of armor.
    let attacks = check_losses(
        Fight::Combat,
        true,
        1,
        &[tank("T-26"), tank("BA-10")],
        &plan(&[], 0),
    )
    .expect("no step is forced");
    assert!(attacks.value.reduced.is_empty());
    // It may still retreat of its own choice, within its limit, or give up a step.
    let back = check_losses(Fight::Combat, false, 2, &[tank("T-26")], &plan(&[], 1))
        .expect("voluntary retreat");
    assert_eq!(back.value.retreating, [0]);
    check_losses(Fight::Combat, false, 2, &[tank("T-26")], &plan(&[0], 0)).expect("a step");
    // But never more than the result gave.
    assert!(matches!(
        check_losses(Fight::Combat, false, 1, &[tank("T-26")], &plan(&[0], 1)),
        Err(RulesError::LossesDoNotAddUp {
            losses: 1,
            taken: 2,
            ..
        })
    ));
}

#[test]
fn in_a_mixed_stack_the_others_take_the_losses_and_armor_stays_unless_it_chooses_12_1_1() {
    let units = [unit("1/I", 2, 5), tank("T-26")];
    // The losses cannot be put on the armor and ignored.
    assert!(matches!(
        check_losses(Fight::Combat, false, 2, &units, &plan(&[], 0)),
        Err(RulesError::LossesDoNotAddUp { .. })
    ));
    // A step on the tank counts; the company retreats and the tank stays.
    let stays = check_losses(Fight::Combat, false, 2, &units, &plan(&[1], 1)).expect("allowed");
    assert_eq!(stays.value.reduced, [1]);
    assert_eq!(stays.value.retreating, [0]);
    // The tank may go with it.
    let mut along = plan(&[0], 1);
    along.armor_retreats = vec![1];
    let goes = check_losses(Fight::Combat, false, 2, &units, &along).expect("allowed");
    assert_eq!(goes.value.retreating, [0, 1]);
    // Only armor may be named to retreat of its own choice.
    let mut wrong = plan(&[1], 1);
    wrong.armor_retreats = vec![0];
    assert!(matches!(
        check_losses(Fight::Combat, false, 2, &units, &wrong),
        Err(RulesError::NotAllowed { rule: "8.5.2", .. })
    ));
    // In an Assault the armor bears losses and cannot retreat (T-RW-11 covers the rest).
    assert!(matches!(
        check_losses(Fight::Assault, false, 1, &[tank("T-26")], &plan(&[], 0)),
        Err(RulesError::LossesDoNotAddUp { .. })
    ));
}

/// 16.3: the cold's steps go on any units of the stack, armor included, one named per step;
/// steps beyond the stack's are void once it is gone.
#[test]
fn the_colds_steps_are_spread_as_the_owner_sees_fit_16_3() {
    let mut tank = unit("T-26", 1, 8);
    tank.armored = true;
    let stack = [unit("1/609", 2, 5), tank];
    let taken = check_cold_losses(2, &stack, &[0, 1]).expect("armor is not spared");
    assert_eq!(taken.value.reduced, [0]);
    assert_eq!(taken.value.eliminated, [1]);
    assert!(taken.steps.last().is_some_and(|s| s.ends_with("(16.3)")));
    let short = check_cold_losses(2, &stack, &[0]).expect_err("one short");
    assert_eq!(short.code(), "cold_steps_do_not_add_up");
    assert!(check_cold_losses(1, &stack, &[0, 0]).is_err());
    let gone = check_cold_losses(4, &stack, &[0, 0, 1]).expect("all gone");
    assert_eq!(gone.value.eliminated, [0, 1]);
    assert!(
        gone.steps
            .iter()
            .any(|s| s.contains("1 remaining step(s) are void"))
    );
}
