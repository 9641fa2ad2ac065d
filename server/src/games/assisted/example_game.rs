//! The kit's example game joined to the server's seam (tests only): one `impl Game`, and a
//! registry of one more line, show that adding a game is one folder and one line.

use super::example::views::{SideView, UmpireView};
use super::example::{self, Event, ExampleError, Scenario, State, View};
use crate::core::domain::{self, Role};
use crate::core::error::AppError;
use crate::core::refusal::{Refusal, RefusalKind};
use crate::db::game::NewEvent;
use crate::dice::procedure::Procedure;
use crate::games::assisted::sequence::TurnLabeller;
use crate::games::registry::{GAMES, Module, Registered};
use crate::games::{Awaited, Game, Turn};
use crate::state::AppState;
use axum::Router;
use utoipa_axum::router::OpenApiRouter;

impl Refusal for ExampleError {
    fn kind(&self) -> RefusalKind {
        ExampleError::kind(self)
    }
    fn code(&self) -> &'static str {
        ExampleError::code(self)
    }
}

/// The example assisted game.
struct Example;

impl Game for Example {
    // The example stands in for an assisted game; the product registers no example.
    const GAME: domain::Game = domain::Game::RedWinter;
    const SEGMENT: &'static str = "example";
    type Scenario = Scenario;
    type State = State;
    type Event = Event;
    type Refusal = ExampleError;
    type SovietView = SideView;
    type FinnishView = SideView;
    type UmpireView = UmpireView;
    type View = View;

    fn scenario(sent: &serde_json::Value) -> Result<Scenario, AppError> {
        serde_json::from_value(sent.clone()).map_err(|e| {
            AppError::invalid(
                "invalid_scenario",
                format!("The scenario does not fit: {e}."),
            )
            .on_field("scenario")
        })
    }
    fn start(scenario: Option<Scenario>) -> Result<(State, Vec<Event>), AppError> {
        let scenario = scenario.ok_or_else(|| {
            AppError::invalid("invalid_scenario", "Send the units and the fire table.")
        })?;
        Ok(example::start(scenario)?)
    }
    fn soviet_view(state: &State) -> SideView {
        match example::view(state, Role::Soviet) {
            View::Soviet(view) => view,
            other => panic!("the Soviet side got {other:?}"),
        }
    }
    fn finnish_view(state: &State) -> SideView {
        match example::view(state, Role::Finnish) {
            View::Finnish(view) => view,
            other => panic!("the Finnish side got {other:?}"),
        }
    }
    fn umpire_view(state: &State) -> UmpireView {
        match example::view(state, Role::Umpire) {
            View::Umpire(view) => view,
            other => panic!("the umpire got {other:?}"),
        }
    }
    fn view(state: &State, role: Role) -> View {
        example::view(state, role)
    }
    fn log_entry(state: &State, event: &Event) -> NewEvent {
        let (audience, kind, moment, sentence, payload) = example::log_entry(state, event);
        NewEvent {
            audience,
            kind: kind.into(),
            moment,
            sentence,
            payload,
        }
    }
    fn turn(state: &State) -> Turn {
        Turn {
            label: state.sequence.calendar.label(example::turn(state)),
            phase: None,
        }
    }
    fn awaited(state: &State) -> Vec<Awaited> {
        state
            .tracker
            .waiting_for(&state.sequence)
            .into_iter()
            .map(|role| Awaited::new(role, "the end of the phase"))
            .collect()
    }
    fn procedures() -> Vec<&'static dyn Procedure> {
        Vec::new()
    }
    fn readings() -> &'static [&'static str] {
        &["The example reads its fire table at the column of the attacker's strength."]
    }
    fn api() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
    }
    fn pages() -> Router<AppState> {
        Router::new()
    }
    fn page_routes() -> &'static [(&'static str, &'static str)] {
        &[]
    }
}

/// The example's line, as it would stand in `registry::GAMES`.
static EXAMPLE: Registered<Example> = Registered::new();

#[test]
fn the_example_joins_through_one_line_and_plays_through_the_seam() {
    // The product's games and the example: one more line.
    let games: Vec<&dyn Module> = GAMES
        .iter()
        .copied()
        .chain([&EXAMPLE as &dyn Module])
        .collect();
    let module = games
        .iter()
        .find(|m| m.segment() == "example")
        .expect("the example is registered");
    let sent = serde_json::to_value(example::tests::scenario()).expect("scenario as JSON");
    let scenario = Example::scenario(&sent).expect("the scenario reads");
    let (state, events) = Example::start(Some(scenario)).expect("the game starts");
    let entries: Vec<NewEvent> = events
        .iter()
        .map(|e| Example::log_entry(&state, e))
        .collect();
    assert!(!entries.is_empty());
    // The log's payloads replay the game.
    let replayed: Vec<Event> = entries
        .iter()
        .map(|e| serde_json::from_value(e.payload.clone()).expect("payload is an event"))
        .collect();
    assert_eq!(example::replay(&replayed).expect("replays"), state);
    // The registry reads the stored document without knowing the game's types.
    let stored = serde_json::to_value(&state).expect("state as JSON");
    let turn = module.turn(&stored).expect("the module reads its state");
    assert_eq!(turn, Example::turn(&state));
    assert_eq!(module.readings().len(), 1);
    // Each side's view leaves out the enemy's names.
    let soviet = serde_json::to_string(&Example::soviet_view(&state)).expect("view");
    let umpire = serde_json::to_string(&Example::umpire_view(&state)).expect("view");
    for (_, unit) in state
        .roster
        .units
        .iter()
        .filter(|(_, u)| u.side == domain::Side::Finnish)
    {
        assert!(umpire.contains(&unit.name), "the umpire sees {}", unit.name);
        assert!(
            !soviet.contains(&unit.name),
            "the Soviets see {}",
            unit.name
        );
    }
    // A refused scenario is a 422 naming the field.
    let refused = Example::scenario(&serde_json::json!({"units": 3})).expect_err("refused");
    assert_eq!(refused.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.field, Some("scenario"));
}
