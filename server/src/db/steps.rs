//! The steps of a campaign's story (`game_steps`): the game's state as each Hour, turn or phase
//! began, and just after each battle's result was recorded, with how far each reader's log had
//! come then. Replay reads one step at a time; nothing here reads a campaign's whole history at
//! once.

use crate::core::domain::{Role, StepKind};
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
    /// A new turn (or the start), or just after a battle.
    pub kind: StepKind,
    /// A battle step's words ("After battle 2 at C Kelja"); none for a turn.
    pub label: Option<String>,
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

/// A step a command has reached, to be kept (`mark`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewStep {
    /// A new turn, or just after a battle.
    pub kind: StepKind,
    /// The turn or Hour as players name it.
    pub turn: String,
    /// The phase, if the game has phases.
    pub phase: Option<String>,
    /// A battle step's words, which every reader of the step list may read.
    pub label: Option<String>,
}

/// Records that campaign `campaign`'s game has reached a new step: its state as now stored and
/// its log counters as they now stand. Called in the transaction that wrote them, after the
/// writes.
pub async fn mark(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    step: &NewStep,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into game_steps (campaign_id, n, turn, phase, kind, label, events_upto, \
           soviet_upto, finnish_upto, state) \
         select c.id, \
           coalesce((select max(n) + 1 from game_steps where campaign_id = c.id), 0), \
           $2, $3, $4, $5, c.next_event, c.next_soviet_event, c.next_finnish_event, s.state \
         from campaigns c join game_states s on s.campaign_id = c.id where c.id = $1",
        campaign,
        &step.turn,
        step.phase.as_deref(),
        step.kind.code(),
        step.label.as_deref(),
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// How many steps campaign `campaign` has.
pub async fn count(db: &PgPool, campaign: Uuid) -> sqlx::Result<i32> {
    let n = sqlx::query_scalar!(
        r#"select max(n) + 1 as "n" from game_steps where campaign_id = $1"#,
        campaign
    )
    .fetch_one(db)
    .await?;
    Ok(n.unwrap_or(0))
}

/// Up to `limit` steps numbered from `from` on, in order; only those of kind `kind` if given.
pub async fn list(
    db: &PgPool,
    campaign: Uuid,
    from: i32,
    kind: Option<StepKind>,
    limit: i64,
) -> sqlx::Result<Vec<Step>> {
    sqlx::query_as!(
        Step,
        r#"select n, turn, phase, kind as "kind: StepKind", label, events_upto, soviet_upto,
           finnish_upto, created_at
         from game_steps where campaign_id = $1 and n >= $2 and ($3::text is null or kind = $3)
         order by n limit $4"#,
        campaign,
        from,
        kind.map(StepKind::code),
        limit,
    )
    .fetch_all(db)
    .await
}

/// A battle step as replay's list of battles names it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct BattleStep {
    /// The step's number.
    pub n: i32,
    /// The turn or Hour it was in.
    pub turn: String,
    /// Its words.
    pub label: Option<String>,
}

/// A step with what replay shows around it: how many steps there are, the battle steps before
/// and after it, and up to `BATTLES_AROUND` battle steps on either side of it.
pub struct Around {
    /// The step.
    pub step: Step,
    /// Its state document.
    pub state: serde_json::Value,
    /// How many steps the story has.
    pub count: i32,
    /// The nearest battle step before it, if any.
    pub previous_battle: Option<i32>,
    /// The nearest battle step after it, if any.
    pub next_battle: Option<i32>,
    /// The battle steps nearest it, in order (the step itself among them if it is one).
    pub battles: Vec<BattleStep>,
}

/// How many battle steps `around` lists on either side of its step.
pub const BATTLES_AROUND: i64 = 50;

/// Step `n` of campaign `campaign` (the newest when `n` is `None`; a number past either end
/// reads the step at that end) with what replay shows around it, in one statement; `None` when
/// the story has no step yet.
pub async fn around(db: &PgPool, campaign: Uuid, n: Option<i32>) -> sqlx::Result<Option<Around>> {
    let row = sqlx::query!(
        r#"with last as (select max(n) as n from game_steps where campaign_id = $1),
         at as (select least(greatest(coalesce($2, last.n), 0), last.n) as n from last)
         select s.n, s.turn, s.phase, s.kind as "kind: StepKind", s.label, s.events_upto,
           s.soviet_upto, s.finnish_upto, s.created_at,
           s.state as "state: sqlx::types::Json<serde_json::Value>", last.n + 1 as "count!",
           (select max(b.n) from game_steps b
              where b.campaign_id = $1 and b.kind = 'battle' and b.n < at.n) as previous_battle,
           (select min(b.n) from game_steps b
              where b.campaign_id = $1 and b.kind = 'battle' and b.n > at.n) as next_battle,
           (select json_agg(json_build_object('n', b.n, 'turn', b.turn, 'label', b.label)
                   order by b.n)
              from ((select n, turn, label from game_steps
                      where campaign_id = $1 and kind = 'battle' and n < at.n
                      order by n desc limit $3)
                    union all
                    (select n, turn, label from game_steps
                      where campaign_id = $1 and kind = 'battle' and n >= at.n
                      order by n limit $3)) b)
             as "battles: sqlx::types::Json<Vec<BattleStep>>"
         from last, at join game_steps s on s.campaign_id = $1 and s.n = at.n"#,
        campaign,
        n,
        BATTLES_AROUND,
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| Around {
        step: Step {
            n: r.n,
            turn: r.turn,
            phase: r.phase,
            kind: r.kind,
            label: r.label,
            events_upto: r.events_upto,
            soviet_upto: r.soviet_upto,
            finnish_upto: r.finnish_upto,
            created_at: r.created_at,
        },
        state: r.state.0,
        count: r.count,
        previous_battle: r.previous_battle,
        next_battle: r.next_battle,
        battles: r.battles.map(|b| b.0).unwrap_or_default(),
    }))
}

/// Step `n` of campaign `campaign` with its state document, if there is one.
pub async fn one(
    db: &PgPool,
    campaign: Uuid,
    n: i32,
) -> sqlx::Result<Option<(Step, serde_json::Value)>> {
    let row = sqlx::query!(
        r#"select n, turn, phase, kind as "kind: StepKind", label, events_upto, soviet_upto,
           finnish_upto, created_at, state as "state: sqlx::types::Json<serde_json::Value>"
         from game_steps where campaign_id = $1 and n = $2"#,
        campaign,
        n,
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| {
        let step = Step {
            n: r.n,
            turn: r.turn,
            phase: r.phase,
            kind: r.kind,
            label: r.label,
            events_upto: r.events_upto,
            soviet_upto: r.soviet_upto,
            finnish_upto: r.finnish_upto,
            created_at: r.created_at,
        };
        (step, r.state.0)
    }))
}

/// For each of the umpire's log entries `seqs` (in one statement, in their order), the first
/// step begun after it was written (the step that shows what it did), if the story has gone on
/// since.
pub async fn first_after_each(
    db: &PgPool,
    campaign: Uuid,
    seqs: &[i64],
) -> sqlx::Result<Vec<Option<i32>>> {
    sqlx::query_scalar!(
        r#"select (select min(n) from game_steps where campaign_id = $1 and events_upto > s.seq)
           as "n"
         from unnest($2::bigint[]) with ordinality as s(seq, i) order by s.i"#,
        campaign,
        seqs,
    )
    .fetch_all(db)
    .await
}

/// The state documents of the steps numbered `every`-th from 0 (and the last, `last`), in
/// order: at most `last / every + 2` of them.
pub async fn states_every(
    db: &PgPool,
    campaign: Uuid,
    every: i32,
    last: i32,
) -> sqlx::Result<Vec<(i32, serde_json::Value)>> {
    sqlx::query!(
        r#"select n, state as "state: sqlx::types::Json<serde_json::Value>" from game_steps
         where campaign_id = $1 and (n % $2 = 0 or n = $3) order by n"#,
        campaign,
        every.max(1),
        last,
    )
    .map(|r| (r.n, r.state.0))
    .fetch_all(db)
    .await
}
