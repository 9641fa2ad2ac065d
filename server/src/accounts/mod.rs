//! Accounts: sign-up, sign-in and sign-out, the account page with its sessions, and API tokens.

pub mod sessions;
pub mod sign;
pub mod token_pages;
pub mod tokens;
