//! The umpire's control forms of the WoNS pages: resolving the Hour now, corrections, reveals
//! and ending the campaign (the deadline is set on the campaign page, with the pace).

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::core::text::{Label, PlainText};
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::api::{self, CorrectionIn, RevealIn};
use crate::games::wons::pages::after;
use crate::games::wons::rules::Reveal;
use crate::state::AppState;
use axum::extract::{Form, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;

/// `POST /campaigns/{id}/wons/resolve`.
pub async fn resolve(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
) -> Result<Response, AppError> {
    let result = api::force_resolution(&state, &access).await;
    after(&state, &access, result, "").await
}

/// The correction form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct CorrectionForm {
    /// A value chosen from the list.
    target: String,
    /// Another value's place in the state, which wins over the list when given.
    path: String,
    value: String,
    reason: String,
}

impl CorrectionForm {
    /// Where the value is, from the typed place or else the list.
    fn place(&self) -> Result<String, AppError> {
        let typed = self.path.trim();
        let place = if typed.is_empty() {
            self.target.trim()
        } else {
            typed
        };
        if place.is_empty() {
            return Err(AppError::invalid(
                "invalid_correction",
                "Choose what to correct from the list, or type its place under “Another value”.",
            )
            .on_field("target"));
        }
        Ok(place.to_owned())
    }

    /// The new value as the state holds it: a step's letter becomes its place on the ladder, a
    /// side is written as the state writes it, and anything else is read as JSON or else text.
    fn value(&self, place: &str) -> Value {
        let text = self.value.trim();
        let letter = text.len() == 1 && text.as_bytes()[0].is_ascii_alphabetic();
        if place.ends_with("/step") && letter {
            return Value::from(text.to_ascii_uppercase().as_bytes()[0] - b'A');
        }
        if place.ends_with("/initiative") || place.ends_with("/side") {
            return Value::String(text.to_lowercase());
        }
        serde_json::from_str(text).unwrap_or(Value::String(text.to_owned()))
    }
}

/// `POST /campaigns/{id}/wons/corrections`: the value chosen from the list (or typed by its place),
/// read as a step's letter, a side, JSON, or else text.
pub async fn correct(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Form(form): Form<CorrectionForm>,
) -> Result<Response, AppError> {
    let result = async {
        access.require_umpire("correct values")?;
        let place = form.place()?;
        api::correct(
            &state,
            &access,
            CorrectionIn {
                value: form.value(&place),
                path: Label::field("path", place)?,
                reason: PlainText::field("reason", form.reason.trim().to_owned())?,
            },
        )
        .await
    }
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

/// `POST /campaigns/{id}/wons/reveal`: the target is a platoon or a work (feature), by id.
pub async fn reveal(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
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
        if id.is_empty() {
            return Err(AppError::invalid(
                "invalid_reveal",
                "Choose the platoon or work the side learns of.",
            ));
        }
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
    access: GameAccess<Wons>,
) -> Result<Response, AppError> {
    let result = api::end(&state, &access).await;
    after(&state, &access, result, "").await
}
