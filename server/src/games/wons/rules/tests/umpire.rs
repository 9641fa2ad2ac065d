//! Umpire commands: audited corrections, reveals, and the end of the campaign.

use super::demo;
use crate::core::domain::{Role, Side};
use crate::games::wons::rules::events::{EventKind, EventVisibility, visible_events};
use crate::games::wons::rules::knowledge::SightingSource;
use crate::games::wons::rules::state::CampaignStatus;
use crate::games::wons::rules::{Reveal, UmpireError, end_campaign, umpire_correct, umpire_reveal};
use serde_json::json;

#[test]
fn a_correction_is_audited_and_its_values_shown_only_to_the_owner() {
    let mut s = demo();
    let events = umpire_correct(
        &mut s,
        "/platoons/fin-1/fatigue",
        json!(9),
        "fatigue miscounted after battle 1",
    )
    .unwrap();
    assert_eq!(s.platoons["fin-1"].fatigue, 9);
    assert_eq!(events[0].visibility, EventVisibility::Public);
    assert_eq!(
        events[0].sentence,
        "Umpire correction: fatigue miscounted after battle 1"
    );
    assert_eq!(events[1].visibility, EventVisibility::Finnish);
    assert!(events[1].sentence.contains("0 → 9"));
    let soviet = visible_events(&events, Role::Soviet);
    assert!(soviet.iter().all(|e| !e.sentence.contains('9')
        || e.kind != EventKind::Correction
        || e.visibility == EventVisibility::Public));
    assert_eq!(soviet.len(), 1);
}

#[test]
fn corrections_refuse_bad_paths_values_and_missing_reasons() {
    let mut s = demo();
    let before = s.clone();
    assert_eq!(
        umpire_correct(&mut s, "/platoons/fin-1/fatigue", json!(1), "  "),
        Err(UmpireError::NoReason)
    );
    assert!(matches!(
        umpire_correct(&mut s, "/platoons/nobody/fatigue", json!(1), "r"),
        Err(UmpireError::NoSuchValue(_))
    ));
    assert!(matches!(
        umpire_correct(&mut s, "/platoons/fin-1/fatigue", json!("tired"), "r"),
        Err(UmpireError::BadValue { .. })
    ));
    assert_eq!(s, before);
}

#[test]
fn corrections_leave_battle_numbers_alone() {
    let mut s = crate::games::wons::rules::battle::thirty_decided();
    s.battles.retain(|b| b.id > 20);
    s.battles_opened = 31;
    let before = s.clone();
    for (path, value) in [
        ("/battles_opened", json!(12)),
        ("/battles/0/id", json!(3)),
        ("/battles/0/id", json!(22)),
    ] {
        let refused = umpire_correct(&mut s, path, value, "renumbering");
        assert!(
            matches!(&refused, Err(UmpireError::BadValue { why, .. }) if why.contains("archive")),
            "{path}: {refused:?}"
        );
    }
    assert_eq!(s, before);
    umpire_correct(&mut s, "/battles/0/hour", json!(2), "the clock was wrong")
        .expect("other battle values may be corrected");
    // A battle added by correction takes a number never used.
    let mut added = serde_json::to_value(&s.battles[0]).expect("a battle");
    added["id"] = json!(32);
    umpire_correct(&mut s, "/battles/10", added, "a battle the table fought")
        .expect("a new battle numbered 32");
    assert_eq!(s.battle_count(), 32);
}

#[test]
fn moving_a_platoon_by_correction_updates_what_sides_see() {
    let mut s = demo();
    umpire_correct(
        &mut s,
        "/platoons/sov-1/step",
        json!(3),
        "misplaced counter",
    )
    .unwrap();
    assert_eq!(
        s.knowledge.finnish.sightings["sov-1"].source,
        SightingSource::SameStep
    );
    umpire_correct(
        &mut s,
        "/initiative",
        json!("finnish"),
        "initiative after the night battle",
    )
    .unwrap();
    assert_eq!(s.initiative, Side::Finnish);
}

#[test]
fn reveals_tell_one_side_one_fact() {
    let mut s = demo();
    let events = umpire_reveal(
        &mut s,
        Side::Finnish,
        &Reveal::Platoon { id: "sov-5".into() },
    )
    .unwrap();
    assert_eq!(events[0].visibility, EventVisibility::Finnish);
    assert_eq!(
        s.knowledge.finnish.sightings["sov-5"].source,
        SightingSource::UmpireReveal
    );
    // A side's own platoon is refused by its name.
    let own = umpire_reveal(
        &mut s,
        Side::Finnish,
        &Reveal::Platoon { id: "fin-1".into() },
    )
    .expect_err("its own platoon");
    assert_eq!(
        own.to_string(),
        "1st Platoon, 3rd Company is that side's own: tell a side only of the enemy"
    );
    umpire_reveal(
        &mut s,
        Side::Soviet,
        &Reveal::Feature {
            id: "fin-minefield-d".into(),
        },
    )
    .unwrap();
    assert_eq!(s.features["fin-minefield-d"].known_to_enemy_since, Some(1));
}

#[test]
fn ending_the_campaign_evaluates_the_victory_conditions() {
    let mut s = demo();
    let events = end_campaign(&mut s.clone()).unwrap();
    assert!(
        events[0].sentence.contains("Finnish success"),
        "{}",
        events[0].sentence
    );
    s.soviet_reached.insert(11, 30);
    end_campaign(&mut s).unwrap();
    let CampaignStatus::Ended { result } = &s.status else {
        panic!("ended")
    };
    assert_eq!(
        (result.winner, result.name.as_str()),
        (Side::Soviet, "Soviet victory: Pienporkku line broken")
    );
    assert_eq!(end_campaign(&mut s), Err(UmpireError::Ended));
    let mut late = demo();
    late.soviet_reached.insert(13, 49);
    end_campaign(&mut late).unwrap();
    let CampaignStatus::Ended { result } = &late.status else {
        panic!("ended")
    };
    assert_eq!(
        result.winner,
        Side::Finnish,
        "reaching Rautu after Hour 48 does not count"
    );
}

#[test]
fn correction_details_follow_the_owner_of_the_value() {
    let mut s = demo();
    let events = umpire_correct(
        &mut s,
        "/ladder/4/buildings/0/name",
        json!("Old Farmhouse"),
        "map label",
    )
    .unwrap();
    assert_eq!(events[1].visibility, EventVisibility::Umpire);
    let events = umpire_correct(&mut s, "/stacks/0/id", json!("spearhead"), "renamed").unwrap();
    assert_eq!(events[1].visibility, EventVisibility::Soviet);
    let events = umpire_correct(&mut s, "/initiative", json!("finnish"), "ruling").unwrap();
    assert_eq!(events.len(), 1);
    assert!(
        events[0].sentence.contains("\"soviet\" → \"finnish\""),
        "{}",
        events[0].sentence
    );
}

#[test]
fn the_state_survives_a_json_round_trip() {
    let mut s = demo();
    s.soviet_reached.insert(5, 7);
    umpire_reveal(
        &mut s,
        Side::Soviet,
        &Reveal::Platoon { id: "fin-3".into() },
    )
    .unwrap();
    let text = serde_json::to_string(&s).unwrap();
    let back: crate::games::wons::rules::WonsState = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
}

#[test]
fn positions_remember_when_they_were_first_spotted() {
    let mut s = demo();
    s.hour = 3;
    umpire_reveal(
        &mut s,
        Side::Soviet,
        &Reveal::Platoon { id: "fin-1".into() },
    )
    .unwrap();
    let known = &s.knowledge.soviet;
    assert!(
        !known.spotted_at_least(3, 4, 6),
        "three Hours are not enough"
    );
    assert!(known.spotted_at_least(3, 4, 7));
    assert!(!known.spotted_at_least(4, 4, 20), "nothing was seen at E");
}

#[test]
fn a_battle_correction_tells_each_side_only_what_it_could_see_there() {
    use crate::games::wons::rules::battle::{BattleStatus, demo_with_battle};
    use crate::games::wons::rules::support::SideSupport;
    let mut s = demo_with_battle(1, BattleStatus::Pending);
    s.battles[0].support.push(SideSupport {
        side: Side::Finnish,
        points: 3,
        purchases: Vec::new(),
        other_spending: Vec::new(),
    });
    // The Finnish points, and who defended, are not the Soviets' to read.
    for (path, value) in [
        ("/battles/0/support/0/points", json!(7)),
        ("/battles/0/defenders", json!(["fin-2"])),
        ("/battles/0/support/0/side", json!("soviet")),
    ] {
        let mut t = s.clone();
        let events = umpire_correct(&mut t, path, value.clone(), "recount").unwrap();
        for e in visible_events(&events, Role::Soviet) {
            assert!(
                !e.sentence.contains(path) && !e.sentence.contains(&value.to_string()),
                "{path}: {}",
                e.sentence
            );
        }
        assert!(
            events
                .iter()
                .any(|e| e.visibility == EventVisibility::Umpire || e.sentence.contains(path)),
            "the umpire reads the values of {path}"
        );
    }
    // The points belong to the Finns: they read old and new.
    let events = umpire_correct(&mut s, "/battles/0/support/0/points", json!(4), "r").unwrap();
    assert_eq!(events[1].visibility, EventVisibility::Finnish);
    assert!(
        events[1].sentence.contains("3 → 4"),
        "{}",
        events[1].sentence
    );
    // The table is public.
    let events = umpire_correct(&mut s, "/battles/0/table", json!("yellow"), "r").unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].visibility, EventVisibility::Public);
}

#[test]
fn a_correction_that_breaks_the_state_is_refused_naming_the_fault() {
    let mut s = demo();
    let before = s.clone();
    for (path, value, named) in [
        ("/hour", json!(4294967295u32), "hour"),
        ("/hour", json!(0), "hour"),
        ("/ladder", json!([]), "ladder"),
        ("/platoons/fin-1/step", json!(99999), "step"),
        (
            "/features",
            json!({"x": {"id": "y", "kind": "minefield", "owner": "finnish", "step": 1, "count": 1, "created_hour": 0, "known_to_enemy_since": null}}),
            "feature",
        ),
        ("/stacks/0/platoons", json!(["nobody"]), "nobody"),
    ] {
        match umpire_correct(&mut s, path, value, "typo") {
            Err(UmpireError::BadValue { why, .. }) => {
                assert!(why.contains(named), "{path}: {why}")
            }
            other => panic!("{path}: {other:?}"),
        }
        assert_eq!(s, before, "{path}: a refused correction changes nothing");
    }
}
