//! The umpire's pace controls on the campaign page: the pace and grace, the current deadline,
//! pause and resumption, an absent side's default. A refused form comes back filled in, with its
//! message beside the field.

use crate::campaigns::pace::{self, PaceIn, PaceView};
use crate::campaigns::pace_section::{PaceSection, minutes};
use crate::campaigns::pages::show_page;
use crate::core::domain::Side;
use crate::core::error::AppError;
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
        Some("at" | "due_in_hours") => form.deadline_error = message,
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
                ..PaceSection::default()
            };
            refused(&state, &access, &session, typed, e).await
        }
        Err(e) => Err(e),
    }
}

/// The deadline form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DeadlineForm {
    due_in_hours: String,
}

/// `POST /campaigns/{id}/deadline`: due so many hours from now; empty removes it.
pub async fn set_deadline(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    Form(form): Form<DeadlineForm>,
) -> Result<Response, AppError> {
    let result = async {
        let at = match minutes(&form.due_in_hours, "due_in_hours")? {
            Some(0) => {
                return Err(AppError::invalid(
                    "deadline_past",
                    "A deadline must lie in the future: give more than 0 hours.",
                )
                .on_field("due_in_hours"));
            }
            Some(m) => Some(OffsetDateTime::now_utc() + time::Duration::minutes(i64::from(m))),
            None => None,
        };
        pace::set_deadline(&state, &access, at).await
    }
    .await;
    match result {
        Ok(_) => Ok(back(&access)),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::FORBIDDEN => {
            let mut typed = PaceSection::of(&PaceView::of(&access.membership.campaign));
            typed.due_in_hours = form.due_in_hours;
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
            let typed = PaceSection::of(&PaceView::of(&access.membership.campaign));
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
