//! Campaigns: creating and listing them, invites and participants, as API, pages and view.

pub mod api;
pub mod invite_pages;
pub mod invite_section;
pub mod invites;
pub mod pages;
pub mod view;
