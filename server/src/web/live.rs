//! The live stream of a campaign page: server-sent events for the changes its reader may see.
//!
//! A `changed` event carries the reader's version as its id (the version moves only on what the
//! reader may see). A browser that reconnects sends the last id it had (`Last-Event-ID`): when
//! the campaign has moved on meanwhile the stream says so at once, and when it has not, it says
//! nothing; since a page fetches the whole current state on `changed`, no change is lost or seen
//! twice. `talk` events tell of new table talk in a channel the reader's role may read.

use crate::core::domain::Role;
use crate::core::live::Change;
use crate::db;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;
use uuid::Uuid;

fn changed(id: Uuid, version: i64) -> Event {
    Event::default()
        .event("changed")
        .id(version.to_string())
        .data(id.to_string())
}

/// The reader's version now, or `None` when it cannot be read (the stream then says "changed").
async fn version_now(state: &AppState, id: Uuid, role: Role) -> Option<i64> {
    db::campaigns::lock_free(&state.db, id)
        .await
        .ok()
        .flatten()
        .map(|c| c.version_for(role))
}

/// `GET /campaigns/{id}/live`: `changed` whenever the campaign changes in a way the caller may
/// see, `talk` when someone writes where the caller's role may read; each event carries the
/// campaign's id and nothing else.
pub async fn stream(
    axum::extract::State(state): axum::extract::State<AppState>,
    access: CampaignAccess,
    headers: HeaderMap,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let id = access.id();
    let role = access.role();
    let mut known = access.membership.campaign.version_for(role);
    let last_seen: Option<i64> = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let mut changes = state.live.subscribe();
    let (tx, rx) = mpsc::channel::<Result<Event, Infallible>>(16);
    tokio::spawn(async move {
        if last_seen.is_some_and(|seen| seen < known)
            && tx.send(Ok(changed(id, known))).await.is_err()
        {
            return;
        }
        loop {
            let event = match changes.recv().await {
                Ok(Change { campaign, .. }) if campaign.is_nil() => return,
                Ok(change) if change.campaign == id && change.readers.includes(role) => {
                    if change.talk {
                        Event::default().event("talk").data(id.to_string())
                    } else {
                        match version_now(&state, id, role).await {
                            // The change was already told (a notification that came late).
                            Some(v) if v <= known => continue,
                            Some(v) => {
                                known = v;
                                changed(id, v)
                            }
                            None => Event::default().event("changed").data(id.to_string()),
                        }
                    }
                }
                Ok(_) => continue,
                // A lagging stream may have missed changes: tell the page to look again.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    Event::default().event("changed").data(id.to_string())
                }
                Err(broadcast::error::RecvError::Closed) => return,
            };
            if tx.send(Ok(event)).await.is_err() {
                return;
            }
        }
    });
    Sse::new(ReceiverStream::new(rx)).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
}
