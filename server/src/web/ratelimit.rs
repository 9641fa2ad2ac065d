//! A per-address limit on sign-in, sign-up and token requests (`MOTTI_AUTH_RATE` per minute).

use crate::core::error::AppError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

/// The shared per-address limiter; `None` when limiting is off.
pub type Limiter = Arc<Option<DefaultKeyedRateLimiter<IpAddr>>>;

/// The limiter for `MOTTI_AUTH_RATE` attempts per minute per address; a rate of 0 turns it off.
pub fn limiter(state: &AppState) -> Limiter {
    Arc::new(
        NonZeroU32::new(state.config.auth_rate).map(|n| RateLimiter::keyed(Quota::per_minute(n))),
    )
}

/// Middleware: answers 429 once an address has used its attempts for the minute.
pub async fn limit(
    axum::extract::State(limiter): axum::extract::State<Limiter>,
    request: Request,
    next: Next,
) -> Response {
    if let Some(limiter) = limiter.as_ref() {
        let ip = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::from([0, 0, 0, 0]));
        if limiter.check_key(&ip).is_err() {
            let mut response = AppError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "Too many sign-in attempts from your address; wait a minute and try again.",
            )
            .into_response();
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("60"),
            );
            return response;
        }
        if limiter.len() > 10_000 {
            limiter.retain_recent();
        }
    }
    next.run(request).await
}
