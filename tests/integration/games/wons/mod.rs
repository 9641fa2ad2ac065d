//! Winter of No Surrender: views, orders, Hours, battles, heroes and a whole campaign.

mod battle_pages;
mod campaign;
pub mod game;
mod heroes;
