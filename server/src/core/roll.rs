//! A roll on its own (a dice-tray roll or procedure): rolled without locking the campaign, from
//! the campaign row the caller's access already read, and written by the [`Writer`] in one
//! statement with the rolls of other requests that arrive at the same time; each campaign's
//! rolls land only if nothing moved its dice meanwhile (its next roll number, dice epoch and
//! client seeds, and that it is still open). When something did, it is rolled again inside a
//! command, which locks; a roll is never written from stale dice, so the chain stays whole.
//!
//! An epoch's seeds never change and client seeds seldom do, so this process keeps both per
//! campaign, and the dice tray keeps the caller's access for a few seconds
//! (`web::access::RollerAccess`): a roll then costs its write alone. The write also checks that
//! the caller's credential is current and that they still take part with the same role, so a
//! kept access that no longer holds, or a kept client seed that has changed, only makes the
//! write miss, and what was kept is read afresh.

use crate::core::command::{
    Command, RollsToWrite, dice_for, epoch_seeds, first_readers, made_rolls, refuse_finished,
};
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::live::Readers;
use crate::db;
use crate::db::campaigns::CampaignRow;
use crate::db::dice::ClientSeedRow;
use crate::db::users::Credential;
use crate::dice::entropy::EntropySet;
use crate::dice::live::{LiveDice, RolledRoll};
use crate::dice::v2::EpochSeeds;
use crate::state::AppState;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use uuid::Uuid;

/// How many campaigns' dice material is kept before the store starts afresh.
const CAPACITY: usize = 4096;

/// What a campaign's rolls are made from besides its row: its open epoch's seeds and the client
/// seeds in effect.
struct Material {
    epoch: i32,
    seeds: EpochSeeds,
    clients: Vec<ClientSeedRow>,
}

fn kept() -> &'static Mutex<HashMap<Uuid, Arc<Material>>> {
    static KEPT: OnceLock<Mutex<HashMap<Uuid, Arc<Material>>>> = OnceLock::new();
    KEPT.get_or_init(Default::default)
}

/// The material of `campaign`'s current epoch, kept or read; `None` when the campaign has no
/// open v2 epoch yet (a command opens one).
async fn material(
    state: &AppState,
    campaign: &CampaignRow,
) -> Result<Option<Arc<Material>>, AppError> {
    let found = kept()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&campaign.id)
        .filter(|m| m.epoch == campaign.dice_epoch)
        .cloned();
    if found.is_some() {
        return Ok(found);
    }
    let (rows, clients) = db::dice::material(&state.db, campaign.id, campaign.dice_epoch).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let material = Arc::new(Material {
        epoch: campaign.dice_epoch,
        seeds: epoch_seeds(campaign, &rows)?,
        clients,
    });
    let mut kept = kept().lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= CAPACITY {
        kept.clear();
    }
    kept.insert(campaign.id, material.clone());
    Ok(Some(material))
}

/// Forgets what is kept of `campaign`, whose client seeds or epoch have moved.
fn forget(campaign: Uuid) {
    kept()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&campaign);
}

/// Rolls what `make` asks of the dice for `caller` in `campaign` as their access read it, and
/// writes the rolls (with `procedure`, if one ran); `None` when they could not be written
/// without the lock (something moved, or the caller's access no longer holds).
pub async fn unlocked<T>(
    state: &AppState,
    campaign: &CampaignRow,
    caller: &db::dice::Caller<'_>,
    procedure: Option<&str>,
    make: &mut impl FnMut(&mut LiveDice) -> Result<T, AppError>,
) -> Result<Option<(T, Vec<RolledRoll>)>, AppError> {
    refuse_finished(campaign)?;
    let Some(material) = material(state, campaign).await? else {
        return Ok(None);
    };
    let (mut dice, entropy) = dice_for(campaign, material.seeds.clone(), &material.clients)?;
    let made = make(&mut dice)?;
    let mut readers = first_readers(caller.role);
    let rolls = made_rolls(dice, &mut readers)?;
    if rolls.is_empty() {
        return Ok(Some((made, rolls)));
    }
    let written = state
        .rolls
        .write(Job {
            campaign: campaign.id,
            rolls: rolls.clone(),
            user: caller.user,
            procedure: procedure.map(str::to_owned),
            entropy,
            readers,
            next_roll: campaign.next_roll,
            epoch: campaign.dice_epoch,
            client_seeds: material.clients.iter().map(ClientSeedRow::line).collect(),
            credential: caller.credential.clone(),
            role: caller.role,
            span: tracing::Span::current(),
        })
        .await?;
    if written {
        state.notes.send(readers.payload(campaign.id));
        return Ok(Some((made, rolls)));
    }
    forget(campaign.id);
    Ok(None)
}

/// As [`unlocked`], and when the rolls could not be written so, rolls again inside a command,
/// which locks the campaign.
pub async fn alone<T>(
    state: &AppState,
    campaign: &CampaignRow,
    caller: &db::dice::Caller<'_>,
    procedure: Option<&str>,
    mut make: impl FnMut(&mut LiveDice) -> Result<T, AppError>,
) -> Result<(T, Vec<RolledRoll>), AppError> {
    if let Some(done) = unlocked(state, campaign, caller, procedure, &mut make).await? {
        return Ok(done);
    }
    let mut command = Command::begin(state, campaign.id, caller.user).await?;
    let made = make(&mut command.dice)?;
    let rolls = command.commit(procedure).await?;
    Ok((made, rolls))
}

/// Rolls made without their campaign's lock, with what they assumed, on their way to the
/// [`Writer`].
pub struct Job {
    campaign: Uuid,
    rolls: Vec<RolledRoll>,
    user: Uuid,
    procedure: Option<String>,
    entropy: EntropySet,
    readers: Readers,
    next_roll: i64,
    epoch: i32,
    client_seeds: Vec<String>,
    credential: Credential,
    role: Role,
    /// The request's span, under which the statement that writes the rolls runs (that of the
    /// batch's first request when several go together).
    span: tracing::Span,
}

/// Most rolls' writes in one statement.
const BATCH: usize = 64;

/// Writes the rolls made without their campaign's lock, those of requests that arrive
/// together in one statement and one commit (`db::dice::append_unlocked`): the rolls that
/// arrive while a statement runs go in the next, so the busier the server, the more rolls a
/// statement and a commit carry. Each campaign's rolls still land only if what they assumed
/// holds; a request whose campaign already has rolls in the statement is answered at once that
/// its rolls were not written (they assumed the same next roll), and rolls again under the lock
/// as any roll that missed.
///
/// One task writes, on a connection of its own, which asks PostgreSQL to keep one plan of the
/// statement: left to choose, it plans the statement afresh at every call, since its estimate
/// of the arrays' lengths makes the general plan look dearer than it is.
#[derive(Clone)]
pub struct Writer(tokio::sync::mpsc::UnboundedSender<(Job, Reply)>);

type Reply = tokio::sync::oneshot::Sender<Result<bool, AppError>>;

impl Writer {
    /// Starts the writer on `db`, where a runtime runs (else every write answers that it was
    /// not written, and rolls go through commands).
    pub fn start(db: sqlx::PgPool) -> Writer {
        let (jobs, queue) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(write_batches(db, queue));
        }
        Writer(jobs)
    }

    /// Writes `job`'s rolls with those of other requests; answers whether they were written.
    async fn write(&self, job: Job) -> Result<bool, AppError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        if self.0.send((job, reply)).is_err() {
            return Ok(false);
        }
        answer.await.unwrap_or(Ok(false))
    }
}

/// Takes what waits in `queue`, one write per campaign, and writes it, until every [`Writer`]
/// is dropped.
async fn write_batches(
    db: sqlx::PgPool,
    mut queue: tokio::sync::mpsc::UnboundedReceiver<(Job, Reply)>,
) {
    let mut connection: Option<sqlx::PgConnection> = None;
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            let Ok((job, reply)) = queue.try_recv() else {
                break;
            };
            if batch.iter().any(|(b, _)| b.campaign == job.campaign) {
                let _ = reply.send(Ok(false));
            } else {
                batch.push((job, reply));
            }
        }
        let conn = match connection.take() {
            Some(conn) => Ok(conn),
            None => connect(&db).await,
        };
        match conn {
            Ok(mut conn) => {
                if write_batch(&mut conn, batch).await {
                    connection = Some(conn);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, rolls = batch.len(), "rolls not written: no connection");
                for (_, reply) in batch {
                    let _ = reply.send(Err(AppError::busy()));
                }
            }
        }
    }
}

/// The writer's connection: one of the pool's, taken out of it for good, that keeps one plan
/// of each statement.
async fn connect(db: &sqlx::PgPool) -> sqlx::Result<sqlx::PgConnection> {
    use sqlx::Executor;
    let mut conn = db.acquire().await?.detach();
    conn.execute("set plan_cache_mode = force_generic_plan")
        .await?;
    Ok(conn)
}

/// Writes one batch and answers each request; says whether the connection still serves. When
/// PostgreSQL refuses the statement, nothing of it was written, and each request's rolls are
/// written alone so that each gets its own answer.
async fn write_batch(conn: &mut sqlx::PgConnection, batch: Vec<(Job, Reply)>) -> bool {
    use tracing::Instrument;
    let jobs: Vec<&Job> = batch.iter().map(|(job, _)| job).collect();
    let span = jobs
        .first()
        .map_or_else(tracing::Span::none, |job| job.span.clone());
    match append(&mut *conn, &jobs).instrument(span).await {
        Ok(landed) => {
            for (job, reply) in batch {
                let _ = reply.send(Ok(landed.contains(&job.campaign)));
            }
            true
        }
        Err(sqlx::Error::Database(_)) if batch.len() > 1 => {
            for (job, reply) in batch {
                let alone = append(&mut *conn, &[&job])
                    .instrument(job.span.clone())
                    .await;
                let _ = reply.send(
                    alone
                        .map(|landed| landed.contains(&job.campaign))
                        .map_err(AppError::from),
                );
            }
            true
        }
        Err(sqlx::Error::Database(e)) => {
            if let Some((_, reply)) = batch.into_iter().next() {
                let _ = reply.send(Err(sqlx::Error::Database(e).into()));
            }
            true
        }
        Err(e) => {
            // The connection failed: whether the statement landed is unknown, so no roll is
            // written again; the requests fail, and the next batch opens a new connection.
            tracing::error!(error = %e, rolls = batch.len(), "rolls' statement failed");
            for (_, reply) in batch {
                let _ = reply.send(Err(AppError::internal("the rolls' statement failed")));
            }
            false
        }
    }
}

/// The statement of `jobs`' rolls (`db::dice::append_unlocked`); answers the campaigns whose
/// rolls landed.
async fn append(conn: &mut sqlx::PgConnection, jobs: &[&Job]) -> sqlx::Result<Vec<Uuid>> {
    let hashes: Vec<[u8; 32]> = jobs.iter().map(|job| job.entropy.hash()).collect();
    let made: Vec<RollsToWrite<'_>> = jobs
        .iter()
        .map(|job| RollsToWrite {
            campaign: job.campaign,
            user: Some(job.user),
            procedure: job.procedure.as_deref(),
            entropy: &job.entropy,
            rolls: &job.rolls,
            readers: job.readers,
        })
        .collect();
    let writes: Vec<_> = made
        .iter()
        .zip(&hashes)
        .zip(jobs)
        .map(|((rolls, hash), job)| {
            (
                rolls.campaign_rolls(hash),
                db::dice::Unchanged {
                    next_roll: job.next_roll,
                    epoch: job.epoch,
                    client_seeds: &job.client_seeds,
                    caller: db::dice::Caller {
                        credential: &job.credential,
                        user: job.user,
                        role: job.role,
                    },
                },
            )
        })
        .collect();
    db::dice::append_unlocked(conn, &writes).await
}
