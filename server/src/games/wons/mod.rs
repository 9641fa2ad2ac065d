//! Winter of No Surrender: the Chain of Command campaign, from its pure rules to its API and pages.

pub mod api;
pub mod game;
pub mod heroes;
pub mod pages;
pub mod rules;
pub mod story;
pub mod views;

pub use game::Wons;
