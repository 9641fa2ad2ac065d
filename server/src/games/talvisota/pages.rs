//! The Talvisota game page and its forms, and the rules help page. Every form turns its fields
//! into the same typed command the API takes and calls the same function.

use crate::core::domain::{Role, Side};
use crate::core::error::AppError;
use crate::core::text::PlainText;
use crate::db;
use crate::games::GameAccess;
use crate::games::talvisota::Talvisota;
use crate::games::talvisota::api;
use crate::games::talvisota::api::CorrectionIn;
use crate::games::talvisota::commands::{read, require_role};
use crate::games::talvisota::rules::TalvisotaState;
use crate::games::talvisota::rules::correction::Correction;
use crate::games::talvisota::rules::sheet::{FinnishAllocation, SovietAllocation, SupportUse};
use crate::games::talvisota::rules::state::UnitLocation;
use crate::games::talvisota::rules::support::SupportChoice;
use crate::games::talvisota::rules::{
    FinnishSheet, INTERPRETATIONS, InfiltrationOrder, SovietOrganisation, SovietSheet,
    TalvisotaEvent, UnitMove,
};
use crate::games::talvisota::views::log::{piece, space_name};
use crate::games::talvisota::views::page::{GameModel, game_model};
use crate::games::talvisota::views::view_for;
use crate::state::AppState;
use crate::web::auth::MaybeUser;
use crate::web::form::Fields;
use crate::web::pages::{Due, Nav, render, render_with};
use askama::Template;
use axum::Router;
use axum::extract::{Form, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use uuid::Uuid;

/// How many log entries the page shows.
const LOG: i64 = 80;

/// One line of the turn log.
struct LogLine {
    moment: String,
    sentence: String,
}

#[derive(Template)]
#[template(path = "games/talvisota/game.html")]
struct GamePage {
    nav: Nav,
    campaign_id: Uuid,
    campaign_name: String,
    role: String,
    error: Option<String>,
    game: GameModel,
    log: Vec<LogLine>,
    /// The orders deadline in the reader's zone, if one is set.
    deadline: Option<Due>,
    /// The umpire's correction form: what it offers and what was typed.
    correction: CorrectionModel,
}

/// The umpire's correction form: the values both sides see, named with their current value;
/// the map's spaces for a unit's new place; what was typed and why it was refused.
#[derive(Default)]
struct CorrectionModel {
    targets: Vec<(String, String)>,
    places: Vec<String>,
    typed: CorrectionForm,
    error: Option<String>,
}

/// The correction form as sent.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct CorrectionForm {
    target: String,
    value: String,
    reason: String,
}

impl CorrectionForm {
    /// The correction it asks for: a morale track's number, or a unit's new place by the
    /// space's printed name (or Losses).
    fn correction(&self, game: &TalvisotaState) -> Result<CorrectionIn, AppError> {
        let refuse = |message: String| AppError::invalid("invalid_correction", message);
        let value = self.value.trim();
        let change = match self.target.split_once(':') {
            Some(("morale", side)) => {
                let side: Side = parse(side, "side")?;
                Correction::Morale {
                    side,
                    value: value.parse().map_err(|_| {
                        refuse(format!(
                            "Write {} morale as a whole number from 0 to {}.",
                            side.adjective(),
                            crate::games::talvisota::rules::morale::ceiling(side)
                        ))
                    })?,
                }
            }
            Some(("unit", unit)) => {
                let lower = value.to_lowercase();
                let location = match lower.as_str() {
                    "losses" | "losses box" | "the losses box" => UnitLocation::Losses(game.turn),
                    _ => game
                        .map
                        .spaces
                        .iter()
                        .find(|sp| sp.name.to_lowercase() == lower || sp.id == lower)
                        .map(|sp| UnitLocation::Space(sp.id.clone()))
                        .ok_or_else(|| {
                            refuse(format!(
                                "'{value}' is no space on the map: write a space's name as the map prints it, or Losses."
                            ))
                        })?,
                };
                Correction::Unit {
                    unit: unit.to_owned(),
                    location,
                }
            }
            _ => return Err(refuse("Choose what to correct from the list.".into())),
        };
        let reason = PlainText::try_from(self.reason.clone()).map_err(refuse)?;
        Ok(CorrectionIn { change, reason })
    }
}

/// What the umpire may correct, named with its current value: both morale tracks and every unit
/// both sides see (on the map or in the Losses box).
fn correction_model(game: &TalvisotaState) -> CorrectionModel {
    let mut targets: Vec<(String, String)> = [Side::Soviet, Side::Finnish]
        .into_iter()
        .map(|side| {
            (
                format!("morale:{}", side.code()),
                format!(
                    "{} morale (now {})",
                    side.adjective(),
                    crate::games::talvisota::rules::morale::morale(game, side)
                ),
            )
        })
        .collect();
    for u in &game.units {
        let now = match &u.location {
            UnitLocation::Space(space) => format!("in {}", space_name(&game.map, space)),
            UnitLocation::Losses(_) => "in the Losses box".into(),
            UnitLocation::Sheet | UnitLocation::NotArrived | UnitLocation::Reinforcements(_) => {
                continue;
            }
        };
        targets.push((
            format!("unit:{}", u.id),
            format!("{} (now {now})", piece(game, &u.id)),
        ));
    }
    CorrectionModel {
        targets,
        places: game.map.spaces.iter().map(|sp| sp.name.clone()).collect(),
        ..CorrectionModel::default()
    }
}

async fn page(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    error: Option<String>,
) -> Result<GamePage, AppError> {
    page_with(state, access, error, None).await
}

/// The page; a refused correction comes back in its form, as typed, with its message.
async fn page_with(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    error: Option<String>,
    correction: Option<(CorrectionForm, String)>,
) -> Result<GamePage, AppError> {
    let game = read(state, access).await?;
    let view = view_for(&game, access.role());
    let rows = db::game::events_for(&state.db, access.id(), access.role(), i64::MAX, LOG).await?;
    let mut events: Vec<TalvisotaEvent> = rows
        .iter()
        .filter_map(|r| serde_json::from_value(r.payload.0.clone()).ok())
        .collect();
    events.reverse();
    let c = &access.membership.campaign;
    let zone = access.user.zone();
    Ok(GamePage {
        nav: Nav::with_waiting(&state.db, access).await?,
        deadline: crate::web::pages::deadline(access),
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        role: access.role().code().to_string(),
        error,
        game: game_model(&view, access.role(), &events),
        correction: match access.role() {
            Role::Umpire => {
                let mut model = correction_model(&game);
                if let Some((typed, message)) = correction {
                    model.typed = typed;
                    model.error = Some(message);
                }
                model
            }
            _ => CorrectionModel::default(),
        },
        log: rows
            .into_iter()
            .map(|r| LogLine {
                sentence: crate::web::pages::logged_sentence(&r.sentence, &r.payload, &zone),
                moment: r.moment,
            })
            .collect(),
    })
}

/// `GET /campaigns/{id}/talvisota`: the game as the caller may see it.
pub async fn show(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    headers: axum::http::HeaderMap,
) -> Result<Response, AppError> {
    crate::web::etag::page(&headers, &access, "talvisota-page", async {
        Ok(render(&page(&state, &access, None).await?))
    })
    .await
}

/// After a form: back to the page, or the page again with the refusal at the top.
async fn answer(
    state: &AppState,
    access: &GameAccess<Talvisota>,
    result: Result<impl Sized, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(Redirect::to(&format!("/campaigns/{}/talvisota", access.id())).into_response()),
        Err(e) if e.status.is_client_error() && e.status != axum::http::StatusCode::NOT_FOUND => {
            let shown = page(state, access, Some(e.message)).await?;
            Ok(render_with(e.status, &shown))
        }
        Err(e) => Err(e),
    }
}

fn supports(fields: &Fields, name: &str) -> Vec<SupportUse> {
    fields
        .all(name)
        .into_iter()
        .map(|v| match v.strip_suffix(":second") {
            Some(id) => SupportUse {
                id: id.to_string(),
                choice: SupportChoice::Second,
            },
            None => SupportUse {
                id: v,
                choice: SupportChoice::First,
            },
        })
        .collect()
}

fn parse<T: serde::de::DeserializeOwned>(code: &str, what: &str) -> Result<T, AppError> {
    serde_json::from_value(serde_json::Value::String(code.to_string()))
        .map_err(|_| AppError::invalid("invalid_field", format!("'{code}' is not a {what}.")))
}

/// `POST /campaigns/{id}/talvisota/organisation`.
pub async fn organisation(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let to = fields.one("to");
    let moves: Vec<UnitMove> = match &to {
        Some(to) => fields
            .all("move")
            .into_iter()
            .map(|unit| UnitMove {
                unit,
                to: to.clone(),
            })
            .collect(),
        None => Vec::new(),
    };
    let markers = fields.all("marker");
    let orders = SovietOrganisation {
        recover: fields.all("recover"),
        possession_markers: (!markers.is_empty()).then_some(markers),
        moves,
    };
    let result = if to.is_none() && !fields.all("move").is_empty() {
        Err(AppError::invalid(
            "invalid_field",
            "Choose where the moving units go.",
        ))
    } else {
        api::soviet_organise(&state, &access, orders).await
    };
    answer(&state, &access, result).await
}

fn soviet_sheet_of(fields: &Fields) -> Result<SovietSheet, AppError> {
    let mut allocations = Vec::new();
    for strategy in crate::games::talvisota::rules::strategy::SovietStrategy::ALL {
        let field = serde_json::to_value(strategy)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let targets: Vec<String> = [
            fields.one(&format!("{field}.target1")),
            fields.one(&format!("{field}.target2")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if targets.is_empty() {
            continue;
        }
        let from = fields.one(&format!("{field}.from")).ok_or_else(|| {
            AppError::invalid(
                "invalid_field",
                format!(
                    "{}: choose the space the force attacks from.",
                    strategy.code()
                ),
            )
        })?;
        allocations.push(SovietAllocation {
            strategy,
            from,
            targets,
            units: fields.all(&format!("{field}.unit")),
            supports: supports(fields, &format!("{field}.support")),
            placement: None,
            resolved: false,
        });
    }
    Ok(SovietSheet { allocations })
}

/// `POST /campaigns/{id}/talvisota/soviet-sheet`.
pub async fn soviet_sheet(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let result = match soviet_sheet_of(&fields) {
        Ok(sheet) => api::soviet_sheet(&state, &access, sheet).await,
        Err(e) => Err(e),
    };
    answer(&state, &access, result).await
}

fn finnish_sheet_of(fields: &Fields) -> Result<FinnishSheet, AppError> {
    let mut allocations = Vec::new();
    for index in 0..8 {
        let (Some(space), Some(strategy)) = (
            fields.one(&format!("f{index}.space")),
            fields.one(&format!("f{index}.strategy")),
        ) else {
            continue;
        };
        allocations.push(FinnishAllocation {
            strategy: parse(&strategy, "Finnish combat strategy")?,
            space,
            units: fields.all(&format!("f{index}.unit")),
            supports: supports(fields, &format!("f{index}.support")),
            environment: fields.all(&format!("f{index}.env")),
            entrenchments: fields.all(&format!("f{index}.ret")),
            placement: None,
        });
    }
    Ok(FinnishSheet { allocations })
}

/// `POST /campaigns/{id}/talvisota/finnish-sheet`.
pub async fn finnish_sheet(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let result = match finnish_sheet_of(&fields) {
        Ok(sheet) => api::finnish_sheet(&state, &access, sheet).await,
        Err(e) => Err(e),
    };
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/talvisota/combats`.
pub async fn combat(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let placement = fields.one("placement").unwrap_or_default();
    let result = api::resolve_combat(&state, &access, placement).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/talvisota/harassment`.
pub async fn harassment(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let order = fields.one("space").map(|space| InfiltrationOrder {
        space,
        units: fields.all("scout"),
        stay: fields.one("stay").is_some(),
    });
    let result = api::harassment(&state, &access, order).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/talvisota/advance`.
pub async fn advance(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
) -> Result<Response, AppError> {
    let result = api::advance(&state, &access).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/talvisota/corrections`: the umpire's correction; a refusal comes back
/// in the form, as typed.
pub async fn correct(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
    Form(form): Form<CorrectionForm>,
) -> Result<Response, AppError> {
    let result = async {
        require_role(&access, &[Role::Umpire], "correct values")?;
        let game = read(&state, &access).await?;
        api::correct(&state, &access, form.correction(&game)?).await
    }
    .await;
    match result {
        Err(e) if e.status == axum::http::StatusCode::UNPROCESSABLE_ENTITY => {
            let shown = page_with(&state, &access, None, Some((form, e.message))).await?;
            Ok(render_with(e.status, &shown))
        }
        other => answer(&state, &access, other).await,
    }
}

/// `POST /campaigns/{id}/talvisota/solo`.
pub async fn solo(
    State(state): State<AppState>,
    access: GameAccess<Talvisota>,
) -> Result<Response, AppError> {
    let result = api::solo_move(&state, &access).await;
    answer(&state, &access, result).await
}

#[derive(Template)]
#[template(path = "games/talvisota/rules.html")]
struct RulesPage {
    nav: Nav,
    interpretations: &'static [&'static str],
}

/// `GET /talvisota/rules`: how the server reads the rules, and what its components are.
pub async fn rules(MaybeUser(user): MaybeUser) -> Response {
    render(&RulesPage {
        nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        interpretations: INTERPRETATIONS,
    })
}

/// The game page, its forms and the rules help page.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/campaigns/{id}/talvisota", get(show))
        .route("/campaigns/{id}/talvisota/organisation", post(organisation))
        .route("/campaigns/{id}/talvisota/soviet-sheet", post(soviet_sheet))
        .route(
            "/campaigns/{id}/talvisota/finnish-sheet",
            post(finnish_sheet),
        )
        .route("/campaigns/{id}/talvisota/combats", post(combat))
        .route("/campaigns/{id}/talvisota/harassment", post(harassment))
        .route("/campaigns/{id}/talvisota/advance", post(advance))
        .route("/campaigns/{id}/talvisota/solo", post(solo))
        .route("/campaigns/{id}/talvisota/corrections", post(correct))
        .route("/talvisota/rules", get(rules))
}
