//! The pace of a campaign, kept by its umpire: how long each turn or Hour may take, the grace
//! before a passed deadline acts, one deadline extended, a pause (vacation) that stops the clock,
//! and an absent side's default played now. Every change is logged for everyone.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::db;
use crate::db::campaigns::CampaignRow;
use crate::db::game::{Audience, NewEvent};
use crate::state::AppState;
use crate::web::{ApiJson, CampaignAccess};
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;

/// The longest pace and grace the umpire may set: sixty days, in minutes.
pub const MAX_MINUTES: u32 = 60 * 24 * 60;

/// A campaign's pace and clock, as every participant sees them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PaceView {
    /// How long each turn or Hour may take, in minutes; null: no automatic deadline.
    pub pace_minutes: Option<i32>,
    /// How long after a deadline the server waits before it acts, in minutes.
    pub grace_minutes: i32,
    /// When the current orders or move are due (RFC 3339, UTC), if a deadline is set.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub deadline: Option<OffsetDateTime>,
    /// When the server acts if nobody has: the deadline plus the grace.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub acts_at: Option<OffsetDateTime>,
    /// When the umpire paused the campaign, if it is paused: the clock stands still.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub paused_at: Option<OffsetDateTime>,
}

impl PaceView {
    /// The pace of a stored campaign.
    pub fn of(c: &CampaignRow) -> PaceView {
        PaceView {
            pace_minutes: c.pace_minutes,
            grace_minutes: c.grace_minutes,
            deadline: c.orders_deadline,
            acts_at: c
                .orders_deadline
                .map(|d| d + Duration::minutes(i64::from(c.grace_minutes))),
            paused_at: c.paused_at,
        }
    }
}

/// A duration in words: "36 hours", "90 minutes", "2 days".
pub fn minutes_in_words(minutes: i32) -> String {
    let plural = |n: i32, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    if minutes % (60 * 24) == 0 && minutes >= 60 * 48 {
        plural(minutes / (60 * 24), "day")
    } else if minutes % 60 == 0 {
        plural(minutes / 60, "hour")
    } else {
        plural(minutes, "minute")
    }
}

/// The pace the umpire sets.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PaceIn {
    /// Minutes each turn or Hour may take (1 to 86,400), or null for no automatic deadline.
    pub pace_minutes: Option<u32>,
    /// Minutes after a deadline before the server acts (0 to 86,400).
    pub grace_minutes: u32,
}

/// A deadline the umpire sets for the current turn or Hour.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeadlineIn {
    /// When the current orders or move are due (RFC 3339), or null to remove the deadline.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub at: Option<OffsetDateTime>,
}

/// Whose default to play.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DefaultIn {
    /// The absent side.
    pub side: Side,
}

fn checked_minutes(value: u32, field: &'static str, what: &str) -> Result<i32, AppError> {
    if value > MAX_MINUTES {
        return Err(AppError::invalid(
            "invalid_pace",
            format!("{what} can be at most sixty days ({MAX_MINUTES} minutes)."),
        )
        .on_field(field));
    }
    i32::try_from(value).map_err(AppError::internal)
}

/// Runs one change of the campaign's clock in a command: `change` writes it and answers the
/// sentence the log keeps, with `payload` beside it; everyone sees it.
async fn logged<F>(
    state: &AppState,
    access: &CampaignAccess,
    what: &str,
    payload: serde_json::Value,
    change: F,
) -> Result<PaceView, AppError>
where
    F: for<'c> FnOnce(
        &'c mut crate::core::command::Command,
    ) -> crate::games::registry::BoxFuture<'c, Result<String, AppError>>,
{
    access.require_umpire(what)?;
    let mut command = access.command(state).await?;
    let sentence = change(&mut command).await?;
    let id = command.campaign.id;
    let moment = command
        .campaign
        .standing()
        .map(|s| s.turn.clone())
        .unwrap_or_default();
    command
        .append_events(&[NewEvent {
            audience: Audience::Public,
            kind: "pace".into(),
            moment,
            sentence,
            payload,
        }])
        .await?;
    let row = db::campaigns::lock(&mut **command.tx(), id)
        .await?
        .ok_or_else(AppError::not_found)?;
    command.commit(None).await?;
    Ok(PaceView::of(&row))
}

/// Sets the pace and grace; a campaign without a deadline gets one a pace from now.
pub async fn set_pace(
    state: &AppState,
    access: &CampaignAccess,
    pace: &PaceIn,
) -> Result<PaceView, AppError> {
    let minutes = match pace.pace_minutes {
        Some(0) => {
            return Err(AppError::invalid(
                "invalid_pace",
                "A pace is at least one minute per turn; leave it empty for no automatic deadline.",
            )
            .on_field("pace_minutes"));
        }
        Some(m) => Some(checked_minutes(m, "pace_minutes", "A pace")?),
        None => None,
    };
    let grace = checked_minutes(pace.grace_minutes, "grace_minutes", "A grace period")?;
    logged(state, access, "set the pace", serde_json::Value::Null, move |command| {
        Box::pin(async move {
            let id = command.campaign.id;
            let mut deadline = command.campaign.orders_deadline;
            if deadline.is_none()
                && let Some(m) = minutes
            {
                let from = command
                    .campaign
                    .paused_at
                    .unwrap_or_else(OffsetDateTime::now_utc);
                deadline = Some(from + Duration::minutes(i64::from(m)));
            }
            db::campaigns::set_pace(&mut **command.tx(), id, minutes, grace, deadline).await?;
            let grace_words = if grace == 0 {
                "no grace".to_owned()
            } else {
                format!("{} of grace", minutes_in_words(grace))
            };
            Ok(match minutes {
                Some(m) => format!(
                    "The umpire set the pace: {} per turn, then {grace_words}.",
                    minutes_in_words(m)
                ),
                None => format!(
                    "The umpire set no pace: deadlines only when set by hand, then {grace_words}."
                ),
            })
        })
    })
    .await
}

/// Sets (or with `None` removes) the deadline of the current turn or Hour.
pub async fn set_deadline(
    state: &AppState,
    access: &CampaignAccess,
    at: Option<OffsetDateTime>,
) -> Result<PaceView, AppError> {
    if at.is_some_and(|t| t <= OffsetDateTime::now_utc()) {
        return Err(
            AppError::invalid("deadline_past", "A deadline must lie in the future.").on_field("at"),
        );
    }
    // Pages show the moment in each reader's zone (`web::pages::logged_sentence`); the log
    // keeps it in UTC, with the instant itself beside it.
    let payload = match at.and_then(|t| {
        t.format(&time::format_description::well_known::Rfc3339)
            .ok()
    }) {
        Some(at) => serde_json::json!({ "deadline": at }),
        None => serde_json::Value::Null,
    };
    logged(state, access, "set the deadline", payload, move |command| {
        Box::pin(async move {
            let id = command.campaign.id;
            db::campaigns::set_deadline(&mut **command.tx(), id, at).await?;
            Ok(match at.map(crate::core::text::utc_minute) {
                Some(t) => format!("The umpire set the deadline to {t}."),
                None => "The umpire removed the deadline.".to_owned(),
            })
        })
    })
    .await
}

/// Pauses the campaign: no deadline passes until it resumes. 409 when already paused.
pub async fn pause(state: &AppState, access: &CampaignAccess) -> Result<PaceView, AppError> {
    logged(
        state,
        access,
        "pause the campaign",
        serde_json::Value::Null,
        |command| {
            Box::pin(async move {
                if command.campaign.paused_at.is_some() {
                    return Err(AppError::conflict(
                        "paused",
                        "The campaign is paused already; resume it first.",
                    ));
                }
                let id = command.campaign.id;
                db::campaigns::pause(&mut **command.tx(), id).await?;
                Ok("The umpire paused the campaign: the clock stands still.".to_owned())
            })
        },
    )
    .await
}

/// Resumes a paused campaign; the deadline moves on by as long as the pause lasted.
pub async fn resume(state: &AppState, access: &CampaignAccess) -> Result<PaceView, AppError> {
    logged(
        state,
        access,
        "resume the campaign",
        serde_json::Value::Null,
        |command| {
            Box::pin(async move {
                if command.campaign.paused_at.is_none() {
                    return Err(AppError::conflict(
                        "not_paused",
                        "The campaign is not paused.",
                    ));
                }
                let id = command.campaign.id;
                db::campaigns::resume(&mut **command.tx(), id).await?;
                Ok("The umpire resumed the campaign: the clock runs again.".to_owned())
            })
        },
    )
    .await
}

/// Plays the default of an absent side now.
pub async fn play_default(
    state: &AppState,
    access: &CampaignAccess,
    side: Side,
) -> Result<(), AppError> {
    let game = access.game();
    let module = crate::games::registry::module(state, game).ok_or_else(AppError::not_found)?;
    module.play_default(state, access, side).await
}

/// `GET /api/v1/campaigns/{id}/pace`: the campaign's pace and clock.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/pace", tag = "campaigns",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = PaceView)), security(("bearer" = [])))]
pub async fn api_pace(access: CampaignAccess) -> Json<PaceView> {
    Json(PaceView::of(&access.membership.campaign))
}

/// `PUT /api/v1/campaigns/{id}/pace`: how long each turn or Hour may take and the grace after a
/// deadline; umpire only.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/pace", tag = "campaigns", request_body = PaceIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = PaceView), (status = 403, description = "not the umpire"),
              (status = 422, description = "a duration out of range")),
    security(("bearer" = [])))]
pub async fn api_set_pace(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<PaceIn>,
) -> Result<Json<PaceView>, AppError> {
    Ok(Json(set_pace(&state, &access, &body).await?))
}

/// `PUT /api/v1/campaigns/{id}/deadline`: the deadline of the current turn or Hour, extended or
/// removed; umpire only.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/deadline", tag = "campaigns", request_body = DeadlineIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = PaceView), (status = 403, description = "not the umpire"),
              (status = 422, description = "the time has passed")),
    security(("bearer" = [])))]
pub async fn api_set_deadline(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<DeadlineIn>,
) -> Result<Json<PaceView>, AppError> {
    Ok(Json(set_deadline(&state, &access, body.at).await?))
}

/// `POST /api/v1/campaigns/{id}/pause`: stops the clock (vacation); umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/pause", tag = "campaigns",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = PaceView), (status = 403, description = "not the umpire"),
              (status = 409, description = "already paused")),
    security(("bearer" = [])))]
pub async fn api_pause(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<PaceView>, AppError> {
    Ok(Json(pause(&state, &access).await?))
}

/// `POST /api/v1/campaigns/{id}/resume`: runs the clock again; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/resume", tag = "campaigns",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = PaceView), (status = 403, description = "not the umpire"),
              (status = 409, description = "not paused")),
    security(("bearer" = [])))]
pub async fn api_resume(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<PaceView>, AppError> {
    Ok(Json(resume(&state, &access).await?))
}

/// `POST /api/v1/campaigns/{id}/defaults`: plays an absent side's default now (WoNS: its
/// platoons without orders Defend; Talvisota: a pass or the server's move); umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/defaults", tag = "campaigns", request_body = DefaultIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 204, description = "played"), (status = 403, description = "not the umpire"),
              (status = 409, description = "the game does not wait for that side now"),
              (status = 422, description = "the game has no default")),
    security(("bearer" = [])))]
pub async fn api_play_default(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<DefaultIn>,
) -> Result<axum::http::StatusCode, AppError> {
    play_default(&state, &access, body.side).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
