//! The roster of unique heroes across the whole war: its table, commands, API, pages and view.

pub mod api;
pub mod commands;
pub mod db;
pub mod pages;
pub mod view;
