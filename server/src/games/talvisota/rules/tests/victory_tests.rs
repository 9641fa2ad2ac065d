//! Victory and morale (rules 1.2, 3.1, 7): the morale tracks, their caps and the end of the game.

use super::fixtures::turn_one;
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::advance_phase;
use crate::games::talvisota::rules::international::marker_for;
use crate::games::talvisota::rules::state::{GameOptions, GameOutcome, Phase, TalvisotaState};

fn end(s: &mut TalvisotaState, faces: &[u32]) {
    s.phase = Phase::EndOfTurn;
    advance_phase(s, &mut ScriptedDice::new(faces.iter().copied())).expect("end of turn");
}

#[test]
fn international_track_bands() {
    assert_eq!([1, 2, 3, 4, 5, 6].map(marker_for), [-2, -2, 0, 0, 2, 2]);
}

#[test]
fn international_roll_moves_finnish_morale_with_its_cap() {
    let mut s = turn_one(GameOptions::default());
    end(&mut s, &[1]);
    assert_eq!((s.turn, s.international, s.finnish_morale), (2, -2, 17));
    end(&mut s, &[6]);
    assert_eq!((s.international, s.finnish_morale), (2, 19));
    s.finnish_morale = 22;
    end(&mut s, &[5]);
    assert_eq!(s.finnish_morale, 23, "Finnish morale never exceeds 23");
}

#[test]
fn finnish_morale_at_zero_is_a_soviet_victory_at_the_end_of_the_turn() {
    let mut s = turn_one(GameOptions::default());
    s.finnish_morale = 0;
    end(&mut s, &[]);
    assert_eq!(s.phase, Phase::Finished);
    assert!(matches!(
        s.outcome,
        Some(GameOutcome::Victory {
            winner: Side::Soviet,
            ..
        })
    ));
}

#[test]
fn soviet_morale_at_zero_is_a_finnish_victory() {
    let mut s = turn_one(GameOptions::default());
    s.soviet_morale = 0;
    end(&mut s, &[]);
    assert!(matches!(
        s.outcome,
        Some(GameOutcome::Victory {
            winner: Side::Finnish,
            ..
        })
    ));
}

#[test]
fn after_march_ii_the_higher_morale_wins() {
    for (soviet, finnish, expected) in [
        (10, 9, Some(Side::Soviet)),
        (9, 10, Some(Side::Finnish)),
        (9, 9, None),
    ] {
        let mut s = turn_one(GameOptions::default());
        s.turn = 8;
        s.soviet_morale = soviet;
        s.finnish_morale = finnish;
        end(&mut s, &[]);
        assert_eq!(s.phase, Phase::Finished);
        match expected {
            Some(winner) => assert!(
                matches!(&s.outcome, Some(GameOutcome::Victory { winner: w, .. }) if *w == winner)
            ),
            None => assert_eq!(s.outcome, Some(GameOutcome::Draw)),
        }
    }
}

#[test]
fn before_march_ii_the_game_goes_on() {
    let mut s = turn_one(GameOptions::default());
    s.turn = 7;
    end(&mut s, &[4]);
    assert_eq!(
        (s.turn, s.phase, s.outcome.clone()),
        (8, Phase::Organisation, None)
    );
}

#[test]
fn the_game_says_whom_it_waits_for() {
    use crate::core::domain::Role;
    use crate::games::talvisota::rules::awaiting;
    let mut s = turn_one(GameOptions::default());
    assert_eq!(awaiting(&s), Some(Role::Soviet));
    s.phase = Phase::FinnishPlacement;
    assert_eq!(awaiting(&s), Some(Role::Finnish));
    s.options.solo = true;
    assert_eq!(awaiting(&s), Some(Role::Umpire));
    s.phase = Phase::Finished;
    assert_eq!(awaiting(&s), None);
}
