//! The only place hidden information is decided: state in, one typed view per role out.

pub mod campaign;
pub mod dice;
pub mod heroes;
pub mod talvisota;
pub mod wons;
pub mod wons_picture;
