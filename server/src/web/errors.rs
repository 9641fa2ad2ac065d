//! Every error response in the documented shape: JSON under `/api/`, an HTML page elsewhere.

use crate::core::error::{AppError, ErrorBody, ErrorInfo};
use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};

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
        413 => (
            "too_large",
            "The request is larger than 2 MiB, about two million plain letters or digits; send less at once.",
        ),
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

/// Who is signed in, noted on an error response of a page so that the error page's bar says so.
#[derive(Clone, Debug)]
pub struct SignedIn(pub String);

/// Notes on a page's error response who is signed in (it runs inside the session layer, which
/// `shape_errors` is outside of).
pub async fn note_signed_in(
    axum::extract::State(db): axum::extract::State<sqlx::PgPool>,
    request: Request,
    next: Next,
) -> Response {
    let page = !request.uri().path().starts_with("/api/");
    let session = request
        .extensions()
        .get::<tower_sessions::Session>()
        .cloned();
    let mut response = next.run(request).await;
    let failed = response.status().is_client_error() || response.status().is_server_error();
    if page
        && failed
        && let Some(session) = session
        && let Ok(Some(login)) = crate::web::auth::current_login(&session).await
        && let Ok(Some(user)) =
            crate::db::users::by_credential(&db, &crate::db::users::Credential::Session(login))
                .await
    {
        response.extensions_mut().insert(SignedIn(user.username));
    }
    response
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
        let signed_in = response.extensions().get::<SignedIn>().map(|s| s.0.clone());
        crate::web::pages::error_page(status, &info, signed_in)
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
