//! How large a request body may be: 2 MiB, except on the few routes that take a large file,
//! where it is `LARGE_BODY_LIMIT`. A body declared larger is answered 413 before a byte of it is
//! read; one that grows larger while it arrives is cut off there.

use crate::core::error::AppError;
use axum::body::Body;
use axum::extract::Request;
use axum::http::Method;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower::{Layer, ServiceExt};
use tower_http::limit::RequestBodyLimitLayer;

/// Every body but those below.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;
/// A map picture's upload: 25 MB of file and its form's framing.
pub const LARGE_BODY_LIMIT: usize = 25 * 1024 * 1024 + 64 * 1024;

/// The limit of a request's body.
fn limit_for(method: &Method, path: &str) -> usize {
    let parts: Vec<&str> = path.split('/').collect();
    // POST /campaigns/{id}/table/map-picture
    let picture = matches!(
        parts.as_slice(),
        ["", "campaigns", _, "table", "map-picture"]
    );
    if method == Method::POST && picture {
        LARGE_BODY_LIMIT
    } else {
        BODY_LIMIT
    }
}

/// Applies the limit of the request's route to its body.
pub async fn limit(request: Request, next: Next) -> Response {
    let limit = limit_for(request.method(), request.uri().path());
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if limit == LARGE_BODY_LIMIT && declared.is_some_and(|n| n > limit as u64) {
        return AppError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "The file is larger than 25 MB: save the picture smaller and send it again.",
        )
        .into_response();
    }
    let inner = tower::service_fn(move |request: axum::http::Request<_>| {
        let next = next.clone();
        async move { Ok::<_, std::convert::Infallible>(next.run(request.map(Body::new)).await) }
    });
    match RequestBodyLimitLayer::new(limit)
        .layer(inner)
        .oneshot(request)
        .await
    {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_picture_upload_takes_a_large_body() {
        let id = "/campaigns/0b7c/table/map-picture";
        assert_eq!(limit_for(&Method::POST, id), LARGE_BODY_LIMIT);
        assert_eq!(limit_for(&Method::GET, id), BODY_LIMIT);
        assert_eq!(
            limit_for(&Method::POST, "/campaigns/0b7c/table/map-picture/fit"),
            BODY_LIMIT
        );
        assert_eq!(
            limit_for(&Method::POST, "/campaigns/0b7c/table/charts"),
            BODY_LIMIT
        );
    }
}
