//! The umpire's hand on a WoNS campaign through the API: corrections, reveals, the end, and the
//! event log.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::core::text::PlainText;
use crate::db::game::EventRow;
pub use crate::games::log::EventsQuery;
use crate::games::runner::Committed;
use crate::games::wons::Wons;
use crate::games::wons::rules::{self as wons, Reveal};
use crate::games::wons::views::WonsView;
use crate::games::{GameAccess, KeptGameAccess};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::run;

/// An umpire's correction of one value.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CorrectionIn {
    /// Where the value is, e.g. `/platoons/fin-1/fatigue`.
    #[schema(value_type = String)]
    pub path: crate::core::text::Label,
    /// The new value (JSON).
    #[schema(value_type = Object)]
    pub value: Value,
    /// Why; both sides read it.
    #[schema(value_type = String)]
    pub reason: PlainText,
}

/// Corrects one value with a reason; umpire only.
pub async fn correct(
    state: &AppState,
    access: &GameAccess<Wons>,
    c: CorrectionIn,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("correct values")?;
    crate::core::text::check_json("value", &c.value)?;
    run(state, access, |game, _| {
        Ok((
            (),
            wons::umpire_correct(game, &c.path, c.value, &c.reason).map_err(AppError::from)?,
        ))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/corrections`: corrects any value with a reason both sides read; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/corrections", tag = "wons", request_body = CorrectionIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 422, description = "no such value, or no reason")),
    security(("bearer" = [])))]
pub async fn api_correct(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<CorrectionIn>,
) -> Result<axum::response::Response, AppError> {
    correct(&state, &access, body).await?.answer()
}

/// A fact the umpire reveals to a side.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RevealIn {
    /// The side that learns it.
    pub side: Side,
    /// What it learns.
    #[schema(value_type = Object)]
    pub reveal: Reveal,
}

/// Reveals a platoon or feature to a side; umpire only.
pub async fn reveal(
    state: &AppState,
    access: &GameAccess<Wons>,
    r: RevealIn,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("reveal facts")?;
    run(state, access, |game, _| {
        Ok((
            (),
            wons::umpire_reveal(game, r.side, &r.reveal).map_err(AppError::from)?,
        ))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/reveal`: tells a side about a platoon or feature; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/reveal", tag = "wons", request_body = RevealIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 422, description = "nothing by that name")),
    security(("bearer" = [])))]
pub async fn api_reveal(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<RevealIn>,
) -> Result<axum::response::Response, AppError> {
    reveal(&state, &access, body).await?.answer()
}

/// Ends the campaign, evaluating the pack's victory conditions; umpire only.
pub async fn end(state: &AppState, access: &GameAccess<Wons>) -> Result<Committed<Wons>, AppError> {
    crate::games::runner::conclude::<Wons>(state, access).await
}

/// `POST /api/v1/campaigns/{id}/wons/end`: ends the campaign, evaluates victory and reveals every
/// dice seed (as the campaign's finish does); umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/end", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 409, description = "already ended")),
    security(("bearer" = [])))]
pub async fn api_end(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
) -> Result<axum::response::Response, AppError> {
    end(&state, &access).await?.answer()
}

/// The events the caller may read, newest first.
pub async fn events(
    state: &AppState,
    access: &GameAccess<Wons>,
    q: &EventsQuery,
) -> Result<Vec<EventRow>, AppError> {
    crate::games::log::page(state, access, q).await
}

/// `GET /api/v1/campaigns/{id}/wons/events`: the campaign's events the caller may read, newest first.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/wons/events", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), EventsQuery),
    responses((status = 200, body = [EventRow])), security(("bearer" = [])))]
pub async fn api_events(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Query(q): Query<EventsQuery>,
) -> Result<Json<Vec<EventRow>>, AppError> {
    Ok(Json(events(&state, &access, &q).await?))
}
