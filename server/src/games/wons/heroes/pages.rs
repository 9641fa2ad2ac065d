//! The heroes page of a WoNS campaign (`/campaigns/{id}/heroes`): a side's own heroes and the
//! enemy heroes it has met; the umpire's every hero with the forms to obtain and roll for them.

use crate::core::error::AppError;
use crate::db;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::heroes::commands::{self as api, FateAction, ObtainIn};
use crate::games::wons::heroes::view::{HeroesView, MetHeroView, OwnHeroView, roster_view};
use crate::games::wons::rules::heroes::HeroStatus;
use crate::games::wons::rules::tables::heroes::HeroHit;
use crate::state::AppState;
use crate::web::pages::{Nav, render_with};
use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;

/// One line of a table: plain strings, so the template decides nothing.
struct Row {
    id: String,
    name: String,
    side: String,
    rank: String,
    leader: bool,
    abilities: String,
    cost: u32,
    platoon: String,
    element: String,
    status: String,
    historical: bool,
    taken_by: String,
    record: Vec<String>,
}

fn status_word(s: HeroStatus) -> &'static str {
    match s {
        HeroStatus::Serving => "serving",
        HeroStatus::Captured => "prisoner of the enemy",
        HeroStatus::Killed => "killed",
    }
}

fn own_row(h: &OwnHeroView) -> Row {
    Row {
        id: h.hero.id.clone(),
        name: h.hero.name.clone(),
        side: h.hero.side.code().into(),
        rank: h.hero.rank.clone(),
        leader: h.hero.leader,
        abilities: h.hero.abilities.clone(),
        cost: h.hero.cost,
        platoon: h.platoon_name.clone(),
        element: h.element.clone(),
        status: status_word(h.status).into(),
        historical: h.hero.historical,
        taken_by: String::new(),
        record: h.record.iter().map(|r| r.sentence.clone()).collect(),
    }
}

fn met_row(h: &MetHeroView) -> Row {
    Row {
        id: h.id.clone(),
        name: h.name.clone(),
        side: h.side.code().into(),
        rank: h.rank.clone(),
        leader: h.leader,
        abilities: h.abilities.clone(),
        cost: 0,
        platoon: h.platoon_name.clone(),
        element: String::new(),
        status: status_word(h.status).into(),
        historical: false,
        taken_by: String::new(),
        record: Vec::new(),
    }
}

#[derive(Template)]
#[template(path = "games/wons/heroes.html")]
struct HeroesPage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    error: Option<String>,
    umpire: bool,
    side: String,
    own: Vec<Row>,
    met: Vec<Row>,
    roster: Vec<Row>,
    platoons: Vec<(String, String)>,
    /// The highest battle number so far (archived battles included): the umpire names a battle
    /// by its number, as the battles page lists them.
    battle_count: u32,
}

async fn page(
    state: &AppState,
    access: &GameAccess<Wons>,
    error: Option<String>,
    status: StatusCode,
) -> Result<Response, AppError> {
    let (game, view) = api::view_with_state(state, access).await?;
    let (umpire, side, own, met) = match &view {
        HeroesView::Umpire(v) => (
            true,
            String::new(),
            v.heroes.iter().map(own_row).collect(),
            vec![],
        ),
        HeroesView::Side(v) => (
            false,
            v.side.code().to_string(),
            v.own.iter().map(own_row).collect(),
            v.met.iter().map(met_row).collect(),
        ),
    };
    // The roster is public across the server; a side is shown its own side's heroes.
    let memberships = db::campaigns::for_user(&state.db, access.user.id).await?;
    let roster = roster_view(
        crate::games::wons::heroes::db::roster(&state.db).await?,
        &memberships,
    )
    .into_iter()
    .filter(|r| umpire || r.hero.side.code() == side)
    .map(|r| Row {
        id: r.hero.id.clone(),
        name: r.hero.name.clone(),
        side: r.hero.side.code().into(),
        rank: r.hero.rank.clone(),
        leader: r.hero.leader,
        abilities: r.hero.abilities.clone(),
        cost: r.hero.cost,
        platoon: String::new(),
        element: String::new(),
        status: if r.available { "available" } else { "taken" }.into(),
        historical: r.hero.historical,
        taken_by: r.taken_by.unwrap_or_default(),
        record: Vec::new(),
    })
    .collect();
    let platoons = if umpire {
        game.platoons
            .values()
            .map(|p| (p.id.clone(), format!("{} ({})", p.name, p.side.code())))
            .collect()
    } else {
        vec![]
    };
    let battle_count = if umpire { game.battle_count() } else { 0 };
    Ok(render_with(
        status,
        &HeroesPage {
            nav: Nav::with_waiting(&state.db, access).await?,
            campaign_id: access.id(),
            campaign_name: access.membership.campaign.name.clone(),
            error,
            umpire,
            side,
            own,
            met,
            roster,
            platoons,
            battle_count,
        },
    ))
}

/// `GET /campaigns/{id}/heroes`.
pub async fn show(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
) -> Result<Response, AppError> {
    page(&state, &access, None, StatusCode::OK).await
}

async fn after<T>(
    state: &AppState,
    access: &GameAccess<Wons>,
    result: Result<T, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(Redirect::to(&format!("/campaigns/{}/heroes", access.id())).into_response()),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            page(state, access, Some(e.message), e.status).await
        }
        Err(e) => Err(e),
    }
}

/// The obtain form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ObtainForm {
    hero: String,
    platoon: String,
    element: String,
    battle: String,
}

/// `POST /campaigns/{id}/heroes/obtain`.
pub async fn obtain(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Form(form): Form<ObtainForm>,
) -> Result<Response, AppError> {
    let battle = match form.battle.trim() {
        "" => None,
        text => Some(text.parse::<u32>().map_err(|_| {
            AppError::invalid(
                "invalid_battle",
                "Give the number of the battle whose support points pay for him, or leave it empty.",
            )
            .on_field("battle")
        })?),
    };
    let input = ObtainIn {
        platoon: form.platoon,
        element: Some(form.element).filter(|e| !e.trim().is_empty()),
        battle,
    };
    let result = api::obtain(&state, &access, &form.hero, input).await;
    after(&state, &access, result).await
}

/// A fate form: hit, capture or escape.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct FateForm {
    event: String,
    battle: String,
    leader_result: String,
}

/// The path of a hero's form.
#[derive(Debug, Deserialize)]
pub struct HeroFormPath {
    hero: String,
}

/// `POST /campaigns/{id}/heroes/{hero}/fate`.
pub async fn fate(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path(path): Path<HeroFormPath>,
    Form(form): Form<FateForm>,
) -> Result<Response, AppError> {
    let result = async {
        let battle = || {
            form.battle.trim().parse::<u32>().map_err(|_| {
                AppError::invalid("unknown_battle", "Choose the battle it happened in.")
            })
        };
        let action = match form.event.as_str() {
            "hit" => FateAction::Hit {
                battle: battle()?,
                leader_result: match form.leader_result.as_str() {
                    "killed" => Some(HeroHit::Killed),
                    "wounded" => Some(HeroHit::Wounded),
                    _ => None,
                },
            },
            "capture" => FateAction::Capture { battle: battle()? },
            "escape" => FateAction::Escape,
            _ => {
                return Err(AppError::invalid(
                    "unknown_event",
                    "Choose a hit, a capture attempt or an escape attempt.",
                ));
            }
        };
        api::fate(&state, &access, &path.hero, action).await
    }
    .await;
    after(&state, &access, result).await
}

/// The heroes pages' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/campaigns/{id}/heroes", get(show))
        .route("/campaigns/{id}/heroes/obtain", post(obtain))
        .route("/campaigns/{id}/heroes/{hero}/fate", post(fate))
}
