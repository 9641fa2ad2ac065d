//! A chart on a page: a grid shaped as the rules declare it, the umpire's to fill in (cell by
//! cell, or pasted from a spreadsheet), everyone's to read. A refused chart comes back as typed,
//! each bad key or cell marked in place, one line per kind of problem above the grid.

use super::api::{FileIn, read_chart, run};
use super::{DeskCommand, TableAccess, kept_desk};
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::games::assisted::chart_grid::{Grid, cell_field, column_field, row_field};
use crate::games::assisted::charts::{ChartSpec, Keys};
use crate::state::AppState;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use std::collections::BTreeMap;
use uuid::Uuid;

/// One field of the grid as the template draws it.
struct Slot {
    /// The field's name (empty for a fixed key, drawn as a label).
    name: String,
    text: String,
    /// The problem line it is marked with (its id on the page), if any.
    problem: Option<usize>,
}

#[derive(Template)]
#[template(path = "games/assisted/chart.html")]
struct ChartPage {
    nav: Nav,
    campaign_id: Uuid,
    campaign_name: String,
    game: String,
    code: String,
    name: String,
    /// "version 3 (entered …)" or "not entered yet".
    standing: String,
    /// What a cell holds, in words.
    cell_hint: String,
    may_edit: bool,
    /// Whether the chart has a version yet.
    entered: bool,
    /// Whether the rows' or columns' keys are typed, and how many of them the form carries.
    row_slots: usize,
    column_slots: usize,
    columns: Vec<Slot>,
    /// Each row: its key, then its cells.
    rows: Vec<(Slot, Vec<Slot>)>,
    problems: Vec<String>,
    /// The pasted text, kept as typed on a refusal.
    text: String,
}

fn slot(name: String, fixed: bool, text: &str, problem: Option<usize>) -> Slot {
    Slot {
        name: if fixed { String::new() } else { name },
        text: text.to_owned(),
        problem,
    }
}

fn keys_in_words(keys: &Keys, what: &str, named_in: &str) -> String {
    match keys {
        Keys::Fixed { keys } => format!("its {} {what} are the rules' own", keys.len()),
        Keys::Entered { max } => format!("you name up to {max} {what} in {named_in}"),
    }
}

fn spec_of(access: &TableAccess, code: &str) -> Result<ChartSpec, AppError> {
    access
        .play
        .charts()
        .into_iter()
        .find(|c| c.code == code)
        .ok_or_else(AppError::not_found)
}

async fn page(
    state: &AppState,
    access: &TableAccess,
    spec: &ChartSpec,
    grid: Option<Grid>,
    text: String,
) -> Result<ChartPage, AppError> {
    let desk = kept_desk(state, access).await?;
    let set = desk.chart_set();
    let current = set.current(&spec.code).ok();
    let standing = current.map_or_else(
        || "Not entered yet.".to_owned(),
        |v| format!("Version {}, entered {}.", v.version, v.moment),
    );
    let entered = current.is_some();
    let mut grid =
        grid.unwrap_or_else(|| Grid::of(spec, current.map(|v| Grid::texts_of(&v.chart)).as_ref()));
    let c = &access.membership.campaign;
    let may_edit = access.role() == Role::Umpire && !c.is_finished();
    if !may_edit {
        // A reader sees the chart as entered, without the fields' spare rows and columns.
        let raw = grid.raw();
        grid = Grid::of(spec, Some(&raw));
        grid.rows.retain(|r| !r.key.text.is_empty());
        let keep: Vec<bool> = grid.columns.iter().map(|k| !k.text.is_empty()).collect();
        grid.columns.retain(|k| !k.text.is_empty());
        for row in &mut grid.rows {
            let mut j = 0;
            row.cells.retain(|_| {
                j += 1;
                keep[j - 1]
            });
        }
    }
    Ok(ChartPage {
        nav: Nav::for_user(&access.user),
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        game: access.game().title().into(),
        code: spec.code.clone(),
        name: spec.name.clone(),
        standing,
        cell_hint: format!(
            "Each cell holds {}; {}, and {}.",
            spec.cell.describe(),
            keys_in_words(&spec.rows, "rows", "the first column"),
            keys_in_words(&spec.columns, "columns", "the top row")
        ),
        may_edit,
        entered,
        row_slots: grid.rows.len(),
        column_slots: grid.columns.len(),
        columns: grid
            .columns
            .iter()
            .enumerate()
            .map(|(j, k)| slot(column_field(j), k.fixed, &k.text, k.problem))
            .collect(),
        rows: grid
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                (
                    slot(row_field(i), r.key.fixed, &r.key.text, r.key.problem),
                    r.cells
                        .iter()
                        .enumerate()
                        .map(|(j, cell)| slot(cell_field(i, j), false, &cell.text, cell.problem))
                        .collect(),
                )
            })
            .collect(),
        problems: grid.problems,
        text,
    })
}

/// `GET /campaigns/{id}/table/charts/{code}`: the chart as it stands, as a grid.
pub async fn show(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, code)): Path<(Uuid, String)>,
) -> Result<Response, AppError> {
    let spec = spec_of(&access, &code)?;
    Ok(render(
        &page(&state, &access, &spec, None, String::new()).await?,
    ))
}

/// `POST /campaigns/{id}/table/charts/{code}`: enters the chart's next version from the grid, or
/// from the pasted text when there is some.
pub async fn enter(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, code)): Path<(Uuid, String)>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    enter_from(&state, &access, &code, &fields).await
}

/// Enters chart `code` from a form: the grid's fields, or the text pasted beside it (CSV or
/// tab-separated; JSON when `format` says so). A refusal renders the page as typed, marked.
pub async fn enter_from(
    state: &AppState,
    access: &TableAccess,
    code: &str,
    fields: &Fields,
) -> Result<Response, AppError> {
    access.require_umpire("enter a chart")?;
    let spec = spec_of(access, code)?;
    let slots = |name: &str| fields.get(name).trim().parse::<usize>().unwrap_or(0);
    let text = fields.get("text").trim().to_owned();
    let mut grid = Grid::from_form(&spec, slots("row_slots"), slots("column_slots"), |n| {
        fields.get(n).to_owned()
    });
    let raw = if text.is_empty() {
        Ok(grid.raw())
    } else {
        let format = Some(fields.get("format"))
            .filter(|f| !f.is_empty())
            .unwrap_or("csv");
        read_chart(FileIn {
            format: format.to_owned(),
            text: text.clone(),
        })
        .await
        .inspect(|raw| {
            // What was pasted fills the grid, so that its bad cells can be marked there.
            grid = Grid::of(&spec, Some(raw));
        })
    };
    let refusal = match raw {
        Err(e) => Some(e.message),
        Ok(raw) => match spec.check(raw.clone()) {
            Err(e) => {
                grid.mark(&e);
                None
            }
            Ok(_) => {
                let charts = BTreeMap::from([(spec.code.clone(), raw)]);
                match run(state, access, DeskCommand::EnterCharts(charts)).await {
                    Ok(_) => {
                        let to = format!("/campaigns/{}/table#charts-h", access.id());
                        return Ok(Redirect::to(&to).into_response());
                    }
                    Err(e) if e.status.is_client_error() => Some(e.message),
                    Err(e) => return Err(e),
                }
            }
        },
    };
    if let Some(message) = refusal {
        grid.problems.push(message);
    }
    let page = page(state, access, &spec, Some(grid), text).await?;
    Ok(render_with(StatusCode::UNPROCESSABLE_ENTITY, &page))
}
