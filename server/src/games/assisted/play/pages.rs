//! The pages every assisted game shares: the table (what you do now, the units, the charts, the
//! calculations), a form per calculation, procedure and action that shows every step of its
//! answer, and the rules page with our readings. Each form calls the same functions as the API.

use super::api::{FileIn, read_units, run};
use super::pages_forms::fields_of;
use super::view::DeskView;
use super::{DeskCommand, Play, TableAccess, kept_desk};
use crate::core::error::AppError;
use crate::games::assisted::catalogue::About;
use crate::games::assisted::roster::{AttrKind, AttrValue, RosterSpec, UnitEdit, UnitId};
use crate::state::AppState;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::Router;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use std::collections::BTreeMap;
use uuid::Uuid;

/// The page routes (method, path) `router` registers.
pub const PAGE_ROUTES: &[(&str, &str)] = &[
    ("GET", "/campaigns/{id}/table"),
    ("POST", "/campaigns/{id}/table/advance"),
    ("POST", "/campaigns/{id}/table/advance/withdraw"),
    ("POST", "/campaigns/{id}/table/concede"),
    ("POST", "/campaigns/{id}/table/owed/{n}/waive"),
    ("POST", "/campaigns/{id}/table/units/import"),
    ("POST", "/campaigns/{id}/table/units/add"),
    ("POST", "/campaigns/{id}/table/units/{unit}/markers"),
    ("POST", "/campaigns/{id}/table/units/{unit}/edit"),
    ("POST", "/campaigns/{id}/table/move"),
    ("POST", "/campaigns/{id}/table/sealed/{code}"),
    ("POST", "/campaigns/{id}/table/charts"),
    ("POST", "/campaigns/{id}/table/charts/publish"),
    ("POST", "/campaigns/{id}/table/charts/from-set"),
    ("GET", "/campaigns/{id}/table/charts/{code}"),
    ("POST", "/campaigns/{id}/table/charts/{code}"),
    ("GET", "/campaigns/{id}/table/{kind}/{name}"),
    ("POST", "/campaigns/{id}/table/{kind}/{name}"),
    ("GET", "/campaigns/{id}/table/rules"),
    ("GET", "/campaigns/{id}/table/sequence"),
    ("POST", "/campaigns/{id}/table/sequence"),
    ("GET", "/campaigns/{id}/table/map-picture"),
    ("POST", "/campaigns/{id}/table/map-picture"),
    ("POST", "/campaigns/{id}/table/map-picture/remove"),
    ("POST", "/campaigns/{id}/table/map-picture/fit"),
    ("GET", "/campaigns/{id}/table/map-picture/image"),
];

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/campaigns/{id}/table", get(show))
        .route("/campaigns/{id}/board.svg", get(board_svg))
        .route("/campaigns/{id}/table/advance", post(advance))
        .route("/campaigns/{id}/table/advance/withdraw", post(reopen))
        .route("/campaigns/{id}/table/concede", post(concede))
        .route("/campaigns/{id}/table/owed/{n}/waive", post(waive))
        .route("/campaigns/{id}/table/units/import", post(import_units))
        .route("/campaigns/{id}/table/units/add", post(add_unit))
        .route("/campaigns/{id}/table/units/{unit}/markers", post(mark))
        .route("/campaigns/{id}/table/units/{unit}/edit", post(edit_unit))
        .route("/campaigns/{id}/table/move", post(move_unit))
        .route("/campaigns/{id}/table/sealed/{code}", post(seal))
        .route("/campaigns/{id}/table/charts", post(enter_chart))
        .route("/campaigns/{id}/table/charts/publish", post(publish_charts))
        .route(
            "/campaigns/{id}/table/charts/from-set",
            post(apply_chart_set),
        )
        .route(
            "/campaigns/{id}/table/charts/{code}",
            get(super::chart_page::show).post(super::chart_page::enter),
        )
        .route("/campaigns/{id}/table/rules", get(rules))
        .merge(super::picture::router())
        .route(
            "/campaigns/{id}/table/sequence",
            get(super::sequence_page::show).post(super::sequence_page::save),
        )
        .route(
            "/campaigns/{id}/table/{kind}/{name}",
            get(super::pages_entries::entry).post(super::pages_entries::run_entry),
        )
}

/// A link to a calculation, procedure or action.
struct EntryLink {
    href: String,
    title: String,
    rule: String,
}

/// A unit's row for people.
struct UnitRow {
    id: Option<String>,
    side: String,
    name: String,
    unit_type: String,
    location: String,
    values: String,
    markers: String,
    /// The attributes as the change form offers them (own units only).
    fields: Vec<EditField>,
}

/// One attribute in a unit's change form.
struct EditField {
    code: String,
    label: String,
    value: String,
    number: bool,
    /// The bounds of a number, as the `min` and `max` attributes (empty for text).
    min: String,
    max: String,
}

impl EditField {
    fn of(a: &crate::games::assisted::roster::AttrSpec, value: String) -> EditField {
        let (number, min, max) = match a.kind {
            AttrKind::Number { min, max } => (true, min.to_string(), max.to_string()),
            AttrKind::Text { .. } => (false, String::new(), String::new()),
        };
        EditField {
            code: a.code.clone(),
            label: a.name.clone(),
            value,
            number,
            min,
            max,
        }
    }
}

/// The form that adds one unit, as filled in, with the refusal beside it.
struct AddUnit {
    side: String,
    name: String,
    unit_type: String,
    location: String,
    /// The unit types offered (code, words); empty when any type name is accepted.
    types: Vec<(String, String)>,
    fields: Vec<EditField>,
    /// Each marker (code, name) with whether it is ticked.
    markers: Vec<(String, String, bool)>,
    error: Option<String>,
}

impl AddUnit {
    fn of(spec: &RosterSpec, typed: Option<&Fields>) -> AddUnit {
        let get = |name: &str| typed.map(|f| f.get(name).to_owned()).unwrap_or_default();
        AddUnit {
            side: get("side"),
            name: get("name"),
            unit_type: get("type"),
            location: get("location"),
            types: spec
                .types
                .iter()
                .map(|t| (t.clone(), crate::web::pages::code_words(t)))
                .collect(),
            fields: spec
                .attributes
                .iter()
                .map(|a| EditField::of(a, get(&format!("attr-{}", a.code))))
                .collect(),
            markers: spec
                .markers
                .iter()
                .map(|m| {
                    let ticked = typed.is_some_and(|f| f.all("marker").contains(&m.code));
                    (m.code.clone(), m.name.clone(), ticked)
                })
                .collect(),
            error: None,
        }
    }
}

/// The form that moves one of the reader's units, as filled in, with the refusal beside it. The
/// board's pointing fills it in and sends it.
#[derive(Default)]
struct MoveForm {
    unit: String,
    to: String,
    error: Option<String>,
}

/// The sealed-value form as sent, with its refusal.
#[derive(Default)]
struct SealForm {
    code: String,
    value: String,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "games/assisted/table.html")]
struct TablePage {
    nav: Nav,
    /// The board as the reader may see it (SVG), for a campaign started from a shipped pack.
    board: Option<String>,
    campaign_id: Uuid,
    campaign_name: String,
    role: String,
    view: DeskView,
    units: Vec<UnitRow>,
    enemy: Vec<UnitRow>,
    markers: Vec<(String, String)>,
    /// The form that adds one unit.
    add: AddUnit,
    /// The form that moves one unit.
    moving: MoveForm,
    /// The form that seals a value.
    sealing: SealForm,
    /// The form that enters a chart.
    /// The hexes the reader's view knows, offered by the place fields.
    hexes: Vec<String>,
    csv_columns: String,
    error: Option<String>,
    calculations: Vec<EntryLink>,
    procedures: Vec<EntryLink>,
    actions: Vec<EntryLink>,
    /// The actions that attack a hex, offered by the board.
    attacks: Vec<EntryLink>,
    /// The actions that pay losses owed, offered by the board on a counter that owes them.
    losses: Vec<LossLink>,
    is_umpire: bool,
    may_advance: bool,
    /// The reader's side finished the phase and the other has not: it may take that back.
    may_withdraw: bool,
    /// The campaign is still being played: its forms are shown.
    open: bool,
    /// The reader is a player of a game still going, who may concede it.
    may_concede: bool,
    log: Vec<(String, String)>,
    chart_sets: Vec<(String, String)>,
    /// The orders deadline in the reader's zone, if one is set.
    deadline: Option<crate::web::pages::Due>,
}

/// How many log entries the table shows.
const LOG: i64 = 40;

/// The actions that attack a hex (their parameters name the attackers and the hex): the board
/// offers them when one of the reader's counters is pointed at an enemy's hex.
fn attack_links(access: &TableAccess, actions: Vec<About>) -> Vec<EntryLink> {
    let attacking = |a: &About| {
        let schema = a.schema();
        let has = |key: &str| schema.pointer(&format!("/properties/{key}")).is_some();
        has("attackers") && has("hex")
    };
    links(
        access,
        "action",
        actions.into_iter().filter(attacking).collect(),
    )
}

/// An action that pays losses owed, with the fields the board fills in from a tapped counter
/// and hex.
struct LossLink {
    link: EntryLink,
    unit_field: &'static str,
    retreat_field: &'static str,
}

/// The actions that pay losses owed (see `Action::pays`).
fn losses(access: &TableAccess, actions: Vec<About>) -> Vec<LossLink> {
    actions
        .into_iter()
        .filter_map(|a| {
            let pays = a.pays?;
            let link = links(access, "action", vec![a]).pop()?;
            Some(LossLink {
                link,
                unit_field: pays.unit,
                retreat_field: pays.retreat.unwrap_or(""),
            })
        })
        .collect()
}

fn links(access: &TableAccess, kind: &str, entries: Vec<About>) -> Vec<EntryLink> {
    entries
        .into_iter()
        .map(|a| EntryLink {
            href: format!("/campaigns/{}/table/{kind}/{}", access.id(), a.name),
            title: a.title.into(),
            rule: a.rule.into(),
        })
        .collect()
}

fn rows<'a>(play: &dyn Play, units: impl Iterator<Item = RowParts<'a>>) -> Vec<UnitRow> {
    let spec = play.roster();
    let marker_name = |code: &str| {
        spec.markers
            .iter()
            .find(|m| m.code == code)
            .map_or(code.to_owned(), |m| m.name.clone())
    };
    units
        .map(|u| UnitRow {
            id: u.id.map(str::to_owned),
            side: u.side.into(),
            name: u.name.unwrap_or("(unknown unit)").into(),
            unit_type: u
                .unit_type
                .map_or_else(|| "?".to_owned(), crate::web::pages::code_words),
            location: u.location.unwrap_or("?").into(),
            values: spec
                .attributes
                .iter()
                .filter_map(|a| u.attributes.get(&a.code).map(|v| format!("{} {v}", a.name)))
                .collect::<Vec<_>>()
                .join(", "),
            markers: u
                .markers
                .iter()
                .map(|m| marker_name(m))
                .collect::<Vec<_>>()
                .join(", "),
            fields: if u.id.is_some() {
                spec.attributes
                    .iter()
                    .map(|a| {
                        let value = u.attributes.get(&a.code).map(ToString::to_string);
                        EditField::of(a, value.unwrap_or_default())
                    })
                    .collect()
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// What a row needs of a unit, own or seen.
struct RowParts<'a> {
    id: Option<&'a str>,
    side: &'static str,
    name: Option<&'a str>,
    unit_type: Option<&'a str>,
    location: Option<&'a str>,
    attributes: &'a BTreeMap<String, crate::games::assisted::roster::AttrValue>,
    markers: Vec<String>,
}

/// The reader's own units as the table lists them, with their change forms.
fn own_rows(play: &dyn Play, view: &DeskView) -> Vec<UnitRow> {
    rows(
        play,
        view.units.iter().map(|u| RowParts {
            id: Some(u.id.as_str()),
            side: u.side.adjective(),
            name: Some(&u.name),
            unit_type: Some(&u.unit_type),
            location: Some(&u.location),
            attributes: &u.attributes,
            markers: u.markers.iter().cloned().collect(),
        }),
    )
}

/// The enemy's units as the reader sees them.
fn enemy_rows(play: &dyn Play, view: &DeskView) -> Vec<UnitRow> {
    rows(
        play,
        view.enemy_units.iter().map(|u| RowParts {
            id: None,
            side: u.side.adjective(),
            name: u.name.as_deref(),
            unit_type: u.unit_type.as_deref(),
            location: u.location.as_deref(),
            attributes: &u.attributes,
            markers: u.markers.clone(),
        }),
    )
}

/// The columns a CSV import of units takes, as the table names them.
fn csv_columns(spec: &RosterSpec) -> String {
    ["side", "name", "type", "location", "markers"]
        .into_iter()
        .map(str::to_owned)
        .chain(spec.attributes.iter().map(|a| a.code.clone()))
        .collect::<Vec<_>>()
        .join(",")
}

/// The newest log entries the reader may read, as (moment, sentence) in the reader's zone.
async fn recent_log(
    state: &AppState,
    access: &TableAccess,
) -> Result<Vec<(String, String)>, AppError> {
    let zone = access.user.zone();
    Ok(
        crate::db::game::events_for(&state.db, access.id(), access.role(), i64::MAX, LOG)
            .await?
            .into_iter()
            .map(|e| {
                let sentence = crate::web::pages::logged_sentence(&e.sentence, &e.payload, &zone);
                (e.moment, sentence)
            })
            .collect(),
    )
}

/// The chart sets the umpire may apply, as (id, "name (by whom)"); none for a player.
async fn chart_set_choices(
    state: &AppState,
    access: &TableAccess,
) -> Result<Vec<(String, String)>, AppError> {
    if access.role() != crate::core::domain::Role::Umpire {
        return Ok(Vec::new());
    }
    Ok(super::chart_sets::list(state, access)
        .await?
        .into_iter()
        .map(|set| {
            (
                set.id.to_string(),
                format!("{} (by {})", set.name, set.published_by),
            )
        })
        .collect())
}

async fn table_page(
    state: &AppState,
    access: &TableAccess,
    error: Option<String>,
) -> Result<TablePage, AppError> {
    let play = access.play;
    let desk = kept_desk(state, access).await?;
    let view = desk.view(access.role());
    let board = super::picture::board(state, access, &*desk, &view).await?;
    let units = own_rows(play, &view);
    let enemy = enemy_rows(play, &view);
    let spec = play.roster();
    let csv_columns = csv_columns(&spec);
    let log = recent_log(state, access).await?;
    let chart_sets = chart_set_choices(state, access).await?;
    let c = &access.membership.campaign;
    let board_shown = board.is_some();
    // Offered only where the board offers them: to a player of a game still going, in a phase
    // whose rules give the attack to that player.
    let attacks = if board_shown && access.role().side().is_some() && !c.is_finished() {
        let now = |a: &About| view.actions_now.iter().any(|n| n == a.name);
        attack_links(access, play.actions().into_iter().filter(now).collect())
    } else {
        Vec::new()
    };
    Ok(TablePage {
        board,
        chart_sets,
        log,
        nav: Nav::with_waiting(&state.db, access).await?,
        deadline: crate::web::pages::deadline(access),
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        role: access.role().code().into(),
        may_advance: !view.finished
            && (view.your_move || access.role() == crate::core::domain::Role::Umpire),
        may_withdraw: !view.finished && view.finished_phase,
        open: !c.is_finished(),
        may_concede: !c.is_finished()
            && view.outcome.is_none()
            && !view.finished
            && access.role().side().is_some(),
        is_umpire: access.role() == crate::core::domain::Role::Umpire,
        markers: spec
            .markers
            .iter()
            .map(|m| (m.code.clone(), m.name.clone()))
            .collect(),
        csv_columns,
        add: AddUnit::of(&spec, None),
        moving: MoveForm::default(),
        sealing: SealForm::default(),
        hexes: super::pages_forms::Choices::of(&view).hexes,
        units,
        enemy,
        view,
        error,
        calculations: links(access, "calculation", play.calculations()),
        procedures: links(access, "procedure", play.procedures()),
        actions: links(access, "action", play.actions()),
        attacks,
        losses: if board_shown && !c.is_finished() {
            losses(access, play.actions())
        } else {
            Vec::new()
        },
    })
}

/// `GET /campaigns/{id}/table`: the table of an assisted game.
pub async fn show(
    State(state): State<AppState>,
    access: TableAccess,
    headers: axum::http::HeaderMap,
) -> Result<Response, AppError> {
    crate::web::etag::page(&headers, &access, "table-page", async {
        Ok(render(&table_page(&state, &access, None).await?))
    })
    .await
}

/// `GET /campaigns/{id}/board.svg`: the board as the caller may see it; participants only (404
/// for anyone else, and for a campaign started without a shipped pack).
pub async fn board_svg(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    let desk = kept_desk(&state, &access).await?;
    let view = desk.view(access.role());
    let svg = super::picture::board(&state, &access, &*desk, &view)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "image/svg+xml; charset=utf-8",
            ),
            (axum::http::header::CACHE_CONTROL, "private, no-store"),
        ],
        svg,
    )
        .into_response())
}

/// After a table form: back to the table (post/redirect/get), or the table again with the
/// refusal beside the forms.
async fn answer<T>(
    state: &AppState,
    access: &TableAccess,
    result: Result<T, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(Redirect::to(&format!("/campaigns/{}/table", access.id())).into_response()),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            let page = table_page(state, access, Some(e.message.clone())).await?;
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/table/advance/withdraw`: takes back "finished".
pub async fn reopen(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    let result = run(&state, &access, DeskCommand::Reopen).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/concede`: the reader's side concedes, once the box saying so is
/// ticked.
pub async fn concede(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let result = if fields.get("confirm") == "yes" {
        run(&state, &access, DeskCommand::Concede).await.map(|_| ())
    } else {
        Err(AppError::invalid(
            "confirm",
            "Tick the box to concede: the game ends at once and the other side wins.",
        )
        .on_field("confirm"))
    };
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/owed/{n}/waive`: the umpire waives the `n`th losses owed (from 1),
/// saying why.
pub async fn waive(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, n)): Path<(Uuid, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let index = n
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .ok_or_else(AppError::not_found)?;
    let reason = fields.get("reason").trim().to_owned();
    let result = if reason.is_empty() {
        Err(AppError::invalid(
            "reason",
            "Say why the losses are waived: both sides read it in the log.",
        )
        .on_field("reason"))
    } else {
        run(&state, &access, DeskCommand::Waive(index, reason))
            .await
            .map(|_| ())
    };
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/advance`: ends the phase.
pub async fn advance(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    let result = run(&state, &access, DeskCommand::Advance).await;
    answer(&state, &access, result).await
}

/// The unit the add form describes, or the refusal naming what to fix.
fn unit_of(
    access: &TableAccess,
    spec: &RosterSpec,
    fields: &Fields,
) -> Result<crate::games::assisted::roster::Unit, AppError> {
    let side = match access.role().side() {
        Some(own) => own,
        None => fields.side("side").ok_or_else(|| {
            AppError::invalid("invalid_side", "Choose the side the unit fights for.")
        })?,
    };
    let name = fields.get("name");
    if name.is_empty() {
        return Err(AppError::invalid(
            "invalid_name",
            "Give the unit's name as the scenario gives it (such as 1/JR16).",
        ));
    }
    let mut attributes = BTreeMap::new();
    for (code, value) in unit_edit(spec, fields)?.attributes {
        if let Some(value) = value {
            attributes.insert(code, value);
        }
    }
    let id = UnitId::parse(&Uuid::new_v4().simple().to_string())
        .map_err(|_| AppError::internal("a fresh unit id does not read"))?;
    Ok(crate::games::assisted::roster::Unit {
        id,
        side,
        name: name.to_owned(),
        unit_type: fields.get("type").to_owned(),
        attributes,
        location: fields.get("location").to_owned(),
        markers: fields.all("marker").into_iter().collect(),
    })
}

/// `POST /campaigns/{id}/table/units/add`: adds one unit from its typed fields; a refusal
/// shows the form again as filled in, the message beside it.
pub async fn add_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let spec = access.play.roster();
    let result = match unit_of(&access, &spec, &fields) {
        Ok(unit) => run(&state, &access, DeskCommand::AddUnits(vec![unit])).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => {
            Ok(Redirect::to(&format!("/campaigns/{}/table#units-h", access.id())).into_response())
        }
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            let mut page = table_page(&state, &access, None).await?;
            page.add = AddUnit::of(&spec, Some(&fields));
            page.add.error = Some(e.message.clone());
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/table/move`: moves one unit (`unit`) to a hex, place or box (`to`), as
/// the board's pointing or the form below it asks; the rules check the phase, the owner and the
/// board. A refusal shows the form again as filled in, the message beside it.
pub async fn move_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let to = fields.get("to").trim();
    let result = match UnitId::parse(fields.get("unit")) {
        Err(_) => {
            Err(AppError::invalid("no_unit", "Choose one of your units to move.").on_field("unit"))
        }
        Ok(_) if to.is_empty() => Err(AppError::invalid(
            "no_place",
            "Say where the unit goes: a hex as the map numbers it, a place or a box.",
        )
        .on_field("to")),
        Ok(id) => {
            let edit = UnitEdit {
                location: Some(to.to_owned()),
                ..UnitEdit::default()
            };
            run(&state, &access, DeskCommand::EditUnit(id, edit)).await
        }
    };
    match result {
        Ok(_) => {
            Ok(Redirect::to(&format!("/campaigns/{}/table#board-h", access.id())).into_response())
        }
        Err(e) if e.status.is_client_error() => {
            let mut page = table_page(&state, &access, None).await?;
            page.moving = MoveForm {
                unit: fields.get("unit").to_owned(),
                to: to.to_owned(),
                error: Some(e.message.clone()),
            };
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/table/sealed/{code}`: the reader's side seals its value; a refusal
/// comes back beside the field, with what was typed.
pub async fn seal(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, code)): Path<(Uuid, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let typed = fields.get("value").trim().to_owned();
    let result = match typed.parse::<i64>() {
        Err(_) => Err(AppError::invalid(
            "not_a_number",
            "Give your bid as a whole number of victory points, such as 3.",
        )
        .on_field("value")),
        Ok(value) => match super::api::seal_command(code.clone(), value) {
            Ok(command) => run(&state, &access, command).await,
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(_) => Ok(
            Redirect::to(&format!("/campaigns/{}/table#sealed-{code}", access.id()))
                .into_response(),
        ),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            let mut page = table_page(&state, &access, None).await?;
            page.sealing = SealForm {
                code,
                value: typed,
                error: Some(e.message.clone()),
            };
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/table/units/import`: adds units from a CSV file's text.
pub async fn import_units(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    // The page offers CSV; the JSON API takes JSON.
    let format = Some(fields.get("format")).filter(|f| !f.is_empty());
    let file = FileIn {
        format: format.unwrap_or("csv").to_owned(),
        text: fields.get("text").to_owned(),
    };
    let result = match read_units(&access, file).await {
        Ok(units) => run(&state, &access, DeskCommand::AddUnits(units)).await,
        Err(e) => Err(e),
    };
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/units/{unit}/markers`: puts a marker on or takes it off.
pub async fn mark(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, unit)): Path<(Uuid, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let id = UnitId::parse(&unit).map_err(|_| AppError::not_found())?;
    let command = DeskCommand::Mark(
        id,
        fields.get("marker").to_owned(),
        fields.get("on") == "true",
    );
    let result = run(&state, &access, command).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/charts`: enters the chart the form names (`code`) from its grid
/// or pasted text, as the chart's own page does.
pub async fn enter_chart(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    access.require_umpire("enter a chart")?;
    let code = fields.get("code");
    let known = access.play.charts().iter().any(|c| c.code == code);
    if !known {
        let refused = AppError::invalid("unknown_chart", "Choose one of this game's charts.");
        return answer(&state, &access, Err::<(), _>(refused.on_field("code"))).await;
    }
    super::chart_page::enter_from(&state, &access, code, &fields).await
}

#[derive(Template)]
#[template(path = "games/assisted/rules.html")]
struct RulesPage {
    nav: Nav,
    campaign_id: Uuid,
    game: String,
    readings: &'static [&'static str],
    charts: Vec<(String, String)>,
    options: Vec<(String, String)>,
}

/// `GET /campaigns/{id}/table/rules`: how this server reads the game's rules.
pub async fn rules(access: TableAccess) -> Result<Response, AppError> {
    let play = access.play;
    Ok(render(&RulesPage {
        nav: Nav::for_user(&access.user),
        campaign_id: access.id(),
        game: access.game().title().into(),
        readings: play.readings(),
        charts: play
            .charts()
            .into_iter()
            .map(|c| (c.code, c.name))
            .collect(),
        options: fields_of(&play.options_schema(), None)
            .into_iter()
            .map(|f| (f.name, f.label))
            .collect(),
    }))
}

/// `POST /campaigns/{id}/table/charts/publish`: publishes the campaign's charts as a named set.
pub async fn publish_charts(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let result = super::chart_sets::publish(&state, &access, fields.get("name")).await;
    answer(&state, &access, result).await
}

/// `POST /campaigns/{id}/table/charts/from-set`: enters a published chart set.
pub async fn apply_chart_set(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let set = access
        .require_umpire("enter a chart set")
        .map(|()| fields.get("chart_set").parse::<Uuid>());
    let result = match set {
        Err(e) => Err(e),
        Ok(Ok(set)) => super::chart_sets::apply(&state, &access, set).await,
        Ok(Err(_)) => Err(AppError::invalid(
            "unknown_chart_set",
            "Choose one of the published chart sets.",
        )
        .on_field("chart_set")),
    };
    answer(&state, &access, result).await
}

/// The change a unit's form asks for: a new name or place when given; each attribute's value,
/// or cleared when left empty.
fn unit_edit(spec: &RosterSpec, fields: &Fields) -> Result<UnitEdit, AppError> {
    let mut edit = UnitEdit::default();
    let given = |name: &str| {
        Some(fields.get(name).trim())
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    edit.name = given("name");
    edit.location = given("location");
    for a in &spec.attributes {
        let key = format!("attr-{}", a.code);
        if !fields.has(&key) {
            continue;
        }
        let value = match (given(&key), &a.kind) {
            (None, _) => None,
            (Some(text), AttrKind::Number { .. }) => {
                Some(AttrValue::Number(text.parse().map_err(|_| {
                    AppError::invalid(
                        "invalid_value",
                        format!("{}: '{text}' is not a whole number.", a.name),
                    )
                })?))
            }
            (Some(text), AttrKind::Text { .. }) => Some(AttrValue::Text(text)),
        };
        edit.attributes.insert(a.code.clone(), value);
    }
    Ok(edit)
}

/// `POST /campaigns/{id}/table/units/{unit}/edit`: changes a unit's name, place or values.
pub async fn edit_unit(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, unit)): Path<(Uuid, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let id = UnitId::parse(&unit).map_err(|_| AppError::not_found())?;
    let spec = access.play.roster();
    let result = match unit_edit(&spec, &fields) {
        Ok(edit) => run(&state, &access, DeskCommand::EditUnit(id, edit)).await,
        Err(e) => Err(e),
    };
    answer(&state, &access, result).await
}
