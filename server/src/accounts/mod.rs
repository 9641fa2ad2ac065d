//! Accounts: sign-up, sign-in and sign-out, the account page with its sessions, API tokens and
//! where notifications go.

pub mod notification_pages;
pub mod notifications;
pub mod sessions;
pub mod sign;
pub mod token_pages;
pub mod tokens;
