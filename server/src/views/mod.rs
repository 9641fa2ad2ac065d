//! The only place hidden information is decided: state in, one typed view per role out.

pub mod campaign;
pub mod dice;
pub mod dice_epochs;
pub mod heroes;
pub mod talvisota;
pub mod talvisota_log;
pub mod talvisota_map;
pub mod talvisota_page;
pub mod talvisota_report;
#[cfg(test)]
mod talvisota_view_tests;
pub mod wons;
pub mod wons_battle;
pub mod wons_battle_report;
#[cfg(test)]
mod wons_battle_tests;
pub mod wons_battle_umpire;
pub mod wons_battle_words;
pub mod wons_picture;
mod wons_schema;
