//! Extractors for the JSON API: a body whose rejections answer in the documented error shape.

use crate::core::error::AppError;
use axum::extract::FromRequest;
use axum::extract::rejection::{FormRejection, JsonRejection};

/// JSON in the API, with rejections answered in the documented error shape.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::MissingJsonContentType(_) => AppError::new(
                axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "Send the body as JSON with Content-Type: application/json.",
            ),
            JsonRejection::JsonDataError(e) => AppError::invalid(
                "invalid_field",
                format!("The JSON does not fit: {}.", e.body_text()),
            ),
            other => AppError::bad_request(format!(
                "The body is not valid JSON: {}.",
                other.body_text()
            )),
        }
    }
}

impl From<FormRejection> for AppError {
    fn from(r: FormRejection) -> Self {
        match r {
            // A field that does not fit its type (such as text with a control character).
            FormRejection::FailedToDeserializeForm(e) => AppError::invalid(
                "invalid_field",
                format!("The form does not fit: {}.", e.body_text()),
            ),
            other => AppError::bad_request(format!(
                "The form could not be read: {}.",
                other.body_text()
            )),
        }
    }
}
