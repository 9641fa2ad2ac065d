//! The state every handler shares: the database pool, the configuration and what this process
//! keeps between requests.

use crate::config::Config;
use sqlx::PgPool;
use std::sync::Arc;

/// The per-account limiter on sign-in attempts, keyed on the username tried; `None` when
/// limiting is off.
pub type AccountLimiter = Arc<Option<governor::DefaultKeyedRateLimiter<String>>>;

/// Shared by all handlers; cloning it (as every extractor and layer does, several times a
/// request) copies one pointer. Holds nothing another process would need.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    /// The state holding `shared`.
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`AppState`] holds.
pub struct Shared {
    /// The PostgreSQL pool.
    pub db: PgPool,
    /// The configuration the server started with.
    pub config: Arc<Config>,
    /// Where this process's live pages hear the changes of their campaign, and the notification
    /// sender hears of outbox news.
    pub live: crate::core::live::Hub,
    /// Notes of committed changes, sent to every process's live pages after the commit.
    pub notes: crate::core::live::Notes,
    /// The per-account limit on sign-in attempts.
    pub account_limiter: AccountLimiter,
    /// Writes the rolls made without their campaign's lock, several requests' in one statement.
    pub rolls: crate::core::roll_writer::Writer,
    /// What this process keeps between requests.
    pub caches: Caches,
    /// How many pages and views this process builds at once (`core::reads`).
    pub reads: crate::core::reads::Reads,
}

/// What this process keeps between requests: bounded caches, each keyed by the version it
/// serves, so that a stale entry is never answered (see `core::kept`). Cheap to clone: clones
/// share the caches. Each `AppState` has its own, so two servers in one process (as in tests)
/// keep nothing for each other.
#[derive(Clone, Default)]
pub struct Caches {
    /// Campaign accesses, per credential and campaign (`web::access::KeptAccess`).
    pub accesses: crate::core::kept::Accesses,
    /// JSON views and game pages, by campaign, role and version (`web::view_cache`).
    pub views: crate::core::kept::Views,
    /// The dice material of rolls on their own, by campaign and epoch (`core::roll`).
    pub dice: crate::core::kept::KeptDice,
    /// Decoded game states, by campaign and revision (`db::kept_states`).
    pub states: crate::db::kept_states::KeptStates,
}
