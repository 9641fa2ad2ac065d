//! A game module's state document and its event log.

use super::kept_states::KeptStates;
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

/// A state document as read: its revision, and its text unless the revision is the one the
/// reader said it keeps (see `db::kept_states`).
pub struct StateRead {
    /// The stored document's revision.
    pub revision: i64,
    /// Its JSON text; `None` when it is the revision the reader keeps.
    pub text: Option<String>,
}

/// Campaign `campaign`'s state document, if the game has started: its revision, and its text
/// unless the stored revision is `kept`.
pub async fn stored<'e>(
    db: impl sqlx::PgExecutor<'e>,
    campaign: Uuid,
    kept: Option<i64>,
) -> sqlx::Result<Option<StateRead>> {
    sqlx::query_as!(
        StateRead,
        r#"select revision, case when revision = $2 then null else state::text end as "text"
         from game_states where campaign_id = $1"#,
        campaign,
        kept,
    )
    .fetch_optional(db)
    .await
}

impl StateRead {
    /// Whether the read brought the document's text (else it is the revision the reader keeps).
    pub fn has_text(&self) -> bool {
        self.text.is_some()
    }

    /// The state this read stands for, as `T`: decoded from its text, or the one this process
    /// keeps under its revision; should it no longer keep it (the store started afresh), the
    /// text is read again through `db`. `None` if the game's state has gone meanwhile.
    pub async fn into_state<'e, T: serde::de::DeserializeOwned + Send + Sync + 'static>(
        self,
        db: impl sqlx::PgExecutor<'e>,
        kept: &KeptStates,
        campaign: Uuid,
    ) -> sqlx::Result<Option<std::sync::Arc<T>>> {
        self.state_from(db, campaign, |c, r| kept.get(c, r)).await
    }

    /// As `into_state`, for a command that holds the campaign's lock and will change the state:
    /// the kept state is taken out of the store rather than shared, so that unless a view holds
    /// it at that moment the command changes it in place instead of copying it. The command
    /// keeps the state it writes; should it fail, the next reader decodes the stored document.
    pub async fn into_owned<'e, T: serde::de::DeserializeOwned + Clone + Send + Sync + 'static>(
        self,
        db: impl sqlx::PgExecutor<'e>,
        kept: &KeptStates,
        campaign: Uuid,
    ) -> sqlx::Result<Option<T>> {
        let state = self
            .state_from(db, campaign, |c, r| kept.take(c, r))
            .await?;
        Ok(state.map(std::sync::Arc::unwrap_or_clone))
    }

    async fn state_from<'e, T: serde::de::DeserializeOwned + Send + Sync + 'static>(
        self,
        db: impl sqlx::PgExecutor<'e>,
        campaign: Uuid,
        kept: impl FnOnce(Uuid, i64) -> Option<std::sync::Arc<T>>,
    ) -> sqlx::Result<Option<std::sync::Arc<T>>> {
        let text = match self.text {
            Some(text) => text,
            None => match kept(campaign, self.revision) {
                Some(kept) => return Ok(Some(kept)),
                None => match stored(db, campaign, None).await?.and_then(|r| r.text) {
                    Some(text) => text,
                    None => return Ok(None),
                },
            },
        };
        decode(&text).map(|state| Some(std::sync::Arc::new(state)))
    }
}

/// The state document of campaign `campaign`, if the game has started, as this process keeps it
/// when the stored revision is the one kept, else read and decoded (and then kept): read by
/// pages and views, which only look at it.
pub async fn kept_state<T: serde::de::DeserializeOwned + Send + Sync + 'static>(
    db: &sqlx::PgPool,
    kept: &KeptStates,
    campaign: Uuid,
) -> sqlx::Result<Option<std::sync::Arc<T>>> {
    let Some(read) = stored(db, campaign, kept.revision(campaign)).await? else {
        return Ok(None);
    };
    let (revision, decoded) = (read.revision, read.has_text());
    let state = read.into_state::<T>(db, kept, campaign).await?;
    if let Some(state) = state.as_ref().filter(|_| decoded) {
        kept.keep(campaign, revision, state.clone());
    }
    Ok(state)
}

/// A state document's text decoded straight into `T`.
pub fn decode<T: serde::de::DeserializeOwned>(text: &str) -> sqlx::Result<T> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// A state document as the JSON text stored: the column is `json`, which keeps the text as
/// written (PostgreSQL checks it, without building a jsonb tree to store and print again).
fn encode(state: &impl Serialize) -> sqlx::Result<String> {
    serde_json::to_string(state).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}

/// Stores the state document; answers its new revision.
pub async fn save_state(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    state: &impl Serialize,
) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        "insert into game_states (campaign_id, state) values ($1, $2::text::json) \
         on conflict (campaign_id) do update set state = excluded.state, updated_at = now() \
         returning revision",
        campaign,
        encode(state)?,
    )
    .fetch_one(&mut **tx)
    .await
}

/// A record leaving a game's state for the campaign's archive.
#[derive(Clone, Debug)]
pub struct Archived {
    /// Its number in its game (a WoNS battle's number).
    pub number: u32,
    /// The record, as JSON text.
    pub record: String,
}

/// Keeps `records` in the campaign's archive, in one statement; a record brought back into the
/// state for a command and archived again replaces its earlier copy.
pub async fn archive<'e>(
    db: impl sqlx::PgExecutor<'e>,
    campaign: Uuid,
    records: &[Archived],
) -> sqlx::Result<()> {
    let numbers: Vec<i64> = records.iter().map(|r| i64::from(r.number)).collect();
    let texts: Vec<&str> = records.iter().map(|r| r.record.as_str()).collect();
    sqlx::query!(
        "insert into game_archive (campaign_id, number, record) \
         select $1, n, r::jsonb from unnest($2::bigint[], $3::text[]) as a(n, r) \
         on conflict (campaign_id, number) do update \
         set record = excluded.record, archived_at = now()",
        campaign,
        &numbers[..],
        &texts[..] as &[&str],
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The archived records numbered below `before` (all when `None`), newest first, at most
/// `limit`, as JSON text with their numbers.
pub async fn archived<'e>(
    db: impl sqlx::PgExecutor<'e>,
    campaign: Uuid,
    before: Option<u32>,
    limit: u32,
) -> sqlx::Result<Vec<(i32, String)>> {
    sqlx::query!(
        r#"select number, record::text as "record!" from game_archive
         where campaign_id = $1 and ($2::int is null or number < $2)
         order by number desc limit $3"#,
        campaign,
        before.map(|n| i32::try_from(n).unwrap_or(i32::MAX)),
        i64::from(limit),
    )
    .map(|r| (r.number, r.record))
    .fetch_all(db)
    .await
}

/// The archived record numbered `number`, as JSON text, if the archive holds it.
pub async fn archived_record<'e>(
    db: impl sqlx::PgExecutor<'e>,
    campaign: Uuid,
    number: u32,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        r#"select record::text as "record!" from game_archive
         where campaign_id = $1 and number = $2::bigint"#,
        campaign,
        i64::from(number),
    )
    .fetch_optional(db)
    .await
}

/// Appends events, numbering them after the campaign's last one (the campaign row is locked),
/// in one statement however many there are: `seq` counts every event, and each side's own
/// number counts only the events it may read.
pub async fn append_events(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    events: &[NewEvent],
) -> sqlx::Result<()> {
    let writes = Writes::<()> {
        state: None,
        events,
        bumps: None,
        standing: None,
    };
    record(tx, campaign, writes).await.map(drop)
}

/// What a command writes to its game (see `record`).
pub struct Writes<'a, S> {
    /// The state document to store, if it is stored.
    pub state: Option<&'a S>,
    /// Events to append.
    pub events: &'a [NewEvent],
    /// How far the readers' versions move, if they move here.
    pub bumps: Option<crate::db::campaigns::VersionBumps>,
    /// Where the game now stands, if that changed.
    pub standing: Option<&'a crate::db::standing::Standing>,
}

/// A command's writes to its game in one statement (the campaign row is locked): stores the
/// state document, appends the events (numbered as `append_events` says), and moves the
/// campaign's readers' versions and its standing. Answers the state's new revision, if it was
/// stored, and the campaign's (umpire's) version after the writes, if the statement moved the
/// campaign row.
pub async fn record<S: Serialize>(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    writes: Writes<'_, S>,
) -> sqlx::Result<(Option<i64>, Option<i64>)> {
    let Writes {
        state,
        events,
        bumps,
        standing,
    } = writes;
    if events.is_empty() && bumps.is_none() && standing.is_none() {
        return match state {
            Some(state) => Ok((Some(save_state(tx, campaign, state).await?), None)),
            None => Ok((None, None)),
        };
    }
    // Each event's place after the campaign's counters: among all events, and among those each
    // side may read (none for an event it may not).
    let (mut soviet, mut finnish) = (0i64, 0i64);
    let places = |counter: &mut i64, seen: bool| {
        seen.then(|| {
            *counter += 1;
            *counter - 1
        })
    };
    let mut soviet_places = Vec::with_capacity(events.len());
    let mut finnish_places = Vec::with_capacity(events.len());
    for e in events {
        let public = e.audience == Audience::Public;
        soviet_places.push(places(
            &mut soviet,
            public || e.audience == Audience::Soviet,
        ));
        finnish_places.push(places(
            &mut finnish,
            public || e.audience == Audience::Finnish,
        ));
    }
    let (saved, revision) = if state.is_some() {
        (
            "saved as (insert into game_states (campaign_id, state) values ($1, $17::json) \
               on conflict (campaign_id) do update set state = excluded.state, updated_at = now() \
               returning revision), ",
            "(select revision from saved)",
        )
    } else {
        ("", "null::bigint")
    };
    // Whether the statement stores the state is chosen above; a query macro takes one literal
    // statement, and the events are bound as lists.
    let sql = format!(
        "with {saved}counters as ( \
           update campaigns set next_event = next_event + $2, \
             next_soviet_event = next_soviet_event + $3, next_finnish_event = next_finnish_event + $4, \
             version = version + $12, public_version = public_version + $13, \
             soviet_version = soviet_version + $14, finnish_version = finnish_version + $15, \
             standing = coalesce($16::jsonb, standing) \
           where id = $1 \
           returning next_event - $2 as seq, next_soviet_event - $3 as soviet, \
             next_finnish_event - $4 as finnish, version), \
         logged as (insert into game_events \
           (campaign_id, seq, soviet_seq, finnish_seq, audience, kind, moment, sentence, payload) \
         select $1, c.seq + e.place - 1, c.soviet + e.soviet, c.finnish + e.finnish, \
           e.audience, e.kind, e.moment, e.sentence, e.payload \
         from counters c, unnest($5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::text[], \
           $10::text[], $11::jsonb[]) with ordinality \
           as e(soviet, finnish, audience, kind, moment, sentence, payload, place)) \
         select {revision}, (select version from counters)"
    );
    let column = |f: fn(&NewEvent) -> &str| events.iter().map(f).collect::<Vec<_>>();
    let bumps = bumps.unwrap_or_default();
    let query = sqlx::query_as::<_, (Option<i64>, Option<i64>)>(&sql)
        .bind(campaign)
        .bind(events.len() as i64)
        .bind(soviet)
        .bind(finnish)
        .bind(soviet_places)
        .bind(finnish_places)
        .bind(column(|e| e.audience.code()))
        .bind(column(|e| e.kind.as_str()))
        .bind(column(|e| e.moment.as_str()))
        .bind(column(|e| e.sentence.as_str()))
        .bind(
            events
                .iter()
                .map(|e| sqlx::types::Json(&e.payload))
                .collect::<Vec<_>>(),
        )
        .bind(bumps.umpire)
        .bind(bumps.public)
        .bind(bumps.soviet)
        .bind(bumps.finnish)
        .bind(standing.map(sqlx::types::Json));
    let query = match state {
        Some(state) => query.bind(encode(state)?),
        None => query,
    };
    query.fetch_one(&mut **tx).await
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
    // The numbering column is chosen by `role`; a query macro takes one literal statement.
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

/// The first `limit` public log entries of kind `kind` (as a battle), in order, numbered as the
/// umpire numbers them.
pub async fn public_of_kind(
    db: &PgPool,
    campaign: Uuid,
    kind: &str,
    limit: i64,
) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as!(
        EventRow,
        r#"select seq, audience, kind, moment, sentence,
           payload as "payload: sqlx::types::Json<serde_json::Value>", created_at
         from game_events
         where campaign_id = $1 and kind = $2 and audience = 'public' order by seq limit $3"#,
        campaign,
        kind,
        limit,
    )
    .fetch_all(db)
    .await
}
