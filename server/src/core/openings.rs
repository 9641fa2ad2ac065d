//! How many live streams this process opens at once.
//!
//! A stream being opened holds the state of every layer a request goes through, and of the
//! access it is reading, until its response begins: some 20 KB, where an open stream holds a
//! few. When thousands of pages open their streams at once (after a restart), the allocator
//! keeps much of that burst long after the streams are open. So an opening waits here, before
//! any of that state is made, until one of a few places is free; it waits at most as long as a
//! request waits for a database connection, then it is answered 503 like one. Once its
//! response has begun, the stream gives its place back and stays open without one.

use std::sync::Arc;
use std::time::Duration;

use axum::http::Method;
use axum::response::IntoResponse;
use tokio::sync::Semaphore;

use crate::core::error::AppError;

/// How long an opening waits for a place before it is answered 503: as long as a request waits
/// for a database connection.
pub const WAIT: Duration = crate::DB_ACQUIRE_TIMEOUT;

/// The places for streams being opened, and how long an opening waits for one.
#[derive(Clone)]
pub struct Openings {
    places: Arc<Semaphore>,
    wait: Duration,
}

impl Openings {
    /// At most `at_once` streams opened at a time (at least one), each waiting at most `wait`.
    pub fn new(at_once: usize, wait: Duration) -> Openings {
        Openings {
            places: Arc::new(Semaphore::new(at_once.max(1))),
            wait,
        }
    }

    /// The places for a pool of `connections` database connections: twice as many, so that
    /// openings whose access is kept (no connection needed) go on beside those reading theirs;
    /// each waits at most [`WAIT`].
    pub fn for_pool(connections: u32) -> Openings {
        Openings::new(2 * connections as usize, WAIT)
    }
}

/// Whether a request opens a live stream (`GET /campaigns/{id}/live`, or `HEAD`, which the same
/// route answers).
pub fn opens_stream(method: &Method, path: &str) -> bool {
    matches!(*method, Method::GET | Method::HEAD)
        && path.starts_with("/campaigns/")
        && path.ends_with("/live")
}

/// The middleware: an opening runs once it holds a place, 503 after its wait without one;
/// every other request runs at once.
pub async fn gate(
    axum::extract::State(openings): axum::extract::State<Openings>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if !opens_stream(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    match tokio::time::timeout(openings.wait, openings.places.acquire_owned()).await {
        // The semaphore is never closed.
        Ok(Ok(_place)) => next.run(request).await,
        _ => AppError::busy().into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_campaigns_live_stream_is_an_opening() {
        assert!(opens_stream(&Method::GET, "/campaigns/x/live"));
        assert!(opens_stream(&Method::HEAD, "/campaigns/x/live"));
        assert!(!opens_stream(&Method::POST, "/campaigns/x/live"));
        assert!(!opens_stream(&Method::GET, "/campaigns/x"));
        assert!(!opens_stream(&Method::GET, "/api/v1/campaigns/x/wons/view"));
        assert!(!opens_stream(&Method::GET, "/static/live"));
    }

    /// A router whose live stream waits for `go` before answering, behind the gate.
    fn gated(openings: Openings, go: Arc<tokio::sync::Notify>) -> axum::Router {
        use axum::routing::get;
        axum::Router::new()
            .route(
                "/campaigns/{id}/live",
                get(move || async move {
                    go.notified().await;
                    "open"
                }),
            )
            .route("/campaigns/{id}", get(|| async { "page" }))
            .layer(axum::middleware::from_fn_with_state(openings, gate))
    }

    async fn status(router: &axum::Router, path: &str) -> axum::http::StatusCode {
        use tower::ServiceExt;
        let request = axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .expect("request");
        router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible")
            .status()
    }

    #[tokio::test]
    async fn an_opening_waits_for_a_place_and_is_answered_503_when_none_comes_in_time() {
        let go = Arc::new(tokio::sync::Notify::new());
        let wait = Duration::from_millis(200);
        let openings = Openings::new(1, wait);
        let router = gated(openings.clone(), go.clone());
        let taken = || async {
            while openings.places.available_permits() > 0 {
                tokio::task::yield_now().await;
            }
        };
        // The first opening takes the only place and waits in its handler.
        let first = tokio::spawn({
            let router = router.clone();
            async move { status(&router, "/campaigns/a/live").await }
        });
        taken().await;
        // Other requests do not wait for a place.
        assert_eq!(status(&router, "/campaigns/a").await, 200);
        // A second opening waits, and after its wait without a place it is refused.
        let started = std::time::Instant::now();
        assert_eq!(status(&router, "/campaigns/b/live").await, 503);
        assert!(started.elapsed() >= wait);
        // Once the first has answered, its place is free again.
        go.notify_one();
        assert_eq!(first.await.expect("first"), 200);
        let third = tokio::spawn({
            let router = router.clone();
            async move { status(&router, "/campaigns/c/live").await }
        });
        taken().await;
        go.notify_one();
        assert_eq!(third.await.expect("third"), 200);
    }

    #[test]
    fn a_pool_gives_twice_its_connections_in_places_and_never_none() {
        assert_eq!(Openings::for_pool(16).places.available_permits(), 32);
        assert_eq!(Openings::new(0, WAIT).places.available_permits(), 1);
    }
}
