//! Limits on sign-in, sign-up and token requests (`MOTTI_AUTH_RATE` per minute): one per client
//! address, in front of those routes, and one per account, where a username and password are
//! checked. Behind a reverse proxy the client's address is read from `X-Forwarded-For`, but only
//! when the peer is one of `MOTTI_TRUSTED_PROXIES`.

use crate::config::Cidr;
use crate::core::error::AppError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

/// The shared per-address limiter (`None` when limiting is off) and the trusted proxies.
pub type Limiter = Arc<(Option<DefaultKeyedRateLimiter<IpAddr>>, Vec<Cidr>)>;

pub use crate::state::AccountLimiter;

/// The limiter for `MOTTI_AUTH_RATE` attempts per minute per address; a rate of 0 turns it off.
pub fn limiter(state: &AppState) -> Limiter {
    Arc::new((
        NonZeroU32::new(state.config.auth_rate).map(|n| RateLimiter::keyed(Quota::per_minute(n))),
        state.config.trusted_proxies.clone(),
    ))
}

/// The limiter for `rate` sign-in attempts per minute per account; a rate of 0 turns it off.
pub fn account_limiter(rate: u32) -> AccountLimiter {
    Arc::new(NonZeroU32::new(rate).map(|n| RateLimiter::keyed(Quota::per_minute(n))))
}

/// The answer once an address or an account has used its attempts for the minute.
fn too_many(whose: &str) -> AppError {
    AppError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("Too many sign-in attempts {whose}; wait a minute and try again."),
    )
}

/// Counts a sign-in attempt at the account named `username` (known or not, so that the limit
/// says nothing of which names exist); 429 once it has used its attempts for the minute.
pub fn account_attempt(state: &AppState, username: &str) -> Result<(), AppError> {
    let Some(limiter) = state.account_limiter.as_ref() else {
        return Ok(());
    };
    let key: String = username.trim().to_lowercase().chars().take(64).collect();
    if limiter.check_key(&key).is_err() {
        return Err(too_many("at this account"));
    }
    if limiter.len() > 10_000 {
        limiter.retain_recent();
    }
    Ok(())
}

/// The client's address: the peer's, or, when the peer is a trusted proxy, the nearest address
/// in `X-Forwarded-For` that is not itself a trusted proxy (read from the right, since a client
/// can write anything on the left).
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|c| c.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else {
            break;
        };
        client = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    client
}

/// Middleware: answers 429 once an address has used its attempts for the minute.
pub async fn limit(
    axum::extract::State(limiter): axum::extract::State<Limiter>,
    request: Request,
    next: Next,
) -> Response {
    let (limiter, trusted) = limiter.as_ref();
    if let Some(limiter) = limiter {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let ip = client_address(peer, request.headers(), trusted);
        if limiter.check_key(&ip).is_err() {
            let mut response = too_many("from your address").into_response();
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

#[cfg(test)]
mod tests {
    use super::client_address;
    use axum::http::HeaderMap;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    #[test]
    fn the_client_is_read_from_trusted_proxies_only() {
        let trusted = ["10.0.0.0/8".parse().expect("cidr")];
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "6.6.6.6, 203.0.113.5, 10.1.1.1".parse().expect("header"),
        );
        // From a trusted proxy: the nearest hop that is not a proxy, not what the client wrote.
        assert_eq!(
            client_address(ip("10.0.0.2"), &headers, &trusted),
            ip("203.0.113.5")
        );
        // From anyone else the header is not believed.
        assert_eq!(
            client_address(ip("198.51.100.9"), &headers, &trusted),
            ip("198.51.100.9")
        );
        // No proxies trusted: the peer.
        assert_eq!(
            client_address(ip("10.0.0.2"), &headers, &[]),
            ip("10.0.0.2")
        );
        // A trusted proxy without the header, or with nonsense in it: the proxy itself.
        assert_eq!(
            client_address(ip("10.0.0.2"), &HeaderMap::new(), &trusted),
            ip("10.0.0.2")
        );
        let mut junk = HeaderMap::new();
        junk.insert("x-forwarded-for", "unknown".parse().expect("header"));
        assert_eq!(
            client_address(ip("10.0.0.2"), &junk, &trusted),
            ip("10.0.0.2")
        );
    }
}
