//! Whom a WoNS campaign waits for: each side's orders for the Hour until it marks them ready,
//! then the reports of a battle waiting for its result, or the umpire where the sides disagree.

use super::state::WonsState;
use crate::core::domain::{Role, Side};

/// Whom the campaign waits for now and what for, in words both sides may read (whether a side
/// is ready is public; its orders are not).
pub fn awaited(state: &WonsState) -> Vec<(Role, String)> {
    if !state.is_running() {
        return Vec::new();
    }
    if let Some(battle) = state.pending_battle() {
        let missing: Vec<(Role, String)> = [Side::Soviet, Side::Finnish]
            .into_iter()
            .filter(|side| !battle.proposals.iter().any(|(s, _)| s == side))
            .map(|side| (side.role(), format!("the report of battle {}", battle.id)))
            .collect();
        if missing.is_empty() {
            return vec![(
                Role::Umpire,
                format!(
                    "a decision on battle {}: the sides' reports disagree",
                    battle.id
                ),
            )];
        }
        return missing;
    }
    let what = format!("orders for {}", state.clock.label(state.hour));
    [Side::Soviet, Side::Finnish]
        .into_iter()
        .filter(|side| !state.orders.of(*side).ready)
        .map(|side| (side.role(), what.clone()))
        .collect()
}

/// The names of `side`'s platoons without an order for the Hour, in the roster's order: they
/// Defend if the side marks its orders ready as they stand.
pub fn without_orders(state: &WonsState, side: Side) -> Vec<String> {
    let given = &state.orders.of(side).orders;
    state
        .platoons_of(side)
        .filter(|p| !given.contains_key(&p.id))
        .map(|p| state.platoon_name(&p.id))
        .collect()
}
