//! Dice epochs through the API: rotation, revealing a closed epoch's seed for one audience, the
//! export, and what each participant may see because of them. The dice tray calls the same functions.

use crate::core::command::Command;
use crate::core::error::AppError;
use crate::db;
use crate::db::dice::RollRow;
use crate::db::dice_epochs::{EpochRow, SeedRow};
use crate::dice::audience::Audience;
use crate::dice::entropy::EntropySet;
use crate::dice::export::{Export, ExportEpoch, ExportRoll, ExportSeed};
use crate::dice::hex_of;
use crate::dice::v2::EpochSeeds;
use crate::state::AppState;
use crate::tray::view::{Commitments, Sight};
use crate::web::{ApiJson, CampaignAccess};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// What the caller may see of the campaign's rolls now.
pub async fn sight(db: &PgPool, access: &CampaignAccess) -> Result<Sight, AppError> {
    sight_in(&db::dice_epochs::ledger(db, access.id()).await?, access)
}

/// What the caller may see of the campaign's rolls, by its ledger as read.
pub fn sight_in(
    ledger: &db::dice_epochs::Ledger,
    access: &CampaignAccess,
) -> Result<Sight, AppError> {
    let revealed = ledger
        .revealed()
        .map(|(epoch, audience)| {
            let read = audience.parse().map_err(|e: String| {
                AppError::internal(format!(
                    "campaign {}, epoch {epoch}: the stored audience '{audience}' of a revealed \
                     seed names no audience: {e}",
                    access.id()
                ))
            })?;
            Ok((epoch, read))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(Sight::new(
        access.role(),
        access.membership.campaign.is_finished(),
        revealed,
    ))
}

/// A revealed seed.
#[derive(Debug, Serialize, ToSchema)]
pub struct RevealedSeed {
    /// The epoch.
    pub epoch: i32,
    /// Whose seed it is.
    pub audience: Audience,
    /// The seed (hex).
    pub seed: String,
}

/// The result of a rotation.
#[derive(Debug, Serialize, ToSchema)]
pub struct Rotated {
    /// The public seed of the epoch closed.
    pub revealed: RevealedSeed,
    /// The new epoch.
    pub epoch: i32,
    /// The new epoch's commitments.
    pub commitments: Commitments,
}

/// The seed of one audience of an epoch as stored.
async fn stored_seed(
    command: &mut Command,
    epoch: i32,
    audience: Audience,
) -> Result<RevealedSeed, AppError> {
    let id = command.campaign.id;
    let rows = db::dice_epochs::seeds(&mut **command.tx(), id, Some(epoch)).await?;
    let row = rows
        .into_iter()
        .find(|r| r.audience == audience.code())
        .ok_or_else(|| AppError::internal(format!("epoch {epoch} has no {audience} seed")))?;
    Ok(RevealedSeed {
        epoch,
        audience,
        seed: hex::encode(row.seed),
    })
}

/// Closes the open epoch, revealing its public seed only, and opens the next; umpire only.
pub async fn rotate(state: &AppState, access: &CampaignAccess) -> Result<Rotated, AppError> {
    access.require_umpire("rotate the dice seeds")?;
    let mut command = access.command(state).await?;
    let old = command.campaign.dice_epoch;
    let seeds = EpochSeeds::fresh().map_err(AppError::internal)?;
    let id = command.campaign.id;
    let tx = command.tx();
    db::dice_epochs::reveal_seed(tx, id, old, Audience::Public).await?;
    db::dice_epochs::insert_v2(tx, id, old + 1, &seeds).await?;
    db::dice::set_current_epoch(tx, id, old + 1).await?;
    let revealed = stored_seed(&mut command, old, Audience::Public).await?;
    command.changes_for(db::game::Audience::Public);
    command.commit(None).await?;
    Ok(Rotated {
        revealed,
        epoch: old + 1,
        commitments: Commitments::of(&seeds),
    })
}

/// `POST /api/v1/campaigns/{id}/dice/rotate`: reveals the open epoch's public seed and commits
/// to four new seeds; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/dice/rotate", tag = "dice",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = Rotated), (status = 403, description = "not the umpire"),
              (status = 409, description = "campaign finished")),
    security(("bearer" = [])))]
pub async fn api_rotate(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<Rotated>, AppError> {
    Ok(Json(rotate(&state, &access).await?))
}

/// A seed to reveal.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RevealIn {
    /// A closed epoch.
    pub epoch: i64,
    /// `public`, `soviet`, `finnish` or `umpire`.
    pub audience: String,
}

/// The answer to a reveal.
#[derive(Debug, Serialize, ToSchema)]
pub struct Revealed {
    /// The seed now revealed.
    pub revealed: RevealedSeed,
}

/// Reveals a closed epoch's seed for one audience: every roll of that audience and epoch becomes
/// visible to every participant. Umpire only.
pub async fn reveal(
    state: &AppState,
    access: &CampaignAccess,
    body: &RevealIn,
) -> Result<Revealed, AppError> {
    access.require_umpire("reveal a dice seed")?;
    let audience: Audience = body
        .audience
        .parse()
        .map_err(|m: String| AppError::invalid("unknown_audience", m).on_field("audience"))?;
    let mut command = access.command(state).await?;
    let id = command.campaign.id;
    let epochs = db::dice_epochs::epochs(&mut **command.tx(), id).await?;
    let Some(epoch) = epochs
        .into_iter()
        .find(|e| i64::from(e.epoch) == body.epoch)
    else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "unknown_epoch",
            format!(
                "This campaign has no dice epoch {}; its epochs run from 0 to {}.",
                body.epoch, command.campaign.dice_epoch
            ),
        ));
    };
    if epoch.epoch == command.campaign.dice_epoch {
        return Err(AppError::conflict(
            "epoch_open",
            format!(
                "Epoch {} is still open: rotate the seeds first, then reveal a seed of the closed epoch.",
                epoch.epoch
            ),
        ));
    }
    if epoch.scheme == "v1" {
        return Err(AppError::conflict(
            "v1_epoch",
            format!(
                "Epoch {} was rolled under motti-dice/v1 with one seed for every audience; it is revealed when the campaign finishes.",
                epoch.epoch
            ),
        ));
    }
    db::dice_epochs::reveal_seed(command.tx(), id, epoch.epoch, audience).await?;
    let revealed = stored_seed(&mut command, epoch.epoch, audience).await?;
    command.changes_for(db::game::Audience::Public);
    command.commit(None).await?;
    Ok(Revealed { revealed })
}

/// `POST /api/v1/campaigns/{id}/dice/reveal`: reveals a closed epoch's seed for one audience;
/// umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/dice/reveal", tag = "dice", request_body = RevealIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = Revealed), (status = 403, description = "not the umpire"),
              (status = 404, description = "unknown epoch"),
              (status = 409, description = "the open epoch, a v1 epoch, or a finished campaign"),
              (status = 422, description = "unknown audience")),
    security(("bearer" = [])))]
pub async fn api_reveal(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<RevealIn>,
) -> Result<Json<Revealed>, AppError> {
    Ok(Json(reveal(&state, &access, &body).await?))
}

fn seed32(bytes: &[u8]) -> Result<[u8; 32], AppError> {
    bytes.try_into().map_err(AppError::internal)
}

fn export_epoch(epoch: &EpochRow, seeds: &[SeedRow]) -> Result<ExportEpoch, AppError> {
    let number = u32::try_from(epoch.epoch).map_err(AppError::internal)?;
    if epoch.scheme == "v1" {
        let seed = epoch
            .seed
            .as_deref()
            .ok_or_else(|| AppError::internal("a v1 epoch without its seed"))?;
        return Ok(ExportEpoch::v1(number, &seed32(seed)?, epoch.revealed));
    }
    let mut out = BTreeMap::new();
    for row in seeds.iter().filter(|s| s.epoch == epoch.epoch) {
        let audience: Audience = row.audience.parse().map_err(AppError::internal)?;
        out.insert(audience, ExportSeed::new(&seed32(&row.seed)?, row.revealed));
    }
    Ok(ExportEpoch::V2 {
        epoch: number,
        seeds: out,
    })
}

fn export_roll(row: RollRow, sight: &Sight) -> Result<ExportRoll, AppError> {
    let v2 = row.digest.is_some();
    let visible = sight.sees_code(row.epoch, &row.audience);
    // A hidden roll's result is redacted below: it is parsed only for a reader who sees it.
    let result = if visible {
        Some(serde_json::from_str(row.result.get()).map_err(AppError::internal)?)
    } else {
        None
    };
    let roll = ExportRoll {
        k: u64::try_from(row.k).map_err(AppError::internal)?,
        epoch: u32::try_from(row.epoch).map_err(AppError::internal)?,
        audience: if v2 {
            Some(row.audience.parse().map_err(AppError::internal)?)
        } else {
            None
        },
        entropy: hex_of(&row.entropy),
        digest: row.digest.as_deref().map(hex_of),
        chain: hex_of(&row.chain),
        visibility: serde_json::from_value(Value::String(row.visibility.clone()))
            .map_err(AppError::internal)?,
        draws: Some(row.draws.0.iter().map(|&(m, f)| [m, f]).collect()),
        expression: Some(row.expression),
        purpose: Some(row.purpose),
        result,
    };
    Ok(if visible { roll } else { roll.redacted() })
}

/// The export of dice.md without its rolls, redacted for the caller: its epochs and entropy sets.
async fn export_head(state: &AppState, access: &CampaignAccess) -> Result<Export, AppError> {
    let id = access.id();
    let mut export = Export::new(id);
    let seeds = db::dice_epochs::seeds(&state.db, id, None).await?;
    for epoch in db::dice_epochs::epochs(&state.db, id).await? {
        export.epochs.push(export_epoch(&epoch, &seeds)?);
    }
    for lines in db::dice::entropy_sets(&state.db, id).await? {
        export.add_entropy_set(&EntropySet::from_lines(lines));
    }
    Ok(export)
}

/// How many rolls the export reads and writes at a time.
const EXPORT_PAGE: i64 = 500;

/// The export of dice.md, redacted for the caller, written as it is read: the head, then the
/// rolls a page at a time, so the server holds one page of a long dice log, not all of it. A
/// failure part-way ends the answer early, which no JSON reader accepts as a whole export.
pub async fn export_stream(
    state: &AppState,
    access: &CampaignAccess,
) -> Result<axum::body::Body, AppError> {
    let id = access.id();
    let sight = sight(&state.db, access).await?;
    let mut head =
        serde_json::to_vec(&export_head(state, access).await?).map_err(AppError::internal)?;
    // The head ends with `"rolls":[]}`: the rolls go between the brackets.
    let closing = head.split_off(head.len() - 2);
    let db = state.db.clone();
    let (chunks, body) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    tokio::spawn(async move {
        if chunks.send(Ok(Bytes::from(head))).await.is_err() {
            return;
        }
        let mut after = -1;
        loop {
            match export_page(&db, id, after, &sight).await {
                Ok((chunk, next)) => {
                    if chunks.send(Ok(chunk)).await.is_err() {
                        return;
                    }
                    match next {
                        Some(k) => after = k,
                        None => break,
                    }
                }
                Err(e) => {
                    let _ = chunks.send(Err(std::io::Error::other(e.message))).await;
                    return;
                }
            }
        }
        let _ = chunks.send(Ok(Bytes::from(closing))).await;
    });
    Ok(axum::body::Body::from_stream(
        tokio_stream::wrappers::ReceiverStream::new(body),
    ))
}

/// The rolls after roll `after` as the export writes them (each after a comma unless it is the
/// first roll of all), and the last roll's number when more may follow.
async fn export_page(
    db: &PgPool,
    id: uuid::Uuid,
    after: i64,
    sight: &Sight,
) -> Result<(Bytes, Option<i64>), AppError> {
    let rows = db::dice::rolls_after(db, id, after, EXPORT_PAGE).await?;
    let next = if rows.len() as i64 == EXPORT_PAGE {
        rows.last().map(|r| r.k)
    } else {
        None
    };
    let mut chunk = Vec::new();
    for row in rows {
        if after >= 0 || !chunk.is_empty() {
            chunk.push(b',');
        }
        let roll = export_roll(row, sight)?;
        serde_json::to_writer(&mut chunk, &roll).map_err(AppError::internal)?;
    }
    Ok((Bytes::from(chunk), next))
}

/// `GET /api/v1/campaigns/{id}/dice/export`: every epoch and roll, for offline verification.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/dice/export", tag = "dice",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = Export)), security(("bearer" = [])))]
pub async fn api_export(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<axum::response::Response, AppError> {
    let body = export_stream(&state, &access).await?;
    axum::response::Response::builder()
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(body)
        .map_err(AppError::internal)
}
