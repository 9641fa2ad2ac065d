//! The two morale tracks with their ceilings (rule 7) and the morale worth of combat results.

use super::events::{EventKind, TalvisotaEvent, public};
use super::state::{FINNISH_MORALE_CAP, SOVIET_MORALE_START, TalvisotaState};
use crate::core::domain::Side;

/// The highest a side's morale may go: 23 for both (rules 7.1 and 7.2).
pub fn ceiling(side: Side) -> i32 {
    match side {
        Side::Soviet => SOVIET_MORALE_START,
        Side::Finnish => FINNISH_MORALE_CAP,
    }
}

/// The side's current morale.
pub fn morale(state: &TalvisotaState, side: Side) -> i32 {
    match side {
        Side::Soviet => state.soviet_morale,
        Side::Finnish => state.finnish_morale,
    }
}

/// Moves a morale track by `change`, kept between 0 and its ceiling, and reports it. A zero
/// change reports nothing.
///
/// **interpretation**: the track stops at 0; reaching 0 is only judged at the end of the turn
/// (rule 3.1's precision).
pub fn change_morale(
    state: &mut TalvisotaState,
    side: Side,
    change: i32,
    reason: impl Into<String>,
) -> Vec<TalvisotaEvent> {
    if change == 0 {
        return Vec::new();
    }
    let before = morale(state, side);
    let after = (before + change).clamp(0, ceiling(side));
    match side {
        Side::Soviet => state.soviet_morale = after,
        Side::Finnish => state.finnish_morale = after,
    }
    vec![public(
        state.turn,
        EventKind::MoraleChanged {
            side,
            change: after - before,
            before,
            after,
            reason: reason.into(),
        },
    )]
}
