//! Tests of the WoNS campaign rules, with scripted dice.

mod battles;
mod fatigue_table;
mod hours;
mod leaks;
mod legality;
mod packs;
mod schema;
mod umpire;

use super::pack::DEMO_PACK;
use super::state::WonsState;
use super::{Order, PlatoonOrder, load_pack};

/// The demo campaign's first state.
fn demo() -> WonsState {
    load_pack(DEMO_PACK).expect("the demo pack loads")
}

/// An order for `platoon`.
fn order(platoon: &str, order: Order) -> PlatoonOrder {
    PlatoonOrder {
        platoon: platoon.to_string(),
        order,
    }
}

/// Puts platoon `id` on step `step` (0 = A), as an umpire would.
fn place(state: &mut WonsState, id: &str, step: usize) {
    state.platoons.get_mut(id).expect("platoon exists").step = step;
}
