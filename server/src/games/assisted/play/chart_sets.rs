//! Chart sets shared between umpires of one server: an umpire publishes a campaign's current
//! charts under a name; any umpire of the same game lists the sets and enters one in a campaign
//! (each chart as its next version, checked again against the game's charts).

use super::api::run;
use super::view::DeskView;
use super::{DeskCommand, TableAccess, kept_desk};
use crate::core::error::AppError;
use crate::db;
use crate::games::assisted::charts::RawChart;
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

/// A published chart set as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChartSetInfo {
    /// Its id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Who published it.
    pub published_by: String,
    /// The chart codes it holds.
    pub charts: Vec<String>,
    /// When.
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

fn info(row: db::chart_sets::ChartSetRow) -> ChartSetInfo {
    let charts = row
        .charts
        .0
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    ChartSetInfo {
        id: row.id,
        name: row.name,
        published_by: row.published_by,
        charts,
        created_at: row.created_at,
    }
}

/// A name to publish under.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PublishIn {
    /// The set's name, unique for the game on this server (1 to 80 characters).
    pub name: String,
}

/// Publishes the campaign's current charts as a named set (the umpire); answers with the set.
pub async fn publish(
    state: &AppState,
    access: &TableAccess,
    name: &str,
) -> Result<ChartSetInfo, AppError> {
    access.require_umpire("publish the campaign's charts")?;
    let name = name.trim();
    crate::core::text::check("name", name, false)?;
    if name.is_empty() || name.chars().count() > 80 {
        return Err(AppError::invalid(
            "invalid_name",
            "Give the chart set a name of 1 to 80 characters.",
        )
        .on_field("name"));
    }
    let desk = kept_desk(state, access).await?;
    let set = desk.chart_set();
    let charts: BTreeMap<String, RawChart> = set
        .charts
        .iter()
        .filter_map(|(code, versions)| {
            versions.last().map(|v| {
                let chart = &v.chart;
                let raw = RawChart {
                    rows: chart.rows.clone(),
                    columns: chart.columns.clone(),
                    cells: chart
                        .cells
                        .iter()
                        .map(|row| row.iter().map(|c| c.to_string()).collect())
                        .collect(),
                };
                (code.clone(), raw)
            })
        })
        .collect();
    if charts.is_empty() {
        return Err(AppError::conflict(
            "no_charts",
            "This campaign has no charts entered yet: enter them before publishing.",
        ));
    }
    let value = serde_json::to_value(&charts).map_err(AppError::internal)?;
    let game = access.game();
    let id = db::chart_sets::publish(&state.db, game.code(), name, access.user.id, &value)
        .await?
        .ok_or_else(|| {
            AppError::conflict(
                "chart_set_name_taken",
                format!(
                    "A {} chart set called '{name}' exists already: choose another name.",
                    game.title()
                ),
            )
            .on_field("name")
        })?;
    let row = db::chart_sets::get(&state.db, id)
        .await?
        .ok_or_else(|| AppError::internal("a published set vanished"))?;
    Ok(info(row))
}

/// `POST /api/v1/campaigns/{id}/charts/publish`: publishes the campaign's current charts.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/charts/publish", tag = "assisted",
    request_body = PublishIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 201, body = ChartSetInfo), (status = 403, description = "not the umpire"),
              (status = 409, description = "no charts yet, or the name is taken")),
    security(("bearer" = [])))]
pub async fn api_publish(
    State(state): State<AppState>,
    access: TableAccess,
    ApiJson(body): ApiJson<PublishIn>,
) -> Result<(StatusCode, Json<ChartSetInfo>), AppError> {
    Ok((
        StatusCode::CREATED,
        Json(publish(&state, &access, &body.name).await?),
    ))
}

/// The published chart sets of the campaign's game, newest first.
pub async fn list(state: &AppState, access: &TableAccess) -> Result<Vec<ChartSetInfo>, AppError> {
    let game = access.game();
    let rows = db::chart_sets::list(&state.db, game.code(), 200).await?;
    Ok(rows.into_iter().map(info).collect())
}

/// `GET /api/v1/campaigns/{id}/chart-sets`: the chart sets published for the campaign's game.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/chart-sets", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [ChartSetInfo]), (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_list(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<Vec<ChartSetInfo>>, AppError> {
    Ok(Json(list(&state, &access).await?))
}

/// Which set to enter.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApplyIn {
    /// The published set's id.
    pub chart_set: Uuid,
}

/// Enters every chart of a published set in the campaign (the umpire).
pub async fn apply(
    state: &AppState,
    access: &TableAccess,
    set: Uuid,
) -> Result<DeskView, AppError> {
    access.require_umpire("enter a chart set")?;
    let game = access.game();
    let row = db::chart_sets::get(&state.db, set)
        .await?
        .filter(|r| r.game == game.code())
        .ok_or_else(|| {
            AppError::invalid(
                "unknown_chart_set",
                format!(
                    "There is no {} chart set with that id on this server.",
                    game.title()
                ),
            )
            .on_field("chart_set")
        })?;
    let charts: BTreeMap<String, RawChart> =
        serde_json::from_value(row.charts.0).map_err(AppError::internal)?;
    run(state, access, DeskCommand::EnterCharts(charts)).await
}

/// `POST /api/v1/campaigns/{id}/charts/from-set`: enters a published chart set.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/charts/from-set", tag = "assisted",
    request_body = ApplyIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 403, description = "not the umpire"),
              (status = 422, description = "no such set, or a chart that does not fit")),
    security(("bearer" = [])))]
pub async fn api_apply(
    State(state): State<AppState>,
    access: TableAccess,
    ApiJson(body): ApiJson<ApplyIn>,
) -> Result<Json<DeskView>, AppError> {
    Ok(Json(apply(&state, &access, body.chart_set).await?))
}
