//! Campaigns: creating and listing them, invites and participants, as API, pages and view.

pub mod api;
pub mod invite_pages;
pub mod invite_section;
pub mod invites;
pub mod pace;
pub mod pace_pages;
pub mod pace_section;
pub mod pages;
pub mod replay;
pub mod report;
pub mod talk;
pub mod talk_pages;
pub mod view;
pub mod your_move;
