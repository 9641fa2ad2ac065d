//! Dice storage: the current epoch, client seeds, entropy sets, rolls and face counts (epochs
//! and their seeds are in `dice_epochs`).

use sqlx::{FromRow, PgExecutor, Postgres, Transaction};
use uuid::Uuid;

/// Sets the current epoch of a campaign.
pub async fn set_current_epoch(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
) -> sqlx::Result<()> {
    sqlx::query("update campaigns set dice_epoch = $2, version = version + 1 where id = $1")
        .bind(campaign)
        .bind(epoch)
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
    sqlx::query("update participants set client_seed = $3 where campaign_id = $1 and user_id = $2")
        .bind(campaign)
        .bind(user)
        .bind(seed)
        .execute(db)
        .await?;
    Ok(())
}

/// A client seed in effect: who set it and what it is.
#[derive(Clone, Debug, FromRow)]
pub struct ClientSeedRow {
    /// The participant's role code.
    pub role: String,
    /// The participant's user id.
    pub user_id: Uuid,
    /// The seed text.
    pub seed: String,
}

/// The columns that read a campaign's dice material, for a statement in which the SQL
/// expressions `campaign` and `epoch` name the campaign and its dice epoch: the epoch's seeds
/// (audience and seed, by audience byte) and the client seeds in effect (by role and user).
/// `MaterialRow` reads them.
pub(crate) fn material_columns(campaign: &str, epoch: &str) -> String {
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
    roles: Vec<String>,
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
    let row: MaterialRow = sqlx::query_as(&format!("select {}", material_columns("$1", "$2")))
        .bind(campaign)
        .bind(epoch)
        .fetch_one(db)
        .await?;
    Ok(row.split())
}

/// Every entropy set a campaign's rolls used.
pub async fn entropy_sets<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<Vec<String>>> {
    let rows: Vec<(sqlx::types::Json<Vec<String>>,)> =
        sqlx::query_as("select lines from entropy_sets where campaign_id = $1 order by entropy")
            .bind(campaign)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|r| r.0.0).collect())
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
    /// The structured result.
    pub result: sqlx::types::Json<serde_json::Value>,
    /// The procedure's sentence, if any.
    pub summary: Option<String>,
    /// The total, where one makes sense.
    pub total: Option<i64>,
    /// When it was rolled.
    pub created_at: time::OffsetDateTime,
}

/// A roll to store.
pub struct NewRoll<'a> {
    /// The roll as the dice made it.
    pub roll: &'a crate::dice::live::RolledRoll,
    /// The user who asked for it, if a person did.
    pub roller_id: Option<Uuid>,
    /// The procedure's name, if one ran.
    pub procedure: Option<&'a str>,
}

/// The entropy set the rolls of a command used: its hash and its lines.
pub struct EntropyLines<'a> {
    /// The set's hash, which each roll names.
    pub hash: &'a [u8],
    /// Its lines, for the export.
    pub lines: &'a [String],
}

impl ClientSeedRow {
    /// The seed as one line (role, user, seed), as `append_rolls` compares a roll's client seeds
    /// with those in effect when it is written.
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

/// Appends rolls with their entropy set, counts them and their d6 faces, and moves the campaign's roll
/// counter, chain head and readers' versions, in one statement: a roll's whole write is a
/// single round trip. Inside a command the campaign is locked and `unchanged` is `None`; rolls
/// made without the lock pass what they assumed, and nothing is written unless it still holds.
/// Answers whether the rolls were written.
pub async fn append_rolls<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    entropy: EntropyLines<'_>,
    rolls: &[NewRoll<'_>],
    bumps: super::campaigns::VersionBumps,
    unchanged: Option<&Unchanged<'_>>,
) -> sqlx::Result<bool> {
    let Some(last) = rolls.last() else {
        return Ok(true);
    };
    // d6 faces counted per (epoch, audience, face) across the rolls, so that no row is
    // updated twice by the one statement.
    let mut faces: std::collections::BTreeMap<(i32, &str, i32), i64> = Default::default();
    for new in rolls {
        let r = new.roll;
        for &(m, face) in &r.draws {
            if m == 6 && (1..=6).contains(&face) {
                *faces
                    .entry((r.epoch as i32, r.audience.code(), face as i32))
                    .or_default() += 1;
            }
        }
    }
    // Rolls counted per (epoch, audience), for the dice tray's epoch lines.
    let mut tally: std::collections::BTreeMap<(i32, &str), i64> = Default::default();
    for new in rolls {
        *tally
            .entry((new.roll.epoch as i32, new.roll.audience.code()))
            .or_default() += 1;
    }
    let column = |f: fn(&NewRoll<'_>) -> Option<String>| -> Vec<Option<String>> {
        rolls.iter().map(f).collect()
    };
    // The campaign's row moves first; every insert depends on its having moved, so when what
    // the rolls assumed no longer holds the statement writes nothing.
    let guard = match unchanged {
        Some(u) => format!(
            " and next_roll = $33 and dice_epoch = $34 and status <> 'finished' \
              and array(select role || ' ' || user_id::text || ' ' || client_seed from participants \
                where campaign_id = $1 and client_seed is not null order by role, user_id) = $35::text[] \
              and exists (select from {} and u.id = $37 and exists (select from participants p \
                where p.campaign_id = $1 and p.user_id = u.id and p.removed_at is null and p.role = $38))",
            u.caller.credential.source_at(36)
        ),
        None => String::new(),
    };
    let sql = format!(
        "with moved as ( \
           update campaigns set next_roll = $24, chain_head = $25, version = version + $26, \
             public_version = public_version + $27, soviet_version = soviet_version + $28, \
             finnish_version = finnish_version + $29 where id = $1{guard} returning id), \
         stored as ( \
           insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, \
             visibility, roller_role, roller_id, procedure, result, summary, total, audience, digest) \
           select $1, * from unnest($2::bigint[], $3::integer[], $4::bytea[], $5::jsonb[], $6::bytea[], \
             $7::text[], $8::text[], $9::text[], $10::text[], $11::uuid[], $12::text[], $13::jsonb[], \
             $14::text[], $15::bigint[], $16::text[], $17::bytea[]) where exists (select from moved)), \
         counted as ( \
           insert into dice_faces (campaign_id, epoch, scope, face, count) \
           select $1, * from unnest($18::integer[], $19::text[], $20::integer[], $21::bigint[]) \
           where exists (select from moved) \
           on conflict (campaign_id, epoch, scope, face) do update set count = dice_faces.count + excluded.count), \
         entropy as ( \
           insert into entropy_sets (campaign_id, entropy, lines) select $1, $22, $23 \
           where exists (select from moved) on conflict do nothing), \
         tallied as ( \
           insert into roll_counts (campaign_id, epoch, audience, count) \
           select $1, * from unnest($30::integer[], $31::text[], $32::bigint[]) \
           where exists (select from moved) \
           on conflict (campaign_id, epoch, audience) do update set count = roll_counts.count + excluded.count) \
         select exists (select from moved)"
    );
    let query = sqlx::query_as::<_, (bool,)>(&sql)
        .bind(campaign)
        .bind(rolls.iter().map(|n| n.roll.k as i64).collect::<Vec<_>>())
        .bind(
            rolls
                .iter()
                .map(|n| n.roll.epoch as i32)
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|n| n.roll.entropy.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|n| sqlx::types::Json(&n.roll.draws))
                .collect::<Vec<_>>(),
        )
        .bind(
            rolls
                .iter()
                .map(|n| n.roll.chain.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(column(|n| Some(n.roll.expression.clone())))
        .bind(column(|n| Some(n.roll.purpose.clone())))
        .bind(column(|n| Some(n.roll.visibility.code().to_owned())))
        .bind(column(|n| Some(n.roll.roller.code().to_owned())))
        .bind(rolls.iter().map(|n| n.roller_id).collect::<Vec<_>>())
        .bind(column(|n| n.procedure.map(str::to_owned)))
        .bind(
            rolls
                .iter()
                .map(|n| sqlx::types::Json(&n.roll.result))
                .collect::<Vec<_>>(),
        )
        .bind(column(|n| n.roll.summary.clone()))
        .bind(rolls.iter().map(|n| n.roll.total).collect::<Vec<_>>())
        .bind(column(|n| Some(n.roll.audience.code().to_owned())))
        .bind(
            rolls
                .iter()
                .map(|n| n.roll.digest.to_vec())
                .collect::<Vec<_>>(),
        )
        .bind(faces.keys().map(|k| k.0).collect::<Vec<_>>())
        .bind(faces.keys().map(|k| k.1).collect::<Vec<_>>())
        .bind(faces.keys().map(|k| k.2).collect::<Vec<_>>())
        .bind(faces.values().copied().collect::<Vec<_>>())
        .bind(entropy.hash)
        .bind(sqlx::types::Json(entropy.lines))
        .bind(last.roll.k as i64 + 1)
        .bind(&last.roll.chain[..])
        .bind(bumps.umpire)
        .bind(bumps.public)
        .bind(bumps.soviet)
        .bind(bumps.finnish)
        .bind(tally.keys().map(|k| k.0).collect::<Vec<_>>())
        .bind(tally.keys().map(|k| k.1).collect::<Vec<_>>())
        .bind(tally.values().copied().collect::<Vec<_>>());
    let query = match unchanged {
        Some(u) => {
            let query = query.bind(u.next_roll).bind(u.epoch).bind(u.client_seeds);
            u.caller
                .credential
                .bind(query)
                .bind(u.caller.user)
                .bind(u.caller.role.code())
        }
        None => query,
    };
    Ok(query.fetch_one(db).await?.0)
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
pub async fn rolls_before(
    db: &sqlx::PgPool,
    campaign: Uuid,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<RollRow>> {
    sqlx::query_as(&format!(
        "select {ROLL_COLUMNS} from rolls where campaign_id = $1 and k < $2 order by k desc limit $3"
    ))
    .bind(campaign)
    .bind(before)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// d6 face counts per epoch and audience: `(epoch, audience, face, count)`.
pub async fn face_counts(
    db: &sqlx::PgPool,
    campaign: Uuid,
) -> sqlx::Result<Vec<(i32, String, i32, i64)>> {
    sqlx::query_as("select epoch, scope, face, count from dice_faces where campaign_id = $1")
        .bind(campaign)
        .fetch_all(db)
        .await
}
