//! A game module's state document and its event log.

use crate::domain::Role;
use serde::Serialize;
use sqlx::{FromRow, PgPool, Postgres, Transaction};
use uuid::Uuid;

/// Who may read an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone in the campaign.
    Public,
    /// The Soviet side (and the umpire).
    Soviet,
    /// The Finnish side (and the umpire).
    Finnish,
    /// The umpire only.
    Umpire,
}

impl Audience {
    /// The code stored in the database.
    pub fn code(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Soviet => "soviet",
            Audience::Finnish => "finnish",
            Audience::Umpire => "umpire",
        }
    }
}

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
    /// Its place in the log.
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
    #[schema(value_type = Object)]
    pub payload: sqlx::types::Json<serde_json::Value>,
    /// When it was recorded (RFC 3339).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: time::OffsetDateTime,
}

/// The state document, if the game has started.
pub async fn load_state(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
) -> sqlx::Result<Option<serde_json::Value>> {
    let row: Option<(sqlx::types::Json<serde_json::Value>,)> =
        sqlx::query_as("select state from game_states where campaign_id = $1")
            .bind(campaign)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(row.map(|r| r.0.0))
}

/// The state document read outside a command (pages and views).
pub async fn read_state(db: &PgPool, campaign: Uuid) -> sqlx::Result<Option<serde_json::Value>> {
    let row: Option<(sqlx::types::Json<serde_json::Value>,)> =
        sqlx::query_as("select state from game_states where campaign_id = $1")
            .bind(campaign)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|r| r.0.0))
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

/// Appends events, numbering them after the campaign's last one (the campaign row is locked).
pub async fn append_events(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    events: &[NewEvent],
) -> sqlx::Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let (first,): (i64,) = sqlx::query_as(
        "update campaigns set next_event = next_event + $2 where id = $1 returning next_event - $2",
    )
    .bind(campaign)
    .bind(events.len() as i64)
    .fetch_one(&mut **tx)
    .await?;
    for (i, e) in events.iter().enumerate() {
        sqlx::query(
            "insert into game_events (campaign_id, seq, audience, kind, moment, sentence, payload) \
             values ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(campaign)
        .bind(first + i as i64)
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

/// The events `role` may read with `seq < before`, newest first, at most `limit`.
pub async fn events_for(
    db: &PgPool,
    campaign: Uuid,
    role: Role,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as(
        "select seq, audience, kind, moment, sentence, payload, created_at from game_events \
         where campaign_id = $1 and seq < $2 and ($3 = 'umpire' or audience = 'public' or audience = $3) \
         order by seq desc limit $4",
    )
    .bind(campaign)
    .bind(before)
    .bind(role.code())
    .bind(limit)
    .fetch_all(db)
    .await
}
