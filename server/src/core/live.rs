//! Live updates: one `LISTEN` per process fans out campaign changes to every open stream of the
//! process, so every open page learns of a change whichever process made it (see `web::live`).

use sqlx::postgres::PgListener;
use std::time::Duration;
use tokio::sync::broadcast;
use uuid::Uuid;

pub use crate::db::readers::{CHANNEL, Readers};

/// A change to a campaign, for the readers named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The campaign; the nil id closes every stream.
    pub campaign: Uuid,
    /// Who may see the change.
    pub readers: Readers,
    /// The change is new table talk, not a change of the game.
    pub talk: bool,
}

impl Change {
    /// The change that ends every live stream (at shutdown).
    pub fn closing() -> Change {
        Change {
            campaign: Uuid::nil(),
            readers: Readers::ALL,
            talk: false,
        }
    }

    /// Reads a notification's payload (see `Readers::payload`).
    pub fn parse(payload: &str) -> Option<Change> {
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

/// A sender of campaign changes to every open stream of this process.
pub fn channel() -> broadcast::Sender<Change> {
    broadcast::channel(1024).0
}

/// Listens for campaign changes and forwards them, reconnecting after database failures.
pub async fn listen(db: sqlx::PgPool, live: broadcast::Sender<Change>) {
    loop {
        match PgListener::connect_with(&db).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while let Ok(note) = listener.recv().await {
                        if let Some(change) = Change::parse(note.payload()) {
                            let _ = live.send(change);
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
    }
}
