//! How many pages and views this process builds at once (`MOTTI_READS`).
//!
//! A plain semaphore on reads (GET and HEAD, except live streams and the health probes): a
//! crowd of readers cannot take every core from the players' commands, which never wait for it.
//! It decides nothing from what another process or the client's address says; 0 turns it off.

use std::sync::Arc;

use axum::http::Method;
use tokio::sync::Semaphore;

/// The reads this process may run at once; `None` when unlimited.
#[derive(Clone, Default)]
pub struct Reads(Option<Arc<Semaphore>>);

impl Reads {
    /// At most `at_once` reads at a time (0: no limit).
    pub fn new(at_once: usize) -> Reads {
        Reads((at_once > 0).then(|| Arc::new(Semaphore::new(at_once))))
    }
}

/// Whether a request is a read that waits for a place: pages and views, not live streams (they
/// stay open as long as their page), the health probes or anything that changes something.
pub fn waits(method: &Method, path: &str) -> bool {
    matches!(*method, Method::GET | Method::HEAD)
        && !crate::core::openings::opens_stream(method, path)
        && !matches!(path, "/healthz" | "/readyz")
}

/// The middleware: a read runs once it holds a place; everything else runs at once.
pub async fn limit(
    axum::extract::State(reads): axum::extract::State<Reads>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let Some(places) = reads
        .0
        .filter(|_| waits(request.method(), request.uri().path()))
    else {
        return next.run(request).await;
    };
    // The semaphore is never closed, so a place always comes.
    let _place = places.acquire_owned().await.ok();
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_views_wait_and_nothing_else_does() {
        assert!(waits(&Method::GET, "/campaigns/x/wons"));
        assert!(waits(&Method::HEAD, "/api/v1/campaigns/x/wons/view"));
        assert!(!waits(&Method::POST, "/api/v1/campaigns/x/wons/orders"));
        assert!(!waits(&Method::GET, "/campaigns/x/live"));
        assert!(!waits(&Method::GET, "/readyz"));
        assert!(!waits(&Method::GET, "/healthz"));
    }

    #[tokio::test]
    async fn no_more_reads_run_at_once_than_the_places() {
        let reads = Reads::new(2);
        let places = reads.0.clone().expect("limited");
        let a = places.clone().try_acquire_owned().expect("first");
        let _b = places.clone().try_acquire_owned().expect("second");
        assert!(places.clone().try_acquire_owned().is_err());
        drop(a);
        assert!(places.try_acquire_owned().is_ok());
        assert!(Reads::new(0).0.is_none());
    }
}
