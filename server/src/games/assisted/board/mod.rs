//! The board of an assisted game: the map's hex grid as its scenario pack numbers it, and the
//! unit-type symbols counters print.

pub mod grid;
pub mod hex;
pub mod symbol;
