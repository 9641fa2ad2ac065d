//! The assisted games (Red Winter, Winter War, A Winter War) through the shared table API.

pub mod a_winter_war;
pub mod client;
pub mod forms;
pub mod kept;
pub mod map_picture;
pub mod pack_library;
pub mod pack_pages;
pub mod red_winter;
pub mod sealed_bid;
pub mod sequence_page;
pub mod table;
pub mod victory;
pub mod who_acts;
pub mod winter_war;
pub mod winter_war_end;
pub mod winter_war_fog;
