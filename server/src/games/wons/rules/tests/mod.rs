//! Tests of the WoNS campaign rules, with scripted dice.

mod aftermath;
mod aftermath_capture;
mod aftermath_sheet;
mod battles;
mod fatigue_table;
mod hours;
mod leaks;
mod leaks_assertions;
mod legality;
mod live;
mod packs;
mod packs_hostile;
mod schema;
mod umpire;

use super::pack::DEMO_PACK;
use super::state::WonsState;
use super::{Event, Order, PlatoonOrder, load_pack};

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

/// Step C of the demo ladder, counting A as 0.
const C: usize = 2;
/// Step D.
const D: usize = 3;
/// Step E.
const E: usize = 4;

/// The step platoon `id` is on.
fn step(s: &WonsState, id: &str) -> usize {
    s.platoons[id].step
}

/// The fatigue of platoon `id`.
fn fatigue(s: &WonsState, id: &str) -> u32 {
    s.platoons[id].fatigue
}

/// Whether any event's sentence contains `text`.
fn says(events: &[Event], text: &str) -> bool {
    events.iter().any(|e| e.sentence.contains(text))
}
