//! Integration tests: the real router on a real PostgreSQL, driven like a client.

mod accounts;
mod api_doc;
mod authz;
mod browser;
mod campaigns;
mod common;
mod dice;
mod dice_reveal;
mod dice_upgrade;
mod embedded_pg;
mod errors;
mod event_log;
mod heroes;
mod live;
mod talvisota;
mod talvisota_browser;
mod talvisota_checks;
mod talvisota_input;
mod wons;
mod wons_battle_browser;
mod wons_battle_pages;
mod wons_browser;
mod wons_campaign;
