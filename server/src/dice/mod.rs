//! motti-dice: seeds, derivation, expressions, procedures, export and verification (v2, and v1
//! for the epochs rolled before it).

pub mod audience;
pub mod chain;
pub mod derive;
pub mod entropy;
pub mod export;
pub mod expr;
pub mod generic;
pub mod live;
pub mod params;
pub mod procedure;
pub mod source;
pub mod v2;
pub mod verify;

#[cfg(test)]
mod tests;
