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

/// Every client seed in effect in a campaign.
pub async fn client_seeds<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<ClientSeedRow>> {
    sqlx::query_as(
        "select role, user_id, client_seed as seed from participants \
         where campaign_id = $1 and client_seed is not null order by role, user_id",
    )
    .bind(campaign)
    .fetch_all(db)
    .await
}

/// Stores an entropy set (once per distinct set).
pub async fn insert_entropy_set(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    entropy: &[u8],
    lines: &[String],
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into entropy_sets (campaign_id, entropy, lines) values ($1, $2, $3) on conflict do nothing",
    )
    .bind(campaign)
    .bind(entropy)
    .bind(sqlx::types::Json(lines))
    .execute(&mut **tx)
    .await?;
    Ok(())
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

/// Appends rolls, moves the campaign's roll counter and chain head, and counts d6 faces.
pub async fn append_rolls(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    rolls: &[NewRoll<'_>],
    bumps: super::campaigns::VersionBumps,
) -> sqlx::Result<()> {
    let Some(last) = rolls.last() else {
        return Ok(());
    };
    for new in rolls {
        let r = new.roll;
        sqlx::query(
            "insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, visibility, \
             roller_role, roller_id, procedure, result, summary, total, audience, digest) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(campaign)
        .bind(r.k as i64)
        .bind(r.epoch as i32)
        .bind(&r.entropy[..])
        .bind(sqlx::types::Json(&r.draws))
        .bind(&r.chain[..])
        .bind(&r.expression)
        .bind(&r.purpose)
        .bind(r.visibility.code())
        .bind(r.roller.code())
        .bind(new.roller_id)
        .bind(new.procedure)
        .bind(sqlx::types::Json(&r.result))
        .bind(&r.summary)
        .bind(r.total)
        .bind(r.audience.code())
        .bind(&r.digest[..])
        .execute(&mut **tx)
        .await?;
        let mut faces = [0i64; 6];
        for &(m, face) in &r.draws {
            if m == 6 && (1..=6).contains(&face) {
                faces[face as usize - 1] += 1;
            }
        }
        for (i, count) in faces.iter().enumerate().filter(|(_, c)| **c > 0) {
            sqlx::query(
                "insert into dice_faces (campaign_id, epoch, scope, face, count) values ($1, $2, $3, $4, $5) \
                 on conflict (campaign_id, epoch, scope, face) do update set count = dice_faces.count + excluded.count",
            )
            .bind(campaign)
            .bind(r.epoch as i32)
            .bind(r.audience.code())
            .bind(i as i32 + 1)
            .bind(count)
            .execute(&mut **tx)
            .await?;
        }
    }
    // One statement moves the dice counter, the chain head and every reader's version.
    sqlx::query(
        "update campaigns set next_roll = $2, chain_head = $3, version = version + $4, \
         public_version = public_version + $5, soviet_version = soviet_version + $6, \
         finnish_version = finnish_version + $7 where id = $1",
    )
    .bind(campaign)
    .bind(last.roll.k as i64 + 1)
    .bind(&last.roll.chain[..])
    .bind(bumps.umpire)
    .bind(bumps.public)
    .bind(bumps.soviet)
    .bind(bumps.finnish)
    .execute(&mut **tx)
    .await?;
    Ok(())
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

/// Every roll of a campaign, oldest first (for the export only).
pub async fn all_rolls(db: &sqlx::PgPool, campaign: Uuid) -> sqlx::Result<Vec<RollRow>> {
    sqlx::query_as(&format!(
        "select {ROLL_COLUMNS} from rolls where campaign_id = $1 order by k"
    ))
    .bind(campaign)
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
