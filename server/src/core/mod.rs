//! The shared core every area stands on: the domain's names, errors and refusals, the command
//! runner's transaction, what this process keeps between requests, rolls on their own, live
//! updates, free text, upload limits and time zones.

pub mod command;
pub mod domain;
pub mod error;
pub mod heavy;
pub mod kept;
pub mod lines;
pub mod live;
pub mod nesting;
pub mod openings;
pub mod reads;
pub mod refusal;
pub mod roll;
pub mod roll_writer;
pub mod text;
pub mod zone;
