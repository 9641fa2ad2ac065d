//! Talvisota 1939-1940: its pure rules, commands, views, API and pages.

pub mod api;
pub mod commands;
pub mod form;
pub mod game;
pub mod pages;
pub mod rules;
pub mod views;

pub use game::Talvisota;
