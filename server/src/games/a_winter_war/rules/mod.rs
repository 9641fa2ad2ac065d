//! The pure rules of A Winter War's optional rules (A–H) and designer's-choice rules (A–C): the
//! sequence of play, every calculation the text gives, its dice procedures, the charts players
//! enter, our readings and the refusals. No I/O; dice come through `crate::dice::source`.

pub mod airborne;
pub mod calc_armor;
pub mod calc_other;
pub mod calc_supply;
pub mod charts;
pub mod combat;
pub mod error;
pub mod options;
pub mod procedures;
pub mod readings;
pub mod sequence;
