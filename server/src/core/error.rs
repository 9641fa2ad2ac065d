//! One place that maps failures to statuses and to the JSON error body or the HTML error page.

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Serialize;
use std::borrow::Cow;

/// Seconds a client is told to wait after a 503.
const RETRY_AFTER_SECS: &str = "5";

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

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a ErrorInfo,
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

/// The code and sentence for an error status that no handler of ours produced
/// (an unknown route, a refused cross-site request, a timeout, a panic, ...).
fn default_info(status: StatusCode) -> ErrorInfo {
    let (code, message) = match status.as_u16() {
        400 => (
            "bad_request",
            "The request could not be read; check its format.",
        ),
        401 => (
            "not_signed_in",
            "Sign in first, with a session or an API token.",
        ),
        403 => (
            "forbidden",
            "This request was refused: a form may only be sent from motti's own pages. Reload the page and try again.",
        ),
        404 => (
            "not_found",
            "There is nothing here, or it is not yours to see.",
        ),
        405 => (
            "method_not_allowed",
            "This address does not take that method.",
        ),
        408 => (
            "timeout",
            "The server took too long to answer; nothing was changed. Try again.",
        ),
        413 => ("too_large", "The request is too large; send less at once."),
        415 => (
            "unsupported_media_type",
            "Send the body as JSON with Content-Type: application/json.",
        ),
        429 => (
            "rate_limited",
            "Too many attempts from your address; wait a minute and try again.",
        ),
        503 => (
            "busy",
            "The server is busy; nothing was changed. Try again in a few seconds.",
        ),
        s if s >= 500 => (
            "internal",
            "Something went wrong on the server; nothing was changed. Try again, and tell the umpire if it persists.",
        ),
        _ => ("error", "The request could not be completed."),
    };
    ErrorInfo {
        code: code.into(),
        message: message.into(),
    }
}

fn is_html_or_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html") || ct.starts_with("application/json"))
}

/// Makes every error response take the documented shape: JSON under `/api/`, an HTML page elsewhere.
/// A signed-out visitor of a page is sent to the sign-in form instead.
pub async fn shape_errors(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    let response = refuse_malformed_paths(response).await;
    shape(&path, response)
}

/// A path parameter that is not well formed (an id that is no UUID) names nothing: axum's
/// plain-text 400 for it ("Invalid URL: …") becomes the 404 an unknown id gets.
async fn refuse_malformed_paths(response: Response) -> Response {
    if response.status() != StatusCode::BAD_REQUEST
        || response.extensions().get::<ErrorInfo>().is_some()
        || is_html_or_json(&response)
    {
        return response;
    }
    let (parts, body) = response.into_parts();
    // A framework refusal is a short sentence; anything longer is not one.
    let Ok(bytes) = axum::body::to_bytes(body, 4096).await else {
        return AppError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "The request could not be read; check its format.",
        )
        .into_response();
    };
    if bytes.starts_with(b"Invalid URL") {
        return AppError::not_found().into_response();
    }
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// Gives an error response the documented shape for `path`.
fn shape(path: &str, response: Response) -> Response {
    let is_api = path.starts_with("/api/");
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let carried = response.extensions().get::<ErrorInfo>().cloned();
    let info = match carried {
        Some(_) if is_api => return response,
        Some(info) => info,
        None if is_html_or_json(&response) => return response,
        None => default_info(status),
    };
    let mut shaped = if is_api {
        (status, Json(ErrorBody { error: &info })).into_response()
    } else if status == StatusCode::UNAUTHORIZED {
        let next = crate::web::pages::encode_component(path);
        return Redirect::to(&format!("/signin?next={next}")).into_response();
    } else {
        crate::web::pages::error_page(status, &info)
    };
    // Keep headers a refusal must still carry, such as Retry-After.
    if let Some(retry) = response.headers().get(header::RETRY_AFTER) {
        shaped
            .headers_mut()
            .insert(header::RETRY_AFTER, retry.clone());
    }
    shaped
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    shaped.extensions_mut().insert(info);
    shaped
}
