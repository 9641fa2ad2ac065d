//! The writer of rolls made without their campaign's lock (`core::roll`): the rolls of requests
//! that arrive together go in one statement and one commit.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::db::users::Credential;
use crate::dice::entropy::EntropySet;
use crate::dice::live::RolledRoll;
use uuid::Uuid;

/// Rolls made without their campaign's lock, with what they assumed, on their way to the
/// [`Writer`].
pub(crate) struct Job {
    /// The campaign rolled in.
    pub campaign: Uuid,
    /// The rolls, in order.
    pub rolls: Vec<RolledRoll>,
    /// Who asked for them, in which role, with which credential.
    pub user: Uuid,
    pub role: Role,
    pub credential: Credential,
    /// The procedure run, if any.
    pub procedure: Option<String>,
    /// The entropy set they used.
    pub entropy: EntropySet,
    /// How far each reader's version moves.
    pub bumps: db::campaigns::VersionBumps,
    /// What they assumed (`db::dice::Unchanged`): the next roll number, the dice epoch and the
    /// client seeds in effect.
    pub next_roll: i64,
    pub epoch: i32,
    pub client_seeds: std::sync::Arc<[String]>,
    /// The request's span, under which the statement that writes the rolls runs (that of the
    /// batch's first request when several go together).
    pub span: tracing::Span,
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
    /// Starts the writer on a connection of its own to `direct`, where a runtime runs (else
    /// every write answers that it was not written, and rolls go through commands).
    pub fn start(direct: sqlx::postgres::PgConnectOptions) -> Writer {
        let (jobs, queue) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(write_batches(direct, queue));
        }
        Writer(jobs)
    }

    /// Writes `job`'s rolls with those of other requests; answers whether they were written.
    pub(crate) async fn write(&self, job: Job) -> Result<bool, AppError> {
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
    direct: sqlx::postgres::PgConnectOptions,
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
            None => connect(&direct).await,
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

/// The writer's connection, besides the pool, that keeps one plan of each statement: a session
/// setting, so not through a transaction pooler (`MOTTI_DIRECT_DATABASE_URL`).
async fn connect(direct: &sqlx::postgres::PgConnectOptions) -> sqlx::Result<sqlx::PgConnection> {
    use sqlx::{Connection, Executor};
    let mut conn = sqlx::PgConnection::connect_with(direct).await?;
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
    let writes: Vec<_> = jobs
        .iter()
        .zip(&hashes)
        .map(|(job, hash)| {
            (
                db::dice::CampaignRolls {
                    campaign: job.campaign,
                    rolls: &job.rolls,
                    roller_id: Some(job.user),
                    procedure: job.procedure.as_deref(),
                    entropy: db::dice::EntropyLines {
                        hash,
                        lines: job.entropy.lines(),
                    },
                    bumps: job.bumps,
                },
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
