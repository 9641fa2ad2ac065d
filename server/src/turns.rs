//! Who goes first when the machine is busy: a player's commands before pages and views.
//!
//! Reads (GET and HEAD, except live streams and the health probes) take turns: at most twice
//! as many run at once as the machine has cores, and the rest wait without using the CPU or a
//! database connection. A read whose turn has come also waits while commands are running, for
//! at most [`PAUSE`], so that a player's orders and resolution have the machine to themselves
//! instead of sharing it with every reader who keeps asking. A command never waits for a turn.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::http::Method;
use tokio::sync::{Notify, Semaphore};

/// The longest a read waits for running commands once its turn has come: however busy the
/// commands keep the server, pages still answer.
pub const PAUSE: Duration = Duration::from_millis(20);

/// The reads' turns and the commands now running, for one process.
pub struct Turns {
    reads: Semaphore,
    commands: AtomicUsize,
    quiet: Notify,
    pause: Duration,
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
            reads: Semaphore::new(reads),
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

    /// Waits for a read's turn, then for running commands (at most `pause`); the read runs
    /// while the permit is held.
    pub async fn read(&self) -> tokio::sync::SemaphorePermit<'_> {
        let turn = self
            .reads
            .acquire()
            .await
            .expect("the read turns are never closed");
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
    match Kind::of(request.method(), request.uri().path()) {
        Kind::Apart => next.run(request).await,
        Kind::Read => {
            let _turn = turns.read().await;
            next.run(request).await
        }
        Kind::Command => {
            let _running = turns.command();
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
                let _turn = turns.read().await;
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
        let _turn = turns.read().await;
        assert_eq!(tokio::time::Instant::now(), now);
    }

    #[tokio::test(start_paused = true)]
    async fn a_read_waits_no_longer_than_the_pause_however_long_commands_run() {
        let turns = Turns::new(2, PAUSE);
        let _forever = turns.command();
        let started = tokio::time::Instant::now();
        let _turn = turns.read().await;
        assert_eq!(tokio::time::Instant::now() - started, PAUSE);
    }

    #[tokio::test(start_paused = true)]
    async fn reads_beyond_their_turns_wait_for_one_to_end() {
        let turns = std::sync::Arc::new(Turns::new(2, PAUSE));
        let a = turns.read().await;
        let _b = turns.read().await;
        let third = {
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = turns.read().await;
            })
        };
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!third.is_finished(), "a third read ran with two turns");
        drop(a);
        third.await.unwrap();
    }
}
