//! Heroes through the JSON API: the server-wide roster, the caller's view of a campaign's
//! heroes, obtaining a hero and rolling his fate (the commands are in `heroes`).

use crate::core::error::AppError;
use crate::db;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::heroes::commands::{
    FateAction, ObtainIn, fate, obtain, unknown_hero, view,
};
use crate::games::wons::heroes::view::{HeroesView, RosterHeroView, roster_view};
use crate::games::wons::rules::hero_fate::FateRoll;
use crate::games::wons::rules::tables::heroes::HeroHit;
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::CurrentUser;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

/// The path of one hero.
#[derive(Debug, Deserialize)]
pub struct HeroPath {
    /// The hero's id.
    pub hero: String,
}

/// `GET /api/v1/heroes`: the server-wide roster and who has obtained whom.
#[utoipa::path(get, path = "/api/v1/heroes", tag = "heroes",
    responses((status = 200, body = Vec<RosterHeroView>), (status = 401, description = "not signed in")),
    security(("bearer" = [])))]
pub async fn api_roster(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<RosterHeroView>>, AppError> {
    let memberships = db::campaigns::for_user(&state.db, user.id).await?;
    Ok(Json(roster_view(
        crate::games::wons::heroes::db::roster(&state.db).await?,
        &memberships,
    )))
}

/// `GET /api/v1/heroes/{hero}`: one hero of the roster.
#[utoipa::path(get, path = "/api/v1/heroes/{hero}", tag = "heroes",
    params(("hero" = String, Path, description = "hero id")),
    responses((status = 200, body = RosterHeroView), (status = 404, description = "no such hero")),
    security(("bearer" = [])))]
pub async fn api_roster_hero(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(hero): Path<String>,
) -> Result<Json<RosterHeroView>, AppError> {
    let memberships = db::campaigns::for_user(&state.db, user.id).await?;
    roster_view(
        crate::games::wons::heroes::db::roster(&state.db).await?,
        &memberships,
    )
    .into_iter()
    .find(|h| h.hero.id == hero)
    .map(Json)
    .ok_or_else(|| unknown_hero(&hero))
}

/// `GET /api/v1/campaigns/{id}/wons/heroes`: a side's own heroes and the enemy heroes it has met; the umpire's every hero.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/wons/heroes", tag = "heroes",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = HeroesView), (status = 404, description = "not a WoNS campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_view(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
) -> Result<Json<HeroesView>, AppError> {
    Ok(Json(view(&state, &access).await?))
}

/// `POST /api/v1/campaigns/{id}/wons/heroes/{hero}/obtain`: the umpire obtains a hero for a platoon; a man of equal rank makes way.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/heroes/{hero}/obtain", tag = "heroes", request_body = ObtainIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("hero" = String, Path, description = "hero id")),
    responses((status = 201, body = HeroesView), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such hero"),
              (status = 409, description = "a campaign has him already (no other campaign is named)"),
              (status = 422, description = "wrong side, unknown platoon or no man of equal rank")),
    security(("bearer" = [])))]
pub async fn api_obtain(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path(path): Path<HeroPath>,
    ApiJson(body): ApiJson<ObtainIn>,
) -> Result<(StatusCode, Json<HeroesView>), AppError> {
    obtain(&state, &access, &path.hero, body).await?;
    Ok((StatusCode::CREATED, Json(view(&state, &access).await?)))
}

/// A hit on a hero in a battle.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HitIn {
    /// The battle's number.
    pub battle: u32,
    /// For a leader hero only: the result of the leader table at the tabletop, `killed` or `wounded`.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub leader_result: Option<HeroHit>,
}

/// A hero endangered in a battle.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BattleIn {
    /// The battle's number.
    pub battle: u32,
}

/// `POST /api/v1/campaigns/{id}/wons/heroes/{hero}/hits`: the server rolls a hit on a hero (1–3 killed, 4–6 wounded, a second wound in one battle kills).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/heroes/{hero}/hits", tag = "heroes", request_body = HitIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("hero" = String, Path, description = "hero id")),
    responses((status = 200, body = FateRoll), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such hero"), (status = 422, description = "not in that battle, dead or captured")),
    security(("bearer" = [])))]
pub async fn api_hit(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path(path): Path<HeroPath>,
    ApiJson(body): ApiJson<HitIn>,
) -> Result<Json<FateRoll>, AppError> {
    let action = FateAction::Hit {
        battle: body.battle,
        leader_result: body.leader_result,
    };
    Ok(Json(fate(&state, &access, &path.hero, action).await?))
}

/// `POST /api/v1/campaigns/{id}/wons/heroes/{hero}/capture-attempts`: the server rolls whether the enemy takes him (motti's reading: 1–3).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/heroes/{hero}/capture-attempts", tag = "heroes", request_body = BattleIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("hero" = String, Path, description = "hero id")),
    responses((status = 200, body = FateRoll), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such hero"), (status = 422, description = "not in that battle, dead or captured")),
    security(("bearer" = [])))]
pub async fn api_capture(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path(path): Path<HeroPath>,
    ApiJson(body): ApiJson<BattleIn>,
) -> Result<Json<FateRoll>, AppError> {
    let action = FateAction::Capture {
        battle: body.battle,
    };
    Ok(Json(fate(&state, &access, &path.hero, action).await?))
}

/// `POST /api/v1/campaigns/{id}/wons/heroes/{hero}/escape-attempts`: a captured hero tries to escape (motti's reading: on a 6, once an Hour).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/heroes/{hero}/escape-attempts", tag = "heroes",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("hero" = String, Path, description = "hero id")),
    responses((status = 200, body = FateRoll), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such hero"), (status = 409, description = "already tried this Hour"),
              (status = 422, description = "not a prisoner")),
    security(("bearer" = [])))]
pub async fn api_escape(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path(path): Path<HeroPath>,
) -> Result<Json<FateRoll>, AppError> {
    Ok(Json(
        fate(&state, &access, &path.hero, FateAction::Escape).await?,
    ))
}
