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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
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

/// What this process had been told when a campaign access began to be read from the database:
/// how many access notes (see [`Accesses::notes`]) and its campaign's change mark in the hub
/// (`core::live::Hub::mark`). Taken before the read, it tells what the read may have missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadAfter {
    /// The access notes told before the read.
    pub notes: u64,
    /// The campaign's change mark before the read.
    pub changes: u64,
}

/// A caller's access to a campaign as read from the database, what had been told before the
/// read, and when it was read.
#[derive(Clone)]
pub struct HeldAccess {
    /// The caller.
    pub user: User,
    /// The campaign and the caller's role in it.
    pub membership: Membership,
    /// What had been told when the read began.
    pub after: ReadAfter,
    read: Instant,
    /// Which keeping this is, unique in the process.
    serial: u64,
}

/// The serial of the next access kept.
static SERIALS: AtomicU64 = AtomicU64::new(0);

/// The campaign accesses this process keeps for a few seconds per credential and campaign, for
/// requests whose writes check them again (see `web::access::KeptAccess`) and for live streams
/// that hear whatever is told after they look (see `web::access::CampaignAccess::seated`).
///
/// An access note (a participant removed, a token revoked, a sign-in ended, a password changed)
/// makes the hub forget every access kept for its user ([`Accesses::forget_user`]) before it
/// tells the user's streams. A read that began before the note and ends after it would keep
/// what the note ended: so every note is counted, under the same lock as the forgetting and the
/// keeping, and a read that a note came during keeps nothing.
#[derive(Clone)]
pub struct Accesses {
    kept: Cache<(Credential, Uuid), HeldAccess>,
    /// Browser sign-ins whose campaign access was kept: a session's id (from its cookie) to the
    /// sign-in it held and that sign-in's user, so that a live stream opened by the page need
    /// not load its session from the database (see [`Accesses::signin`]).
    signins: Cache<i128, (Uuid, Uuid)>,
    /// How many access notes this process has been told; held while kept accesses change.
    notes: Arc<Mutex<u64>>,
}

impl Default for Accesses {
    /// Keeps 4096 accesses, each for 30 seconds from when it was read.
    fn default() -> Self {
        Accesses {
            kept: Cache::builder()
                .max_capacity(4096)
                .time_to_live(ACCESS_FOR)
                .build(),
            signins: Cache::builder()
                .max_capacity(4096)
                .time_to_live(ACCESS_FOR)
                .build(),
            notes: Arc::default(),
        }
    }
}

impl Accesses {
    /// Locks the count of access notes, whatever a panic elsewhere left in it (each change to it
    /// is one step).
    fn told(&self) -> MutexGuard<'_, u64> {
        self.notes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many access notes this process has been told: taken before a read that is to be kept.
    pub fn notes(&self) -> u64 {
        *self.told()
    }

    /// The kept access of `credential` to campaign `id`, if read within the last 30 seconds.
    pub fn find(&self, credential: &Credential, id: Uuid) -> Option<HeldAccess> {
        let held = self.kept.get(&(credential.clone(), id))?;
        // The cache's own clock restarts when an entry is updated (`update`); this one does not.
        (held.read.elapsed() < ACCESS_FOR).then_some(held)
    }

    /// Whether `held`, found for `credential` and campaign `id`, is kept still: not forgotten
    /// since (by an access note, say) nor replaced by another read.
    pub fn holds(&self, credential: &Credential, id: Uuid, held: &HeldAccess) -> bool {
        self.find(credential, id)
            .is_some_and(|now| now.serial == held.serial)
    }

    /// Keeps `user`'s access to `membership`'s campaign, just read for `credential` after what
    /// `after` says was told; unless an access note was told since, which the read may have
    /// missed.
    pub fn keep(
        &self,
        credential: &Credential,
        user: User,
        membership: Membership,
        after: ReadAfter,
    ) {
        let key = (credential.clone(), membership.campaign.id);
        let told = self.told();
        if *told != after.notes {
            return;
        }
        self.kept.insert(
            key,
            HeldAccess {
                user,
                membership,
                after,
                read: Instant::now(),
                serial: SERIALS.fetch_add(1, Ordering::Relaxed),
            },
        );
    }

    /// The sign-in session `session` held when an access read with it was kept, within the last
    /// 30 seconds and with no access note of its user since. Only a credential to look up
    /// with: what it gives is still read afresh or kept as any other's.
    pub fn signin(&self, session: i128) -> Option<Uuid> {
        self.signins.get(&session).map(|(login, _)| login)
    }

    /// Keeps that session `session` holds sign-in `login` of `user`, as an access read with it
    /// after what `after` says was told found: unless an access note was told since.
    pub fn keep_signin(&self, session: i128, login: Uuid, user: Uuid, after: ReadAfter) {
        let told = self.told();
        if *told == after.notes {
            self.signins.insert(session, (login, user));
        }
    }

    /// Changes the kept access of `credential` to campaign `id` with `change`, if one is kept:
    /// its campaign row moving past a roll just written.
    pub fn update(&self, credential: &Credential, id: Uuid, change: impl FnOnce(&mut Membership)) {
        let _told = self.told();
        self.kept
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
        let _told = self.told();
        self.kept.invalidate(&(credential.clone(), id));
    }

    /// An access note of `user` is told: forgets every access kept for them (every credential,
    /// every campaign), and no read that began before keeps anything.
    pub fn forget_user(&self, user: Uuid) {
        let mut told = self.told();
        *told += 1;
        for (key, held) in self.kept.iter() {
            if held.user.id == user {
                self.kept.invalidate(&*key);
            }
        }
        for (session, (_, of)) in self.signins.iter() {
            if of == user {
                self.signins.invalidate(&*session);
            }
        }
    }

    /// Forgets every kept access, and no read that began before keeps anything: notes may have
    /// been missed (the listener reconnected).
    pub fn forget_all(&self) {
        let mut told = self.told();
        *told += 1;
        // One by one, not `invalidate_all`, whose cut-off may also take an access kept in
        // the same instant after it.
        for (key, _) in self.kept.iter() {
            self.kept.invalidate(&*key);
        }
        for (session, _) in self.signins.iter() {
            self.signins.invalidate(&*session);
        }
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
pub(crate) mod tests {
    use super::*;
    use crate::core::domain::CampaignStatus;
    use crate::db::campaigns::CampaignRow;

    /// A user `id` taking part in campaign `campaign` as `role`, as a read would give them.
    pub(crate) fn taking_part(id: Uuid, campaign: Uuid, role: Role) -> (User, Membership) {
        let user = User {
            id,
            username: "ivan".to_owned(),
            time_zone: None,
        };
        let campaign = CampaignRow {
            id: campaign,
            name: "Taipale".to_owned(),
            game: "wons".to_owned(),
            status: CampaignStatus::Open,
            created_at: time::OffsetDateTime::UNIX_EPOCH,
            version: 1,
            public_version: 1,
            soviet_version: 0,
            finnish_version: 0,
            dice_epoch: 1,
            chain_head: Vec::new(),
            next_roll: 1,
            orders_deadline: None,
            standing: None,
            pace_minutes: None,
            grace_minutes: 0,
            paused_at: None,
            solo: false,
        };
        (user, Membership { campaign, role })
    }

    /// Keeps, for `credential`, `user`'s access to `campaign`, read after `notes` access notes.
    fn keep(accesses: &Accesses, credential: &Credential, user: Uuid, campaign: Uuid, notes: u64) {
        let (user, membership) = taking_part(user, campaign, Role::Soviet);
        let after = ReadAfter { notes, changes: 0 };
        accesses.keep(credential, user, membership, after);
    }

    #[test]
    fn an_access_note_forgets_every_access_kept_for_its_user_and_only_theirs() {
        let accesses = Accesses::default();
        let (ivan, finn) = (Uuid::new_v4(), Uuid::new_v4());
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let token = Credential::Token(vec![1]);
        let session = Credential::Session(Uuid::new_v4());
        let finns = Credential::Token(vec![2]);
        keep(&accesses, &token, ivan, a, 0);
        keep(&accesses, &session, ivan, b, 0);
        keep(&accesses, &finns, finn, a, 0);
        assert!(accesses.find(&token, a).is_some() && accesses.find(&session, b).is_some());
        accesses.forget_user(ivan);
        assert!(accesses.find(&token, a).is_none(), "every credential");
        assert!(accesses.find(&session, b).is_none(), "every campaign");
        assert!(accesses.find(&finns, a).is_some(), "not another user's");
        assert_eq!(accesses.notes(), 1);
        accesses.forget_all();
        assert!(accesses.find(&finns, a).is_none());
        assert_eq!(accesses.notes(), 2);
    }

    #[test]
    fn a_read_begun_before_an_access_note_and_ended_after_it_keeps_nothing() {
        let accesses = Accesses::default();
        let (ivan, a) = (Uuid::new_v4(), Uuid::new_v4());
        let token = Credential::Token(vec![1]);
        // The read counts the notes, the note is told, the read ends and would keep.
        let before = accesses.notes();
        accesses.forget_user(ivan);
        keep(&accesses, &token, ivan, a, before);
        assert!(accesses.find(&token, a).is_none(), "kept nothing");
        // Any user's note counts: the read cannot tell whose access it read before it ended.
        let before = accesses.notes();
        accesses.forget_user(Uuid::new_v4());
        keep(&accesses, &token, ivan, a, before);
        assert!(accesses.find(&token, a).is_none(), "kept nothing");
        // A read begun after the note is kept; so is one after the listener listened afresh
        // only when it began after that.
        keep(&accesses, &token, ivan, a, accesses.notes());
        assert!(accesses.find(&token, a).is_some(), "kept");
        let before = accesses.notes();
        accesses.forget_all();
        keep(&accesses, &token, ivan, a, before);
        assert!(accesses.find(&token, a).is_none(), "kept nothing");
    }

    #[test]
    fn a_sessions_sign_in_is_kept_only_from_a_read_no_note_came_during_and_an_access_note_forgets_it()
     {
        let accesses = Accesses::default();
        let (ivan, finn, login, finns) = (
            Uuid::new_v4(),
            Uuid::new_v4(),
            Uuid::new_v4(),
            Uuid::new_v4(),
        );
        let after = |notes| ReadAfter { notes, changes: 0 };
        accesses.keep_signin(1, login, ivan, after(accesses.notes()));
        accesses.keep_signin(2, finns, finn, after(accesses.notes()));
        assert_eq!(accesses.signin(1), Some(login));
        assert_eq!(accesses.signin(3), None, "another session");
        accesses.forget_user(ivan);
        assert_eq!(
            accesses.signin(1),
            None,
            "the user's access note forgets it"
        );
        assert_eq!(accesses.signin(2), Some(finns), "not another user's");
        let before = accesses.notes();
        accesses.forget_user(Uuid::new_v4());
        accesses.keep_signin(1, login, ivan, after(before));
        assert_eq!(accesses.signin(1), None, "a note came during the read");
        accesses.forget_all();
        assert_eq!(
            accesses.signin(2),
            None,
            "listening afresh forgets every one"
        );
    }

    #[test]
    fn a_found_access_holds_until_forgotten_or_replaced_and_an_update_brings_none_back() {
        let accesses = Accesses::default();
        let (ivan, a) = (Uuid::new_v4(), Uuid::new_v4());
        let token = Credential::Token(vec![1]);
        keep(&accesses, &token, ivan, a, 0);
        let held = accesses.find(&token, a).expect("kept");
        assert!(accesses.holds(&token, a, &held));
        accesses.update(&token, a, |m| m.campaign.next_roll = 7);
        assert!(
            accesses.holds(&token, a, &held),
            "moved past a roll, the same read"
        );
        keep(&accesses, &token, ivan, a, 0);
        assert!(
            !accesses.holds(&token, a, &held),
            "another read replaced it"
        );
        let held = accesses.find(&token, a).expect("kept");
        accesses.forget_user(ivan);
        assert!(!accesses.holds(&token, a, &held), "forgotten");
        accesses.update(&token, a, |m| m.campaign.next_roll = 8);
        assert!(
            accesses.find(&token, a).is_none(),
            "an update keeps nothing new"
        );
    }

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
