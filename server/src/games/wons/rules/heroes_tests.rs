//! Tests of the hero rules: the roster file, equal-rank replacement, and fate rolls.

use super::*;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::hero_fate::*;
use crate::games::wons::rules::platoon::{Element, Toe};
use crate::games::wons::rules::tables::heroes::HeroHit;
use std::collections::BTreeMap;

fn element(name: &str, kind: ElementKind, men: &[(&str, u32)]) -> Element {
    Element {
        name: name.into(),
        kind,
        men: men.iter().map(|(r, n)| (r.to_string(), *n)).collect(),
        weapons: BTreeMap::new(),
    }
}

fn platoon(side: Side) -> Platoon {
    Platoon {
        id: "fin-1".into(),
        name: "1st Platoon".into(),
        side,
        step: 3,
        fatigue: 0,
        toe: Toe {
            elements: vec![
                element(
                    "Platoon HQ",
                    ElementKind::Headquarters,
                    &[("platoon_leader", 1), ("runner", 2)],
                ),
                element(
                    "1st Section",
                    ElementKind::Section,
                    &[("section_leader", 1), ("lmg_gunner", 2), ("rifleman", 6)],
                ),
                element("2nd Section", ElementKind::Section, &[("rifleman", 0)]),
            ],
        },
        retained: vec![],
        heroes: vec![],
        warm_through_hour: None,
        extra_action_from: None,
        captured: Vec::new(),
    }
}

fn roster() -> Vec<Hero> {
    parse_roster(DEFAULT_ROSTER).expect("the default roster reads")
}

fn hero(id: &str) -> Hero {
    roster()
        .into_iter()
        .find(|h| h.id == id)
        .expect("hero in roster")
}

#[test]
fn the_default_roster_has_heroes_of_both_sides_and_names_the_seeds_example() {
    let all = roster();
    assert!(all.iter().any(|h| h.side == Side::Soviet));
    assert!(all.iter().any(|h| h.side == Side::Finnish));
    assert!(all.iter().any(|h| h.name.contains("Haapala")));
    assert!(all.iter().all(|h| !h.abilities.is_empty()));
    assert!(hero("lauri-torni").any_weapon());
}

#[test]
fn bad_rosters_are_refused_with_a_reason() {
    let twice = format!(
        "{DEFAULT_ROSTER}\n{}",
        &DEFAULT_ROSTER[DEFAULT_ROSTER.find("\n[[heroes]]").unwrap_or(0)..]
    );
    assert!(parse_roster(&twice).unwrap_err().contains("twice"));
    let bad = DEFAULT_ROSTER.replacen("id = \"haapala-brothers\"", "id = \"Bad Id\"", 1);
    assert!(parse_roster(&bad).unwrap_err().contains("Bad Id"));
}

#[test]
fn roles_fall_into_grades() {
    assert_eq!(Grade::of_role("rifleman"), Grade::Ranker);
    assert_eq!(Grade::of_role("runner"), Grade::Ranker);
    assert_eq!(Grade::of_role("lmg_gunner"), Grade::Ranker);
    assert_eq!(Grade::of_role("section_leader"), Grade::JuniorLeader);
    assert_eq!(Grade::of_role("team_leader"), Grade::JuniorLeader);
    assert_eq!(Grade::of_role("platoon_leader"), Grade::SeniorLeader);
    assert_eq!(Grade::of_role("platoon_commander"), Grade::SeniorLeader);
    assert_eq!(Grade::of_role("politruk"), Grade::SeniorLeader);
}

#[test]
fn a_ranker_replaces_a_ranker_in_a_fighting_section_first() {
    let mut p = platoon(Side::Finnish);
    let men = p.toe.men();
    let replaced = enlist(&mut p, &hero("simo-hayha"), None).expect("enlists");
    assert_eq!(replaced.element, "1st Section");
    assert_eq!(Grade::of_role(&replaced.role), Grade::Ranker);
    assert_eq!(p.toe.men(), men - 1, "one man made way for him");
    assert_eq!(p.heroes, vec!["simo-hayha".to_string()]);
}

#[test]
fn a_leader_replaces_a_leader_of_his_grade() {
    let mut p = platoon(Side::Finnish);
    let replaced = enlist(&mut p, &hero("aarne-juutilainen"), None).expect("enlists");
    assert_eq!(
        (replaced.element.as_str(), replaced.role.as_str()),
        ("Platoon HQ", "platoon_leader")
    );
    let replaced = enlist(&mut p, &hero("vilho-kivi"), None).expect("enlists");
    assert_eq!(replaced.role, "section_leader");
    assert_eq!(p.toe.elements[0].men["platoon_leader"], 0);
}

#[test]
fn no_man_of_equal_rank_is_refused_and_changes_nothing() {
    let mut p = platoon(Side::Finnish);
    enlist(&mut p, &hero("aarne-juutilainen"), None).expect("the first fits");
    let before = p.clone();
    let err = enlist(&mut p, &hero("lauri-torni"), None).unwrap_err();
    assert!(matches!(err, HeroError::NoEqualRank { .. }), "{err}");
    assert!(err.to_string().contains("equal rank"));
    assert_eq!(p, before);
    let err = enlist(&mut p, &hero("simo-hayha"), Some("2nd Section")).unwrap_err();
    assert!(err.to_string().contains("2nd Section"), "{err}");
    let err = enlist(&mut p, &hero("simo-hayha"), Some("9th Section")).unwrap_err();
    assert!(matches!(err, HeroError::NoSuchElement { .. }));
    assert_eq!(p, before);
}

#[test]
fn a_hero_of_the_other_side_is_refused() {
    let mut p = platoon(Side::Soviet);
    let err = enlist(&mut p, &hero("simo-hayha"), None).unwrap_err();
    assert!(matches!(err, HeroError::WrongSide { .. }));
    assert!(p.heroes.is_empty());
}

#[test]
fn hits_kill_on_one_to_three_and_wound_on_four_to_six() {
    let simo = hero("simo-hayha");
    for (die, outcome) in [
        (1, FateOutcome::Killed),
        (3, FateOutcome::Killed),
        (4, FateOutcome::Wounded),
        (6, FateOutcome::Wounded),
    ] {
        let mut dice = ScriptedDice::new([die]);
        let roll = hit(&mut dice, &simo, HeroStatus::Serving, 2, false, None).expect("rolls");
        assert_eq!((roll.die, roll.outcome), (Some(die), outcome));
        assert!(dice.rolls[0].purpose.contains("Simo Häyhä"));
        assert!(dice.rolls[0].purpose.contains("R1.4.2"));
    }
}

#[test]
fn a_second_wound_in_one_battle_kills() {
    let simo = hero("simo-hayha");
    let mut dice = ScriptedDice::new([6]);
    let roll = hit(&mut dice, &simo, HeroStatus::Serving, 2, true, None).expect("rolls");
    assert_eq!(roll.outcome, FateOutcome::Killed);
    assert!(roll.sentence.contains("second time"));
    let aarne = hero("aarne-juutilainen");
    let roll = hit(
        &mut dice,
        &aarne,
        HeroStatus::Serving,
        2,
        true,
        Some(HeroHit::Wounded),
    )
    .expect("recorded");
    assert_eq!((roll.die, roll.outcome), (None, FateOutcome::Killed));
}

#[test]
fn leaders_bring_their_result_and_others_do_not() {
    let mut dice = ScriptedDice::new([]);
    let aarne = hero("aarne-juutilainen");
    assert!(hit(&mut dice, &aarne, HeroStatus::Serving, 1, false, None).is_err());
    let roll = hit(
        &mut dice,
        &aarne,
        HeroStatus::Serving,
        1,
        false,
        Some(HeroHit::Wounded),
    )
    .expect("recorded");
    assert_eq!(roll.outcome, FateOutcome::Wounded);
    let simo = hero("simo-hayha");
    assert!(
        hit(
            &mut dice,
            &simo,
            HeroStatus::Serving,
            1,
            false,
            Some(HeroHit::Killed)
        )
        .is_err()
    );
    assert!(dice.rolls.is_empty());
}

#[test]
fn the_dead_and_the_captured_are_not_hit() {
    let mut dice = ScriptedDice::new([5]);
    let simo = hero("simo-hayha");
    assert!(hit(&mut dice, &simo, HeroStatus::Killed, 1, false, None).is_err());
    assert!(hit(&mut dice, &simo, HeroStatus::Captured, 1, false, None).is_err());
    assert!(capture_attempt(&mut dice, &simo, HeroStatus::Killed, 1).is_err());
    assert!(escape_attempt(&mut dice, &simo, HeroStatus::Serving).is_err());
    assert_eq!(dice.remaining(), 1, "no die was rolled");
}

#[test]
fn capture_and_escape_bands() {
    let simo = hero("simo-hayha");
    for (die, outcome) in [
        (1, FateOutcome::Captured),
        (3, FateOutcome::Captured),
        (4, FateOutcome::EvadedCapture),
        (6, FateOutcome::EvadedCapture),
    ] {
        let mut dice = ScriptedDice::new([die]);
        let roll = capture_attempt(&mut dice, &simo, HeroStatus::Serving, 3).expect("rolls");
        assert_eq!(roll.outcome, outcome);
    }
    for (die, outcome) in [
        (1, FateOutcome::EscapeFailed),
        (5, FateOutcome::EscapeFailed),
        (6, FateOutcome::Escaped),
    ] {
        let mut dice = ScriptedDice::new([die]);
        let roll = escape_attempt(&mut dice, &simo, HeroStatus::Captured).expect("rolls");
        assert_eq!(roll.outcome, outcome);
        assert_eq!(
            roll.outcome.status(),
            if die == 6 {
                HeroStatus::Serving
            } else {
                HeroStatus::Captured
            }
        );
    }
}

#[test]
fn a_hero_bought_with_a_battles_points_fights_in_it() {
    use crate::games::wons::rules::battle::{BattleStatus, demo_with_battle};
    use crate::games::wons::rules::support::{assign_support_points, spend_points};
    // Battle 1 opened as Hour 1 resolved; its support is bought in Hour 2.
    let mut state = demo_with_battle(1, BattleStatus::Pending);
    let kolkka = hero("suko-kolkka");
    let fights = |state: &crate::games::wons::rules::WonsState, platoon: &str, joined: u32| {
        fights_in(&state.battles[0], platoon, joined, &kolkka)
    };
    assert!(fights(&state, "fin-1", 1), "he joined before it opened");
    assert!(
        !fights(&state, "fin-1", 2),
        "joined after it opened, not paid from it"
    );
    assign_support_points(&mut state, 1, Side::Finnish, 3).expect("assigned");
    spend_points(&mut state, 1, Side::Finnish, &kolkka.label(), kolkka.cost).expect("paid");
    assert!(fights(&state, "fin-1", 2), "its points paid for him");
    assert!(!fights(&state, "fin-2", 2), "his platoon was not in it");
    assert!(
        !fights_in(&state.battles[0], "fin-1", 2, &hero("haapala-brothers")),
        "another hero was not paid for"
    );
}
