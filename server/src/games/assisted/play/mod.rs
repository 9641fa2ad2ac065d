//! Assisted games on the server: any game's `Declarations` become a `Game` (`Assisted<D>`), and
//! `Play`, its object-safe face, serves the one API and the one set of pages every assisted game
//! shares (the table, the roster, the charts, calculations, procedures and actions).

pub mod access;
pub mod api;
pub mod api_entries;
pub mod board_page;
pub mod chart_page;
pub mod chart_sets;
pub mod commands;
pub mod creation;
pub mod desk;
pub mod event;
pub mod pack_library;
pub mod pack_pages;
pub mod packs;
pub mod pages;
pub mod pages_entries;
pub mod pages_forms;
pub mod permits;
pub mod picture;
pub mod sealing;
pub mod sequence_page;
pub mod view;

use crate::core::domain::{self, Role};
use crate::core::error::AppError;
use crate::db::game::NewEvent;
use crate::dice::audience::Audience;
use crate::dice::live::RolledRoll;
use crate::dice::procedure::Procedure;
use crate::dice::source::Dice;
use crate::games::assisted::catalogue::{About, Answer, Refused};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::charts::{ChartSpec, RawChart};
use crate::games::assisted::declarations::Declarations;
use crate::games::assisted::pack;
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::roster::{RosterSpec, Unit, UnitEdit, UnitId};
use crate::games::assisted::sequence::{Sequence, TurnLabeller};
use crate::games::registry::BoxFuture;
use crate::games::runner::GameCommand;
use crate::games::{Awaited, Game, Turn};
use crate::state::AppState;
use crate::web::CampaignAccess;
pub use access::TableAccess;
use axum::Router;
use desk::Desk;
use event::DeskEvent;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;
use utoipa_axum::router::OpenApiRouter;
use uuid::Uuid;
use view::{DeskView, view_for};

/// The path segment of every assisted game's page under a campaign.
pub const SEGMENT: &str = "table";

/// What a campaign's creator sends as `scenario`: the options, and the shipped pack to start from.
#[derive(Debug, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct DeskScenario<D: Declarations> {
    /// The options (optional rules, scenario choices); the game's defaults when left out.
    #[serde(default)]
    pub options: D::Options,
    /// A shipped scenario pack's code (`packs::SHIPPED`), e.g. `winter-war-historical`; none
    /// starts the table empty, as before packs.
    #[serde(default)]
    pub pack: Option<String>,
    /// An imported pack's TOML text, the campaign's own copy: filled in by the server when
    /// `pack` names an imported pack (`pack_library`); a creator may also send a text itself.
    #[serde(default)]
    pub pack_text: Option<String>,
    /// The pack's own options chosen, by code (its `[[options]]`, such as Winter War's
    /// `scandinavian_alliance`, 24.7); the pack's defaults when left out.
    #[serde(default)]
    pub pack_options: Option<Vec<String>>,
}

/// An assisted game: the declarations `D` played through the kit.
pub struct Assisted<D>(PhantomData<D>);

impl<D: Declarations> Game for Assisted<D> {
    const GAME: domain::Game = D::GAME;
    const SEGMENT: &'static str = SEGMENT;
    type Scenario = DeskScenario<D>;
    type State = Desk<D>;
    type Event = DeskEvent;
    type Refusal = Refused;
    type SovietView = DeskView;
    type FinnishView = DeskView;
    type UmpireView = DeskView;
    type View = DeskView;

    fn scenario(sent: &Value) -> Result<DeskScenario<D>, AppError> {
        // The new-campaign page sends the box's text; the API sends JSON.
        let parsed;
        let sent = match sent {
            Value::String(text) => {
                crate::core::nesting::refuse(text).map_err(|(_, problem)| {
                    AppError::invalid("invalid_scenario", format!("The scenario {problem}."))
                        .on_field("scenario")
                })?;
                parsed = serde_json::from_str::<Value>(text).map_err(|e| {
                    AppError::invalid(
                        "invalid_scenario",
                        format!("The scenario is not JSON ({e}): write {{\"options\": {{…}}}}."),
                    )
                    .on_field("scenario")
                })?;
                &parsed
            }
            other => other,
        };
        serde_path_to_error::deserialize(sent).map_err(|e| {
            AppError::invalid(
                "invalid_scenario",
                format!(
                    "The scenario does not fit at '{}': {}. Send {{\"options\": {{…}}}}; the new-campaign page lists the options.",
                    e.path(),
                    e.inner()
                ),
            )
            .on_field("scenario")
        })
    }
    fn start(scenario: Option<DeskScenario<D>>) -> Result<(Desk<D>, Vec<DeskEvent>), AppError> {
        let (options, pack, text, chosen) = scenario
            .map(|s| (s.options, s.pack, s.pack_text, s.pack_options))
            .unwrap_or_default();
        let loaded = match (&text, pack.as_deref()) {
            (Some(text), _) => Some(Arc::new(pack_library::check(D::GAME, text, "scenario")?)),
            (None, Some(code)) => {
                let shipped = packs::find(D::GAME, code)?;
                Some(packs::shared(D::GAME, shipped.code).ok_or_else(|| {
                    AppError::internal(format!("the shipped pack {} does not read", shipped.code))
                })?)
            }
            (None, None) => None,
        };
        let (mut desk, events) =
            Desk::start(options).map_err(|e| AppError::from(e).on_field("scenario"))?;
        if let Some(loaded) = loaded {
            // The pack's setup fills the roster: each side's units that apply under the
            // campaign's options. An imported pack's text is kept as the campaign's own copy.
            desk.pack = pack.or_else(|| Some("imported".to_owned()));
            desk.pack_text = text;
            desk.pack_options = packs::chosen_options(&loaded.pack, chosen.as_deref())?;
            let mut options =
                packs::option_codes(&serde_json::to_value(&desk.options).unwrap_or_default());
            options.extend(desk.pack_options.iter().cloned());
            let flags = std::collections::BTreeSet::new();
            let facts = pack::area::Facts {
                options: &options,
                flags: &flags,
            };
            let spec = D::roster();
            let moment = desk.moment();
            // The pack's turn track is the game's length, unless the options set one.
            let last = loaded.last_turn(&facts);
            if desk.tracker.last_turn.is_none() && last > 0 {
                desk.tracker.last_turn = Some(last);
            }
            for side in [domain::Side::Soviet, domain::Side::Finnish] {
                for unit in packs::setup_units(&loaded, &spec, side, &facts) {
                    desk.roster
                        .add(&spec, Role::Umpire, &moment, unit)
                        .map_err(|e| AppError::from(Refused::of(&e)).on_field("scenario"))?;
                }
            }
        }
        // What arrives on the first turn is there from the start.
        let mut events = events;
        events.extend(desk.reinforce(None).map_err(AppError::from)?);
        Ok((desk, events))
    }
    fn soviet_view(state: &Desk<D>) -> DeskView {
        view_for(state, Role::Soviet)
    }
    fn finnish_view(state: &Desk<D>) -> DeskView {
        view_for(state, Role::Finnish)
    }
    fn umpire_view(state: &Desk<D>) -> DeskView {
        view_for(state, Role::Umpire)
    }
    fn view(state: &Desk<D>, role: Role) -> DeskView {
        view_for(state, role)
    }
    fn board(state: &Desk<D>, role: Role) -> Option<String> {
        let loaded = state.loaded()?;
        Some(board_page::render(&loaded, &view_for(state, role)))
    }
    fn log_entry(state: &Desk<D>, event: &DeskEvent) -> NewEvent {
        NewEvent {
            audience: event.audience(),
            kind: event.kind().into(),
            moment: state.moment(),
            sentence: event.sentence(),
            payload: serde_json::to_value(event).unwrap_or(Value::Null),
        }
    }
    fn turn(state: &Desk<D>) -> Turn {
        Turn {
            label: state.sequence.calendar.label(state.tracker.turn),
            phase: Some(state.phase().1),
        }
    }
    /// After every command: hexes entered, a sudden death, the result of a game that ended.
    fn settle(state: &mut Desk<D>, dice: &mut dyn Dice) -> Result<Vec<DeskEvent>, Refused> {
        state.settle(dice)
    }
    /// The game has its result: the campaign ends with it.
    fn over(state: &Desk<D>) -> bool {
        state.outcome.is_some()
    }
    /// A passed deadline ends the phase as the umpire would, for every side still in it.
    fn deadline_passed(
        state: &mut Desk<D>,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<DeskEvent>, Refused>> {
        Some(state.advance(Role::Umpire, dice))
    }
    /// Whoever had not finished the phase does nothing more, and the phase ends.
    fn deadline_default(state: &Desk<D>) -> String {
        let phase = state.phase().1;
        let late: Vec<&str> = state
            .tracker
            .waiting_for(&state.sequence)
            .into_iter()
            .map(crate::games::role_words)
            .collect();
        if late.is_empty() {
            format!("the {phase} ended")
        } else {
            format!(
                "the {phase} ended, {} doing nothing more in it",
                late.join(" and ")
            )
        }
    }
    /// An absent side's default is to finish the phase having done nothing more.
    fn play_default(
        state: &mut Desk<D>,
        side: domain::Side,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<DeskEvent>, AppError>> {
        Some(state.advance(side.role(), dice).map_err(AppError::from))
    }
    fn awaited(state: &Desk<D>) -> Vec<Awaited> {
        let what = format!("the end of the {}", state.phase().1);
        state
            .tracker
            .waiting_for(&state.sequence)
            .into_iter()
            .map(|role| Awaited::new(role, what.clone()))
            .collect()
    }
    fn procedures() -> Vec<&'static dyn Procedure> {
        Vec::new()
    }
    fn readings() -> &'static [&'static str] {
        D::readings()
    }
    fn api() -> OpenApiRouter<AppState> {
        // Every assisted game shares one API, registered once (see `api::router`).
        OpenApiRouter::new()
    }
    fn pages() -> Router<AppState> {
        // Likewise one set of pages (see `pages::router`).
        Router::new()
    }
    fn page_routes() -> &'static [(&'static str, &'static str)] {
        &[]
    }
    fn play() -> Option<&'static dyn Play> {
        Some(&Assisted::<D>(PhantomData))
    }
    fn pack_reader() -> Option<&'static dyn pack_library::PackReader> {
        Some(&pack_library::AssistedPacks::<D>(PhantomData))
    }
}

/// A command at an assisted table.
pub enum DeskCommand {
    /// End the current phase (for the caller's side, or for everyone when the umpire).
    Advance,
    /// Take back that the caller's side finished the phase.
    Reopen,
    /// The caller's side concedes the game.
    Concede,
    /// The umpire waives the losses owed at an index (from 0), saying why.
    Waive(usize, String),
    /// Add units.
    AddUnits(Vec<Unit>),
    /// Change a unit.
    EditUnit(UnitId, UnitEdit),
    /// Put a marker on or take it off.
    Mark(UnitId, String, bool),
    /// Remove a unit, saying why.
    RemoveUnit(UnitId, String),
    /// Enter charts as their next versions.
    EnterCharts(BTreeMap<String, RawChart>),
    /// Replace the sequence of play (the umpire).
    SetSequence(Box<Sequence>),
    /// Run a dice procedure.
    Procedure(String, Value),
    /// Run an action.
    Act(String, Value),
    /// Seal the caller's side's value for a sealed input: code, value and the nonce drawn.
    Seal(String, i64, String),
}

/// What a command answers: its answer where it has one, the caller's view, and its rolls.
pub struct Done {
    /// A procedure's or an action's answer.
    pub answer: Option<Answer>,
    /// The caller's view after the command.
    pub view: DeskView,
    /// The rolls made, as stored.
    pub rolls: Vec<RolledRoll>,
}

/// An assisted game without its types, for the API and pages every assisted game shares.
pub trait Play: Send + Sync {
    /// Its calculations.
    fn calculations(&self) -> Vec<About>;
    /// Its dice procedures that read the campaign's charts.
    fn procedures(&self) -> Vec<About>;
    /// Its actions.
    fn actions(&self) -> Vec<About>;
    /// Fields of an action's form filled in from the map where an attack is pointed (see
    /// `Declarations::filled_from_map`).
    fn filled_from_map(
        &self,
        action: &str,
        map: &crate::games::assisted::declarations::MapFacts,
    ) -> Vec<(String, String)>;
    /// Its roster's declaration.
    fn roster(&self) -> RosterSpec;
    /// Its charts' declarations.
    fn charts(&self) -> Vec<ChartSpec>;
    /// Our readings of its rules.
    fn readings(&self) -> &'static [&'static str];
    /// The JSON Schema of its options.
    fn options_schema(&self) -> Value;
    /// The campaign's desk as this process keeps it at the stored revision: read and decoded
    /// only when it keeps another (`db::game::kept_state`); 409 while the game has not started.
    fn desk<'a>(
        &'a self,
        state: &'a AppState,
        campaign: Uuid,
    ) -> BoxFuture<'a, Result<Arc<dyn KeptDesk>, AppError>>;
    /// Runs one command for the caller in one transaction.
    fn command<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
        command: DeskCommand,
    ) -> BoxFuture<'a, Result<Done, AppError>>;
}

/// An assisted campaign's desk as this process keeps it, without its game's types: what the API
/// and pages every assisted game shares read of it.
pub trait KeptDesk: Send + Sync {
    /// The view of `role`.
    fn view(&self, role: Role) -> DeskView;
    /// The sequence of play.
    fn sequence(&self) -> &Sequence;
    /// Where the game stands in it: the turn, and the phase's index in the turn.
    fn at(&self) -> (u32, usize);
    /// The entered charts.
    fn chart_set(&self) -> &ChartSet;
    /// Runs calculation `name` against the entered charts.
    fn calculate(&self, name: &str, params: &Value) -> Result<Answer, AppError>;
    /// The pack the campaign started from, worked out; `None` for a table started without one.
    fn loaded(&self) -> Option<Arc<LoadedPack>>;
}

impl<D: Declarations> KeptDesk for Desk<D> {
    fn view(&self, role: Role) -> DeskView {
        view_for(self, role)
    }
    fn sequence(&self) -> &Sequence {
        &self.sequence
    }
    fn at(&self) -> (u32, usize) {
        (self.tracker.turn, self.tracker.phase)
    }
    fn chart_set(&self) -> &ChartSet {
        &self.charts
    }
    fn calculate(&self, name: &str, params: &Value) -> Result<Answer, AppError> {
        let calculations = D::calculations();
        let calculation = calculations
            .iter()
            .find(|c| c.about.name == name)
            .ok_or_else(|| {
                AppError::new(
                    axum::http::StatusCode::NOT_FOUND,
                    "unknown_calculation",
                    format!("This game has no calculation called '{name}'; GET …/calculations lists them."),
                )
            })?;
        Ok(calculation.run(params, &self.charts)?)
    }
    fn loaded(&self) -> Option<Arc<LoadedPack>> {
        Desk::loaded(self)
    }
}

fn abouts<T>(entries: Vec<T>, about: impl Fn(T) -> About) -> Vec<About> {
    entries.into_iter().map(about).collect()
}

impl<D: Declarations> Play for Assisted<D> {
    fn calculations(&self) -> Vec<About> {
        abouts(D::calculations(), |c| c.about)
    }
    fn procedures(&self) -> Vec<About> {
        abouts(D::procedures(), |p| p.about)
    }
    fn actions(&self) -> Vec<About> {
        abouts(D::actions(), |a| a.about)
    }
    fn filled_from_map(
        &self,
        action: &str,
        map: &crate::games::assisted::declarations::MapFacts,
    ) -> Vec<(String, String)> {
        D::filled_from_map(action, map)
    }
    fn roster(&self) -> RosterSpec {
        D::roster()
    }
    fn charts(&self) -> Vec<ChartSpec> {
        D::charts()
    }
    fn readings(&self) -> &'static [&'static str] {
        D::readings()
    }
    fn options_schema(&self) -> Value {
        crate::games::assisted::catalogue::schema_of::<D::Options>()
    }
    fn desk<'a>(
        &'a self,
        state: &'a AppState,
        campaign: Uuid,
    ) -> BoxFuture<'a, Result<Arc<dyn KeptDesk>, AppError>> {
        Box::pin(async move {
            let desk: Arc<Desk<D>> =
                crate::db::game::kept_state(&state.db, &state.caches.states, campaign)
                    .await?
                    .ok_or_else(|| {
                        AppError::conflict("not_started", "This campaign's game has not started.")
                    })?;
            Ok(desk as Arc<dyn KeptDesk>)
        })
    }
    fn command<'a>(
        &'a self,
        state: &'a AppState,
        access: &'a CampaignAccess,
        command: DeskCommand,
    ) -> BoxFuture<'a, Result<Done, AppError>> {
        Box::pin(async move {
            access.require_open()?;
            let mut game = GameCommand::<Assisted<D>>::open(state, access).await?;
            let by = access.role();
            let (answer, events) = game.step(|desk, dice| {
                let first = dice.rolls().len();
                let ran = match command {
                    DeskCommand::Advance => desk.advance(by, dice).map(|e| (None, e)),
                    DeskCommand::Reopen => desk.reopen(by).map(|e| (None, e)),
                    DeskCommand::Concede => desk.concede(by).map(|e| (None, e)),
                    DeskCommand::Waive(index, reason) => {
                        desk.waive(by, index, &reason).map(|e| (None, e))
                    }
                    DeskCommand::AddUnits(units) => desk.add_units(by, units).map(|e| (None, e)),
                    DeskCommand::EditUnit(id, edit) => {
                        desk.edit_unit(by, &id, edit).map(|e| (None, e))
                    }
                    DeskCommand::Mark(id, marker, on) => {
                        desk.mark_unit(by, &id, &marker, on).map(|e| (None, e))
                    }
                    DeskCommand::RemoveUnit(id, reason) => {
                        desk.remove_unit(by, &id, &reason).map(|e| (None, e))
                    }
                    DeskCommand::EnterCharts(charts) => {
                        desk.enter_charts(by, charts).map(|e| (None, e))
                    }
                    DeskCommand::SetSequence(sequence) => {
                        desk.set_sequence(by, *sequence).map(|e| (None, e))
                    }
                    DeskCommand::Procedure(name, params) => desk
                        .procedure(by, &name, &params, dice)
                        .map(|(a, e)| (Some(a), e)),
                    DeskCommand::Act(name, params) => desk
                        .act(by, &name, &params, dice)
                        .map(|(a, e)| (Some(a), e)),
                    DeskCommand::Seal(code, value, nonce) => {
                        desk.seal(by, &code, value, &nonce).map(|e| (None, e))
                    }
                }?;
                if let Some(answer) = &ran.0 {
                    // Every roll records the chart versions read; the last the whole answer,
                    // unless the answer is kept from someone who may see that roll.
                    let charts = serde_json::to_value(&answer.charts).unwrap_or(Value::Null);
                    dice.annotate(first, "charts", &charts, |_| true);
                    let last = dice.rolls().len().saturating_sub(1).max(first);
                    let whole = serde_json::to_value(answer).unwrap_or(Value::Null);
                    let told = ran
                        .1
                        .iter()
                        .map(DeskEvent::audience)
                        .next()
                        .unwrap_or(Audience::Umpire);
                    dice.annotate(last, "answer", &whole, |roll| {
                        told == Audience::Public
                            || roll.audience == told
                            || roll.audience == Audience::Umpire
                    });
                }
                Ok(ran)
            })?;
            if events.iter().any(DeskEvent::seen_by_enemy) {
                // A change to a unit the enemy sees moves the enemy's view too, though the log
                // entry stays the owner's.
                game.command.changes_for(Audience::Public);
            }
            let committed = game.finish(events).await?;
            Ok(Done {
                answer,
                view: committed.view(),
                rolls: committed.rolls().to_vec(),
            })
        })
    }
}

/// The caller's assisted campaign's desk as this process keeps it, read outside a command (see
/// `Play::desk`).
pub async fn kept_desk(
    state: &AppState,
    access: &TableAccess,
) -> Result<Arc<dyn KeptDesk>, AppError> {
    access.play.desk(state, access.id()).await
}
