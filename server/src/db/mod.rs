//! Queries, one file per table family, returning domain types.
//!
//! Values are always bound parameters. A statement built with `format!` interpolates only SQL
//! written in the code: column lists (`CAMPAIGN_COLUMNS`, `ROLL_COLUMNS`, ...), fragments
//! chosen by a `match` on an enum or a flag (a credential's source, a reader's event numbering,
//! a lock clause), a table name from a fixed list, or placeholders and columns passed as
//! `&'static str`.

pub mod campaigns;
pub mod chart_sets;
pub mod codes;
pub mod dice;
pub mod dice_epochs;
pub mod game;
pub mod invites;
pub mod kept_states;
pub mod locked;
pub mod notify;
pub mod packs;
pub mod pictures;
pub mod pool;
pub mod readers;
pub mod standing;
pub mod steps;
pub mod talk;
pub mod users;

/// Whether `e` is a unique-constraint violation (so the caller can answer 409 instead of 500).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().as_deref() == Some("23505"))
}
