//! Live updates: one `LISTEN` per process fans out campaign changes to server-sent event streams,
//! so every open page learns of a change whichever process made it.

use crate::routes::CampaignAccess;
use crate::state::AppState;
use axum::response::sse::{Event, KeepAlive, Sse};
use sqlx::postgres::PgListener;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;
use uuid::Uuid;

/// The channel every command notifies with the campaign's id.
pub const CHANNEL: &str = "motti_campaign";

/// A sender of changed campaign ids to every open stream of this process.
pub fn channel() -> broadcast::Sender<Uuid> {
    broadcast::channel(1024).0
}

/// Listens for campaign changes and forwards them, reconnecting after database failures.
pub async fn listen(state: AppState) {
    loop {
        match PgListener::connect_with(&state.db).await {
            Ok(mut listener) => {
                if listener.listen(CHANNEL).await.is_ok() {
                    while let Ok(note) = listener.recv().await {
                        if let Ok(id) = note.payload().parse::<Uuid>() {
                            let _ = state.live.send(id);
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "live updates: cannot listen; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// `GET /campaigns/{id}/live`: an event `changed` whenever the campaign changes.
pub async fn stream(
    axum::extract::State(state): axum::extract::State<AppState>,
    access: CampaignAccess,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let id = access.id();
    let changes = BroadcastStream::new(state.live.subscribe())
        .take_while(|change| !matches!(change, Ok(closing) if closing.is_nil()))
        .filter_map(move |change| match change {
            Ok(changed) if changed == id => {
                Some(Ok(Event::default().event("changed").data(id.to_string())))
            }
            // A lagging stream may have missed changes: tell the page to look again.
            Err(_) => Some(Ok(Event::default().event("changed").data(id.to_string()))),
            Ok(_) => None,
        });
    Sse::new(changes).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
}
