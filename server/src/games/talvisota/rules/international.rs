//! The international situation (rule 3.1): one die a turn moves the event marker and Finnish morale.

use super::events::{EventKind, TalvisotaEvent, public};
use super::morale::change_morale;
use super::state::TalvisotaState;
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};

/// Where a die puts the international events marker: 1–2 → −2, 3–4 → 0, 5–6 → +2.
pub fn marker_for(die: u32) -> i32 {
    match die {
        1 | 2 => -2,
        3 | 4 => 0,
        _ => 2,
    }
}

/// The Finnish player rolls the international situation; the marker value is added to Finnish
/// morale.
pub fn roll_international(state: &mut TalvisotaState, dice: &mut dyn Dice) -> Vec<TalvisotaEvent> {
    let purpose = format!("International situation, turn {} (rule 3.1)", state.turn);
    let die = dice
        .roll(RollSpec::d6s(purpose, Role::Finnish, Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(3);
    let marker = marker_for(die);
    state.international = marker;
    let mut events = vec![public(
        state.turn,
        EventKind::InternationalSituation { die, marker },
    )];
    events.extend(change_morale(
        state,
        Side::Finnish,
        marker,
        "international situation (rule 3.1)",
    ));
    events
}
