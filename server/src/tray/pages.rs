//! The dice tray page and the page on verifying the dice by hand.

use crate::campaigns::view::EpochCommitments;
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::dice::procedure::{ParamKind, Procedure};
use crate::state::AppState;
use crate::tray::api::{self as api, RollIn};
use crate::tray::epochs_view::{EpochLine, epoch_list};
use crate::tray::view::{RollView, d6_histogram, visible_faces};
use crate::web::CampaignAccess;
use crate::web::auth::MaybeUser;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::HashMap;
use uuid::Uuid;

/// How many rolls the log shows per page.
const PAGE: i64 = 50;

struct Field {
    name: &'static str,
    label: &'static str,
    kind: &'static str,
    value: String,
    min: i64,
    max: i64,
    /// A choice's options: each code with its words.
    options: Vec<(String, String)>,
}

struct ProcedureForm {
    name: &'static str,
    title: &'static str,
    rule: &'static str,
    fields: Vec<Field>,
}

fn procedure_form(p: &dyn Procedure) -> ProcedureForm {
    let fields = p
        .params()
        .into_iter()
        .map(|spec| {
            let value = match &spec.default {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Null) | None => String::new(),
                Some(v) => v.to_string(),
            };
            let (kind, min, max, options) = match spec.kind {
                ParamKind::Integer { min, max } => ("integer", min, max, Vec::new()),
                ParamKind::Boolean => ("boolean", 0, 0, Vec::new()),
                ParamKind::Choice { options } => (
                    "choice",
                    0,
                    0,
                    options
                        .iter()
                        .map(|o| (o.to_string(), crate::web::pages::code_words(o)))
                        .collect(),
                ),
                ParamKind::Text => ("text", 0, 0, Vec::new()),
            };
            Field {
                name: spec.name,
                label: spec.label,
                kind,
                value,
                min,
                max,
                options,
            }
        })
        .collect();
    ProcedureForm {
        name: p.name(),
        title: p.title(),
        rule: p.rule(),
        fields,
    }
}

#[derive(Template)]
#[template(path = "core/tray/tray.html")]
struct TrayPage {
    nav: Nav,
    campaign_id: Uuid,
    campaign_name: String,
    finished: bool,
    is_umpire: bool,
    error: Option<String>,
    last: Option<RollView>,
    dice: String,
    purpose: String,
    histogram: String,
    faces: [i64; 6],
    procedures: Vec<ProcedureForm>,
    rolls: Vec<RollView>,
    older: Option<i64>,
    paged: bool,
    epoch: i32,
    commitments: EpochCommitments,
    chain_head: String,
    my_seed: String,
    epochs: Vec<EpochLine>,
    rotate_warning: String,
}

/// Paging of the roll log.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TrayQuery {
    before: Option<i64>,
    rolled: Option<i64>,
}

async fn tray(
    state: &AppState,
    access: &CampaignAccess,
    before: Option<i64>,
    last: Option<RollView>,
    error: Option<(String, RollIn)>,
) -> Result<Response, AppError> {
    let c = &access.membership.campaign;
    let finished = c.is_finished();
    let role = access.role();
    // The page's reads go one after another on one connection. Made at once, each on a
    // connection of its own, they held four of the pool's connections and PostgreSQL's cores
    // for one page, and each connection costs a round trip more as the pool takes it back (sqlx
    // checks it with a ping): under load the page answered no sooner.
    let mut db = state.db.acquire().await?;
    let rows = db::dice::rolls_before(&mut *db, c.id, before.unwrap_or(i64::MAX), PAGE).await?;
    let ledger = db::dice_epochs::ledger(&mut *db, c.id).await?;
    let faces = db::dice::face_counts(&mut *db, c.id).await?;
    let my_seed = db::dice::client_seed(&mut *db, c.id, access.user.id).await?;
    drop(db);
    let sight = crate::tray::epochs::sight_in(&ledger, access)?;
    let commitments =
        crate::campaigns::api::commitments_of(c.dice_epoch, &ledger.seeds, &ledger.epochs)?;
    let epochs = epoch_list(&ledger.epochs, &ledger.seeds, &ledger.counts, c.dice_epoch);
    let older = (rows.len() as i64 == PAGE)
        .then(|| rows.last().map(|r| r.k))
        .flatten();
    let rolls: Vec<RollView> = rows.into_iter().map(|r| RollView::of(r, &sight)).collect();
    let faces = visible_faces(&faces, &sight);
    let public_rolls = epochs
        .iter()
        .find(|e| e.open)
        .and_then(|e| e.seeds.iter().find(|s| s.code == "public"))
        .map_or(0, |s| s.rolls);
    let rotate_warning = format!(
        "Rotating closes epoch {} and reveals only its public seed, so everyone can check its {public_rolls} public roll(s); its Soviet, Finnish and umpire seeds stay secret. A new epoch opens with four new seeds.",
        c.dice_epoch
    );
    let (error, form) = match error {
        Some((message, form)) => (Some(message), form),
        None => (None, RollIn::default()),
    };
    let page = TrayPage {
        nav: Nav::with_waiting(&state.db, access).await?,
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        finished,
        is_umpire: role == Role::Umpire,
        error,
        last,
        dice: if form.dice.is_empty() {
            "2d6".into()
        } else {
            form.dice
        },
        purpose: form.purpose,
        histogram: d6_histogram(faces),
        faces,
        procedures: crate::games::registry::procedures(state, access.game())
            .into_iter()
            .map(procedure_form)
            .collect(),
        rolls,
        older,
        paged: before.is_some(),
        epoch: c.dice_epoch,
        commitments,
        chain_head: hex::encode(&c.chain_head),
        my_seed: my_seed.unwrap_or_default(),
        epochs,
        rotate_warning,
    };
    Ok(render(&page))
}

/// `GET /campaigns/{id}/dice`: the dice tray.
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(q): Query<TrayQuery>,
) -> Result<Response, AppError> {
    let last = match q.rolled {
        Some(k) => {
            let sight = crate::tray::epochs::sight(&state.db, &access).await?;
            db::dice::rolls_after(&state.db, access.id(), k - 1, 1)
                .await?
                .into_iter()
                .find(|r| r.k == k)
                .map(|r| RollView::of(r, &sight))
                .filter(|v| v.draws.is_some())
        }
        None => None,
    };
    tray(&state, &access, q.before, last, None).await
}

fn after_roll(access: &CampaignAccess, roll: &RollView) -> Response {
    Redirect::to(&format!(
        "/campaigns/{}/dice?rolled={}",
        access.id(),
        roll.k
    ))
    .into_response()
}

/// `POST /campaigns/{id}/dice/roll`: rolls, or shows the tray again with the error.
pub async fn roll(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<RollIn>,
) -> Result<Response, AppError> {
    match api::roll(&state, &access, &form).await {
        Ok(roll) => Ok(after_roll(&access, &roll)),
        Err(e) if e.status.is_client_error() => {
            let status = e.status;
            let page = tray(&state, &access, None, None, Some((e.message, form))).await?;
            Ok((status, page).into_response())
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/dice/procedure/{name}`: converts the form's text to typed parameters and runs the procedure.
pub async fn procedure(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, name)): Path<(String, String)>,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let procedure = api::find_procedure(&state, &access, &name)?;
    let mut params = Map::new();
    for spec in procedure.params() {
        let raw = form.get(spec.name).map(|s| s.trim());
        let value = match (&spec.kind, raw) {
            (ParamKind::Boolean, raw) => Value::Bool(raw == Some("true")),
            (_, None | Some("")) => continue,
            (ParamKind::Integer { .. }, Some(text)) => match text.parse::<i64>() {
                Ok(n) => Value::from(n),
                Err(_) => {
                    let message = format!("'{}' needs a whole number, not '{text}'.", spec.label);
                    let page = tray(
                        &state,
                        &access,
                        None,
                        None,
                        Some((message, RollIn::default())),
                    )
                    .await?;
                    return Ok((axum::http::StatusCode::UNPROCESSABLE_ENTITY, page).into_response());
                }
            },
            (_, Some(text)) => Value::String(text.to_owned()),
        };
        params.insert(spec.name.to_owned(), value);
    }
    for key in ["purpose", "visibility"] {
        if let Some(v) = form.get(key) {
            params.insert(key.to_owned(), Value::String(v.clone()));
        }
    }
    match api::run_procedure(&state, &access, &name, Value::Object(params)).await {
        Ok(roll) => Ok(after_roll(&access, &roll)),
        Err(e) if e.status.is_client_error() => {
            let status = e.status;
            let page = tray(
                &state,
                &access,
                None,
                None,
                Some((e.message, RollIn::default())),
            )
            .await?;
            Ok((status, page).into_response())
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/dice/rotate`.
pub async fn rotate(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Redirect, AppError> {
    crate::tray::epochs::rotate(&state, &access).await?;
    Ok(Redirect::to(&format!("/campaigns/{}/dice", access.id())))
}

/// `POST /campaigns/{id}/dice/reveal`: reveals a closed epoch's seed for one audience, or shows
/// the tray again with the reason it cannot.
pub async fn reveal(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let epoch = form.get("epoch").map(|s| s.trim()).unwrap_or_default();
    let result = match epoch.parse::<i64>() {
        Ok(epoch) => {
            let body = crate::tray::epochs::RevealIn {
                epoch,
                audience: form.get("audience").cloned().unwrap_or_default(),
            };
            crate::tray::epochs::reveal(&state, &access, &body)
                .await
                .map(|_| ())
        }
        Err(_) => Err(AppError::invalid(
            "invalid_epoch",
            format!("'{epoch}' is not an epoch number: pick the epoch from the list."),
        )),
    };
    match result {
        Ok(()) => Ok(Redirect::to(&format!("/campaigns/{}/dice", access.id())).into_response()),
        Err(e) if e.status.is_client_error() => {
            let status = e.status;
            let page = tray(
                &state,
                &access,
                None,
                None,
                Some((e.message, RollIn::default())),
            )
            .await?;
            Ok((status, page).into_response())
        }
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "core/tray/verify.html")]
struct VerifyPage {
    nav: Nav,
}

/// The dice checker as one self-contained HTML file.
pub fn offline_checker() -> Result<String, askama::Error> {
    VerifyOffline {
        css: crate::web::pages::CSS,
        js: crate::web::pages::VERIFY_JS,
    }
    .render()
}

#[derive(Template)]
#[template(path = "core/tray/verify_offline.html")]
struct VerifyOffline {
    css: &'static str,
    js: &'static str,
}

/// `GET /dice/verify/motti-verify.html`: the dice checker as one self-contained file (style and
/// script inline) to keep and open without a network. Sent as a download, so the site's policy
/// against inline scripts never applies to it here.
pub async fn verify_offline() -> Response {
    match offline_checker() {
        Ok(html) => (
            [
                (axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (
                    axum::http::header::CONTENT_DISPOSITION,
                    "attachment; filename=\"motti-verify.html\"",
                ),
                (axum::http::header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            html,
        )
            .into_response(),
        Err(e) => crate::core::error::AppError::internal(e).into_response(),
    }
}

/// `GET /dice/verify`: the dice checker, and how to verify the dice by hand.
pub async fn verify_page(MaybeUser(user): MaybeUser) -> Response {
    render_with(
        axum::http::StatusCode::OK,
        &VerifyPage {
            nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        },
    )
}
