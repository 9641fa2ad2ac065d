//! Winter of No Surrender: the campaign layer (ladder, Hours, orders, fatigue, hidden knowledge)
//! and everything around the tabletop battle (the sheet, support, barrages, the report, capture,
//! prisoners, heroes, the battle-table dice).
//!
//! Pure rules: a `WonsState` goes in, the commands mutate it and return the `Event`s they made.

pub mod aftermath;
pub mod archive;
pub mod awaited;
pub mod barrage;
pub mod battle;
pub mod battle_sheet;
pub mod campaign;
pub mod clock;
pub mod consistency;
pub mod events;
pub mod fatigue;
pub mod hero_fate;
pub mod heroes;
pub mod hour;
pub mod knowledge;
pub mod ladder;
pub mod legality;
mod movement;
pub mod orders;
pub mod pack;
pub mod platoon;
pub mod prisoners;
pub mod readings;
mod refusals;
pub mod state;
pub mod support;
pub mod tables;
pub mod umpire;
pub mod victory;
mod works;

#[cfg(test)]
mod tests;

pub use aftermath::record_battle_result;
pub use battle::{Battle, BattleError, BattleStatus};
pub use campaign::{load_pack, start_campaign};
pub use events::{Event, EventKind, EventVisibility, visible_events};
pub use fatigue::{Action, Light, exhaustion, fatigue_change};
pub use hour::{HourError, resolve_hour, take_extra_action};
pub use orders::{
    Order, OrderError, PlatoonOrder, give_orders, legal_actions, mark_ready, set_reorganization,
    withdraw_ready,
};
pub use pack::{DEMO_PACK, PackError};
pub use state::WonsState;
pub use umpire::{Reveal, UmpireError, end_campaign, umpire_correct, umpire_reveal};
