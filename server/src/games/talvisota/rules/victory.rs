//! Victory (rule 1.2): Helsinki (checked in combat), either morale at 0, or morale after turn 8.

use super::state::{GameOutcome, LAST_TURN, TalvisotaState};
use crate::core::domain::Side;

/// The result of the end-of-turn check, if the game is over.
///
/// **interpretation**: both morales at 0 together, or equal morales after the last turn, is a
/// draw; the rules name no winner for either case.
pub fn check_end_of_turn(state: &TalvisotaState) -> Option<GameOutcome> {
    let win = |winner: Side, reason: &str| {
        Some(GameOutcome::Victory {
            winner,
            reason: reason.to_string(),
        })
    };
    match (state.soviet_morale <= 0, state.finnish_morale <= 0) {
        (true, true) => return Some(GameOutcome::Draw),
        (false, true) => return win(Side::Soviet, "Finnish morale fell to 0 (rules 1.2, 7.2)"),
        (true, false) => return win(Side::Finnish, "Soviet morale fell to 0 (rules 1.2, 7.1)"),
        (false, false) => {}
    }
    if state.turn < LAST_TURN {
        return None;
    }
    match state.soviet_morale.cmp(&state.finnish_morale) {
        std::cmp::Ordering::Greater => {
            win(Side::Soviet, "higher morale after March II 1940 (rule 1.2)")
        }
        std::cmp::Ordering::Less => win(
            Side::Finnish,
            "higher morale after March II 1940 (rule 1.2)",
        ),
        std::cmp::Ordering::Equal => Some(GameOutcome::Draw),
    }
}
