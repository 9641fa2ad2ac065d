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

/// A campaign's dice epochs, the seeds of its v2 epochs and how many rolls each seed made.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// Every epoch, in order.
    pub epochs: Vec<EpochRow>,
    /// The v2 epochs' seeds, by epoch, then audience byte.
    pub seeds: Vec<SeedRow>,
    /// How many rolls each v2 seed made: `(epoch, audience, rolls)`; a seed that made none has
    /// no line.
    pub counts: Vec<(i32, String, i64)>,
}

impl Ledger {
    /// Every `(epoch, audience)` whose rolls a revealed seed lets anyone derive: the revealed v2
    /// seeds, and every audience of a v1 epoch whose one seed is revealed.
    pub fn revealed(&self) -> impl Iterator<Item = (i32, &str)> {
        let v2 = self
            .seeds
            .iter()
            .filter(|s| s.revealed)
            .map(|s| (s.epoch, s.audience.as_str()));
        let v1 = self
            .epochs
            .iter()
            .filter(|e| e.scheme == "v1" && e.revealed)
            .flat_map(|e| Audience::ALL.map(|a| (e.epoch, a.code())));
        v2.chain(v1)
    }
}

/// The campaign's [`Ledger`], in one statement.
pub async fn ledger<'e>(db: impl PgExecutor<'e>, campaign: Uuid) -> sqlx::Result<Ledger> {
    let rows = sqlx::query!(
        r#"select e.epoch, e.scheme, e.seed as epoch_seed, e.commitment as epoch_commitment,
           e.revealed_at is not null as "epoch_revealed!",
           s.audience as "audience?", s.seed as "seed?", s.commitment as "commitment?",
           s.revealed_at is not null as "seed_revealed!", c.count as "rolls?"
         from dice_epochs e
         left join dice_seeds s on s.campaign_id = e.campaign_id and s.epoch = e.epoch
         left join roll_counts c
           on c.campaign_id = e.campaign_id and c.epoch = e.epoch and c.audience = s.audience
         where e.campaign_id = $1
         order by e.epoch, array_position(array['public', 'soviet', 'finnish', 'umpire'], s.audience)"#,
        campaign,
    )
    .fetch_all(db)
    .await?;
    let mut ledger = Ledger::default();
    for r in rows {
        if ledger.epochs.last().is_none_or(|e| e.epoch != r.epoch) {
            ledger.epochs.push(EpochRow {
                epoch: r.epoch,
                scheme: r.scheme,
                seed: r.epoch_seed,
                commitment: r.epoch_commitment,
                revealed: r.epoch_revealed,
            });
        }
        let (Some(audience), Some(seed), Some(commitment)) = (r.audience, r.seed, r.commitment)
        else {
            continue;
        };
        if let Some(rolls) = r.rolls {
            ledger.counts.push((r.epoch, audience.clone(), rolls));
        }
        ledger.seeds.push(SeedRow {
            epoch: r.epoch,
            audience,
            seed,
            commitment,
            revealed: r.seed_revealed,
        });
    }
    Ok(ledger)
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
