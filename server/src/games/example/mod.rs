//! The example game: the assisted kit's smallest game, joined to the server's seam by one
//! `impl Game` and played through the API (its view, and ending a phase). The product does not
//! play it; a server plays it when its list of games has one more line,
//! `&games::example::EXAMPLE`, as the tests' server does (see `registry::Games`).

pub mod rules;

use crate::core::domain::{self, Role};
use crate::core::error::AppError;
use crate::core::refusal::{Refusal, RefusalKind};
use crate::db::game::NewEvent;
use crate::dice::procedure::Procedure;
use crate::games::assisted::sequence::TurnLabeller;
use crate::games::registry::Registered;
use crate::games::{Awaited, Game, GameAccess, KeptGameAccess, Turn, runner};
use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use rules::views::{SideView, UmpireView};
use rules::{Command, Event, ExampleError, Scenario, State as ExampleState, View};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

impl Refusal for ExampleError {
    fn kind(&self) -> RefusalKind {
        ExampleError::kind(self)
    }
    fn code(&self) -> &'static str {
        ExampleError::code(self)
    }
}

/// The example game.
pub struct Example;

impl Game for Example {
    const GAME: domain::Game = domain::Game::new("example", "The example game");
    const SEGMENT: &'static str = "example";
    type Scenario = Scenario;
    type State = ExampleState;
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
    fn start(scenario: Option<Scenario>) -> Result<(ExampleState, Vec<Event>), AppError> {
        let scenario = scenario.ok_or_else(|| {
            AppError::invalid("invalid_scenario", "Send the units and the fire table.")
        })?;
        Ok(rules::start(scenario)?)
    }
    fn soviet_view(state: &ExampleState) -> SideView {
        match rules::view(state, Role::Soviet) {
            View::Soviet(view) => view,
            other => panic!("the Soviet side got {other:?}"),
        }
    }
    fn finnish_view(state: &ExampleState) -> SideView {
        match rules::view(state, Role::Finnish) {
            View::Finnish(view) => view,
            other => panic!("the Finnish side got {other:?}"),
        }
    }
    fn umpire_view(state: &ExampleState) -> UmpireView {
        match rules::view(state, Role::Umpire) {
            View::Umpire(view) => view,
            other => panic!("the umpire got {other:?}"),
        }
    }
    fn view(state: &ExampleState, role: Role) -> View {
        rules::view(state, role)
    }
    fn log_entry(state: &ExampleState, event: &Event) -> NewEvent {
        let (audience, kind, moment, sentence, payload) = rules::log_entry(state, event);
        NewEvent {
            audience,
            kind: kind.into(),
            moment,
            sentence,
            payload,
        }
    }
    fn turn(state: &ExampleState) -> Turn {
        Turn {
            label: state.sequence.calendar.label(rules::turn(state)),
            phase: None,
        }
    }
    fn awaited(state: &ExampleState) -> Vec<Awaited> {
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
            .routes(routes!(api_view))
            .routes(routes!(api_end_phase))
    }
    fn pages() -> Router<AppState> {
        Router::new()
    }
    fn page_routes() -> &'static [(&'static str, &'static str)] {
        &[]
    }
}

/// The example's line in a list of games (`registry::Games`).
pub static EXAMPLE: Registered<Example> = Registered::new();

/// `GET /api/v1/campaigns/{id}/example`: the caller's view.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/example", tag = "example",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, description = "the caller's view"), (status = 404, description = "no such campaign of the example game")),
    security(("bearer" = [])))]
pub async fn api_view(
    State(state): State<AppState>,
    access: GameAccess<Example>,
) -> Result<axum::Json<View>, AppError> {
    let game: std::sync::Arc<ExampleState> =
        crate::db::game::kept_state(&state.db, &state.caches.states, access.id())
            .await?
            .ok_or_else(AppError::not_found)?;
    Ok(axum::Json(rules::view(&game, access.role())))
}

/// `POST /api/v1/campaigns/{id}/example/end-phase`: the caller ends the phase; answers the
/// caller's view.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/example/end-phase", tag = "example",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, description = "the caller's view"), (status = 409, description = "not the caller's phase")),
    security(("bearer" = [])))]
pub async fn api_end_phase(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Example>,
) -> Result<axum::response::Response, AppError> {
    let role = access.role();
    let (_, committed) = runner::run::<Example, ()>(&state, &access, |game, dice| {
        let (next, events) = rules::command(game, role, Command::EndPhase, dice)?;
        *game = next;
        Ok(((), events))
    })
    .await?;
    committed.answer()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::{GAMES, Module};

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
        let sent = serde_json::to_value(rules::tests::scenario()).expect("scenario as JSON");
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
        assert_eq!(rules::replay(&replayed).expect("replays"), state);
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
}
