//! An absent player's default: a pass, or the server's own move in solo play.

use super::fixtures::turn_one;
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::absent::{on_deadline, play_default};
use crate::games::talvisota::rules::{GameOptions, awaiting};
use crate::games::talvisota::rules::{Phase, TalvisotaError, TalvisotaState};

/// Lets every deadline pass until the game is over or `limit` moves were made.
fn absent_both(state: &mut TalvisotaState, limit: usize) -> usize {
    let mut dice = ScriptedDice::new(std::iter::repeat_n(1, 10_000));
    for moves in 0..limit {
        if awaiting(state).is_none() {
            return moves;
        }
        on_deadline(state, &mut dice).expect("a passed deadline moves the game on");
    }
    limit
}

#[test]
fn absent_players_pass_through_whole_turns() {
    let mut state = turn_one(GameOptions::default());
    let turn = state.turn;
    absent_both(&mut state, 12);
    assert!(
        state.turn > turn || state.phase == Phase::Finished,
        "defaults move the game on: still turn {} in {:?}",
        state.turn,
        state.phase
    );
}

#[test]
fn the_solo_finns_play_the_servers_own_move() {
    let mut state = turn_one(GameOptions {
        solo: true,
        ..GameOptions::default()
    });
    absent_both(&mut state, 3);
    assert!(
        state.finnish_sheet.is_some() || state.phase != Phase::FinnishPlacement,
        "the Finnish sheet was drawn"
    );
}

#[test]
fn a_side_not_awaited_is_refused() {
    let mut state = turn_one(GameOptions::default());
    let waiting = awaiting(&state).and_then(|r| r.side());
    let other = match waiting {
        Some(Side::Soviet) => Side::Finnish,
        _ => Side::Soviet,
    };
    let mut dice = ScriptedDice::new([]);
    assert!(matches!(
        play_default(&mut state, other, &mut dice),
        Err(TalvisotaError::NotYourTurn(_))
    ));
}
