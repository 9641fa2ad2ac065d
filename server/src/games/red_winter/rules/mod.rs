//! The pure rules of Red Winter: sequence of play, calculations, dice procedures, readings, refusals.

pub mod sequence;
