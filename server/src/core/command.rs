//! One command in one transaction: lock the campaign row, roll with live dice, append the rolls,
//! bump the versions of the readers it changed, commit, then note the change for their streams. Game modules run their
//! rules inside it.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::live::Readers;
use crate::db;
use crate::db::campaigns::CampaignRow;
use crate::db::game::Audience;
use crate::dice::entropy::{ClientSeed, EntropySet};
use crate::dice::live::{LiveDice, RolledRoll};
use crate::dice::v2::EpochSeeds;
use crate::state::AppState;
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

/// Why the lock refused a caller whose access was read by an earlier request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stale {
    /// The credential is no longer current (a token revoked or expired, a sign-in ended).
    NotCurrent,
    /// The caller now holds another role in the campaign.
    RoleChanged,
    /// The passed deadline the server saw has changed since, or the campaign was paused or
    /// finished: another process acted on it, a command moved the campaign on, or the umpire
    /// changed the clock.
    DeadlineMoved,
}

impl From<Stale> for AppError {
    fn from(stale: Stale) -> AppError {
        match stale {
            Stale::NotCurrent => AppError::unauthorized(),
            Stale::RoleChanged => AppError::conflict(
                "role_changed",
                "Your role in this campaign has changed; reload the campaign and try again.",
            ),
            Stale::DeadlineMoved => AppError::conflict(
                "deadline_changed",
                "The deadline has changed since it passed; nothing was done.",
            ),
        }
    }
}

/// A command under way: the campaign is locked until it commits or is dropped (which rolls back).
pub struct Command {
    tx: Transaction<'static, Postgres>,
    /// The campaign, as locked.
    pub campaign: CampaignRow,
    /// The caller's role.
    pub role: Role,
    /// The caller; `None` when the server acts by itself.
    pub user: Option<Uuid>,
    /// The dice for this command; every roll gets the next number in this transaction.
    pub dice: LiveDice,
    entropy: EntropySet,
    /// Whose view this command changes: the caller's own and the umpire's from the start, then
    /// the audiences of the events it appends and the rolls it makes.
    readers: Readers,
    /// Where the note of the committed change goes.
    notes: crate::core::live::Notes,
    /// The game's state document as read with the lock, until it is loaded.
    stored_state: Option<db::game::StateRead>,
    /// Where the game stands after this command, if that changed.
    standing: Option<db::standing::Standing>,
    /// The steps of the story the game has reached with this command (a battle's result
    /// recorded, a new turn or phase), in order: its state is kept as each one's (`db::steps`).
    steps: Vec<db::steps::NewStep>,
    /// The game states this process keeps (`db::kept_states`).
    kept_states: db::kept_states::KeptStates,
    /// The views this process keeps, for the command's answer (`web::view_cache`).
    pub views: crate::core::kept::Views,
    /// Holds back this process's reads that start meanwhile, until the command ends
    /// (`core::reads`).
    _under_way: Option<crate::core::reads::UnderWay>,
}

impl Command {
    /// Opens a transaction and locks campaign `campaign` for its participant `user`; 404 when
    /// the user takes no part in it, 409 when it has finished.
    pub async fn begin(state: &AppState, campaign: Uuid, user: Uuid) -> Result<Command, AppError> {
        let runner = db::locked::Runner::User(user);
        Ok(Command::open(state, campaign, runner, None).await??)
    }

    /// As `begin`, for a caller whose access (`credential`, and `role` in the campaign) may
    /// have been read by an earlier request: the lock checks again that the credential is
    /// current and that the caller still holds that role, and answers why not with the
    /// transaction rolled back.
    pub async fn begin_as(
        state: &AppState,
        campaign: Uuid,
        credential: &db::users::Credential,
        user: Uuid,
        role: Role,
    ) -> Result<Result<Command, Stale>, AppError> {
        let runner = db::locked::Runner::Caller(credential, user);
        Command::open(state, campaign, runner, Some(role)).await
    }

    /// Opens a transaction and locks the campaign for the server to act on the passed deadline
    /// `seen` with the umpire's authority; `None`, with nothing done, unless the campaign still
    /// has that deadline, passed with its grace, is not paused and is open (the claim is
    /// checked in the statement that takes the lock: see `db::locked::Runner::Deadline`).
    pub async fn claim_deadline(
        state: &AppState,
        seen: &db::campaigns::PastDeadline,
    ) -> Result<Option<Command>, AppError> {
        let runner = db::locked::Runner::Deadline(seen.deadline);
        match Command::open(state, seen.id, runner, None).await? {
            Ok(command) => Ok(Some(command)),
            Err(Stale::DeadlineMoved) => Ok(None),
            Err(stale) => Err(stale.into()),
        }
    }

    /// Locks the campaign and reads, in the same statement, what the command needs: the dice
    /// material and the game's state (read again should a change have been committed while the
    /// lock was awaited). With `role`, the caller must still be current and hold it.
    async fn open(
        state: &AppState,
        campaign: Uuid,
        runner: db::locked::Runner<'_>,
        role: Option<Role>,
    ) -> Result<Result<Command, Stale>, AppError> {
        let user = runner.user();
        let under_way = state.reads.command();
        let mut tx = crate::db::pool::begin(&state.db).await?;
        let kept = state.caches.states.revision(campaign);
        let Some(locked) = db::locked::lock_for_command(&mut tx, campaign, runner, kept).await?
        else {
            return match runner {
                db::locked::Runner::Deadline(_) => Ok(Err(Stale::DeadlineMoved)),
                db::locked::Runner::User(_) | db::locked::Runner::Caller(..) => {
                    Err(AppError::not_found())
                }
            };
        };
        if !locked.current {
            return Ok(Err(Stale::NotCurrent));
        }
        if role.is_some_and(|role| role != locked.role) {
            return Ok(Err(Stale::RoleChanged));
        }
        let (mut campaign, role) = (locked.campaign, locked.role);
        refuse_finished(&campaign)?;
        let fresh = match locked.fresh {
            Some(fresh) => fresh,
            None => db::locked::Fresh::read(&mut tx, &campaign, kept).await?,
        };
        let (epoch, seeds) = fresh.material;
        let (epoch_seeds, upgraded) = open_epoch(&mut tx, &mut campaign, &epoch).await?;
        let (dice, entropy) = dice_for(&campaign, epoch_seeds, &seeds)?;
        let readers = if upgraded {
            // A new epoch's commitments are shown to everyone.
            Readers::ALL
        } else {
            first_readers(role)
        };
        Ok(Ok(Command {
            stored_state: fresh.state,
            standing: None,
            steps: Vec::new(),
            kept_states: state.caches.states.clone(),
            views: state.caches.views.clone(),
            readers,
            notes: state.notes.clone(),
            _under_way: under_way,
            tx,
            role,
            user,
            campaign,
            dice,
            entropy,
        }))
    }

    /// The game's state document, if the game has started: the one this process keeps, when
    /// the lock read that it is the stored revision, else decoded from the text read.
    pub async fn load_state<T: GameState>(&mut self) -> Result<Option<T>, AppError> {
        let id = self.campaign.id;
        let read = match self.stored_state.take() {
            Some(read) => Some(read),
            None => db::game::stored(&mut *self.tx, id, None).await?,
        };
        let Some(read) = read else {
            return Ok(None);
        };
        Ok(read
            .into_owned::<T>(&mut *self.tx, &self.kept_states, id)
            .await?)
    }

    /// The game's state document; 409 when the game has not started.
    pub async fn game<T: GameState>(&mut self) -> Result<T, AppError> {
        self.load_state().await?.ok_or_else(|| {
            AppError::conflict("not_started", "This campaign's game has not started.")
        })
    }

    /// Ends a game command: stores the new state, appends its events, then commits (see
    /// `commit`); then keeps the state as this process wrote it under its new revision
    /// (`db::kept_states`), so that the next command or view on the campaign here neither reads
    /// nor decodes it.
    pub async fn finish<S: GameState>(
        mut self,
        state: std::sync::Arc<S>,
        events: &[db::game::NewEvent],
    ) -> Result<Closed, AppError> {
        for e in events {
            self.changes_for(e.audience);
        }
        let id = self.campaign.id;
        let kept = self.kept_states.clone();
        let closed = self.close(Some(&*state), events, None).await?;
        if let Some(revision) = closed.revision {
            kept.keep(id, revision, state);
        }
        Ok(closed)
    }

    /// Appends events to the campaign's log; their audiences see a change.
    pub async fn append_events(&mut self, events: &[db::game::NewEvent]) -> Result<(), AppError> {
        for e in events {
            self.changes_for(e.audience);
        }
        db::game::append_events(&mut self.tx, self.campaign.id, events).await?;
        Ok(())
    }

    /// Records where the game stands after this command, written with its other changes.
    pub fn set_standing(&mut self, standing: db::standing::Standing) {
        self.standing = Some(standing);
    }

    /// Records that the game has reached a new step of its story (a new turn or phase, or just
    /// after a battle): the state this command stores is kept as that step's, for replay.
    pub fn mark_step(&mut self, step: db::steps::NewStep) {
        self.steps.push(step);
    }

    /// Marks the command as changing what `audience` sees, for a change no event records
    /// (a deadline, a new dice epoch).
    pub fn changes_for(&mut self, audience: Audience) {
        self.readers.see(audience);
    }

    /// The transaction, for the game module's own reads and writes.
    pub fn tx(&mut self) -> &mut Transaction<'static, Postgres> {
        &mut self.tx
    }

    /// Appends the rolls made, bumps the versions of the readers whose view changed, commits, and
    /// then notes the change for those readers' streams. `procedure` names the procedure a dice-tray roll ran.
    pub async fn commit(self, procedure: Option<&str>) -> Result<Vec<RolledRoll>, AppError> {
        Ok(self.close::<()>(None, &[], procedure).await?.rolls)
    }

    /// Stores `state` (if given), appends `events` and the rolls made, bumps the versions of
    /// the readers whose view changed, commits, and notes the change: without rolls, the
    /// writes are one statement; with rolls, two. Answers the rolls and the state's new
    /// revision, if it was stored.
    async fn close<S: serde::Serialize>(
        mut self,
        state: Option<&S>,
        events: &[db::game::NewEvent],
        procedure: Option<&str>,
    ) -> Result<Closed, AppError> {
        let rolls = made_rolls(self.dice, &mut self.readers)?;
        let id = self.campaign.id;
        let r = self.readers;
        let moves = bumps(r);
        let mut writes = db::game::Writes {
            state,
            events,
            bumps: Some(moves),
            standing: self.standing.as_ref(),
        };
        let (revision, version) = if rolls.is_empty() {
            db::game::record(&mut self.tx, id, writes).await?
        } else {
            // The rolls' statement moves the versions.
            writes.bumps = None;
            let (revision, version) = db::game::record(&mut self.tx, id, writes).await?;
            let hash = self.entropy.hash();
            let written = db::dice::append_rolls(
                &mut *self.tx,
                &db::dice::CampaignRolls {
                    campaign: id,
                    rolls: &rolls,
                    roller_id: self.user,
                    procedure,
                    entropy: db::dice::EntropyLines {
                        hash: &hash,
                        lines: self.entropy.lines(),
                    },
                    bumps: moves,
                },
            )
            .await?;
            if !written {
                return Err(AppError::internal(
                    "the locked campaign's rolls were not written",
                ));
            }
            (revision, version.map(|v| v + moves.umpire))
        };
        if state.is_some() {
            for step in std::mem::take(&mut self.steps) {
                db::steps::mark(&mut self.tx, id, &step).await?;
            }
        }
        self.tx.commit().await?;
        self.notes.send(r.payload(id));
        Ok(Closed {
            rolls,
            revision,
            version,
        })
    }
}

/// What a closed command wrote.
pub struct Closed {
    /// The rolls made, as stored.
    pub rolls: Vec<RolledRoll>,
    /// The state's new revision, if it was stored.
    pub revision: Option<i64>,
    /// The campaign's (umpire's) version as committed, where the writes' statement read it.
    pub version: Option<i64>,
}

/// What a game's state document must be for a command to load it and keep it
/// (`db::kept_states`).
pub trait GameState:
    serde::de::DeserializeOwned + serde::Serialize + Clone + Send + Sync + 'static
{
}

impl<T: serde::de::DeserializeOwned + serde::Serialize + Clone + Send + Sync + 'static> GameState
    for T
{
}

/// 409 when the campaign has finished: nothing more is rolled or ordered in it.
pub(crate) fn refuse_finished(campaign: &CampaignRow) -> Result<(), AppError> {
    if campaign.is_finished() {
        return Err(AppError::conflict(
            "finished",
            "This campaign has finished; nothing more can be rolled or ordered in it.",
        ));
    }
    Ok(())
}

/// The readers a command changes from the start: the umpire's and the caller's own.
pub(crate) fn first_readers(role: Role) -> Readers {
    let mut readers = Readers::default();
    readers.add(Role::Umpire);
    readers.add(role);
    readers
}

/// The live dice of `campaign` as it stands (its epoch, next roll number and chain head), with
/// its epoch's seeds and the client seeds in effect; and the entropy set they make.
pub(crate) fn dice_for(
    campaign: &CampaignRow,
    seeds: EpochSeeds,
    clients: &[db::dice::ClientSeedRow],
) -> Result<(LiveDice, EntropySet), AppError> {
    let chain_head: [u8; 32] = campaign
        .chain_head
        .as_slice()
        .try_into()
        .map_err(AppError::internal)?;
    let parsed: Vec<(Role, Uuid, ClientSeed)> = clients
        .iter()
        .filter_map(|s| Some((s.role, s.user_id, ClientSeed::parse(s.seed.clone()).ok()?)))
        .collect();
    let entropy = EntropySet::from_seeds(parsed.iter().map(|(r, u, s)| (*r, *u, s)));
    let next_k = u64::try_from(campaign.next_roll).map_err(AppError::internal)?;
    let epoch = u32::try_from(campaign.dice_epoch).map_err(AppError::internal)?;
    let dice = LiveDice::new(
        campaign.id,
        epoch,
        seeds,
        entropy.hash(),
        next_k,
        chain_head,
    );
    Ok((dice, entropy))
}

/// The rolls `dice` made; each is a change for its audience.
pub(crate) fn made_rolls(
    dice: LiveDice,
    readers: &mut Readers,
) -> Result<Vec<RolledRoll>, AppError> {
    let rolls = dice.into_rolls().map_err(|fault| {
        AppError::internal(format!("a rule asked for an impossible die: {fault}"))
    })?;
    for roll in &rolls {
        readers.see(roll.audience);
    }
    Ok(rolls)
}

/// How far each reader's version moves for a change `readers` see. Every committed change
/// moves the umpire's version, who sees everything.
pub(crate) fn bumps(r: Readers) -> db::campaigns::VersionBumps {
    let public = r.soviet && r.finnish;
    db::campaigns::VersionBumps {
        umpire: 1,
        public: i64::from(public),
        soviet: i64::from(r.soviet && !public),
        finnish: i64::from(r.finnish && !public),
    }
}

/// The seeds of the campaign's open v2 epoch. A campaign still in a v1 epoch first opens a v2
/// epoch: the v1 epoch closes without revealing its seed, which the end of the campaign reveals.
/// Says whether it opened a new epoch.
async fn open_epoch(
    tx: &mut Transaction<'static, Postgres>,
    campaign: &mut CampaignRow,
    rows: &[(String, Vec<u8>)],
) -> Result<(EpochSeeds, bool), AppError> {
    if rows.is_empty() {
        let seeds = EpochSeeds::fresh().map_err(AppError::internal)?;
        let next = campaign.dice_epoch + 1;
        db::dice_epochs::insert_v2(tx, campaign.id, next, &seeds).await?;
        db::dice::set_current_epoch(tx, campaign.id, next).await?;
        campaign.dice_epoch = next;
        return Ok((seeds, true));
    }
    Ok((epoch_seeds(campaign, rows)?, false))
}

/// The four seeds of the campaign's open v2 epoch, from its `(audience, seed)` rows.
pub(crate) fn epoch_seeds(
    campaign: &CampaignRow,
    rows: &[(String, Vec<u8>)],
) -> Result<EpochSeeds, AppError> {
    let mut seeds = [[0u8; 32]; 4];
    for (audience, seed) in rows {
        let audience: Audience = audience.parse().map_err(AppError::internal)?;
        seeds[usize::from(audience.byte())] =
            seed.as_slice().try_into().map_err(AppError::internal)?;
    }
    if rows.len() != 4 {
        return Err(AppError::internal(format!(
            "dice epoch {} of campaign {} has {} seeds instead of 4",
            campaign.dice_epoch,
            campaign.id,
            rows.len()
        )));
    }
    Ok(EpochSeeds::new(seeds))
}
