//! What this process keeps between requests: bounded caches held in `AppState` (see
//! `state::Caches`), each keyed by the version it serves, so a newer version simply misses and
//! a stale entry is never answered. A full cache evicts entries one by one (moka's policy keeps
//! the most used), never starting afresh as a whole.

use crate::core::domain::Role;
use crate::db::campaigns::Membership;
use crate::db::dice::ClientSeedRow;
use crate::db::users::{Credential, User};
use crate::dice::v2::EpochSeeds;
use axum::body::Bytes;
use moka::ops::compute::Op;
use moka::sync::Cache;
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Where a view is kept: a JSON view by its campaign, the reader's role and which view; a page
/// also by its reader (id and name, since a page names the signed-in user). The version is not
/// part of it: only the newest version of each is kept (an older one is asked again only by a
/// reader who read the campaign just before a change, and what it would keep would be a view
/// built after it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A JSON view.
    Json(Uuid, Role, &'static str),
    /// A page, with its reader's id and name.
    Page(Uuid, Role, &'static str, Uuid, String),
}

impl Place {
    /// The campaign the view is of.
    pub fn campaign(&self) -> Uuid {
        match self {
            Place::Json(id, ..) | Place::Page(id, ..) => *id,
        }
    }
}

/// A kept answer, or the one being built: the first reader of a new version builds it and the
/// readers who arrive meanwhile wait for it, instead of each building the same view (every open
/// page asks again at once when a change is announced).
pub type Slot = Arc<tokio::sync::OnceCell<KeptBody>>;

/// A kept answer's body, with the digest its tag is made of (`web::etag`), worked out once when
/// it is kept rather than for every reader.
#[derive(Clone, Debug)]
pub struct KeptBody {
    /// The body.
    pub bytes: Bytes,
    /// Its digest.
    pub digest: BodyDigest,
}

impl KeptBody {
    /// `bytes` with their digest.
    pub fn new(bytes: Bytes) -> KeptBody {
        KeptBody {
            digest: BodyDigest::of(&bytes),
            bytes,
        }
    }
}

/// The first 12 bytes of a body's SHA-256: carried on a kept answer's response as an extension,
/// so that its tag is not hashed again for every reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyDigest(pub [u8; 12]);

impl BodyDigest {
    /// The digest of `body`.
    pub fn of(body: &[u8]) -> BodyDigest {
        use sha2::Digest;
        let full = sha2::Sha256::digest(body);
        let mut first = [0; 12];
        first.copy_from_slice(&full[..12]);
        BodyDigest(first)
    }
}

/// The JSON views and game pages this process has answered (see `web::view_cache`), the newest
/// version of each place.
#[derive(Clone)]
pub struct Views(Cache<Place, (i64, Slot)>);

impl Default for Views {
    /// Keeps 4096 places (a campaign's view or page as one role, or one reader, sees it).
    fn default() -> Self {
        Views::with_capacity(4096)
    }
}

impl Views {
    /// A cache of at most `capacity` places.
    pub fn with_capacity(capacity: u64) -> Views {
        Views(Cache::new(capacity))
    }

    /// The slot for `place` at `version`: the kept one of that version, or a new one that
    /// replaces an older version's; for a version older than the one kept, a slot of its own
    /// that is not kept, so a reader is only ever answered the newest version from the cache.
    pub fn slot(&self, place: Place, version: i64) -> Slot {
        let mut found = None;
        self.0.entry(place).and_compute_with(|kept| {
            if let Some(kept) = kept {
                let (kept, slot) = kept.into_value();
                if kept == version {
                    found = Some(slot);
                    return Op::Nop;
                }
                if kept > version {
                    found = Some(Slot::default());
                    return Op::Nop;
                }
            }
            let slot = Slot::default();
            found = Some(slot.clone());
            Op::Put((version, slot))
        });
        found.unwrap_or_default()
    }

    /// How many places of `campaign` are kept.
    pub fn places_of(&self, campaign: Uuid) -> usize {
        self.0
            .iter()
            .filter(|(place, _)| place.campaign() == campaign)
            .count()
    }

    /// Forgets every kept view and page, so that the next reader of each builds it afresh: the
    /// benchmark suite times builds with it. Correct at any moment, since nothing is ever read
    /// from the cache that its build would not give.
    pub fn forget_all(&self) {
        self.0.invalidate_all();
    }
}

/// How long a campaign access is kept (see `web::access::KeptAccess`), counted from when it
/// was read from the database.
const ACCESS_FOR: Duration = Duration::from_secs(30);

/// A caller's access to a campaign as read from the database, and when it was read.
#[derive(Clone)]
struct HeldAccess {
    user: User,
    membership: Membership,
    read: Instant,
}

/// The campaign accesses this process keeps for a few seconds per credential and campaign, for
/// requests whose writes check them again (see `web::access::KeptAccess`).
#[derive(Clone)]
pub struct Accesses(Cache<(Credential, Uuid), HeldAccess>);

impl Default for Accesses {
    /// Keeps 4096 accesses, each for 30 seconds from when it was read.
    fn default() -> Self {
        Accesses(
            Cache::builder()
                .max_capacity(4096)
                .time_to_live(ACCESS_FOR)
                .build(),
        )
    }
}

impl Accesses {
    /// The kept access of `credential` to campaign `id`, if read within the last 30 seconds.
    pub fn find(&self, credential: &Credential, id: Uuid) -> Option<(User, Membership)> {
        let held = self.0.get(&(credential.clone(), id))?;
        // The cache's own clock restarts when an entry is updated (`update`); this one does not.
        (held.read.elapsed() < ACCESS_FOR).then_some((held.user, held.membership))
    }

    /// Keeps `user`'s access to `membership`'s campaign, just read, for `credential`.
    pub fn keep(&self, credential: &Credential, user: User, membership: Membership) {
        let key = (credential.clone(), membership.campaign.id);
        self.0.insert(
            key,
            HeldAccess {
                user,
                membership,
                read: Instant::now(),
            },
        );
    }

    /// Changes the kept access of `credential` to campaign `id` with `change`, if one is kept:
    /// its campaign row moving past a roll just written.
    pub fn update(&self, credential: &Credential, id: Uuid, change: impl FnOnce(&mut Membership)) {
        self.0
            .entry((credential.clone(), id))
            .and_compute_with(|held| match held {
                Some(held) => {
                    let mut held = held.into_value();
                    change(&mut held.membership);
                    Op::Put(held)
                }
                None => Op::Nop,
            });
    }

    /// Forgets the kept access of `credential` to campaign `id`.
    pub fn forget(&self, credential: &Credential, id: Uuid) {
        self.0.invalidate(&(credential.clone(), id));
    }
}

/// What a campaign's rolls on their own are made from besides its row (see `core::roll`): its
/// open epoch's seeds and the client seeds in effect.
pub struct DiceMaterial {
    /// The epoch the seeds are of.
    pub epoch: i32,
    /// The epoch's seeds.
    pub seeds: EpochSeeds,
    /// The client seeds in effect.
    pub clients: Vec<ClientSeedRow>,
    /// The client seeds as lines (`ClientSeedRow::line`), as the write compares them.
    pub lines: Arc<[String]>,
}

/// The dice material this process keeps per campaign, keyed by its epoch: an epoch's seeds
/// never change, and the roll's write checks the client seeds it assumed.
#[derive(Clone)]
pub struct KeptDice(Cache<Uuid, Arc<DiceMaterial>>);

impl Default for KeptDice {
    /// Keeps 4096 campaigns' material.
    fn default() -> Self {
        KeptDice(Cache::new(4096))
    }
}

impl KeptDice {
    /// The kept material of `campaign`'s epoch `epoch`, if kept.
    pub fn get(&self, campaign: Uuid, epoch: i32) -> Option<Arc<DiceMaterial>> {
        self.0.get(&campaign).filter(|m| m.epoch == epoch)
    }

    /// Keeps `material` for `campaign`, unless a later epoch's is kept already.
    pub fn keep(&self, campaign: Uuid, material: Arc<DiceMaterial>) {
        self.0.entry(campaign).and_compute_with(|kept| match kept {
            Some(kept) if kept.value().epoch > material.epoch => Op::Nop,
            _ => Op::Put(material),
        });
    }

    /// Forgets what is kept of `campaign`, whose client seeds or epoch have moved.
    pub fn forget(&self, campaign: Uuid) {
        self.0.invalidate(&campaign);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_version_of_a_place_is_kept_and_an_older_one_gets_a_slot_of_its_own() {
        let views = Views::default();
        let campaign = Uuid::new_v4();
        let place = || Place::Json(campaign, Role::Soviet, "view");
        let five = views.slot(place(), 5);
        assert!(Arc::ptr_eq(&five, &views.slot(place(), 5)), "kept");
        let four = views.slot(place(), 4);
        assert!(!Arc::ptr_eq(&four, &views.slot(place(), 4)), "not kept");
        assert!(Arc::ptr_eq(&five, &views.slot(place(), 5)), "still kept");
        let six = views.slot(place(), 6);
        assert!(!Arc::ptr_eq(&five, &six), "a newer version replaces it");
        assert!(Arc::ptr_eq(&six, &views.slot(place(), 6)));
        assert_eq!(views.places_of(campaign), 1);
    }

    #[test]
    fn a_full_view_cache_evicts_places_one_by_one() {
        let views = Views::with_capacity(16);
        let campaign = Uuid::new_v4();
        let kinds: Vec<&'static str> = (0..64)
            .map(|n| &*Box::leak(format!("view-{n}").into_boxed_str()))
            .collect();
        let slots: Vec<Slot> = kinds
            .iter()
            .map(|kind| {
                let slot = views.slot(Place::Json(campaign, Role::Umpire, kind), 1);
                views.0.run_pending_tasks();
                slot
            })
            .collect();
        assert!(views.0.entry_count() <= 16, "bounded");
        let kept = kinds
            .iter()
            .zip(&slots)
            .filter(|(kind, slot)| {
                Arc::ptr_eq(
                    slot,
                    &views.slot(Place::Json(campaign, Role::Umpire, kind), 1),
                )
            })
            .count();
        assert!(kept > 1, "not flushed whole: {kept} kept");
    }

    #[test]
    fn dice_material_is_found_only_for_its_epoch_and_an_older_epoch_does_not_replace_a_newer() {
        let dice = KeptDice::default();
        let campaign = Uuid::new_v4();
        let material = |epoch| {
            Arc::new(DiceMaterial {
                epoch,
                seeds: EpochSeeds::new([[1; 32], [2; 32], [3; 32], [4; 32]]),
                clients: Vec::new(),
                lines: Arc::new([]),
            })
        };
        dice.keep(campaign, material(2));
        assert!(dice.get(campaign, 2).is_some());
        assert!(dice.get(campaign, 3).is_none(), "a newer epoch misses");
        dice.keep(campaign, material(1));
        assert!(dice.get(campaign, 2).is_some(), "not replaced by an older");
        dice.forget(campaign);
        assert!(dice.get(campaign, 2).is_none());
    }
}
