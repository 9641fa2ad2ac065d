//! The API every assisted game shares: the caller's view of the table, ending a phase, the
//! roster (add, import, edit, mark, remove) and the charts (enter, import from a published set).
//! Registered once; each call finds the campaign's game through the registry.

use super::view::DeskView;
use super::{DeskCommand, TableAccess};
use crate::core::error::AppError;
use crate::games::assisted::chart_import::{from_csv, from_json};
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::roster::{Unit, UnitEdit, UnitId};
use crate::games::assisted::roster_import::{units_from_csv, units_from_json};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Every route of the shared API.
pub fn router() -> OpenApiRouter<AppState> {
    use super::api_entries as e;
    use super::chart_sets as s;
    use super::pack_library as l;
    OpenApiRouter::new()
        .routes(routes!(api_table))
        .routes(routes!(api_advance, api_reopen))
        .routes(routes!(api_concede))
        .routes(routes!(api_waive))
        .routes(routes!(api_seal))
        .routes(routes!(api_events))
        .routes(routes!(api_sequence, api_set_sequence))
        .routes(routes!(api_add_units))
        .routes(routes!(api_import_units))
        .routes(routes!(api_edit_unit))
        .routes(routes!(api_mark_unit))
        .routes(routes!(api_remove_unit))
        .routes(routes!(api_enter_chart))
        .routes(routes!(api_charts))
        .routes(routes!(e::api_calculations))
        .routes(routes!(e::api_calculate))
        .routes(routes!(e::api_actions))
        .routes(routes!(e::api_act))
        .routes(routes!(s::api_publish))
        .routes(routes!(s::api_list))
        .routes(routes!(s::api_apply))
        .routes(routes!(l::api_pack_list, l::api_pack_import))
        .routes(routes!(l::api_pack_export, l::api_pack_replace))
        .routes(routes!(l::api_pack_publish))
        .routes(routes!(l::api_pack_unpublish))
}

/// Runs `command` for the caller and answers with the caller's view.
pub async fn run(
    state: &AppState,
    access: &TableAccess,
    command: DeskCommand,
) -> Result<DeskView, AppError> {
    Ok(access.play.command(state, access, command).await?.view)
}

/// `GET /api/v1/campaigns/{id}/table`: the caller's view of an assisted game.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/table", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_table(
    State(state): State<AppState>,
    access: TableAccess,
    headers: axum::http::HeaderMap,
) -> Result<axum::response::Response, AppError> {
    let tag = crate::web::etag::tag(&access, "table", None);
    crate::web::etag::conditional(&headers, tag, async {
        let view = super::kept_desk(&state, &access).await?.view(access.role());
        Ok(axum::response::IntoResponse::into_response(Json(view)))
    })
    .await
}

/// `POST /api/v1/campaigns/{id}/table/advance`: ends the current phase for the caller's side (the
/// umpire's ends it for everyone).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/table/advance", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 404, description = "not an assisted campaign of yours"),
              (status = 409, description = "not your phase, or the game is over")),
    security(("bearer" = [])))]
pub async fn api_advance(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<DeskView>, AppError> {
    Ok(Json(run(&state, &access, DeskCommand::Advance).await?))
}

/// `DELETE /api/v1/campaigns/{id}/table/advance`: the caller's side takes back that it finished
/// the phase, while the other side has not finished it.
#[utoipa::path(delete, path = "/api/v1/campaigns/{id}/table/advance", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 404, description = "not an assisted campaign of yours"),
              (status = 409, description = "you have not finished the phase, or it has ended")),
    security(("bearer" = [])))]
pub async fn api_reopen(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<DeskView>, AppError> {
    Ok(Json(run(&state, &access, DeskCommand::Reopen).await?))
}

/// `POST /api/v1/campaigns/{id}/table/concede`: the caller's side concedes the game; the other
/// side wins and the campaign ends with every die revealed.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/table/concede", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 404, description = "not an assisted campaign of yours"),
              (status = 409, description = "the game is over"),
              (status = 422, description = "the umpire does not concede; they end the campaign")),
    security(("bearer" = [])))]
pub async fn api_concede(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<DeskView>, AppError> {
    Ok(Json(run(&state, &access, DeskCommand::Concede).await?))
}

/// Losses owed in a path, from 1.
#[derive(Debug, Deserialize)]
pub struct OwedPath {
    /// Which, from 1.
    pub n: usize,
}

/// Why the umpire waives losses owed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WaiveIn {
    /// The reason, one line that both sides read in the log.
    pub reason: String,
}

/// `POST /api/v1/campaigns/{id}/table/owed/{n}/waive`: the umpire waives the `n`th losses owed
/// (from 1, as the view's `owed` lists them), saying why; both sides read it in the log.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/table/owed/{n}/waive", tag = "assisted",
    request_body = WaiveIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"),
           ("n" = usize, Path, description = "which losses owed, from 1")),
    responses((status = 200, body = DeskView), (status = 409, description = "no such losses owed now"),
              (status = 422, description = "not the umpire, or no reason given")),
    security(("bearer" = [])))]
pub async fn api_waive(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<OwedPath>,
    ApiJson(body): ApiJson<WaiveIn>,
) -> Result<Json<DeskView>, AppError> {
    let index = path.n.checked_sub(1).ok_or_else(AppError::not_found)?;
    Ok(Json(
        run(&state, &access, DeskCommand::Waive(index, body.reason)).await?,
    ))
}

/// A sealed input in a path.
#[derive(Debug, Deserialize)]
pub struct SealedPath {
    /// Its code, as the view's `sealed` names it.
    pub code: String,
}

/// A value to seal.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SealIn {
    /// The value, within the input's `min` and `max`.
    pub value: i64,
}

/// The seal command for the caller: a fresh 128-bit nonce drawn here, so nobody can try every
/// value against the commitment.
pub fn seal_command(code: String, value: i64) -> Result<DeskCommand, AppError> {
    let mut nonce = [0u8; 16];
    getrandom::fill(&mut nonce).map_err(AppError::internal)?;
    Ok(DeskCommand::Seal(code, value, hex::encode(nonce)))
}

/// `POST /api/v1/campaigns/{id}/table/sealed/{code}`: the caller's side seals its value (Red
/// Winter's Victory Point bid, `vp_bid`). Both sides see a commitment at once; the values and
/// nonces are shown to everyone once both are in, so each commitment can be checked.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/table/sealed/{code}", tag = "assisted",
    request_body = SealIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"),
           ("code" = String, Path, description = "the sealed input, e.g. vp_bid")),
    responses((status = 200, body = DeskView), (status = 404, description = "no such sealed input in this game"),
              (status = 409, description = "already sealed, or not while the sides set up"),
              (status = 422, description = "out of bounds, or the umpire")),
    security(("bearer" = [])))]
pub async fn api_seal(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<SealedPath>,
    ApiJson(body): ApiJson<SealIn>,
) -> Result<Json<DeskView>, AppError> {
    let command = seal_command(path.code, body.value)?;
    Ok(Json(run(&state, &access, command).await?))
}

/// Units to add.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsIn {
    /// The units, each with an opaque id of 32 hex digits you make from fresh randomness. A side's
    /// units are kept under that id scoped to the side (the view answered names them), so that
    /// no id a side gives can meet one of the enemy's.
    #[schema(value_type = Vec<Object>)]
    pub units: Vec<Unit>,
}

/// `POST /api/v1/campaigns/{id}/units`: adds units (the umpire any, a side its own).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/units", tag = "assisted",
    request_body = UnitsIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 201, body = DeskView), (status = 422, description = "a unit that does not fit the roster")),
    security(("bearer" = [])))]
pub async fn api_add_units(
    State(state): State<AppState>,
    access: TableAccess,
    ApiJson(body): ApiJson<UnitsIn>,
) -> Result<(StatusCode, Json<DeskView>), AppError> {
    let view = run(&state, &access, DeskCommand::AddUnits(body.units)).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// A file of units or of a chart.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FileIn {
    /// `csv` or `json`.
    pub format: String,
    /// The file's text.
    pub text: String,
}

fn format_error(format: &str) -> AppError {
    AppError::invalid(
        "invalid_format",
        format!("Format '{format}' is unknown: choose csv or json."),
    )
    .on_field("format")
}

/// Reads units from an uploaded file, naming the line and column of what does not fit; on the
/// upload pool (see `core::heavy`).
pub async fn read_units(access: &TableAccess, file: FileIn) -> Result<Vec<Unit>, AppError> {
    let spec = access.play.roster();
    crate::core::heavy::UPLOADS
        .run(move || {
            let mut fresh = || {
                UnitId::parse(&uuid::Uuid::new_v4().simple().to_string()).unwrap_or_else(|_| {
                    // A v4 uuid in simple form is always 32 lowercase hex digits.
                    unreachable!("a uuid is an id")
                })
            };
            match file.format.as_str() {
                "csv" => units_from_csv(&file.text, &spec, &mut fresh),
                "json" => units_from_json(&file.text, &spec),
                other => return Err(format_error(other)),
            }
            .map_err(|e| {
                AppError::invalid(
                    "invalid_units",
                    format!("The units cannot be imported: {e}."),
                )
                .on_field("text")
            })
        })
        .await
}

/// `POST /api/v1/campaigns/{id}/units/import`: adds units from a CSV or JSON file.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/units/import", tag = "assisted",
    request_body = FileIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 201, body = DeskView), (status = 422, description = "the file does not fit; the message names the line and column")),
    security(("bearer" = [])))]
pub async fn api_import_units(
    State(state): State<AppState>,
    access: TableAccess,
    ApiJson(file): ApiJson<FileIn>,
) -> Result<(StatusCode, Json<DeskView>), AppError> {
    let units = read_units(&access, file).await?;
    let view = run(&state, &access, DeskCommand::AddUnits(units)).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// A unit in a path.
#[derive(Debug, Deserialize)]
pub struct UnitPath {
    /// The unit's id.
    pub unit: String,
}

fn unit_id(path: &UnitPath) -> Result<UnitId, AppError> {
    UnitId::parse(&path.unit).map_err(|_| AppError::not_found())
}

/// `PATCH /api/v1/campaigns/{id}/units/{unit}`: changes a unit's name, type, attributes or place.
#[utoipa::path(patch, path = "/api/v1/campaigns/{id}/units/{unit}", tag = "assisted",
    request_body(content = Object, description = "name, unit_type, location, attributes (a value, or null to clear)"),
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("unit" = String, Path, description = "unit id")),
    responses((status = 200, body = DeskView), (status = 404, description = "no such unit of yours"),
              (status = 422, description = "a value that does not fit")),
    security(("bearer" = [])))]
pub async fn api_edit_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<UnitPath>,
    ApiJson(edit): ApiJson<UnitEdit>,
) -> Result<Json<DeskView>, AppError> {
    let id = unit_id(&path)?;
    Ok(Json(
        run(&state, &access, DeskCommand::EditUnit(id, edit)).await?,
    ))
}

/// A marker to put on or take off.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkIn {
    /// The marker's code.
    pub marker: String,
    /// True puts it on, false takes it off.
    pub on: bool,
}

/// `POST /api/v1/campaigns/{id}/units/{unit}/markers`: puts a marker on or takes it off.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/units/{unit}/markers", tag = "assisted",
    request_body = MarkIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("unit" = String, Path, description = "unit id")),
    responses((status = 200, body = DeskView), (status = 404, description = "no such unit of yours"),
              (status = 422, description = "no such marker")),
    security(("bearer" = [])))]
pub async fn api_mark_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<UnitPath>,
    ApiJson(body): ApiJson<MarkIn>,
) -> Result<Json<DeskView>, AppError> {
    let id = unit_id(&path)?;
    Ok(Json(
        run(&state, &access, DeskCommand::Mark(id, body.marker, body.on)).await?,
    ))
}

/// Why a unit leaves the roster.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RemoveIn {
    /// Eliminated, withdrawn, entered in error… (shown in the history).
    pub reason: String,
}

/// `POST /api/v1/campaigns/{id}/units/{unit}/remove`: removes a unit, saying why.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/units/{unit}/remove", tag = "assisted",
    request_body = RemoveIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("unit" = String, Path, description = "unit id")),
    responses((status = 200, body = DeskView), (status = 404, description = "no such unit of yours")),
    security(("bearer" = [])))]
pub async fn api_remove_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<UnitPath>,
    ApiJson(body): ApiJson<RemoveIn>,
) -> Result<Json<DeskView>, AppError> {
    let id = unit_id(&path)?;
    crate::core::text::check("reason", &body.reason, false)?;
    Ok(Json(
        run(&state, &access, DeskCommand::RemoveUnit(id, body.reason)).await?,
    ))
}

/// A chart in a path.
#[derive(Debug, Deserialize)]
pub struct ChartPath {
    /// The chart's code.
    pub code: String,
}

/// Reads a chart file, naming the line of what does not fit; on the upload pool (see
/// `core::heavy`).
pub async fn read_chart(file: FileIn) -> Result<RawChart, AppError> {
    crate::core::heavy::UPLOADS
        .run(move || {
            match file.format.as_str() {
                "csv" => from_csv(&file.text),
                "json" => from_json(&file.text),
                other => return Err(format_error(other)),
            }
            .map_err(|e| AppError::from(e).on_field("text"))
        })
        .await
}

/// `PUT /api/v1/campaigns/{id}/charts/{code}`: enters the chart's next version (the umpire) from
/// CSV (first line: a corner label, then the column keys; each further line: the row key, then
/// the cells) or JSON (`{"rows", "columns", "cells"}`).
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/charts/{code}", tag = "assisted",
    request_body = FileIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("code" = String, Path, description = "chart code")),
    responses((status = 200, body = DeskView), (status = 422, description = "the chart does not fit; the message names the row, column or line")),
    security(("bearer" = [])))]
pub async fn api_enter_chart(
    State(state): State<AppState>,
    access: TableAccess,
    Path(path): Path<ChartPath>,
    ApiJson(file): ApiJson<FileIn>,
) -> Result<Json<DeskView>, AppError> {
    let raw = read_chart(file).await?;
    let charts = BTreeMap::from([(path.code, raw)]);
    Ok(Json(
        run(&state, &access, DeskCommand::EnterCharts(charts)).await?,
    ))
}

/// A chart: how the rules declare it, and its current version.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct ChartDetail {
    /// The chart's code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// Its declaration: row and column keys, and the grammar of its cells.
    #[schema(value_type = Object)]
    pub spec: crate::games::assisted::charts::ChartSpec,
    /// The current version with its cells; none before it is entered.
    #[schema(value_type = Option<Object>)]
    pub current: Option<crate::games::assisted::chart_set::ChartVersion>,
}

/// `GET /api/v1/campaigns/{id}/charts`: every chart of the game, declared and as entered.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/charts", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [ChartDetail]), (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_charts(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<Vec<ChartDetail>>, AppError> {
    let desk = super::kept_desk(&state, &access).await?;
    let set = desk.chart_set();
    Ok(Json(
        access
            .play
            .charts()
            .into_iter()
            .map(|spec| ChartDetail {
                code: spec.code.clone(),
                name: spec.name.clone(),
                current: set.current(&spec.code).ok().cloned(),
                spec,
            })
            .collect(),
    ))
}

/// `GET /api/v1/campaigns/{id}/table/events`: the table's log as the caller may read it, newest
/// first.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/table/events", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), crate::games::log::EventsQuery),
    responses((status = 200, body = [crate::db::game::EventRow]), (status = 404, description = "not an assisted campaign of yours"),
              (status = 422, description = "bad paging")),
    security(("bearer" = [])))]
pub async fn api_events(
    State(state): State<AppState>,
    access: TableAccess,
    axum::extract::Query(q): axum::extract::Query<crate::games::log::EventsQuery>,
) -> Result<Json<Vec<crate::db::game::EventRow>>, AppError> {
    Ok(Json(crate::games::log::page(&state, &access, &q).await?))
}

/// `GET /api/v1/campaigns/{id}/table/sequence`: the sequence of play, as the umpire edits it.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/table/sequence", tag = "assisted",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = Object, description = "turn kinds with their phases, who acts, hooks and conditions"),
              (status = 404, description = "not an assisted campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_sequence(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Json<crate::games::assisted::sequence::Sequence>, AppError> {
    let desk = super::kept_desk(&state, &access).await?;
    Ok(Json(desk.sequence().clone()))
}

/// `PUT /api/v1/campaigns/{id}/table/sequence`: the umpire replaces the sequence of play (A Winter
/// War's is a default to edit); checked against the game's hooks and conditions, and it must keep
/// the phase the game is in.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/table/sequence", tag = "assisted",
    request_body(content = Object, description = "the whole sequence, as GET …/table/sequence gives it"),
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = DeskView), (status = 422, description = "a sequence that does not fit, or not the umpire")),
    security(("bearer" = [])))]
pub async fn api_set_sequence(
    State(state): State<AppState>,
    access: TableAccess,
    ApiJson(sequence): ApiJson<crate::games::assisted::sequence::Sequence>,
) -> Result<Json<DeskView>, AppError> {
    Ok(Json(
        run(
            &state,
            &access,
            DeskCommand::SetSequence(Box::new(sequence)),
        )
        .await?,
    ))
}
