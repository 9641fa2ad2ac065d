//! The WoNS pages: each side's ladder, platoon cards and orders; the umpire's dashboard.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::db::game::EventRow;
use crate::games::wons::api::{self as api, CorrectionIn, EventsQuery, RevealIn};
use crate::games::wons::rules::fatigue::Action;
use crate::games::wons::rules::{Order, Reveal};
use crate::games::wons::views::picture::{fatigue_track, ladder};
use crate::games::wons::views::{SideView, UmpireView, WonsView, finnish_view, soviet_view};
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::pages::{Nav, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};

/// An action offered in an order form.
struct Choice {
    code: String,
    title: &'static str,
    selected: bool,
}

/// A platoon card's extra pieces.
struct Card {
    fatigue_svg: String,
    history: Vec<String>,
    choices: Vec<Choice>,
    order_text: String,
}

#[derive(Template)]
#[template(path = "games/wons/side.html")]
struct SidePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    view: SideView,
    cards: Vec<Card>,
    ladder_svg: String,
    deadline: Option<String>,
    report: Vec<EventRow>,
    events: Vec<EventRow>,
}

#[derive(Template)]
#[template(path = "games/wons/umpire.html")]
struct UmpirePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    view: UmpireView,
    sides: Vec<(SideView, Vec<Card>)>,
    ladder_svg: String,
    deadline: Option<String>,
    report: Vec<EventRow>,
    events: Vec<EventRow>,
}

fn action_code(action: Action) -> String {
    serde_json::to_value(action)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn order_text(order: &Option<Order>) -> String {
    match order {
        None => "none yet".into(),
        Some(o) => serde_json::to_value(o)
            .ok()
            .and_then(|v| {
                v.get("action")
                    .and_then(|a| a.as_str())
                    .map(|a| a.replace('_', " "))
            })
            .unwrap_or_default(),
    }
}

fn cards(view: &SideView, events: &[EventRow]) -> Result<Vec<Card>, AppError> {
    view.platoons
        .iter()
        .map(|p| {
            let current = p
                .order
                .as_ref()
                .and_then(|o| serde_json::to_value(o).ok())
                .and_then(|v| v.get("action").cloned());
            Ok(Card {
                history: events
                    .iter()
                    .filter(|e| e.sentence.contains(&p.name))
                    .take(8)
                    .map(|e| format!("{}: {}", e.moment, e.sentence))
                    .collect(),
                fatigue_svg: fatigue_track(p.fatigue)
                    .render()
                    .map_err(AppError::internal)?,
                choices: p
                    .legal_actions
                    .iter()
                    .map(|a| {
                        let code = action_code(*a);
                        Choice {
                            selected: current.as_ref().and_then(|c| c.as_str())
                                == Some(code.as_str()),
                            code,
                            title: a.title(),
                        }
                    })
                    .collect(),
                order_text: order_text(&p.order),
            })
        })
        .collect()
}

async fn page(
    state: &AppState,
    access: &CampaignAccess,
    error: Option<String>,
    status: StatusCode,
) -> Result<Response, AppError> {
    let (game, view) = api::view(state, access).await?;
    let events = api::events(
        state,
        access,
        &EventsQuery {
            before: None,
            limit: Some(60),
        },
    )
    .await?;
    let nav = Nav::for_user(&access.user);
    let campaign_name = access.membership.campaign.name.clone();
    let caption = game.clock.label(game.hour);
    let last_hour = game.hour.checked_sub(1).map(|h| game.clock.label(h));
    let report: Vec<EventRow> = events
        .iter()
        .filter(|e| Some(&e.moment) == last_hour.as_ref())
        .rev()
        .cloned()
        .collect();
    match view {
        WonsView::Soviet(v) => side_page(
            nav,
            access,
            campaign_name,
            error,
            v.0,
            (report, events),
            caption,
            status,
        ),
        WonsView::Finnish(v) => side_page(
            nav,
            access,
            campaign_name,
            error,
            v.0,
            (report, events),
            caption,
            status,
        ),
        WonsView::Umpire(v) => {
            let soviet = soviet_view(&game).0;
            let finnish = finnish_view(&game).0;
            let ladder_svg = ladder(&[&soviet, &finnish], caption)
                .render()
                .map_err(AppError::internal)?;
            let sides = vec![
                (cards(&soviet, &events).map(|c| (soviet.clone(), c))?),
                (cards(&finnish, &events).map(|c| (finnish.clone(), c))?),
            ];
            Ok(render_with(
                status,
                &UmpirePage {
                    nav,
                    campaign_id: access.id(),
                    campaign_name,
                    error,
                    view: *v,
                    sides,
                    ladder_svg,
                    deadline: deadline_text(access),
                    report,
                    events,
                },
            ))
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn side_page(
    nav: Nav,
    access: &CampaignAccess,
    campaign_name: String,
    error: Option<String>,
    view: SideView,
    (report, events): (Vec<EventRow>, Vec<EventRow>),
    caption: String,
    status: StatusCode,
) -> Result<Response, AppError> {
    let ladder_svg = ladder(&[&view], caption)
        .render()
        .map_err(AppError::internal)?;
    let cards = cards(&view, &events)?;
    Ok(render_with(
        status,
        &SidePage {
            nav,
            campaign_id: access.id(),
            campaign_name,
            error,
            view,
            cards,
            ladder_svg,
            deadline: deadline_text(access),
            report,
            events,
        },
    ))
}

fn deadline_text(access: &CampaignAccess) -> Option<String> {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    access
        .membership
        .campaign
        .orders_deadline
        .and_then(|t| t.format(&format).ok())
}

/// The deadline form: a UTC date and time from a `datetime-local` field, or `clear`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DeadlineForm {
    at: String,
    clear: Option<String>,
}

/// `POST /campaigns/{id}/wons/deadline`.
pub async fn deadline(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<DeadlineForm>,
) -> Result<Response, AppError> {
    let result = async {
        let at = if form.clear.is_some() {
            None
        } else {
            let format = time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]");
            let local = time::PrimitiveDateTime::parse(form.at.trim(), &format).map_err(|_| {
                AppError::invalid(
                    "invalid_deadline",
                    "Give the deadline as a date and time (UTC).",
                )
            })?;
            Some(local.assume_utc())
        };
        api::set_deadline(&state, &access, at).await
    }
    .await;
    after(&state, &access, result, "").await
}

/// `GET /campaigns/{id}/wons`: the side's page, or the umpire's dashboard.
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Response, AppError> {
    page(&state, &access, None, StatusCode::OK).await
}

/// Shows the page again with a refusal, or goes back to it after success.
pub(super) async fn after<T>(
    state: &AppState,
    access: &CampaignAccess,
    result: Result<T, AppError>,
    anchor: &str,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => {
            Ok(Redirect::to(&format!("/campaigns/{}/wons{anchor}", access.id())).into_response())
        }
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            page(state, access, Some(e.message), e.status).await
        }
        Err(e) => Err(e),
    }
}

/// The order form of one platoon.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct OrderForm {
    action: String,
    table: String,
    scenario: String,
    build: Option<String>,
    in_building: Option<String>,
    buildings: String,
}

impl OrderForm {
    fn order(&self) -> Result<Order, AppError> {
        let mut order = json!({ "action": self.action });
        if !self.table.is_empty() {
            order["table"] = json!(self.table);
        }
        if !self.scenario.is_empty() {
            order["scenario"] = json!(self.scenario);
        }
        if self.action == "adjust_roadblock" {
            order["build"] = json!(self.build.is_some());
        }
        if self.action == "rest" {
            order["in_building"] = json!(self.in_building.is_some());
        }
        if self.action == "burn_buildings" {
            let names: Vec<&str> = self
                .buildings
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            order["buildings"] = json!(names);
        }
        serde_json::from_value(order).map_err(|_| {
            AppError::invalid(
                "illegal_order",
                format!(
                    "'{}' is not an order this page knows; choose one from the list.",
                    self.action
                ),
            )
        })
    }
}

/// `POST /campaigns/{id}/wons/orders/{platoon}`.
pub async fn give_order(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, platoon)): Path<(String, String)>,
    Form(form): Form<OrderForm>,
) -> Result<Response, AppError> {
    let result = async { api::give_order(&state, &access, &platoon, form.order()?).await }.await;
    after(&state, &access, result, &format!("#platoon-{platoon}")).await
}

/// `POST /campaigns/{id}/wons/extra-actions/{platoon}`: the same form, taken as the extra action.
pub async fn extra_action(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, platoon)): Path<(String, String)>,
    Form(form): Form<OrderForm>,
) -> Result<Response, AppError> {
    let result = async { api::extra_action(&state, &access, &platoon, form.order()?).await }.await;
    after(&state, &access, result, &format!("#platoon-{platoon}")).await
}

/// `POST /campaigns/{id}/wons/ready`.
pub async fn ready(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Response, AppError> {
    let result = api::mark_ready(&state, &access).await;
    after(&state, &access, result, "").await
}

/// `POST /campaigns/{id}/wons/resolve`.
pub async fn resolve(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Response, AppError> {
    let result = api::force_resolution(&state, &access).await;
    after(&state, &access, result, "").await
}

/// The correction form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct CorrectionForm {
    path: String,
    value: String,
    reason: String,
}

/// `POST /campaigns/{id}/wons/corrections`: the value is read as JSON, or as text when it is not JSON.
pub async fn correct(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<CorrectionForm>,
) -> Result<Response, AppError> {
    let value =
        serde_json::from_str(form.value.trim()).unwrap_or(Value::String(form.value.clone()));
    let result = api::correct(
        &state,
        &access,
        CorrectionIn {
            path: crate::core::text::Label::field("path", form.path.trim().to_owned())?,
            value,
            reason: crate::core::text::PlainText::field("reason", form.reason.trim().to_owned())?,
        },
    )
    .await;
    after(&state, &access, result, "").await
}

/// The reveal form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct RevealForm {
    side: String,
    target: String,
}

/// `POST /campaigns/{id}/wons/reveal`: the target is a platoon id or a feature id.
pub async fn reveal(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<RevealForm>,
) -> Result<Response, AppError> {
    let result = async {
        let side = match form.side.as_str() {
            "soviet" => Side::Soviet,
            "finnish" => Side::Finnish,
            _ => {
                return Err(AppError::invalid(
                    "invalid_reveal",
                    "Choose the side that learns it.",
                ));
            }
        };
        let (game, _) = api::view(&state, &access).await?;
        let id = form.target.trim().to_owned();
        let reveal = if game.platoons.contains_key(&id) {
            Reveal::Platoon { id }
        } else {
            Reveal::Feature { id }
        };
        api::reveal(&state, &access, RevealIn { side, reveal }).await
    }
    .await;
    after(&state, &access, result, "").await
}

/// `POST /campaigns/{id}/wons/end`.
pub async fn end(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Response, AppError> {
    let result = api::end(&state, &access).await;
    after(&state, &access, result, "").await
}

#[derive(Template)]
#[template(path = "games/wons/rules.html")]
struct RulesPage {
    nav: Nav,
    readings: &'static [&'static str],
}

/// `GET /games/wons/rules`: how motti reads the rules where they are ambiguous.
pub async fn rules(crate::web::auth::MaybeUser(user): crate::web::auth::MaybeUser) -> Response {
    render_with(
        StatusCode::OK,
        &RulesPage {
            nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
            readings: crate::games::wons::rules::readings::READINGS,
        },
    )
}

/// The reorganization form: one stack a line, `id: platoon, platoon`, leading stack first.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReorganizationForm {
    stacks: String,
}

/// `POST /campaigns/{id}/wons/reorganization`: an empty form withdraws the plan.
pub async fn reorganize(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<ReorganizationForm>,
) -> Result<Response, AppError> {
    let result = async {
        let mut plan = Vec::new();
        for line in form.stacks.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (id, platoons) = line.split_once(':').ok_or_else(|| {
                AppError::invalid(
                    "invalid_reorganization",
                    format!("Write each stack as 'name: platoon, platoon'; '{line}' has no colon."),
                )
            })?;
            plan.push(crate::games::wons::rules::platoon::Stack {
                id: id.trim().to_owned(),
                platoons: platoons
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(str::to_owned)
                    .collect(),
            });
        }
        api::reorganize(&state, &access, (!plan.is_empty()).then_some(plan)).await
    }
    .await;
    after(&state, &access, result, "#reorganization").await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/force-morale`: the player's own side, or the umpire's choice.
pub async fn force_morale(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Result<Response, AppError> {
    let side = match form.get("side").map(String::as_str) {
        Some("soviet") => Some(Side::Soviet),
        Some("finnish") => Some(Side::Finnish),
        _ => None,
    };
    let result = api::roll_force_morale(&state, &access, battle, side).await;
    after(&state, &access, result, "#battles").await
}

/// The barrage form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BarrageForm {
    barrage: String,
    targets: String,
    observer: Option<String>,
}

/// `POST /campaigns/{id}/wons/battles/{battle}/barrages`: targets are names separated by commas.
pub async fn barrage(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<BarrageForm>,
) -> Result<Response, AppError> {
    let request = crate::games::wons::rules::barrage::BarrageRequest {
        barrage: form.barrage,
        targets: form
            .targets
            .split(',')
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        observer: form.observer.is_some(),
    };
    let result = api::fire_barrage(&state, &access, battle, request).await;
    after(&state, &access, result, "#battles").await
}

/// The barrages a side may ask for, as (code, title) pairs.
pub fn barrage_choices(side: &Side) -> Vec<(&'static str, &'static str)> {
    crate::games::wons::rules::tables::artillery::barrages_of(*side)
        .map(|b| (b.code, b.title))
        .collect()
}

/// The interrogation form: one of the prisoners the report lists.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct InterrogationForm {
    prisoner: String,
}

/// `POST /campaigns/{id}/wons/battles/{battle}/interrogations`.
pub async fn interrogate(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<InterrogationForm>,
) -> Result<Response, AppError> {
    let body = api::InterrogationIn {
        side: None,
        request: crate::games::wons::rules::prisoners::InterrogationRequest {
            prisoner: form.prisoner,
            deserter: false,
            hero: false,
        },
    };
    let result = api::interrogate(&state, &access, battle, body).await;
    after(&state, &access, result, "#battles").await
}

pub mod battles;
