//! Talvisota through the API: the caller's view, the turn log, and one call per command.
//! The game page calls the same functions, so both doors apply the same checks.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::text::PlainText;
use crate::db::game::EventRow;
use crate::games::log::EventsQuery;
use crate::games::runner::Committed;
use crate::games::talvisota::Talvisota;
use crate::games::talvisota::commands::{read, require_role, run};
use crate::games::talvisota::rules::correction::{self, Correction};
use crate::games::talvisota::rules::sheet::needs_phase;
use crate::games::talvisota::rules::{CommandSheet, advance_phase};
use crate::games::talvisota::rules::{
    FinnishSheet, InfiltrationOrder, Phase, SovietOrganisation, SovietSheet, TalvisotaError,
    allocate, harass, organise, reveal_and_resolve_placement, solo_finnish_allocate, solo_harass,
};
use crate::games::talvisota::views::{TalvisotaView, view_for};
use crate::games::{GameAccess, KeptGameAccess};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::{Query, State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const SOVIET: &[Role] = &[Role::Soviet];
const FINNISH: &[Role] = &[Role::Finnish];

fn solo_refusal(what: &str) -> TalvisotaError {
    TalvisotaError::Mode(format!(
        "in a solo game the server plays the Finns (rule 9): nobody {what}; the Soviet player or the umpire asks for the server's move"
    ))
}

/// The Soviet organisation orders (recovery, possession markers, special movement).
pub async fn soviet_organise(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    orders: SovietOrganisation,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, SOVIET, "give the Soviet organisation orders")?;
    run(state, access, |game, _| organise(game, orders)).await
}

/// The Soviet command sheet.
pub async fn soviet_sheet(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    sheet: SovietSheet,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, SOVIET, "fill in the Soviet command sheet")?;
    run(state, access, |game, _| {
        allocate(
            game,
            crate::core::domain::Side::Soviet,
            CommandSheet::Soviet(sheet),
        )
    })
    .await
}

/// The Finnish command sheet.
pub async fn finnish_sheet(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    sheet: FinnishSheet,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, FINNISH, "fill in the Finnish command sheet")?;
    run(state, access, |game, _| {
        if game.options.solo {
            return Err(solo_refusal("fills in the Finnish sheet"));
        }
        allocate(
            game,
            crate::core::domain::Side::Finnish,
            CommandSheet::Finnish(sheet),
        )
    })
    .await
}

/// Reveals and resolves the combat of one Soviet strategy counter.
pub async fn resolve_combat(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    placement: String,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, SOVIET, "choose which combat is resolved next")?;
    run(state, access, |game, dice| {
        // The rules look the counter up before the phase; out of the combat phase the answer
        // should be "not now" (409), not "no such combat" (422).
        needs_phase(game, Phase::Combat)?;
        reveal_and_resolve_placement(game, &placement, dice)
    })
    .await
}

/// The Finnish harassment, or a pass.
pub async fn harassment(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    order: Option<InfiltrationOrder>,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, FINNISH, "order the Finnish harassment")?;
    run(state, access, |game, dice| {
        if game.options.solo {
            return Err(solo_refusal("harasses by hand"));
        }
        harass(game, order, dice)
    })
    .await
}

/// Moves the game on where nobody decides: the start of the first turn (the end of each turn
/// runs by itself after the harassment).
pub async fn advance(
    state: &AppState,
    access: &GameAccess<Talvisota>,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, &[Role::Umpire], "move the game to its next phase")?;
    run(state, access, advance_phase).await
}

/// The server's move for the Finns in a solo game: its command sheet, or its harassment.
pub async fn solo_move(
    state: &AppState,
    access: &GameAccess<Talvisota>,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(
        access,
        &[Role::Soviet, Role::Umpire],
        "ask for the server's Finnish move",
    )?;
    run(state, access, |game, dice| match game.phase {
        _ if !game.options.solo => Err(TalvisotaError::Mode(
            "this game is not a solo game: the Finnish player moves (rule 9)".into(),
        )),
        Phase::FinnishPlacement => solo_finnish_allocate(game, dice),
        Phase::Harassment => solo_harass(game, dice),
        other => Err(TalvisotaError::WrongPhase {
            current: other.name().into(),
            needed: "Finnish command sheet or Finnish harassment".into(),
        }),
    })
    .await
}

/// The umpire's correction of a value both sides see, with the reason both sides read.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CorrectionIn {
    /// What is set, and to what.
    #[serde(flatten)]
    pub change: Correction,
    /// Why; both sides read it with the old and new values.
    #[schema(value_type = String)]
    pub reason: PlainText,
}

/// Corrects a morale track or where a visible unit stands; umpire only.
pub async fn correct(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    c: CorrectionIn,
) -> Result<Committed<Talvisota>, AppError> {
    require_role(access, &[Role::Umpire], "correct values")?;
    run(state, access, |game, _| {
        correction::correct(game, c.change, &c.reason)
    })
    .await
}

/// Which combat to resolve next.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatIn {
    /// The Soviet strategy counter's placement id, as the view lists it (`placement-t1-s1`).
    pub placement: String,
}

/// The Finnish harassment order; `infiltration` left out or null passes.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HarassmentIn {
    /// Scouts into a Soviet-held Finnish space.
    #[serde(default)]
    pub infiltration: Option<InfiltrationOrder>,
}

/// `GET /api/v1/campaigns/{id}/talvisota/view`: the caller's whole view.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/talvisota/view", tag = "talvisota",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 404, description = "no such Talvisota campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_view(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    headers: axum::http::HeaderMap,
) -> Result<axum::response::Response, AppError> {
    let segment = <Talvisota as crate::games::Game>::SEGMENT;
    let key = crate::web::view_cache::key(&access, segment);
    let tag = crate::web::etag::tag(&access, segment, None);
    crate::web::etag::conditional(&headers, tag, async {
        crate::web::view_cache::json(&state.caches.views, key, async {
            let game = read(&state, &access).await?;
            Ok(view_for(&game, access.role()))
        })
        .await
    })
    .await
}

/// `GET /api/v1/campaigns/{id}/talvisota/events`: the turn log the caller may read, newest first.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/talvisota/events", tag = "talvisota",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), EventsQuery),
    responses((status = 200, body = [EventRow]), (status = 404, description = "no such Talvisota campaign of yours"),
              (status = 422, description = "bad paging")),
    security(("bearer" = [])))]
pub async fn api_events(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Query(q): Query<EventsQuery>,
) -> Result<Json<Vec<EventRow>>, AppError> {
    read(&state, &access).await?;
    Ok(Json(crate::games::log::page(&state, &access, &q).await?))
}

/// `POST /api/v1/campaigns/{id}/talvisota/organisation`: the Soviet organisation orders.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/organisation", tag = "talvisota",
    request_body = SovietOrganisation, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the Soviet player"),
              (status = 409, description = "not the organisation phase"), (status = 422, description = "against the rules")),
    security(("bearer" = [])))]
pub async fn api_organisation(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(orders): ApiJson<SovietOrganisation>,
) -> Result<axum::response::Response, AppError> {
    soviet_organise(&state, &access, orders).await?.answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/soviet-sheet`: the Soviet command sheet, placed face down.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/soviet-sheet", tag = "talvisota",
    request_body = SovietSheet, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the Soviet player"),
              (status = 409, description = "not the Soviet placement phase"), (status = 422, description = "against the rules")),
    security(("bearer" = [])))]
pub async fn api_soviet_sheet(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(sheet): ApiJson<SovietSheet>,
) -> Result<axum::response::Response, AppError> {
    soviet_sheet(&state, &access, sheet).await?.answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/finnish-sheet`: the Finnish command sheet, placed face down.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/finnish-sheet", tag = "talvisota",
    request_body = FinnishSheet, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the Finnish player"),
              (status = 409, description = "not the Finnish placement phase, or a solo game"), (status = 422, description = "against the rules")),
    security(("bearer" = [])))]
pub async fn api_finnish_sheet(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(sheet): ApiJson<FinnishSheet>,
) -> Result<axum::response::Response, AppError> {
    finnish_sheet(&state, &access, sheet).await?.answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/combats`: reveals and resolves one combat, in the
/// Soviet player's order.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/combats", tag = "talvisota",
    request_body = CombatIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the Soviet player"),
              (status = 409, description = "not the combat phase"), (status = 422, description = "no such unresolved combat")),
    security(("bearer" = [])))]
pub async fn api_combat(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(body): ApiJson<CombatIn>,
) -> Result<axum::response::Response, AppError> {
    resolve_combat(&state, &access, body.placement)
        .await?
        .answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/harassment`: the Finnish harassment or a pass; the end
/// of the turn and the next turn's start follow at once.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/harassment", tag = "talvisota",
    request_body = HarassmentIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the Finnish player"),
              (status = 409, description = "not the harassment phase, or a solo game"), (status = 422, description = "against the rules")),
    security(("bearer" = [])))]
pub async fn api_harassment(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(body): ApiJson<HarassmentIn>,
) -> Result<axum::response::Response, AppError> {
    harassment(&state, &access, body.infiltration)
        .await?
        .answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/advance`: the umpire starts the first turn (or moves
/// on any step that needs no decision).
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/advance", tag = "talvisota",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the umpire"),
              (status = 409, description = "a player must act first")),
    security(("bearer" = [])))]
pub async fn api_advance(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
) -> Result<axum::response::Response, AppError> {
    advance(&state, &access).await?.answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/solo`: in a solo game, the server makes the Finns'
/// pending move (its command sheet, or its harassment) with dice everyone can audit.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/solo", tag = "talvisota",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "the Finnish player"),
              (status = 409, description = "not a solo game, or no Finnish move pending")),
    security(("bearer" = [])))]
pub async fn api_solo(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
) -> Result<axum::response::Response, AppError> {
    solo_move(&state, &access).await?.answer()
}

/// `POST /api/v1/campaigns/{id}/talvisota/corrections`: the umpire sets a morale track or where
/// a unit both sides see stands (`{"what": "morale", "side": "finnish", "value": 18, "reason": …}`
/// or `{"what": "unit", "unit": "su-fus-3", "location": {"box": "space", "at": "terijoki"}, …}`);
/// both sides read the reason with the old and new values.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talvisota/corrections", tag = "talvisota",
    request_body = CorrectionIn, params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = TalvisotaView), (status = 403, description = "not the umpire"),
              (status = 409, description = "the game is over"),
              (status = 422, description = "out of range, a hidden piece, or no reason")),
    security(("bearer" = [])))]
pub async fn api_correct(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Talvisota>,
    ApiJson(body): ApiJson<CorrectionIn>,
) -> Result<axum::response::Response, AppError> {
    correct(&state, &access, body).await?.answer()
}

/// Every Talvisota API route, with its part of the OpenAPI document.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api_view))
        .routes(routes!(api_events))
        .routes(routes!(api_organisation))
        .routes(routes!(api_soviet_sheet))
        .routes(routes!(api_finnish_sheet))
        .routes(routes!(api_combat))
        .routes(routes!(api_harassment))
        .routes(routes!(api_advance))
        .routes(routes!(api_solo))
        .routes(routes!(api_correct))
}
