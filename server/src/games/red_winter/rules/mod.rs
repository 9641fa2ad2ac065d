//! The pure rules of Red Winter: sequence of play, calculations, dice procedures, readings, refusals.

pub mod calc_combat;
pub mod calc_losses;
pub mod calc_moves;
pub mod calc_odds;
pub mod calc_resources;
pub mod calc_rolls;
pub mod calc_shifts;
pub mod calc_strength;
pub mod calc_terrain;
pub mod charts;
pub mod eligibility;
pub mod error;
pub mod procedures;
pub mod procedures_charts;
pub mod provisional;
pub mod readings;
pub mod reinforcements;
pub mod sequence;
pub mod turn_track;
