//! The assisted games (Red Winter, Winter War, A Winter War) through the shared table API.

pub mod client;
pub mod red_winter;
pub mod table;
