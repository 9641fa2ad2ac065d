//! The live stream of a campaign page: server-sent events for the changes its reader may see.
//!
//! A `changed` event carries the reader's version as its id (the version moves only on what the
//! reader may see). A browser that reconnects sends the last id it had (`Last-Event-ID`): when
//! the campaign has moved on meanwhile the stream says so at once, and when it has not, it says
//! nothing; since a page fetches the whole current state on `changed`, no change is lost or seen
//! twice. `talk` events tell of new table talk in a channel the reader's role may read.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::live::{Live, Seat, Versions, version_index};
use crate::db;
use crate::db::users::Credential;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;
use uuid::Uuid;

/// The most live streams one user may hold open at once in one process.
pub const STREAMS_PER_USER: usize = 20;

fn changed(id: Uuid, version: i64) -> Event {
    Event::default()
        .event("changed")
        .id(version.to_string())
        .data(id.to_string())
}

/// The versions of campaign `id` now, for every reader.
async fn versions_now(state: &AppState, id: Uuid) -> Versions {
    let campaign = db::campaigns::lock_free(&state.db, id)
        .await
        .ok()
        .flatten()?;
    Some([Role::Soviet, Role::Finnish, Role::Umpire].map(|r| campaign.version_for(r)))
}

/// Who a stream is for: the reader, the credential it was opened with, the campaign and role.
struct Reader {
    user: Uuid,
    credential: Option<Credential>,
    campaign: Uuid,
    role: Role,
}

impl Reader {
    /// Whether the reader still may read: the credential still names them and they still take
    /// part with the same role. When the database cannot tell, the stream goes on.
    async fn still_allowed(&self, state: &AppState) -> bool {
        let Some(credential) = &self.credential else {
            return false;
        };
        match db::users::by_credential(&state.db, credential).await {
            Ok(Some(user)) if user.id == self.user => {}
            Ok(_) => return false,
            Err(_) => return true,
        }
        match db::campaigns::membership(&state.db, self.campaign, self.user, false).await {
            Ok(Some(m)) => m.role == self.role,
            Ok(None) => false,
            Err(_) => true,
        }
    }
}

/// A live stream's access to the campaign named in the path and its seat in the hub (see
/// `CampaignAccess::seated`): an access this process kept takes no database connection.
pub struct Seated(CampaignAccess, Seat);

impl FromRequestParts<AppState> for Seated {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let join = |access: &CampaignAccess| {
            state
                .live
                .join(access.id(), access.role(), access.user.id, STREAMS_PER_USER)
                .ok_or_else(|| {
                    AppError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "too_many_streams",
                        format!(
                            "You have {STREAMS_PER_USER} live pages open already; close some tabs or windows and reload this page."
                        ),
                    )
                })
        };
        let (access, seat) = CampaignAccess::seated(parts, state, join).await?;
        Ok(Seated(access, seat))
    }
}

/// `GET /campaigns/{id}/live`: `changed` whenever the campaign changes in a way the caller may
/// see, `talk` when someone writes where the caller's role may read; each event carries the
/// campaign's id and nothing else. The stream ends when the caller's access does (removed from
/// the campaign, token revoked, signed out, password changed); a user holds at most
/// [`STREAMS_PER_USER`] streams at once (429 past that).
pub async fn stream(
    axum::extract::State(state): axum::extract::State<AppState>,
    Seated(access, seat): Seated,
    headers: HeaderMap,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let reader = Reader {
        user: access.user.id,
        credential: access.credential().cloned(),
        campaign: access.id(),
        role: access.role(),
    };
    let known = access.membership.campaign.version_for(reader.role);
    let last_seen: Option<i64> = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    // A page that reconnects after the campaign moved on hears so at once.
    let first = last_seen
        .is_some_and(|seen| seen < known)
        .then(|| changed(reader.campaign, known));
    let follow = Follow {
        state,
        reader,
        known,
        seat,
        first,
    };
    body(follow)
}

/// The stream's response body. It is the stream itself: no task or queue of its own. It, and
/// with it the stream's seat, goes when the body is dropped (the connection closed).
fn body(follow: Follow) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let events = futures_util::stream::unfold(follow, |mut follow| async move {
        let event = follow.next().await?;
        Some((Ok(event), follow))
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
}

/// One open stream: its reader, the version it last told, its seat in the hub and an event
/// waiting to be told first.
struct Follow {
    state: AppState,
    reader: Reader,
    known: i64,
    seat: Seat,
    first: Option<Event>,
}

impl Follow {
    /// The reader's next event; `None` when the stream ends (the server stops or the access
    /// ends). The seat hears only this campaign's changes for this role and this user's access
    /// notes. What reads the database is boxed while it runs: an idle stream, which waits on
    /// its seat, then holds no room for a query's state.
    async fn next(&mut self) -> Option<Event> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        let (id, role) = (self.reader.campaign, self.reader.role);
        loop {
            return Some(match self.seat.recv().await {
                Ok(Live::Closing) | Err(broadcast::error::RecvError::Closed) => return None,
                Ok(Live::Access(user)) if user == self.reader.user => {
                    if Box::pin(self.reader.still_allowed(&self.state)).await {
                        continue;
                    }
                    return None;
                }
                Ok(Live::Changed(change, versions))
                    if change.campaign == id && change.readers.includes(role) =>
                {
                    if change.talk {
                        Event::default().event("talk").data(id.to_string())
                    } else {
                        let versions =
                            Box::pin(versions.get_or_init(|| versions_now(&self.state, id))).await;
                        match versions.map(|v| v[version_index(role)]) {
                            // The change was already told (a notification that came late).
                            Some(v) if v <= self.known => continue,
                            Some(v) => {
                                self.known = v;
                                changed(id, v)
                            }
                            None => Event::default().event("changed").data(id.to_string()),
                        }
                    }
                }
                Ok(_) => continue,
                // A lagging stream may have missed changes, or its access may have ended: it
                // checks the access, then tells the page to look again.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    if !Box::pin(self.reader.still_allowed(&self.state)).await {
                        return None;
                    }
                    Event::default().event("changed").data(id.to_string())
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of what `f` returns, without calling it.
    fn size_of_output<A, R>(_: fn(A) -> R) -> usize {
        std::mem::size_of::<R>()
    }

    /// Twenty thousand streams are held at once: an idle stream's body keeps its seat and what
    /// it last told, not the state of the queries it makes now and then (912 bytes in a test
    /// build when they were held inline, 648 boxed).
    #[test]
    fn an_open_streams_body_holds_no_room_for_its_queries() {
        let body = size_of_output(body);
        assert!(body <= 768, "an open stream's body takes {body} bytes");
    }
}
