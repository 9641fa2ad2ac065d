//! One runner for every game command, as the command flow says: lock the campaign, load its
//! state, run the pure step with live dice, let the rules settle, append the events and rolls,
//! save, bump the readers' versions, commit, notify; and answer with the caller's view, built
//! inside the same transaction.

use super::Game;
use crate::core::command::Command;
use crate::core::domain::{Role, Side};
use crate::core::error::AppError;
use crate::db;
use crate::db::game::NewEvent;
use crate::dice::live::{LiveDice, RolledRoll};
use crate::state::AppState;
use crate::web::CampaignAccess;
use uuid::Uuid;

/// A committed command's game state and the caller's role: the caller's view is built from it
/// on demand (the API answers with it; a page that redirects never builds it), with no second
/// read of the database.
pub struct Committed<G: Game> {
    state: std::sync::Arc<G::State>,
    role: Role,
    rolls: Vec<RolledRoll>,
    campaign: Uuid,
    version: Option<i64>,
    views: crate::core::kept::Views,
}

impl<G: Game> Committed<G> {
    /// The rolls the command made, as stored.
    pub fn rolls(&self) -> &[RolledRoll] {
        &self.rolls
    }

    /// The caller's view of the state as committed.
    pub fn view(&self) -> G::View {
        G::view(&self.state, self.role)
    }

    /// The caller's view as the API answers it, kept as the view of the version the command
    /// committed (`web::view_cache`): the caller's next look, and every reader of that role
    /// after it, is answered without building it again.
    pub fn answer(&self) -> Result<axum::response::Response, AppError> {
        let key = self
            .version
            .map(|v| (self.campaign, self.role, v, G::SEGMENT));
        crate::web::view_cache::answer(&self.views, key, &self.view())
    }
}

/// An open command on a campaign of game `G`: the locked transaction and the loaded state.
pub struct GameCommand<G: Game> {
    /// The transaction, the caller's role and the live dice.
    pub command: Command,
    /// The game's state as loaded under the lock.
    pub state: G::State,
    turn: super::Turn,
}

impl<G: Game> GameCommand<G> {
    /// Locks the caller's campaign and loads its state; 404 unless the campaign plays `G`.
    pub async fn open(state: &AppState, access: &CampaignAccess) -> Result<Self, AppError> {
        super::access::check::<G>(access)?;
        Self::load(access.command(state).await?).await
    }

    async fn load(mut command: Command) -> Result<Self, AppError> {
        let state: G::State = command.game().await?;
        let turn = G::turn(&state);
        Ok(GameCommand {
            command,
            state,
            turn,
        })
    }

    /// Runs a pure step on the state with the live dice.
    pub fn step<T>(
        &mut self,
        step: impl FnOnce(&mut G::State, &mut LiveDice) -> Result<(T, Vec<G::Event>), AppError>,
    ) -> Result<(T, Vec<G::Event>), AppError> {
        step(&mut self.state, &mut self.command.dice)
    }

    /// The transaction and the state together, for a command that also writes tables of its own.
    pub fn parts(&mut self) -> (&mut Command, &mut G::State) {
        (&mut self.command, &mut self.state)
    }

    /// Records that this command has recorded a battle's result: the state it stores is kept as
    /// a battle step of the story (`db::steps`), named by `label` ("After battle 2 at C Kelja"),
    /// which every reader of the step list may read. A new turn the command also begins is
    /// kept after it.
    pub fn mark_battle(&mut self, label: String) {
        let turn = G::turn(&self.state);
        self.command.mark_step(db::steps::NewStep {
            kind: crate::core::domain::StepKind::Battle,
            turn: turn.label,
            phase: turn.phase,
            label: Some(label),
        });
    }

    /// Lets the rules settle, logs `events`, saves the state and where the game stands, and
    /// commits; a new turn or Hour sets the deadline the pace asks for (or drops it). Answers
    /// with the state as committed.
    pub async fn finish(self, events: Vec<G::Event>) -> Result<Committed<G>, AppError> {
        self.finish_with(events, Vec::new()).await
    }

    /// As `finish`, with log entries the command wrote itself (after the rules' own).
    pub async fn finish_with(
        mut self,
        mut events: Vec<G::Event>,
        written: Vec<NewEvent>,
    ) -> Result<Committed<G>, AppError> {
        events.extend(G::settle(&mut self.state, &mut self.command.dice)?);
        let id = self.command.campaign.id;
        if G::over(&self.state) && !self.command.campaign.is_finished() {
            // The rules ended the game: the campaign ends with it, as when the umpire ends it.
            let name = self.command.campaign.name.clone();
            let actor = self.command.user;
            close(self.command.tx(), id, &name, actor).await?;
            self.command.changes_for(db::game::Audience::Public);
        }
        let archived = G::archive(&mut self.state)?;
        if !archived.is_empty() {
            db::game::archive(&mut **self.command.tx(), id, &archived).await?;
        }
        let mut deadline = self.command.campaign.orders_deadline;
        let turn = G::turn(&self.state);
        if turn != self.turn {
            self.command.mark_step(db::steps::NewStep {
                kind: crate::core::domain::StepKind::Turn,
                turn: turn.label,
                phase: turn.phase,
                label: None,
            });
            let next = self.command.campaign.next_deadline();
            if next != deadline {
                db::campaigns::set_deadline(&mut **self.command.tx(), id, next).await?;
                // Every reader's pages show the deadline.
                self.command.changes_for(db::game::Audience::Public);
            }
            deadline = next;
        }
        let mut notices = crate::notify::tell::Notices::default();
        let name = &self.command.campaign.name;
        let standing = super::standing::<G>(&self.state);
        let old = self.command.campaign.standing();
        let author = self.command.user;
        if old != Some(&standing) {
            let change = crate::notify::tell::Change {
                campaign: id,
                name,
                deadline,
                actor: author,
            };
            crate::notify::tell::standing_changed(&mut notices, &change, old, &standing);
        }
        let entries: Vec<_> = events
            .iter()
            .map(|e| G::log_entry(&self.state, e))
            .chain(written)
            .collect();
        for entry in entries.iter().filter(|e| G::notable(&e.kind)) {
            crate::notify::tell::logged(&mut notices, id, name, entry, author);
        }
        if old != Some(&standing) {
            // Where the game stands, and whom it waits for, is every reader's.
            self.command.changes_for(db::game::Audience::Public);
            self.command.set_standing(standing);
        }
        for entry in &entries {
            self.command.changes_for(entry.audience);
        }
        notices.queue(self.command.tx(), id).await?;
        let role = self.command.role;
        let state = std::sync::Arc::new(self.state);
        let views = self.command.views.clone();
        let closed = self.command.finish(state.clone(), &entries).await?;
        Ok(Committed {
            state,
            role,
            rolls: closed.rolls,
            campaign: id,
            version: closed.version,
            views,
        })
    }
}

/// Runs one command of game `G` for the caller in one transaction and answers with the step's
/// answer and the committed state.
pub async fn run<G: Game, T>(
    state: &AppState,
    access: &CampaignAccess,
    step: impl FnOnce(&mut G::State, &mut LiveDice) -> Result<(T, Vec<G::Event>), AppError>,
) -> Result<(T, Committed<G>), AppError> {
    let mut command = GameCommand::<G>::open(state, access).await?;
    let (answer, events) = command.step(step)?;
    Ok((answer, command.finish(events).await?))
}

/// The orders deadline `seen` has passed: the game acts as the umpire would, once, under the
/// campaign's lock and only while the campaign still has that deadline, passed with its grace,
/// not paused and open (`Command::claim_deadline`); otherwise nothing is done. When the game has
/// nothing to do, or cannot act (a battle waits for its result), the deadline is dropped.
pub async fn deadline_passed<G: Game>(
    state: &AppState,
    seen: &db::campaigns::PastDeadline,
) -> Result<(), AppError> {
    let Some(claimed) = Command::claim_deadline(state, seen).await? else {
        return Ok(());
    };
    let mut command = GameCommand::<G>::load(claimed).await?;
    let played = G::deadline_default(&command.state);
    let note = deadline_note(&G::turn(&command.state).label, seen, &played);
    let refused = match G::deadline_passed(&mut command.state, &mut command.command.dice) {
        Some(Ok(events)) => match command.finish_with(events, vec![note]).await {
            Ok(_) => return Ok(()),
            Err(e) => e,
        },
        Some(Err(refusal)) => {
            drop(command);
            AppError::from(refusal)
        }
        None => {
            drop(command);
            return drop_deadline(state, seen).await;
        }
    };
    tracing::info!(campaign = %seen.id, reason = %refused, "orders deadline passed but the game cannot act");
    drop_deadline(state, seen).await
}

/// The log line a passed deadline leaves for everyone: when it was (pages show it in each
/// reader's zone) and what the server played by default.
fn deadline_note(moment: &str, seen: &db::campaigns::PastDeadline, played: &str) -> NewEvent {
    let at = seen
        .deadline
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default();
    NewEvent {
        audience: crate::db::game::Audience::Public,
        kind: "deadline_passed".into(),
        moment: moment.to_owned(),
        sentence: format!(
            "The deadline of {} passed: {played}.",
            crate::core::text::utc_minute(seen.deadline)
        ),
        payload: serde_json::json!({ "deadline": at }),
    }
}

/// Drops the passed deadline `seen` on the same claim as acting on it. A command of its own, since
/// the rules that could not act may have rolled or changed the state: that command rolled back.
/// The log says so, so that nobody wonders what the deadline did.
async fn drop_deadline(
    state: &AppState,
    seen: &db::campaigns::PastDeadline,
) -> Result<(), AppError> {
    let Some(mut command) = Command::claim_deadline(state, seen).await? else {
        return Ok(());
    };
    db::campaigns::set_deadline(&mut **command.tx(), seen.id, None).await?;
    let moment = command
        .campaign
        .standing()
        .map(|s| s.turn.clone())
        .unwrap_or_default();
    let note = deadline_note(
        &moment,
        seen,
        "nothing could be played by default now, so the deadline was removed; the umpire decides what comes next",
    );
    command.append_events(&[note]).await?;
    // Every reader sees the deadline.
    command.changes_for(db::game::Audience::Public);
    command.commit(None).await?;
    Ok(())
}

/// The umpire ends the campaign: in one transaction the game concludes (see `Game::conclude`),
/// the campaign is marked finished, every dice seed is revealed and everyone is told. 409 when
/// it has already finished.
pub async fn conclude<G: Game>(
    state: &AppState,
    access: &CampaignAccess,
) -> Result<Committed<G>, AppError> {
    access.require_umpire("end the campaign")?;
    let mut command = GameCommand::<G>::open(state, access).await?;
    if command.command.campaign.is_finished() {
        return Err(AppError::conflict(
            "finished",
            "This campaign has already ended.",
        ));
    }
    let events = G::conclude(&mut command.state)?;
    let id = command.command.campaign.id;
    let name = command.command.campaign.name.clone();
    close(command.command.tx(), id, &name, Some(access.user.id)).await?;
    // Everyone's view changes: every live stream hears of it after the commit.
    command.command.changes_for(db::game::Audience::Public);
    command.finish(events).await
}

/// The end of a campaign, whether the umpire ends it or the game's rules do: marked finished,
/// every dice seed revealed, everyone told.
/// `actor` ended it (none when the rules did; whoever's command ended the game is not told).
async fn close(
    tx: &mut sqlx::Transaction<'static, sqlx::Postgres>,
    id: uuid::Uuid,
    name: &str,
    actor: Option<uuid::Uuid>,
) -> Result<(), AppError> {
    db::campaigns::finish(tx, id).await?;
    db::dice_epochs::reveal_all(tx, id).await?;
    crate::notify::tell::campaign_ended(tx, id, name, actor).await?;
    Ok(())
}

/// The umpire plays the default of `side`'s absent player (see `Game::play_default`); logged for
/// everyone. 422 when the game has no default for an absent side.
pub async fn play_default<G: Game>(
    state: &AppState,
    access: &CampaignAccess,
    side: Side,
) -> Result<(), AppError> {
    access.require_umpire("play an absent side's default")?;
    let mut command = GameCommand::<G>::open(state, access).await?;
    let moment = G::turn(&command.state).label;
    let (dice_state, dice) = (&mut command.state, &mut command.command.dice);
    let events = match G::play_default(dice_state, side, dice) {
        Some(played) => played?,
        None => {
            return Err(AppError::invalid(
                "no_default",
                format!(
                    "{} has no default for an absent player; play the side's move or set a deadline.",
                    G::GAME.title()
                ),
            ));
        }
    };
    let note = NewEvent {
        audience: crate::db::game::Audience::Public,
        kind: "absent_default".into(),
        moment,
        sentence: format!(
            "The umpire played the {} side's default for its absent player.",
            side.adjective()
        ),
        payload: serde_json::json!({ "side": side }),
    };
    command.finish_with(events, vec![note]).await?;
    Ok(())
}
