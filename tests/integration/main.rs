//! Integration tests: the real router on a real PostgreSQL, driven like a client.

mod accounts;
mod browser;
mod campaigns;
mod common;
mod dice;
mod embedded_pg;
mod errors;
mod event_log;
mod hangups;
mod hardening;
mod heroes;
mod hostile_uploads;
mod live;
mod redirects;
mod talvisota;
mod talvisota_browser;
mod talvisota_checks;
mod talvisota_input;
mod text_fields;
mod wons;
mod wons_battle_browser;
mod wons_battle_pages;
mod wons_browser;
mod wons_campaign;
