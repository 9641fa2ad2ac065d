//! Winter of No Surrender: views, orders, Hours, battles, heroes and a whole campaign, each test
//! at a `client::WonsTable`.

mod battle_pages;
mod campaign;
pub mod client;
mod deadline_claim;
mod game;
mod game_orders;
mod game_secrets;
mod heroes;
mod heroes_battles;
mod kept_access;
mod replay;
