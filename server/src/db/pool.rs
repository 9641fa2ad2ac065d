//! Opening transactions so that a cancelled request cannot leave one open on a pooled connection.
//!
//! A future dropped while sqlx sends `BEGIN` leaves the server's transaction open although sqlx
//! believes there is none (sqlx 0.8.6: its guard only rolls back once the depth has been counted,
//! which happens after the server answered). The next request on that connection would then write
//! inside the stale transaction, and its work would vanish when the connection closed. A request's
//! future is dropped whenever its client goes away or its time runs out, so `BEGIN` is never sent
//! from one: it runs in a task of its own, which finishes even when the request does not; a
//! transaction nobody waits for any more is dropped there and rolled back as usual.
//!
//! Every transaction in the server opens through [`begin`] (a test reads the sources for any
//! other), and the session store's through [`SessionStore`].

use sqlx::{PgPool, Postgres, Transaction};
use tower_sessions::session::{Id, Record};
use tower_sessions::session_store;
use tower_sessions_sqlx_store::PostgresStore;

/// Opens a transaction on a connection from `pool`, in a task that a dropped request cannot stop.
pub async fn begin(pool: &PgPool) -> sqlx::Result<Transaction<'static, Postgres>> {
    let pool = pool.clone();
    tokio::spawn(async move { pool.begin().await })
        .await
        .map_err(|e| sqlx::Error::Protocol(format!("opening a transaction failed: {e}")))?
}

/// The sessions' store: PostgreSQL's, with each call in a task of its own, because creating a
/// session opens a transaction (see the module's note).
#[derive(Clone, Debug)]
pub struct SessionStore(pub PostgresStore);

/// Runs `work` on its own task, so that dropping the caller does not cut it short.
async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = session_store::Result<T>> + Send + 'static,
) -> session_store::Result<T> {
    tokio::spawn(work)
        .await
        .map_err(|e| session_store::Error::Backend(e.to_string()))?
}

#[async_trait::async_trait]
impl session_store::SessionStore for SessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        let store = self.0.clone();
        let mut owned = record.clone();
        let created = detached(async move {
            store.create(&mut owned).await?;
            Ok(owned)
        })
        .await?;
        *record = created;
        Ok(())
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        // One statement, outside any transaction: nothing to protect.
        self.0.save(record).await
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        self.0.load(id).await
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        self.0.delete(id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::postgres::PgPoolOptions;
    use sqlx::{Executor, Row};
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    /// Needs the PostgreSQL the tests use (DATABASE_URL, else 127.0.0.1:5432).
    #[tokio::test]
    async fn a_begin_dropped_half_way_leaves_no_transaction_open_on_the_connection() {
        let url = std::env::var("DATABASE_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        // One connection, so the next request gets the very one the dropped begin used.
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .test_before_acquire(false)
            .connect(&url)
            .await
            .expect("connect");
        for _ in 0..20 {
            {
                // Poll until BEGIN is on its way, then drop the future, as a request that ran
                // out of time would be dropped.
                let mut opening = pin!(begin(&pool));
                let mut cx = Context::from_waker(Waker::noop());
                for _ in 0..3 {
                    if let Poll::Ready(tx) = opening.as_mut().poll(&mut cx) {
                        drop(tx);
                        break;
                    }
                    tokio::task::yield_now().await;
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            let mut conn = pool.acquire().await.expect("acquire");
            // Outside a transaction each statement starts its own, so its start time is the
            // transaction's; inside one that began earlier, they differ. (Asked in the simple
            // protocol: in the extended one the two always differ.)
            let stale: bool = conn
                .fetch_one("select now() <> statement_timestamp()")
                .await
                .expect("check")
                .get(0);
            assert!(
                !stale,
                "a transaction was left open on the pooled connection"
            );
        }
    }
}
