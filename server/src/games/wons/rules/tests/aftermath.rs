//! After the battle: reports by the umpire or agreed by both sides, TOE losses, retained support,
//! prisoners, equipment capture (R1.4, R1.5, R25), and the sheet's surprise and Turn Zero (R4,
//! R1.4.3).

use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::aftermath::{
    AbandonedIn, BattleReport, CaptureRequest, Casualty, FinalForceMorale, PrisonerTaken,
    ReportError, Reporter, capture_device, submit_report,
};
use crate::games::wons::rules::battle::{BattleError, BattleStatus, demo_with_battle};
use crate::games::wons::rules::battle_sheet::{
    SheetError, TurnZeroReport, record_turn_zero, set_surprise,
};
use crate::games::wons::rules::events::EventVisibility;
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::platoon::{ElementKind, RetainedItem};
use crate::games::wons::rules::prisoners::{
    InterrogationRequest, PrisonerError, interrogate_prisoner,
};
use crate::games::wons::rules::state::WonsState;
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::tables::interrogation::InterrogationResult;
use crate::games::wons::rules::tables::surprise::SurpriseLevel;

fn hour(light: Light) -> u32 {
    let probe = demo_with_battle(1, BattleStatus::Pending);
    (1..48)
        .find(|h| probe.clock.light(*h) == light)
        .expect("such an hour")
}

/// Battle 1 at C, pending: the Soviet 1st Rifle Platoon attacks the Finnish 1st Platoon there.
fn pending(light: Light) -> WonsState {
    let mut s = demo_with_battle(hour(light), BattleStatus::Pending);
    s.platoons.get_mut("fin-1").expect("fin-1").step = 2;
    s
}

fn casualty(platoon: &str, element: &str, role: &str, k: u32, w: u32, m: u32) -> Casualty {
    Casualty {
        platoon: platoon.into(),
        element: element.into(),
        role: role.into(),
        killed: k,
        wounded: w,
        missing: m,
    }
}

fn men(s: &WonsState, platoon: &str, element: &str, role: &str) -> Option<u32> {
    s.platoons[platoon]
        .toe
        .elements
        .iter()
        .find(|e| e.name == element)
        .and_then(|e| e.men.get(role).copied())
}

/// A full report: the Finns win in 2 Turns; the Soviet 1st Section is wiped out.
fn full_report() -> BattleReport {
    BattleReport {
        winner: Side::Finnish,
        turns: 2,
        casualties: vec![
            casualty("sov-1", "1st Section", "rifleman", 5, 2, 1),
            casualty("sov-1", "1st Section", "section_leader", 1, 0, 0),
            casualty("sov-1", "1st Section", "lmg_gunner", 0, 1, 1),
            casualty("fin-1", "2nd Section", "rifleman", 1, 1, 0),
        ],
        force_morale_end: vec![
            FinalForceMorale {
                side: Side::Soviet,
                value: 3,
            },
            FinalForceMorale {
                side: Side::Finnish,
                value: 8,
            },
        ],
        support_used: vec!["fin-molotov".into()],
        prisoners: vec![
            PrisonerTaken {
                taken_by: Side::Finnish,
                name: "Private Ivanov".into(),
                deserter: true,
                hero: false,
            },
            PrisonerTaken {
                taken_by: Side::Finnish,
                name: "Sergeant Petrov".into(),
                deserter: false,
                hero: false,
            },
        ],
        abandoned: vec![AbandonedIn {
            platoon: "sov-1".into(),
            weapon: "lmg".into(),
            he_drove_off_owner: false,
        }],
    }
}

fn buy(s: &mut WonsState, side: Side, points: u32, items: &[(&str, &str)]) {
    assign_support_points(s, 1, side, points).expect("points");
    let requests: Vec<PurchaseRequest> = items
        .iter()
        .map(|(item, platoon)| PurchaseRequest {
            item: (*item).into(),
            platoon: (*platoon).into(),
            turn_zero: false,
        })
        .collect();
    set_purchases(s, 1, side, &requests).expect("bought");
}

#[test]
fn the_umpires_report_carries_into_the_campaign() {
    let mut s = pending(Light::Daylight);
    buy(
        &mut s,
        Side::Finnish,
        3,
        &[("fin-molotov", "fin-1"), ("fin-smg", "fin-1")],
    );
    let sections_before = s.platoons["sov-1"].toe.sections();
    let events = submit_report(&mut s, 1, Reporter::Umpire, &full_report()).expect("applied");
    // TOE losses: the wiped-out section is gone, the other losses stay counted.
    assert_eq!(s.platoons["sov-1"].toe.sections(), sections_before - 1);
    assert_eq!(men(&s, "fin-1", "2nd Section", "rifleman"), Some(4));
    // The abandoned LMG left the Soviet TOE with its section; it lies on the field.
    assert_eq!(s.battles[0].abandoned.len(), 1);
    assert_eq!(s.battles[0].abandoned[0].owner, Side::Soviet);
    // The unused retained purchase stays with its platoon; the used Molotovs are gone.
    let kept: Vec<&str> = s.platoons["fin-1"]
        .retained
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(kept, vec!["Extra Suomi submachine guns"]);
    // The result: the attack failed, the initiative passes, two Turns give another action.
    assert_eq!(
        s.battles[0].status,
        BattleStatus::Decided {
            winner: Side::Finnish,
            turns: 2
        }
    );
    assert_eq!(s.initiative, Side::Finnish);
    assert_eq!(s.platoons["sov-1"].extra_action_from, Some(1));
    assert_eq!(
        s.platoons["sov-1"].step, 2,
        "a failed attacker keeps its ground"
    );
    // Casualties and Force Morale are told to their own side only; prisoners to both.
    for e in &events {
        if e.sentence.contains("lost from") || e.sentence.contains("Force Morale") {
            assert_ne!(e.visibility, EventVisibility::Public, "{}", e.sentence);
        }
    }
    assert!(
        events
            .iter()
            .any(|e| e.visibility == EventVisibility::Public
                && e.sentence.contains("took 2 prisoner(s)")
                && !e.sentence.contains("deserter"))
    );
    // Who deserted is the captors' knowledge only.
    assert!(events.iter().any(|e| {
        e.visibility == EventVisibility::Finnish
            && e.sentence
                .contains("1 of the prisoners taken in battle 1 came over as deserters")
    }));
    let soviets = crate::games::wons::views::soviet_view(&s).0;
    let report = soviets.battles[0]
        .report
        .as_ref()
        .expect("the Soviets read the report");
    assert!(
        report.prisoners.is_empty(),
        "the Soviets are not told who deserted"
    );
    assert_eq!(
        submit_report(&mut s, 1, Reporter::Umpire, &full_report()),
        Err(ReportError::Battle(BattleError::AlreadyDecided(1)))
    );
}

#[test]
fn a_winning_attack_makes_the_defenders_retreat() {
    let mut s = pending(Light::Daylight);
    let mut report = BattleReport::bare(Side::Soviet, 5);
    report.casualties = vec![casualty("fin-1", "Platoon HQ", "platoon_leader", 1, 0, 0)];
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    assert_eq!(
        s.platoons["fin-1"].step, 3,
        "the losers retreat from C to D"
    );
    assert_eq!(s.initiative, Side::Soviet);
    assert_eq!(s.platoons["fin-1"].extra_action_from, None);
    assert_eq!(men(&s, "fin-1", "Platoon HQ", "platoon_leader"), Some(0));
    assert!(
        s.platoons["fin-1"]
            .toe
            .elements
            .iter()
            .any(|e| e.kind == ElementKind::Headquarters),
        "the runners are still there"
    );
}

/// The part of `report` that concerns `side`.
fn part(report: &BattleReport, side: Side) -> BattleReport {
    let own = |platoon: &str| platoon.starts_with(if side == Side::Soviet { "sov" } else { "fin" });
    let mut mine = report.clone();
    mine.casualties.retain(|c| own(&c.platoon));
    mine.abandoned.retain(|a| own(&a.platoon));
    mine.force_morale_end.retain(|f| f.side == side);
    mine.prisoners.retain(|p| p.taken_by == side);
    mine.support_used.retain(|u| own(u));
    mine
}

#[test]
fn sides_report_their_own_parts_and_agreeing_ones_are_joined() {
    let mut s = pending(Light::Daylight);
    buy(&mut s, Side::Finnish, 1, &[("fin-molotov", "fin-1")]);
    let full = full_report();
    // A side may not report the enemy's part: its platoons answer as if they were not there.
    assert!(matches!(
        submit_report(&mut s, 1, Reporter::Side(Side::Soviet), &full),
        Err(ReportError::NotOwnPlatoon(..))
    ));
    submit_report(
        &mut s,
        1,
        Reporter::Side(Side::Soviet),
        &part(&full, Side::Soviet),
    )
    .expect("kept");
    let mut finnish = part(&full, Side::Finnish);
    finnish.turns = 3;
    let events = submit_report(&mut s, 1, Reporter::Side(Side::Finnish), &finnish).expect("kept");
    assert!(events[0].sentence.contains("disagree"));
    assert_eq!(s.battles[0].status, BattleStatus::Pending);
    assert_eq!(s.battles[0].proposals.len(), 2);
    // The Finns correct the Turns: now both agree and both parts are applied.
    let events = submit_report(
        &mut s,
        1,
        Reporter::Side(Side::Finnish),
        &part(&full, Side::Finnish),
    )
    .expect("applied");
    assert!(events[0].sentence.contains("alike"));
    assert!(matches!(
        s.battles[0].status,
        BattleStatus::Decided { turns: 2, .. }
    ));
    assert!(s.battles[0].proposals.is_empty());
    let report = s.battles[0].report.clone().expect("kept");
    assert_eq!(report.casualties.len(), 4);
    assert_eq!(report.force_morale_end.len(), 2);
    assert_eq!(report.prisoners.len(), 2);
    assert_eq!(men(&s, "fin-1", "2nd Section", "rifleman"), Some(4));
    assert_eq!(s.battles[0].abandoned.len(), 1);
}

#[test]
fn bad_reports_change_nothing() {
    let base = pending(Light::Daylight);
    type Expected = fn(&ReportError) -> bool;
    let cases: Vec<(BattleReport, Expected)> = vec![
        (BattleReport::bare(Side::Soviet, 0), |e| {
            matches!(e, ReportError::Battle(BattleError::NoTurns))
        }),
        (
            BattleReport {
                casualties: vec![
                    casualty("sov-1", "1st Section", "rifleman", 6, 0, 0),
                    casualty("sov-1", "1st Section", "rifleman", 3, 0, 0),
                ],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::TooManyCasualties(_, 9, ..)),
        ),
        (
            BattleReport {
                casualties: vec![casualty("sov-1", "9th Section", "rifleman", 1, 0, 0)],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::NoSuchMen(..)),
        ),
        (
            BattleReport {
                casualties: vec![casualty("sov-2", "1st Section", "rifleman", 1, 0, 0)],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::NotInBattle(..)),
        ),
        (
            BattleReport {
                force_morale_end: vec![
                    FinalForceMorale {
                        side: Side::Soviet,
                        value: 4,
                    },
                    FinalForceMorale {
                        side: Side::Soviet,
                        value: 5,
                    },
                ],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::ForceMorale),
        ),
        (
            BattleReport {
                support_used: vec!["fin-molotov".into()],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::UnknownSupport(..)),
        ),
        (
            BattleReport {
                prisoners: vec![PrisonerTaken {
                    taken_by: Side::Finnish,
                    name: " ".into(),
                    deserter: false,
                    hero: false,
                }],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::Prisoner(1)),
        ),
        (
            BattleReport {
                abandoned: vec![AbandonedIn {
                    platoon: "fin-1".into(),
                    weapon: "tank".into(),
                    he_drove_off_owner: false,
                }],
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::NoSuchWeapon(..)),
        ),
        (
            // The Finnish 1st Platoon has three LMGs, one a section: not four.
            BattleReport {
                abandoned: (0..4)
                    .map(|_| AbandonedIn {
                        platoon: "fin-1".into(),
                        weapon: "lmg".into(),
                        he_drove_off_owner: false,
                    })
                    .collect(),
                ..BattleReport::bare(Side::Soviet, 3)
            },
            |e| matches!(e, ReportError::NoSuchWeapon(..)),
        ),
    ];
    for (report, expected) in cases {
        let mut s = base.clone();
        let e = submit_report(&mut s, 1, Reporter::Umpire, &report).expect_err("refused");
        assert!(expected(&e), "{e}");
        assert_eq!(s, base, "{e}: nothing changed");
    }
}

/// A decided battle with one device of `owner`'s left on the field.
fn field(light: Light, owner: Side, he: bool) -> WonsState {
    let mut s = pending(light);
    let platoon = if owner == Side::Soviet {
        "sov-1"
    } else {
        "fin-1"
    };
    let mut report = BattleReport::bare(Side::Finnish, 4);
    report.abandoned = vec![AbandonedIn {
        platoon: platoon.into(),
        weapon: "lmg".into(),
        he_drove_off_owner: he,
    }];
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    s
}

fn grab(platoon: &str) -> CaptureRequest {
    CaptureRequest {
        device: "b1-d1".into(),
        platoon: platoon.into(),
        difficult_place: false,
        been_in_close_combat_range: false,
        heavier_weapon: false,
        proficient_crew: false,
    }
}

fn roll(
    s: &mut WonsState,
    side: Side,
    request: &CaptureRequest,
    hero: Option<&str>,
    die: u32,
) -> bool {
    let mut dice = ScriptedDice::new([die]);
    capture_device(s, 1, side, request, hero, &mut dice).expect("rolled");
    s.battles[0].abandoned[0]
        .capture
        .as_ref()
        .expect("kept")
        .roll
        .captured
}

#[test]
fn capture_rolls_with_every_modifier() {
    let light = Light::Daylight;
    // Plain: 4–6.
    for (die, captured) in [(3, false), (4, true)] {
        let mut s = field(light, Side::Soviet, false);
        assert_eq!(
            roll(&mut s, Side::Finnish, &grab("fin-1"), None, die),
            captured
        );
    }
    // HE drove the owner off: 5–6.
    for (die, captured) in [(4, false), (5, true)] {
        let mut s = field(light, Side::Soviet, true);
        assert_eq!(
            roll(&mut s, Side::Finnish, &grab("fin-1"), None, die),
            captured
        );
    }
    // A difficult place: one harder.
    let mut hard = grab("fin-1");
    hard.difficult_place = true;
    for (die, captured) in [(4, false), (5, true)] {
        let mut s = field(light, Side::Soviet, false);
        assert_eq!(roll(&mut s, Side::Finnish, &hard, None, die), captured);
    }
    // Darkness −1, unless the capturer was within close combat range.
    let mut s = field(Light::Darkness, Side::Soviet, false);
    assert!(!roll(&mut s, Side::Finnish, &grab("fin-1"), None, 4));
    let mut close = grab("fin-1");
    close.been_in_close_combat_range = true;
    let mut s = field(Light::Darkness, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &close, None, 4));
    // Friendly abandoned equipment: one step easier, 3–6.
    let mut s = field(light, Side::Soviet, false);
    assert!(!roll(&mut s, Side::Soviet, &grab("sov-1"), None, 2));
    let mut s = field(light, Side::Soviet, false);
    assert!(roll(&mut s, Side::Soviet, &grab("sov-1"), None, 3));
    // The rule's own example: a friendly AT gun whose crew HE destroyed is taken over on 4–6.
    for (die, captured) in [(3, false), (4, true)] {
        let mut s = field(light, Side::Soviet, true);
        assert_eq!(
            roll(&mut s, Side::Soviet, &grab("sov-1"), None, die),
            captured
        );
    }
    assert!(
        !s.platoons["sov-1"].captured[0].foreign_ammunition,
        "its own side's weapon uses its own ammunition"
    );
}

#[test]
fn captured_weapons_join_the_capturer_with_their_notes() {
    let mut heavy = grab("fin-1");
    heavy.heavier_weapon = true;
    // A heavier weapon goes into use at once only on a 6 …
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &heavy, None, 5));
    let taken = &s.platoons["fin-1"].captured[0];
    assert!(!taken.usable_at_once && taken.foreign_ammunition && taken.battle == 1);
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &heavy, None, 6));
    assert!(s.platoons["fin-1"].captured[0].usable_at_once);
    // … or with a hero who may use any weapon, named in the sentence.
    let mut s = field(Light::Daylight, Side::Soviet, false);
    let mut dice = ScriptedDice::new([4]);
    let events = capture_device(
        &mut s,
        1,
        Side::Finnish,
        &heavy,
        Some("Korpraali Testi"),
        &mut dice,
    )
    .expect("rolled");
    assert!(s.platoons["fin-1"].captured[0].usable_at_once);
    assert!(
        events[0]
            .sentence
            .contains("Korpraali Testi may use any weapon")
    );
    assert!(events[0].sentence.contains("foreign ammunition"));
    assert!(dice.rolls[0].purpose.contains("R1.5"));
    // One roll per device; a failed roll destroyed nothing else.
    let mut dice = ScriptedDice::new([6]);
    assert!(matches!(
        capture_device(&mut s, 1, Side::Finnish, &heavy, None, &mut dice),
        Err(ReportError::AlreadyRolled(_))
    ));
    // Nothing to capture before the result, nor with a platoon that was not there.
    let mut s = pending(Light::Daylight);
    assert_eq!(
        capture_device(&mut s, 1, Side::Finnish, &grab("fin-1"), None, &mut dice),
        Err(ReportError::NotDecided(1))
    );
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(matches!(
        capture_device(&mut s, 1, Side::Finnish, &grab("fin-2"), None, &mut dice),
        Err(ReportError::NotInBattle(..))
    ));
    assert_eq!(dice.remaining(), 1, "refusals roll nothing");
}

#[test]
fn an_abandoned_retained_item_is_recaptured_as_a_retained_item() {
    let mut s = pending(Light::Daylight);
    s.platoons
        .get_mut("sov-1")
        .expect("sov-1")
        .retained
        .push(RetainedItem {
            id: "b0-sov-satchel-1".into(),
            name: "Satchel charges".into(),
        });
    let mut report = BattleReport::bare(Side::Soviet, 4);
    report.abandoned = vec![AbandonedIn {
        platoon: "sov-1".into(),
        weapon: "Satchel charges".into(),
        he_drove_off_owner: false,
    }];
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    assert!(s.platoons["sov-1"].retained.is_empty());
    assert!(roll(&mut s, Side::Finnish, &grab("fin-1"), None, 6));
    assert_eq!(s.platoons["fin-1"].retained[0].name, "Satchel charges");
}

#[test]
fn listed_prisoners_are_interrogated_once_with_the_reports_flags() {
    let mut s = pending(Light::Daylight);
    let mut report = full_report();
    report.prisoners.push(PrisonerTaken {
        taken_by: Side::Finnish,
        name: "Kombat Hero".into(),
        deserter: false,
        hero: true,
    });
    report.support_used.clear();
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    let ask = |name: &str| InterrogationRequest {
        prisoner: name.into(),
        deserter: false,
        hero: false,
    };
    let mut dice = ScriptedDice::new([3, 3]);
    assert_eq!(
        interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Nobody"), &mut dice),
        Err(PrisonerError::NotTaken("Nobody".into(), 1))
    );
    // The deserter listed in the report gets his +1 though the request did not say so.
    interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("private ivanov"), &mut dice)
        .expect("interrogated");
    assert_eq!(s.interrogations[0].interrogation.total, Some(4));
    assert_eq!(
        interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Private Ivanov"), &mut dice),
        Err(PrisonerError::AlreadyInterrogated("Private Ivanov".into()))
    );
    // The hero gives name and rank only, with no roll.
    interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Kombat Hero"), &mut dice)
        .expect("interrogated");
    assert_eq!(
        s.interrogations[1].interrogation.result,
        InterrogationResult::NameAndRank
    );
    assert_eq!(dice.remaining(), 1);
}

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

#[test]
fn a_sides_report_naming_enemy_things_is_refused_as_if_they_did_not_exist() {
    let mut s = pending(Light::Daylight);
    buy(&mut s, Side::Finnish, 1, &[("fin-molotov", "fin-1")]);
    let refusal = |s: &mut WonsState, report: &BattleReport, id: &str| {
        let before = s.clone();
        let e = submit_report(s, 1, Reporter::Side(Side::Soviet), report).expect_err("refused");
        assert_eq!(*s, before, "a refused report changes nothing");
        e.to_string().replace(id, "ID")
    };
    let enemy_name = s.platoons["fin-1"].name.clone();
    // The casualties of an enemy platoon, and of a platoon nobody has.
    for (enemy, made_up) in [("fin-1", "fin-7c2e"), ("fin-2", "fin-x")] {
        let with = |platoon: &str| {
            let mut r = BattleReport::bare(Side::Finnish, 4);
            r.casualties
                .push(casualty(platoon, "1st Section", "rifleman", 1, 0, 0));
            r
        };
        let a = refusal(&mut s, &with(enemy), enemy);
        let b = refusal(&mut s, &with(made_up), made_up);
        assert_eq!(a, b);
        assert!(!a.contains(&enemy_name), "{a}");
    }
    // The enemy's hidden purchase, and an item nobody bought.
    let with = |item: &str| {
        let mut r = BattleReport::bare(Side::Finnish, 4);
        r.support_used.push(item.into());
        r
    };
    let a = refusal(&mut s, &with("fin-molotov"), "fin-molotov");
    let b = refusal(&mut s, &with("fin-nothing"), "fin-nothing");
    assert_eq!(a, b);
}
