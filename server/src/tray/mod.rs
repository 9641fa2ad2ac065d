//! The dice tray: rolls and procedures, seed epochs, reveals and exports, as API, pages and views.

pub mod api;
pub mod epochs;
pub mod epochs_view;
pub mod pages;
pub mod view;
