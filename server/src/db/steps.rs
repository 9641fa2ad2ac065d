//! The steps of a campaign's story (`game_steps`): the game's state as each Hour, turn or phase
//! began, and how far each reader's log had come then. Replay reads one step at a time; nothing
//! here reads a campaign's whole history at once.

use crate::core::domain::Role;
use sqlx::{PgPool, Postgres, Transaction};
use time::OffsetDateTime;
use uuid::Uuid;

/// A step as a list shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Step {
    /// Its number, from 0 (the start).
    pub n: i32,
    /// The turn or Hour as players name it.
    pub turn: String,
    /// The phase, if the game has phases.
    pub phase: Option<String>,
    /// The umpire's log numbers below this had been written.
    pub events_upto: i64,
    /// The Soviet side's.
    pub soviet_upto: i64,
    /// The Finnish side's.
    pub finnish_upto: i64,
    /// When the step began.
    pub created_at: OffsetDateTime,
}

impl Step {
    /// The log `role` had read when the step began: its events numbered below this.
    pub fn log_upto(&self, role: Role) -> i64 {
        match role {
            Role::Umpire => self.events_upto,
            Role::Soviet => self.soviet_upto,
            Role::Finnish => self.finnish_upto,
        }
    }
}

/// Records that campaign `campaign`'s game has reached a new step, `turn` and `phase`: its
/// state as now stored and its log counters as they now stand. Called in the transaction that
/// wrote them, after the writes.
pub async fn mark(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    turn: &str,
    phase: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into game_steps \
           (campaign_id, n, turn, phase, events_upto, soviet_upto, finnish_upto, state) \
         select c.id, \
           coalesce((select max(n) + 1 from game_steps where campaign_id = c.id), 0), \
           $2, $3, c.next_event, c.next_soviet_event, c.next_finnish_event, s.state \
         from campaigns c join game_states s on s.campaign_id = c.id where c.id = $1",
    )
    .bind(campaign)
    .bind(turn)
    .bind(phase)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// How many steps campaign `campaign` has.
pub async fn count(db: &PgPool, campaign: Uuid) -> sqlx::Result<i32> {
    let (n,): (Option<i32>,) =
        sqlx::query_as("select max(n) + 1 from game_steps where campaign_id = $1")
            .bind(campaign)
            .fetch_one(db)
            .await?;
    Ok(n.unwrap_or(0))
}

/// Up to `limit` steps numbered from `from` on, in order.
pub async fn list(db: &PgPool, campaign: Uuid, from: i32, limit: i64) -> sqlx::Result<Vec<Step>> {
    sqlx::query_as(
        "select n, turn, phase, events_upto, soviet_upto, finnish_upto, created_at \
         from game_steps where campaign_id = $1 and n >= $2 order by n limit $3",
    )
    .bind(campaign)
    .bind(from)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Step `n` of campaign `campaign` with its state document, if there is one.
pub async fn one(
    db: &PgPool,
    campaign: Uuid,
    n: i32,
) -> sqlx::Result<Option<(Step, serde_json::Value)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        step: Step,
        state: sqlx::types::Json<serde_json::Value>,
    }
    let row: Option<Row> = sqlx::query_as(
        "select n, turn, phase, events_upto, soviet_upto, finnish_upto, created_at, state \
         from game_steps where campaign_id = $1 and n = $2",
    )
    .bind(campaign)
    .bind(n)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.step, r.state.0)))
}

/// For each of the umpire's log entries `seqs` (in one statement, in their order), the first
/// step begun after it was written (the step that shows what it did), if the story has gone on
/// since.
pub async fn first_after_each(
    db: &PgPool,
    campaign: Uuid,
    seqs: &[i64],
) -> sqlx::Result<Vec<Option<i32>>> {
    let rows: Vec<(Option<i32>,)> = sqlx::query_as(
        "select (select min(n) from game_steps where campaign_id = $1 and events_upto > s.seq) \
         from unnest($2::bigint[]) with ordinality as s(seq, i) order by s.i",
    )
    .bind(campaign)
    .bind(seqs)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(n,)| n).collect())
}

/// The state documents of the steps numbered `every`-th from 0 (and the last, `last`), in
/// order: at most `last / every + 2` of them.
pub async fn states_every(
    db: &PgPool,
    campaign: Uuid,
    every: i32,
    last: i32,
) -> sqlx::Result<Vec<(i32, serde_json::Value)>> {
    let rows: Vec<(i32, sqlx::types::Json<serde_json::Value>)> = sqlx::query_as(
        "select n, state from game_steps where campaign_id = $1 and (n % $2 = 0 or n = $3) \
         order by n",
    )
    .bind(campaign)
    .bind(every.max(1))
    .bind(last)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(n, s)| (n, s.0)).collect())
}
