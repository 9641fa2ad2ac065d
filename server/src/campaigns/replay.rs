//! Replay: a campaign's story step by step (`db::steps`: each new Hour, turn or phase, and just
//! after each battle's result), each step shown as its reader saw it then: the reader's view
//! built from the state as that step began, the board drawn from it and the log the reader had
//! read by then. The page steps one step at a time or from battle to battle. During play a side sees only its own view (never what it
//! learned later: the view is of that step's state, and the log stops at that step); the umpire
//! sees any side's; once the campaign has ended everyone sees everything.

use crate::core::domain::{Role, StepKind};
use crate::core::error::AppError;
use crate::db;
use crate::db::game::EventRow;
use crate::games::registry;
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::pages::{Due, Nav, render};
use askama::Template;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};

/// How many log entries a step shows, newest first.
const LOG: i64 = 30;
/// How many steps a list answers at once.
const STEPS: i64 = 100;

/// One step of the story, as a list names it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StepInfo {
    /// Its number, from 0 (the start).
    pub n: i32,
    /// The turn or Hour as players name it.
    pub turn: String,
    /// The phase, if the game has phases.
    pub phase: Option<String>,
    /// `turn` for a new turn, Hour or phase (or the start); `battle` for the state just after a
    /// battle's result was recorded.
    pub kind: StepKind,
    /// A battle step's words ("After battle 2 at C Kelja"); absent for a turn.
    pub label: Option<String>,
    /// When the step began (RFC 3339).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: time::OffsetDateTime,
}

impl From<db::steps::Step> for StepInfo {
    fn from(s: db::steps::Step) -> Self {
        StepInfo {
            n: s.n,
            turn: s.turn,
            phase: s.phase,
            kind: s.kind,
            label: s.label,
            at: s.created_at,
        }
    }
}

/// The steps of a campaign's story, a page at a time.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Steps {
    /// How many steps the story has so far.
    pub count: i32,
    /// Up to 100 steps from `from` on, in order.
    pub steps: Vec<StepInfo>,
}

/// One earlier point of the campaign as its reader saw it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Point {
    /// The step.
    pub step: StepInfo,
    /// Whose view this is.
    pub role: Role,
    /// That role's view of the game as the step began, as the game's own view endpoint answers.
    #[schema(value_type = Object)]
    pub view: serde_json::Value,
    /// The newest log entries that role had read by then (up to 30), newest first.
    pub log: Vec<EventRow>,
}

/// Which steps to list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct StepsQuery {
    /// The first step to list (default 0).
    pub from: Option<i32>,
    /// Only the steps of this kind: `battle` lists the battles alone, `turn` the turns.
    pub kind: Option<StepKind>,
}

/// A step's path.
#[derive(Debug, Deserialize)]
pub struct StepPath {
    /// The campaign (the access extractor reads it).
    pub id: uuid::Uuid,
    /// The step.
    pub n: i32,
}

/// Whose view of a point to show.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct PointQuery {
    /// `soviet`, `finnish` or `umpire`; the caller's own role unless given. Another role's view
    /// is the umpire's to see during play, and everyone's once the campaign has ended.
    #[serde(rename = "as")]
    pub seen_as: Option<String>,
}

/// The role whose view `access` asks for: its own, or another where it may see that one.
fn reader(access: &CampaignAccess, asked: Option<&str>) -> Result<Role, AppError> {
    let own = access.role();
    let Some(asked) = asked.filter(|a| !a.is_empty()) else {
        return Ok(own);
    };
    let role: Role = asked.parse().map_err(|_| {
        AppError::invalid(
            "invalid_role",
            format!("'{asked}' is not a role: ask as soviet, finnish or umpire."),
        )
        .on_field("as")
    })?;
    if role == own || access.umpire_powers() || access.membership.campaign.is_finished() {
        Ok(role)
    } else {
        Err(AppError::forbidden(
            "During play each side looks back only at what it saw itself; every view opens to everyone once the campaign has ended.",
        ))
    }
}

/// Step `n` of `access`'s campaign as `role` saw it, with its board when the game draws one.
async fn point(
    state: &AppState,
    access: &CampaignAccess,
    n: i32,
    role: Role,
) -> Result<(Point, Option<String>), AppError> {
    let (step, stored) = db::steps::one(&state.db, access.id(), n)
        .await?
        .ok_or_else(AppError::not_found)?;
    seen(state, access, step, stored, role).await
}

/// `step`, whose state document is `stored`, as `role` saw it, with its board.
async fn seen(
    state: &AppState,
    access: &CampaignAccess,
    step: db::steps::Step,
    stored: serde_json::Value,
    role: Role,
) -> Result<(Point, Option<String>), AppError> {
    let module = registry::module(state, access.game()).ok_or_else(AppError::not_found)?;
    let log = db::game::events_for(&state.db, access.id(), role, step.log_upto(role), LOG).await?;
    let (view, board) = module.replay(stored, role)?;
    Ok((
        Point {
            step: step.into(),
            role,
            view,
            log,
        },
        board,
    ))
}

/// `GET /api/v1/campaigns/{id}/replay`: the steps of the campaign's story (each new Hour, turn or
/// phase, the start, and just after each battle's result), each with its kind, up to 100 from
/// `from` on; `kind=battle` lists the battles alone.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/replay", tag = "campaigns",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), StepsQuery),
    responses((status = 200, body = Steps)), security(("bearer" = [])))]
pub async fn api_steps(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(q): Query<StepsQuery>,
) -> Result<Json<Steps>, AppError> {
    let from = q.from.unwrap_or(0).max(0);
    let count = db::steps::count(&state.db, access.id()).await?;
    let steps = db::steps::list(&state.db, access.id(), from, q.kind, STEPS).await?;
    Ok(Json(Steps {
        count,
        steps: steps.into_iter().map(StepInfo::from).collect(),
    }))
}

/// `GET /api/v1/campaigns/{id}/replay/{n}`: step `n` as the caller's side saw it then (or as
/// `as` saw it, for the umpire, and for everyone once the campaign has ended).
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/replay/{n}", tag = "campaigns",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("n" = i32, Path, description = "the step"), PointQuery),
    responses((status = 200, body = Point), (status = 404, description = "no such step")),
    security(("bearer" = [])))]
pub async fn api_point(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<StepPath>,
    Query(q): Query<PointQuery>,
) -> Result<Json<Point>, AppError> {
    let role = reader(&access, q.seen_as.as_deref())?;
    Ok(Json(point(&state, &access, path.n, role).await?.0))
}

/// A log entry as the page shows it.
struct Line {
    moment: String,
    sentence: String,
}

/// A battle step in the page's list of battles.
struct BattleLink {
    n: i32,
    turn: String,
    label: String,
    /// Whether it is the step shown.
    current: bool,
}

#[derive(Template)]
#[template(path = "core/campaigns/replay.html")]
struct ReplayPage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    count: i32,
    n: i32,
    turn: String,
    phase: Option<String>,
    /// A battle step's words.
    battle: Option<String>,
    at: Due,
    /// The roles the reader may choose: (code, words, chosen).
    roles: Vec<(&'static str, &'static str, bool)>,
    role_words: &'static str,
    previous_battle: Option<i32>,
    next_battle: Option<i32>,
    /// The battle steps nearest the step shown, in order.
    battles: Vec<BattleLink>,
    board: Option<String>,
    lines: Vec<Line>,
}

impl ReplayPage {
    /// The code of the role whose view is shown, for the links that keep it.
    fn role_code(&self) -> &'static str {
        self.roles
            .iter()
            .find(|(_, _, chosen)| *chosen)
            .map_or("", |(code, _, _)| code)
    }
}

/// The page's query: which step, as whom.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PageQuery {
    step: Option<i32>,
    #[serde(rename = "as")]
    seen_as: Option<String>,
}

/// `GET /campaigns/{id}/replay`: a step of the story (the newest unless `step` names another)
/// as the reader saw it, with a slider over every step (its battles marked), links to the
/// previous and next step and battle, its board and the log up to it.
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(q): Query<PageQuery>,
) -> Result<Response, AppError> {
    let role = reader(&access, q.seen_as.as_deref())?;
    let around = db::steps::around(&state.db, access.id(), q.step)
        .await?
        .ok_or_else(AppError::not_found)?;
    let n = around.step.n;
    let battles = around
        .battles
        .into_iter()
        .map(|b| BattleLink {
            current: b.n == n,
            n: b.n,
            turn: b.turn,
            label: b.label.unwrap_or_default(),
        })
        .collect();
    let (point, board) = seen(&state, &access, around.step, around.state, role).await?;
    let open = access.umpire_powers() || access.membership.campaign.is_finished();
    let roles = [Role::Soviet, Role::Finnish, Role::Umpire]
        .into_iter()
        .filter(|r| open || *r == access.role())
        .map(|r| (r.code(), crate::games::role_words(r), r == role))
        .collect();
    let zone = access.user.zone();
    Ok(render(&ReplayPage {
        nav: Nav::with_waiting(&state.db, &access).await?,
        campaign_id: access.id(),
        campaign_name: access.membership.campaign.name.clone(),
        count: around.count,
        n,
        turn: point.step.turn,
        phase: point.step.phase,
        battle: point
            .step
            .label
            .filter(|_| point.step.kind == StepKind::Battle),
        at: Due::of(point.step.at, &zone),
        roles,
        role_words: crate::games::role_words(role),
        previous_battle: around.previous_battle,
        next_battle: around.next_battle,
        battles,
        board,
        lines: point
            .log
            .into_iter()
            .map(|e| Line {
                moment: e.moment,
                sentence: e.sentence,
            })
            .collect(),
    }))
}
