//! The game states this process has decoded or written, by campaign and revision.
//!
//! Every write of a campaign's state document gives it a new revision (a trigger draws it from a
//! sequence, whatever writes the row), so a state kept under its revision is never stale: a
//! newer one simply misses. A command or view tells the database the revision it keeps, and the
//! database sends the document only when the stored one differs; a hit spares PostgreSQL
//! printing and sending the document and this process decoding it.

use moka::ops::compute::Op;
use std::any::Any;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

/// How many campaigns' states are kept; past that, the least useful ones are evicted one by one
/// (a 40-platoon WoNS state takes about 100 KB decoded).
const CAPACITY: u64 = 256;

/// A campaign's kept state and its revision. The state sits behind a lock of its own so that a
/// command can take it out whole: the cache's own bookkeeping may hold a copy of the entry for a
/// while after it is removed, and must not hold the state with it (the command changes the
/// state in place only when nothing else shares it).
struct Kept {
    revision: i64,
    state: Mutex<Option<Arc<dyn Any + Send + Sync>>>,
}

impl Kept {
    fn state(&self) -> std::sync::MutexGuard<'_, Option<Arc<dyn Any + Send + Sync>>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The kept states, one per campaign (the newest revision read or written here); held in
/// `AppState`, cheap to clone (clones share the store).
#[derive(Clone)]
pub struct KeptStates(moka::sync::Cache<Uuid, Arc<Kept>>);

impl Default for KeptStates {
    fn default() -> Self {
        KeptStates::with_capacity(CAPACITY)
    }
}

impl KeptStates {
    /// A store that keeps at most `capacity` campaigns' states.
    pub fn with_capacity(capacity: u64) -> KeptStates {
        KeptStates(moka::sync::Cache::new(capacity))
    }

    /// The revision of `campaign`'s state this process keeps, if any.
    pub fn revision(&self, campaign: Uuid) -> Option<i64> {
        self.0.get(&campaign).map(|kept| kept.revision)
    }

    /// `campaign`'s state at `revision`, if this process keeps it as a `T`.
    pub fn get<T: Send + Sync + 'static>(&self, campaign: Uuid, revision: i64) -> Option<Arc<T>> {
        let kept = self.0.get(&campaign).filter(|k| k.revision == revision)?;
        let state = kept.state().clone()?;
        state.downcast::<T>().ok()
    }

    /// `campaign`'s state at `revision`, if this process keeps it as a `T`, taken out of the
    /// store: for a command about to change it (see `db::game::StateRead::into_owned`).
    pub fn take<T: Send + Sync + 'static>(&self, campaign: Uuid, revision: i64) -> Option<Arc<T>> {
        let mut taken = None;
        self.0.entry(campaign).and_compute_with(|kept| {
            let Some(kept) = kept.filter(|k| k.value().revision == revision) else {
                return Op::Nop;
            };
            let mut state = kept.value().state();
            if !state.as_ref().is_some_and(|s| (**s).is::<T>()) {
                return Op::Nop;
            }
            taken = state.take();
            Op::Remove
        });
        taken?.downcast::<T>().ok()
    }

    /// Keeps `state` as `campaign`'s state at `revision`, unless a newer revision is kept
    /// already (a view may have read the state just before a command wrote it).
    pub fn keep<T: Send + Sync + 'static>(&self, campaign: Uuid, revision: i64, state: Arc<T>) {
        let kept = Arc::new(Kept {
            revision,
            state: Mutex::new(Some(state)),
        });
        self.0.entry(campaign).and_compute_with(|old| match old {
            Some(old) if old.value().revision > revision => Op::Nop,
            _ => Op::Put(kept),
        });
    }

    /// Forgets every kept state, so that the next reader of each decodes it afresh: the
    /// benchmark suite times views built from the stored document with it.
    pub fn forget_all(&self) {
        self.0.invalidate_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_found_only_at_its_revision_and_as_its_type() {
        let kept = KeptStates::default();
        let campaign = Uuid::new_v4();
        assert_eq!(kept.revision(campaign), None);
        kept.keep(campaign, 7, Arc::new(String::from("seven")));
        assert_eq!(kept.revision(campaign), Some(7));
        assert_eq!(
            kept.get::<String>(campaign, 7)
                .as_deref()
                .map(String::as_str),
            Some("seven")
        );
        assert!(
            kept.get::<String>(campaign, 8).is_none(),
            "a newer revision misses"
        );
        assert!(
            kept.get::<u32>(campaign, 7).is_none(),
            "another type misses"
        );
        kept.keep(campaign, 5, Arc::new(String::from("five")));
        assert_eq!(
            kept.revision(campaign),
            Some(7),
            "an older revision does not replace a newer"
        );
        kept.keep(campaign, 9, Arc::new(String::from("nine")));
        assert_eq!(
            kept.get::<String>(campaign, 9)
                .as_deref()
                .map(String::as_str),
            Some("nine")
        );
        assert!(kept.get::<String>(campaign, 7).is_none());
    }

    #[test]
    fn a_command_takes_the_kept_state_out_only_at_its_revision_and_as_its_type() {
        let kept = KeptStates::default();
        let campaign = Uuid::new_v4();
        kept.keep(campaign, 3, Arc::new(String::from("three")));
        assert!(
            kept.take::<String>(campaign, 2).is_none(),
            "another revision"
        );
        assert!(kept.take::<u32>(campaign, 3).is_none(), "another type");
        assert_eq!(kept.revision(campaign), Some(3), "a miss leaves it kept");
        let taken = kept
            .take::<String>(campaign, 3)
            .expect("taken at its revision");
        assert_eq!(
            Arc::try_unwrap(taken).as_deref(),
            Ok("three"),
            "the store no longer shares it"
        );
        assert_eq!(kept.revision(campaign), None);
        assert!(kept.take::<String>(campaign, 3).is_none());
    }

    #[test]
    fn a_full_store_evicts_states_one_by_one_and_never_answers_a_stale_one() {
        let kept = KeptStates::with_capacity(8);
        let campaigns: Vec<Uuid> = (0..64).map(|_| Uuid::new_v4()).collect();
        for (n, campaign) in campaigns.iter().enumerate() {
            kept.keep(*campaign, n as i64, Arc::new(n));
            kept.0.run_pending_tasks();
        }
        assert!(kept.0.entry_count() <= 8, "bounded");
        let held = campaigns
            .iter()
            .enumerate()
            .filter(|(n, c)| kept.get::<usize>(**c, *n as i64).as_deref() == Some(n))
            .count();
        assert!(held > 1, "not flushed whole: {held} kept");
        for (n, campaign) in campaigns.iter().enumerate() {
            assert!(kept.get::<usize>(*campaign, n as i64 + 1).is_none());
        }
    }
}
