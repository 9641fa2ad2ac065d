//! A Winter War (GDW Europa), assisted: the pure rules of its optional and designer's-choice rules.

pub mod declarations;
pub mod rules;

pub use declarations::AWinterWar;
