//! The hero roster of the whole server, each hero's one service in the war, and his record.

use crate::core::domain::Side;
use crate::games::wons::rules::heroes::{Grade, Hero, HeroStatus};
use sqlx::{FromRow, PgExecutor, PgPool, Postgres, Transaction};
use uuid::Uuid;

/// Loads `heroes` into the roster, adding new ones and updating changed ones; safe to run at
/// every start-up and from several processes at once.
pub async fn seed_roster(pool: &PgPool, heroes: &[Hero]) -> sqlx::Result<()> {
    for h in heroes {
        sqlx::query!(
            "insert into heroes (id, side, name, rank, grade, leader, abilities, flags, cost, historical)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             on conflict (id) do update set side = excluded.side, name = excluded.name,
                 rank = excluded.rank, grade = excluded.grade, leader = excluded.leader,
                 abilities = excluded.abilities, flags = excluded.flags, cost = excluded.cost,
                 historical = excluded.historical",
            &h.id,
            h.side.code(),
            &h.name,
            &h.rank,
            grade_code(h.grade),
            h.leader,
            &h.abilities,
            &h.flags[..],
            i32::try_from(h.cost).unwrap_or(i32::MAX),
            h.historical,
        )
        .execute(pool)
        .await?;
    }
    Ok(())
}

fn grade_code(g: Grade) -> &'static str {
    match g {
        Grade::Ranker => "ranker",
        Grade::JuniorLeader => "junior_leader",
        Grade::SeniorLeader => "senior_leader",
    }
}

/// A value stored in hero `hero`'s row, read as `T`; an error naming the hero, the column and
/// the value when it names nothing motti knows (never a default).
fn stored<T>(hero: &str, column: &str, value: &str, read: Option<T>) -> sqlx::Result<T> {
    read.ok_or_else(|| {
        sqlx::Error::Decode(
            format!("hero {hero}: the stored {column} '{value}' names nothing motti knows").into(),
        )
    })
}

fn side_of(hero: &str, code: &str) -> sqlx::Result<Side> {
    let side = [Side::Soviet, Side::Finnish]
        .into_iter()
        .find(|s| s.code() == code);
    stored(hero, "side", code, side)
}

fn grade_of(hero: &str, code: &str) -> sqlx::Result<Grade> {
    let grade = [Grade::Ranker, Grade::JuniorLeader, Grade::SeniorLeader]
        .into_iter()
        .find(|g| grade_code(*g) == code);
    stored(hero, "grade", code, grade)
}

fn count_of(hero: &str, column: &str, n: i32) -> sqlx::Result<u32> {
    stored(hero, column, &n.to_string(), u32::try_from(n).ok())
}

#[derive(FromRow)]
struct HeroRow {
    id: String,
    side: String,
    name: String,
    rank: String,
    grade: String,
    leader: bool,
    abilities: String,
    flags: Vec<String>,
    cost: i32,
    historical: bool,
}

impl TryFrom<HeroRow> for Hero {
    type Error = sqlx::Error;
    fn try_from(r: HeroRow) -> sqlx::Result<Hero> {
        Ok(Hero {
            side: side_of(&r.id, &r.side)?,
            grade: grade_of(&r.id, &r.grade)?,
            cost: count_of(&r.id, "cost", r.cost)?,
            id: r.id,
            name: r.name,
            rank: r.rank,
            leader: r.leader,
            abilities: r.abilities,
            flags: r.flags,
            historical: r.historical,
        })
    }
}

const HERO_COLUMNS: &str =
    "h.id, h.side, h.name, h.rank, h.grade, h.leader, h.abilities, h.flags, h.cost, h.historical";

/// One hero of the roster and, if he has been obtained, the campaign that has him.
#[derive(Clone, Debug)]
pub struct RosterEntry {
    /// The hero.
    pub hero: Hero,
    /// The campaign that obtained him (it holds him, or lost him), if any.
    pub taken_by: Option<(Uuid, String)>,
}

#[derive(FromRow)]
struct RosterRow {
    #[sqlx(flatten)]
    hero: HeroRow,
    campaign_id: Option<Uuid>,
    campaign_name: Option<String>,
}

/// The whole roster, Finns first, then by name.
pub async fn roster(pool: &PgPool) -> sqlx::Result<Vec<RosterEntry>> {
    // The column list is shared by every read of a hero; a query macro takes one literal
    // statement.
    let rows: Vec<RosterRow> = sqlx::query_as(&format!(
        "select {HERO_COLUMNS}, c.id as campaign_id, c.name as campaign_name
         from heroes h left join hero_service s on s.hero_id = h.id
         left join campaigns c on c.id = s.campaign_id
         order by h.side, h.name"
    ))
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|r| {
            Ok(RosterEntry {
                hero: r.hero.try_into()?,
                taken_by: r.campaign_id.zip(r.campaign_name),
            })
        })
        .collect()
}

/// One hero of the roster.
pub async fn hero(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<Hero>> {
    // The column list is shared by every read of a hero; a query macro takes one literal
    // statement.
    let row: Option<HeroRow> = sqlx::query_as(&format!(
        "select {HERO_COLUMNS} from heroes h where h.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await?;
    row.map(Hero::try_from).transpose()
}

/// The campaign that obtained hero `id`, if any: its id and name.
pub async fn holder(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<(Uuid, String)>> {
    sqlx::query!(
        "select c.id, c.name from hero_service s join campaigns c on c.id = s.campaign_id
         where s.hero_id = $1",
        id,
    )
    .map(|r| (r.id, r.name))
    .fetch_optional(db)
    .await
}

/// A hero's service in one campaign.
#[derive(Clone, Debug)]
pub struct Service {
    /// The hero.
    pub hero: Hero,
    /// The campaign.
    pub campaign_id: Uuid,
    /// His platoon.
    pub platoon_id: String,
    /// The element he joined.
    pub element: String,
    /// The role of the man he replaced.
    pub replaced_role: String,
    /// The Hour he was obtained.
    pub obtained_hour: u32,
    /// Serving, captured or killed.
    pub status: HeroStatus,
}

#[derive(FromRow)]
struct ServiceRow {
    #[sqlx(flatten)]
    hero: HeroRow,
    campaign_id: Uuid,
    platoon_id: String,
    element: String,
    replaced_role: String,
    obtained_hour: i32,
    status: String,
}

impl TryFrom<ServiceRow> for Service {
    type Error = sqlx::Error;
    fn try_from(r: ServiceRow) -> sqlx::Result<Service> {
        let id = &r.hero.id;
        Ok(Service {
            obtained_hour: count_of(id, "obtained hour", r.obtained_hour)?,
            status: stored(id, "status", &r.status, HeroStatus::from_code(&r.status))?,
            hero: r.hero.try_into()?,
            campaign_id: r.campaign_id,
            platoon_id: r.platoon_id,
            element: r.element,
            replaced_role: r.replaced_role,
        })
    }
}

/// A read of heroes' services: the hero's columns are shared by every read of a hero, and
/// `filter` is a `where` clause written in the code; a query macro takes one literal statement.
fn service_query(filter: &str) -> String {
    format!(
        "select {HERO_COLUMNS}, s.campaign_id, s.platoon_id, s.element, s.replaced_role,
             s.obtained_hour, s.status
         from hero_service s join heroes h on h.id = s.hero_id where {filter}"
    )
}

/// The heroes obtained in campaign `campaign`, by name.
pub async fn services(db: impl PgExecutor<'_>, campaign: Uuid) -> sqlx::Result<Vec<Service>> {
    let rows: Vec<ServiceRow> =
        sqlx::query_as(&service_query("s.campaign_id = $1 order by h.name"))
            .bind(campaign)
            .fetch_all(db)
            .await?;
    rows.into_iter().map(Service::try_from).collect()
}

/// Hero `hero`'s service in campaign `campaign`, locked for this transaction.
pub async fn service_for_update(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    hero: &str,
) -> sqlx::Result<Option<Service>> {
    let row: Option<ServiceRow> = sqlx::query_as(&service_query(
        "s.campaign_id = $1 and s.hero_id = $2 for update of s",
    ))
    .bind(campaign)
    .bind(hero)
    .fetch_optional(&mut **tx)
    .await?;
    row.map(Service::try_from).transpose()
}

/// Records that campaign `campaign` obtained `hero`; `false` when another campaign already has
/// him. A concurrent attempt waits for the first to commit and then gets `false`.
pub async fn insert_service(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    hero: &Hero,
    platoon: &str,
    element: &str,
    replaced_role: &str,
    hour: u32,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "insert into hero_service (hero_id, campaign_id, side, platoon_id, element, replaced_role, obtained_hour)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (hero_id) do nothing",
        &hero.id,
        campaign,
        hero.side.code(),
        platoon,
        element,
        replaced_role,
        i32::try_from(hour).unwrap_or(i32::MAX),
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets a hero's status.
pub async fn set_status(
    tx: &mut Transaction<'_, Postgres>,
    hero: &str,
    status: HeroStatus,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update hero_service set status = $2 where hero_id = $1",
        hero,
        status.code(),
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One line of a hero's service record.
#[derive(Clone, Debug, FromRow, serde::Serialize, utoipa::ToSchema)]
pub struct RecordEntry {
    /// The hero.
    pub hero_id: String,
    /// Its place in his record, from 1.
    pub seq: i32,
    /// The campaign Hour.
    pub hour: i32,
    /// The battle, if it happened in one.
    pub battle: Option<i32>,
    /// `obtained`, `wounded`, `killed`, `captured`, `evaded_capture`, `escaped`, `escape_failed`.
    pub kind: String,
    /// The die rolled, if one was.
    pub die: Option<i32>,
    /// The campaign roll number of that die, to find it in the dice log.
    pub roll_k: Option<i64>,
    /// What happened.
    pub sentence: String,
}

/// Appends one line to hero `entry.hero_id`'s record (`seq` is given the next number).
pub async fn append_record(
    tx: &mut Transaction<'_, Postgres>,
    entry: &RecordEntry,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into hero_record (hero_id, seq, hour, battle, kind, die, roll_k, sentence)
         select $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, $6, $7
         from hero_record where hero_id = $1",
        &entry.hero_id,
        entry.hour,
        entry.battle,
        &entry.kind,
        entry.die,
        entry.roll_k,
        &entry.sentence,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The records of every hero obtained in campaign `campaign`, oldest first.
pub async fn records(db: impl PgExecutor<'_>, campaign: Uuid) -> sqlx::Result<Vec<RecordEntry>> {
    sqlx::query_as!(
        RecordEntry,
        "select r.hero_id, r.seq, r.hour, r.battle, r.kind, r.die, r.roll_k, r.sentence
         from hero_record r join hero_service s on s.hero_id = r.hero_id
         where s.campaign_id = $1 order by r.hero_id, r.seq",
        campaign,
    )
    .fetch_all(db)
    .await
}

/// Loads motti's default roster (scenarios/wons-heroes.toml) at start-up.
pub async fn seed_default_roster(pool: &PgPool) -> anyhow::Result<()> {
    let heroes = crate::games::wons::rules::heroes::parse_roster(
        crate::games::wons::rules::heroes::DEFAULT_ROSTER,
    )
    .map_err(|e| anyhow::anyhow!("scenarios/wons-heroes.toml cannot be read: {e}"))?;
    seed_roster(pool, &heroes).await?;
    Ok(())
}
