//! Campaigns through the API: create, list, show, finish, client seeds (invites are in `invites`).
//! The page handlers in `campaign_pages` call the same functions.

use crate::campaigns::pace::PaceView;
use crate::campaigns::view::{CampaignView, ClientSeedView, EpochCommitments, campaign_view};
use crate::core::domain::{Game, Role};
use crate::core::error::AppError;
use crate::core::text::Label;
use crate::db;
use crate::db::standing::Standing;
use crate::dice;
use crate::state::AppState;
use crate::tray::view::Commitments;
use crate::web::auth::CurrentUser;
use crate::web::{ApiJson, CampaignAccess};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A new campaign.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewCampaign {
    /// 1 to 100 characters, one line.
    #[schema(value_type = String)]
    pub name: Label,
    /// One of `wons`, `talvisota`, `red_winter`, `winter_war`, `a_winter_war`.
    pub game: String,
    /// A scenario pack, for games that take one. The assisted games (`red_winter`,
    /// `winter_war`, `a_winter_war`) take `{"options": {…}, "pack": "…"}`, both optional:
    /// `pack` names a shipped scenario to start from (`winter-war-historical`,
    /// `winter-war-free-setup`, `red-winter-example`, `a-winter-war-example`) or the id of an
    /// imported pack that is the caller's or published (`GET /api/v1/packs`).
    pub scenario: Option<serde_json::Value>,
}

/// Checks and creates a campaign with `user` as its umpire (as its Soviet player with the
/// umpire's powers when it is solo); opens dice epoch 0.
pub async fn create(state: &AppState, user: Uuid, form: &NewCampaign) -> Result<Uuid, AppError> {
    let name = form.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(AppError::invalid(
            "invalid_name",
            "Give the campaign a name of 1 to 100 characters.",
        )
        .on_field("name"));
    }
    let game = crate::games::registry::game(state, &form.game).ok_or_else(|| {
        let codes: Vec<&str> = state.games.known().iter().map(|g| g.code()).collect();
        AppError::invalid(
            "unknown_game",
            format!(
                "Unknown game '{}': choose one of {}.",
                form.game,
                codes.join(", ")
            ),
        )
        .on_field("game")
    })?;
    let scenario = form.scenario.clone().filter(|s| !s.is_null());
    // An imported pack named by id: the campaign keeps its own copy of the text.
    let scenario = crate::games::registry::with_pack_text(state, user, game, scenario).await?;
    // Read before the transaction opens: a big scenario holds no connection while it is read.
    let new_game = crate::games::registry::begin(state, game, scenario).await?;
    let id = Uuid::new_v4();
    let seeds = dice::v2::EpochSeeds::fresh().map_err(AppError::internal)?;
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let solo = new_game.as_ref().is_some_and(|g| g.solo());
    let chain_start = dice::v2::chain_start(id);
    db::campaigns::insert(&mut tx, id, name, game, user, &chain_start, solo).await?;
    db::dice_epochs::insert_v2(&mut tx, id, 0, &seeds).await?;
    if let Some(new_game) = new_game {
        new_game.write(&mut tx, id).await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// Builds the caller's view of a campaign.
pub async fn view(state: &AppState, access: &CampaignAccess) -> Result<CampaignView, AppError> {
    let c = &access.membership.campaign;
    let participants = db::campaigns::participants(&state.db, c.id).await?;
    Ok(campaign_view(
        state,
        access.game(),
        &access.membership,
        open_commitments(&state.db, c.id, c.dice_epoch).await?,
        &participants,
    ))
}

/// The commitments of a campaign's open dice epoch: four for v2, the one seed's for v1.
pub async fn open_commitments(
    db: &sqlx::PgPool,
    campaign: Uuid,
    epoch: i32,
) -> Result<EpochCommitments, AppError> {
    let seeds = db::dice_epochs::seeds(db, campaign, Some(epoch)).await?;
    if let Some(v2) = v2_commitments(epoch, &seeds) {
        return Ok(v2);
    }
    v1_commitment(epoch, &db::dice_epochs::epochs(db, campaign).await?)
}

/// The commitments of dice epoch `epoch`, from a campaign's `seeds` and `epochs` already read.
pub fn commitments_of(
    epoch: i32,
    seeds: &[db::dice_epochs::SeedRow],
    epochs: &[db::dice_epochs::EpochRow],
) -> Result<EpochCommitments, AppError> {
    match v2_commitments(epoch, seeds) {
        Some(v2) => Ok(v2),
        None => v1_commitment(epoch, epochs),
    }
}

fn v2_commitments(epoch: i32, seeds: &[db::dice_epochs::SeedRow]) -> Option<EpochCommitments> {
    Commitments::from_pairs(
        seeds
            .iter()
            .filter(|s| s.epoch == epoch)
            .map(|s| (s.audience.as_str(), s.commitment.as_str())),
    )
    .map(EpochCommitments::V2)
}

fn v1_commitment(
    epoch: i32,
    epochs: &[db::dice_epochs::EpochRow],
) -> Result<EpochCommitments, AppError> {
    epochs
        .iter()
        .find(|e| e.epoch == epoch)
        .and_then(|e| e.commitment.clone())
        .map(EpochCommitments::V1)
        .ok_or_else(|| AppError::internal(format!("dice epoch {epoch} has no commitment")))
}

/// `POST /api/v1/campaigns`: creates a campaign; the caller becomes its umpire.
#[utoipa::path(post, path = "/api/v1/campaigns", tag = "campaigns", request_body = NewCampaign,
    responses((status = 201, body = CampaignView), (status = 422, description = "bad name or unknown game")),
    security(("bearer" = [])))]
pub async fn api_create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<NewCampaign>,
) -> Result<(StatusCode, Json<CampaignView>), AppError> {
    let id = create(&state, user.id, &body).await?;
    let access = CampaignAccess::load(&state, user, id).await?;
    Ok((StatusCode::CREATED, Json(view(&state, &access).await?)))
}

/// A campaign in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct CampaignListItem {
    /// The campaign's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Its game.
    pub game: Game,
    /// `open` or `finished`.
    pub status: String,
    /// The caller's role.
    pub my_role: Role,
    /// Where the game stands: turn, phase and whom it waits for (absent before it starts).
    pub standing: Option<Standing>,
    /// What the game waits for from the caller, if anything: the campaign is "your move".
    pub your_move: Option<String>,
    /// The campaign's pace and clock.
    pub pace: PaceView,
}

/// The campaigns `user` takes part in: those waiting for the user first, then the other open
/// ones, then the finished; newest first within each.
pub async fn list<'e>(
    state: &AppState,
    db: impl sqlx::PgExecutor<'e>,
    user: Uuid,
) -> Result<Vec<CampaignListItem>, AppError> {
    let mut items: Vec<CampaignListItem> = db::campaigns::for_user(db, user)
        .await?
        .into_iter()
        .map(|m| {
            let open = !m.campaign.is_finished();
            let standing = m.campaign.standing().cloned();
            Ok(CampaignListItem {
                game: crate::web::access::game_of(state, &m, user)?,
                id: m.campaign.id,
                your_move: standing
                    .as_ref()
                    .filter(|_| open)
                    .and_then(|s| s.awaits(m.role).map(str::to_owned)),
                pace: PaceView::of(&m.campaign),
                standing,
                name: m.campaign.name,
                status: m.campaign.status.code().to_owned(),
                my_role: m.role,
            })
        })
        .collect::<Result<_, AppError>>()?;
    // A stable sort keeps the newest-first order within each group.
    items.sort_by_key(|c| (c.your_move.is_none(), c.status == "finished"));
    Ok(items)
}

/// `GET /api/v1/campaigns`: the campaigns the caller takes part in, those waiting for the
/// caller first.
#[utoipa::path(get, path = "/api/v1/campaigns", tag = "campaigns",
    responses((status = 200, body = [CampaignListItem])), security(("bearer" = [])))]
pub async fn api_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<CampaignListItem>>, AppError> {
    Ok(Json(list(&state, &state.db, user.id).await?))
}

/// `GET /api/v1/campaigns/{id}`: the campaign as the caller's role may see it.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}", tag = "campaigns",
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 200, body = CampaignView), (status = 404, description = "unknown or not yours")),
    security(("bearer" = [])))]
pub async fn api_show(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<CampaignView>, AppError> {
    Ok(Json(view(&state, &access).await?))
}

/// Finishes a campaign and reveals the last dice seed; umpire only.
pub async fn finish(state: &AppState, access: &CampaignAccess) -> Result<(), AppError> {
    access.require_umpire("finish the campaign")?;
    if let Some(module) = crate::games::registry::module(state, access.game()) {
        return module.conclude(state, access).await;
    }
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let locked = db::campaigns::membership(&mut *tx, access.id(), access.user.id, true)
        .await?
        .ok_or_else(AppError::not_found)?;
    if locked.campaign.is_finished() {
        return Err(AppError::conflict(
            "finished",
            "This campaign has already finished.",
        ));
    }
    db::campaigns::finish(&mut tx, access.id()).await?;
    db::dice_epochs::reveal_all(&mut tx, access.id()).await?;
    crate::notify::tell::campaign_ended(
        &mut tx,
        access.id(),
        &locked.campaign.name,
        Some(access.user.id),
    )
    .await?;
    tx.commit().await?;
    state
        .notes
        .send(db::readers::Readers::ALL.payload(access.id()));
    Ok(())
}

/// `POST /api/v1/campaigns/{id}/finish`: ends the campaign and reveals every dice seed; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/finish", tag = "campaigns",
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 200, body = CampaignView), (status = 403, description = "not the umpire"),
              (status = 409, description = "already finished")),
    security(("bearer" = [])))]
pub async fn api_finish(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<CampaignView>, AppError> {
    finish(&state, &access).await?;
    let id = access.id();
    let access = CampaignAccess::load(&state, access.user, id).await?;
    Ok(Json(view(&state, &access).await?))
}

/// A client seed to set.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClientSeedIn {
    /// Any one line of UTF-8 text of 1 to 200 bytes; empty clears it.
    #[schema(value_type = String)]
    pub seed: Label,
}

/// Sets the caller's public client seed (empty clears it).
pub async fn set_client_seed(
    state: &AppState,
    access: &CampaignAccess,
    seed: &str,
) -> Result<Option<String>, AppError> {
    let seed = if seed.is_empty() {
        None
    } else {
        Some(
            dice::entropy::ClientSeed::parse(seed)
                .map_err(|m| {
                    AppError::invalid("invalid_client_seed", crate::core::error::sentence(m))
                        .on_field("seed")
                })?
                .to_string(),
        )
    };
    db::dice::set_client_seed(&state.db, access.id(), access.user.id, seed.as_deref()).await?;
    // Everyone's campaign page shows the seeds (a trigger moved every version).
    state
        .notes
        .send(db::readers::Readers::ALL.payload(access.id()));
    Ok(seed)
}

/// `PUT /api/v1/campaigns/{id}/client-seed`: sets the caller's public client seed.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/client-seed", tag = "dice", request_body = ClientSeedIn,
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 200, body = ClientSeedView), (status = 422, description = "seed too long or empty")),
    security(("bearer" = [])))]
pub async fn api_client_seed(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<ClientSeedIn>,
) -> Result<Json<ClientSeedView>, AppError> {
    if body.seed.is_empty() {
        return Err(AppError::invalid(
            "invalid_client_seed",
            "A client seed is 1 to 200 bytes of text: up to 200 plain letters or digits, fewer with accented letters such as ä and ö, which count two.",
        )
        .on_field("seed"));
    }
    let seed = set_client_seed(&state, &access, &body.seed)
        .await?
        .unwrap_or_default();
    Ok(Json(ClientSeedView {
        role: access.membership.role,
        participant_id: access.user.id,
        seed,
    }))
}
