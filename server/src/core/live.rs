//! Live updates: one `LISTEN` per process tells each campaign change to the open streams of that
//! campaign and its readers in the process, so every open page learns of a change whichever
//! process made it (see `web::live`), and tells the streams of a user whose access may have ended
//! to check theirs again. The same listener wakes the notification sender when the outbox has
//! news.

use crate::core::domain::Role;
use crate::core::kept::{Accesses, ReadAfter};
use crate::db::notify::OUTBOX_CHANNEL;
use moka::ops::compute::Op;
use moka::sync::Cache;
use sqlx::postgres::PgListener;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{Notify, OnceCell, broadcast};
use uuid::Uuid;

pub use crate::db::readers::{CHANNEL, Readers};

/// A change to a campaign, for the readers named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The campaign.
    pub campaign: Uuid,
    /// Who may see the change.
    pub readers: Readers,
    /// The change is new table talk, not a change of the game.
    pub talk: bool,
}

impl Change {
    /// Reads a notification's payload (see `Readers::payload`).
    pub fn parse(payload: &str) -> Option<Change> {
        if payload.starts_with(ACCESS) {
            return None;
        }
        let mut words = payload.split_whitespace();
        let campaign = words.next()?.parse().ok()?;
        let mut readers = Readers::default();
        let mut talk = false;
        for word in words {
            if word == "talk" {
                talk = true;
                continue;
            }
            readers.add(word.parse().ok()?);
        }
        Some(Change {
            campaign,
            readers,
            talk,
        })
    }
}

/// The first word of a note that says a user's access may have ended.
const ACCESS: &str = "access";

/// The note that a user's access may have ended (a participant removed, a token revoked, a
/// sign-in ended, a password changed): every stream of theirs checks its access again.
pub fn access_payload(user: Uuid) -> String {
    format!("{ACCESS} {user}")
}

/// The versions of a campaign for each reader (Soviet, Finnish, umpire), or `None` when they
/// could not be read.
pub type Versions = Option<[i64; 3]>;

/// What this process's streams hear.
#[derive(Clone, Debug)]
pub enum Live {
    /// A campaign changed. Its versions are read once, by the first stream that needs them, for
    /// every stream of the process.
    Changed(Change, Arc<OnceCell<Versions>>),
    /// The access of this user may have ended: its streams check theirs again.
    Access(Uuid),
    /// The server is stopping: every stream ends.
    Closing,
}

impl Live {
    /// Reads a notification's payload.
    pub fn parse(payload: &str) -> Option<Live> {
        if let Some(user) = payload.strip_prefix(ACCESS) {
            return user.trim().parse().ok().map(Live::Access);
        }
        Change::parse(payload).map(|c| Live::Changed(c, Arc::default()))
    }
}

/// The index of `role` in [`Versions`].
pub fn version_index(role: Role) -> usize {
    match role {
        Role::Soviet => 0,
        Role::Finnish => 1,
        Role::Umpire => 2,
    }
}

/// The notes of committed changes this process sends to every process's `LISTEN`. They are
/// sent after the commit, outside its transaction, and batched: `pg_notify` inside a transaction
/// takes a database-wide lock held through the commit, which made every command wait on every
/// other. A note lost (the process stopping between the commit and the note) costs a stream
/// only its prompt news: the change is in the tables, and the next note or a reconnection
/// (`Last-Event-ID`) catches the stream up from its version (a reconnection that finds its
/// access kept from before the change, within 30 seconds, only at the next note).
#[derive(Clone, Debug)]
pub struct Notes(tokio::sync::mpsc::UnboundedSender<String>);

impl Notes {
    /// Starts the task that sends the notes on `db`, where a runtime runs (else notes are dropped).
    pub fn start(db: sqlx::PgPool) -> Notes {
        let (notes, queue) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(send_notes(db, queue));
        }
        Notes(notes)
    }

    /// Queues the note `payload` (see `Readers::payload`) of a committed change.
    pub fn send(&self, payload: String) {
        let _ = self.0.send(payload);
    }
}

/// Sends queued notes, as many as are waiting in one statement, until every `Notes` is dropped.
async fn send_notes(db: sqlx::PgPool, mut queue: tokio::sync::mpsc::UnboundedReceiver<String>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match queue.try_recv() {
                Ok(note) => batch.push(note),
                Err(_) => break,
            }
        }
        batch.sort_unstable();
        batch.dedup();
        let sent = sqlx::query!(
            "select pg_notify($1, note) from unnest($2::text[]) as note",
            CHANNEL,
            &batch[..],
        )
        .execute(&db)
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, notes = batch.len(), "live updates: notes not sent; streams catch up at the next change");
        }
    }
}

/// How many notes a room of the [`Hub`] keeps for a stream that has not read them yet; past
/// that the stream lags, checks its access and tells its page to look again. A room is one
/// campaign's readers of one role (or one user's streams): few notes in flight at once.
const ROOM_NOTES: usize = 16;

/// Where this process's open streams listen: one room per campaign and role, and one per user
/// for the notes that their access may have ended. The listener tells a change only to the rooms
/// of the readers it concerns, so a stream wakes only for its own campaign and role. A room is
/// made when its first stream opens and goes when its last closes. Cheap to clone: clones share
/// the rooms. Each `AppState` has its own.
///
/// The hub also tells the accesses this process keeps (`core::kept::Accesses`) what they may
/// have missed: it forgets a user's kept accesses before telling their streams an access note,
/// and marks each campaign's change before telling its rooms, so that a stream that joins its
/// rooms and then finds its kept access unforgotten and its campaign's mark unmoved knows that
/// whatever made the access stale will still be told to it.
#[derive(Clone)]
pub struct Hub(Arc<Rooms>);

struct Rooms {
    readers: Mutex<HashMap<(Uuid, Role), Room>>,
    users: Mutex<HashMap<Uuid, Room>>,
    /// The accesses this process keeps, which access notes forget.
    accesses: Accesses,
    /// Per campaign, a mark that moves with every change told: a number drawn from `stamps`,
    /// so never one given before, whether the change replaced it or the campaign was evicted
    /// and marked afresh. A campaign without a mark has moved for every reader of one.
    changes: Cache<Uuid, u64>,
    /// The last mark drawn.
    stamps: AtomicU64,
    /// The mark drawn when the listener last listened afresh: marks up to it count as none.
    floor: AtomicU64,
    /// The listener listens: notes told from now on reach the hub.
    listening: AtomicBool,
    /// The server is stopping: no stream opened from now on follows anything.
    closing: AtomicBool,
    /// Wakes the notification sender (`notify::dispatch`) when the outbox has news.
    outbox: Notify,
}

/// The streams of one campaign and role, or of one user.
struct Room {
    sender: broadcast::Sender<Live>,
    streams: usize,
    /// How many times its streams have woken (the user rooms' streams count in their campaign's).
    wakes: Arc<AtomicU64>,
}

/// Locks `map`, whatever a panic elsewhere left in it (every change to it is one step).
fn lock<K>(map: &Mutex<HashMap<K, Room>>) -> MutexGuard<'_, HashMap<K, Room>> {
    map.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Enters the room `key` of `map`, making it when it is new.
fn enter<K: Hash + Eq>(
    map: &mut HashMap<K, Room>,
    key: K,
) -> (broadcast::Receiver<Live>, Arc<AtomicU64>) {
    let room = map.entry(key).or_insert_with(|| Room {
        sender: broadcast::channel(ROOM_NOTES).0,
        streams: 0,
        wakes: Arc::default(),
    });
    room.streams += 1;
    (room.sender.subscribe(), Arc::clone(&room.wakes))
}

/// Leaves the room `key` of `map`; the last to leave removes it.
fn leave<K: Hash + Eq>(map: &Mutex<HashMap<K, Room>>, key: &K) {
    let mut map = lock(map);
    if let Some(room) = map.get_mut(key) {
        room.streams = room.streams.saturating_sub(1);
        if room.streams == 0 {
            map.remove(key);
        }
    }
}

/// How many campaigns' change marks the hub keeps: more than the accesses kept (4096), so that
/// a campaign whose accesses are kept seldom loses its mark.
const MARKED_CAMPAIGNS: u64 = 8192;

impl Default for Hub {
    /// A hub with accesses of its own, which nothing else keeps.
    fn default() -> Self {
        Hub::keeping(Accesses::default())
    }
}

impl Hub {
    /// A hub whose notes forget what `accesses` keeps.
    pub fn keeping(accesses: Accesses) -> Hub {
        Hub(Arc::new(Rooms {
            readers: Mutex::default(),
            users: Mutex::default(),
            accesses,
            changes: Cache::new(MARKED_CAMPAIGNS),
            stamps: AtomicU64::new(0),
            floor: AtomicU64::new(0),
            listening: AtomicBool::new(false),
            closing: AtomicBool::new(false),
            outbox: Notify::new(),
        }))
    }

    /// A mark never drawn before.
    fn stamp(&self) -> u64 {
        self.0.stamps.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The change mark of `campaign` now, made when it has none: it moves with each change
    /// told after (see [`Hub::unchanged_since`]).
    pub fn mark(&self, campaign: Uuid) -> u64 {
        let floor = self.0.floor.load(Ordering::SeqCst);
        let mut mark = 0;
        self.0
            .changes
            .entry(campaign)
            .and_compute_with(|kept| match kept {
                Some(kept) if *kept.value() > floor => {
                    mark = *kept.value();
                    Op::Nop
                }
                _ => {
                    mark = self.stamp();
                    Op::Put(mark)
                }
            });
        mark
    }

    /// The change mark of `campaign` now, if the hub holds one drawn since it last listened
    /// afresh.
    fn marked(&self, campaign: Uuid) -> Option<u64> {
        let floor = self.0.floor.load(Ordering::SeqCst);
        self.0.changes.get(&campaign).filter(|mark| *mark > floor)
    }

    /// Whether no change of `campaign` has been told since its mark was `mark`, and none
    /// would go untold: `false` when the hub no longer holds its mark, since nothing then says
    /// it is unchanged, and when the listener does not listen.
    pub fn unchanged_since(&self, campaign: Uuid, mark: u64) -> bool {
        self.0.listening.load(Ordering::SeqCst) && self.marked(campaign) == Some(mark)
    }

    /// What this process has been told so far, for an access of `campaign` about to be read.
    pub fn read_after(&self, campaign: Uuid) -> ReadAfter {
        ReadAfter {
            notes: self.0.accesses.notes(),
            changes: self.mark(campaign),
        }
    }

    /// Whether nothing an access of `campaign` read after `after` may have missed has been
    /// told since: no access note and no change of the campaign.
    pub fn told_nothing_since(&self, campaign: Uuid, after: ReadAfter) -> bool {
        self.0.accesses.notes() == after.notes && self.marked(campaign) == Some(after.changes)
    }

    /// The listener listens afresh, and notes may have been missed before: every kept access is
    /// forgotten and every campaign's mark dropped, so that none is trusted from before.
    pub fn relistening(&self) {
        self.0.accesses.forget_all();
        self.0.floor.store(self.stamp(), Ordering::SeqCst);
        self.0.listening.store(true, Ordering::SeqCst);
    }

    /// The listener stopped listening: notes go untold until it listens again, so no kept
    /// access is trusted meanwhile (see [`Hub::unchanged_since`]).
    pub fn deaf(&self) {
        self.0.listening.store(false, Ordering::SeqCst);
    }

    /// A place for a stream of `user` reading `campaign` as `role`, or `None` when the user holds
    /// `most` streams in this process already.
    pub fn join(&self, campaign: Uuid, role: Role, user: Uuid, most: usize) -> Option<Seat> {
        let personal = {
            let mut users = lock(&self.0.users);
            if users.get(&user).is_some_and(|room| room.streams >= most) {
                return None;
            }
            enter(&mut users, user).0
        };
        let (changes, wakes) = enter(&mut lock(&self.0.readers), (campaign, role));
        Some(Seat {
            hub: self.clone(),
            campaign,
            role,
            user,
            changes,
            personal,
            wakes,
        })
    }

    /// Tells `live` to the streams it concerns: a change to its campaign's rooms of the readers
    /// named, an access note to its user's streams, the server stopping to every stream. A
    /// change of the game first moves its campaign's mark (table talk moves no version, so not
    /// that), and an access note first forgets the accesses kept for its user.
    pub fn tell(&self, live: Live) {
        match &live {
            Live::Changed(change, _) => {
                if !change.talk {
                    self.0.changes.insert(change.campaign, self.stamp());
                }
                let readers = lock(&self.0.readers);
                for role in [Role::Soviet, Role::Finnish, Role::Umpire] {
                    if change.readers.includes(role)
                        && let Some(room) = readers.get(&(change.campaign, role))
                    {
                        let _ = room.sender.send(live.clone());
                    }
                }
            }
            Live::Access(user) => {
                self.0.accesses.forget_user(*user);
                if let Some(room) = lock(&self.0.users).get(user) {
                    let _ = room.sender.send(live.clone());
                }
            }
            Live::Closing => {
                self.0.closing.store(true, Ordering::SeqCst);
                for room in lock(&self.0.readers).values() {
                    let _ = room.sender.send(Live::Closing);
                }
            }
        }
    }

    /// How many streams of `campaign` are open in this process.
    pub fn streams(&self, campaign: Uuid) -> usize {
        let readers = lock(&self.0.readers);
        [Role::Soviet, Role::Finnish, Role::Umpire]
            .iter()
            .filter_map(|role| readers.get(&(campaign, *role)))
            .map(|room| room.streams)
            .sum()
    }

    /// How many rooms this process keeps (campaign and role, and user): none once every stream
    /// has closed.
    pub fn rooms(&self) -> usize {
        lock(&self.0.readers).len() + lock(&self.0.users).len()
    }

    /// How many times the open streams of `campaign` have woken since the first of them opened
    /// (a stream wakes for each note it is told, whether or not it then says anything).
    pub fn wakes(&self, campaign: Uuid) -> u64 {
        let readers = lock(&self.0.readers);
        [Role::Soviet, Role::Finnish, Role::Umpire]
            .iter()
            .filter_map(|role| readers.get(&(campaign, *role)))
            .map(|room| room.wakes.load(Ordering::Relaxed))
            .sum()
    }

    /// Says that the outbox has news for the notification sender.
    pub fn outbox_changed(&self) {
        self.0.outbox.notify_one();
    }

    /// Waits until the outbox has news (said since the last wait ended, or from now on).
    pub async fn outbox_news(&self) {
        self.0.outbox.notified().await;
    }
}

/// One open stream's place in the [`Hub`]: it hears its campaign's changes for its role and its
/// user's access notes, and leaves its rooms when dropped.
pub struct Seat {
    hub: Hub,
    campaign: Uuid,
    role: Role,
    user: Uuid,
    changes: broadcast::Receiver<Live>,
    personal: broadcast::Receiver<Live>,
    wakes: Arc<AtomicU64>,
}

impl Seat {
    /// Whether this is a seat of `user` reading as `role`.
    pub fn is_for(&self, user: Uuid, role: Role) -> bool {
        self.user == user && self.role == role
    }

    /// The next note for this stream (cancel-safe), counted as one wake.
    pub async fn recv(&mut self) -> Result<Live, broadcast::error::RecvError> {
        if self.hub.0.closing.load(Ordering::SeqCst) {
            return Ok(Live::Closing);
        }
        let next = tokio::select! {
            next = self.changes.recv() => next,
            next = self.personal.recv() => next,
        };
        self.wakes.fetch_add(1, Ordering::Relaxed);
        next
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        leave(&self.hub.0.readers, &(self.campaign, self.role));
        leave(&self.hub.0.users, &self.user);
    }
}

/// Listens for campaign changes and outbox news and tells them to `hub`, reconnecting after
/// database failures.
pub async fn listen(direct: sqlx::postgres::PgConnectOptions, hub: Hub) {
    // A connection of its own that holds the LISTEN session: not one through a transaction
    // pooler (`MOTTI_DIRECT_DATABASE_URL`).
    let db = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_lazy_with(direct);
    loop {
        match PgListener::connect_with(&db).await {
            Ok(mut listener) => {
                if listener.listen_all([CHANNEL, OUTBOX_CHANNEL]).await.is_ok() {
                    // News may have come while nothing listened.
                    hub.relistening();
                    hub.outbox_changed();
                    // `try_recv`, not `recv`: `recv` listens again after a lost connection
                    // without saying so, and the notes lost meanwhile must not go unheeded. The
                    // hub is deaf from the loss until a new listener listens (`relistening`
                    // above), so no access kept in between is trusted on notes never heard.
                    loop {
                        let note = match listener.try_recv().await {
                            Ok(Some(note)) => note,
                            Ok(None) => {
                                tracing::warn!(
                                    "live updates: the listener lost its connection; notes may have been lost, listening again"
                                );
                                break;
                            }
                            Err(_) => break,
                        };
                        if note.channel() == OUTBOX_CHANNEL {
                            hub.outbox_changed();
                            continue;
                        }
                        match Live::parse(note.payload()) {
                            Some(live) => hub.tell(live),
                            // A note that reads as nothing is a fault worth a line at error
                            // level, but one bad note must not stop every stream's live
                            // updates: the listener goes on with the next.
                            None => tracing::error!(
                                channel = note.channel(),
                                payload = note.payload(),
                                "live updates: a note reads as no change and was dropped"
                            ),
                        }
                    }
                    hub.deaf();
                }
            }
            Err(e) => tracing::warn!(error = %e, "live updates: cannot listen; retrying"),
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::domain::Role;

    #[test]
    fn a_payload_reads_back_as_the_change_it_was_written_from() {
        let id = Uuid::new_v4();
        let mut readers = Readers::default();
        readers.add(Role::Finnish);
        readers.add(Role::Umpire);
        let payload = readers.payload(id);
        assert_eq!(payload, format!("{id} finnish umpire"));
        let change = Change::parse(&payload).expect("parses");
        assert_eq!(change.campaign, id);
        assert!(!change.readers.includes(Role::Soviet));
        assert!(change.readers.includes(Role::Finnish));
        assert!(!change.talk);
        let talk = Change::parse(&readers.talk_payload(id)).expect("parses");
        assert!(talk.talk && talk.readers.includes(Role::Finnish));
        assert!(!talk.readers.includes(Role::Soviet));
        assert_eq!(Change::parse("not-a-uuid umpire"), None);
        assert_eq!(Change::parse(&format!("{id} spectator")), None);
        assert!(matches!(Live::parse(&access_payload(id)), Some(Live::Access(u)) if u == id));
        assert_eq!(Change::parse(&access_payload(id)), None);
        assert!(matches!(Live::parse(&payload), Some(Live::Changed(c, _)) if c.campaign == id));
    }

    /// Whether `seat` hears something within a moment.
    async fn hears(seat: &mut Seat) -> bool {
        tokio::time::timeout(Duration::from_millis(50), seat.recv())
            .await
            .is_ok()
    }

    #[tokio::test]
    async fn a_change_wakes_only_its_campaigns_readers_and_rooms_go_with_their_last_stream() {
        let hub = Hub::default();
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let (ivan, umpire) = (Uuid::new_v4(), Uuid::new_v4());
        let mut soviet = hub.join(a, Role::Soviet, ivan, 2).expect("a place");
        let mut umpire_a = hub.join(a, Role::Umpire, umpire, 2).expect("a place");
        let mut umpire_b = hub.join(b, Role::Umpire, umpire, 2).expect("a place");
        assert!(
            hub.join(b, Role::Umpire, umpire, 2).is_none(),
            "two at most"
        );
        assert_eq!(hub.rooms(), 5);

        let mut readers = Readers::default();
        readers.add(Role::Umpire);
        hub.tell(Live::parse(&readers.payload(a)).expect("parses"));
        assert!(hears(&mut umpire_a).await);
        assert!(!hears(&mut soviet).await, "not a Soviet change");
        assert!(!hears(&mut umpire_b).await, "not this campaign");
        assert_eq!((hub.wakes(a), hub.wakes(b)), (1, 0));

        hub.tell(Live::Access(umpire));
        assert!(hears(&mut umpire_a).await && hears(&mut umpire_b).await);
        assert!(!hears(&mut soviet).await, "not Ivan's access");

        drop((soviet, umpire_a));
        assert_eq!((hub.streams(a), hub.streams(b)), (0, 1));
        hub.tell(Live::Closing);
        assert!(matches!(umpire_b.recv().await, Ok(Live::Closing)));
        drop(umpire_b);
        assert_eq!(hub.rooms(), 0);
    }

    #[tokio::test]
    async fn a_stream_that_looks_after_joining_hears_any_access_note_its_kept_access_missed() {
        let accesses = Accesses::default();
        let hub = Hub::keeping(accesses.clone());
        hub.relistening();
        let (ivan, a) = (Uuid::new_v4(), Uuid::new_v4());
        let token = crate::db::users::Credential::Token(vec![1]);
        let keep = || {
            let (user, membership) = crate::core::kept::tests::taking_part(ivan, a, Role::Soviet);
            accesses.keep(&token, user, membership, hub.read_after(a));
            accesses.find(&token, a).expect("kept")
        };

        // The note comes before the stream looks: the access is gone.
        keep();
        hub.tell(Live::Access(ivan));
        assert!(accesses.find(&token, a).is_none(), "forgotten");

        // The note comes between the stream's first look and its join: gone at the second.
        let held = keep();
        hub.tell(Live::Access(ivan));
        let mut seat = hub.join(a, Role::Soviet, ivan, 2).expect("a place");
        assert!(!accesses.holds(&token, a, &held));
        assert!(!hears(&mut seat).await, "told before the join");

        // The note comes after the join and the look: the seat hears it.
        let held = keep();
        let mut seat = hub.join(a, Role::Soviet, ivan, 2).expect("a place");
        assert!(accesses.holds(&token, a, &held));
        assert!(hub.unchanged_since(a, held.after.changes));
        hub.tell(Live::Access(ivan));
        assert!(matches!(seat.recv().await, Ok(Live::Access(u)) if u == ivan));

        // A read begun before a note and ended after it keeps nothing.
        let after = hub.read_after(a);
        hub.tell(Live::Access(Uuid::new_v4()));
        let (user, membership) = crate::core::kept::tests::taking_part(ivan, a, Role::Soviet);
        accesses.keep(&token, user, membership, after);
        assert!(accesses.find(&token, a).is_none());
        assert!(!hub.told_nothing_since(a, after));
    }

    #[tokio::test]
    async fn a_change_told_moves_its_campaigns_mark_before_its_rooms_hear_it() {
        let hub = Hub::default();
        let (a, b, ivan) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let mut soviet = Readers::default();
        soviet.add(Role::Soviet);
        let change = |id| Live::parse(&soviet.payload(id)).expect("parses");
        assert!(
            !hub.unchanged_since(a, hub.mark(a)),
            "not listening: nothing is trusted"
        );
        hub.relistening();

        // A change told before the look moves the mark: the access is read afresh.
        let mark = hub.mark(a);
        assert!(hub.unchanged_since(a, mark));
        hub.tell(change(a));
        let mut seat = hub.join(a, Role::Soviet, ivan, 2).expect("a place");
        assert!(!hub.unchanged_since(a, mark), "moved");
        assert!(!hears(&mut seat).await, "told before the join");

        // A change told after the join and the look: the seat hears it.
        let mark = hub.mark(a);
        assert!(hub.unchanged_since(a, mark));
        hub.tell(change(a));
        assert!(hears(&mut seat).await);

        // Another campaign's change and table talk move nothing; every mark is new.
        let mark = hub.mark(a);
        hub.tell(change(b));
        hub.tell(Live::parse(&soviet.talk_payload(a)).expect("parses"));
        assert!(hub.unchanged_since(a, mark));
        assert_ne!(hub.mark(b), mark);

        // A campaign the hub holds no mark of is never unchanged, whatever was recorded.
        let unmarked = Uuid::new_v4();
        assert!(!hub.unchanged_since(unmarked, mark));
        let first = hub.mark(unmarked);
        assert!(first > mark, "a new mark is one never given");

        // Listening afresh, or not at all, trusts no mark from before.
        hub.relistening();
        assert!(!hub.unchanged_since(a, mark));
        let mark = hub.mark(a);
        hub.deaf();
        assert!(!hub.unchanged_since(a, mark));
        let after = hub.read_after(a);
        assert!(
            hub.told_nothing_since(a, after),
            "a fresh read's check needs no listener"
        );
    }
}
