//! The WoNS battle forms of the pages: support points and purchases (R1.4), surprise (R4), the
//! recon Turn Zero (R1.4.3), the starting Force Morale, barrages (R23.1), interrogations (R25),
//! the post-battle report and capture rolls (R1.5). Each form is read into the same command the
//! API takes and handed to the same function.

use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::games::GameAccess;
use crate::games::wons::Wons;
use crate::games::wons::api::battles::{
    self as battles, CaptureIn, PurchasesIn, SupportPointsIn, SurpriseIn,
};
use crate::games::wons::api::{self as api};
use crate::games::wons::pages::after;
use crate::games::wons::rules::aftermath::{
    AbandonedIn, BattleReport, CaptureRequest, Casualty, FinalForceMorale, PrisonerTaken,
};
use crate::games::wons::rules::barrage::BarrageRequest;
use crate::games::wons::rules::battle_sheet::TurnZeroReport;
use crate::games::wons::rules::prisoners::InterrogationRequest;
use crate::games::wons::rules::support::PurchaseRequest;
use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
use crate::state::AppState;
use crate::web::form::Fields;
use axum::Router;
use axum::extract::{Form, Path, State};
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;

/// Where the page goes back to after a battle form.
fn anchor(battle: u32) -> String {
    format!("#battle-{battle}")
}

/// `POST /campaigns/{id}/wons/battles/{battle}/support-points`: the umpire assigns a side its
/// points.
pub async fn support_points(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async {
        let side = form.side("side").ok_or_else(|| {
            AppError::invalid("side_needed", "Choose the side the points are for.")
        })?;
        let points = form.count("points", "the support points")?;
        battles::assign_points(&state, &access, battle, &SupportPointsIn { side, points }).await
    }
    .await;
    after(&state, &access, result, &anchor(battle)).await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/support`: the side's whole list of purchases.
/// Row `buy{n}` names an item and a platoon with how many to buy; `ahead` names a recon item
/// whose first purchase is sent ahead for a Turn Zero.
pub async fn support(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async {
        let mut purchases: Vec<PurchaseRequest> = Vec::new();
        for n in 0.. {
            let item = form.get(&format!("buy{n}.item"));
            if item.is_empty() {
                break;
            }
            let count = form.count(&format!("buy{n}.count"), "how many to buy")?;
            for _ in 0..count {
                purchases.push(PurchaseRequest {
                    item: item.to_owned(),
                    platoon: form.get(&format!("buy{n}.platoon")).to_owned(),
                    turn_zero: false,
                });
            }
        }
        for ahead in form.all("ahead") {
            let first = purchases.iter_mut().find(|p| p.item == ahead).ok_or_else(|| {
                AppError::invalid(
                    "support_refused",
                    "Buy the reconnaissance unit before sending it ahead for a Turn Zero (R1.4.3).",
                )
            })?;
            first.turn_zero = true;
        }
        let body = PurchasesIn {
            side: None,
            purchases,
        };
        battles::buy_support(&state, &access, battle, &body).await
    }
    .await;
    after(&state, &access, result, &anchor(battle)).await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/surprise`: the umpire sets or clears the surprise.
pub async fn surprise(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async {
        let surprised = form.side("surprised");
        let level = match surprised {
            None => None,
            Some(_) => Some(
                serde_json::from_value(serde_json::Value::String(form.get("level").to_owned()))
                    .map_err(|_| {
                        AppError::invalid(
                            "surprise_incomplete",
                            "Choose how badly the side is surprised.",
                        )
                    })?,
            ),
        };
        let body = SurpriseIn {
            surprised,
            level,
            reason: crate::core::text::Label::field("reason", form.get("reason").to_owned())?,
        };
        battles::surprise(&state, &access, battle, &body).await
    }
    .await;
    after(&state, &access, result, &anchor(battle)).await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/turn-zero`: what the Soviet recon achieved.
pub async fn turn_zero(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async {
        let report = TurnZeroReport {
            finnish_units_deployed: form.count("deployed", "the Finnish units deployed")?,
            wiped_out_or_captured: form.has("wiped_out"),
            killed: form.count("killed", "the men killed")?,
            wounded: form.count("wounded", "the men wounded")?,
        };
        battles::turn_zero(&state, &access, battle, &report).await
    }
    .await;
    after(&state, &access, result, &anchor(battle)).await
}

/// Reads the report form: `winner` and `turns`, then per side (`{side}.` before each name)
/// casualty rows `cas{n}`, final Force Morale `fm`, prisoners one a line (a line ending in
/// "(deserter)" or "(hero)" sets that), abandoned equipment rows `ab{n}` with `he` naming the
/// platoons HE drove off; `used` names each support item used.
fn report(form: &Fields) -> Result<BattleReport, AppError> {
    let winner = form
        .side("winner")
        .ok_or_else(|| AppError::invalid("invalid_result", "Choose which side won."))?;
    let turns = form.get("turns").parse().map_err(|_| {
        AppError::invalid(
            "invalid_result",
            "Give the number of full Chain of Command Turns played.",
        )
    })?;
    let mut report = BattleReport::bare(winner, turns);
    report.support_used = form.all("used");
    for side in [Side::Soviet, Side::Finnish] {
        let s = side.code();
        for n in 0.. {
            let platoon = form.get(&format!("{s}.cas{n}.platoon"));
            if platoon.is_empty() {
                break;
            }
            let field = |what: &str| format!("{s}.cas{n}.{what}");
            let casualty = Casualty {
                platoon: platoon.to_owned(),
                element: form.get(&field("element")).to_owned(),
                role: form.get(&field("role")).to_owned(),
                killed: form.count(&field("killed"), "the men killed")?,
                wounded: form.count(&field("wounded"), "the men wounded")?,
                missing: form.count(&field("missing"), "the men missing")?,
            };
            if casualty.men() > 0 {
                report.casualties.push(casualty);
            }
        }
        let fm = format!("{s}.fm");
        if !form.get(&fm).is_empty() {
            report.force_morale_end.push(FinalForceMorale {
                side,
                value: form.count(&fm, "the final Force Morale")?,
            });
        }
        for line in form.get(&format!("{s}.prisoners")).lines() {
            let mut name = line.trim();
            let (mut deserter, mut hero) = (false, false);
            loop {
                if let Some(rest) = name.strip_suffix("(deserter)") {
                    deserter = true;
                    name = rest.trim_end();
                } else if let Some(rest) = name.strip_suffix("(hero)") {
                    hero = true;
                    name = rest.trim_end();
                } else {
                    break;
                }
            }
            if !name.is_empty() {
                report.prisoners.push(PrisonerTaken {
                    taken_by: side,
                    name: name.to_owned(),
                    deserter,
                    hero,
                });
            }
        }
        let he = format!("{s}.he");
        let driven_off = form.all(&he);
        for n in 0.. {
            let platoon = form.get(&format!("{s}.ab{n}.platoon"));
            if platoon.is_empty() {
                break;
            }
            let left = form.count(&format!("{s}.ab{n}.count"), "the equipment left")?;
            for _ in 0..left {
                report.abandoned.push(AbandonedIn {
                    platoon: platoon.to_owned(),
                    weapon: form.get(&format!("{s}.ab{n}.weapon")).to_owned(),
                    he_drove_off_owner: driven_off.iter().any(|p| p == platoon),
                });
            }
        }
    }
    Ok(report)
}

/// `POST /campaigns/{id}/wons/battles/{battle}/result`: the umpire's report, applied at once, or
/// a side's part, applied when the other side reports the same winner and Turns. A form with
/// only `winner` and `turns` records the bare result.
pub async fn result(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async { api::record_battle(&state, &access, battle, &report(&form)?).await }.await;
    after(&state, &access, result, &anchor(battle)).await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/captures`: one capture roll for a device; heroes
/// who may use any weapon are found by the server.
pub async fn capture(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let body = CaptureIn {
        side: form.side("side"),
        request: CaptureRequest {
            device: form.get("device").to_owned(),
            platoon: form.get("platoon").to_owned(),
            difficult_place: form.has("difficult_place"),
            been_in_close_combat_range: form.has("close_combat_range"),
            heavier_weapon: form.has("heavier_weapon"),
            proficient_crew: form.has("proficient_crew"),
        },
    };
    let result = battles::capture(&state, &access, battle, &body).await;
    after(&state, &access, result, &anchor(battle)).await
}

/// `POST /campaigns/{id}/wons/force-morale-table`: the umpire's table, one result per face.
pub async fn force_morale_table(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Form(form): Form<Fields>,
) -> Result<Response, AppError> {
    let result = async {
        let mut by_face = [0u8; 6];
        for (face, slot) in by_face.iter_mut().enumerate() {
            let what = format!("the result for a {}", face + 1);
            let value = form.count(&format!("face{}", face + 1), &what)?;
            *slot = u8::try_from(value).unwrap_or(u8::MAX);
        }
        battles::force_morale_table(&state, &access, ForceMoraleTable { by_face }).await
    }
    .await;
    after(&state, &access, result, "#fm-table").await
}

/// `POST /campaigns/{id}/wons/battles/{battle}/force-morale`: the player's own side, or the umpire's choice.
pub async fn force_morale(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Result<Response, AppError> {
    let side = match form.get("side").map(String::as_str) {
        Some("soviet") => Some(Side::Soviet),
        Some("finnish") => Some(Side::Finnish),
        _ => None,
    };
    let result = api::roll_force_morale(&state, &access, battle, side).await;
    after(&state, &access, result, "#battles").await
}

/// The barrage form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BarrageForm {
    barrage: String,
    targets: String,
    observer: Option<String>,
}

/// `POST /campaigns/{id}/wons/battles/{battle}/barrages`: targets are names separated by commas.
pub async fn barrage(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<BarrageForm>,
) -> Result<Response, AppError> {
    let request = BarrageRequest {
        barrage: form.barrage,
        targets: form
            .targets
            .split(',')
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        observer: form.observer.is_some(),
    };
    let result = api::fire_barrage(&state, &access, battle, request).await;
    after(&state, &access, result, "#battles").await
}

/// The interrogation form: one of the prisoners the report lists.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct InterrogationForm {
    prisoner: String,
}

/// `POST /campaigns/{id}/wons/battles/{battle}/interrogations`.
pub async fn interrogate(
    State(state): State<AppState>,
    access: GameAccess<Wons>,
    Path((_, battle)): Path<(String, u32)>,
    Form(form): Form<InterrogationForm>,
) -> Result<Response, AppError> {
    let body = api::InterrogationIn {
        side: None,
        request: InterrogationRequest {
            prisoner: form.prisoner,
            deserter: false,
            hero: false,
        },
    };
    let result = api::interrogate(&state, &access, battle, body).await;
    after(&state, &access, result, "#battles").await
}

/// The battle forms' routes, with the sheet's Force Morale, barrage and interrogation forms.
pub fn router() -> Router<AppState> {
    let battle = |action: &str| format!("/campaigns/{{id}}/wons/battles/{{battle}}/{action}");
    Router::new()
        .route(
            "/campaigns/{id}/wons/force-morale-table",
            post(force_morale_table),
        )
        .route(&battle("support-points"), post(support_points))
        .route(&battle("support"), post(support))
        .route(&battle("surprise"), post(surprise))
        .route(&battle("turn-zero"), post(turn_zero))
        .route(&battle("result"), post(result))
        .route(&battle("captures"), post(capture))
        .route(&battle("force-morale"), post(force_morale))
        .route(&battle("barrages"), post(barrage))
        .route(&battle("interrogations"), post(interrogate))
}
