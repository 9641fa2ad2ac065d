//! Live updates: one `LISTEN` per process fans out campaign changes to every open stream of the
//! process, so every open page learns of a change whichever process made it (see `web::live`),
//! and tells the streams of a user whose access may have ended to check theirs again.

use crate::core::domain::Role;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OnceCell, broadcast};
use uuid::Uuid;

pub use crate::db::readers::{CHANNEL, Readers};

/// A change to a campaign, for the readers named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The campaign.
    pub campaign: Uuid,
    /// Who may see the change.
    pub readers: Readers,
    /// The change is new table talk, not a change of the game.
    pub talk: bool,
}

impl Change {
    /// Reads a notification's payload (see `Readers::payload`).
    pub fn parse(payload: &str) -> Option<Change> {
        if payload.starts_with(ACCESS) {
            return None;
        }
        let mut words = payload.split_whitespace();
        let campaign = words.next()?.parse().ok()?;
        let mut readers = Readers::default();
        let mut talk = false;
        for word in words {
            if word == "talk" {
                talk = true;
                continue;
            }
            readers.add(word.parse().ok()?);
        }
        Some(Change {
            campaign,
            readers,
            talk,
        })
    }
}

/// The first word of a note that says a user's access may have ended.
const ACCESS: &str = "access";

/// The note that a user's access may have ended (a participant removed, a token revoked, a
/// sign-in ended, a password changed): every stream of theirs checks its access again.
pub fn access_payload(user: Uuid) -> String {
    format!("{ACCESS} {user}")
}

/// The versions of a campaign for each reader (Soviet, Finnish, umpire), or `None` when they
/// could not be read.
pub type Versions = Option<[i64; 3]>;

/// What this process's streams hear.
#[derive(Clone, Debug)]
pub enum Live {
    /// A campaign changed. Its versions are read once, by the first stream that needs them, for
    /// every stream of the process.
    Changed(Change, Arc<OnceCell<Versions>>),
    /// The access of this user may have ended: its streams check theirs again.
    Access(Uuid),
    /// The server is stopping: every stream ends.
    Closing,
}

impl Live {
    /// Reads a notification's payload.
    pub fn parse(payload: &str) -> Option<Live> {
        if let Some(user) = payload.strip_prefix(ACCESS) {
            return user.trim().parse().ok().map(Live::Access);
        }
        Change::parse(payload).map(|c| Live::Changed(c, Arc::default()))
    }
}

/// The index of `role` in [`Versions`].
pub fn version_index(role: Role) -> usize {
    match role {
        Role::Soviet => 0,
        Role::Finnish => 1,
        Role::Umpire => 2,
    }
}

/// The notes of committed changes this process sends to every process's `LISTEN`. They are
/// sent after the commit, outside its transaction, and batched: `pg_notify` inside a transaction
/// takes a database-wide lock held through the commit, which made every command wait on every
/// other. A note lost (the process stopping between the commit and the note) costs a stream
/// only its prompt news: the change is in the tables, and the next note or a reconnection
/// (`Last-Event-ID`) catches the stream up from its version.
#[derive(Clone, Debug)]
pub struct Notes(tokio::sync::mpsc::UnboundedSender<String>);

impl Notes {
    /// Starts the task that sends the notes on `db`, where a runtime runs (else notes are dropped).
    pub fn start(db: sqlx::PgPool) -> Notes {
        let (notes, queue) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(send_notes(db, queue));
        }
        Notes(notes)
    }

    /// Queues the note `payload` (see `Readers::payload`) of a committed change.
    pub fn send(&self, payload: String) {
        let _ = self.0.send(payload);
    }
}

/// Sends queued notes, as many as are waiting in one statement, until every `Notes` is dropped.
async fn send_notes(db: sqlx::PgPool, mut queue: tokio::sync::mpsc::UnboundedReceiver<String>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match queue.try_recv() {
                Ok(note) => batch.push(note),
                Err(_) => break,
            }
        }
        batch.sort_unstable();
        batch.dedup();
        let sent = sqlx::query!(
            "select pg_notify($1, note) from unnest($2::text[]) as note",
            CHANNEL,
            &batch[..],
        )
        .execute(&db)
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, notes = batch.len(), "live updates: notes not sent; streams catch up at the next change");
        }
    }
}

/// A sender of campaign changes to every open stream of this process.
pub fn channel() -> broadcast::Sender<Live> {
    broadcast::channel(1024).0
}

/// Listens for campaign changes and forwards them, reconnecting after database failures.
pub async fn listen(db: sqlx::PgPool, live: broadcast::Sender<Live>) {
    loop {
        match PgListener::connect_with(&db).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while let Ok(note) = listener.recv().await {
                        match Live::parse(note.payload()) {
                            Some(change) => {
                                let _ = live.send(change);
                            }
                            // A note that reads as nothing is a fault worth a line at error
                            // level, but one bad note must not stop every stream's live
                            // updates: the listener goes on with the next.
                            None => tracing::error!(
                                channel = note.channel(),
                                payload = note.payload(),
                                "live updates: a note reads as no change and was dropped"
                            ),
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "live updates: cannot listen; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::domain::Role;

    #[test]
    fn a_payload_reads_back_as_the_change_it_was_written_from() {
        let id = Uuid::new_v4();
        let mut readers = Readers::default();
        readers.add(Role::Finnish);
        readers.add(Role::Umpire);
        let payload = readers.payload(id);
        assert_eq!(payload, format!("{id} finnish umpire"));
        let change = Change::parse(&payload).expect("parses");
        assert_eq!(change.campaign, id);
        assert!(!change.readers.includes(Role::Soviet));
        assert!(change.readers.includes(Role::Finnish));
        assert!(!change.talk);
        let talk = Change::parse(&readers.talk_payload(id)).expect("parses");
        assert!(talk.talk && talk.readers.includes(Role::Finnish));
        assert!(!talk.readers.includes(Role::Soviet));
        assert_eq!(Change::parse("not-a-uuid umpire"), None);
        assert_eq!(Change::parse(&format!("{id} spectator")), None);
        assert!(matches!(Live::parse(&access_payload(id)), Some(Live::Access(u)) if u == id));
        assert_eq!(Change::parse(&access_payload(id)), None);
        assert!(matches!(Live::parse(&payload), Some(Live::Changed(c, _)) if c.campaign == id));
    }
}
