//! The table talk page: the reader's channels as tabs with unread counts, a channel's messages
//! (escaped by the template), older pages, and the form to write, which comes back filled in
//! with its message beside the field when refused.

use crate::campaigns::talk::{self, ChannelView, Message, NewMessage, PAGE};
use crate::core::error::AppError;
use crate::core::text::PlainText;
use crate::db;
use crate::db::game::Audience;
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::pages::Due;
use crate::web::pages::{Nav, render_with};
use askama::Template;
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

/// A message as the page shows it.
struct Line {
    message: Message,
    at: Due,
}

#[derive(Template)]
#[template(path = "core/campaigns/talk.html")]
struct TalkPage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    campaign_name: String,
    channels: Vec<ChannelView>,
    channel: String,
    channel_title: String,
    lines: Vec<Line>,
    older: Option<i64>,
    /// Log entries the message may be about: (number, "moment: sentence", chosen).
    entries: Vec<(i64, String, bool)>,
    body: String,
    body_error: Option<String>,
    about_error: Option<String>,
    max_chars: usize,
}

/// Which channel to show.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ChannelQuery {
    channel: Option<String>,
    before: Option<i64>,
}

async fn page(
    state: &AppState,
    access: &CampaignAccess,
    channel: &str,
    before: Option<i64>,
    typed: (String, Option<i64>),
    errors: (Option<String>, Option<String>),
    status: StatusCode,
) -> Result<Response, AppError> {
    let (opened, player) = talk::open(state, access, channel).await?;
    let messages = talk::read(state, access, channel, before).await?;
    let channels = talk::channels(state, access).await?;
    let channel_title = channels
        .iter()
        .find(|c| c.name == channel)
        .map(|c| c.title.clone())
        .unwrap_or_default();
    let entries = db::game::events_for(&state.db, access.id(), access.role(), i64::MAX, 20)
        .await?
        .into_iter()
        .filter(|e| {
            e.audience
                .parse::<Audience>()
                .is_ok_and(|a| opened.may_quote(a, player))
        })
        .map(|e| {
            let chosen = typed.1 == Some(e.seq);
            (e.seq, format!("{}: {}", e.moment, e.sentence), chosen)
        })
        .collect();
    let older = (messages.len() as i64 == PAGE)
        .then(|| messages.first().map(|m| m.seq))
        .flatten()
        .filter(|seq| *seq > 1);
    let zone = access.user.zone();
    Ok(render_with(
        status,
        &TalkPage {
            nav: Nav::with_waiting(&state.db, access).await?,
            campaign_id: access.id(),
            campaign_name: access.membership.campaign.name.clone(),
            channels,
            channel: channel.to_owned(),
            channel_title,
            lines: messages
                .into_iter()
                .map(|message| Line {
                    at: Due::of(message.created_at, &zone),
                    message,
                })
                .collect(),
            older,
            entries,
            body: typed.0,
            body_error: errors.0,
            about_error: errors.1,
            max_chars: talk::MAX_CHARS,
        },
    ))
}

/// `GET /campaigns/{id}/talk`: a channel (the public one unless `channel` names another).
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
    Query(query): Query<ChannelQuery>,
) -> Result<Response, AppError> {
    let channel = query.channel.unwrap_or_else(|| "public".into());
    page(
        &state,
        &access,
        &channel,
        query.before,
        (String::new(), None),
        (None, None),
        StatusCode::OK,
    )
    .await
}

/// The message form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MessageForm {
    channel: String,
    body: String,
    about: String,
}

/// `POST /campaigns/{id}/talk`: writes to the form's channel and shows it again.
pub async fn write(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<MessageForm>,
) -> Result<Response, AppError> {
    let about = form.about.trim().parse::<i64>().ok();
    let result = async {
        let body = PlainText::field("body", form.body.clone())?;
        talk::write(&state, &access, &form.channel, &NewMessage { body, about }).await
    }
    .await;
    match result {
        Ok(_) => Ok(Redirect::to(&format!(
            "/campaigns/{}/talk?channel={}#latest",
            access.id(),
            form.channel
        ))
        .into_response()),
        Err(e) if e.status == StatusCode::UNPROCESSABLE_ENTITY => {
            let errors = match e.field {
                Some("about") => (None, Some(e.message.clone())),
                _ => (Some(e.message.clone()), None),
            };
            page(
                &state,
                &access,
                &form.channel,
                None,
                (form.body, about),
                errors,
                e.status,
            )
            .await
        }
        Err(e) => Err(e),
    }
}
