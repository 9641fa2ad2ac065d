//! motti-dice/v1: seeds, derivation, expressions, procedures, export and verification.

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
pub mod verify;

#[cfg(test)]
mod tests;
