//! The game states this process has decoded or written, by campaign and revision.
//!
//! Every write of a campaign's state document gives it a new revision (a trigger draws it from a
//! sequence, whatever writes the row), so a state kept under its revision is never stale: a
//! newer one simply misses. A command or view tells the database the revision it keeps, and the
//! database sends the document only when the stored one differs; a hit spares PostgreSQL
//! printing and sending the document and this process decoding it.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use uuid::Uuid;

/// How many campaigns' states are kept before the store starts afresh (a 40-platoon WoNS state
/// takes about 100 KB decoded).
const CAPACITY: usize = 256;

type Kept = (i64, Arc<dyn Any + Send + Sync>);

fn store() -> MutexGuard<'static, HashMap<Uuid, Kept>> {
    static KEPT: OnceLock<Mutex<HashMap<Uuid, Kept>>> = OnceLock::new();
    KEPT.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The revision of `campaign`'s state this process keeps, if any.
pub fn revision(campaign: Uuid) -> Option<i64> {
    store().get(&campaign).map(|(revision, _)| *revision)
}

/// `campaign`'s state at `revision`, if this process keeps it as a `T`.
pub fn get<T: Send + Sync + 'static>(campaign: Uuid, revision: i64) -> Option<Arc<T>> {
    let store = store();
    let (kept, state) = store.get(&campaign)?;
    (*kept == revision)
        .then(|| state.clone().downcast::<T>().ok())
        .flatten()
}

/// `campaign`'s state at `revision`, if this process keeps it as a `T`, taken out of the store:
/// for a command about to change it (see `db::game::StateRead::into_owned`).
pub fn take<T: Send + Sync + 'static>(campaign: Uuid, revision: i64) -> Option<Arc<T>> {
    let mut store = store();
    match store.get(&campaign) {
        Some((kept, state)) if *kept == revision && (**state).is::<T>() => {}
        _ => return None,
    }
    let (_, state) = store.remove(&campaign)?;
    state.downcast::<T>().ok()
}

/// Keeps `state` as `campaign`'s state at `revision`, unless a newer revision is kept already
/// (a view may have read the state just before a command wrote it).
pub fn keep<T: Send + Sync + 'static>(campaign: Uuid, revision: i64, state: Arc<T>) {
    let mut store = store();
    if store
        .get(&campaign)
        .is_some_and(|(kept, _)| *kept > revision)
    {
        return;
    }
    if store.len() >= CAPACITY && !store.contains_key(&campaign) {
        store.clear();
    }
    store.insert(campaign, (revision, state));
}

/// Forgets every kept state, so that the next reader of each decodes it afresh: the benchmark
/// suite times views built from the stored document with it.
pub fn forget_all() {
    store().clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_found_only_at_its_revision_and_as_its_type() {
        let campaign = Uuid::new_v4();
        assert_eq!(revision(campaign), None);
        keep(campaign, 7, Arc::new(String::from("seven")));
        assert_eq!(revision(campaign), Some(7));
        assert_eq!(
            get::<String>(campaign, 7).as_deref().map(String::as_str),
            Some("seven")
        );
        assert!(
            get::<String>(campaign, 8).is_none(),
            "a newer revision misses"
        );
        assert!(get::<u32>(campaign, 7).is_none(), "another type misses");
        keep(campaign, 5, Arc::new(String::from("five")));
        assert_eq!(
            revision(campaign),
            Some(7),
            "an older revision does not replace a newer"
        );
        keep(campaign, 9, Arc::new(String::from("nine")));
        assert_eq!(
            get::<String>(campaign, 9).as_deref().map(String::as_str),
            Some("nine")
        );
        assert!(get::<String>(campaign, 7).is_none());
    }

    #[test]
    fn a_command_takes_the_kept_state_out_only_at_its_revision_and_as_its_type() {
        let campaign = Uuid::new_v4();
        keep(campaign, 3, Arc::new(String::from("three")));
        assert!(take::<String>(campaign, 2).is_none(), "another revision");
        assert!(take::<u32>(campaign, 3).is_none(), "another type");
        assert_eq!(revision(campaign), Some(3), "a miss leaves it kept");
        let taken = take::<String>(campaign, 3).expect("taken at its revision");
        assert_eq!(
            Arc::try_unwrap(taken).as_deref(),
            Ok("three"),
            "the store no longer shares it"
        );
        assert_eq!(revision(campaign), None);
        assert!(take::<String>(campaign, 3).is_none());
    }
}
