//! Tests of the Talvisota rules, one file per area.

mod absent;
mod combat_follow_up_tests;
mod combat_tests;
mod correction_tests;
mod crt_tests;
mod data_tests;
mod datafile_hostile_tests;
mod fixtures;
mod forces;
mod full_game;
mod harassment_tests;
mod leak_tests;
mod logistics_tests;
mod placement_tests;
mod potential_tests;
mod procedure_tests;
mod sheet_tests;
mod solo_tests;
mod support_tests;
mod victory_tests;
