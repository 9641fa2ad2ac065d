//! Who goes first when the machine is busy: a player's commands before pages and views.
//!
//! Reads (GET and HEAD, except live streams and the health probes) take turns: at most twice
//! as many run at once as the machine has cores, and the rest wait without using the CPU or a
//! database connection. A command never waits for a turn.
//!
//! A read that follows a command on the same connection (a player looking at what their orders
//! did, or a page after its form's redirect) is the player's own: it asks for a turn at once and
//! gets the next one before reads that follow reads. A client that keeps reading without pause
//! does not hold up a player who reads once between their commands. Among each kind, the
//! longest waiting goes first.
//!
//! Reads that follow reads first wait, without holding a turn, until no command is running and
//! none has ended within [`LINGER`]: a player's next request comes within a few milliseconds of
//! the last answer, and finds the machine free (as an anticipatory disk scheduler waits briefly
//! for the next request of the process it just served). A read waits so at most [`PAUSE`];
//! after that, reads run beside the commands one at a time, each waiting at most [`LINGER`]
//! more for such a gap (a linger without commands). So a stream of orders and resolutions has
//! the machine to itself but for one read every few milliseconds, and however busy the commands
//! keep the server, pages still answer.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::Method;
use tokio::sync::{Notify, oneshot};

/// The longest a read that follows reads waits for commands to stop before it asks for a turn
/// (it then runs beside them, one such read at a time): however busy the commands keep the
/// server, pages still answer.
pub const PAUSE: Duration = Duration::from_millis(20);

/// How long reads that follow reads go on waiting after the last command ends: a player's next
/// request (a look at the result, the next order) comes within a few milliseconds, and finds the
/// machine free rather than taken by every reader who was waiting.
pub const LINGER: Duration = Duration::from_millis(5);

/// The reads' turns and the commands now running, for one process.
pub struct Turns {
    reads: Gate,
    late: Gate,
    commands: AtomicUsize,
    quiet: Notify,
    pause: Duration,
    linger: Duration,
    /// When the last command ended, as nanoseconds since `epoch` (0: none has).
    ended: std::sync::atomic::AtomicU64,
    epoch: tokio::time::Instant,
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

/// The turns a read holds while it runs: its own, and the one turn of reads that waited out the
/// pause while commands kept running.
pub struct Reading<'a> {
    _turn: Turn<'a>,
    _late: Option<Turn<'a>>,
}

/// Whether each connection's last request was a command, by the peer's address; a connection
/// it does not know reads first. Held in `AppState` (`state::Caches`); a full store evicts
/// connections one by one.
#[derive(Clone)]
pub struct Connections(moka::sync::Cache<SocketAddr, bool>);

impl Default for Connections {
    fn default() -> Self {
        Connections(moka::sync::Cache::new(4096))
    }
}

impl Connections {
    /// Notes what connection `peer` last asked: a command or a read.
    fn note(&self, peer: Option<SocketAddr>, command: bool) {
        let Some(peer) = peer else { return };
        self.0.insert(peer, command);
    }

    /// Whether a read on connection `peer` goes before reads that follow reads.
    fn reads_first(&self, peer: Option<SocketAddr>) -> bool {
        peer.is_none_or(|peer| self.0.get(&peer).unwrap_or(true))
    }
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
        let turns = self.0;
        let ended = (turns.epoch.elapsed().as_nanos() as u64).max(1);
        turns.ended.fetch_max(ended, Ordering::AcqRel);
        if turns.commands.fetch_sub(1, Ordering::AcqRel) == 1 {
            turns.quiet.notify_waiters();
        }
    }
}

impl Turns {
    pub fn new(reads: usize, pause: Duration, linger: Duration) -> Turns {
        Turns {
            reads: Gate::new(reads),
            late: Gate::new(1),
            commands: AtomicUsize::new(0),
            quiet: Notify::new(),
            pause,
            linger,
            ended: std::sync::atomic::AtomicU64::new(0),
            epoch: tokio::time::Instant::now(),
        }
    }

    /// This process's turns: twice its cores for reads.
    pub fn process() -> &'static Turns {
        static TURNS: std::sync::OnceLock<Turns> = std::sync::OnceLock::new();
        TURNS.get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(2, usize::from);
            Turns::new(2 * cores, PAUSE, LINGER)
        })
    }

    /// Marks a command as running until the mark is dropped.
    pub fn command(&self) -> Running<'_> {
        self.commands.fetch_add(1, Ordering::AcqRel);
        Running(self)
    }

    /// Waits for a read's turn. A read that follows a command on its connection (`first`) is
    /// the player's own and asks for a turn at once, ahead of reads that follow reads. Those
    /// first wait until no command is running and none ended within `linger`, without holding a
    /// turn the player's read would need; one that waits out `pause` goes on, one such read at
    /// a time, at the next such gap or after `linger` more, so a stream of commands is never
    /// shared with more than one read every `linger`. The read runs while the turns are held.
    pub async fn read(&self, first: bool) -> Reading<'_> {
        let late = if first
            || tokio::time::timeout(self.pause, self.quiet_now(self.linger))
                .await
                .is_ok()
        {
            None
        } else {
            let late = self.late.take(false).await;
            let _ = tokio::time::timeout(self.linger, self.quiet_now(self.linger)).await;
            Some(late)
        };
        Reading {
            _turn: self.reads.take(first).await,
            _late: late,
        }
    }

    /// Returns once no command is running and none has ended within the linger.
    async fn quiet_now(&self, linger: Duration) {
        loop {
            let quiet = self.quiet.notified();
            tokio::pin!(quiet);
            quiet.as_mut().enable();
            if self.commands.load(Ordering::Acquire) == 0 {
                let ended = self.ended.load(Ordering::Acquire);
                let since = self
                    .epoch
                    .elapsed()
                    .saturating_sub(Duration::from_nanos(ended));
                if ended == 0 || since >= linger {
                    return;
                }
                tokio::time::sleep(linger - since).await;
                continue;
            }
            quiet.await;
        }
    }
}

/// The middleware: reads take turns behind commands; commands mark themselves running.
pub async fn take_turns(
    axum::extract::State(connections): axum::extract::State<Connections>,
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
            let _turn = turns.read(connections.reads_first(peer)).await;
            connections.note(peer, false);
            next.run(request).await
        }
        Kind::Command => {
            let _running = turns.command();
            connections.note(peer, true);
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
        let turns = std::sync::Arc::new(Turns::new(2, Duration::from_secs(60), Duration::ZERO));
        let first = turns.command();
        let second = turns.command();
        let reader = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read(false).await;
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
    async fn a_read_waits_no_longer_than_the_pause_and_the_linger_however_long_commands_run() {
        let turns = Turns::new(2, PAUSE, LINGER);
        let _forever = turns.command();
        let started = tokio::time::Instant::now();
        let _turn = turns.read(false).await;
        assert_eq!(tokio::time::Instant::now() - started, PAUSE + LINGER);
    }

    #[tokio::test(start_paused = true)]
    async fn reads_that_follow_reads_wait_out_the_linger_after_the_last_command() {
        let turns = Turns::new(2, PAUSE, LINGER);
        let running = turns.command();
        tokio::time::sleep(Duration::from_millis(1)).await;
        drop(running);
        tokio::time::sleep(Duration::from_millis(2)).await;
        let at = tokio::time::Instant::now();
        drop(turns.read(false).await);
        assert_eq!(
            tokio::time::Instant::now() - at,
            LINGER - Duration::from_millis(2)
        );
        let at = tokio::time::Instant::now();
        drop(turns.read(false).await);
        assert_eq!(tokio::time::Instant::now(), at, "the linger is over");
    }

    #[tokio::test(start_paused = true)]
    async fn the_players_own_read_does_not_wait_for_commands() {
        let turns = Turns::new(2, PAUSE, LINGER);
        let _running = turns.command();
        let at = tokio::time::Instant::now();
        drop(turns.read(true).await);
        assert_eq!(tokio::time::Instant::now(), at);
    }

    #[tokio::test(start_paused = true)]
    async fn reads_that_waited_out_the_pause_run_beside_commands_one_at_a_time() {
        let turns = std::sync::Arc::new(Turns::new(4, PAUSE, LINGER));
        let running = turns.command();
        let at_once = std::sync::Arc::new(AtomicUsize::new(0));
        let most = std::sync::Arc::new(AtomicUsize::new(0));
        let mut reads = Vec::new();
        for _ in 0..3 {
            let (turns, at_once, most) = (turns.clone(), at_once.clone(), most.clone());
            reads.push(tokio::spawn(async move {
                let _turn = turns.read(false).await;
                let now = at_once.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(1)).await;
                at_once.fetch_sub(1, Ordering::SeqCst);
            }));
        }
        for read in reads {
            read.await.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1, "late reads ran together");
        drop(running);
        tokio::time::sleep(LINGER).await;
        let at = tokio::time::Instant::now();
        let (a, b) = (turns.read(false).await, turns.read(false).await);
        assert_eq!(
            tokio::time::Instant::now(),
            at,
            "quiet again: reads run together"
        );
        drop((a, b));
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_that_waited_out_the_pause_does_not_take_a_gap_shorter_than_the_linger() {
        let turns = std::sync::Arc::new(Turns::new(2, PAUSE, LINGER));
        let first = turns.command();
        let started = tokio::time::Instant::now();
        let reader = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read(false).await;
                tokio::time::Instant::now()
            })
        };
        // Commands stream with gaps shorter than the linger: the player's next request comes
        // within a few milliseconds of the last answer, and the read leaves it the machine.
        tokio::time::sleep(PAUSE + Duration::from_millis(1)).await;
        drop(first);
        tokio::time::sleep(Duration::from_millis(2)).await;
        assert!(
            !reader.is_finished(),
            "a read ran in a gap shorter than the linger"
        );
        let _next = turns.command();
        let ran = reader.await.unwrap();
        assert_eq!(
            ran - started,
            PAUSE + LINGER,
            "bounded by the pause and the linger"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_after_a_command_takes_the_next_turn_before_reads_that_waited_longer() {
        let turns = std::sync::Arc::new(Turns::new(1, PAUSE, LINGER));
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
        let turns = std::sync::Arc::new(Turns::new(1, PAUSE, LINGER));
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
        let connections = Connections::default();
        let peer: SocketAddr = "127.0.0.1:40001".parse().unwrap();
        assert!(
            connections.reads_first(Some(peer)),
            "a connection not yet seen"
        );
        connections.note(Some(peer), false);
        assert!(!connections.reads_first(Some(peer)), "after a read");
        connections.note(Some(peer), true);
        assert!(connections.reads_first(Some(peer)), "after a command");
        assert!(connections.reads_first(None), "no connection information");
    }

    #[tokio::test(start_paused = true)]
    async fn reads_beyond_their_turns_wait_for_one_to_end() {
        let turns = std::sync::Arc::new(Turns::new(2, PAUSE, LINGER));
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
