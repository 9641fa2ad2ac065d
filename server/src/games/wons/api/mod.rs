//! Winter of No Surrender through the API: the caller's view, orders, readiness, resolution and
//! the orders deadline; battles in `battle_rolls` and `battles`, the umpire's hand in `control`.
//! The pages call the same functions, and every command runs through `games::runner`.

use crate::core::domain::{Role, Side};
use crate::core::error::AppError;
use crate::db;
use crate::dice::live::LiveDice;
use crate::games::runner;
use crate::games::runner::Committed;
use crate::games::wons::Wons;
use crate::games::wons::rules::{self as wons, Event, Order, PlatoonOrder, WonsState};
use crate::games::wons::views::{WonsView, view_for};
use crate::games::{GameAccess, KeptGameAccess};
use crate::state::AppState;
use crate::web::ApiJson;
use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

/// The side the caller plays; 403 for the umpire.
fn player_side(access: &GameAccess<Wons>) -> Result<Side, AppError> {
    access.role().side().ok_or_else(|| {
        AppError::forbidden("Orders are given by the sides' players, not the umpire.")
    })
}

/// Runs one WoNS command through the game runner; answers with the rule's answer and the
/// caller's view as committed.
pub async fn run<T>(
    state: &AppState,
    access: &GameAccess<Wons>,
    rule: impl FnOnce(&mut WonsState, &mut LiveDice) -> Result<(T, Vec<Event>), AppError>,
) -> Result<(T, Committed<Wons>), AppError> {
    runner::run::<Wons, T>(state, access, rule).await
}

/// As `run`, for a command on battle `battle`: a battle the archive holds comes back into the
/// state for the command, so that the command answers exactly as it would while the battle was
/// still in the state (a side probing a battle cannot tell whether it was archived, which may
/// depend on the enemy's interrogations). Should the command change it, the archive keeps its
/// new record when it leaves again.
pub async fn run_on_battle<T>(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
    rule: impl FnOnce(&mut WonsState, &mut LiveDice) -> Result<(T, Vec<Event>), AppError>,
) -> Result<(T, Committed<Wons>), AppError> {
    let mut command = open_on_battle(state, access, battle).await?;
    let (answer, events) = command.step(rule)?;
    Ok((answer, command.finish(events).await?))
}

/// Opens a command on battle `battle`, brought back from the archive if it was there (see
/// `run_on_battle`), for a command that does more than run a rule.
pub async fn open_on_battle(
    state: &AppState,
    access: &GameAccess<Wons>,
    battle: u32,
) -> Result<runner::GameCommand<Wons>, AppError> {
    let mut command = runner::GameCommand::<Wons>::open(state, access).await?;
    bring_back(&mut command, battle).await?;
    Ok(command)
}

/// Brings battle `battle` back from the archive into the open command's state, if the archive
/// holds it (see `run_on_battle`).
pub async fn bring_back(
    command: &mut runner::GameCommand<Wons>,
    battle: u32,
) -> Result<(), AppError> {
    let game = &command.state;
    if game.battle(battle).is_some() || !(1..=game.battle_count()).contains(&battle) {
        return Ok(());
    }
    let campaign = command.command.campaign.id;
    if let Some(record) =
        db::game::archived_record(&mut **command.command.tx(), campaign, battle).await?
    {
        let archived: crate::games::wons::rules::battle::Battle = db::game::decode(&record)?;
        let battles = &mut command.state.battles;
        let at = battles.partition_point(|b| b.id < battle);
        battles.insert(at, archived);
    }
    Ok(())
}

/// A deadline for the current orders.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeadlineIn {
    /// When the orders are due (RFC 3339), or null to remove the deadline.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub at: Option<time::OffsetDateTime>,
}

/// Sets (or removes) the deadline for this Hour's orders; umpire only.
pub async fn set_deadline(
    state: &AppState,
    access: &GameAccess<Wons>,
    at: Option<time::OffsetDateTime>,
) -> Result<(), AppError> {
    access.require_umpire("set the orders deadline")?;
    if at.is_some_and(|t| t <= time::OffsetDateTime::now_utc()) {
        return Err(
            AppError::invalid("deadline_past", "A deadline must lie in the future.").on_field("at"),
        );
    }
    let mut command = access.command(state).await?;
    let id = command.campaign.id;
    db::campaigns::set_deadline(&mut **command.tx(), id, at).await?;
    command.changes_for(db::game::Audience::Public);
    command.commit(None).await?;
    Ok(())
}

/// `PUT /api/v1/campaigns/{id}/wons/deadline`: when this Hour's orders are due; missing orders then Defend.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/deadline", tag = "wons", request_body = DeadlineIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, description = "deadline set"), (status = 403, description = "not the umpire"),
              (status = 422, description = "the time has passed")),
    security(("bearer" = [])))]
pub async fn api_deadline(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<DeadlineIn>,
) -> Result<Json<Value>, AppError> {
    set_deadline(&state, &access, body.at).await?;
    Ok(Json(
        serde_json::json!({ "at": body.at.and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok()) }),
    ))
}

/// The caller's view of the game.
pub async fn view(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<(std::sync::Arc<WonsState>, WonsView), AppError> {
    let game = started(state, access).await?;
    let view = view_for(&game, access.role());
    Ok((game, view))
}

/// The campaign's WoNS state as kept; 409 while the game has not started.
pub async fn started(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<std::sync::Arc<WonsState>, AppError> {
    db::game::kept_state(&state.db, &state.caches.states, access.id())
        .await?
        .ok_or_else(|| AppError::conflict("not_started", "This campaign's game has not started."))
}

/// `GET /api/v1/campaigns/{id}/wons/view`: the caller's whole view, from the same projection as the page.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/wons/view", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 404, description = "not a WoNS campaign of yours")),
    security(("bearer" = [])))]
pub async fn api_view(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    headers: axum::http::HeaderMap,
) -> Result<axum::response::Response, AppError> {
    let segment = <Wons as crate::games::Game>::SEGMENT;
    let key = crate::web::view_cache::key(&access, segment);
    let tag = crate::web::etag::tag(&access, segment, None);
    crate::web::etag::conditional(&headers, tag, async {
        crate::web::view_cache::json(&state.caches.views, key, async {
            Ok(view(&state, &access).await?.1)
        })
        .await
    })
    .await
}

/// Paging of a side's battles.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct BattlesQuery {
    /// Only battles with a smaller number (for the next page back).
    pub before: Option<u32>,
    /// At most this many (1 to 100, default 20).
    pub limit: Option<u32>,
    /// The side whose view of the battles to read (the umpire only; a player reads their own).
    pub side: Option<Side>,
}

/// A page of battles as a side sees them, newest first.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct BattlesPage {
    /// The battles.
    pub battles: Vec<crate::games::wons::views::BattleView>,
    /// Whether there are earlier battles: ask again with `before` set to the last one's number.
    pub more: bool,
}

/// A page of the battles as the caller's side (or, for the umpire, the side named) sees them.
pub async fn battle_list(
    state: &AppState,
    access: &GameAccess<Wons>,
    q: &BattlesQuery,
) -> Result<BattlesPage, AppError> {
    Ok(battles_with_state(state, access, q).await?.1)
}

/// As `battle_list`, with the state the page was built from (for its names and clock).
pub async fn battles_with_state(
    state: &AppState,
    access: &GameAccess<Wons>,
    q: &BattlesQuery,
) -> Result<(std::sync::Arc<WonsState>, BattlesPage), AppError> {
    let side = battle_rolls::acting_side(access, q.side)?;
    let limit = q.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(
            AppError::invalid("invalid_limit", "Ask for 1 to 100 battles at a time.")
                .on_field("limit"),
        );
    }
    let game = started(state, access).await?;
    // Read after the state, the archive holds every battle the state no longer does (one
    // archived in between is in both, and listed once).
    let archived = db::game::archived(&state.db, access.id(), q.before, limit + 1)
        .await?
        .into_iter()
        .map(|(_, record)| db::game::decode(&record))
        .collect::<Result<Vec<_>, _>>()?;
    let (battles, more) =
        crate::games::wons::views::battle_page(&game, side, &archived, q.before, limit as usize);
    Ok((game, BattlesPage { battles, more }))
}

/// `GET /api/v1/campaigns/{id}/wons/battles`: every battle, a page at a time, newest first, as
/// the caller's side sees it (the view lists only the open and the newest ones).
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/wons/battles", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id"), BattlesQuery),
    responses((status = 200, body = BattlesPage), (status = 404, description = "not a WoNS campaign of yours"),
              (status = 422, description = "a limit outside 1 to 100, or the umpire named no side")),
    security(("bearer" = [])))]
pub async fn api_battles(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    axum::extract::Query(q): axum::extract::Query<BattlesQuery>,
) -> Result<Json<BattlesPage>, AppError> {
    Ok(Json(battle_list(&state, &access, &q).await?))
}

/// Gives (or replaces) one platoon's order for the coming Hour.
pub async fn give_order(
    state: &AppState,
    access: &GameAccess<Wons>,
    platoon: &str,
    order: Order,
) -> Result<Committed<Wons>, AppError> {
    let order = PlatoonOrder {
        platoon: platoon.to_owned(),
        order,
    };
    give_orders(state, access, vec![order]).await
}

/// Gives (or replaces) several platoons' orders at once, checked together: a stack's platoons
/// can change their moves in one command. All are given, or none.
pub async fn give_orders(
    state: &AppState,
    access: &GameAccess<Wons>,
    orders: Vec<PlatoonOrder>,
) -> Result<Committed<Wons>, AppError> {
    let side = player_side(access)?;
    if orders.is_empty() {
        return Err(AppError::invalid(
            "no_orders",
            "Give at least one platoon an order.",
        ));
    }
    run(state, access, |game, _| {
        let events = wons::give_orders(game, side, orders).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// Takes the extra action a platoon of a battle shorter than three Turns may take at once (R2).
pub async fn extra_action(
    state: &AppState,
    access: &GameAccess<Wons>,
    platoon: &str,
    order: Order,
) -> Result<Committed<Wons>, AppError> {
    let side = player_side(access)?;
    run(state, access, |game, dice| {
        let order = PlatoonOrder {
            platoon: platoon.to_owned(),
            order,
        };
        let events = wons::take_extra_action(game, dice, side, order).map_err(AppError::from)?;
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/extra-actions/{platoon}`: a platoon of a battle shorter
/// than three Turns takes its extra action now (R2); it replaces the platoon's order for the
/// coming Hour.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/extra-actions/{platoon}", tag = "wons", request_body = Order,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("platoon" = String, Path, description = "platoon id")),
    responses((status = 200, body = WonsView), (status = 403, description = "the umpire gives no orders"),
              (status = 409, description = "the platoon has no extra action"), (status = 422, description = "illegal action, naming the rule")),
    security(("bearer" = [])))]
pub async fn api_extra_action(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<PlatoonPath>,
    ApiJson(order): ApiJson<Order>,
) -> Result<axum::response::Response, AppError> {
    extra_action(&state, &access, &path.platoon, order)
        .await?
        .answer()
}

/// The path of an order.
#[derive(Debug, Deserialize)]
pub struct PlatoonPath {
    /// The platoon's id.
    pub platoon: String,
}

/// `PUT /api/v1/campaigns/{id}/wons/orders/{platoon}`: gives one platoon its order for the coming Hour.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/orders/{platoon}", tag = "wons", request_body = Order,
    params(("id" = uuid::Uuid, Path, description = "campaign id"), ("platoon" = String, Path, description = "platoon id")),
    responses((status = 200, body = WonsView), (status = 403, description = "the umpire gives no orders"),
              (status = 409, description = "orders closed or marked ready"), (status = 422, description = "illegal order, naming the rule")),
    security(("bearer" = [])))]
pub async fn api_give_order(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    Path(path): Path<PlatoonPath>,
    ApiJson(order): ApiJson<Order>,
) -> Result<axum::response::Response, AppError> {
    give_order(&state, &access, &path.platoon, order)
        .await?
        .answer()
}

/// `PUT /api/v1/campaigns/{id}/wons/orders`: gives several platoons their orders for the coming
/// Hour in one command, checked together (all of a stack's moves at once); all or none are given.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/orders", tag = "wons", request_body = Vec<PlatoonOrder>,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 403, description = "the umpire gives no orders"),
              (status = 409, description = "orders closed or marked ready"), (status = 422, description = "an illegal order or a split stack, naming the rule")),
    security(("bearer" = [])))]
pub async fn api_give_orders(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(orders): ApiJson<Vec<PlatoonOrder>>,
) -> Result<axum::response::Response, AppError> {
    give_orders(&state, &access, orders).await?.answer()
}

/// A new order of march for the Soviet stacks, leading stack first; null withdraws the plan.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReorganizationIn {
    /// The stacks, each with its platoons in marching order.
    #[schema(value_type = Option<Vec<Object>>)]
    pub stacks: Option<Vec<crate::games::wons::rules::platoon::Stack>>,
}

/// Plans a reorganization of the Soviet stacks for this Hour; Soviet player only.
pub async fn reorganize(
    state: &AppState,
    access: &GameAccess<Wons>,
    plan: Option<Vec<crate::games::wons::rules::platoon::Stack>>,
) -> Result<Committed<Wons>, AppError> {
    if player_side(access)? != Side::Soviet {
        return Err(AppError::forbidden(
            "Only the Soviet side reorganizes stacks.",
        ));
    }
    run(state, access, |game, _| {
        Ok((
            (),
            wons::set_reorganization(game, plan).map_err(AppError::from)?,
        ))
    })
    .await
    .map(|(_, view)| view)
}

/// `PUT /api/v1/campaigns/{id}/wons/reorganization`: the Soviet stacks' new order and content for this Hour.
#[utoipa::path(put, path = "/api/v1/campaigns/{id}/wons/reorganization", tag = "wons", request_body = ReorganizationIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 403, description = "not the Soviet player"),
              (status = 422, description = "breaks a stack rule, naming it")),
    security(("bearer" = [])))]
pub async fn api_reorganize(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<ReorganizationIn>,
) -> Result<axum::response::Response, AppError> {
    reorganize(&state, &access, body.stacks).await?.answer()
}

/// The caller's orders for the coming Hour.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct OwnOrders {
    /// Each platoon's order, or null where none is given yet.
    #[schema(value_type = Object)]
    pub orders: std::collections::BTreeMap<String, Option<Order>>,
    /// Whether the side has marked its orders ready.
    pub ready: bool,
    /// A planned reorganization of the stacks (Soviets).
    #[schema(value_type = Option<Vec<Object>>)]
    pub reorganization: Option<Vec<crate::games::wons::rules::platoon::Stack>>,
}

/// `GET /api/v1/campaigns/{id}/wons/orders`: the caller's orders for the coming Hour.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/wons/orders", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = OwnOrders), (status = 403, description = "the umpire reads them in the view")),
    security(("bearer" = [])))]
pub async fn api_orders(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
) -> Result<Json<OwnOrders>, AppError> {
    player_side(&access)?;
    let view = match view(&state, &access).await?.1 {
        WonsView::Soviet(v) => v.0,
        WonsView::Finnish(v) => v.0,
        WonsView::Umpire(_) => {
            return Err(AppError::forbidden(
                "The umpire reads both sides' orders in the view.",
            ));
        }
    };
    Ok(Json(OwnOrders {
        orders: view
            .platoons
            .iter()
            .map(|p| (p.id.clone(), p.order.clone()))
            .collect(),
        ready: view.orders.ready,
        reorganization: view.orders.reorganization,
    }))
}

/// What a side sends when it marks its orders ready.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ReadyIn {
    /// Platoons still without orders Defend: say so to mark ready anyway (else 422
    /// `confirm_defaults`, naming them).
    pub confirm_defaults: bool,
}

/// Marks the caller's side ready; when both sides are, the Hour resolves at once.
pub async fn mark_ready(
    state: &AppState,
    access: &GameAccess<Wons>,
    confirm_defaults: bool,
) -> Result<Committed<Wons>, AppError> {
    let side = player_side(access)?;
    run(state, access, |game, dice| {
        let mut events = wons::mark_ready(game, side, confirm_defaults).map_err(AppError::from)?;
        if game.orders.soviet.ready && game.orders.finnish.ready {
            events.extend(wons::resolve_hour(game, dice, false).map_err(AppError::from)?);
        }
        Ok(((), events))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/ready`: the caller's side marks its orders ready.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/ready", tag = "wons", request_body = ReadyIn,
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 409, description = "already ready or closed"),
              (status = 422, description = "the orders break a rule, or platoons without orders would Defend and `confirm_defaults` was not sent")),
    security(("bearer" = [])))]
pub async fn api_ready(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
    ApiJson(body): ApiJson<ReadyIn>,
) -> Result<axum::response::Response, AppError> {
    mark_ready(&state, &access, body.confirm_defaults)
        .await?
        .answer()
}

/// Withdraws the caller's side's ready mark, while the Hour has not resolved.
pub async fn withdraw_ready(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<Committed<Wons>, AppError> {
    let side = player_side(access)?;
    run(state, access, |game, _| {
        Ok((
            (),
            wons::withdraw_ready(game, side).map_err(AppError::from)?,
        ))
    })
    .await
    .map(|(_, view)| view)
}

/// `DELETE /api/v1/campaigns/{id}/wons/ready`: the caller's side withdraws its ready mark to
/// change its orders; the enemy learns only that it is no longer ready.
#[utoipa::path(delete, path = "/api/v1/campaigns/{id}/wons/ready", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 409, description = "not ready, or the Hour is closed")),
    security(("bearer" = [])))]
pub async fn api_withdraw_ready(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
) -> Result<axum::response::Response, AppError> {
    withdraw_ready(&state, &access).await?.answer()
}

/// Resolves the Hour now, missing orders defaulting to Defend; umpire only.
pub async fn force_resolution(
    state: &AppState,
    access: &GameAccess<Wons>,
) -> Result<Committed<Wons>, AppError> {
    access.require_umpire("force the Hour's resolution")?;
    run(state, access, |game, dice| {
        Ok((
            (),
            wons::resolve_hour(game, dice, true).map_err(AppError::from)?,
        ))
    })
    .await
    .map(|(_, view)| view)
}

/// `POST /api/v1/campaigns/{id}/wons/resolve`: resolves the Hour now; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/wons/resolve", tag = "wons",
    params(("id" = uuid::Uuid, Path, description = "campaign id")),
    responses((status = 200, body = WonsView), (status = 403, description = "not the umpire"),
              (status = 409, description = "a battle waits for its result, or the campaign is over")),
    security(("bearer" = [])))]
pub async fn api_resolve(
    State(state): State<AppState>,
    KeptGameAccess(access): KeptGameAccess<Wons>,
) -> Result<axum::response::Response, AppError> {
    force_resolution(&state, &access).await?.answer()
}

/// Whether `role` plays a side (and so gives orders).
pub fn gives_orders(role: Role) -> bool {
    role.side().is_some()
}

pub mod battle_rolls;
pub mod battles;
pub mod control;

pub use control::{CorrectionIn, EventsQuery, RevealIn, correct, end, events, reveal};

pub use battle_rolls::{
    BattlePath, ForceMoraleIn, InterrogationIn, acting_side, fire_barrage, interrogate,
    record_battle, roll_force_morale,
};
