//! Campaigns, participants and invites.

use crate::core::domain::{CampaignStatus, Game, Role};
use crate::db::codes::in_row;
use crate::db::standing::Standing;
use crate::db::users::{Credential, User};
use sqlx::{FromRow, PgPool, Postgres, Transaction};
use time::OffsetDateTime;
use uuid::Uuid;

/// A campaign as stored.
#[derive(Clone, Debug, FromRow)]
pub struct CampaignRow {
    /// The campaign's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// The game's code, as stored: the server's registry reads it (`state::Games::stored`), and a
    /// code naming no game it plays fails there, naming the campaign.
    pub game: String,
    /// Open or finished (stored as its code; a code naming neither fails the read).
    pub status: CampaignStatus,
    /// When it was created.
    pub created_at: OffsetDateTime,
    /// Bumped by every committed command: the umpire's version.
    pub version: i64,
    /// Bumped by every change both sides may see.
    pub public_version: i64,
    /// Bumped by every change only the Soviet side (and the umpire) may see.
    pub soviet_version: i64,
    /// Bumped by every change only the Finnish side (and the umpire) may see.
    pub finnish_version: i64,
    /// The current dice epoch.
    pub dice_epoch: i32,
    /// The chain hash of the latest roll (or the chain start).
    pub chain_head: Vec<u8>,
    /// The next roll number.
    pub next_roll: i64,
    /// When the current orders are due, if the umpire set a deadline.
    pub orders_deadline: Option<OffsetDateTime>,
    /// Where the game stands (absent until its first command or the start-up backfill).
    pub standing: Option<sqlx::types::Json<Standing>>,
    /// How long each turn or Hour may take, in minutes; `None`: no automatic deadline.
    pub pace_minutes: Option<i32>,
    /// How long after a deadline the server waits before it acts, in minutes.
    pub grace_minutes: i32,
    /// When the umpire paused the campaign, if it is paused.
    pub paused_at: Option<OffsetDateTime>,
    /// One person plays against the server: the Soviet player holds the umpire's powers.
    pub solo: bool,
}

impl CampaignRow {
    /// The version `role` reads: it moves only when something that reader may see changed.
    pub fn version_for(&self, role: Role) -> i64 {
        match role {
            Role::Umpire => self.version,
            Role::Soviet => self.public_version + self.soviet_version,
            Role::Finnish => self.public_version + self.finnish_version,
        }
    }

    /// Whether the campaign has finished.
    pub fn is_finished(&self) -> bool {
        self.status == CampaignStatus::Finished
    }

    /// The deadline a new turn or Hour gets from the pace: `now` plus the pace, or none.
    /// A paused campaign's new deadline counts from the resumption (see `resume`).
    pub fn next_deadline(&self) -> Option<OffsetDateTime> {
        let pace = self.pace_minutes?;
        let from = self.paused_at.unwrap_or_else(OffsetDateTime::now_utc);
        Some(from + time::Duration::minutes(i64::from(pace)))
    }

    /// Where the game stands, if written.
    pub fn standing(&self) -> Option<&Standing> {
        self.standing.as_ref().map(|s| &s.0)
    }
}

/// A campaign with the caller's role in it.
#[derive(Clone, Debug)]
pub struct Membership {
    /// The campaign.
    pub campaign: CampaignRow,
    /// The caller's role.
    pub role: Role,
}

impl Membership {
    /// Whether the caller may do what an umpire does (invites, deadlines, the game's umpire
    /// steps): the umpire, and the Soviet player of a solo campaign, who plays against the
    /// server. What the caller sees is still their role's.
    pub fn umpire_powers(&self) -> bool {
        self.role == Role::Umpire || (self.campaign.solo && self.role == Role::Soviet)
    }
}

/// One participant of a campaign.
#[derive(Clone, Debug, FromRow)]
pub struct ParticipantRow {
    /// The user's id.
    pub user_id: Uuid,
    /// The user's name.
    pub username: String,
    /// The role (a stored code naming no role fails the read).
    pub role: Role,
    /// The participant's public client seed, if set.
    pub client_seed: Option<String>,
    /// Whether the umpire removed the participant (its client seed stays in the record).
    pub removed: bool,
}

impl ParticipantRow {
    /// The participant's role.
    pub fn role(&self) -> Role {
        self.role
    }
}

pub(crate) const CAMPAIGN_COLUMNS: &str = "c.id, c.name, c.game, c.status, c.created_at, c.version, c.public_version, c.soviet_version, c.finnish_version, c.dice_epoch, c.chain_head, c.next_roll, c.orders_deadline, c.standing, c.pace_minutes, c.grace_minutes, c.paused_at, c.solo";

/// Inserts a campaign inside `tx` with its creator as umpire, or, for a solo campaign, as the
/// Soviet player with the umpire's powers (see [`Membership::umpire_powers`]).
pub async fn insert(
    tx: &mut Transaction<'_, Postgres>,
    id: Uuid,
    name: &str,
    game: Game,
    creator: Uuid,
    chain_start: &[u8],
    solo: bool,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into campaigns (id, name, game, created_by, chain_head, solo) \
         values ($1, $2, $3, $4, $5, $6)",
        id,
        name,
        game.code(),
        creator,
        chain_start,
        solo,
    )
    .execute(&mut **tx)
    .await?;
    let role = if solo { Role::Soviet } else { Role::Umpire };
    sqlx::query!(
        "insert into participants (campaign_id, user_id, role) values ($1, $2, $3)",
        id,
        creator,
        role.code(),
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The campaigns `user` takes part in, newest first, with the user's role.
pub async fn for_user<'e>(
    db: impl sqlx::PgExecutor<'e>,
    user: Uuid,
) -> sqlx::Result<Vec<Membership>> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        campaign: CampaignRow,
        role: Role,
    }
    // The column list is shared by every read of a campaign row; a query macro takes one
    // literal statement.
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "select {CAMPAIGN_COLUMNS}, p.role from campaigns c join participants p on p.campaign_id = c.id \
         where p.user_id = $1 and p.removed_at is null order by c.created_at desc"
    ))
    .bind(user)
    .fetch_all(db)
    .await
    .map_err(in_row(format_args!("a campaign of user {user}")))?;
    Ok(rows
        .into_iter()
        .map(|r| Membership {
            role: r.role,
            campaign: r.campaign,
        })
        .collect())
}

/// How many open campaigns wait for `user` (their role is among those the standing awaits): one
/// query over the user's own participations (`participants_user`), whatever the history.
pub async fn waiting_for(db: &PgPool, user: Uuid) -> sqlx::Result<i64> {
    sqlx::query_scalar!(
        r#"select count(*) as "count!" from participants p
         join campaigns c on c.id = p.campaign_id
         where p.user_id = $1 and p.removed_at is null and c.status <> 'finished'
         and c.standing -> 'awaited' @> jsonb_build_array(jsonb_build_object('role', p.role))"#,
        user,
    )
    .fetch_one(db)
    .await
}

/// The campaign `id` with `user`'s role, or `None` when the user does not take part (or it does not exist).
pub async fn membership<'e, E>(
    db: E,
    id: Uuid,
    user: Uuid,
    lock: bool,
) -> sqlx::Result<Option<Membership>>
where
    E: sqlx::PgExecutor<'e>,
{
    let lock = if lock { " for update of c" } else { "" };
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        campaign: CampaignRow,
        role: Role,
    }
    // The column list is shared by every read of a campaign row, and the lock clause is chosen
    // by `lock`; a query macro takes one literal statement.
    let found: Option<Row> = sqlx::query_as(&format!(
        "select {CAMPAIGN_COLUMNS}, p.role from campaigns c join participants p on p.campaign_id = c.id \
         where c.id = $1 and p.user_id = $2 and p.removed_at is null{lock}"
    ))
    .bind(id)
    .bind(user)
    .fetch_optional(db)
    .await
    .map_err(in_row(format_args!("campaign {id}, user {user}")))?;
    Ok(found.map(|r| Membership {
        role: r.role,
        campaign: r.campaign,
    }))
}

/// In one statement, the user `credential` names, that user's membership of campaign `id` and,
/// when `waiting` is asked for (a page names it in its bar), how many open campaigns wait for
/// the user (as [`waiting_for`] counts them): `None` when the user or the membership is missing
/// (the caller then asks again to tell which). Records the credential's use at most once a
/// minute.
pub async fn access(
    db: &PgPool,
    credential: &Credential,
    id: Uuid,
    waiting: bool,
) -> sqlx::Result<Option<(User, Membership, Option<i64>)>> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        campaign: CampaignRow,
        role: Role,
        user_id: Uuid,
        username: String,
        time_zone: Option<String>,
        stale: bool,
        waiting: Option<i64>,
    }
    // The column list is shared by every read of a campaign row, and the credential's source by
    // its kind (a `match`); a query macro takes one literal statement. The count of waiting
    // campaigns is in the statement only when asked for: a statement of its own, so that the
    // one without it keeps its plain prepared plan (a `case` on a parameter made PostgreSQL
    // plan the statement afresh on every execution).
    let waiting = if waiting {
        "(select count(*) from participants w join campaigns wc on wc.id = w.campaign_id \
           where w.user_id = u.id and w.removed_at is null and wc.status <> 'finished' \
           and wc.standing -> 'awaited' @> jsonb_build_array(jsonb_build_object('role', w.role)))"
    } else {
        "null::bigint"
    };
    let sql = format!(
        "select {CAMPAIGN_COLUMNS}, p.role, u.id as user_id, u.username, u.time_zone, {stale}, \
           {waiting} as waiting \
         from campaigns c join participants p on p.campaign_id = c.id and p.removed_at is null, {source} \
         and p.user_id = u.id and c.id = $2",
        stale = credential.stale(),
        source = credential.source(),
    );
    let found: Option<Row> = credential
        .bind(sqlx::query_as(&sql))
        .bind(id)
        .fetch_optional(db)
        .await
        .map_err(in_row(format_args!("campaign {id}")))?;
    let Some(row) = found else {
        return Ok(None);
    };
    credential.seen(db, row.stale).await?;
    let user = User {
        id: row.user_id,
        username: row.username,
        time_zone: row.time_zone,
    };
    let membership = Membership {
        role: row.role,
        campaign: row.campaign,
    };
    Ok(Some((user, membership, row.waiting)))
}

/// Everyone who took part in a campaign, umpires first; removed participants are marked.
pub async fn participants(db: &PgPool, id: Uuid) -> sqlx::Result<Vec<ParticipantRow>> {
    sqlx::query_as!(
        ParticipantRow,
        r#"select p.user_id, u.username, p.role as "role: Role", p.client_seed,
           p.removed_at is not null as "removed!"
         from participants p join users u on u.id = p.user_id
         where p.campaign_id = $1
         order by case p.role when 'umpire' then 0 when 'soviet' then 1 else 2 end, u.username"#,
        id,
    )
    .fetch_all(db)
    .await
    .map_err(in_row(format_args!("a participant of campaign {id}")))
}

/// Adds `user` to a campaign with `role`; returns the role the user holds afterwards
/// (an existing role is kept: one role per user per campaign).
pub async fn join(db: &PgPool, campaign: Uuid, user: Uuid, role: Role) -> sqlx::Result<Role> {
    sqlx::query_scalar!(
        r#"insert into participants (campaign_id, user_id, role) values ($1, $2, $3)
         on conflict (campaign_id, user_id) do update set role = participants.role
         returning role as "role: Role""#,
        campaign,
        user,
        role.code(),
    )
    .fetch_one(db)
    .await
    .map_err(in_row(format_args!("campaign {campaign}, user {user}")))
}

/// Marks a campaign finished inside `tx`: a change every reader sees, so every reader's version
/// moves; the caller notes it for every live stream after the commit.
pub async fn finish(tx: &mut Transaction<'_, Postgres>, id: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update campaigns set status = 'finished', finished_at = now(), version = version + 1, \
         public_version = public_version + 1 where id = $1",
        id,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The campaign `id` as stored, read without a lock.
pub async fn lock_free(db: &PgPool, id: Uuid) -> sqlx::Result<Option<CampaignRow>> {
    // The column list is shared by every read of a campaign row; a query macro takes one
    // literal statement.
    sqlx::query_as(&format!(
        "select {CAMPAIGN_COLUMNS} from campaigns c where c.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
    .map_err(in_row(format_args!("campaign {id}")))
}

/// The campaign `id` locked for a command the server itself runs (no participant).
pub async fn lock<'e, E>(db: E, id: Uuid) -> sqlx::Result<Option<CampaignRow>>
where
    E: sqlx::PgExecutor<'e>,
{
    // The column list is shared by every read of a campaign row; a query macro takes one
    // literal statement.
    sqlx::query_as(&format!(
        "select {CAMPAIGN_COLUMNS} from campaigns c where c.id = $1 for update"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
    .map_err(in_row(format_args!("campaign {id}")))
}

/// Sets or clears the deadline of the current orders.
pub async fn set_deadline<'e, E>(db: E, id: Uuid, at: Option<OffsetDateTime>) -> sqlx::Result<()>
where
    E: sqlx::PgExecutor<'e>,
{
    sqlx::query!(
        "update campaigns set orders_deadline = $2, deadline_set_at = now(), \
         deadline_warned = false where id = $1",
        id,
        at,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Sets the pace, grace and current deadline of a campaign.
pub async fn set_pace<'e, E>(
    db: E,
    id: Uuid,
    pace_minutes: Option<i32>,
    grace_minutes: i32,
    deadline: Option<OffsetDateTime>,
) -> sqlx::Result<()>
where
    E: sqlx::PgExecutor<'e>,
{
    sqlx::query!(
        "update campaigns set pace_minutes = $2, grace_minutes = $3, \
         deadline_set_at = case when orders_deadline is distinct from $4 then now() else deadline_set_at end, \
         deadline_warned = deadline_warned and orders_deadline is not distinct from $4, \
         orders_deadline = $4 where id = $1",
        id,
        pace_minutes,
        grace_minutes,
        deadline,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Pauses a campaign: its clock stands still.
pub async fn pause<'e, E>(db: E, id: Uuid) -> sqlx::Result<()>
where
    E: sqlx::PgExecutor<'e>,
{
    sqlx::query!("update campaigns set paused_at = now() where id = $1", id)
        .execute(db)
        .await?;
    Ok(())
}

/// Resumes a paused campaign: its deadline moves on by as long as the pause lasted.
pub async fn resume<'e, E>(db: E, id: Uuid) -> sqlx::Result<()>
where
    E: sqlx::PgExecutor<'e>,
{
    sqlx::query!(
        "update campaigns set orders_deadline = orders_deadline + (now() - paused_at), \
         deadline_set_at = deadline_set_at + (now() - paused_at), paused_at = null where id = $1",
        id,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A passed orders deadline as the deadline watcher saw it: the command that acts on it claims
/// it under the campaign's lock only if the campaign still has that deadline, passed with its
/// grace, not paused, and open (`db::locked::Runner::Deadline`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastDeadline {
    /// The campaign.
    pub id: Uuid,
    /// Its game's code, as stored.
    pub game: String,
    /// The deadline that passed.
    pub deadline: OffsetDateTime,
}

/// Open campaigns, not paused, whose orders deadline and grace period have passed, with their
/// game and that deadline.
pub async fn past_deadlines(db: &PgPool) -> sqlx::Result<Vec<PastDeadline>> {
    let rows = sqlx::query!(
        r#"select id, game, orders_deadline as "orders_deadline!" from campaigns
         where orders_deadline is not null
         and orders_deadline + grace_minutes * interval '1 minute' <= now()
         and paused_at is null and status = 'open'"#,
    )
    .map(|r| PastDeadline {
        id: r.id,
        game: r.game,
        deadline: r.orders_deadline,
    })
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// Drops the passed deadline `seen` of a campaign whose game this server does not play, unless
/// the campaign's deadline has changed since it was seen.
pub async fn drop_unplayed_deadline(db: &PgPool, seen: &PastDeadline) -> sqlx::Result<()> {
    sqlx::query!(
        "update campaigns set orders_deadline = null, deadline_set_at = now(), \
         deadline_warned = false where id = $1 and orders_deadline = $2",
        seen.id,
        seen.deadline,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// How much a command raises each reader's version: the umpire's `version` and the public and
/// side counters a side adds up (see `CampaignRow::version_for`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VersionBumps {
    /// The umpire's version.
    pub umpire: i64,
    /// What both sides see.
    pub public: i64,
    /// What the Soviet side alone sees.
    pub soviet: i64,
    /// What the Finnish side alone sees.
    pub finnish: i64,
}
