//! Winter of No Surrender joined to the server: its `impl Game`, its routers and page routes.

use super::api::{self as wons, battle_rolls, battles, control};
use super::heroes::{api as heroes_api, pages as heroes_pages};
use super::pages::{self as wons_pages, battles as battle_pages};
use super::rules::{self, Event, EventVisibility, HourError, WonsState};
use super::views::{self, FinnishView, SovietView, UmpireView, WonsView};
use crate::core::domain::{self, Role};
use crate::core::error::{AppError, sentence};
use crate::db::game::{Archived, Audience, NewEvent};
use crate::dice::procedure::Procedure;
use crate::dice::source::Dice;
use crate::games::assisted::pack::error::{PackError, PackErrors};
use crate::games::assisted::play::pack_library::{self, PackReader, Unread};
use crate::games::{Awaited, Game, Turn};
use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};
use serde_json::{Map, Value};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Winter of No Surrender, a Chain of Command campaign.
pub struct Wons;

/// The library's reader of Winter of No Surrender packs: the campaign's own pack reader, whose
/// refusals name the line and the field.
struct WonsPacks;

impl PackReader for WonsPacks {
    fn game(&self) -> domain::Game {
        <Wons as Game>::GAME
    }
    fn noun(&self) -> &'static str {
        "scenario pack"
    }
    fn names_its_game(&self) -> bool {
        false
    }
    fn example(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "Start from the Winter of No Surrender demonstration pack",
            "/static/wons-pack.toml",
        ))
    }
    fn read(&self, text: &str) -> Result<String, Unread> {
        let state = rules::load_pack(text).map_err(|e| {
            Unread::Errors(PackErrors(vec![PackError {
                line: e.line,
                key: e.field,
                message: e.message,
            }]))
        })?;
        Ok(pack_library::title(&state.name))
    }
    /// A WoNS scenario is the pack's text itself: `{"pack": id}` stands for it and takes nothing
    /// else.
    fn with_text(&self, sent: Map<String, Value>, text: String) -> Result<Value, AppError> {
        if sent.len() > 1 {
            return Err(AppError::invalid(
                "invalid_scenario",
                "A Winter of No Surrender scenario is its pack alone: send {\"pack\": id} with nothing beside it, or the pack's text.",
            )
            .on_field("scenario"));
        }
        Ok(Value::String(text))
    }
}

impl Game for Wons {
    const GAME: domain::Game = domain::Game::new("wons", "Winter of No Surrender");
    const SEGMENT: &'static str = "wons";
    /// A scenario pack, as TOML text.
    type Scenario = String;
    type State = WonsState;
    type Event = Event;
    type Refusal = HourError;
    type SovietView = SovietView;
    type FinnishView = FinnishView;
    type UmpireView = UmpireView;
    type View = WonsView;

    fn scenario(sent: &serde_json::Value) -> Result<String, AppError> {
        sent.as_str().map(str::to_owned).ok_or_else(|| {
            AppError::invalid(
                "invalid_scenario",
                "Send the scenario pack as TOML text in 'scenario' (see scenarios/wons-demo.toml), or {\"pack\": id} naming a pack of the library that is yours or published.",
            )
            .on_field("scenario")
        })
    }
    fn start(scenario: Option<String>) -> Result<(WonsState, Vec<Event>), AppError> {
        let source = scenario.as_deref().unwrap_or(rules::DEMO_PACK);
        rules::start_campaign(source)
            .map_err(|e| AppError::invalid("invalid_scenario", sentence(e)).on_field("scenario"))
    }
    fn soviet_view(state: &WonsState) -> SovietView {
        views::soviet_view(state)
    }
    fn finnish_view(state: &WonsState) -> FinnishView {
        views::finnish_view(state)
    }
    fn umpire_view(state: &WonsState) -> UmpireView {
        views::umpire_view(state)
    }
    fn view(state: &WonsState, role: Role) -> WonsView {
        views::view_for(state, role)
    }
    fn tracks(state: &WonsState) -> Vec<crate::games::Track> {
        state
            .platoons
            .values()
            .map(|p| crate::games::Track {
                what: "fatigue",
                name: p.name.clone(),
                side: p.side,
                value: i64::from(p.fatigue),
            })
            .collect()
    }
    fn initiative(state: &WonsState) -> Option<crate::core::domain::Side> {
        Some(state.initiative)
    }
    fn battles<'a>(
        db: &'a sqlx::PgPool,
        campaign: uuid::Uuid,
        state: &'a WonsState,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<crate::games::BattleStory>, AppError>> + Send + 'a {
        super::story::battles(db, campaign, state, limit)
    }
    fn board(state: &WonsState, role: Role) -> Option<String> {
        let soviet = || views::soviet_view(state).0;
        let finnish = || views::finnish_view(state).0;
        let sides = match role {
            Role::Soviet => vec![soviet()],
            Role::Finnish => vec![finnish()],
            Role::Umpire => vec![soviet(), finnish()],
        };
        let caption = Self::turn(state).label;
        views::board::ladder_board(&sides.iter().collect::<Vec<_>>(), &caption).ok()
    }
    fn log_entry(state: &WonsState, e: &Event) -> NewEvent {
        NewEvent {
            audience: match e.visibility {
                EventVisibility::Public => Audience::Public,
                EventVisibility::Soviet => Audience::Soviet,
                EventVisibility::Finnish => Audience::Finnish,
                EventVisibility::Umpire => Audience::Umpire,
            },
            kind: serde_json::to_value(e.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_else(|| "campaign".into()),
            moment: state.clock.label(e.hour),
            sentence: e.sentence.clone(),
            payload: serde_json::to_value(e).unwrap_or(serde_json::Value::Null),
        }
    }
    /// Old battles, decided and settled, leave the state (`rules::archive`).
    fn archive(state: &mut WonsState) -> Result<Vec<Archived>, AppError> {
        rules::archive::retire(state)
            .into_iter()
            .map(|b| {
                Ok(Archived {
                    number: b.id,
                    record: serde_json::to_string(&b).map_err(AppError::internal)?,
                })
            })
            .collect()
    }
    fn turn(state: &WonsState) -> Turn {
        Turn {
            label: state.clock.label(state.hour),
            phase: None,
        }
    }
    fn notable(kind: &str) -> bool {
        matches!(kind, "battle" | "correction" | "reveal")
    }
    fn awaited(state: &WonsState) -> Vec<Awaited> {
        rules::awaited::awaited(state)
            .into_iter()
            .map(|(role, what)| Awaited::new(role, what))
            .collect()
    }
    /// A passed orders deadline resolves the Hour as the umpire would.
    fn deadline_passed(
        state: &mut WonsState,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<Event>, HourError>> {
        Some(rules::resolve_hour(state, dice, true))
    }
    /// The sides not ready have their platoons without orders Defend; the Hour resolves.
    fn deadline_default(state: &WonsState) -> String {
        let absent: Vec<&str> = [
            ("Soviet", state.orders.soviet.ready),
            ("Finnish", state.orders.finnish.ready),
        ]
        .into_iter()
        .filter(|(_, ready)| !ready)
        .map(|(side, _)| side)
        .collect();
        if absent.is_empty() {
            "both sides were ready, and the Hour is resolved".to_owned()
        } else {
            format!(
                "the {} platoons without orders Defend, and the Hour is resolved",
                absent.join(" and ")
            )
        }
    }
    /// An absent side's platoons without orders Defend and its orders are ready; when the
    /// other side is ready too, the Hour resolves.
    fn conclude(state: &mut WonsState) -> Result<Vec<Event>, AppError> {
        if state.is_running() {
            rules::end_campaign(state).map_err(AppError::from)
        } else {
            Ok(Vec::new())
        }
    }

    fn play_default(
        state: &mut WonsState,
        side: domain::Side,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<Event>, AppError>> {
        let played = rules::mark_ready(state, side, true).map_err(AppError::from);
        Some(played.and_then(|mut events| {
            if state.orders.soviet.ready && state.orders.finnish.ready {
                events.extend(rules::resolve_hour(state, dice, false).map_err(AppError::from)?);
            }
            Ok(events)
        }))
    }
    /// The roster of unique heroes is shared by every campaign on the server.
    fn prepare(db: &sqlx::PgPool) -> impl Future<Output = anyhow::Result<()>> + Send {
        super::heroes::db::seed_default_roster(db)
    }
    fn procedures() -> Vec<&'static dyn Procedure> {
        rules::tables::procedures()
    }
    fn readings() -> &'static [&'static str] {
        rules::readings::READINGS
    }
    fn api() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(wons::api_view))
            .routes(routes!(wons::api_battles))
            .routes(routes!(wons::api_give_order))
            .routes(routes!(wons::api_extra_action))
            .routes(routes!(wons::api_ready, wons::api_withdraw_ready))
            .routes(routes!(wons::api_resolve))
            .routes(routes!(battle_rolls::api_battle_result))
            .routes(routes!(control::api_correct))
            .routes(routes!(control::api_reveal))
            .routes(routes!(control::api_end))
            .routes(routes!(control::api_events))
            .routes(routes!(wons::api_deadline))
            .routes(routes!(wons::api_reorganize))
            .routes(routes!(wons::api_orders, wons::api_give_orders))
            .routes(routes!(battle_rolls::api_force_morale))
            .routes(routes!(battle_rolls::api_barrage))
            .routes(routes!(battle_rolls::api_interrogate))
            .routes(routes!(battles::api_support_points))
            .routes(routes!(battles::api_support))
            .routes(routes!(battles::api_surprise))
            .routes(routes!(battles::api_turn_zero))
            .routes(routes!(battles::api_capture))
            .routes(routes!(battles::api_force_morale_table))
            .routes(routes!(heroes_api::api_roster))
            .routes(routes!(heroes_api::api_roster_hero))
            .routes(routes!(heroes_api::api_view))
            .routes(routes!(heroes_api::api_obtain))
            .routes(routes!(heroes_api::api_hit))
            .routes(routes!(heroes_api::api_capture))
            .routes(routes!(heroes_api::api_escape))
    }
    fn pages() -> Router<AppState> {
        Router::new()
            .route("/games/wons/rules", get(wons_pages::rules))
            .route("/campaigns/{id}/wons", get(wons_pages::show))
            .route(
                "/campaigns/{id}/wons/battles",
                get(wons_pages::battle_list::show),
            )
            .route("/campaigns/{id}/wons/orders", post(wons_pages::give_orders))
            .route(
                "/campaigns/{id}/wons/extra-actions/{platoon}",
                post(wons_pages::extra_action),
            )
            .route("/campaigns/{id}/wons/ready", post(wons_pages::ready))
            .route(
                "/campaigns/{id}/wons/ready/withdraw",
                post(wons_pages::withdraw_ready),
            )
            .route("/campaigns/{id}/wons/resolve", post(wons_pages::resolve))
            .route(
                "/campaigns/{id}/wons/corrections",
                post(wons_pages::correct),
            )
            .route("/campaigns/{id}/wons/reveal", post(wons_pages::reveal))
            .route("/campaigns/{id}/wons/end", post(wons_pages::end))
            .route(
                "/campaigns/{id}/wons/reorganization",
                post(wons_pages::reorganize),
            )
            .merge(battle_pages::router())
            .merge(heroes_pages::router())
    }
    fn pack_reader() -> Option<&'static dyn PackReader> {
        Some(&WonsPacks)
    }
    fn page_routes() -> &'static [(&'static str, &'static str)] {
        &[
            ("GET", "/games/wons/rules"),
            ("GET", "/campaigns/{id}/wons"),
            ("GET", "/campaigns/{id}/wons/battles"),
            ("POST", "/campaigns/{id}/wons/orders"),
            ("POST", "/campaigns/{id}/wons/extra-actions/{platoon}"),
            ("POST", "/campaigns/{id}/wons/ready"),
            ("POST", "/campaigns/{id}/wons/ready/withdraw"),
            ("POST", "/campaigns/{id}/wons/resolve"),
            ("POST", "/campaigns/{id}/wons/corrections"),
            ("POST", "/campaigns/{id}/wons/reveal"),
            ("POST", "/campaigns/{id}/wons/end"),
            ("POST", "/campaigns/{id}/wons/reorganization"),
            ("POST", "/campaigns/{id}/wons/force-morale-table"),
            (
                "POST",
                "/campaigns/{id}/wons/battles/{battle}/support-points",
            ),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/support"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/surprise"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/turn-zero"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/result"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/captures"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/force-morale"),
            ("POST", "/campaigns/{id}/wons/battles/{battle}/barrages"),
            (
                "POST",
                "/campaigns/{id}/wons/battles/{battle}/interrogations",
            ),
            ("GET", "/campaigns/{id}/heroes"),
            ("POST", "/campaigns/{id}/heroes/obtain"),
            ("POST", "/campaigns/{id}/heroes/{hero}/fate"),
        ]
    }
}
