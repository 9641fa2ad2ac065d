//! Work that takes a core for a while (reading a big upload, hashing a password) runs here, on
//! blocking threads and never on the async workers that answer every other request.
//!
//! Each kind of work has a pool of as many permits as the machine has cores, so a burst of it
//! queues instead of taking every core, and a time budget: a request whose work has not ended
//! within the budget (its wait for a permit included) is answered 503 with a sentence and
//! `Retry-After`.
//! Work that outlasts its answer runs to its end on its thread (every parser reads its input in
//! time that grows with its length, and inputs are capped) and keeps its permit until then, so
//! abandoned work never piles up beyond the pool.

use crate::core::error::AppError;
use axum::http::StatusCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A kind of heavy work: its permits and its time budget.
pub struct Pool {
    /// What the work is, for the answer: "reading the file", "checking the password".
    what: &'static str,
    permits: std::sync::OnceLock<Arc<Semaphore>>,
    /// How long the work may take from the request's asking, its wait for a permit included.
    budget: Duration,
}

/// Reading uploaded files: scenario packs, maps, counter sets, rosters, charts, large bodies.
pub static UPLOADS: Pool = Pool::new("reading what you sent", Duration::from_secs(8));

/// Hashing and checking passwords with argon2 (each run holds 19 MiB while it lasts).
pub static PASSWORDS: Pool = Pool::new("checking passwords", Duration::from_secs(20));

impl Pool {
    const fn new(what: &'static str, budget: Duration) -> Pool {
        Pool {
            what,
            permits: std::sync::OnceLock::new(),
            budget,
        }
    }

    fn permits(&self) -> Arc<Semaphore> {
        self.permits
            .get_or_init(|| {
                let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
                Arc::new(Semaphore::new(cores))
            })
            .clone()
    }

    /// Runs `job` on a blocking thread once a permit is free; 503 when the job has not ended
    /// within the budget, counted from the call (waiting for a permit included).
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let deadline = tokio::time::Instant::now() + self.budget;
        let permit = tokio::time::timeout_at(deadline, self.permits().acquire_owned())
            .await
            .map_err(|_| self.too_long("waited"))?
            .map_err(AppError::internal)?;
        let task = tokio::task::spawn_blocking(move || {
            let done = job();
            drop(permit);
            done
        });
        match tokio::time::timeout_at(deadline, task).await {
            Ok(done) => done.map_err(AppError::internal)?,
            Err(_) => Err(self.too_long("ran")),
        }
    }

    fn too_long(&self, how: &str) -> AppError {
        tracing::warn!(work = self.what, how, budget = ?self.budget, "heavy work over its budget; answered 503");
        AppError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!(
                "The server is busy {} and gave up after {} seconds; nothing was changed. Try again in a minute.",
                self.what,
                self.budget.as_secs()
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_off_the_async_thread_and_answers_its_result() {
        let here = std::thread::current().id();
        let there = UPLOADS
            .run(|| Ok(std::thread::current().id()))
            .await
            .expect("runs");
        assert_ne!(here, there);
        let refused = UPLOADS
            .run(|| Err::<(), _>(AppError::invalid("bad", "Bad.")))
            .await
            .expect_err("the job's own error");
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    }

    #[tokio::test]
    async fn work_over_its_budget_is_answered_503_and_keeps_its_permit_until_it_ends() {
        static SLOW: Pool = Pool::new("testing", Duration::from_millis(50));
        let cores = SLOW.permits().available_permits();
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let answer = SLOW.run(move || {
            hold.recv().ok();
            Ok(())
        });
        let answer = answer.await.expect_err("over its budget");
        assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(answer.message.contains("testing"), "{}", answer.message);
        assert_eq!(SLOW.permits().available_permits(), cores - 1);
        release.send(()).expect("the job still runs");
        for _ in 0..500 {
            if SLOW.permits().available_permits() == cores {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the permit came back when the job ended");
    }
}
