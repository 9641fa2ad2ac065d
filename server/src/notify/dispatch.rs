//! The outbox's sender. Every process may run it: rows are claimed with `for update skip locked`
//! and a lease, so each is sent by one process, retried with backoff when delivery fails, and sent
//! again after the lease if the process died before it could record the delivery.

use super::send::Senders;
use super::unsubscribe;
use crate::db;
use crate::db::notify::Claimed;
use crate::state::AppState;
use std::time::Duration;

/// How long a claim holds, in seconds.
const LEASE_SECS: i64 = 120;
/// After this many failed attempts a row is given up (the target shows the error).
const ATTEMPTS: i32 = 8;

/// The wait before attempt `attempts + 1`: 5 s doubling, at most an hour.
pub fn backoff_secs(attempts: i32) -> i64 {
    let doublings = u32::try_from(attempts.clamp(1, 12) - 1).unwrap_or(0);
    (5i64 << doublings).min(3600)
}

/// Sends what is due, forever; also warns players whose deadline is 80 % gone.
pub async fn run(state: AppState) {
    let senders = match Senders::new(&state.config) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "notifications cannot be sent");
            return;
        }
    };
    let key = loop {
        match unsubscribe::key(&state.db).await {
            Ok(k) => break k,
            Err(e) => {
                tracing::warn!(error = %e, "notifications: cannot read the signing key; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
    };
    let interval = Duration::from_millis(state.config.notify.interval_ms);
    let gather = i64::try_from(state.config.notify.digest_secs).unwrap_or(86_400);
    let mut pruned = std::time::Instant::now();
    loop {
        if pruned.elapsed() > Duration::from_secs(3600) {
            pruned = std::time::Instant::now();
            if let Err(e) = db::notify::prune(&state.db).await {
                tracing::warn!(error = %e, "notifications: old outbox rows not pruned");
            }
        }
        if let Err(e) = warn_deadlines(&state).await {
            tracing::warn!(error = %e, "notifications: deadline warnings failed");
        }
        match round(&state, &senders, &key, gather).await {
            Ok(0) => tokio::time::sleep(interval).await,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(error = %e, "notifications: the outbox cannot be read");
                tokio::time::sleep(interval).await;
            }
        }
    }
}

/// Warns the players a deadline still waits for once 80 % of its time has gone, in the same
/// transaction that marks the campaign warned.
async fn warn_deadlines(state: &AppState) -> sqlx::Result<()> {
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let due = db::notify::deadlines_to_warn(&mut tx).await?;
    for (id, name, standing, deadline) in due {
        let Some(standing) = standing else { continue };
        let due_utc = crate::core::text::utc_minute(deadline);
        let mut notices = super::tell::Notices::default();
        for awaited in &standing.0.awaited {
            let words = super::notices::deadline_near(id, &name, &awaited.what, &due_utc);
            notices.add(&[awaited.role], words, None, None);
        }
        notices.queue(&mut tx, id).await?;
    }
    tx.commit().await
}

/// One round: single notices, then one digest; answers how many rows it handled.
async fn round(
    state: &AppState,
    senders: &Senders,
    key: &[u8; 32],
    gather: i64,
) -> sqlx::Result<usize> {
    let single = db::notify::claim(&state.db, 20, LEASE_SECS).await?;
    for row in &single {
        send(state, senders, key, std::slice::from_ref(row)).await?;
    }
    let digest = db::notify::claim_digest(&state.db, gather, LEASE_SECS).await?;
    if !digest.is_empty() {
        send(state, senders, key, &digest).await?;
    }
    Ok(single.len() + digest.len())
}

async fn send(
    state: &AppState,
    senders: &Senders,
    key: &[u8; 32],
    rows: &[Claimed],
) -> sqlx::Result<()> {
    let Some(first) = rows.first() else {
        return Ok(());
    };
    let ids: Vec<uuid::Uuid> = rows.iter().map(|r| r.id).collect();
    let token = unsubscribe::token(key, first.target_id);
    match senders.deliver(rows, &token).await {
        Ok(()) => db::notify::delivered(&state.db, first.target_id, &ids).await,
        Err(error) => {
            let attempts = rows.iter().map(|r| r.attempts).max().unwrap_or(1);
            tracing::info!(target = %first.target_id, %error, attempts, "notification not delivered");
            db::notify::failed(
                &state.db,
                first.target_id,
                &ids,
                &error,
                backoff_secs(attempts),
                attempts >= ATTEMPTS,
            )
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::backoff_secs;

    #[test]
    fn retries_back_off_to_an_hour() {
        assert_eq!(
            (1..=6).map(backoff_secs).collect::<Vec<_>>(),
            [5, 10, 20, 40, 80, 160]
        );
        assert_eq!(backoff_secs(40), 3600);
    }
}
