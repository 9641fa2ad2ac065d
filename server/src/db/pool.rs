//! What a connection must satisfy to go back to the pool: no transaction left open on the server.

use sqlx::{Executor, PgConnection, Row};

/// Whether `conn` is outside any transaction on the server side, so it may be reused.
///
/// A future dropped while sqlx sends `BEGIN` leaves the server's transaction open although sqlx
/// believes there is none (sqlx 0.8.6); the next request would then write inside it. Asked on the
/// server itself: outside a transaction every statement starts its own, so its start time is the
/// transaction's; inside one that began earlier, they differ. Such a connection is closed, which
/// rolls the stale transaction back.
///
/// The question goes in the simple query protocol: in the extended one the statement's start
/// (its Execute message) comes after the implicit transaction's (its Bind), so the two always
/// differed and every connection was closed after every use.
pub async fn outside_transaction(conn: &mut PgConnection) -> Result<bool, sqlx::Error> {
    // Text without arguments goes in the simple protocol.
    let stale: bool = conn
        .fetch_one("select now() <> statement_timestamp()")
        .await?
        .try_get(0)?;
    if stale {
        tracing::warn!("a connection came back inside a transaction; it is closed, not reused");
    }
    Ok(!stale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Connection;

    /// Needs the PostgreSQL the tests use (DATABASE_URL, else 127.0.0.1:5432).
    #[tokio::test]
    async fn a_connection_is_reused_outside_a_transaction_and_closed_inside_one() {
        let url = std::env::var("DATABASE_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let mut conn = PgConnection::connect(&url).await.expect("connect");
        for _ in 0..3 {
            sqlx::query("select 1")
                .execute(&mut conn)
                .await
                .expect("query");
            assert!(outside_transaction(&mut conn).await.expect("check"));
        }
        sqlx::raw_sql("begin")
            .execute(&mut conn)
            .await
            .expect("begin");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        assert!(!outside_transaction(&mut conn).await.expect("check"));
    }
}
