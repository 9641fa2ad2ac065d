//! One place that maps failures to statuses and to the JSON error body or the HTML error page.

use crate::core::refusal::{Refusal, RefusalKind};
use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::borrow::Cow;

/// Seconds a client is told to wait after a 503.
pub const RETRY_AFTER_SECS: &str = "5";

/// A failure a handler answers with: a status, a snake_case code and a sentence a person can act on.
#[derive(Debug)]
pub struct AppError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable machine-readable code, e.g. `username_taken`.
    pub code: Cow<'static, str>,
    /// What went wrong and what to do about it.
    pub message: String,
    /// The form field the message belongs next to, if any.
    pub field: Option<&'static str>,
}

/// The error as carried in response extensions, so the page layer can render it as HTML.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorInfo {
    /// A stable machine-readable code.
    pub code: String,
    /// The sentence shown to the person.
    pub message: String,
}

/// The documented JSON error body.
#[derive(Serialize)]
pub struct ErrorBody<'a> {
    /// The error.
    pub error: &'a ErrorInfo,
}

impl AppError {
    /// An error with any status.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        AppError {
            status,
            code: Cow::Borrowed(code),
            message: message.into(),
            field: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 401: the caller must sign in.
    pub fn unauthorized() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "Sign in first, with a session or an API token.",
        )
    }

    /// 403: signed in but not allowed.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 404: unknown, or not visible to the caller (the two are never told apart).
    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "There is nothing here, or it is not yours to see.",
        )
    }

    /// 409: conflicts with what already exists or with the current state.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 422: well-formed but against the rules.
    pub fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// Names the form field the message belongs to.
    pub fn on_field(mut self, field: &'static str) -> Self {
        self.field = Some(field);
        self
    }

    /// 500: our fault; the cause is logged, never shown.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Something went wrong on the server; nothing was changed. Try again, and tell the umpire if it persists.",
        )
    }

    /// 503: every database connection is in use; the answer says when to try again.
    pub fn busy() -> Self {
        tracing::warn!("no database connection came free in time; answered 503");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "The server is busy; nothing was changed. Try again in a few seconds.",
        )
    }

    fn info(&self) -> ErrorInfo {
        ErrorInfo {
            code: self.code.to_string(),
            message: self.message.clone(),
        }
    }
}

/// Makes a library's message a sentence: capital first letter, closing full stop.
pub fn sentence(message: impl std::fmt::Display) -> String {
    let text = message.to_string();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return text,
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Every rules refusal answers the same way: 404 for no such thing, 409 for not now, 422 against
/// the rules, with the refusal's code and sentence.
impl<R: Refusal> From<R> for AppError {
    fn from(refusal: R) -> AppError {
        match refusal.kind() {
            RefusalKind::NoSuchThing => AppError::not_found(),
            RefusalKind::NotNow => AppError::conflict(refusal.code(), sentence(&refusal)),
            RefusalKind::AgainstTheRules => AppError::invalid(refusal.code(), sentence(&refusal)),
        }
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => AppError::busy(),
            // A NUL that got past the edge: PostgreSQL refuses it in text (22021), and in a
            // JSON document (22P05). The transaction is rolled back as the error goes up.
            sqlx::Error::Database(db)
                if matches!(db.code().as_deref(), Some("22021" | "22P05")) =>
            {
                AppError::invalid(
                    "invalid_text",
                    "Some text contains a NUL or another character that cannot be stored; remove it and send again.",
                )
            }
            e => AppError::internal(e),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let info = self.info();
        let mut response = (self.status, Json(ErrorBody { error: &info })).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_static(RETRY_AFTER_SECS),
            );
        }
        response.extensions_mut().insert(info);
        response
    }
}
