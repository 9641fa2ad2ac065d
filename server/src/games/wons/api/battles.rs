//! The WoNS pre- and post-battle commands through the API: support points and purchases (R1.4),
//! surprise (R4), the recon Turn Zero (R1.4.3) and capture rolls (R1.5). The pages call the same
//! functions.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::core::text::Label;
use crate::games::runner::Committed;
use crate::games::wons::Wons;
use crate::games::wons::api::{BattlePath, acting_side, run, run_on_battle};
use crate::games::wons::rules::aftermath::{CaptureRequest, capture_device};
use crate::games::wons::rules::battle_sheet::{
    TurnZeroReport, record_turn_zero, set_force_morale_table, set_surprise,
};
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
use crate::games::wons::rules::tables::surprise::SurpriseLevel;
use crate::games::wons::views::WonsView;
use crate::games::{GameAccess, KeptGameAccess};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

/// The support points a side gets for a battle.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupportPointsIn {
    /// The side.
    pub side: Side,
    /// Its points.
    pub points: u32,
}

/// Assigns a side its support points for a battle; umpire only.
pub async fn assign_points(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: &SupportPointsIn,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("assign support points")?;
    run_on_battle(state, access, battle, |game, _| {
        let events =
            assign_support_points(game, battle, body.side, body.points).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `PUT /api/v1/campaigns/{id}/wons/battles/{battle}/support-points`: the umpire assigns a side
/// its support points for the battle (R1.4).
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/support-points", tag = "wons",
    request_body = SupportPointsIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such battle"), (status = 409, description = "the battle was fought"),
              (status = 422, description = "the side is not in the battle, or has spent more")),
    security(("bearer" = [])))]
pub async fn api_support_points(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<SupportPointsIn>,
) -> Result<axum::response::Response, AppError> {
    assign_points(&state, &access, path.battle, &body)
        .await?
        .answer()
}

/// A side's whole list of purchases for a battle.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PurchasesIn {
    /// The side (the umpire only).
    #[serde(default)]
    pub side: Option<Side>,
    /// Every item bought, replacing what was bought before.
    pub purchases: Vec<PurchaseRequest>,
}

/// Replaces a side's purchases for a battle, all or nothing.
pub async fn buy_support(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: &PurchasesIn,
) -> Result<Committed<Wons>, AppError> {
    let side = acting_side(access, body.side)?;
    run_on_battle(state, access, battle, |game, _| {
        let events = set_purchases(game, battle, side, &body.purchases).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `PUT /api/v1/campaigns/{id}/wons/battles/{battle}/support`: a side's support purchases from
/// its lists for the battle, checked against its points; the enemy never sees them.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/support", tag = "wons",
    request_body = PurchasesIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 409, description = "no points assigned yet, or the battle was fought"),
              (status = 422, description = "an item not on the side's lists, a wrong platoon, or too dear")),
    security(("bearer" = [])))]
pub async fn api_support(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<PurchasesIn>,
) -> Result<axum::response::Response, AppError> {
    buy_support(&state, &access, path.battle, &body)
        .await?
        .answer()
}

/// The surprise of a battle: the surprised side and the level, or neither to clear it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SurpriseIn {
    /// The surprised side.
    pub surprised: Option<Side>,
    /// How badly (R4's situation table).
    pub level: Option<SurpriseLevel>,
    /// Why, in a few words both sides read.
    #[schema(value_type = String)]
    pub reason: Label,
}

/// Sets or clears a battle's surprise; umpire only.
pub async fn surprise(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: &SurpriseIn,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("set surprise")?;
    let chosen = match (body.surprised, body.level) {
        (Some(side), Some(level)) => Some((side, level)),
        (None, None) => None,
        _ => {
            return Err(AppError::invalid(
                "surprise_incomplete",
                "Give both the surprised side and the level, or neither to clear the surprise.",
            )
            .on_field("level"));
        }
    };
    run_on_battle(state, access, battle, |game, _| {
        let events = set_surprise(game, battle, chosen, &body.reason).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `PUT /api/v1/campaigns/{id}/wons/battles/{battle}/surprise`: the umpire sets the surprise one
/// side suffers at the start (R4), from the situation table, or clears it.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/surprise", tag = "wons",
    request_body = SurpriseIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such battle"), (status = 409, description = "the battle was fought"),
              (status = 422, description = "a side without a level or a level without a side")),
    security(("bearer" = [])))]
pub async fn api_surprise(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<SurpriseIn>,
) -> Result<axum::response::Response, AppError> {
    surprise(&state, &access, path.battle, &body)
        .await?
        .answer()
}

/// Records the Soviet recon's Turn Zero; the umpire or the Soviet player.
pub async fn turn_zero(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: &TurnZeroReport,
) -> Result<Committed<Wons>, AppError> {
    if access.role().side() == Some(Side::Finnish) {
        return Err(AppError::forbidden(
            "The Turn Zero is recorded by the Soviet player or the umpire.",
        ));
    }
    run_on_battle(state, access, battle, |game, dice| {
        let events = record_turn_zero(game, battle, body, dice).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/turn-zero`: what the Soviet reconnaissance
/// achieved in its Turn Zero (R1.4.3); on success the server rolls the phases of Turn 1 with an
/// extra Soviet command die.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/turn-zero", tag = "wons",
    request_body = TurnZeroReport,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 403, description = "the Finnish player"),
              (status = 404, description = "no such battle"), (status = 409, description = "recorded already, or the battle was fought"),
              (status = 422, description = "no recon unit was sent ahead")),
    security(("bearer" = [])))]
pub async fn api_turn_zero(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<TurnZeroReport>,
) -> Result<axum::response::Response, AppError> {
    turn_zero(&state, &access, path.battle, &body)
        .await?
        .answer()
}

/// A capture roll, by a side's player or (naming the side) the umpire.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CaptureIn {
    /// The capturing side (the umpire only).
    #[serde(default)]
    pub side: Option<Side>,
    /// The device and the circumstances.
    #[serde(flatten)]
    pub request: CaptureRequest,
}

/// Rolls to capture a device left on the field (R1.5).
pub async fn capture(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: &CaptureIn,
) -> Result<Committed<Wons>, AppError> {
    let side = acting_side(access, body.side)?;
    // Heroes who may use any weapon, by id, with their names (the roster is small).
    let any_weapon: Vec<(String, String)> = crate::games::wons::heroes::db::roster(&state.db)
        .await?
        .into_iter()
        .filter(|e| e.hero.any_weapon())
        .map(|e| {
            (
                e.hero.id.clone(),
                format!("{} {}", e.hero.rank, e.hero.name),
            )
        })
        .collect();
    run_on_battle(state, access, battle, |game, dice| {
        let hero = game.platoons.get(&body.request.platoon).and_then(|p| {
            any_weapon
                .iter()
                .find(|(id, _)| p.heroes.contains(id))
                .map(|(_, name)| name.clone())
        });
        let events = capture_device(game, battle, side, &body.request, hero.as_deref(), dice)
            .map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/captures`: one capture roll for a device
/// left on the field (R1.5), with every modifier; success gives it to the capturing platoon,
/// failure destroys it.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/captures", tag = "wons",
    request_body = CaptureIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 409, description = "rolled already, or the battle has no result yet"),
              (status = 422, description = "no such device, or the platoon was not in the battle")),
    security(("bearer" = [])))]
pub async fn api_capture(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<CaptureIn>,
) -> Result<axum::response::Response, AppError> {
    capture(&state, &access, path.battle, &body).await?.answer()
}

/// Sets the campaign's Force Morale table; umpire only.
pub async fn force_morale_table(
    state: &AppState,
    access: &GameAccess<Wons>,
    table: ForceMoraleTable,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("edit the Force Morale table")?;
    run(state, access, |game, _| {
        let events = set_force_morale_table(game, table)
            .map_err(|why| AppError::invalid("invalid_table", why).on_field("by_face"))?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `PUT /api/v1/campaigns/{id}/wons/force-morale-table`: the umpire edits the campaign's Force
/// Morale table (`{"by_face": [8, 9, 9, 10, 10, 11]}`, the result for faces 1 to 6); starting
/// Force Morale rolled from then on uses it.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/force-morale-table", tag = "wons",
    request_body = ForceMoraleTable,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 403, description = "not the umpire"),
              (status = 422, description = "not six results from 1 to 20")),
    security(("bearer" = [])))]
pub async fn api_force_morale_table(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<ForceMoraleTable>,
) -> Result<axum::response::Response, AppError> {
    force_morale_table(&state, &access, body).await?.answer()
}
