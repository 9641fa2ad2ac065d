use super::*;
use crate::core::refusal::{Refusal, RefusalKind};
use crate::games::a_winter_war::rules::options::Options;

const PARA: &str = "201st Parachute Brigade";

fn planned() -> AirbornePlans {
    let mut plans = AirbornePlans::default();
    plans
        .write(
            2,
            PLAN_PHASE,
            "Dec II 39, Soviet initial phase",
            PARA,
            "35:2107",
            false,
        )
        .expect("written");
    plans
}

#[test]
fn a_plan_is_secret_until_carried_out_and_then_its_history_is_read() {
    let mut plans = planned();
    assert!(
        plans.finnish_view().is_empty(),
        "hidden from the Finns while planned"
    );
    assert_eq!(plans.plans[0].due, 3);
    let e = plans
        .execute(2, DROP_PHASE, "Dec II 39, Soviet air phase", PARA)
        .expect_err("one turn ahead");
    assert_eq!(e.code(), "airborne_plan_not_now");
    assert_eq!(e.kind(), RefusalKind::NotNow);
    plans
        .execute(3, DROP_PHASE, "Jan I 40, Soviet air phase", PARA)
        .expect("carried out");
    let seen = plans.finnish_view();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].status, PlanStatus::Executed);
    assert_eq!(
        seen[0].history[0].sentence,
        "201st Parachute Brigade is planned to drop on 35:2107 next turn (Opt D.3)"
    );
    assert_eq!(seen[0].history[0].moment, "Dec II 39, Soviet initial phase");
}

#[test]
fn plans_are_checked_against_every_constraint() {
    let mut plans = planned();
    let e = plans
        .write(2, PLAN_PHASE, "m", PARA, "35:3106", false)
        .expect_err("one at a time");
    assert_eq!(e.code(), "airborne_plan_exists");
    let e = plans
        .write(
            2,
            "soviet_movement",
            "m",
            "202nd Parachute Brigade",
            "x",
            false,
        )
        .expect_err("initial phase only");
    assert_eq!(e, AwwError::PlanNotNow);
    let e = plans
        .write(2, PLAN_PHASE, "m", "202nd Parachute Brigade", "x", true)
        .expect_err("in an enemy ZOC");
    assert_eq!(e.code(), "airborne_plan_in_enemy_zoc");
    assert_eq!(e.kind(), RefusalKind::AgainstTheRules);
    assert_eq!(
        plans
            .cancel(3, PLAN_PHASE, "m", "nobody")
            .expect_err("none")
            .kind(),
        RefusalKind::NoSuchThing
    );
    assert_eq!(
        plans
            .cancel(2, "soviet_combat", "m", PARA)
            .expect_err("not now"),
        AwwError::PlanNotNow
    );
}

#[test]
fn cancelling_by_choice_then_replanning_in_the_next_initial_phase() {
    let mut plans = planned();
    plans
        .cancel(3, PLAN_PHASE, "Jan I 40, Soviet initial phase", PARA)
        .expect("cancelled");
    plans
        .write(
            3,
            PLAN_PHASE,
            "Jan I 40, Soviet initial phase",
            PARA,
            "Aland Islands",
            false,
        )
        .expect("a new plan at that time");
    let seen = plans.finnish_view();
    assert_eq!(seen.len(), 1, "the new plan stays hidden");
    assert!(matches!(seen[0].status, PlanStatus::Cancelled { .. }));
    assert_eq!(plans.plans[1].due, 4, "AWW-A12: one turn later");
    plans
        .cancel(4, DROP_PHASE, "Jan II 40, Soviet air phase", PARA)
        .expect("cancelled in the phase it was due");
}

#[test]
fn the_rule_forces_cancellation_and_unexecuted_plans_lapse() {
    let mut plans = planned();
    assert!(plans.force_cancel(
        "Dec II 39, Finnish combat phase",
        PARA,
        ForcedBy::WasAttacked
    ));
    assert!(
        !plans.force_cancel("again", PARA, ForcedBy::Attacked),
        "nothing left to cancel"
    );
    let PlanStatus::Cancelled { reason } = &plans.plans[0].status else {
        panic!("cancelled")
    };
    assert_eq!(reason, "cancelled because the unit was attacked");
    let mut plans = planned();
    assert!(
        plans.lapse(2, "Dec II 39, Soviet air phase").is_empty(),
        "not due yet"
    );
    assert_eq!(
        plans.lapse(3, "Jan I 40, Soviet air phase"),
        vec![PARA.to_string()]
    );
    assert_eq!(plans.finnish_view().len(), 1);
}

#[test]
fn opt_g_plans_drops_for_dec_i_39_at_setup() {
    let mut plans = AirbornePlans::default();
    assert_eq!(
        plans
            .write_at_setup(&Options::default(), "setup", PARA, "x")
            .expect_err("Opt G only"),
        AwwError::PlanNotNow
    );
    let g = Options {
        soviet_preparedness: true,
        ..Options::default()
    };
    assert_eq!(
        plans
            .write_at_setup(&g, "setup", PARA, "x")
            .expect("planned")
            .due,
        1
    );
    let gh = Options {
        earlier_start: true,
        ..g
    };
    let mut plans = AirbornePlans::default();
    assert_eq!(
        plans
            .write_at_setup(&gh, "setup", PARA, "x")
            .expect("planned")
            .due,
        2,
        "Dec I 39 is turn 2 with Opt H"
    );
}
