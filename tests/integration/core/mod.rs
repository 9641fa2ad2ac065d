//! The shared core through the real server: accounts, campaigns, invites, the dice tray,
//! authorization, errors, and the server's behaviour under crashes, hang-ups and hostile input.

mod accounts;
mod accounts_manage;
mod api_clients;
mod api_doc;
mod authz;
mod backup;
mod campaigns;
mod config;
mod crash;
mod dice;
mod dice_concurrency;
mod dice_reveal;
mod dice_upgrade;
mod embedded_pg;
mod errors;
mod etag;
mod event_log;
mod hangups;
mod hardening;
mod hostile_uploads;
mod invites;
mod live;
mod live_streams;
mod mail_rhythm;
mod notify;
mod notify_hooks;
mod offline_queries;
mod pace;
mod reader_versions;
mod redirects;
mod statements;
mod statements_state;
mod talk;
mod text_fields;
mod time_zone;
