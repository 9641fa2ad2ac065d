//! The state every handler shares: the database pool and the configuration.

use crate::config::Config;
use sqlx::PgPool;
use std::sync::Arc;

/// The per-account limiter on sign-in attempts, keyed on the username tried; `None` when
/// limiting is off.
pub type AccountLimiter = Arc<Option<governor::DefaultKeyedRateLimiter<String>>>;

/// Shared by all handlers; cheap to clone. Holds nothing another process would need.
#[derive(Clone)]
pub struct AppState {
    /// The PostgreSQL pool.
    pub db: PgPool,
    /// The configuration the server started with.
    pub config: Arc<Config>,
    /// Campaign changes seen by this process, for live pages.
    pub live: tokio::sync::broadcast::Sender<crate::core::live::Live>,
    /// Notes of committed changes, sent to every process's live pages after the commit.
    pub notes: crate::core::live::Notes,
    /// The per-account limit on sign-in attempts.
    pub account_limiter: AccountLimiter,
    /// Writes the rolls made without their campaign's lock, several requests' in one statement.
    pub rolls: crate::core::roll_writer::Writer,
}
