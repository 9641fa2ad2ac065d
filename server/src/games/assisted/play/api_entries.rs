//! The calculations, dice procedures and actions of an assisted campaign through the API:
//! listed with the JSON Schema of their parameters, and run.

use super::view::DeskView;
use super::{DeskCommand, Done, TableAccess, kept_desk};
use crate::core::error::AppError;
use crate::games::assisted::catalogue::{About, Answer, ChartUse};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A calculation, procedure or action as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct EntryInfo {
    /// The name to call it by.
    pub name: String,
    /// A title for people.
    pub title: String,
    /// The rule it comes from.
    pub rule: String,
    /// The JSON Schema of its parameters.
    #[schema(value_type = Object)]
    pub schema: Value,
}

impl From<About> for EntryInfo {
    fn from(a: About) -> EntryInfo {
        EntryInfo {
            name: a.name.into(),
            title: a.title.into(),
            rule: a.rule.into(),
            schema: a.schema(),
        }
    }
}

/// A chart version an answer read.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChartRead {
    /// The chart's code.
    pub chart: String,
    /// The version read.
    pub version: u32,
}

/// What a calculation answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalculationAnswer {
    /// The result.
    #[schema(value_type = Object)]
    pub result: Value,
    /// Every step, one sentence each.
    pub steps: Vec<String>,
    /// The chart versions read.
    pub charts: Vec<ChartRead>,
}

impl From<Answer> for CalculationAnswer {
    fn from(a: Answer) -> Self {
        CalculationAnswer {
            result: a.result,
            steps: a.steps,
            charts: a
                .charts
                .into_iter()
                .map(|ChartUse { chart, version }| ChartRead { chart, version })
                .collect(),
        }
    }
}

/// What an action answers: its answer and the caller's view after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActionAnswer {
    /// The answer.
    #[serde(flatten)]
    pub answer: CalculationAnswer,
    /// The caller's view after the action.
    pub view: DeskView,
}

/// The name in a path.
#[derive(Debug, Deserialize)]
pub struct NamePath {
    /// The entry's name.
    pub name: String,
}

/// `GET /api/v1/campaigns/{id}/calculations`: every calculation of the campaign's game.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/calculations", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [EntryInfo]), (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_calculations(access: TableAccess) -> Result<Json<Vec<EntryInfo>>, AppError> {
    let play = access.play;
    Ok(Json(
        play.calculations()
            .into_iter()
            .map(EntryInfo::from)
            .collect(),
    ))
}

/// `POST /api/v1/campaigns/{id}/calculations/{name}`: runs a calculation; nothing is stored.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/calculations/{name}", tag = "assisted",
    request_body(content = Object, description = "the calculation's parameters, as its schema says"),
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("name" = String, Path, description = "calculation name")),
    responses((status = 200, body = CalculationAnswer), (status = 404, description = "no such calculation"),
              (status = 422, description = "parameters that do not fit, or against the rules")),
    security(("bearer" = [])))]
pub async fn api_calculate(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<NamePath>,
    ApiJson(params): ApiJson<Value>,
) -> Result<Json<CalculationAnswer>, AppError> {
    let desk = kept_desk(&state, &access).await?;
    Ok(Json(desk.calculate(&path.name, &params)?.into()))
}

/// `GET /api/v1/campaigns/{id}/actions`: every action of the campaign's game.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/actions", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [EntryInfo]), (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_actions(access: TableAccess) -> Result<Json<Vec<EntryInfo>>, AppError> {
    let play = access.play;
    Ok(Json(
        play.actions().into_iter().map(EntryInfo::from).collect(),
    ))
}

/// Runs action `name` for the caller.
pub async fn act(
    state: &AppState,
    access: &TableAccess,
    name: String,
    params: Value,
) -> Result<Done, AppError> {
    access
        .play
        .command(state, access, DeskCommand::Act(name, params))
        .await
}

/// `POST /api/v1/campaigns/{id}/actions/{name}`: runs an action on the table (a combat resolved
/// against the roster, a plan written); its rolls are logged and its answer is in the log.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/actions/{name}", tag = "assisted",
    request_body(content = Object, description = "the action's parameters, as its schema says"),
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("name" = String, Path, description = "action name")),
    responses((status = 200, body = ActionAnswer), (status = 404, description = "no such action"),
              (status = 409, description = "not now"), (status = 422, description = "parameters that do not fit, or against the rules")),
    security(("bearer" = [])))]
pub async fn api_act(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<NamePath>,
    ApiJson(params): ApiJson<Value>,
) -> Result<Json<ActionAnswer>, AppError> {
    let done = act(&state, &access, path.name, params).await?;
    let answer = done
        .answer
        .ok_or_else(|| AppError::internal("an action answered nothing"))?;
    Ok(Json(ActionAnswer {
        answer: answer.into(),
        view: done.view,
    }))
}

/// Runs chart-reading procedure `name` for the caller; answers with its rolls, the last carrying
/// the whole answer in its result.
pub async fn procedure(
    state: &AppState,
    access: &TableAccess,
    name: String,
    params: Value,
) -> Result<Done, AppError> {
    access
        .play
        .command(state, access, DeskCommand::Procedure(name, params))
        .await
}
