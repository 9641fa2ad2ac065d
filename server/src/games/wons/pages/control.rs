//! The umpire's control forms of the WoNS pages: the orders deadline, resolving the Hour now,
//! corrections, reveals and ending the campaign.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::core::text::{Label, PlainText};
use crate::games::wons::api::{self, CorrectionIn, RevealIn};
use crate::games::wons::pages::after;
use crate::games::wons::rules::Reveal;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::extract::{Form, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;

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
            path: Label::field("path", form.path.trim().to_owned())?,
            value,
            reason: PlainText::field("reason", form.reason.trim().to_owned())?,
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
