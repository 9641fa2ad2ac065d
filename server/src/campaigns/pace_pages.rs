//! The umpire's pace controls on the campaign page: the pace and grace, the current deadline
//! (the campaign's one deadline control, in the umpire's own time zone),
//! pause and resumption, an absent side's default. A refused form comes back filled in, with its
//! message beside the field.

use crate::campaigns::pace::{self, PaceIn, PaceView};
use crate::campaigns::pace_section::{PaceSection, QUICK_HOURS, minutes};
use crate::campaigns::pages::show_page;
use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::core::zone::Zone;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use time::OffsetDateTime;
use tower_sessions::Session;

/// Shows the campaign page again with `form` and the refusal beside its field.
async fn refused(
    state: &AppState,
    access: &CampaignAccess,
    session: &Session,
    mut form: PaceSection,
    e: AppError,
) -> Result<Response, AppError> {
    let message = Some(e.message.clone());
    match e.field {
        Some("pace_minutes" | "pace_hours") => form.pace_error = message,
        Some("grace_minutes" | "grace_hours") => form.grace_error = message,
        Some("at" | "in_hours") => form.deadline_error = message,
        _ => form.clock_error = message,
    }
    let invites = crate::campaigns::invite_section::section(state, access, session, None).await?;
    show_page(state, access, invites, Some(form), e.status).await
}

fn back(access: &CampaignAccess) -> Response {
    Redirect::to(&format!("/campaigns/{}#pace-h", access.id())).into_response()
}

/// The pace form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PaceForm {
    pace_hours: String,
    grace_hours: String,
}

/// `POST /campaigns/{id}/pace`.
pub async fn set_pace(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    Form(form): Form<PaceForm>,
) -> Result<Response, AppError> {
    let result = async {
        let pace_minutes = minutes(&form.pace_hours, "pace_hours")?;
        let grace_minutes = minutes(&form.grace_hours, "grace_hours")?.unwrap_or(0);
        let pace_minutes = match pace_minutes {
            Some(0) => None,
            other => other,
        };
        pace::set_pace(
            &state,
            &access,
            &PaceIn {
                pace_minutes,
                grace_minutes,
            },
        )
        .await
    }
    .await;
    match result {
        Ok(_) => Ok(back(&access)),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::FORBIDDEN => {
            let typed = PaceSection {
                pace_hours: form.pace_hours,
                grace_hours: form.grace_hours,
                ..PaceSection::of(
                    &PaceView::of(&access.membership.campaign),
                    &access.user.zone(),
                )
            };
            refused(&state, &access, &session, typed, e).await
        }
        Err(e) => Err(e),
    }
}

/// The deadline form: a date and time in the umpire's own zone (empty removes the deadline), or
/// one of the quick "in N hours" buttons, or `clear` to remove the deadline.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DeadlineForm {
    at: String,
    in_hours: String,
    clear: Option<String>,
}

/// The deadline the form asks for (`None`: remove it), read in the umpire's zone.
fn asked_deadline(form: &DeadlineForm, zone: &Zone) -> Result<Option<OffsetDateTime>, AppError> {
    if form.clear.is_some() {
        return Ok(None);
    }
    if !form.in_hours.is_empty() {
        let hours = form
            .in_hours
            .parse::<u32>()
            .ok()
            .filter(|h| QUICK_HOURS.contains(h))
            .ok_or_else(|| {
                AppError::invalid(
                    "invalid_deadline",
                    "Choose one of the quick deadlines offered.",
                )
                .on_field("in_hours")
            })?;
        return Ok(Some(
            OffsetDateTime::now_utc() + time::Duration::hours(i64::from(hours)),
        ));
    }
    if form.at.trim().is_empty() {
        return Ok(None);
    }
    zone.read(&form.at)
        .map(Some)
        .map_err(|e| AppError::invalid("invalid_deadline", e.to_string()).on_field("at"))
}

/// `POST /campaigns/{id}/deadline`: the campaign's one deadline control, for every game.
pub async fn set_deadline(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    Form(form): Form<DeadlineForm>,
) -> Result<Response, AppError> {
    let zone = access.user.zone();
    let result = async {
        access.require_umpire("set the deadline")?;
        let at = asked_deadline(&form, &zone)?;
        pace::set_deadline(&state, &access, at).await
    }
    .await;
    match result {
        Ok(_) => Ok(back(&access)),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::FORBIDDEN => {
            let mut typed = PaceSection::of(&PaceView::of(&access.membership.campaign), &zone);
            typed.deadline_at = form.at;
            refused(&state, &access, &session, typed, e).await
        }
        Err(e) => Err(e),
    }
}

async fn clock(
    state: &AppState,
    access: &CampaignAccess,
    session: &Session,
    result: Result<(), AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(()) => Ok(back(access)),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::FORBIDDEN => {
            let typed = PaceSection::of(
                &PaceView::of(&access.membership.campaign),
                &access.user.zone(),
            );
            refused(state, access, session, typed, e).await
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/pause`.
pub async fn pause(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
) -> Result<Response, AppError> {
    let result = pace::pause(&state, &access).await.map(drop);
    clock(&state, &access, &session, result).await
}

/// `POST /campaigns/{id}/resume`.
pub async fn resume(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
) -> Result<Response, AppError> {
    let result = pace::resume(&state, &access).await.map(drop);
    clock(&state, &access, &session, result).await
}

/// The absent-side form.
#[derive(Debug, Deserialize)]
pub struct DefaultForm {
    side: Side,
}

/// `POST /campaigns/{id}/defaults`.
pub async fn play_default(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    Form(form): Form<DefaultForm>,
) -> Result<Response, AppError> {
    let result = pace::play_default(&state, &access, form.side).await;
    clock(&state, &access, &session, result).await
}
