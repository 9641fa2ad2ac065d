//! The dice through the API: free rolls, named procedures and the roll log (epochs, reveals and
//! the export are in `dice_epochs`). The dice tray page calls the same functions.

use crate::core::domain::Role;
use crate::core::error::{AppError, sentence};
use crate::db;
use crate::dice::expr::DiceExpression;
use crate::dice::live::{ProcedureError, RolledRoll};
use crate::dice::procedure::{ParamSpec, Procedure};
use crate::dice::source::Visibility;
use crate::state::AppState;
use crate::tray::view::RollView;
use crate::web::{ApiJson, CampaignAccess, KeptAccess};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A free roll.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RollIn {
    /// A dice expression such as `2d6+1`.
    pub dice: String,
    /// Why you roll (at most 200 characters).
    pub purpose: String,
    /// `public` (default), `side` or `umpire`.
    pub visibility: Option<String>,
}

/// Checks who may roll with which visibility and what the purpose says.
fn check_roll(
    access: &CampaignAccess,
    purpose: &str,
    visibility: Option<&str>,
) -> Result<Visibility, AppError> {
    crate::core::text::check("purpose", purpose, false)?;
    if purpose.chars().count() > 200 {
        return Err(AppError::invalid(
            "purpose_too_long",
            "A purpose may have at most 200 characters.",
        )
        .on_field("purpose"));
    }
    let visibility = match visibility.unwrap_or("public") {
        "public" => Visibility::Public,
        "side" => Visibility::Side,
        "umpire" => Visibility::Umpire,
        other => {
            return Err(AppError::invalid(
                "invalid_visibility",
                format!("Visibility '{other}' is unknown: choose public, side or umpire."),
            )
            .on_field("visibility"));
        }
    };
    if visibility == Visibility::Umpire && access.role() != Role::Umpire {
        return Err(AppError::forbidden(
            "Only the umpire may make rolls only the umpire can see.",
        ));
    }
    Ok(visibility)
}

fn view_of(roll: &RolledRoll, procedure: Option<&str>) -> RollView {
    RollView {
        k: roll.k as i64,
        epoch: roll.epoch as i32,
        audience: roll.audience.code().to_owned(),
        entropy: roll.entropy_hex(),
        digest: Some(roll.digest_hex()),
        chain: roll.chain_hex(),
        draws: Some(roll.draws.clone()),
        expression: Some(roll.expression.clone()),
        purpose: Some(roll.purpose.clone()),
        visibility: roll.visibility.code().to_owned(),
        // A `Value` always serializes, so this is never `None`.
        result: serde_json::value::to_raw_value(&roll.result).ok(),
        total: roll.total,
        summary: roll.summary.clone(),
        procedure: procedure.map(str::to_owned),
        roller_role: Some(roll.roller.code().to_owned()),
        created_at: time::OffsetDateTime::now_utc(),
    }
}

/// Rolls a dice expression in the campaign.
pub async fn roll(
    state: &AppState,
    access: &CampaignAccess,
    body: &RollIn,
) -> Result<RollView, AppError> {
    let visibility = check_roll(access, &body.purpose, body.visibility.as_deref())?;
    let expression = DiceExpression::parse(&body.dice)
        .map_err(|e| AppError::invalid("invalid_dice", sentence(e)).on_field("dice"))?;
    let role = access.role();
    let purpose = if body.purpose.trim().is_empty() {
        "free roll"
    } else {
        body.purpose.trim()
    };
    let ((), rolls) = access
        .roll(state, None, |dice| {
            dice.roll_expression(&expression, purpose, visibility, role)
                .map(drop)
                .map_err(AppError::internal)
        })
        .await?;
    rolls
        .last()
        .map(|r| view_of(r, None))
        .ok_or_else(|| AppError::internal("a roll was not recorded"))
}

/// `POST /api/v1/campaigns/{id}/rolls`: rolls a dice expression.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/rolls", tag = "dice", request_body = RollIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 201, body = RollView), (status = 403, description = "umpire visibility by a player"),
              (status = 409, description = "campaign finished"), (status = 422, description = "bad expression")),
    security(("bearer" = [])))]
pub async fn api_roll(
    State(state): State<AppState>,
    KeptAccess(access): KeptAccess,
    ApiJson(body): ApiJson<RollIn>,
) -> Result<(StatusCode, Json<RollView>), AppError> {
    Ok((
        StatusCode::CREATED,
        Json(roll(&state, &access, &body).await?),
    ))
}

/// The procedure named `name` for this campaign's game; 404 when unknown.
pub fn find_procedure(
    state: &AppState,
    access: &CampaignAccess,
    name: &str,
) -> Result<&'static dyn Procedure, AppError> {
    crate::games::registry::procedures(state, access.game())
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| {
            AppError::new(
                StatusCode::NOT_FOUND,
                "unknown_procedure",
                format!("This campaign's game has no dice procedure called '{name}'; GET …/procedures lists them."),
            )
        })
}

/// Runs a named procedure as one roll; `params` may carry `purpose` and `visibility` besides the procedure's own.
pub async fn run_procedure(
    state: &AppState,
    access: &CampaignAccess,
    name: &str,
    params: Value,
) -> Result<RollView, AppError> {
    let game = access.game();
    if let Some(play) = crate::games::registry::play(state, game)
        && play.procedures().iter().any(|p| p.name == name)
    {
        // A procedure of an assisted game that reads the campaign's charts: its rolls are
        // logged with the chart versions read, the last with the whole answer.
        let command = crate::games::registry::DeskCommand::Procedure(name.to_owned(), params);
        let done = play.command(state, access, command).await?;
        return done
            .rolls
            .last()
            .map(|r| view_of(r, Some(name)))
            .ok_or_else(|| AppError::invalid("no_roll", "The procedure rolled no dice."));
    }
    let procedure = find_procedure(state, access, name)?;
    let Value::Object(mut params) = params else {
        return Err(AppError::invalid(
            "invalid_params",
            "Send the procedure's parameters as a JSON object.",
        ));
    };
    let purpose = match params.remove("purpose") {
        Some(Value::String(s)) => s,
        None | Some(Value::Null) => String::new(),
        Some(_) => {
            return Err(
                AppError::invalid("invalid_field", "'purpose' must be text.").on_field("purpose"),
            );
        }
    };
    let visibility = match params.remove("visibility") {
        Some(Value::String(s)) => Some(s),
        None | Some(Value::Null) => None,
        Some(_) => {
            return Err(
                AppError::invalid("invalid_field", "'visibility' must be text.")
                    .on_field("visibility"),
            );
        }
    };
    let visibility = check_roll(access, &purpose, visibility.as_deref())?;
    let role = access.role();
    let purpose = if purpose.trim().is_empty() {
        procedure.title().to_owned()
    } else {
        purpose.trim().to_owned()
    };
    let params = Value::Object(params);
    let ((), rolls) = access
        .roll(state, Some(procedure.name()), |dice| {
            dice.run_procedure(procedure, &params, purpose.clone(), visibility, role)
                .map(drop)
                .map_err(|e| match e {
                    ProcedureError::Params(p) => AppError::invalid("invalid_params", sentence(p)),
                    ProcedureError::Fault(f) => AppError::internal(f),
                })
        })
        .await?;
    rolls
        .last()
        .map(|r| view_of(r, Some(procedure.name())))
        .ok_or_else(|| AppError::internal("a roll was not recorded"))
}

/// The path of a procedure call.
#[derive(Debug, Deserialize)]
pub struct ProcedurePath {
    /// The procedure's name.
    pub name: String,
}

/// `POST /api/v1/campaigns/{id}/procedures/{name}`: runs a named dice procedure.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/procedures/{name}", tag = "dice",
    request_body(content = Object, description = "the procedure's parameters, plus optional purpose and visibility"),
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("name" = String, Path, description = "procedure name")),
    responses((status = 201, body = RollView), (status = 404, description = "unknown procedure"),
              (status = 422, description = "bad parameters")),
    security(("bearer" = [])))]
pub async fn api_procedure(
    State(state): State<AppState>,
    KeptAccess(access): KeptAccess,
    Path(path): Path<ProcedurePath>,
    ApiJson(params): ApiJson<Value>,
) -> Result<(StatusCode, Json<RollView>), AppError> {
    Ok((
        StatusCode::CREATED,
        Json(run_procedure(&state, &access, &path.name, params).await?),
    ))
}

/// A procedure as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProcedureInfo {
    /// The name to call it by.
    pub name: &'static str,
    /// A title for people.
    pub title: &'static str,
    /// The rule it comes from.
    pub rule: &'static str,
    /// Its parameters.
    #[schema(value_type = Vec<Object>)]
    pub params: Vec<ParamSpec>,
    /// The JSON Schema of its parameters, for a procedure of an assisted game (its `params`
    /// are then empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub schema: Option<Value>,
}

/// `GET /api/v1/campaigns/{id}/procedures`: the procedures this campaign's game offers.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/procedures", tag = "dice",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [ProcedureInfo])), security(("bearer" = [])))]
pub async fn api_procedures(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Json<Vec<ProcedureInfo>> {
    Json(
        crate::games::registry::procedures(&state, access.game())
            .into_iter()
            .map(|p| ProcedureInfo {
                name: p.name(),
                title: p.title(),
                rule: p.rule(),
                params: p.params(),
                schema: None,
            })
            .chain(
                crate::games::registry::play(&state, access.game())
                    .map(|play| play.procedures())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|a| ProcedureInfo {
                        name: a.name,
                        title: a.title,
                        rule: a.rule,
                        params: Vec::new(),
                        schema: Some(a.schema()),
                    }),
            )
            .collect(),
    )
}

/// Paging of the roll list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct RollsQuery {
    /// Only rolls with a number above this (default: from the start).
    pub after: Option<i64>,
    /// At most this many (1 to 1000, default 100).
    pub limit: Option<i64>,
}

/// `GET /api/v1/campaigns/{id}/rolls`: rolls, oldest first, redacted for the caller.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/rolls", tag = "dice",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), RollsQuery),
    responses((status = 200, body = [RollView])), security(("bearer" = [])))]
pub async fn api_rolls(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(q): Query<RollsQuery>,
) -> Result<Json<Vec<RollView>>, AppError> {
    let limit = q.limit.unwrap_or(100);
    if !(1..=1000).contains(&limit) {
        return Err(AppError::invalid(
            "invalid_limit",
            "'limit' must be from 1 to 1000.",
        ));
    }
    let rows = db::dice::rolls_after(&state.db, access.id(), q.after.unwrap_or(-1), limit).await?;
    let sight = crate::tray::epochs::sight(&state.db, &access).await?;
    Ok(Json(
        rows.into_iter().map(|r| RollView::of(r, &sight)).collect(),
    ))
}
