//! The live stream of a campaign page: server-sent events for the changes its reader may see.

use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::response::sse::{Event, KeepAlive, Sse};
use std::convert::Infallible;
use std::time::Duration;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;

/// `GET /campaigns/{id}/live`: an event `changed` whenever the campaign changes in a way the
/// caller may see, and `talk` when someone writes in a channel of table talk the caller's role
/// may read; the event carries the campaign's id and nothing else.
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
                let kind = if changed.talk { "talk" } else { "changed" };
                Some(Ok(Event::default().event(kind).data(id.to_string())))
            }
            // A lagging stream may have missed changes: tell the page to look again.
            Err(_) => Some(Ok(Event::default().event("changed").data(id.to_string()))),
            Ok(_) => None,
        });
    Sse::new(changes).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
}
