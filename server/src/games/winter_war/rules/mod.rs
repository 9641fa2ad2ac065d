//! The pure rules of Winter War: the sequence of play (6.0), the calculations (4, 7, 11, 14–16),
//! the 1d6 procedures, the charts the players enter, our readings and the rules' refusals.

pub mod calc_combat;
pub mod calc_logistics;
pub mod calc_losses;
pub mod charts;
pub mod error;
pub mod events;
pub mod movement;
pub mod procedures;
pub mod procedures_charts;
pub mod readings;
pub mod results;
pub mod sequence;
