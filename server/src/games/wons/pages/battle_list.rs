//! `GET /campaigns/{id}/wons/battles`: every battle, twenty at a time, newest first, as a line
//! each, as the reader's side knows it (the umpire chooses the side). The side page shows the
//! open and newest battles in full; this page reaches the rest, archived ones included.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::api::{BattlesQuery, battles_with_state};
use crate::games::wons::rules::WonsState;
use crate::games::wons::views::{BattlePlatoonView, BattleView};
use crate::state::AppState;
use crate::web::pages::{Nav, render_with};
use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;

/// Battles on one page.
const PER_PAGE: u32 = 20;

/// One battle in a line of the table.
struct BattleRow {
    id: u32,
    step: String,
    when: String,
    table: String,
    attack: String,
    result: String,
    prisoners: String,
}

impl BattleRow {
    /// Battle `b` as its side reads it, with the step's name and the Hour's label from `game`.
    fn of(b: &BattleView, game: &WonsState) -> Self {
        let platoons = |list: &[BattlePlatoonView]| {
            list.iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let prisoners = b
            .report
            .iter()
            .flat_map(|r| &r.prisoners)
            .map(|p| p.name.clone())
            .collect::<Vec<_>>();
        BattleRow {
            id: b.id,
            step: game
                .ladder
                .iter()
                .find(|s| s.letter == b.step)
                .map_or_else(|| b.step.clone(), |s| s.label()),
            when: game.clock.label(b.hour),
            table: b.table.to_string(),
            attack: format!(
                "{} {} against {}",
                b.attacker.adjective(),
                platoons(&b.attackers),
                platoons(&b.defenders)
            ),
            result: b.status.words(),
            prisoners: if prisoners.is_empty() {
                "none".into()
            } else {
                prisoners.join(", ")
            },
        }
    }
}

#[derive(Template)]
#[template(path = "games/wons/battle_list.html")]
struct BattleListPage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    umpire: bool,
    /// The side's adjective ("Soviet").
    side: &'static str,
    /// "soviet" or "finnish".
    side_code: &'static str,
    before: Option<u32>,
    rows: Vec<BattleRow>,
    /// The number to ask for the next page back with, when there is one.
    older: Option<u32>,
}

/// `GET /campaigns/{id}/wons/battles?before=N&side=S`.
pub async fn show(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Query(q): Query<BattlesQuery>,
) -> Result<Response, AppError> {
    // The umpire reads the Soviets' side unless he names the other; a player reads its own
    // side whatever the address says.
    let umpire = access.role().side().is_none();
    let side = access
        .role()
        .side()
        .unwrap_or(q.side.unwrap_or(Side::Soviet));
    let asked = BattlesQuery {
        before: q.before,
        limit: Some(PER_PAGE),
        side: umpire.then_some(side),
    };
    let (game, page) = battles_with_state(&state, &access, &asked).await?;
    Ok(render_with(
        StatusCode::OK,
        &BattleListPage {
            nav: Nav::with_waiting(&state.db, &access).await?,
            campaign_id: access.id(),
            campaign_name: access.membership.campaign.name.clone(),
            umpire,
            side: side.adjective(),
            side_code: side.code(),
            before: q.before,
            older: page.battles.last().filter(|_| page.more).map(|b| b.id),
            rows: page
                .battles
                .iter()
                .map(|b| BattleRow::of(b, &game))
                .collect(),
        },
    ))
}
