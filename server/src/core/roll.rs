//! A roll on its own (a dice-tray roll or procedure): rolled without locking the campaign, from
//! the campaign row the caller's access already read, and written by the [`Writer`](crate::core::roll_writer::Writer) in one
//! statement with the rolls of other requests that arrive at the same time; each campaign's
//! rolls land only if nothing moved its dice meanwhile (its next roll number, dice epoch and
//! client seeds, and that it is still open). When something did, it is rolled again inside a
//! command, which locks; a roll is never written from stale dice, so the chain stays whole.
//!
//! An epoch's seeds never change and client seeds seldom do, so this process keeps both per
//! campaign and epoch (`state::Caches::dice`), and the dice tray keeps the caller's access for a few seconds
//! (`web::access::KeptAccess`): a roll then costs its write alone. The write also checks that
//! the caller's credential is current and that they still take part with the same role, so a
//! kept access that no longer holds, or a kept client seed that has changed, only makes the
//! write miss, and what was kept is read afresh.

use crate::core::command::{
    Command, bumps, dice_for, epoch_seeds, first_readers, made_rolls, refuse_finished,
};
use crate::core::error::AppError;
use crate::core::kept::DiceMaterial;
use crate::core::roll_writer::Job;
use crate::db;
use crate::db::campaigns::CampaignRow;
use crate::db::dice::ClientSeedRow;
use crate::dice::live::{LiveDice, RolledRoll};
use crate::state::AppState;
use std::sync::Arc;

/// The material of `campaign`'s current epoch, kept (`state::Caches::dice`) or read; `None`
/// when the campaign has no open v2 epoch yet (a command opens one).
async fn material(
    state: &AppState,
    campaign: &CampaignRow,
) -> Result<Option<Arc<DiceMaterial>>, AppError> {
    let kept = &state.caches.dice;
    if let Some(found) = kept.get(campaign.id, campaign.dice_epoch) {
        return Ok(Some(found));
    }
    let (rows, clients) = db::dice::material(&state.db, campaign.id, campaign.dice_epoch).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let material = Arc::new(DiceMaterial {
        epoch: campaign.dice_epoch,
        seeds: epoch_seeds(campaign, &rows)?,
        lines: clients.iter().map(ClientSeedRow::line).collect(),
        clients,
    });
    kept.keep(campaign.id, material.clone());
    Ok(Some(material))
}

/// Rolls what `make` asks of the dice for `caller` in `campaign` as their access read it, and
/// writes the rolls (with `procedure`, if one ran); `None` when they could not be written
/// without the lock (something moved, or the caller's access no longer holds).
pub async fn unlocked<T>(
    state: &AppState,
    campaign: &CampaignRow,
    caller: &db::dice::Caller<'_>,
    procedure: Option<&str>,
    make: &mut impl FnMut(&mut LiveDice) -> Result<T, AppError>,
) -> Result<Option<(T, Vec<RolledRoll>)>, AppError> {
    refuse_finished(campaign)?;
    let Some(material) = material(state, campaign).await? else {
        return Ok(None);
    };
    let (mut dice, entropy) = dice_for(campaign, material.seeds.clone(), &material.clients)?;
    let made = make(&mut dice)?;
    let mut readers = first_readers(caller.role);
    let rolls = made_rolls(dice, &mut readers)?;
    if rolls.is_empty() {
        return Ok(Some((made, rolls)));
    }
    let written = state
        .rolls
        .write(Job {
            campaign: campaign.id,
            rolls: rolls.clone(),
            user: caller.user,
            procedure: procedure.map(str::to_owned),
            entropy,
            bumps: bumps(readers),
            next_roll: campaign.next_roll,
            epoch: campaign.dice_epoch,
            client_seeds: material.lines.clone(),
            credential: caller.credential.clone(),
            role: caller.role,
            span: tracing::Span::current(),
        })
        .await?;
    if written {
        state.notes.send(readers.payload(campaign.id));
        return Ok(Some((made, rolls)));
    }
    // The client seeds or the epoch have moved.
    state.caches.dice.forget(campaign.id);
    Ok(None)
}

/// As [`unlocked`], and when the rolls could not be written so, rolls again inside a command,
/// which locks the campaign.
pub async fn alone<T>(
    state: &AppState,
    campaign: &CampaignRow,
    caller: &db::dice::Caller<'_>,
    procedure: Option<&str>,
    mut make: impl FnMut(&mut LiveDice) -> Result<T, AppError>,
) -> Result<(T, Vec<RolledRoll>), AppError> {
    if let Some(done) = unlocked(state, campaign, caller, procedure, &mut make).await? {
        return Ok(done);
    }
    let mut command = Command::begin(state, campaign.id, caller.user).await?;
    let made = make(&mut command.dice)?;
    let rolls = command.commit(procedure).await?;
    Ok((made, rolls))
}
