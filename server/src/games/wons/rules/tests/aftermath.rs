//! After the battle: reports by the umpire or agreed by both sides, TOE losses, retained support,
//! prisoners, equipment capture (R1.4, R1.5, R25), and the sheet's surprise and Turn Zero (R4,
//! R1.4.3).

use crate::core::domain::Side;
use crate::games::wons::rules::aftermath::{
    AbandonedIn, BattleReport, CaptureRequest, Casualty, FinalForceMorale, PrisonerTaken,
    ReportError, Reporter, submit_report,
};
use crate::games::wons::rules::battle::{BattleError, BattleStatus, demo_with_battle};
use crate::games::wons::rules::events::EventVisibility;
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::platoon::ElementKind;
use crate::games::wons::rules::state::WonsState;
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};

fn hour(light: Light) -> u32 {
    let probe = demo_with_battle(1, BattleStatus::Pending);
    (1..48)
        .find(|h| probe.clock.light(*h) == light)
        .expect("such an hour")
}

/// Battle 1 at C, pending: the Soviet 1st Rifle Platoon attacks the Finnish 1st Platoon there.
pub(super) fn pending(light: Light) -> WonsState {
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
pub(super) fn full_report() -> BattleReport {
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

pub(super) fn buy(s: &mut WonsState, side: Side, points: u32, items: &[(&str, &str)]) {
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
pub(super) fn field(light: Light, owner: Side, he: bool) -> WonsState {
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

pub(super) fn grab(platoon: &str) -> CaptureRequest {
    CaptureRequest {
        device: "b1-d1".into(),
        platoon: platoon.into(),
        difficult_place: false,
        been_in_close_combat_range: false,
        heavier_weapon: false,
        proficient_crew: false,
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
