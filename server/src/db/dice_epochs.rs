//! Dice epochs and their seeds: opening, revealing, and what every participant may know of them.

use crate::dice::audience::Audience;
use crate::dice::v2::EpochSeeds;
use sqlx::{FromRow, PgExecutor, Postgres, Transaction};
use uuid::Uuid;

/// One dice epoch as stored. A v1 epoch has its one seed here; a v2 epoch has none (see
/// [`SeedRow`]). `seed` must never leave the server while `revealed` is false.
#[derive(Clone, Debug, FromRow)]
pub struct EpochRow {
    /// The epoch number.
    pub epoch: i32,
    /// `v1` or `v2`.
    pub scheme: String,
    /// The v1 secret seed.
    pub seed: Option<Vec<u8>>,
    /// SHA-256 of the v1 seed, lowercase hex.
    pub commitment: Option<String>,
    /// Whether the v1 seed has been revealed.
    pub revealed: bool,
}

/// One audience's seed of a v2 epoch. `seed` must never leave the server while `revealed` is false.
#[derive(Clone, Debug, FromRow)]
pub struct SeedRow {
    /// The epoch number.
    pub epoch: i32,
    /// `public`, `soviet`, `finnish` or `umpire`.
    pub audience: String,
    /// The secret seed.
    pub seed: Vec<u8>,
    /// SHA-256 of the seed, lowercase hex.
    pub commitment: String,
    /// Whether the seed has been revealed.
    pub revealed: bool,
}

/// Opens a v2 epoch with its four seeds and their commitments.
pub async fn insert_v2(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
    seeds: &EpochSeeds,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into dice_epochs (campaign_id, epoch, scheme) values ($1, $2, 'v2')",
        campaign,
        epoch,
    )
    .execute(&mut **tx)
    .await?;
    let (mut audiences, mut secrets, mut commitments) = (Vec::new(), Vec::new(), Vec::new());
    for (audience, seed, commitment) in seeds.each() {
        audiences.push(audience.code());
        secrets.push(seed.to_vec());
        commitments.push(commitment);
    }
    sqlx::query!(
        "insert into dice_seeds (campaign_id, epoch, audience, seed, commitment) \
         select $1, $2, * from unnest($3::text[], $4::bytea[], $5::text[])",
        campaign,
        epoch,
        &audiences[..] as &[&str],
        &secrets[..],
        &commitments[..],
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every epoch of a campaign, in order.
pub async fn epochs<'e>(db: impl PgExecutor<'e>, campaign: Uuid) -> sqlx::Result<Vec<EpochRow>> {
    sqlx::query_as!(
        EpochRow,
        r#"select epoch, scheme, seed, commitment, revealed_at is not null as "revealed!"
         from dice_epochs where campaign_id = $1 order by epoch"#,
        campaign,
    )
    .fetch_all(db)
    .await
}

/// The seeds of a campaign's v2 epochs, `epoch` alone when given; by epoch, then audience byte.
pub async fn seeds<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    epoch: Option<i32>,
) -> sqlx::Result<Vec<SeedRow>> {
    sqlx::query_as!(
        SeedRow,
        r#"select epoch, audience, seed, commitment, revealed_at is not null as "revealed!"
         from dice_seeds where campaign_id = $1 and ($2::integer is null or epoch = $2)
         order by epoch, array_position(array['public', 'soviet', 'finnish', 'umpire'], audience)"#,
        campaign,
        epoch,
    )
    .fetch_all(db)
    .await
}

/// Reveals one audience's seed of a v2 epoch.
pub async fn reveal_seed(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
    audience: Audience,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update dice_seeds set revealed_at = coalesce(revealed_at, now()) \
         where campaign_id = $1 and epoch = $2 and audience = $3",
        campaign,
        epoch,
        audience.code(),
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Reveals every seed of every epoch, v1 and v2 (when the campaign finishes).
pub async fn reveal_all(tx: &mut Transaction<'_, Postgres>, campaign: Uuid) -> sqlx::Result<()> {
    for table in ["dice_epochs", "dice_seeds"] {
        // The table is one of the two above; a query macro takes one literal statement.
        sqlx::query(&format!(
            "update {table} set revealed_at = coalesce(revealed_at, now()) where campaign_id = $1"
        ))
        .bind(campaign)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Every `(epoch, audience)` whose rolls a revealed seed lets anyone derive: the revealed v2
/// seeds, and every audience of a v1 epoch whose one seed is revealed.
pub async fn revealed<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<(i32, String)>> {
    sqlx::query!(
        r#"select epoch as "epoch!", audience as "audience!" from dice_seeds
         where campaign_id = $1 and revealed_at is not null
         union all
         select e.epoch, a.audience from dice_epochs e
         cross join unnest(array['public', 'soviet', 'finnish', 'umpire']) as a(audience)
         where e.campaign_id = $1 and e.scheme = 'v1' and e.revealed_at is not null"#,
        campaign,
    )
    .map(|r| (r.epoch, r.audience))
    .fetch_all(db)
    .await
}

/// How many rolls each `(epoch, audience)` holds.
pub async fn roll_counts<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
) -> sqlx::Result<Vec<(i32, String, i64)>> {
    sqlx::query!(
        "select epoch, audience, count from roll_counts where campaign_id = $1 \
         order by epoch, audience",
        campaign,
    )
    .map(|r| (r.epoch, r.audience, r.count))
    .fetch_all(db)
    .await
}
