//! The seam every game plugs into: `trait Game` (typed), `registry` (its object-safe face and the
//! list of games) and `runner` (one transaction per command, for every game).
//!
//! A game is one folder, `games/<game>/`, with its pure `rules/`, its `views/` (one typed view
//! per role), its commands, API and pages, and one `impl Game`; one line in `registry::GAMES`
//! joins it to the router, the OpenAPI document, campaign creation, the deadline watcher and the
//! dice tray, none of which name a game.

pub mod a_winter_war;
pub mod access;
pub mod assisted;
pub mod example;
pub mod log;
pub mod red_winter;
pub mod registry;
pub mod runner;
pub mod talvisota;
pub mod winter_war;
pub mod wons;

use crate::core::domain::{self, Role};
use crate::core::error::AppError;
use crate::core::refusal::Refusal;
use crate::db::game::NewEvent;
use crate::dice::procedure::Procedure;
use crate::dice::source::Dice;
use crate::state::AppState;
use axum::Router;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use utoipa_axum::router::OpenApiRouter;

pub use crate::db::standing::{Awaited, Standing};
pub use access::{GameAccess, KeptGameAccess};

/// Where a campaign's game stands: the turn or Hour, and the phase within it if the game has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Turn {
    /// The turn or Hour as players name it ("Hour 3 (Day)", "Turn 2").
    pub label: String,
    /// The phase within it, if the game has phases.
    pub phase: Option<String>,
}

/// One value the after-action report follows over a campaign (`Game::tracks`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// What is tracked ("fatigue").
    pub what: &'static str,
    /// What it is of, by name ("1st Rifle Platoon").
    pub name: String,
    /// Whose it is.
    pub side: domain::Side,
    /// Its value now.
    pub value: i64,
}

/// One side of a battle as the after-action report tells it (`BattleStory`): names only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleSide {
    /// Whose.
    pub side: domain::Side,
    /// Whether it attacked.
    pub attacking: bool,
    /// What it fought with, by name ("1st Rifle Platoon").
    pub units: Vec<String>,
    /// Its losses in words ("3 killed, 2 wounded"), `None` while none are recorded.
    pub losses: Option<String>,
    /// How many men it lost (killed, wounded and missing).
    pub men_lost: u32,
    /// Its Force Morale when the battle ended, if recorded.
    pub morale: Option<u32>,
    /// Its heroes who fought, each with what befell him there ("Kersantti Lauri Törni, wounded").
    pub heroes: Vec<String>,
}

/// One battle as the after-action report tells it (`Game::battles`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleStory {
    /// Its name ("Battle 3").
    pub title: String,
    /// When ("Hour 5, 1940-02-11 08:00, Daylight").
    pub when: String,
    /// Where, by name, and on what ("E Palkeala, on the Red table").
    pub place: String,
    /// The attacker, then the defender.
    pub sides: Vec<BattleSide>,
    /// Its result in words.
    pub result: String,
    /// The side that won it, once decided.
    pub winner: Option<domain::Side>,
}

/// What the after-action report reads of one step of the story (`registry::Module::reading`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The tracks as they stood (`Game::tracks`).
    pub tracks: Vec<Track>,
    /// Who held the initiative (`Game::initiative`).
    pub initiative: Option<domain::Side>,
}

/// A game the server runs: its types, and its rules' entry points.
pub trait Game: Send + Sync + 'static {
    /// Which game this is.
    const GAME: domain::Game;
    /// The path segment of its pages and API under a campaign (`/campaigns/{id}/<segment>`).
    const SEGMENT: &'static str;

    /// What a campaign's creator may send as `scenario`.
    type Scenario: DeserializeOwned;
    /// The campaign's state document (the current state; pages never read the history).
    type State: crate::core::command::GameState;
    /// One thing the rules report as having happened.
    type Event: Serialize + Send;
    /// What the rules refuse when they act on their own (settling, a passed deadline).
    type Refusal: Refusal + Send;
    /// The Soviet side's view.
    type SovietView: Serialize;
    /// The Finnish side's view.
    type FinnishView: Serialize;
    /// The umpire's view.
    type UmpireView: Serialize;
    /// The view of whichever role asks, as the API answers it.
    type View: Serialize + Send;

    /// Reads what the creator sent as the scenario; 422 naming the field when it does not fit.
    fn scenario(sent: &serde_json::Value) -> Result<Self::Scenario, AppError>;
    /// Starts the game from a scenario (`None`: the game's default).
    fn start(scenario: Option<Self::Scenario>)
    -> Result<(Self::State, Vec<Self::Event>), AppError>;
    /// The Soviet side's view of `state`.
    fn soviet_view(state: &Self::State) -> Self::SovietView;
    /// The Finnish side's view of `state`.
    fn finnish_view(state: &Self::State) -> Self::FinnishView;
    /// The umpire's view of `state`.
    fn umpire_view(state: &Self::State) -> Self::UmpireView;
    /// The view of `role`, built from one of the three above.
    fn view(state: &Self::State, role: Role) -> Self::View;
    /// An event as an entry of the campaign's log: audience, kind, moment, sentence and the
    /// event itself as the payload.
    fn log_entry(state: &Self::State, event: &Self::Event) -> NewEvent;
    /// The current turn or Hour.
    fn turn(state: &Self::State) -> Turn;
    /// Whom the game waits for now and for what, in words every participant may read; empty
    /// when the game is over. Lists, "your move" and notifications read this, never the state.
    fn awaited(state: &Self::State) -> Vec<Awaited>;
    /// The board as `role` sees `state`, drawn as SVG (WoNS's ladder, Talvisota's map, an
    /// assisted table's hex map), for pages that show the game at another point than now
    /// (replay); `None` when the game draws none.
    fn board(_state: &Self::State, _role: Role) -> Option<String> {
        None
    }
    /// The tracks the after-action report charts over the campaign, as they stand in `state`:
    /// (what, whose, value), such as each WoNS platoon's fatigue. Empty by default.
    fn tracks(_state: &Self::State) -> Vec<Track> {
        Vec::new()
    }
    /// The side holding the initiative in `state`, for games where one side attacks and the
    /// other waits (WoNS): the after-action report shows the board whenever it changes hands.
    fn initiative(_state: &Self::State) -> Option<domain::Side> {
        None
    }
    /// The campaign's battles as the after-action report tells them, oldest first: the newest
    /// `limit` of them, read from `state` and from what the game keeps beside it in `db` (WoNS:
    /// its archive of old battles and its heroes' service records). Empty by default.
    fn battles<'a>(
        _db: &'a PgPool,
        _campaign: uuid::Uuid,
        _state: &'a Self::State,
        _limit: usize,
    ) -> impl Future<Output = Result<Vec<BattleStory>, AppError>> + Send + 'a {
        async { Ok(Vec::new()) }
    }
    /// Whether a campaign starting from `state` is played by one person against the server:
    /// its creator then plays the Soviets with the umpire's powers (Talvisota's rule 9).
    fn solo(_state: &Self::State) -> bool {
        false
    }
    /// Whether log entries of kind `kind` are also sent as notifications to their audience (WoNS:
    /// battles opened and recorded, the umpire's reveals and corrections).
    fn notable(_kind: &str) -> bool {
        false
    }
    /// What the rules do by themselves after every command (such as an automatic end of turn).
    fn settle(
        _state: &mut Self::State,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<Self::Event>, Self::Refusal> {
        Ok(Vec::new())
    }
    /// Whether the rules have ended the game, so that the campaign ends with it (its dice
    /// revealed, everyone told) in the same transaction.
    fn over(_state: &Self::State) -> bool {
        false
    }
    /// Takes out of the state what it no longer needs to hold (WoNS: old, settled battles),
    /// after every command: each record is kept in the campaign's archive, by its number, in
    /// the command's transaction.
    fn archive(_state: &mut Self::State) -> Result<Vec<crate::db::game::Archived>, AppError> {
        Ok(Vec::new())
    }
    /// What a passed orders deadline does: `None` when the game has nothing to do then (the
    /// deadline is dropped), else the events of acting as the umpire would.
    fn deadline_passed(
        _state: &mut Self::State,
        _dice: &mut dyn Dice,
    ) -> Option<Result<Vec<Self::Event>, Self::Refusal>> {
        None
    }
    /// What a passed deadline plays by default in `state` (before it acts), in words everyone
    /// may read, for the log line every passed deadline leaves: "the Finnish platoons without
    /// orders Defend, and the Hour is resolved". By default: the game ends the turn or phase for
    /// whoever it waits for.
    fn deadline_default(state: &Self::State) -> String {
        let waited: Vec<String> = Self::awaited(state)
            .iter()
            .map(|a| format!("{} ({})", role_words(a.role), a.what))
            .collect();
        if waited.is_empty() {
            "nothing was waited for".to_owned()
        } else {
            format!("the server played the default for {}", waited.join(" and "))
        }
    }
    /// Plays the default of `side`'s absent player now, as the umpire asks (WoNS: its platoons
    /// without orders Defend and it is ready; Talvisota: a pass or the server's own move):
    /// `None` when the game has no default for an absent side.
    fn play_default(
        _state: &mut Self::State,
        _side: domain::Side,
        _dice: &mut dyn Dice,
    ) -> Option<Result<Vec<Self::Event>, AppError>> {
        None
    }
    /// What ending the campaign does to the game, inside the transaction that finishes it and
    /// reveals its dice (WoNS decides victory unless the campaign has ended by the rules).
    fn conclude(_state: &mut Self::State) -> Result<Vec<Self::Event>, AppError> {
        Ok(Vec::new())
    }
    /// What the game keeps in the database beyond its campaigns' state (such as the WoNS hero
    /// roster), set up when the server starts.
    fn prepare(_db: &PgPool) -> impl Future<Output = anyhow::Result<()>> + Send {
        async { Ok(()) }
    }
    /// The game's own dice procedures, offered in the dice tray after the generic ones.
    fn procedures() -> Vec<&'static dyn Procedure>;
    /// Our readings of the rules where the text is ambiguous, for the rules page.
    fn readings() -> &'static [&'static str];
    /// The game's JSON API, documented.
    fn api() -> OpenApiRouter<AppState>;
    /// The game's pages.
    fn pages() -> Router<AppState>;
    /// Every page route (method, path) `pages` registers, for the authorization matrix.
    fn page_routes() -> &'static [(&'static str, &'static str)];
    /// The game's face for the API and pages every assisted game shares, when it is one.
    fn play() -> Option<&'static dyn assisted::play::Play> {
        None
    }
    /// The game's own part of the new-campaign form, as HTML, filled in from `typed` when the
    /// form is shown again (Talvisota's tick boxes); `None` when it has none.
    fn options_form(_typed: &crate::web::form::Fields) -> Option<String> {
        None
    }
    /// The scenario the game's own fields of the new-campaign form ask for (`typed`), with the
    /// scenario box's `text` and the chosen `pack`; `None` when the game reads no fields of its
    /// own (the box's text or the pack is then sent as it is).
    fn scenario_from_fields(
        _pack: &str,
        _text: &str,
        _typed: &crate::web::form::Fields,
    ) -> Option<Result<serde_json::Value, AppError>> {
        None
    }
    /// The game's own reader of the packs users import into the library (see
    /// `assisted::play::pack_library`), when it keeps packs there.
    fn pack_reader() -> Option<&'static dyn assisted::play::pack_library::PackReader> {
        None
    }
}

/// A role as the log names it in a sentence: "the Soviet player", "the umpire".
pub fn role_words(role: Role) -> &'static str {
    match role {
        Role::Soviet => "the Soviet player",
        Role::Finnish => "the Finnish player",
        Role::Umpire => "the umpire",
    }
}

/// Where a game of `G` stands: its turn and whom it waits for.
pub fn standing<G: Game>(state: &G::State) -> Standing {
    let turn = G::turn(state);
    Standing {
        turn: turn.label,
        phase: turn.phase,
        awaited: G::awaited(state),
    }
}
