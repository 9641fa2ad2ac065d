//! A game's log through the API, for every game alike: the entries the caller may read, newest
//! first, paged with `before`.

use crate::core::error::AppError;
use crate::db;
use crate::db::game::EventRow;
use crate::state::AppState;
use crate::web::CampaignAccess;
use serde::Deserialize;

/// Paging of a game's log.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct EventsQuery {
    /// Only events with a smaller `seq` (for the next page back).
    pub before: Option<i64>,
    /// At most this many (1 to 500, default 100).
    pub limit: Option<i64>,
}

/// The log entries of the caller's campaign the caller may read, newest first.
pub async fn page(
    state: &AppState,
    access: &CampaignAccess,
    q: &EventsQuery,
) -> Result<Vec<EventRow>, AppError> {
    let limit = q.limit.unwrap_or(100);
    if !(1..=500).contains(&limit) {
        return Err(
            AppError::invalid("invalid_limit", "Ask for 1 to 500 events at a time.")
                .on_field("limit"),
        );
    }
    Ok(db::game::events_for(
        &state.db,
        access.id(),
        access.role(),
        q.before.unwrap_or(i64::MAX),
        limit,
    )
    .await?)
}
