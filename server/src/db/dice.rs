//! Dice storage: the current epoch, client seeds, entropy sets, rolls and face counts (epochs
//! and their seeds are in `dice_epochs`).

use crate::core::domain::Role;
use sqlx::{FromRow, PgExecutor, Postgres, Transaction};
use uuid::Uuid;

/// Sets the current epoch of a campaign.
pub async fn set_current_epoch(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update campaigns set dice_epoch = $2, version = version + 1 where id = $1",
        campaign,
        epoch,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Sets (or clears, with `None`) a participant's public client seed.
pub async fn set_client_seed<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    user: Uuid,
    seed: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update participants set client_seed = $3 where campaign_id = $1 and user_id = $2",
        campaign,
        user,
        seed,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A client seed in effect: who set it and what it is.
#[derive(Clone, Debug, FromRow)]
pub struct ClientSeedRow {
    /// The participant's role (a stored code naming no role fails the read).
    pub role: Role,
    /// The participant's user id.
    pub user_id: Uuid,
    /// The seed text.
    pub seed: String,
}

/// The columns that read a campaign's dice material, for a statement in which the SQL
/// expressions `campaign` and `epoch` name the campaign and its dice epoch: the epoch's seeds
/// (audience and seed, by audience byte) and the client seeds in effect (by role and user).
/// `MaterialRow` reads them. Both expressions are placeholders or columns written in the code,
/// never values.
pub(crate) fn material_columns(campaign: &'static str, epoch: &'static str) -> String {
    let seeds = format!(
        "from dice_seeds where campaign_id = {campaign} and epoch = {epoch} \
         order by array_position(array['public', 'soviet', 'finnish', 'umpire'], audience)"
    );
    let clients = format!(
        "from participants where campaign_id = {campaign} and client_seed is not null \
         order by role, user_id"
    );
    format!(
        "array(select audience {seeds}) as audiences, array(select seed {seeds}) as seeds, \
         array(select role {clients}) as roles, array(select user_id {clients}) as users, \
         array(select client_seed {clients}) as texts"
    )
}

/// A campaign's dice material as `material_columns` reads it.
#[derive(sqlx::FromRow)]
pub(crate) struct MaterialRow {
    audiences: Vec<String>,
    seeds: Vec<Vec<u8>>,
    roles: Vec<Role>,
    users: Vec<Uuid>,
    texts: Vec<String>,
}

/// The seeds of an epoch (audience and seed, by audience byte) and the client seeds in effect.
pub type Material = (Vec<(String, Vec<u8>)>, Vec<ClientSeedRow>);

impl MaterialRow {
    /// The epoch's seeds and the client seeds.
    pub(crate) fn split(self) -> Material {
        let clients = self
            .roles
            .into_iter()
            .zip(self.users)
            .zip(self.texts)
            .map(|((role, user_id), seed)| ClientSeedRow {
                role,
                user_id,
                seed,
            })
            .collect();
        (
            self.audiences.into_iter().zip(self.seeds).collect(),
            clients,
        )
    }
}

/// What rolls are made from, read in one statement: the seeds of campaign `campaign`'s dice
/// epoch `epoch` and the client seeds in effect.
pub async fn material<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    epoch: i32,
) -> sqlx::Result<Material> {
    // The columns are shared with the locked read of a command (`db::locked`); a query macro
    // takes one literal statement.
    let row: MaterialRow = sqlx::query_as(&format!("select {}", material_columns("$1", "$2")))
        .bind(campaign)
        .bind(epoch)
        .fetch_one(db)
        .await
        .map_err(super::codes::in_row(format_args!(
            "a client seed of campaign {campaign}"
        )))?;
    Ok(row.split())
}

/// Every entropy set a campaign's rolls used.
pub async fn entropy_sets<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<Vec<String>>> {
    let rows = sqlx::query_scalar!(
        r#"select lines as "lines: sqlx::types::Json<Vec<String>>" from entropy_sets
         where campaign_id = $1 order by entropy"#,
        campaign,
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// One stored roll.
#[derive(Clone, Debug, FromRow)]
pub struct RollRow {
    /// Roll number.
    pub k: i64,
    /// Dice epoch.
    pub epoch: i32,
    /// `public`, `soviet`, `finnish` or `umpire`.
    pub audience: String,
    /// The entropy `E` used.
    pub entropy: Vec<u8>,
    /// `[[m, face], …]` in draw order.
    pub draws: sqlx::types::Json<Vec<(u32, u32)>>,
    /// `D_k` of a v2 roll; `None` for a v1 roll.
    pub digest: Option<Vec<u8>>,
    /// The chain hash.
    pub chain: Vec<u8>,
    /// The dice as an expression.
    pub expression: String,
    /// Why it was rolled.
    pub purpose: String,
    /// `public`, `side` or `umpire`.
    pub visibility: String,
    /// Who rolled: `soviet`, `finnish` or `umpire`.
    pub roller_role: String,
    /// The procedure run, if any.
    pub procedure: Option<String>,
    /// The structured result, as stored: parsed only where a reader may see it.
    pub result: sqlx::types::Json<Box<serde_json::value::RawValue>>,
    /// The procedure's sentence, if any.
    pub summary: Option<String>,
    /// The total, where one makes sense.
    pub total: Option<i64>,
    /// When it was rolled.
    pub created_at: time::OffsetDateTime,
}

/// The entropy set the rolls of a command used: its hash and its lines.
pub struct EntropyLines<'a> {
    /// The set's hash, which each roll names.
    pub hash: &'a [u8],
    /// Its lines, for the export.
    pub lines: &'a [String],
}

/// One campaign's rolls to write: the rolls, who asked for them and with which procedure,
/// the entropy set they used, and how far each reader's version moves.
pub struct CampaignRolls<'a> {
    /// The campaign.
    pub campaign: Uuid,
    /// The rolls as the dice made them, in order.
    pub rolls: &'a [crate::dice::live::RolledRoll],
    /// The user who asked for them, if a person did.
    pub roller_id: Option<Uuid>,
    /// The procedure's name, if one ran.
    pub procedure: Option<&'a str>,
    /// Their entropy set.
    pub entropy: EntropyLines<'a>,
    /// How far the readers' versions move.
    pub bumps: super::campaigns::VersionBumps,
}

impl ClientSeedRow {
    /// The seed as one line (role, user, seed), as `append_unlocked` compares a roll's client
    /// seeds with those in effect when it is written.
    pub fn line(&self) -> String {
        format!("{} {} {}", self.role, self.user_id, self.seed)
    }
}

/// What rolls made without the campaign's lock assumed, read before rolling: the campaign's
/// next roll number, its dice epoch and the client seeds in effect (`ClientSeedRow::line`, in
/// `material`'s order). Their write lands only if all of them still hold, the campaign has
/// not finished, and the caller's credential is current and the caller still takes part in the
/// campaign with the same role (their access may have been read a few seconds before).
pub struct Unchanged<'a> {
    /// The next roll number the rolls started from.
    pub next_roll: i64,
    /// The dice epoch they were rolled in.
    pub epoch: i32,
    /// The client seeds their entropy set was made of.
    pub client_seeds: &'a [String],
    /// Who rolls: the credential they sent, as who, in which role.
    pub caller: Caller<'a>,
}

/// The caller of a roll written without the campaign's lock.
#[derive(Clone, Copy)]
pub struct Caller<'a> {
    /// The credential the request carried.
    pub credential: &'a super::users::Credential,
    /// The user it named.
    pub user: Uuid,
    /// The role the user held in the campaign.
    pub role: crate::core::domain::Role,
}

/// Appends one campaign's rolls inside a command, which holds the campaign's lock: the rolls
/// with their entropy set, their counts and d6 faces, and the campaign's roll counter, chain
/// head and readers' versions, in one statement.
pub async fn append_rolls<'e>(
    db: impl PgExecutor<'e>,
    write: &CampaignRolls<'_>,
) -> sqlx::Result<bool> {
    if write.rolls.is_empty() {
        return Ok(true);
    }
    Ok(!append(db, &[write], None).await?.is_empty())
}

/// Appends the rolls of several campaigns, each made without its campaign's lock, in one
/// statement and so one commit: each campaign's rolls land only if what they assumed still
/// holds (`Unchanged`), whatever becomes of the others. At most one write per campaign.
/// Answers the campaigns whose rolls landed.
pub async fn append_unlocked<'e>(
    db: impl PgExecutor<'e>,
    writes: &[(CampaignRolls<'_>, Unchanged<'_>)],
) -> sqlx::Result<Vec<Uuid>> {
    let rolls: Vec<&CampaignRolls<'_>> = writes.iter().map(|w| &w.0).collect();
    let guards: Vec<&Unchanged<'_>> = writes.iter().map(|w| &w.1).collect();
    append(db, &rolls, Some(&guards)).await
}

/// The statement of `append_rolls` and `append_unlocked`. Every campaign's row moves first;
/// every insert depends on its campaign's having moved, so where what the rolls assumed no
/// longer holds nothing of that campaign is written. The campaigns are also named by their
/// key as a list, so that PostgreSQL looks them up by it rather than reading every campaign and
/// checking each one's client seeds. Without the lock, a campaign whose row another transaction
/// holds (a command under way) is passed over rather than waited for: its rolls are not
/// written, and roll again under the lock, so that one busy campaign does not hold up the rolls
/// written with its own.
fn append_sql(guarded: bool) -> String {
    use super::users::Credential;
    let (guard_columns, guard_names, free, guard) = if guarded {
        (
            ", $37::bigint[], $38::integer[], $39::jsonb[], $40::bytea[], $41::uuid[], \
               $42::uuid[], $43::text[]",
            ", next_roll, epoch, seeds, token, session, user_id, role",
            "free as (select id from campaigns where id = any($1::uuid[]) for update skip locked), ",
            format!(
                " and c.id in (select id from free) and c.next_roll = j.next_roll and c.dice_epoch = j.epoch and c.status <> 'finished' \
                  and to_jsonb(array(select s.role || ' ' || s.user_id::text || ' ' || s.client_seed \
                    from participants s where s.campaign_id = c.id and s.client_seed is not null \
                    order by s.role, s.user_id)) = j.seeds \
                  and (exists (select from {} and u.id = j.user_id) \
                    or exists (select from {} and u.id = j.user_id)) \
                  and exists (select from participants p where p.campaign_id = c.id \
                    and p.user_id = j.user_id and p.removed_at is null and p.role = j.role)",
                Credential::token_source("j.token"),
                Credential::session_source("j.session"),
            ),
        )
    } else {
        ("", "", "", String::new())
    };
    format!(
        "with jobs as ( \
           select * from unnest($1::uuid[], $2::bigint[], $3::bytea[], $4::bigint[], $5::bigint[], \
             $6::bigint[], $7::bigint[]{guard_columns}) \
           as j(campaign, new_next, head, b_umpire, b_public, b_soviet, b_finnish{guard_names})), \
         {free}moved as ( \
           update campaigns c set next_roll = j.new_next, chain_head = j.head, \
             version = c.version + j.b_umpire, public_version = c.public_version + j.b_public, \
             soviet_version = c.soviet_version + j.b_soviet, \
             finnish_version = c.finnish_version + j.b_finnish \
           from jobs j where c.id = any($1::uuid[]) and c.id = j.campaign{guard} returning c.id), \
         stored as ( \
           insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, \
             visibility, roller_role, roller_id, procedure, result, summary, total, audience, digest) \
           select * from unnest($8::uuid[], $9::bigint[], $10::integer[], $11::bytea[], $12::jsonb[], \
             $13::bytea[], $14::text[], $15::text[], $16::text[], $17::text[], $18::uuid[], $19::text[], \
             $20::jsonb[], $21::text[], $22::bigint[], $23::text[], $24::bytea[]) as r(campaign) \
           where r.campaign in (select id from moved)), \
         counted as ( \
           insert into dice_faces (campaign_id, epoch, scope, face, count) \
           select * from unnest($25::uuid[], $26::integer[], $27::text[], $28::integer[], $29::bigint[]) \
             as f(campaign) \
           where f.campaign in (select id from moved) \
           on conflict (campaign_id, epoch, scope, face) do update set count = dice_faces.count + excluded.count), \
         entropy as ( \
           insert into entropy_sets (campaign_id, entropy, lines) \
           select * from unnest($30::uuid[], $31::bytea[], $32::jsonb[]) as e(campaign) \
           where e.campaign in (select id from moved) on conflict do nothing), \
         tallied as ( \
           insert into roll_counts (campaign_id, epoch, audience, count) \
           select * from unnest($33::uuid[], $34::integer[], $35::text[], $36::bigint[]) as t(campaign) \
           where t.campaign in (select id from moved) \
           on conflict (campaign_id, epoch, audience) do update set count = roll_counts.count + excluded.count) \
         select id from moved"
    )
}

/// A roll with the write it belongs to.
type RollOfWrite<'r, 'a> = (&'r CampaignRolls<'a>, &'r crate::dice::live::RolledRoll);

/// d6 faces per (campaign, epoch, audience, face), and rolls per (campaign, epoch, audience).
type FacesAndTally<'r> = (
    std::collections::BTreeMap<(Uuid, i32, &'r str, i32), i64>,
    std::collections::BTreeMap<(Uuid, i32, &'r str), i64>,
);

/// Counts what the rolls add to the campaigns' face counts and roll tallies.
fn faces_and_tally<'r>(rolls: &[RollOfWrite<'r, '_>]) -> FacesAndTally<'r> {
    use std::collections::BTreeMap;
    // d6 faces counted per (campaign, epoch, audience, face), and rolls per (campaign, epoch,
    // audience) for the dice tray's epoch lines, so that no row is updated twice by the one
    // statement.
    let mut faces: BTreeMap<(Uuid, i32, &str, i32), i64> = Default::default();
    let mut tally: BTreeMap<(Uuid, i32, &str), i64> = Default::default();
    for &(w, r) in rolls {
        *tally
            .entry((w.campaign, r.epoch as i32, r.audience.code()))
            .or_default() += 1;
        for &(m, face) in &r.draws {
            if m == 6 && (1..=6).contains(&face) {
                *faces
                    .entry((w.campaign, r.epoch as i32, r.audience.code(), face as i32))
                    .or_default() += 1;
            }
        }
    }
    (faces, tally)
}

/// Binds the guards of rolls written without the campaign's lock (see `append_sql`).
fn bind_guards<'q>(
    query: sqlx::query::QueryAs<'q, Postgres, (Uuid,), sqlx::postgres::PgArguments>,
    guards: &[&Unchanged<'q>],
) -> sqlx::query::QueryAs<'q, Postgres, (Uuid,), sqlx::postgres::PgArguments> {
    query
        .bind(guards.iter().map(|g| g.next_roll).collect::<Vec<_>>())
        .bind(guards.iter().map(|g| g.epoch).collect::<Vec<_>>())
        .bind(
            guards
                .iter()
                .map(|g| sqlx::types::Json(g.client_seeds))
                .collect::<Vec<_>>(),
        )
        .bind(
            guards
                .iter()
                .map(|g| g.caller.credential.token_hash())
                .collect::<Vec<_>>(),
        )
        .bind(
            guards
                .iter()
                .map(|g| g.caller.credential.session_id())
                .collect::<Vec<_>>(),
        )
        .bind(guards.iter().map(|g| g.caller.user).collect::<Vec<_>>())
        .bind(
            guards
                .iter()
                .map(|g| g.caller.role.code())
                .collect::<Vec<_>>(),
        )
}

async fn append<'e>(
    db: impl PgExecutor<'e>,
    writes: &[&CampaignRolls<'_>],
    guards: Option<&[&Unchanged<'_>]>,
) -> sqlx::Result<Vec<Uuid>> {
    // Each roll with its write.
    let rolls: Vec<(&CampaignRolls<'_>, &crate::dice::live::RolledRoll)> = writes
        .iter()
        .flat_map(|w| w.rolls.iter().map(move |r| (*w, r)))
        .collect();
    let (faces, tally) = faces_and_tally(&rolls);
    let each = |f: fn(&CampaignRolls<'_>) -> i64| writes.iter().map(|w| f(w)).collect::<Vec<_>>();
    let text = |f: fn(&CampaignRolls<'_>, &crate::dice::live::RolledRoll) -> Option<String>| {
        rolls.iter().map(|(w, r)| f(w, r)).collect::<Vec<_>>()
    };
    // The guard is chosen by whether the rolls are guarded (see `append_sql`); a query macro
    // takes one literal statement.
    let sql = append_sql(guards.is_some());
    let query = sqlx::query_as::<_, (Uuid,)>(&sql)
        .bind(writes.iter().map(|w| w.campaign).collect::<Vec<_>>())
        .bind(each(|w| w.rolls.last().map_or(0, |r| r.k as i64 + 1)))
        .bind(
            writes
                .iter()
                .map(|w| w.rolls.last().map(|r| r.chain.to_vec()).unwrap_or_default())
                .collect::<Vec<_>>(),
        )
        .bind(each(|w| w.bumps.umpire))
        .bind(each(|w| w.bumps.public))
        .bind(each(|w| w.bumps.soviet))
        .bind(each(|w| w.bumps.finnish))
        .bind(rolls.iter().map(|(w, _)| w.campaign).collect::<Vec<_>>())
        .bind(rolls.iter().map(|(_, r)| r.k as i64).collect::<Vec<_>>())
        .bind(
            rolls
                .iter()
                .map(|(_, r)| r.epoch as i32)
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|(_, r)| r.entropy.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|(_, r)| sqlx::types::Json(&r.draws))
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|(_, r)| r.chain.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(text(|_, r| Some(r.expression.clone())))
        .bind(text(|_, r| Some(r.purpose.clone())))
        .bind(text(|_, r| Some(r.visibility.code().to_owned())))
        .bind(text(|_, r| Some(r.roller.code().to_owned())))
        .bind(rolls.iter().map(|(w, _)| w.roller_id).collect::<Vec<_>>())
        .bind(text(|w, _| w.procedure.map(str::to_owned)))
        .bind(
            rolls
                .iter()
                .map(|(_, r)| sqlx::types::Json(&r.result))
                .collect::<Vec<_>>(),
        )
        .bind(text(|_, r| r.summary.clone()))
        .bind(rolls.iter().map(|(_, r)| r.total).collect::<Vec<_>>())
        .bind(text(|_, r| Some(r.audience.code().to_owned())))
        .bind(
            rolls
                .iter()
                .map(|(_, r)| r.digest.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(faces.keys().map(|k| k.0).collect::<Vec<_>>())
        .bind(faces.keys().map(|k| k.1).collect::<Vec<_>>())
        .bind(faces.keys().map(|k| k.2).collect::<Vec<_>>())
        .bind(faces.keys().map(|k| k.3).collect::<Vec<_>>())
        .bind(faces.values().copied().collect::<Vec<_>>())
        .bind(writes.iter().map(|w| w.campaign).collect::<Vec<_>>())
        .bind(writes.iter().map(|w| w.entropy.hash).collect::<Vec<_>>())
        .bind(
            writes
                .iter()
                .map(|w| sqlx::types::Json(w.entropy.lines))
                .collect::<Vec<_>>(),
        )
        .bind(tally.keys().map(|k| k.0).collect::<Vec<_>>())
        .bind(tally.keys().map(|k| k.1).collect::<Vec<_>>())
        .bind(tally.keys().map(|k| k.2).collect::<Vec<_>>())
        .bind(tally.values().copied().collect::<Vec<_>>());
    let query = match guards {
        Some(guards) => bind_guards(query, guards),
        None => query,
    };
    Ok(query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect())
}

const ROLL_COLUMNS: &str = "k, epoch, audience, entropy, draws, digest, chain, expression, purpose, visibility, roller_role, \
    procedure, result, summary, total, created_at";

/// Rolls with `k > after`, oldest first, at most `limit`.
pub async fn rolls_after(
    db: &sqlx::PgPool,
    campaign: Uuid,
    after: i64,
    limit: i64,
) -> sqlx::Result<Vec<RollRow>> {
    // The column list is shared with `rolls_before`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {ROLL_COLUMNS} from rolls where campaign_id = $1 and k > $2 order by k limit $3"
    ))
    .bind(campaign)
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Rolls with `k < before`, newest first, at most `limit`.
pub async fn rolls_before<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<RollRow>> {
    // The column list is shared with `rolls_after`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {ROLL_COLUMNS} from rolls where campaign_id = $1 and k < $2 order by k desc limit $3"
    ))
    .bind(campaign)
    .bind(before)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The client seed `user` set in `campaign`, if any.
pub async fn client_seed<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    user: Uuid,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        "select client_seed from participants where campaign_id = $1 and user_id = $2",
        campaign,
        user,
    )
    .fetch_optional(db)
    .await
    .map(Option::flatten)
}

/// d6 face counts per epoch and audience: `(epoch, audience, face, count)`.
pub async fn face_counts<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<(i32, String, i32, i64)>> {
    sqlx::query!(
        "select epoch, scope, face, count from dice_faces where campaign_id = $1",
        campaign
    )
    .map(|r| (r.epoch, r.scope, r.face, r.count))
    .fetch_all(db)
    .await
}
