//! One folder of tests per game, each played through the real server's API and pages.

pub mod assisted;
pub mod example;
pub mod talvisota;
pub mod wons;
