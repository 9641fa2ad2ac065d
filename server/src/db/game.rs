//! A game module's state document and its event log.

use crate::core::domain::Role;
use serde::Serialize;
use sqlx::{FromRow, PgPool, Postgres, Transaction};
use uuid::Uuid;

/// Who may read an event: the same four audiences a dice roll belongs to.
pub use crate::dice::audience::Audience;

/// An event to append.
#[derive(Clone, Debug)]
pub struct NewEvent {
    /// Who may read it.
    pub audience: Audience,
    /// A machine-readable kind, e.g. `hour_resolved`.
    pub kind: String,
    /// When in game time.
    pub moment: String,
    /// What happened, for people.
    pub sentence: String,
    /// Details for programs.
    pub payload: serde_json::Value,
}

/// A stored event.
#[derive(Clone, Debug, FromRow, Serialize, utoipa::ToSchema)]
pub struct EventRow {
    /// Its number in the reader's own numbering: the umpire's counts every event, each side's
    /// only the events it may read, so gaps never betray hidden ones.
    pub seq: i64,
    /// Who may read it.
    pub audience: String,
    /// A machine-readable kind.
    pub kind: String,
    /// When in game time.
    pub moment: String,
    /// What happened.
    pub sentence: String,
    /// Details.
    #[schema(value_type = Value)]
    pub payload: sqlx::types::Json<serde_json::Value>,
    /// When it was recorded (RFC 3339).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: time::OffsetDateTime,
}

/// The state document, if the game has started.
pub async fn load_state<T: serde::de::DeserializeOwned>(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
) -> sqlx::Result<Option<T>> {
    let row: Option<(String,)> =
        sqlx::query_as("select state::text from game_states where campaign_id = $1")
            .bind(campaign)
            .fetch_optional(&mut **tx)
            .await?;
    row.map(|(text,)| decode(&text)).transpose()
}

/// A state document's text decoded straight into `T`.
fn decode<T: serde::de::DeserializeOwned>(text: &str) -> sqlx::Result<T> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// The state document read outside a command (pages and views), decoded straight from the
/// stored JSON into `T` (a game's state, or a `serde_json::Value` where any document will do)
/// without a generic JSON tree in between.
pub async fn read_state<T: serde::de::DeserializeOwned>(
    db: &PgPool,
    campaign: Uuid,
) -> sqlx::Result<Option<T>> {
    let row: Option<(String,)> =
        sqlx::query_as("select state::text from game_states where campaign_id = $1")
            .bind(campaign)
            .fetch_optional(db)
            .await?;
    row.map(|(text,)| decode(&text)).transpose()
}

/// Stores the state document.
pub async fn save_state(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    state: &impl Serialize,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into game_states (campaign_id, state) values ($1, $2) \
         on conflict (campaign_id) do update set state = excluded.state, updated_at = now()",
    )
    .bind(campaign)
    .bind(sqlx::types::Json(state))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Appends events, numbering them after the campaign's last one (the campaign row is locked):
/// `seq` counts every event, and each side's own number counts only the events it may read.
pub async fn append_events(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    events: &[NewEvent],
) -> sqlx::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let seen_by = |side: Audience| {
        events
            .iter()
            .filter(|e| e.audience == Audience::Public || e.audience == side)
            .count() as i64
    };
    let (first, mut soviet, mut finnish): (i64, i64, i64) = sqlx::query_as(
        "update campaigns set next_event = next_event + $2, \
             next_soviet_event = next_soviet_event + $3, next_finnish_event = next_finnish_event + $4 \
         where id = $1 \
         returning next_event - $2, next_soviet_event - $3, next_finnish_event - $4",
    )
    .bind(campaign)
    .bind(events.len() as i64)
    .bind(seen_by(Audience::Soviet))
    .bind(seen_by(Audience::Finnish))
    .fetch_one(&mut **tx)
    .await?;
    let number = |counter: &mut i64, seen: bool| {
        seen.then(|| {
            *counter += 1;
            *counter - 1
        })
    };
    for (i, e) in events.iter().enumerate() {
        let public = e.audience == Audience::Public;
        let soviet_seq = number(&mut soviet, public || e.audience == Audience::Soviet);
        let finnish_seq = number(&mut finnish, public || e.audience == Audience::Finnish);
        sqlx::query(
            "insert into game_events \
             (campaign_id, seq, soviet_seq, finnish_seq, audience, kind, moment, sentence, payload) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(campaign)
        .bind(first + i as i64)
        .bind(soviet_seq)
        .bind(finnish_seq)
        .bind(e.audience.code())
        .bind(&e.kind)
        .bind(&e.moment)
        .bind(&e.sentence)
        .bind(sqlx::types::Json(&e.payload))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// The events `role` may read numbered below `before` in its own numbering (the umpire's is
/// `seq`; each side's counts only what it may read), newest first, at most `limit`.
pub async fn events_for(
    db: &PgPool,
    campaign: Uuid,
    role: Role,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<EventRow>> {
    let number = match role {
        Role::Umpire => "seq",
        Role::Soviet => "soviet_seq",
        Role::Finnish => "finnish_seq",
    };
    sqlx::query_as(&format!(
        "select {number} as seq, audience, kind, moment, sentence, payload, created_at \
         from game_events \
         where campaign_id = $1 and {number} is not null and {number} < $2 \
         order by {number} desc limit $3"
    ))
    .bind(campaign)
    .bind(before)
    .bind(limit)
    .fetch_all(db)
    .await
}
