//! The form of one calculation, dice procedure or action, made from its JSON Schema, and its
//! answer shown step by step on the same page with the form still filled in.

use super::api_entries::{act, procedure};
use super::pages_forms::{Field, fields_of, place_error, read};
use super::{Play, play_of, stored};
use crate::core::error::AppError;
use crate::games::assisted::catalogue::{About, Answer};
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
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
    access: &CampaignAccess,
    kind: &str,
    about: About,
    kind_name: &str,
    fields: Vec<Field>,
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
        fields,
        error: None,
        answer: None,
        answer_text: String::new(),
    }
}

/// `GET /campaigns/{id}/table/{kind}/{name}`: the form of a calculation, procedure or action.
pub async fn entry(
    access: CampaignAccess,
    Path((_, kind, name)): Path<(Uuid, String, String)>,
) -> Result<Response, AppError> {
    let play = play_of(&access)?;
    let (about, kind_name) = about_of(play, &kind, &name)?;
    let fields = fields_of(&about.schema(), None);
    Ok(render(&entry_page(
        &access, &kind, about, kind_name, fields,
    )))
}

/// `POST /campaigns/{id}/table/{kind}/{name}`: runs it and shows every step of the answer on
/// the same page, with the form still filled in.
pub async fn run_entry(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path((_, kind, name)): Path<(Uuid, String, String)>,
    Form(typed): Form<Fields>,
) -> Result<Response, AppError> {
    let play = play_of(&access)?;
    let (about, kind_name) = about_of(play, &kind, &name)?;
    let mut fields = fields_of(&about.schema(), Some(&typed));
    let Some(params) = read(&mut fields) else {
        let mut page = entry_page(&access, &kind, about, kind_name, fields);
        page.error = Some("Some fields cannot be read; see the messages beside them.".into());
        return Ok(render_with(StatusCode::UNPROCESSABLE_ENTITY, &page));
    };
    let result = match kind.as_str() {
        "calculation" => play.calculate(&stored(&state, &access).await?, &name, &params),
        "procedure" => procedure(&state, &access, name.clone(), params)
            .await
            .and_then(answered),
        _ => act(&state, &access, name.clone(), params)
            .await
            .and_then(answered),
    };
    match result {
        Ok(answer) => {
            let mut page = entry_page(&access, &kind, about, kind_name, fields);
            page.answer_text = serde_json::to_string_pretty(&answer.result).unwrap_or_default();
            page.answer = Some(answer);
            Ok(render(&page))
        }
        Err(e) if e.status.is_client_error() => {
            place_error(&mut fields, &e.message);
            let mut page = entry_page(&access, &kind, about, kind_name, fields);
            page.error = Some(e.message.clone());
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

fn answered(done: super::Done) -> Result<Answer, AppError> {
    done.answer
        .ok_or_else(|| AppError::internal("an entry answered nothing"))
}
