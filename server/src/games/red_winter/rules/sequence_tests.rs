use super::*;
use crate::core::domain::Role;
use crate::games::assisted::tracker::{Happened, HookWhen, Tracker};

fn never(_: &str) -> bool {
    false
}

/// Walks the rest of the current turn, returning (phase code, who is waited for, hooks run on
/// entering it) for every phase entered, ending with the first phase of the next turn.
fn walk_turn(seq: &Sequence, t: &mut Tracker) -> Vec<(String, Vec<Role>, Vec<String>)> {
    let turn = t.turn;
    let mut seen = Vec::new();
    while t.turn == turn && !t.finished {
        let waiting = t.waiting_for(seq);
        let by = waiting.first().copied().unwrap_or(Role::Umpire);
        let step = t.advance(seq, by, &never).expect("advances");
        if let Happened::PhaseChanged { to, .. } = &step.happened {
            let entered = step
                .hooks
                .iter()
                .filter(|h| h.when == HookWhen::Enter)
                .map(|h| h.hook.clone())
                .collect();
            seen.push((to.phase.clone(), t.waiting_for(seq), entered));
        }
    }
    seen
}

#[test]
fn the_declared_sequence_validates() {
    let seq = sequence(&[3], Some(4), Side::Soviet, Vec::new());
    assert_eq!(seq.validate(HOOKS, CONDITIONS), Ok(()));
    let labelled = sequence(
        &[2],
        Some(2),
        Side::Soviet,
        vec!["Dec 8 0800".into(), "Dec 8 night".into()],
    );
    assert_eq!(labelled.validate(HOOKS, CONDITIONS), Ok(()));
    assert_eq!(day_phases().len(), 7);
    assert_eq!(night_phases().len(), 9);
}

#[test]
fn a_day_turn_walks_first_player_then_second_then_victory_check() {
    let seq = sequence(&[2], Some(3), Side::Soviet, Vec::new());
    let (mut t, hooks) = Tracker::start(&seq, &never).expect("starts");
    let entered: Vec<_> = hooks.iter().map(|h| h.hook.as_str()).collect();
    assert_eq!(entered, [FLIP_FIRED, ADJUST_AMMO, REPLACEMENT_POINTS]);
    assert_eq!(t.waiting_for(&seq), [Role::Soviet]);
    assert_eq!(
        t.moment(&seq, &seq.calendar),
        "Turn 1, First Player Reset Phase"
    );
    let soviet = [Role::Soviet];
    let finnish = [Role::Finnish];
    let walked = walk_turn(&seq, &mut t);
    let codes: Vec<_> = walked
        .iter()
        .map(|(c, w, _)| (c.as_str(), w.as_slice()))
        .collect();
    assert_eq!(
        codes,
        [
            ("first_action", &soviet[..]),
            ("first_combat", &soviet[..]),
            ("second_reset", &finnish[..]),
            ("second_action", &finnish[..]),
            ("second_combat", &finnish[..]),
            ("victory_check", &soviet[..]),
            ("first_reset", &soviet[..]),
        ]
    );
    assert_eq!(walked[0].2, [ARMOR_COMMITMENT, ENTER_DELAYED]);
    assert_eq!(walked[5].2, [CHECK_VICTORY]);
    assert_eq!(
        walked[6].2,
        [
            FLIP_FIRED,
            ADJUST_AMMO,
            REPLACEMENT_POINTS,
            NIGHT_RAID_AVAILABLE
        ],
        "turn 2 is a night turn and opens the night raid"
    );
    assert_eq!(t.turn, 2);
}

#[test]
fn a_night_turn_adds_the_sub_zero_loss_phase_soviets_rolling_first() {
    let seq = sequence(&[2], Some(3), Side::Soviet, Vec::new());
    let (mut t, _) = Tracker::start(&seq, &never).expect("starts");
    walk_turn(&seq, &mut t);
    let walked = walk_turn(&seq, &mut t);
    let codes: Vec<_> = walked
        .iter()
        .map(|(c, w, _)| (c.as_str(), w.clone()))
        .collect();
    assert_eq!(
        codes[4..],
        [
            ("second_combat", vec![Role::Finnish]),
            ("sub_zero_soviet", vec![Role::Soviet]),
            ("sub_zero_finnish", vec![Role::Finnish]),
            ("victory_check", vec![Role::Soviet]),
            ("first_reset", vec![Role::Soviet]),
        ]
    );
    assert_eq!(walked[5].2, [SUB_ZERO_ROLLS]);
    assert_eq!(t.turn, 3);
    assert_eq!(seq.kind_of(3).map(|k| k.code.as_str()), Some(DAY));
}

#[test]
fn leaving_a_combat_phase_removes_suppression_and_the_last_turn_ends_the_game() {
    let seq = sequence(&[1], Some(1), Side::Soviet, vec!["Dec 12 night".into()]);
    let (mut t, _) = Tracker::start(&seq, &never).expect("starts");
    t.advance(&seq, Role::Soviet, &never).expect("reset done");
    t.advance(&seq, Role::Soviet, &never).expect("action done");
    let left = t.advance(&seq, Role::Soviet, &never).expect("combat done");
    let leave: Vec<_> = left
        .hooks
        .iter()
        .filter(|h| h.when == HookWhen::Leave)
        .map(|h| h.hook.as_str())
        .collect();
    assert_eq!(leave, [REMOVE_SUPPRESSED, CLEAR_COMBAT_MARKS]);
    assert!(
        t.now_for(&seq, &seq.calendar, Role::Finnish)
            .starts_with("Dec 12 night, Second Player Reset Phase: your move.")
    );
    let mut last = None;
    while !t.finished {
        let by = t.waiting_for(&seq)[0];
        last = Some(t.advance(&seq, by, &never).expect("advances"));
    }
    let last = last.expect("ended");
    assert!(matches!(last.happened, Happened::GameEnded { .. }));
    let hooks: Vec<_> = last.hooks.iter().map(|h| h.hook.as_str()).collect();
    assert_eq!(hooks, [LOSE_UNSPENT_POINTS]);
}

#[test]
fn the_first_player_may_change_for_a_turn_and_only_the_acting_side_ends_a_phase() {
    let seq = sequence(&[], Some(2), Side::Soviet, Vec::new());
    let (mut t, _) = Tracker::start(&seq, &never).expect("starts");
    // A scenario or a change of stance (17.1) makes the Finns first this turn (RW-A17).
    t.first_player = Side::Finnish;
    assert_eq!(t.waiting_for(&seq), [Role::Finnish]);
    let refused = t
        .advance(&seq, Role::Soviet, &never)
        .expect_err("not theirs");
    assert_eq!(refused.code(), "not_your_phase");
    t.advance(&seq, Role::Umpire, &never)
        .expect("the umpire may end it");
    assert_eq!(t.waiting_for(&seq), [Role::Finnish]);
    for _ in 0..6 {
        let by = t.waiting_for(&seq)[0];
        t.advance(&seq, by, &never).expect("advances");
    }
    assert_eq!(t.turn, 2);
    assert_eq!(
        t.waiting_for(&seq),
        [Role::Soviet],
        "the next turn falls back to the declared first player"
    );
}
