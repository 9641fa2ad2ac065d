//! Talvisota: whole games, hidden command sheets, pages and bad input, each test at a
//! `client::TalvisotaTable`.

mod checks;
pub mod client;
mod game;
mod input;
pub mod plans;
