//! The board of an assisted game: the map's hex grid as its scenario pack numbers it.

pub mod grid;
pub mod hex;
