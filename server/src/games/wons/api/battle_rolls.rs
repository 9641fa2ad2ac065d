//! WoNS battles through the API: results, starting Force Morale, barrages and interrogations.

use crate::core::domain::Side;
use crate::core::error::{AppError, sentence};
use crate::games::runner::Committed;
use crate::games::wons::Wons;
use crate::games::wons::rules::aftermath::{BattleReport, Reporter, submit_report};
use crate::games::wons::views::WonsView;
use crate::games::{GameAccess, KeptGameAccess};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{open_on_battle, player_side, run_on_battle};
use crate::games::wons::rules::WonsState;
use crate::games::wons::rules::battle::BattleStatus;
use crate::games::wons::rules::ladder::step_letter;

/// Records a battle's report: the umpire's is applied at once; a side's when the other side
/// sends the same report. Once the result is recorded, the state after it is kept as a battle
/// step of the campaign's story, for replay.
pub async fn record_battle(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    report: &BattleReport,
) -> Result<Committed<Wons>, AppError> {
    let by = match access.role().side() {
        Some(side) => Reporter::Side(side),
        None => Reporter::Umpire,
    };
    let mut command = open_on_battle(state, access, battle).await?;
    let ((), events) = command.step(|game, _| {
        Ok((
            (),
            submit_report(game, battle, by, report).map_err(AppError::from)?,
        ))
    })?;
    // A report only the one side has sent leaves the battle pending: no step yet.
    if let Some(label) = decided_label(&command.state, battle) {
        command.mark_battle(label);
    }
    command.finish(events).await
}

/// "After battle 2 at C Kelja", once battle `battle` is decided; both sides fought it, so both
/// know where and when.
fn decided_label(game: &WonsState, battle: u32) -> Option<String> {
    let b = game
        .battle(battle)
        .filter(|b| b.status != BattleStatus::Pending)?;
    let place = game
        .ladder
        .get(b.step)
        .map_or_else(|| step_letter(b.step), |s| s.label());
    Some(format!("After battle {battle} at {place}"))
}

/// The path of a battle.
#[derive(Debug, Deserialize)]
pub struct BattlePath {
    /// The battle's number.
    pub battle: u32,
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/result`: the battle's report (winner, Turns,
/// casualties, final Force Morale, support used, prisoners, equipment abandoned). The umpire's is
/// applied at once; a side's waits until the other side sends the same report.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/result", tag = "wons", request_body = BattleReport,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 409, description = "already decided")),
    security(("bearer" = [])))]
pub async fn api_battle_result(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<BattleReport>,
) -> Result<axum::response::Response, AppError> {
    record_battle(&state, &access, path.battle, &body)
        .await?
        .answer()
}

/// Whose Force Morale to roll: a player rolls for their own side; the umpire names the side.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForceMoraleIn {
    /// The side (the umpire only).
    pub side: Option<Side>,
}

/// Rolls a side's starting Force Morale for a pending battle.
pub async fn roll_force_morale(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    side: Option<Side>,
) -> Result<Committed<Wons>, AppError> {
    let side = acting_side(access, side)?;
    run_on_battle(state, access, battle, |game, dice| {
        let table = game.force_morale_table;
        let events = crate::games::wons::rules::battle_sheet::roll_starting_force_morale(
            game, battle, side, &table, dice,
        )
        .map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/force-morale`: the server rolls a side's
/// starting Force Morale, listing every modifier.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/force-morale", tag = "wons", request_body = ForceMoraleIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 409, description = "already rolled, or the battle was fought")),
    security(("bearer" = [])))]
pub async fn api_force_morale(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<ForceMoraleIn>,
) -> Result<axum::response::Response, AppError> {
    roll_force_morale(&state, &access, path.battle, body.side)
        .await?
        .answer()
}

/// Fires the caller's side's barrage before a pending battle (R23.1).
pub async fn fire_barrage(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    request: crate::games::wons::rules::barrage::BarrageRequest,
) -> Result<Committed<Wons>, AppError> {
    let side = player_side(access)?;
    run_on_battle(state, access, battle, |game, dice| {
        use crate::games::wons::rules::barrage::{BarrageError, fire_barrage};
        let events = fire_barrage(game, battle, side, &request, dice).map_err(|e| match e {
            BarrageError::UnknownBattle(_) => AppError::not_found(),
            BarrageError::Decided(_) => AppError::conflict("battle_decided", sentence(e)),
            other => AppError::invalid("barrage_refused", sentence(other)),
        })?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/barrages`: a side's pre-battle barrage;
/// the server checks R23.1's requirements and rolls availability, accuracy and direct hits.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/barrages", tag = "wons",
    request_body = crate::games::wons::rules::barrage::BarrageRequest,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 422, description = "a requirement of R23.1 is not met, named")),
    security(("bearer" = [])))]
pub async fn api_barrage(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<crate::games::wons::rules::barrage::BarrageRequest>,
) -> Result<axum::response::Response, AppError> {
    fire_barrage(&state, &access, path.battle, body)
        .await?
        .answer()
}

/// A prisoner interrogation, by a side's player or (naming the side) the umpire.
#[derive(Debug, Deserialize, ToSchema)]
pub struct InterrogationIn {
    /// The interrogating side (the umpire only).
    #[serde(default)]
    pub side: Option<Side>,
    /// The prisoner.
    #[serde(flatten)]
    pub request: crate::games::wons::rules::prisoners::InterrogationRequest,
}

/// Interrogates a prisoner taken in a battle (R25).
pub async fn interrogate(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    body: InterrogationIn,
) -> Result<Committed<Wons>, AppError> {
    let side = acting_side(access, body.side)?;
    run_on_battle(state, access, battle, |game, dice| {
        use crate::games::wons::rules::prisoners::{PrisonerError, interrogate_prisoner};
        let events =
            interrogate_prisoner(game, battle, side, &body.request, dice).map_err(|e| match e {
                PrisonerError::UnknownBattle(_) => AppError::not_found(),
                other => AppError::invalid("interrogation_refused", sentence(other)),
            })?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/battles/{battle}/interrogations`: interrogates a prisoner the
/// recorded report lists, once; what he tells appears in the interrogating side's view only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/battles/{battle}/interrogations", tag = "wons",
    request_body = InterrogationIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("battle" = u32, Path, description = "battle number")),
    responses((status = 200, body = WonsView), (status = 404, description = "no such battle"),
              (status = 422, description = "not a prisoner the recorded report lists as taken by the side, or one already interrogated (R25)")),
    security(("bearer" = [])))]
pub async fn api_interrogate(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<BattlePath>,
    ApiJson(body): ApiJson<InterrogationIn>,
) -> Result<axum::response::Response, AppError> {
    interrogate(&state, &access, path.battle, body)
        .await?
        .answer()
}

/// The side a command acts for: a player's own, or the one the umpire names.
pub fn acting_side(access: &GameAccess<Wons>, asked: Option<Side>) -> Result<Side, AppError> {
    match (access.role().side(), asked) {
        (Some(own), None) => Ok(own),
        (Some(own), Some(asked)) if asked == own => Ok(own),
        (Some(_), Some(_)) => Err(AppError::forbidden("You act for your own side only.")),
        (None, Some(asked)) => Ok(asked),
        (None, None) => {
            Err(AppError::invalid("side_needed", "Name the side this is for.").on_field("side"))
        }
    }
}
