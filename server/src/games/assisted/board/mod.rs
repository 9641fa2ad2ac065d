//! The board of an assisted game: the map's hex grid as its scenario pack numbers it, and the
//! board drawn as SVG from the grid, the terrain and the counters as one reader may see them.

pub mod grid;
pub mod hex;
pub mod picture;
pub mod svg;
pub mod symbol;
