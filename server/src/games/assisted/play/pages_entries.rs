//! The form of one calculation, dice procedure or action, its typed fields made from the entry's
//! schema and the reader's own view, and its answer shown step by step on the same page with the
//! form still filled in.

use super::api_entries::{act, procedure};
use super::pages_forms::{Choices, Field, Form as SchemaForm, form_of};
use super::{KeptDesk, Play, TableAccess, kept_desk};
use crate::core::error::AppError;
use crate::games::assisted::catalogue::{About, Answer};
use crate::state::AppState;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use uuid::Uuid;

#[derive(Template)]
#[template(path = "games/assisted/entry.html")]
struct EntryPage {
    nav: Nav,
    campaign_id: Uuid,
    campaign_name: String,
    kind: String,
    kind_name: String,
    name: String,
    title: String,
    rule: String,
    fields: Vec<Field>,
    /// The hexes the reader's view knows, offered by the hex fields.
    hexes: Vec<String>,
    error: Option<String>,
    answer: Option<Answer>,
    answer_text: String,
}

fn about_of(play: &dyn Play, kind: &str, name: &str) -> Result<(About, &'static str), AppError> {
    let (list, kind_name) = match kind {
        "calculation" => (play.calculations(), "Calculation"),
        "procedure" => (play.procedures(), "Dice procedure"),
        "action" => (play.actions(), "Action"),
        _ => return Err(AppError::not_found()),
    };
    list.into_iter()
        .find(|a| a.name == name)
        .map(|a| (a, kind_name))
        .ok_or_else(AppError::not_found)
}

fn entry_page(
    access: &TableAccess,
    kind: &str,
    about: About,
    kind_name: &str,
    form: SchemaForm,
    choices: &Choices,
) -> EntryPage {
    let c = &access.membership.campaign;
    EntryPage {
        nav: Nav::for_user(&access.user),
        campaign_id: c.id,
        campaign_name: c.name.clone(),
        kind: kind.into(),
        kind_name: kind_name.into(),
        name: about.name.into(),
        title: about.title.into(),
        rule: about.rule.into(),
        fields: form.fields,
        hexes: choices.hexes.clone(),
        error: None,
        answer: None,
        answer_text: String::new(),
    }
}

/// What the reader's own view offers the form (never the full state).
fn choices_for(desk: &dyn KeptDesk, access: &TableAccess) -> Choices {
    Choices::of(&desk.view(access.role()))
}

/// What the map shows where the board pointed an attack: the defending hex (`hex`) and the
/// attacking stacks' hexes (`attackers[i].hex`), as the query names them.
fn map_facts(
    loaded: &crate::games::assisted::pack::loaded::LoadedPack,
    given: &Fields,
    attacker: Option<crate::core::domain::Side>,
) -> crate::games::assisted::declarations::MapFacts {
    let attackers = (0..)
        .map(|i| given.get(&format!("attackers[{i}].hex")).to_owned())
        .take_while(|hex| !hex.is_empty())
        .map(|hex| loaded.features_at(&hex))
        .collect();
    crate::games::assisted::declarations::MapFacts {
        attacker,
        defender: loaded.features_at(given.get("hex")),
        attackers,
    }
}

/// `GET /campaigns/{id}/table/{kind}/{name}`: the form of a calculation, procedure or action,
/// filled in from the query where it names fields (the board opens an attack's form so, with the
/// attacker and the hex pointed at).
pub async fn entry(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, kind, name)): Path<(Uuid, String, String)>,
    Query(given): Query<Fields>,
) -> Result<Response, AppError> {
    let play = access.play;
    let (about, kind_name) = about_of(play, &kind, &name)?;
    let desk = kept_desk(&state, &access).await?;
    let choices = choices_for(&*desk, &access);
    let mut given = given;
    if kind == "action"
        && given.has("hex")
        && let Some(loaded) = desk.loaded()
    {
        let map = map_facts(&loaded, &given, access.role().side());
        for (field, value) in play.filled_from_map(&name, &map) {
            if !given.has(&field) {
                given.0.push((field, value));
            }
        }
    }
    let form = form_of(
        &about.schema(),
        &choices,
        Some(&given).filter(|g| !g.0.is_empty()),
    );
    Ok(render(&entry_page(
        &access, &kind, about, kind_name, form, &choices,
    )))
}

/// `POST /campaigns/{id}/table/{kind}/{name}`: runs it and shows every step of the answer on
/// the same page, with the form still filled in.
pub async fn run_entry(
    State(state): State<AppState>,
    access: TableAccess,
    Path((_, kind, name)): Path<(Uuid, String, String)>,
    Form(typed): Form<Fields>,
) -> Result<Response, AppError> {
    let play = access.play;
    let (about, kind_name) = about_of(play, &kind, &name)?;
    let desk = kept_desk(&state, &access).await?;
    let choices = choices_for(&*desk, &access);
    let mut form = form_of(&about.schema(), &choices, Some(&typed));
    let Some(params) = form.read() else {
        let mut page = entry_page(&access, &kind, about, kind_name, form, &choices);
        page.error = Some("Some fields cannot be read; see the messages beside them.".into());
        return Ok(render_with(StatusCode::UNPROCESSABLE_ENTITY, &page));
    };
    let calculated = (kind == "calculation").then(|| desk.calculate(&name, &params));
    // Let go of the desk before a command, which then changes the kept one in place.
    drop(desk);
    let result = match calculated {
        Some(calculated) => calculated,
        None if kind == "procedure" => procedure(&state, &access, name.clone(), params)
            .await
            .and_then(answered),
        None => act(&state, &access, name.clone(), params)
            .await
            .and_then(answered),
    };
    match result {
        Ok(mut answer) => {
            // The answer names units as the reader knows them, never by id.
            let choices = choices_for(&*kept_desk(&state, &access).await?, &access);
            let mut page = entry_page(&access, &kind, about, kind_name, form, &choices);
            page.answer_text =
                choices.named(&serde_json::to_string_pretty(&answer.result).unwrap_or_default());
            answer.steps = answer.steps.iter().map(|s| choices.named(s)).collect();
            page.answer = Some(answer);
            Ok(render(&page))
        }
        Err(e) if e.status.is_client_error() => {
            let message = choices.named(&e.message);
            form.place_error(&message);
            let mut page = entry_page(&access, &kind, about, kind_name, form, &choices);
            page.error = Some(message);
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

fn answered(done: super::Done) -> Result<Answer, AppError> {
    done.answer
        .ok_or_else(|| AppError::internal("an entry answered nothing"))
}
