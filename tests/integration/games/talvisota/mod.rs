//! Talvisota: whole games, hidden command sheets, pages and bad input.

mod checks;
pub mod game;
mod input;
