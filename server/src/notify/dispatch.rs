//! The outbox's sender. Every process may run it. Each target is its own queue: a target is
//! claimed with a lease (one delivery to it in flight at a time, across processes), sent its oldest
//! due row (or its digest), and after a failure waits its own backoff; deliveries run concurrently,
//! at most [`IN_FLIGHT`] in a process and [`PER_USER`] per user, so a slow or dead target delays only
//! itself and one account's many targets only that account. A target that fails [`PAUSE_AFTER`]
//! times in a row is paused and its owner told; a test message resumes it. Between rounds the
//! sender sleeps until a write says the outbox has news (`db::notify::OUTBOX_CHANNEL`, heard by
//! the process's one listener, `core::live::listen`), the clock makes something due, or
//! [`FALLBACK_ROUNDS`] intervals pass.

use super::send::Senders;
use super::unsubscribe;
use crate::db;
use crate::state::AppState;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use uuid::Uuid;

/// How long a claim holds, in seconds; a delivery is cut off well before.
const LEASE_SECS: i64 = 120;
/// The longest one delivery may take, whatever the peer does.
const DELIVERY_BUDGET: Duration = Duration::from_secs(60);
/// After this many attempts a row is given up (its target shows the error).
const ATTEMPTS: i32 = 8;
/// After this many failures in a row a target is paused until its owner resumes it.
pub const PAUSE_AFTER: i32 = 8;
/// The longest the sender waits without news, in rounds of its interval (30 s at the default
/// second): it then looks at the outbox anyway, for what a note lost, a process that died or a
/// clock set by hand left due.
const FALLBACK_ROUNDS: u32 = 30;
/// Deliveries in flight at once in one process.
pub const IN_FLIGHT: usize = 32;
/// Deliveries in flight at once for one user, across every process.
pub const PER_USER: i64 = 2;

/// The wait before attempt `attempts + 1`: 5 s doubling, at most an hour.
pub fn backoff_secs(attempts: i32) -> i64 {
    let doublings = u32::try_from(attempts.clamp(1, 12) - 1).unwrap_or(0);
    (5i64 << doublings).min(3600)
}

/// What one process's sender shares with its deliveries.
struct Sender {
    state: AppState,
    senders: Senders,
    key: [u8; 32],
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
    let sender = Arc::new(Sender {
        state,
        senders,
        key,
    });
    let slots = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut pruned = std::time::Instant::now();
    loop {
        let state = &sender.state;
        if pruned.elapsed() > Duration::from_secs(3600) {
            pruned = std::time::Instant::now();
            if let Err(e) = db::notify::prune(&state.db).await {
                tracing::warn!(error = %e, "notifications: old outbox rows not pruned");
            }
        }
        if let Err(e) = warn_deadlines(state).await {
            tracing::warn!(error = %e, "notifications: deadline warnings failed");
        }
        match start_deliveries(&sender, &slots, gather).await {
            Ok(0) => idle(state, interval, gather).await,
            Ok(_) => tokio::time::sleep(interval / 10).await,
            Err(e) => {
                tracing::warn!(error = %e, "notifications: the outbox cannot be read");
                tokio::time::sleep(interval).await;
            }
        }
    }
}

/// Waits, with nothing to start now, until the outbox has news (a write made something due, a
/// delivery of this process ended) or the clock makes something due; at least `interval` (so
/// that what is due but cannot be claimed yet, such as a target whose owner has deliveries in
/// flight in another process, is not asked for in a busy loop) and at most [`FALLBACK_ROUNDS`]
/// intervals.
async fn idle(state: &AppState, interval: Duration, gather: i64) {
    let fallback = interval * FALLBACK_ROUNDS;
    let due = match db::notify::next_due(&state.db, gather).await {
        Ok(Some(at)) => (at - time::OffsetDateTime::now_utc())
            .try_into()
            .unwrap_or(Duration::ZERO),
        Ok(None) => fallback,
        Err(e) => {
            tracing::warn!(error = %e, "notifications: the outbox cannot be read");
            interval
        }
    };
    let wait = due.clamp(interval, fallback);
    tokio::select! {
        () = state.live.outbox_news() => {}
        () = tokio::time::sleep(wait) => {}
    }
}

/// Claims as many due targets as there are free slots and starts a delivery to each; answers how
/// many started.
async fn start_deliveries(
    sender: &Arc<Sender>,
    slots: &Arc<Semaphore>,
    gather: i64,
) -> sqlx::Result<usize> {
    let free = slots.available_permits();
    if free == 0 {
        return Ok(0);
    }
    let limit = i64::try_from(free).unwrap_or(1);
    let claimed =
        db::notify::claim_targets(&sender.state.db, limit, PER_USER, gather, LEASE_SECS).await?;
    for (target, failures) in &claimed {
        let Ok(slot) = Arc::clone(slots).try_acquire_owned() else {
            // Cannot happen (this loop alone takes slots); the lease frees the target.
            break;
        };
        let sender = Arc::clone(sender);
        let (target, failures) = (*target, *failures);
        tokio::spawn(async move {
            if let Err(e) = deliver(&sender, target, failures).await {
                tracing::warn!(%target, error = %e, "notifications: a delivery was not recorded");
            }
            drop(slot);
            // A slot is free, and the target (or another of its owner's) may be due again.
            sender.state.live.outbox_changed();
        });
    }
    Ok(claimed.len())
}

/// Warns the players a deadline still waits for once 80 % of its time has gone, in the same
/// transaction that marks the campaign warned.
async fn warn_deadlines(state: &AppState) -> sqlx::Result<()> {
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let due = db::notify::deadlines_to_warn(&mut tx).await?;
    for (id, name, standing, deadline) in due {
        let Some(standing) = standing else { continue };
        // Times in a message are each reader's own: the sender writes the mark in their zone.
        let due = super::notices::time_mark(deadline);
        let mut notices = super::tell::Notices::default();
        for awaited in &standing.0.awaited {
            let words = super::notices::deadline_near(id, &name, &awaited.what, &due);
            notices.add(&[awaited.role], words, None, None);
        }
        notices.queue(&mut tx, id).await?;
    }
    tx.commit().await
}

/// Delivers what is due to one claimed target and records the outcome on it.
async fn deliver(sender: &Sender, target: Uuid, failures: i32) -> sqlx::Result<()> {
    let db = &sender.state.db;
    let rows = db::notify::due_rows(db, target).await?;
    let Some(first) = rows.first() else {
        return db::notify::release(db, target).await;
    };
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let token = unsubscribe::token(&sender.key, target);
    let outcome = tokio::time::timeout(DELIVERY_BUDGET, sender.senders.deliver(&rows, &token))
        .await
        .unwrap_or_else(|_| Err("the receiver took too long to answer".to_owned()));
    let Err(error) = outcome else {
        return db::notify::delivered(db, target, &ids).await;
    };
    let failures = failures + 1;
    tracing::info!(%target, %error, failures, "notification not delivered");
    let pause = failures >= PAUSE_AFTER;
    let failure = db::notify::failed(
        db,
        target,
        &ids,
        &error,
        ATTEMPTS,
        backoff_secs(failures),
        pause,
    )
    .await?;
    if failure.paused {
        let words = super::notices::target_paused(&first.kind, &first.address, failures);
        db::notify::enqueue_personal(
            db,
            failure.user_id,
            &words.subject,
            &words.body,
            &words.link,
        )
        .await?;
    }
    Ok(())
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
