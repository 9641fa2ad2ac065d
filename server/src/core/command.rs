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
}

impl Command {
    /// Opens a transaction and locks campaign `campaign` for its participant `user`; 404 when
    /// the user takes no part in it, 409 when it has finished.
    pub async fn begin(state: &AppState, campaign: Uuid, user: Uuid) -> Result<Command, AppError> {
        let mut tx = crate::db::pool::begin(&state.db).await?;
        let locked = db::campaigns::membership(&mut *tx, campaign, user, true)
            .await?
            .ok_or_else(AppError::not_found)?;
        Command::open(tx, locked.campaign, locked.role, Some(user), state).await
    }

    /// Opens a transaction and locks the campaign for a command the server runs itself
    /// (such as a passed deadline); it acts with the umpire's authority.
    pub async fn begin_system(state: &AppState, campaign: Uuid) -> Result<Command, AppError> {
        let mut tx = crate::db::pool::begin(&state.db).await?;
        let locked = db::campaigns::lock(&mut *tx, campaign)
            .await?
            .ok_or_else(AppError::not_found)?;
        Command::open(tx, locked, Role::Umpire, None, state).await
    }

    async fn open(
        mut tx: Transaction<'static, Postgres>,
        mut campaign: CampaignRow,
        role: Role,
        user: Option<Uuid>,
        state: &AppState,
    ) -> Result<Command, AppError> {
        if campaign.is_finished() {
            return Err(AppError::conflict(
                "finished",
                "This campaign has finished; nothing more can be rolled or ordered in it.",
            ));
        }
        let (epoch, seeds) = db::dice::material(&mut *tx, campaign.id, campaign.dice_epoch).await?;
        let (epoch_seeds, upgraded) = open_epoch(&mut tx, &mut campaign, &epoch).await?;
        let c = &campaign;
        let chain_head: [u8; 32] = c
            .chain_head
            .as_slice()
            .try_into()
            .map_err(AppError::internal)?;
        let parsed: Vec<(Role, Uuid, ClientSeed)> = seeds
            .into_iter()
            .filter_map(|s| {
                Some((
                    s.role.parse().ok()?,
                    s.user_id,
                    ClientSeed::parse(s.seed).ok()?,
                ))
            })
            .collect();
        let entropy = EntropySet::from_seeds(parsed.iter().map(|(r, u, s)| (*r, *u, s)));
        let next_k = u64::try_from(c.next_roll).map_err(AppError::internal)?;
        let epoch_number = u32::try_from(c.dice_epoch).map_err(AppError::internal)?;
        let dice = LiveDice::new(
            c.id,
            epoch_number,
            epoch_seeds,
            entropy.hash(),
            next_k,
            chain_head,
        );
        let mut readers = Readers::default();
        readers.add(Role::Umpire);
        readers.add(role);
        if upgraded {
            // A new epoch's commitments are shown to everyone.
            readers = Readers::ALL;
        }
        Ok(Command {
            readers,
            notes: state.notes.clone(),
            tx,
            role,
            user,
            campaign,
            dice,
            entropy,
        })
    }

    /// The game's state document, if the game has started.
    pub async fn load_state<T: serde::de::DeserializeOwned>(
        &mut self,
    ) -> Result<Option<T>, AppError> {
        Ok(db::game::load_state(&mut self.tx, self.campaign.id).await?)
    }

    /// The game's state document; 409 when the game has not started.
    pub async fn game<T: serde::de::DeserializeOwned>(&mut self) -> Result<T, AppError> {
        self.load_state().await?.ok_or_else(|| {
            AppError::conflict("not_started", "This campaign's game has not started.")
        })
    }

    /// Ends a game command: stores the new state, appends its events, then commits (see `commit`).
    pub async fn finish(
        mut self,
        state: &impl serde::Serialize,
        events: &[db::game::NewEvent],
    ) -> Result<Vec<RolledRoll>, AppError> {
        self.save_state(state).await?;
        self.append_events(events).await?;
        self.commit(None).await
    }

    /// Stores the game's state document.
    pub async fn save_state(&mut self, state: &impl serde::Serialize) -> Result<(), AppError> {
        db::game::save_state(&mut self.tx, self.campaign.id, state).await?;
        Ok(())
    }

    /// Appends events to the campaign's log; their audiences see a change.
    pub async fn append_events(&mut self, events: &[db::game::NewEvent]) -> Result<(), AppError> {
        for e in events {
            self.changes_for(e.audience);
        }
        db::game::append_events(&mut self.tx, self.campaign.id, events).await?;
        Ok(())
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
    pub async fn commit(mut self, procedure: Option<&str>) -> Result<Vec<RolledRoll>, AppError> {
        let rolls = self.dice.into_rolls().map_err(|fault| {
            AppError::internal(format!("a rule asked for an impossible die: {fault}"))
        })?;
        let id = self.campaign.id;
        for roll in &rolls {
            // A roll's audience sees it.
            self.readers.see(roll.audience);
        }
        let r = self.readers;
        let public = r.soviet && r.finnish;
        // Every committed command moves the umpire's version, who sees everything.
        let bumps = db::campaigns::VersionBumps {
            umpire: 1,
            public: i64::from(public),
            soviet: i64::from(r.soviet && !public),
            finnish: i64::from(r.finnish && !public),
        };
        if rolls.is_empty() {
            db::campaigns::bump_versions(&mut self.tx, id, bumps).await?;
        } else {
            let new: Vec<db::dice::NewRoll<'_>> = rolls
                .iter()
                .map(|roll| db::dice::NewRoll {
                    roll,
                    roller_id: self.user,
                    procedure,
                })
                .collect();
            let hash = self.entropy.hash();
            let entropy = db::dice::EntropyLines {
                hash: &hash,
                lines: self.entropy.lines(),
            };
            db::dice::append_rolls(&mut self.tx, id, entropy, &new, bumps).await?;
        }
        self.tx.commit().await?;
        self.notes.send(r.payload(id));
        Ok(rolls)
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
    Ok((EpochSeeds::new(seeds), false))
}
