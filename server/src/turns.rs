//! Who goes first when the machine is busy: a player's commands before pages and views.
//!
//! Reads (GET and HEAD, except live streams and the health probes) take turns: at most twice
//! as many run at once as the machine has cores, and the rest wait without using the CPU or a
//! database connection. A read whose turn has come also waits while commands are running, for
//! at most [`PAUSE`], so that a player's orders and resolution have the machine to themselves
//! instead of sharing it with every reader who keeps asking. A command never waits for a turn.
//!
//! A read that follows a command on the same connection (a player looking at what their orders
//! did, or a page after its form's redirect) gets the next turn before reads that follow reads:
//! a client that keeps reading without pause does not hold up a player who reads once between
//! their commands. Among each kind, the longest waiting goes first.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::Method;
use tokio::sync::{Notify, oneshot};

/// The longest a read waits for running commands once its turn has come: however busy the
/// commands keep the server, pages still answer.
pub const PAUSE: Duration = Duration::from_millis(20);

/// The reads' turns and the commands now running, for one process.
pub struct Turns {
    reads: Gate,
    commands: AtomicUsize,
    quiet: Notify,
    pause: Duration,
}

/// Which reads wait for a turn, and how many turns are free. A turn that ends passes to the read
/// that has waited longest among those that come first, else among the rest.
struct Gate {
    inner: Mutex<Waiting>,
}

#[derive(Default)]
struct Waiting {
    free: usize,
    first: VecDeque<oneshot::Sender<()>>,
    rest: VecDeque<oneshot::Sender<()>>,
}

impl Gate {
    fn new(turns: usize) -> Gate {
        Gate {
            inner: Mutex::new(Waiting {
                free: turns,
                ..Waiting::default()
            }),
        }
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a turn; `first` for a read that goes before the rest.
    async fn take(&self, first: bool) -> Turn<'_> {
        let rx = {
            let mut waiting = self.waiting();
            if waiting.free > 0 {
                waiting.free -= 1;
                return Turn(self);
            }
            let (tx, rx) = oneshot::channel();
            if first {
                waiting.first.push_back(tx);
            } else {
                waiting.rest.push_back(tx);
            }
            rx
        };
        let mut wait = Wait {
            gate: self,
            rx,
            handed: false,
        };
        // A turn is only ever handed over by `pass`, which drops a sender unsent only once its
        // read has stopped waiting.
        let _ = (&mut wait.rx).await;
        wait.handed = true;
        Turn(self)
    }

    /// Hands a turn that ended to the next read waiting, or frees it.
    fn pass(&self) {
        let mut waiting = self.waiting();
        while let Some(next) = waiting
            .first
            .pop_front()
            .or_else(|| waiting.rest.pop_front())
        {
            // A read that stopped waiting (its client went away) is passed over.
            if next.send(()).is_ok() {
                return;
            }
        }
        waiting.free += 1;
    }
}

/// A read waiting for its turn; should it stop waiting after the turn was handed to it, the turn
/// passes on.
struct Wait<'a> {
    gate: &'a Gate,
    rx: oneshot::Receiver<()>,
    handed: bool,
}

impl Drop for Wait<'_> {
    fn drop(&mut self) {
        if self.handed {
            return;
        }
        self.rx.close();
        if self.rx.try_recv().is_ok() {
            self.gate.pass();
        }
    }
}

/// A read's turn, passed on when dropped.
pub struct Turn<'a>(&'a Gate);

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.0.pass();
    }
}

/// Whether each connection's last request was a command, by the peer's address (the store
/// starts afresh when full; a connection it does not know reads first).
fn after_command() -> std::sync::MutexGuard<'static, HashMap<SocketAddr, bool>> {
    static LAST: std::sync::OnceLock<Mutex<HashMap<SocketAddr, bool>>> = std::sync::OnceLock::new();
    LAST.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Notes what connection `peer` last asked: a command or a read.
fn note(peer: Option<SocketAddr>, command: bool) {
    let Some(peer) = peer else { return };
    let mut last = after_command();
    if last.len() >= 4096 && !last.contains_key(&peer) {
        last.clear();
    }
    last.insert(peer, command);
}

/// Whether a read on connection `peer` goes before reads that follow reads.
fn reads_first(peer: Option<SocketAddr>) -> bool {
    peer.is_none_or(|peer| after_command().get(&peer).copied().unwrap_or(true))
}

/// What a request is, for its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A page or view: takes a turn and lets commands go first.
    Read,
    /// Changes something: runs at once, and reads wait for it.
    Command,
    /// A live stream or a health probe: neither waits nor holds anyone up.
    Apart,
}

impl Kind {
    pub fn of(method: &Method, path: &str) -> Kind {
        if path.ends_with("/live") || matches!(path, "/healthz" | "/readyz") {
            Kind::Apart
        } else if matches!(*method, Method::GET | Method::HEAD) {
            Kind::Read
        } else {
            Kind::Command
        }
    }
}

/// A command's mark that it is running; reads go on when the last one is dropped.
pub struct Running<'a>(&'a Turns);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if self.0.commands.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.quiet.notify_waiters();
        }
    }
}

impl Turns {
    pub fn new(reads: usize, pause: Duration) -> Turns {
        Turns {
            reads: Gate::new(reads),
            commands: AtomicUsize::new(0),
            quiet: Notify::new(),
            pause,
        }
    }

    /// This process's turns: twice its cores for reads.
    pub fn process() -> &'static Turns {
        static TURNS: std::sync::OnceLock<Turns> = std::sync::OnceLock::new();
        TURNS.get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(2, usize::from);
            Turns::new(2 * cores, PAUSE)
        })
    }

    /// Marks a command as running until the mark is dropped.
    pub fn command(&self) -> Running<'_> {
        self.commands.fetch_add(1, Ordering::AcqRel);
        Running(self)
    }

    /// Waits for a read's turn (`first`: ahead of reads that follow reads), then for running
    /// commands (at most `pause`); the read runs while the turn is held.
    pub async fn read(&self, first: bool) -> Turn<'_> {
        let turn = self.reads.take(first).await;
        let _ = tokio::time::timeout(self.pause, self.quiet_now()).await;
        turn
    }

    /// Returns once no command is running.
    async fn quiet_now(&self) {
        loop {
            let quiet = self.quiet.notified();
            tokio::pin!(quiet);
            quiet.as_mut().enable();
            if self.commands.load(Ordering::Acquire) == 0 {
                return;
            }
            quiet.await;
        }
    }
}

/// The middleware: reads take turns behind commands; commands mark themselves running.
pub async fn take_turns(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let turns = Turns::process();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    match Kind::of(request.method(), request.uri().path()) {
        Kind::Apart => next.run(request).await,
        Kind::Read => {
            let _turn = turns.read(reads_first(peer)).await;
            note(peer, false);
            next.run(request).await
        }
        Kind::Command => {
            let _running = turns.command();
            note(peer, true);
            next.run(request).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_views_take_turns_commands_go_first_and_streams_stand_apart() {
        let id = "9ecd5674-af21-43e1-b471-49ec40110ad9";
        for path in [
            format!("/api/v1/campaigns/{id}/wons/view"),
            format!("/campaigns/{id}/wons"),
            format!("/campaigns/{id}/dice"),
            "/".to_owned(),
        ] {
            assert_eq!(Kind::of(&Method::GET, &path), Kind::Read, "{path}");
            assert_eq!(Kind::of(&Method::HEAD, &path), Kind::Read, "{path}");
            assert_eq!(Kind::of(&Method::POST, &path), Kind::Command, "{path}");
        }
        for (method, path) in [
            (Method::PUT, format!("/api/v1/campaigns/{id}/wons/orders")),
            (Method::POST, format!("/api/v1/campaigns/{id}/wons/ready")),
            (Method::POST, format!("/api/v1/campaigns/{id}/rolls")),
            (Method::DELETE, format!("/api/v1/campaigns/{id}/invites/x")),
        ] {
            assert_eq!(Kind::of(&method, &path), Kind::Command, "{method} {path}");
        }
        for path in [
            format!("/campaigns/{id}/live"),
            "/healthz".to_owned(),
            "/readyz".to_owned(),
        ] {
            assert_eq!(Kind::of(&Method::GET, &path), Kind::Apart, "{path}");
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_waits_for_running_commands_and_goes_on_when_the_last_ends() {
        let turns = std::sync::Arc::new(Turns::new(2, Duration::from_secs(60)));
        let first = turns.command();
        let second = turns.command();
        let reader = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read(true).await;
                tokio::time::Instant::now()
            })
        };
        let started = tokio::time::Instant::now();
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!reader.is_finished(), "a read ran beside two commands");
        drop(first);
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!reader.is_finished(), "a read ran beside a command");
        drop(second);
        let ran = reader.await.unwrap();
        assert_eq!(ran - started, Duration::from_secs(2));
        // With no command running, a read goes at once.
        let now = tokio::time::Instant::now();
        let _turn = turns.read(true).await;
        assert_eq!(tokio::time::Instant::now(), now);
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_waits_no_longer_than_the_pause_however_long_commands_run() {
        let turns = Turns::new(2, PAUSE);
        let _forever = turns.command();
        let started = tokio::time::Instant::now();
        let _turn = turns.read(true).await;
        assert_eq!(tokio::time::Instant::now() - started, PAUSE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_after_a_command_takes_the_next_turn_before_reads_that_waited_longer() {
        let turns = std::sync::Arc::new(Turns::new(1, PAUSE));
        let running = turns.read(false).await;
        let order = std::sync::Arc::new(Mutex::new(Vec::new()));
        let mut reads = Vec::new();
        for (name, first) in [("reader 1", false), ("reader 2", false), ("player", true)] {
            let (turns, order) = (turns.clone(), order.clone());
            reads.push(tokio::spawn(async move {
                let _turn = turns.read(first).await;
                order.lock().unwrap().push(name);
                tokio::time::sleep(Duration::from_millis(1)).await;
            }));
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        drop(running);
        for read in reads {
            read.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["player", "reader 1", "reader 2"]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_that_stops_waiting_loses_no_turn() {
        let turns = std::sync::Arc::new(Turns::new(1, PAUSE));
        let running = turns.read(true).await;
        let gone = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read(true).await;
                std::future::pending::<()>().await;
            })
        };
        tokio::time::sleep(Duration::from_millis(1)).await;
        // The turn is handed to the waiting read, which stops waiting before it runs again.
        drop(running);
        gone.abort();
        let _ = gone.await;
        // The one turn is free again: taken at once, and again once it ends.
        let took = tokio::time::timeout(Duration::from_secs(1), turns.read(false)).await;
        drop(took.expect("the turn was passed on"));
        let at = tokio::time::Instant::now();
        let _turn = turns.read(false).await;
        assert_eq!(tokio::time::Instant::now(), at);
    }

    #[test]
    fn a_connection_reads_first_until_its_last_request_is_a_read() {
        let peer: SocketAddr = "127.0.0.1:40001".parse().unwrap();
        assert!(reads_first(Some(peer)), "a connection not yet seen");
        note(Some(peer), false);
        assert!(!reads_first(Some(peer)), "after a read");
        note(Some(peer), true);
        assert!(reads_first(Some(peer)), "after a command");
        assert!(reads_first(None), "no connection information");
    }

    #[tokio::test(start_paused = true)]
    async fn reads_beyond_their_turns_wait_for_one_to_end() {
        let turns = std::sync::Arc::new(Turns::new(2, PAUSE));
        let a = turns.read(true).await;
        let _b = turns.read(true).await;
        let third = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read(true).await;
            })
        };
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!third.is_finished(), "a third read ran with two turns");
        drop(a);
        third.await.unwrap();
    }
}
