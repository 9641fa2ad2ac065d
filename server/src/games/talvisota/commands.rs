//! Where a Talvisota game meets the database: starting it, reading it, and running one command.
//!
//! API handlers and pages both go through [`run`], so a command is checked, rolled, stored and
//! announced the same way whichever door it came in by. A refused command changes nothing: the
//! transaction is dropped before anything is written.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::games::GameAccess;
use crate::games::runner::{self, Committed};
use crate::games::talvisota::game::Talvisota;
use crate::games::talvisota::rules::{TalvisotaError, TalvisotaEvent, TalvisotaState};
use crate::state::AppState;
use crate::web::CampaignAccess;

/// The campaign's game, read outside a command; 404 while it has none.
pub async fn read(
    state: &AppState,
    access: &GameAccess<Talvisota>,
) -> Result<std::sync::Arc<TalvisotaState>, AppError> {
    db::game::kept_state(&state.db, &state.caches.states, access.id())
        .await?
        .ok_or_else(AppError::not_found)
}

/// Refuses a caller whose role is not among `allowed` (403), naming who may.
/// An umpire's step is also open to whoever holds the umpire's powers (the Soviet player of a
/// solo campaign).
pub fn require_role(access: &CampaignAccess, allowed: &[Role], what: &str) -> Result<(), AppError> {
    if allowed.contains(&access.role())
        || (allowed.contains(&Role::Umpire) && access.umpire_powers())
    {
        return Ok(());
    }
    let who: Vec<&str> = allowed
        .iter()
        .map(|r| match r {
            Role::Soviet => "the Soviet player",
            Role::Finnish => "the Finnish player",
            Role::Umpire => "the umpire",
        })
        .collect();
    Err(AppError::forbidden(format!(
        "Only {} may {what}.",
        who.join(" or ")
    )))
}

/// Runs one command through the game runner (the end of a turn then runs by itself) and answers
/// with the committed state, from which the API builds the caller's view.
pub async fn run(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    step: impl FnOnce(
        &mut TalvisotaState,
        &mut dyn crate::dice::source::Dice,
    ) -> Result<Vec<TalvisotaEvent>, TalvisotaError>,
) -> Result<Committed<Talvisota>, AppError> {
    let (_, committed) =
        runner::run::<Talvisota, ()>(state, access, |game, dice| Ok(((), step(game, dice)?)))
            .await?;
    Ok(committed)
}
