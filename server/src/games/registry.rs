//! The games a server runs: `Module`, the object-safe face of a `Game`, and `Games`, the list a
//! server is built with (`crate::state_playing`), which the router, campaign creation and its
//! form, the deadline watcher and the dice tray read; `GAMES` is the product's. Adding a game is
//! one folder and one line in a list.

use super::assisted::play::Assisted;
pub use super::assisted::play::creation::GameOptions;
pub use super::assisted::play::pack_library::PackReader;
pub use super::assisted::play::pack_pages::PackGroup;
pub use super::assisted::play::{DeskCommand, Play};
use super::{Game, Standing, Turn, runner};
use crate::core::domain;
use crate::core::error::AppError;
use crate::db;
use crate::dice::generic::generic_procedures;
use crate::dice::procedure::Procedure;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::Router;
use serde::Deserialize;
use sqlx::{Postgres, Transaction};
use std::marker::PhantomData;
use utoipa_axum::router::OpenApiRouter;
use uuid::Uuid;

/// A boxed future, so that `Module` stays object safe.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// A game as the rest of the server sees it, without its types.
pub trait Module: Send + Sync {
    /// Which game.
    fn game(&self) -> domain::Game;
    /// The path segment of its pages under a campaign.
    fn segment(&self) -> &'static str;
    /// Makes the game of a new campaign from what its creator sent (pure work, which may be
    /// long for a big scenario: callers run it off the async workers).
    fn begin(&self, scenario: Option<&serde_json::Value>) -> Result<Box<dyn NewGame>, AppError>;
    /// Acts on the passed orders deadline `seen`, if it still stands under the campaign's lock.
    fn deadline_passed<'a>(
        &'a self,
        state: &'a AppState,
        seen: &'a db::campaigns::PastDeadline,
    ) -> BoxFuture<'a, Result<(), AppError>>;
    /// The umpire plays the default of `side`'s absent player.
    fn play_default<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
        side: domain::Side,
    ) -> BoxFuture<'a, Result<(), AppError>>;
    /// The umpire ends the campaign: the game concludes, the dice are revealed.
    fn conclude<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
    ) -> BoxFuture<'a, Result<(), AppError>>;
    /// Sets up what the game keeps in the database, when the server starts.
    fn prepare<'a>(&'a self, db: &'a sqlx::PgPool) -> BoxFuture<'a, anyhow::Result<()>>;
    /// The turn or Hour of a stored state document, if it reads.
    fn turn(&self, state: &serde_json::Value) -> Option<Turn>;
    /// Where the game of a stored state document stands, if it reads.
    fn standing(&self, state: &serde_json::Value) -> Option<Standing>;
    /// `role`'s view of a stored state document (a step of the campaign's story) as the API
    /// answers it, and the board as `role` sees it, if the game draws one.
    fn replay(
        &self,
        state: serde_json::Value,
        role: domain::Role,
    ) -> Result<(serde_json::Value, Option<String>), AppError>;
    /// What the after-action report reads of a stored state document (a step of the story):
    /// its tracks and who held the initiative (see `Game::tracks`, `Game::initiative`).
    fn reading(&self, state: serde_json::Value) -> Result<super::Reading, AppError>;
    /// The campaign's battles as the after-action report tells them, the newest `limit`, oldest
    /// first (see `Game::battles`); none before the game has started.
    fn battles<'a>(
        &'a self,
        db: &'a sqlx::PgPool,
        kept: &'a db::kept_states::KeptStates,
        campaign: Uuid,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<super::BattleStory>, AppError>>;
    /// The game's own dice procedures.
    fn procedures(&self) -> Vec<&'static dyn Procedure>;
    /// Our readings of its rules.
    fn readings(&self) -> &'static [&'static str];
    /// Its JSON API.
    fn api(&self) -> OpenApiRouter<AppState>;
    /// Its pages.
    fn pages(&self) -> Router<AppState>;
    /// Its page routes (method, path).
    fn page_routes(&self) -> &'static [(&'static str, &'static str)];
    /// Its face for the shared assisted API and pages, when it is an assisted game.
    fn play(&self) -> Option<&'static dyn Play>;
    /// Its reader of the packs users import into the library, when it keeps packs there.
    fn pack_reader(&self) -> Option<&'static dyn PackReader>;
    /// Its own part of the new-campaign form, as HTML (see `Game::options_form`).
    fn options_form(&self, typed: &crate::web::form::Fields) -> Option<String>;
    /// The scenario its own fields of the new-campaign form ask for (see
    /// `Game::scenario_from_fields`).
    fn scenario_from_fields(
        &self,
        pack: &str,
        text: &str,
        typed: &crate::web::form::Fields,
    ) -> Option<Result<serde_json::Value, AppError>>;
}

/// A new campaign's game, made and checked, waiting to be written in the campaign's creating
/// transaction.
pub trait NewGame: Send {
    /// Writes the first state, its log and where the game stands.
    fn write<'a>(
        self: Box<Self>,
        tx: &'a mut Transaction<'static, Postgres>,
        campaign: Uuid,
    ) -> BoxFuture<'a, Result<(), AppError>>;
    /// Whether the campaign is played by one person against the server (see `Game::solo`).
    fn solo(&self) -> bool;
}

/// The first state of a game `G`, its log entries and standing.
struct Started<G: Game> {
    state: G::State,
    entries: Vec<db::game::NewEvent>,
    standing: super::Standing,
}

impl<G: Game> NewGame for Started<G> {
    fn write<'a>(
        self: Box<Self>,
        tx: &'a mut Transaction<'static, Postgres>,
        campaign: Uuid,
    ) -> BoxFuture<'a, Result<(), AppError>> {
        Box::pin(async move {
            db::game::save_state(tx, campaign, &self.state).await?;
            db::game::append_events(tx, campaign, &self.entries).await?;
            db::standing::save(tx, campaign, &self.standing).await?;
            let turn = G::turn(&self.state);
            let start = db::steps::NewStep {
                kind: crate::core::domain::StepKind::Turn,
                turn: turn.label,
                phase: turn.phase,
                label: None,
            };
            db::steps::mark(tx, campaign, &start).await?;
            Ok(())
        })
    }
    fn solo(&self) -> bool {
        G::solo(&self.state)
    }
}

/// A `Game` registered as a `Module`.
#[derive(Default)]
pub struct Registered<G>(PhantomData<G>);

impl<G> Registered<G> {
    /// The module of game `G`.
    pub const fn new() -> Self {
        Registered(PhantomData)
    }
}

impl<G: Game> Module for Registered<G> {
    fn game(&self) -> domain::Game {
        G::GAME
    }
    fn segment(&self) -> &'static str {
        G::SEGMENT
    }
    fn begin(&self, scenario: Option<&serde_json::Value>) -> Result<Box<dyn NewGame>, AppError> {
        let scenario = scenario.map(G::scenario).transpose()?;
        let (state, events) = G::start(scenario)?;
        Ok(Box::new(Started::<G> {
            entries: events.iter().map(|e| G::log_entry(&state, e)).collect(),
            standing: super::standing::<G>(&state),
            state,
        }))
    }
    fn deadline_passed<'a>(
        &'a self,
        state: &'a AppState,
        seen: &'a db::campaigns::PastDeadline,
    ) -> BoxFuture<'a, Result<(), AppError>> {
        Box::pin(runner::deadline_passed::<G>(state, seen))
    }
    fn play_default<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
        side: domain::Side,
    ) -> BoxFuture<'a, Result<(), AppError>> {
        Box::pin(runner::play_default::<G>(state, access, side))
    }
    fn conclude<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
    ) -> BoxFuture<'a, Result<(), AppError>> {
        Box::pin(async move { runner::conclude::<G>(state, access).await.map(drop) })
    }
    fn prepare<'a>(&'a self, db: &'a sqlx::PgPool) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(G::prepare(db))
    }
    fn turn(&self, state: &serde_json::Value) -> Option<Turn> {
        G::State::deserialize(state).ok().map(|s| G::turn(&s))
    }
    fn standing(&self, state: &serde_json::Value) -> Option<Standing> {
        G::State::deserialize(state)
            .ok()
            .map(|s| super::standing::<G>(&s))
    }
    fn replay(
        &self,
        state: serde_json::Value,
        role: domain::Role,
    ) -> Result<(serde_json::Value, Option<String>), AppError> {
        let state: G::State = serde_json::from_value(state).map_err(AppError::internal)?;
        let view = serde_json::to_value(G::view(&state, role)).map_err(AppError::internal)?;
        Ok((view, G::board(&state, role)))
    }
    fn reading(&self, state: serde_json::Value) -> Result<super::Reading, AppError> {
        let state: G::State = serde_json::from_value(state).map_err(AppError::internal)?;
        Ok(super::Reading {
            tracks: G::tracks(&state),
            initiative: G::initiative(&state),
        })
    }
    fn battles<'a>(
        &'a self,
        db: &'a sqlx::PgPool,
        kept: &'a db::kept_states::KeptStates,
        campaign: Uuid,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<super::BattleStory>, AppError>> {
        Box::pin(async move {
            let Some(state) = db::game::kept_state::<G::State>(db, kept, campaign).await? else {
                return Ok(Vec::new());
            };
            G::battles(db, campaign, &state, limit).await
        })
    }
    fn procedures(&self) -> Vec<&'static dyn Procedure> {
        G::procedures()
    }
    fn readings(&self) -> &'static [&'static str] {
        G::readings()
    }
    fn api(&self) -> OpenApiRouter<AppState> {
        G::api()
    }
    fn pages(&self) -> Router<AppState> {
        G::pages()
    }
    fn page_routes(&self) -> &'static [(&'static str, &'static str)] {
        G::page_routes()
    }
    fn play(&self) -> Option<&'static dyn Play> {
        G::play()
    }
    fn pack_reader(&self) -> Option<&'static dyn PackReader> {
        G::pack_reader()
    }
    fn options_form(&self, typed: &crate::web::form::Fields) -> Option<String> {
        G::options_form(typed)
    }
    fn scenario_from_fields(
        &self,
        pack: &str,
        text: &str,
        typed: &crate::web::form::Fields,
    ) -> Option<Result<serde_json::Value, AppError>> {
        G::scenario_from_fields(pack, text, typed)
    }
}

/// A list of games a server plays, in the order pages list them.
pub type Games = &'static [&'static dyn Module];

/// Every game the product plays: the list a server runs with (`crate::state`).
pub static GAMES: Games = &[
    &Registered::<super::wons::Wons>::new(),
    &Registered::<super::talvisota::Talvisota>::new(),
    &Registered::<Assisted<super::red_winter::RedWinter>>::new(),
    &Registered::<Assisted<super::winter_war::WinterWar>>::new(),
    &Registered::<Assisted<super::a_winter_war::AWinterWar>>::new(),
];

/// `games` as the state of a server playing them holds them.
pub fn held(games: Games) -> crate::state::Games {
    crate::state::Games::new(games.iter().map(|m| m.game()).collect(), games)
}

/// The games the server of `state` plays.
pub fn of(state: &AppState) -> Games {
    // Only `held` makes the state's list, so it always is a `Games`.
    state.games.list::<Games>().copied().unwrap_or(GAMES)
}

/// The game whose code is `code`, if the server of `state` plays it.
pub fn game(state: &AppState, code: &str) -> Option<domain::Game> {
    state.games.find(code)
}

/// The assisted face of `game`, when the server plays it as an assisted game.
pub fn play(state: &AppState, game: domain::Game) -> Option<&'static dyn Play> {
    module(state, game).and_then(|m| m.play())
}

/// The reader of `game`'s packs, when the library keeps them: the game's module among the
/// product's games is asked (the pack library keeps the product's games' packs).
pub fn pack_reader(game: domain::Game) -> Option<&'static dyn PackReader> {
    GAMES
        .iter()
        .find(|m| m.game() == game)
        .and_then(|m| m.pack_reader())
}

/// The product's game whose code is `code`, if any (for the pack library, which keeps the
/// product's games' packs).
pub fn product_game(code: &str) -> Option<domain::Game> {
    GAMES.iter().map(|m| m.game()).find(|g| g.code() == code)
}

/// The module of `game`, if the server of `state` plays it.
pub fn module(state: &AppState, game: domain::Game) -> Option<&'static dyn Module> {
    of(state).iter().copied().find(|m| m.game() == game)
}

/// Whether the game's module is available.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ModuleStatus {
    /// True when the server runs this game's play.
    pub available: bool,
    /// A sentence for people.
    pub message: String,
}

/// Whether the server runs play of `game`.
pub fn module_status(state: &AppState, game: domain::Game) -> ModuleStatus {
    let available = module(state, game).is_some();
    ModuleStatus {
        available,
        message: if available {
            format!("{} is played on this server.", game.title())
        } else {
            format!(
                "Play of {} is not available on this server yet. The campaign exists, takes participants and rolls dice in the dice tray.",
                game.title()
            )
        },
    }
}

/// The path segment of the game's page under `/campaigns/{id}/`, when the server runs its play.
pub fn page(state: &AppState, game: domain::Game) -> Option<&'static str> {
    module(state, game).map(|m| m.segment())
}

/// The scenario packs new campaigns of `user` may start from, for the new-campaign form: the
/// shipped ones, theirs, and those others published, of every game, in groups.
pub async fn pack_choices(
    state: &crate::state::AppState,
    user: uuid::Uuid,
) -> Result<Vec<PackGroup>, AppError> {
    super::assisted::play::pack_pages::choices(state, user).await
}

/// The assisted games' parts of the new-campaign form: each game's options as typed fields and
/// its scenarios' own options, filled in from `typed` when shown again.
pub fn option_forms(
    state: &AppState,
    typed: Option<&crate::web::form::Fields>,
) -> Vec<super::assisted::play::creation::GameOptions> {
    of(state)
        .iter()
        .filter_map(|m| {
            let play = m.play()?;
            Some(super::assisted::play::creation::game_options(
                play,
                m.game(),
                typed,
            ))
        })
        .collect()
}

/// The games' own parts of the new-campaign form, as HTML, filled in from `typed`.
pub fn own_option_forms(state: &AppState, typed: &crate::web::form::Fields) -> Vec<String> {
    of(state)
        .iter()
        .filter_map(|m| m.options_form(typed))
        .collect()
}

/// The codes of the games whose campaigns may start from a scenario pack, as the new-campaign
/// form's `data-when` lists them.
pub fn pack_games(state: &AppState) -> String {
    of(state)
        .iter()
        .filter(|m| m.pack_reader().is_some() || m.play().is_some())
        .map(|m| m.game().code())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The scenario `game`'s own fields of the new-campaign form ask for (`None` when it reads none
/// of its own; see `Game::scenario_from_fields`).
pub fn own_scenario(
    state: &AppState,
    game: domain::Game,
    pack: &str,
    text: &str,
    typed: &crate::web::form::Fields,
) -> Option<Result<serde_json::Value, AppError>> {
    module(state, game)?.scenario_from_fields(pack, text, typed)
}

/// The scenario the new-campaign form asks for an assisted `game` (`None` for another game),
/// or that game's part of the form again with the message beside each field it cannot read.
pub fn scenario_from_form(
    state: &AppState,
    game: domain::Game,
    pack: &str,
    typed: &crate::web::form::Fields,
) -> Option<Result<serde_json::Value, super::assisted::play::creation::GameOptions>> {
    let play = module(state, game)?.play()?;
    Some(super::assisted::play::creation::scenario_of(
        play, game, pack, typed,
    ))
}

/// The scenario with the text of the imported pack its `pack` names, where `game`'s pack reader
/// puts it (the campaign's own copy); any other scenario as sent.
pub async fn with_pack_text(
    state: &crate::state::AppState,
    user: uuid::Uuid,
    game: domain::Game,
    scenario: Option<serde_json::Value>,
) -> Result<Option<serde_json::Value>, AppError> {
    super::assisted::play::pack_library::with_text(state, user, game, scenario).await
}

/// Makes the game of a new campaign of `game` from `scenario`, what the creator sent if
/// anything, on the upload pool (a scenario pack can take a while to read; see `core::heavy`).
/// `None` for a game this server does not play.
pub async fn begin(
    state: &AppState,
    game: domain::Game,
    scenario: Option<serde_json::Value>,
) -> Result<Option<Box<dyn NewGame>>, AppError> {
    match (module(state, game), scenario) {
        (Some(module), scenario) => {
            crate::core::heavy::UPLOADS
                .run(move || module.begin(scenario.as_ref()).map(Some))
                .await
        }
        (None, None) => Ok(None),
        (None, Some(_)) => Err(AppError::invalid(
            "scenario_not_supported",
            format!(
                "{} does not take a scenario pack on this server yet; leave 'scenario' out.",
                game.title()
            ),
        )
        .on_field("scenario")),
    }
}

/// The dice procedures a campaign of `game` offers: the generic ones, then the game's own.
pub fn procedures(state: &AppState, game: domain::Game) -> Vec<&'static dyn Procedure> {
    let own = module(state, game)
        .map(|m| m.procedures())
        .unwrap_or_default();
    generic_procedures().into_iter().chain(own).collect()
}

/// Every process watches for passed deadlines; each is claimed under its campaign's lock, so
/// only one process acts on it, and none once a command has moved the campaign on.
pub async fn watch_deadlines(state: AppState) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(2));
    loop {
        tick.tick().await;
        if let Err(e) = act_on_deadlines(&state).await {
            tracing::warn!(error = %e, "cannot read orders deadlines");
        }
    }
}

/// One look of the deadline watcher: acts on every passed deadline it finds (see
/// `runner::deadline_passed`); answers how many it found.
pub async fn act_on_deadlines(state: &AppState) -> sqlx::Result<usize> {
    let due = db::campaigns::past_deadlines(&state.db).await?;
    for seen in &due {
        let game = state
            .games
            .stored(&seen.game, format_args!("campaign {}", seen.id));
        let handled = match game.map(|game| module(state, game)) {
            Err(e) => {
                // Corrupted data: the other campaigns' deadlines are still acted on.
                tracing::error!(campaign = %seen.id, error = %e, "passed deadline not acted on");
                continue;
            }
            Ok(Some(module)) => module.deadline_passed(state, seen).await,
            Ok(None) => db::campaigns::drop_unplayed_deadline(&state.db, seen)
                .await
                .map_err(AppError::from),
        };
        if let Err(e) = handled {
            tracing::warn!(campaign = %seen.id, error = %e, "orders deadline not handled");
        }
    }
    Ok(due.len())
}

/// Writes where the game stands for campaigns of `games` that predate standings, a batch at a
/// time; run once when the server starts.
pub async fn backfill_standings(db: &sqlx::PgPool, games: Games) -> anyhow::Result<()> {
    let known: Vec<&str> = games.iter().map(|m| m.game().code()).collect();
    loop {
        let batch = db::standing::missing(db, &known, 100).await?;
        let mut written = 0;
        for (id, game, state) in &batch {
            let standing = games
                .iter()
                .find(|m| m.game().code() == game)
                .and_then(|m| m.standing(state))
                .unwrap_or_default();
            db::standing::backfill(db, *id, &standing).await?;
            written += 1;
        }
        if written < 100 {
            return Ok(());
        }
    }
}
