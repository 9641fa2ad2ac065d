use super::*;
use crate::core::domain::Role;
use crate::games::assisted::sequence::TurnLabeller;
use crate::games::assisted::tracker::{Happened, HookWhen, Tracker};

fn walk(conditions: Conditions, tracker: &mut Tracker) -> Vec<(String, Vec<Role>)> {
    let seq = sequence();
    let holds = |c: &str| conditions.holds(c);
    let turn = tracker.turn;
    let mut seen = Vec::new();
    while !tracker.finished && tracker.turn == turn {
        let code = tracker.phase(&seq).expect("phase").code.clone();
        let waiting = tracker.waiting_for(&seq);
        seen.push((code, waiting.clone()));
        for role in waiting {
            tracker.advance(&seq, role, &holds).expect("advance");
        }
    }
    seen
}

fn codes(seen: &[(String, Vec<Role>)]) -> Vec<&str> {
    seen.iter().map(|(c, _)| c.as_str()).collect()
}

#[test]
fn the_sequence_of_play_validates() {
    let seq = sequence();
    seq.validate(HOOKS, CONDITIONS).expect("valid");
    assert_eq!(seq.kinds[0].phases.len(), 15);
    assert_eq!(seq.last_turn, Some(11));
    assert_eq!(seq.calendar.label(5), "GT 5");
}

#[test]
fn a_game_turn_walks_soviet_then_finnish_with_the_right_player_acting() {
    let seq = sequence();
    let conditions = Conditions {
        turn: 1,
        last_turn: LAST_TURN,
        ..Conditions::default()
    };
    let (mut tracker, hooks) = Tracker::start(&seq, &|c| conditions.holds(c)).expect("start");
    let entered: Vec<_> = hooks.iter().map(|h| h.hook.as_str()).collect();
    assert_eq!(entered, [HOOK_START_OF_TURN, HOOK_SUPPLY]);
    let seen = walk(conditions, &mut tracker);
    assert_eq!(
        codes(&seen),
        [
            "soviet_logistics",
            "soviet_reinforcement",
            "soviet_movement",
            "finnish_withdrawal",
            "soviet_air_naval",
            "soviet_combat",
            "finnish_logistics",
            "finnish_reinforcement",
            "finnish_movement",
            "finnish_air",
            "finnish_combat",
            "finnish_events",
            "soviet_events",
            "end_of_turn",
        ]
    );
    let who = |code: &str| {
        seen.iter()
            .find(|(c, _)| c == code)
            .map(|(_, w)| w.clone())
            .unwrap_or_default()
    };
    assert_eq!(who("soviet_movement"), [Role::Soviet]);
    assert_eq!(who("finnish_withdrawal"), [Role::Finnish]);
    assert_eq!(who("finnish_events"), [Role::Finnish]);
    assert_eq!(who("soviet_events"), [Role::Soviet]);
    assert_eq!(who("end_of_turn"), [Role::Soviet, Role::Finnish]);
    assert_eq!(tracker.turn, 2);
    assert_eq!(tracker.phase(&seq).expect("phase").code, "soviet_logistics");
}

#[test]
fn the_second_wave_comes_only_with_timoshenko_and_a_shock_corps() {
    let seq = sequence();
    for (timoshenko, shock, expected) in [
        (true, true, true),
        (true, false, false),
        (false, true, false),
    ] {
        let conditions = Conditions {
            turn: 6,
            last_turn: LAST_TURN,
            timoshenko,
            shock_corps_formed: shock,
        };
        let (mut tracker, _) = Tracker::start(&seq, &|c| conditions.holds(c)).expect("start");
        tracker.turn = 6;
        let seen = walk(conditions, &mut tracker);
        assert_eq!(codes(&seen).contains(&"second_wave"), expected);
    }
}

#[test]
fn the_last_game_turn_has_no_events_and_ends_the_game() {
    let seq = sequence();
    let conditions = Conditions {
        turn: LAST_TURN,
        last_turn: LAST_TURN,
        ..Conditions::default()
    };
    let holds = |c: &str| conditions.holds(c);
    let (mut tracker, _) = Tracker::start(&seq, &holds).expect("start");
    tracker.turn = LAST_TURN;
    let seen = walk(conditions, &mut tracker);
    let seen = codes(&seen);
    assert!(!seen.contains(&"finnish_events"));
    assert!(!seen.contains(&"soviet_events"));
    assert_eq!(seen.last(), Some(&"end_of_turn"));
    assert!(tracker.finished);
}

#[test]
fn the_finnish_combat_phase_ends_by_removing_interdiction() {
    let seq = sequence();
    let conditions = Conditions {
        turn: 1,
        last_turn: LAST_TURN,
        ..Conditions::default()
    };
    let holds = |c: &str| conditions.holds(c);
    let (mut tracker, _) = Tracker::start(&seq, &holds).expect("start");
    tracker.phase = 11;
    assert_eq!(tracker.phase(&seq).expect("phase").code, "finnish_combat");
    let advance = tracker
        .advance(&seq, Role::Finnish, &holds)
        .expect("advance");
    let left: Vec<_> = advance
        .hooks
        .iter()
        .filter(|h| h.when == HookWhen::Leave)
        .map(|h| h.hook.as_str())
        .collect();
    assert_eq!(left, [HOOK_STACKING, HOOK_REMOVE_INTERDICTION]);
    assert!(matches!(advance.happened, Happened::PhaseChanged { .. }));
    assert_eq!(
        tracker.now_for(&seq, &seq.calendar, Role::Finnish),
        "GT 1, Finnish Event Segment: your move. Roll on the Finnish Random Events Table in this game turn's column (17.1)."
    );
}
