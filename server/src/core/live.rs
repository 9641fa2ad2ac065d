//! Live updates: one `LISTEN` per process fans out campaign changes to server-sent event streams,
//! so every open page learns of a change whichever process made it, if its reader may see it.

use crate::core::domain::Role;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::response::sse::{Event, KeepAlive, Sse};
use sqlx::postgres::PgListener;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;
use uuid::Uuid;

/// The channel every command notifies, with the campaign's id and the readers whose view changed.
pub const CHANNEL: &str = "motti_campaign";

/// The readers (roles) whose view of a campaign a command changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readers {
    /// The Soviet side's view changed.
    pub soviet: bool,
    /// The Finnish side's view changed.
    pub finnish: bool,
    /// The umpire's view changed.
    pub umpire: bool,
}

impl Readers {
    /// Every reader.
    pub const ALL: Readers = Readers {
        soviet: true,
        finnish: true,
        umpire: true,
    };

    /// Adds `role` to the readers.
    pub fn add(&mut self, role: Role) {
        match role {
            Role::Soviet => self.soviet = true,
            Role::Finnish => self.finnish = true,
            Role::Umpire => self.umpire = true,
        }
    }

    /// Adds everyone who belongs to `audience` (the umpire belongs to every audience).
    pub fn see(&mut self, audience: crate::dice::audience::Audience) {
        use crate::dice::audience::Audience;
        match audience {
            Audience::Public => *self = Readers::ALL,
            Audience::Soviet => self.add(Role::Soviet),
            Audience::Finnish => self.add(Role::Finnish),
            Audience::Umpire => self.add(Role::Umpire),
        }
        self.add(Role::Umpire);
    }

    /// Whether `role` is among the readers.
    pub fn includes(self, role: Role) -> bool {
        match role {
            Role::Soviet => self.soviet,
            Role::Finnish => self.finnish,
            Role::Umpire => self.umpire,
        }
    }

    /// The notification's payload: the campaign id, then the readers' role codes.
    pub fn payload(self, campaign: Uuid) -> String {
        let mut text = campaign.to_string();
        for role in [Role::Soviet, Role::Finnish, Role::Umpire] {
            if self.includes(role) {
                text.push(' ');
                text.push_str(role.code());
            }
        }
        text
    }
}

/// A change to a campaign, for the readers named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The campaign; the nil id closes every stream.
    pub campaign: Uuid,
    /// Who may see the change.
    pub readers: Readers,
}

impl Change {
    /// The change that ends every live stream (at shutdown).
    pub fn closing() -> Change {
        Change {
            campaign: Uuid::nil(),
            readers: Readers::ALL,
        }
    }

    /// Reads a notification's payload (see `Readers::payload`).
    pub fn parse(payload: &str) -> Option<Change> {
        let mut words = payload.split_whitespace();
        let campaign = words.next()?.parse().ok()?;
        let mut readers = Readers::default();
        for word in words {
            readers.add(word.parse().ok()?);
        }
        Some(Change { campaign, readers })
    }
}

/// A sender of campaign changes to every open stream of this process.
pub fn channel() -> broadcast::Sender<Change> {
    broadcast::channel(1024).0
}

/// Listens for campaign changes and forwards them, reconnecting after database failures.
pub async fn listen(state: AppState) {
    loop {
        match PgListener::connect_with(&state.db).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while let Ok(note) = listener.recv().await {
                        if let Some(change) = Change::parse(note.payload()) {
                            let _ = state.live.send(change);
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "live updates: cannot listen; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// `GET /campaigns/{id}/live`: an event `changed` whenever the campaign changes in a way the
/// caller may see; the event carries the campaign's id and nothing else.
pub async fn stream(
    axum::extract::State(state): axum::extract::State<AppState>,
    access: CampaignAccess,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let id = access.id();
    let role = access.role();
    let changes = BroadcastStream::new(state.live.subscribe())
        .take_while(|change| !matches!(change, Ok(closing) if closing.campaign.is_nil()))
        .filter_map(move |change| match change {
            Ok(changed) if changed.campaign == id && changed.readers.includes(role) => {
                Some(Ok(Event::default().event("changed").data(id.to_string())))
            }
            // A lagging stream may have missed changes: tell the page to look again.
            Err(_) => Some(Ok(Event::default().event("changed").data(id.to_string()))),
            Ok(_) => None,
        });
    Sse::new(changes).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(Change::parse("not-a-uuid umpire"), None);
        assert_eq!(Change::parse(&format!("{id} spectator")), None);
    }
}
