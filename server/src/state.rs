//! The state every handler shares: the database pool, the configuration and what this process
//! keeps between requests.

use crate::config::Config;
use crate::core::domain::{Game, UnknownCode};
use sqlx::PgPool;
use std::any::Any;
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
    /// How many live streams this process opens at once (`core::openings`).
    pub openings: crate::core::openings::Openings,
    /// The games this server plays.
    pub games: Games,
}

/// The games a server plays, as its registry lists them (`games::registry`): their codes and
/// titles, which every layer may read, and the registry's own list, which the state holds without
/// knowing its type (the games stand above the state) and only the registry reads back.
#[derive(Clone)]
pub struct Games {
    known: Arc<[Game]>,
    list: Arc<dyn Any + Send + Sync>,
}

impl Games {
    /// The games `known`, as the registry's `list` holds them.
    pub fn new<T: Any + Send + Sync>(known: Vec<Game>, list: T) -> Games {
        Games {
            known: known.into(),
            list: Arc::new(list),
        }
    }

    /// Every game, in the order pages list them.
    pub fn known(&self) -> &[Game] {
        &self.known
    }

    /// The game whose code is `code`, if the server plays it.
    pub fn find(&self, code: &str) -> Option<Game> {
        self.known.iter().copied().find(|g| g.code() == code)
    }

    /// The game stored as `code` in `row` (a campaign): an error naming the row and the code when
    /// the server plays no such game, since a stored code is never taken for another.
    pub fn stored(&self, code: &str, row: impl std::fmt::Display) -> Result<Game, UnknownCode> {
        self.find(code).ok_or_else(|| {
            UnknownCode::new(format!(
                "{row}: the stored game code '{code}' names no game this server plays"
            ))
        })
    }

    /// The game of the campaign of `membership`, the participation of `user`: an error naming the
    /// row (campaign and user) and the code when the server plays no such game.
    pub fn of_membership(
        &self,
        membership: &crate::db::campaigns::Membership,
        user: uuid::Uuid,
    ) -> Result<Game, UnknownCode> {
        let campaign = &membership.campaign;
        self.stored(
            &campaign.game,
            format_args!("campaign {}, user {user}", campaign.id),
        )
    }

    /// The registry's list, if it is a `T`.
    pub fn list<T: Any>(&self) -> Option<&T> {
        self.list.downcast_ref()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_game_code_the_server_does_not_play_is_an_error_naming_the_row_and_the_value() {
        let talvisota = Game::new("talvisota", "Talvisota 1939-1940");
        let games = Games::new(vec![talvisota], ());
        let row = format!("campaign {}", uuid::Uuid::nil());
        assert_eq!(games.stored("talvisota", &row).expect("a game"), talvisota);
        let error = games.stored("chess", &row).expect_err("no game");
        let said = error.to_string();
        assert!(said.contains(&row) && said.contains("'chess'"), "{said}");
    }
}
