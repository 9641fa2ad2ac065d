//! After the battle, the battle sheet: surprise and Turn Zero (R4, R1.4.3), optional rules a pack
//! turns off, and what good information reveals.

use super::aftermath::{grab, pending};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::aftermath::{
    AbandonedIn, BattleReport, PrisonerTaken, ReportError, Reporter, capture_device, submit_report,
};
use crate::games::wons::rules::battle::BattleStatus;
use crate::games::wons::rules::battle_sheet::{
    SheetError, TurnZeroReport, record_turn_zero, set_surprise,
};
use crate::games::wons::rules::events::EventVisibility;
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::platoon::ElementKind;
use crate::games::wons::rules::prisoners::{InterrogationRequest, interrogate_prisoner};
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::tables::surprise::SurpriseLevel;

#[test]
fn surprise_is_set_and_cleared_by_the_umpire_for_both_sides_to_read() {
    let mut s = pending(Light::Daylight);
    let events = set_surprise(
        &mut s,
        1,
        Some((Side::Finnish, SurpriseLevel::Sleeping)),
        "the platoon slept in the sauna",
    )
    .expect("set");
    let surprise = s.battles[0].surprise.clone().expect("set");
    assert_eq!(surprise.effect.command_dice, 3);
    assert_eq!(surprise.effect.blue_dice, 3);
    assert_eq!(events[0].visibility, EventVisibility::Public);
    assert!(
        events[0]
            .sentence
            .contains("3 command dice, 3 of them blue")
    );
    set_surprise(&mut s, 1, None, "").expect("cleared");
    assert_eq!(s.battles[0].surprise, None);
    assert_eq!(
        set_surprise(&mut s, 2, None, ""),
        Err(SheetError::UnknownBattle(2))
    );
}

#[test]
fn turn_zero_needs_a_recon_unit_sent_ahead_and_rolls_phases_on_success() {
    let report = |deployed, lost| TurnZeroReport {
        finnish_units_deployed: deployed,
        wiped_out_or_captured: lost,
        killed: 2,
        wounded: 1,
    };
    let mut s = pending(Light::Daylight);
    let mut dice = ScriptedDice::new([4]);
    assert_eq!(
        record_turn_zero(&mut s, 1, &report(2, false), &mut dice),
        Err(SheetError::NoTurnZero(1))
    );
    assign_support_points(&mut s, 1, Side::Soviet, 2).expect("points");
    set_purchases(
        &mut s,
        1,
        Side::Soviet,
        &[PurchaseRequest {
            item: "sov-recon".into(),
            platoon: "sov-1".into(),
            turn_zero: true,
        }],
    )
    .expect("bought");
    for (deployed, lost, succeeded) in [(1, false, false), (2, true, false), (2, false, true)] {
        let mut s = s.clone();
        let mut dice = ScriptedDice::new([4]);
        record_turn_zero(&mut s, 1, &report(deployed, lost), &mut dice).expect("recorded");
        let zero = s.battles[0].turn_zero.clone().expect("kept");
        assert_eq!(zero.succeeded, succeeded);
        assert_eq!(zero.extra_die_phases, succeeded.then_some(4));
        assert_eq!(dice.remaining(), usize::from(!succeeded));
        assert_eq!(
            record_turn_zero(&mut s, 1, &report(2, false), &mut dice),
            Err(SheetError::TurnZeroRecorded(1))
        );
    }
    // The recon unit is not a retained item: it does not stay after the battle.
    submit_report(
        &mut s,
        1,
        Reporter::Umpire,
        &BattleReport::bare(Side::Soviet, 3),
    )
    .expect("applied");
    assert!(s.platoons["sov-1"].retained.is_empty());
}

#[test]
fn optional_rules_turned_off_by_the_pack_are_refused_or_left_out() {
    let mut s = pending(Light::Daylight);
    for rule in [
        "surprise",
        "reconnaissance",
        "captured_equipment",
        "smaller_forces",
    ] {
        s.optional_rules.insert(rule.into(), false);
    }
    assert_eq!(
        set_surprise(
            &mut s,
            1,
            Some((Side::Finnish, SurpriseLevel::Sleeping)),
            ""
        ),
        Err(SheetError::RuleOff("surprise", "R4"))
    );
    set_surprise(&mut s, 1, None, "").expect("clearing is always allowed");
    assign_support_points(&mut s, 1, Side::Soviet, 2).expect("points");
    let recon = PurchaseRequest {
        item: "sov-recon".into(),
        platoon: "sov-1".into(),
        turn_zero: true,
    };
    assert_eq!(
        set_purchases(&mut s, 1, Side::Soviet, &[recon]),
        Err(crate::games::wons::rules::support::SupportError::NoTurnZero)
    );
    let mut dice = ScriptedDice::new([1]);
    let report = TurnZeroReport {
        finnish_units_deployed: 2,
        wiped_out_or_captured: false,
        killed: 0,
        wounded: 0,
    };
    assert_eq!(
        record_turn_zero(&mut s, 1, &report, &mut dice),
        Err(SheetError::RuleOff("reconnaissance", "R1.4.3"))
    );
    // Without smaller forces, a one-section force rolls like a full platoon.
    s.platoons
        .get_mut("sov-1")
        .expect("sov-1")
        .toe
        .elements
        .retain(|e| e.kind != ElementKind::Section || e.name == "1st Section");
    crate::games::wons::rules::battle_sheet::roll_starting_force_morale(
        &mut s,
        1,
        Side::Soviet,
        &crate::games::wons::rules::tables::force_morale::ForceMoraleTable::DEFAULT,
        &mut dice,
    )
    .expect("rolled");
    assert_eq!(s.battles[0].sheets[0].blue_dice, 0);
    assert!(s.battles[0].sheets[0].force_morale.modifiers.is_empty());
    // Without captured equipment, nothing left on the field is rolled for.
    let mut report = BattleReport::bare(Side::Finnish, 4);
    report.abandoned = vec![AbandonedIn {
        platoon: "sov-1".into(),
        weapon: "lmg".into(),
        he_drove_off_owner: false,
    }];
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    assert_eq!(
        capture_device(&mut s, 1, Side::Finnish, &grab("fin-1"), None, &mut dice),
        Err(ReportError::NoCapture)
    );
}

#[test]
fn good_information_reveals_the_enemys_support_for_the_next_battle_only() {
    for (die, told) in [(5, true), (1, false)] {
        let mut s = pending(Light::Daylight);
        let mut report = BattleReport::bare(Side::Finnish, 4);
        report.prisoners = vec![PrisonerTaken {
            taken_by: Side::Finnish,
            name: "Private Sidorov".into(),
            deserter: false,
            hero: false,
        }];
        submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
        let ask = InterrogationRequest {
            prisoner: "Private Sidorov".into(),
            deserter: false,
            hero: false,
        };
        interrogate_prisoner(
            &mut s,
            1,
            Side::Finnish,
            &ask,
            &mut ScriptedDice::new([die]),
        )
        .expect("interrogated");
        // The next battle at C: the Soviets buy grenades for it.
        let mut next = s.battles[0].clone();
        next.id = 2;
        next.status = BattleStatus::Pending;
        next.report = None;
        next.abandoned.clear();
        s.battles.push(next);
        assign_support_points(&mut s, 2, Side::Soviet, 1).expect("points");
        let grenades = PurchaseRequest {
            item: "sov-grenades".into(),
            platoon: "sov-1".into(),
            turn_zero: false,
        };
        let events = set_purchases(&mut s, 2, Side::Soviet, &[grenades]).expect("bought");
        // The Finns hear of it exactly when their view shows it, and only the names.
        let heard: Vec<&str> = events
            .iter()
            .filter(|e| e.visibility == EventVisibility::Finnish)
            .map(|e| e.sentence.as_str())
            .collect();
        let expected_heard: Vec<&str> = if told {
            vec!["Prisoners' word on battle 2: the Soviet support is now Plentiful hand grenades."]
        } else {
            vec![]
        };
        assert_eq!(heard, expected_heard, "die {die}");
        assert!(heard.iter().all(|h| !h.contains("sov-1")));
        let finns = crate::games::wons::views::finnish_view(&s).0;
        let expected = told.then(|| vec!["Plentiful hand grenades".to_owned()]);
        assert_eq!(
            finns.battles[1].enemy_support_revealed, expected,
            "die {die}"
        );
        assert_eq!(finns.battles[0].enemy_support_revealed, None);
        let soviets = crate::games::wons::views::soviet_view(&s).0;
        assert!(
            soviets
                .battles
                .iter()
                .all(|b| b.enemy_support_revealed.is_none())
        );
    }
}
