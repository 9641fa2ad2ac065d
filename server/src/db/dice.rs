//! Dice storage: epochs with their seeds, client seeds, entropy sets, rolls and face counts.

use sqlx::{FromRow, PgExecutor, Postgres, Transaction};
use uuid::Uuid;

/// One dice epoch as stored. `seed` must never leave the server while `revealed` is false.
#[derive(Clone, Debug, FromRow)]
pub struct EpochRow {
    /// The epoch number.
    pub epoch: i32,
    /// The secret seed.
    pub seed: Vec<u8>,
    /// SHA-256 of the seed, lowercase hex.
    pub commitment: String,
    /// Whether the seed has been revealed.
    pub revealed: bool,
}

/// Opens an epoch with its seed and commitment.
pub async fn insert_epoch(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
    seed: &[u8],
    commitment: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into dice_epochs (campaign_id, epoch, seed, commitment) values ($1, $2, $3, $4)",
    )
    .bind(campaign)
    .bind(epoch)
    .bind(seed)
    .bind(commitment)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every epoch of a campaign, in order.
pub async fn epochs<'e>(db: impl PgExecutor<'e>, campaign: Uuid) -> sqlx::Result<Vec<EpochRow>> {
    sqlx::query_as(
        "select epoch, seed, commitment, revealed_at is not null as revealed from dice_epochs \
         where campaign_id = $1 order by epoch",
    )
    .bind(campaign)
    .fetch_all(db)
    .await
}

/// One epoch of a campaign.
pub async fn epoch<'e>(
    db: impl PgExecutor<'e>,
    campaign: Uuid,
    epoch: i32,
) -> sqlx::Result<EpochRow> {
    sqlx::query_as(
        "select epoch, seed, commitment, revealed_at is not null as revealed from dice_epochs \
         where campaign_id = $1 and epoch = $2",
    )
    .bind(campaign)
    .bind(epoch)
    .fetch_one(db)
    .await
}

/// Reveals an epoch's seed.
pub async fn reveal_epoch(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    epoch: i32,
) -> sqlx::Result<()> {
    sqlx::query(
        "update dice_epochs set revealed_at = coalesce(revealed_at, now()) where campaign_id = $1 and epoch = $2",
    )
    .bind(campaign)
    .bind(epoch)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

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
