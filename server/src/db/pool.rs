//! What a connection must satisfy to go back to the pool: no transaction left open on the server.

use sqlx::PgConnection;

/// Whether `conn` is outside any transaction on the server side, so it may be reused.
///
/// A future dropped while sqlx sends `BEGIN` leaves the server's transaction open although sqlx
/// believes there is none (sqlx 0.8.6); the next request would then write inside it. Asked on the
/// server itself: outside a transaction every statement starts its own, so its start time is the
/// transaction's; inside one that began earlier, they differ. Such a connection is closed, which
/// rolls the stale transaction back.
pub async fn outside_transaction(conn: &mut PgConnection) -> Result<bool, sqlx::Error> {
    let stale: bool = sqlx::query_scalar("select now() <> statement_timestamp()")
        .fetch_one(conn)
        .await?;
    if stale {
        tracing::warn!("a connection came back inside a transaction; it is closed, not reused");
    }
    Ok(!stale)
}
