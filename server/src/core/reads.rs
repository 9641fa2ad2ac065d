//! How many pages and views this process builds at once (`MOTTI_READS`), and that they let the
//! changes already under way go first.
//!
//! A semaphore on reads (GET and HEAD, except live streams and the health probes): a crowd of
//! readers cannot take every core from the players' commands, which never wait for it.
//! - Commands go first: a read that takes its place while commands (a campaign's transaction,
//!   see `core::command`, from its lock until the request's answer is made) are under way in
//!   this process waits for those commands to end, but not for any that starts later, so reads
//!   are never starved. Other writes (a sign-in's password hash, an upload) hold no read back,
//!   and neither does a body still arriving: a command starts once its request is read.
//! - One reader cannot fill the queue: the reads of one credential (a bearer token or a browser's
//!   sign-in) take no more places at once than the places, in a queue of their own, so a script
//!   or a crowd of tabs reading without pause waits behind itself, not ahead of everyone else.
//!
//! It decides nothing from what another process or the client's address says; 0 turns it off.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use axum::http::Method;
use tokio::sync::{Semaphore, watch};

/// How many credentials' queues are kept at most; should more read at once, a forgotten
/// one's next read starts a queue afresh.
const READERS_KEPT: u64 = 100_000;

/// The reads this process may run at once; `None` when unlimited.
#[derive(Clone, Default)]
pub struct Reads(Option<Arc<Limit>>);

struct Limit {
    places: Semaphore,
    places_each: usize,
    hasher: std::hash::RandomState,
    /// Each credential's own queue, of as many places (forgotten a minute after its last read).
    readers: moka::sync::Cache<u64, Arc<Semaphore>>,
    commands: Commands,
}

impl Limit {
    /// The queue of the credential `request` carries, if it carries one.
    fn queue_of(&self, request: &axum::extract::Request) -> Option<Arc<Semaphore>> {
        let headers = request.headers();
        let hash = |credential: &[u8]| std::hash::BuildHasher::hash_one(&self.hasher, credential);
        let key = match headers.get(axum::http::header::AUTHORIZATION) {
            Some(token) => hash(token.as_bytes()),
            None => hash(
                headers
                    .get_all(axum::http::header::COOKIE)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(tower_sessions::cookie::Cookie::split_parse)
                    .filter_map(Result::ok)
                    .find(|c| c.name() == crate::config::SESSION_COOKIE)?
                    .value()
                    .as_bytes(),
            ),
        };
        let places = self.places_each;
        Some(
            self.readers
                .get_with(key, || Arc::new(Semaphore::new(places))),
        )
    }
}

/// The commands under way, numbered in the order they came.
struct Commands {
    /// The next command's number and the numbers of those under way.
    under_way: Mutex<(u64, BTreeSet<u64>)>,
    /// The number of the oldest command under way, or the next one's when none is.
    oldest: watch::Sender<u64>,
}

impl Commands {
    fn new() -> Commands {
        Commands {
            under_way: Mutex::new((0, BTreeSet::new())),
            oldest: watch::Sender::new(0),
        }
    }

    /// Notes a command starting; returns its number.
    fn start(&self) -> u64 {
        let mut guard = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
        let (next, under_way) = &mut *guard;
        let n = *next;
        *next += 1;
        under_way.insert(n);
        let oldest = under_way.first().copied().unwrap_or(n);
        self.oldest
            .send_if_modified(|o| std::mem::replace(o, oldest) != oldest);
        n
    }

    /// Notes command `n` ended.
    fn finish(&self, n: u64) {
        let mut guard = self.under_way.lock().unwrap_or_else(|e| e.into_inner());
        let (next, under_way) = &mut *guard;
        under_way.remove(&n);
        let oldest = under_way.first().copied().unwrap_or(*next);
        self.oldest
            .send_if_modified(|o| std::mem::replace(o, oldest) != oldest);
    }

    /// Waits until every command under way now has ended.
    async fn before_now(&self) {
        let now = self.under_way.lock().unwrap_or_else(|e| e.into_inner()).0;
        let mut oldest = self.oldest.subscribe();
        // The sender lives as long as `self`, so the wait ends only when the condition holds.
        let _ = oldest.wait_for(|&o| o >= now).await;
    }
}

tokio::task_local! {
    /// The commands a request ran, held until its answer is made (see [`Reads::command`]).
    static ANSWERING: std::cell::RefCell<Vec<UnderWay>>;
}

/// A command under way, until dropped (see [`Reads::command`]).
pub struct UnderWay(Arc<Limit>, u64);

impl Drop for UnderWay {
    fn drop(&mut self) {
        self.0.commands.finish(self.1);
    }
}

impl Reads {
    /// Notes a command under way in this process: the reads that take their places meanwhile
    /// wait for it to end. A command run for a request ends when the request's answer is made
    /// (its view serialized after the commit); one the server runs itself, when the answer given
    /// here is dropped. `None` when reads are not limited, or when the request holds it.
    pub fn command(&self) -> Option<UnderWay> {
        let limit = self.0.clone()?;
        let n = limit.commands.start();
        let mut under_way = Some(UnderWay(limit, n));
        let _ = ANSWERING.try_with(|held| held.borrow_mut().extend(under_way.take()));
        under_way
    }

    /// At most `at_once` reads at a time (0: no limit).
    pub fn new(at_once: usize) -> Reads {
        Reads((at_once > 0).then(|| {
            Arc::new(Limit {
                places: Semaphore::new(at_once),
                places_each: at_once,
                readers: moka::sync::Cache::builder()
                    .max_capacity(READERS_KEPT)
                    .time_to_idle(std::time::Duration::from_secs(60))
                    .build(),
                hasher: std::hash::RandomState::new(),
                commands: Commands::new(),
            })
        }))
    }
}

/// Whether a request is a read that waits for a place: pages and views, not static files (read
/// from memory), live streams (they stay open as long as their page), the health probes or
/// anything that changes something.
pub fn waits(method: &Method, path: &str) -> bool {
    matches!(*method, Method::GET | Method::HEAD)
        && !path.starts_with("/static/")
        && !crate::core::openings::opens_stream(method, path)
        && !matches!(path, "/healthz" | "/readyz")
}

/// The middleware: a read runs once it holds its credential's place and one of the process's,
/// and the commands under way when it took that have ended; everything else runs at once.
pub async fn limit(
    axum::extract::State(reads): axum::extract::State<Reads>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let Some(limit) = reads.0 else {
        return next.run(request).await;
    };
    let (method, path) = (request.method(), request.uri().path());
    if !waits(method, path) {
        let answering = std::cell::RefCell::new(Vec::new());
        return ANSWERING.scope(answering, next.run(request)).await;
    }
    // No semaphore is ever closed, so a place always comes.
    let queue = limit.queue_of(&request);
    let _own = match &queue {
        Some(queue) => queue.acquire().await.ok(),
        None => None,
    };
    let _place = limit.places.acquire().await.ok();
    limit.commands.before_now().await;
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

    /// A router whose `/view` (a read) and `/command` (a command under way from its start) each answer once `gate` gives
    /// them a permit, behind `reads`; each notes its credential in `answered` as it starts
    /// ("… started") and as it answers.
    fn held(
        reads: &Reads,
        gate: &Arc<Semaphore>,
        answered: &Arc<Mutex<Vec<String>>>,
    ) -> axum::Router {
        use axum::routing::{get, post};
        let handler = {
            let (gate, answered) = (gate.clone(), answered.clone());
            move |headers: axum::http::HeaderMap| async move {
                let who = headers
                    .get(axum::http::header::AUTHORIZATION)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-")
                    .to_owned();
                answered
                    .lock()
                    .expect("answers")
                    .push(format!("{who} started"));
                if let Ok(permit) = gate.acquire().await {
                    permit.forget();
                }
                answered.lock().expect("answers").push(who);
            }
        };
        let command = {
            let (reads, handler) = (reads.clone(), handler.clone());
            move |headers: axum::http::HeaderMap| async move {
                let _under_way = reads.command();
                handler(headers).await;
            }
        };
        axum::Router::new()
            .route("/view", get(handler))
            .route("/command", post(command))
            .layer(axum::middleware::from_fn_with_state(reads.clone(), limit))
    }

    fn send(
        app: &axum::Router,
        method: Method,
        path: &str,
        token: &str,
    ) -> tokio::task::JoinHandle<()> {
        use tower::ServiceExt;
        let request = axum::http::Request::builder()
            .method(method)
            .uri(path)
            .header(axum::http::header::AUTHORIZATION, token)
            .body(axum::body::Body::empty())
            .expect("request");
        let app = app.clone();
        tokio::spawn(async move {
            let response = app.oneshot(request).await.expect("answers");
            assert!(response.status().is_success());
        })
    }

    /// Lets the spawned requests run as far as they can.
    async fn settle() {
        for _ in 0..50 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test]
    async fn a_read_waits_for_the_commands_under_way_but_not_for_those_after_it() {
        let reads = Reads::new(2);
        let gate = Arc::new(Semaphore::new(0));
        let answered = Arc::new(Mutex::new(Vec::new()));
        let seen = || answered.lock().expect("answers").clone();
        let app = held(&reads, &gate, &answered);
        let first = send(&app, Method::POST, "/command", "Bearer first");
        settle().await;
        let read = send(&app, Method::GET, "/view", "Bearer reader");
        settle().await;
        assert_eq!(
            seen(),
            ["Bearer first started"],
            "the read waits for the command"
        );
        gate.add_permits(1);
        first.await.expect("the command answers");
        settle().await;
        // The read is under way; a command that starts now runs beside it, not ahead of it.
        let later = send(&app, Method::POST, "/command", "Bearer later");
        settle().await;
        assert_eq!(
            seen(),
            [
                "Bearer first started",
                "Bearer first",
                "Bearer reader started",
                "Bearer later started"
            ]
        );
        gate.add_permits(2);
        read.await.expect("the read answers");
        later.await.expect("the later command answers");
        // A read that takes its place while a command is under way does not wait for one that
        // starts after it.
        let second = send(&app, Method::POST, "/command", "Bearer second");
        settle().await;
        let reread = send(&app, Method::GET, "/view", "Bearer reader");
        settle().await;
        let third = send(&app, Method::POST, "/command", "Bearer third");
        settle().await;
        gate.add_permits(1);
        second.await.expect("the second command answers");
        settle().await;
        let seen = seen();
        let reader = seen.iter().rposition(|w| w == "Bearer reader started");
        assert!(reader.is_some_and(|at| at > 6), "{seen:?}");
        gate.add_permits(2);
        reread.await.expect("the read answers");
        third.await.expect("the third command answers");
    }

    #[tokio::test]
    async fn a_credential_reading_without_pause_waits_behind_itself_not_ahead_of_others() {
        let reads = Reads::new(2);
        let gate = Arc::new(Semaphore::new(0));
        let answered = Arc::new(Mutex::new(Vec::new()));
        let app = held(&reads, &gate, &answered);
        let mut crowd = Vec::new();
        for _ in 0..6 {
            crowd.push(send(&app, Method::GET, "/view", "Bearer crowd"));
            settle().await;
        }
        let other = send(&app, Method::GET, "/view", "Bearer other");
        settle().await;
        for _ in 0..7 {
            gate.add_permits(1);
            settle().await;
        }
        other.await.expect("the other reader answers");
        for c in crowd {
            c.await.expect("the crowd answers");
        }
        let answered: Vec<_> = answered
            .lock()
            .expect("answers")
            .iter()
            .filter(|w| !w.ends_with("started"))
            .cloned()
            .collect();
        let at = answered.iter().position(|w| w == "Bearer other");
        // Behind the crowd's two reads that held places when it came, not its four waiting.
        assert!(at.is_some_and(|at| at <= 2), "{answered:?}");
        assert_eq!(answered.len(), 7);
    }

    #[test]
    fn a_read_is_queued_by_its_token_or_its_sign_in_cookie() {
        let reads = Reads::new(2);
        let limit = reads.0.expect("limited");
        let request = |name: axum::http::HeaderName, value: &str| {
            axum::http::Request::builder()
                .uri("/view")
                .header(name, value)
                .body(axum::body::Body::empty())
                .expect("request")
        };
        use axum::http::header::{AUTHORIZATION, COOKIE};
        let queue = |r| limit.queue_of(&r).expect("a queue");
        let a = queue(request(AUTHORIZATION, "Bearer a"));
        assert!(Arc::ptr_eq(&a, &queue(request(AUTHORIZATION, "Bearer a"))));
        assert!(!Arc::ptr_eq(&a, &queue(request(AUTHORIZATION, "Bearer b"))));
        let signed_in = format!("theme=dark; {}=s1", crate::config::SESSION_COOKIE);
        let s = queue(request(COOKIE, &signed_in));
        assert!(Arc::ptr_eq(
            &s,
            &queue(request(
                COOKIE,
                &format!("{}=s1", crate::config::SESSION_COOKIE)
            ))
        ));
        assert!(!Arc::ptr_eq(&s, &a));
        assert!(limit.queue_of(&request(COOKIE, "theme=dark")).is_none());
        assert!(waits(&Method::GET, "/campaigns/x/wons"));
        assert!(!waits(&Method::GET, "/static/motti.css"));
    }

    #[tokio::test]
    async fn no_more_reads_run_at_once_than_the_places() {
        let reads = Reads::new(2);
        let limit = reads.0.clone().expect("limited");
        let places = &limit.places;
        let a = places.try_acquire().expect("first");
        let _b = places.try_acquire().expect("second");
        assert!(places.try_acquire().is_err());
        drop(a);
        assert!(places.try_acquire().is_ok());
        assert!(Reads::new(0).0.is_none());
    }
}
