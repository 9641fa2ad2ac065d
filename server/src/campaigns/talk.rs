//! Table talk: who may read and write each channel (public; a side's, with the umpire; a private
//! line between a player and the umpire), messages checked and stored, pages of a channel, and
//! what is unread. A message may be about a log entry every reader of its channel may read.

use crate::core::domain::{Role, Side};
use crate::core::error::AppError;
use crate::core::live::Readers;
use crate::core::text::PlainText;
use crate::db;
use crate::db::game::Audience;
use crate::state::AppState;
use crate::web::{ApiJson, CampaignAccess};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;
use uuid::Uuid;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 2000;
/// The most messages one page of a channel shows.
pub const PAGE: i64 = 50;

/// A channel of a campaign's table talk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Everyone in the campaign.
    Public,
    /// A side's players and the umpire.
    Side(Side),
    /// One player and the umpire.
    Private(Uuid),
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Channel::Public => f.write_str("public"),
            Channel::Side(side) => f.write_str(side.role().code()),
            Channel::Private(user) => write!(f, "private-{user}"),
        }
    }
}

impl std::str::FromStr for Channel {
    type Err = AppError;
    fn from_str(s: &str) -> Result<Channel, AppError> {
        match s {
            "public" => Ok(Channel::Public),
            "soviet" => Ok(Channel::Side(Side::Soviet)),
            "finnish" => Ok(Channel::Side(Side::Finnish)),
            other => other
                .strip_prefix("private-")
                .and_then(|id| id.parse().ok())
                .map(Channel::Private)
                .ok_or_else(AppError::not_found),
        }
    }
}

/// A participant as the talk rules see them.
#[derive(Clone, Copy, Debug)]
pub struct Talker {
    /// The user.
    pub user: Uuid,
    /// The role held in the campaign.
    pub role: Role,
}

impl Channel {
    /// Whether `who` may read and write this channel. The umpire reads every private line; a
    /// player only their own.
    pub fn admits(self, who: Talker) -> bool {
        match self {
            Channel::Public => true,
            Channel::Side(side) => who.role == Role::Umpire || who.role == side.role(),
            Channel::Private(player) => who.role == Role::Umpire || who.user == player,
        }
    }

    /// The roles whose streams hear of a new message here. (A private line is heard by the
    /// player's whole side, which learns only that something was said somewhere it may not read.)
    pub fn readers(self, player_role: Option<Role>) -> Readers {
        let mut readers = Readers::default();
        readers.add(Role::Umpire);
        match self {
            Channel::Public => return Readers::ALL,
            Channel::Side(side) => readers.add(side.role()),
            Channel::Private(_) => {
                if let Some(role) = player_role {
                    readers.add(role);
                }
            }
        }
        readers
    }

    /// The channel as a notification names it.
    pub fn title(self) -> String {
        match self {
            Channel::Public => "at the table, to everyone".into(),
            Channel::Side(side) => format!("to the {} side", side.adjective()),
            Channel::Private(_) => "a private line with the umpire".into(),
        }
    }

    /// Whether a log entry read by `audience` may be quoted here: every reader of the channel
    /// must be able to read it. `player_role` is the private line's player's role.
    pub fn may_quote(self, audience: Audience, player_role: Option<Role>) -> bool {
        let side_of = |role: Role| match role {
            Role::Soviet => Some(Audience::Soviet),
            Role::Finnish => Some(Audience::Finnish),
            Role::Umpire => None,
        };
        audience == Audience::Public
            || match self {
                Channel::Public => false,
                Channel::Side(side) => side_of(side.role()) == Some(audience),
                Channel::Private(_) => player_role.and_then(side_of) == Some(audience),
            }
    }
}

/// A message of table talk.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Message {
    /// Its number within the channel, from 1.
    pub seq: i64,
    /// Who wrote it.
    pub author: String,
    /// The author's role.
    pub author_role: String,
    /// The text, as written (pages escape it).
    pub body: String,
    /// The log entry it is about, as the author read it.
    pub about: Option<String>,
    /// When it was written (RFC 3339, UTC).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: time::OffsetDateTime,
}

/// A message to write.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct NewMessage {
    /// 1 to 2,000 characters; line breaks allowed, no other control characters.
    #[schema(value_type = String)]
    pub body: PlainText,
    /// The number of a log entry (in the writer's own numbering) the message is about.
    pub about: Option<i64>,
}

/// The role of the player of a private line, if that player takes part.
async fn player_role(
    state: &AppState,
    access: &CampaignAccess,
    channel: Channel,
) -> Result<Option<Role>, AppError> {
    let Channel::Private(player) = channel else {
        return Ok(None);
    };
    Ok(db::campaigns::participants(&state.db, access.id())
        .await?
        .into_iter()
        .find(|p| p.user_id == player && !p.removed && p.role() != Role::Umpire)
        .map(|p| p.role()))
}

/// The channel named `name` if the caller may use it; 404 otherwise (as for one that does not
/// exist), and for a private line whose player does not take part.
pub async fn open(
    state: &AppState,
    access: &CampaignAccess,
    name: &str,
) -> Result<(Channel, Option<Role>), AppError> {
    let channel: Channel = name.parse()?;
    let who = Talker {
        user: access.user.id,
        role: access.role(),
    };
    if !channel.admits(who) {
        return Err(AppError::not_found());
    }
    let player = player_role(state, access, channel).await?;
    if matches!(channel, Channel::Private(_)) && player.is_none() {
        return Err(AppError::not_found());
    }
    Ok((channel, player))
}

/// Writes a message to channel `name`; answers its number.
pub async fn write(
    state: &AppState,
    access: &CampaignAccess,
    name: &str,
    message: &NewMessage,
) -> Result<i64, AppError> {
    let (channel, player) = open(state, access, name).await?;
    let body = message.body.trim();
    if body.is_empty() {
        return Err(
            AppError::invalid("empty_message", "Write something before sending.").on_field("body"),
        );
    }
    let chars = body.chars().count();
    if chars > MAX_CHARS {
        return Err(AppError::invalid(
            "message_too_long",
            format!(
                "A message is at most {MAX_CHARS} characters; this one has {chars}. Split it in two."
            ),
        )
        .on_field("body"));
    }
    let about = match message.about {
        None => None,
        Some(seq) => {
            let entry = match seq.checked_add(1) {
                Some(below) => {
                    db::game::events_for(&state.db, access.id(), access.role(), below, 1).await?
                }
                None => Vec::new(),
            }
            .into_iter()
            .find(|e| e.seq == seq)
            .ok_or_else(|| {
                AppError::invalid(
                    "no_such_entry",
                    format!("There is no log entry {seq} that you can read."),
                )
                .on_field("about")
            })?;
            let audience: Audience = entry.audience.parse().map_err(AppError::internal)?;
            if !channel.may_quote(audience, player) {
                return Err(AppError::invalid(
                    "entry_not_shared",
                    "That log entry is not one every reader of this channel may read; quote it in a channel they share.",
                )
                .on_field("about"));
            }
            Some(format!("{}: {}", entry.moment, entry.sentence))
        }
    };
    let name = channel.to_string();
    let readers = channel.readers(player);
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let seq = db::talk::append(
        &mut tx,
        access.id(),
        &name,
        access.user.id,
        access.role().code(),
        body,
        about.as_deref(),
    )
    .await?;
    let roles: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|r| readers.includes(*r))
        .collect();
    let only = match channel {
        Channel::Private(player) => Some(player),
        _ => None,
    };
    crate::notify::tell::talk(
        &mut tx,
        access.id(),
        &access.membership.campaign.name,
        &channel.title(),
        &roles,
        only,
        (access.user.id, &access.user.username),
        body,
    )
    .await?;
    tx.commit().await?;
    state.notes.send(readers.talk_payload(access.id()));
    Ok(seq)
}

/// A page of channel `name`, oldest first, ending before message `before`; reading the newest
/// page marks the channel read.
pub async fn read(
    state: &AppState,
    access: &CampaignAccess,
    name: &str,
    before: Option<i64>,
) -> Result<Vec<Message>, AppError> {
    let (channel, _) = open(state, access, name).await?;
    let name = channel.to_string();
    let rows = db::talk::page(
        &state.db,
        access.id(),
        &name,
        before.unwrap_or(i64::MAX),
        PAGE,
    )
    .await?;
    if before.is_none()
        && let Some(newest) = rows.first()
    {
        db::talk::mark_read(&state.db, access.id(), access.user.id, &name, newest.seq).await?;
    }
    Ok(rows
        .into_iter()
        .rev()
        .map(|r| Message {
            seq: r.seq,
            author: r.author,
            author_role: r.author_role,
            body: r.body,
            about: r.about,
            created_at: r.created_at,
        })
        .collect())
}

/// The channels the caller may use, with their names for people and unread counts.
pub async fn channels(
    state: &AppState,
    access: &CampaignAccess,
) -> Result<Vec<ChannelView>, AppError> {
    let unread = db::talk::unread(&state.db, access.user.id, Some(access.id())).await?;
    let count = |name: &str| {
        unread
            .iter()
            .find(|(_, c, _)| c == name)
            .map_or(0, |(_, _, n)| *n)
    };
    let mut list = vec![(Channel::Public, "Everyone".to_owned())];
    match access.role().side() {
        Some(side) => {
            list.push((
                Channel::Side(side),
                format!("The {} side and the umpire", side.adjective()),
            ));
            list.push((
                Channel::Private(access.user.id),
                "You and the umpire".to_owned(),
            ));
        }
        None => {
            list.push((Channel::Side(Side::Soviet), "The Soviet side".to_owned()));
            list.push((Channel::Side(Side::Finnish), "The Finnish side".to_owned()));
            for p in db::campaigns::participants(&state.db, access.id()).await? {
                if !p.removed && p.role() != Role::Umpire {
                    list.push((
                        Channel::Private(p.user_id),
                        format!("You and {} ({})", p.username, p.role()),
                    ));
                }
            }
        }
    }
    Ok(list
        .into_iter()
        .map(|(channel, title)| {
            let name = channel.to_string();
            ChannelView {
                unread: count(&name),
                name,
                title,
            }
        })
        .collect())
}

/// A channel the caller may use.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChannelView {
    /// Its name in paths: `public`, `soviet`, `finnish` or `private-<player's id>`.
    pub name: String,
    /// Who reads it, in words.
    pub title: String,
    /// Messages others wrote there that the caller has not read.
    pub unread: i64,
}

/// The path of a channel.
#[derive(Debug, Deserialize)]
pub struct ChannelPath {
    /// The campaign (the access extractor reads it).
    pub id: Uuid,
    /// The channel's name.
    pub channel: String,
}

/// Paging through a channel.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct TalkQuery {
    /// Only messages numbered below this (the older page).
    pub before: Option<i64>,
}

/// `GET /api/v1/campaigns/{id}/talk`: the channels the caller may use, with unread counts.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/talk", tag = "talk",
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [ChannelView])), security(("bearer" = [])))]
pub async fn api_channels(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<Vec<ChannelView>>, AppError> {
    Ok(Json(channels(&state, &access).await?))
}

/// `GET /api/v1/campaigns/{id}/talk/{channel}`: up to 50 messages, oldest first; the newest page
/// marks the channel read.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/talk/{channel}", tag = "talk",
    params(("id" = Uuid, Path, description = "campaign id"), ("channel" = String, Path, description = "the channel"), TalkQuery),
    responses((status = 200, body = [Message]), (status = 404, description = "no such channel for you")),
    security(("bearer" = [])))]
pub async fn api_read(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<ChannelPath>,
    Query(query): Query<TalkQuery>,
) -> Result<Json<Vec<Message>>, AppError> {
    Ok(Json(
        read(&state, &access, &path.channel, query.before).await?,
    ))
}

/// `POST /api/v1/campaigns/{id}/talk/{channel}`: writes a message; answers its number.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/talk/{channel}", tag = "talk", request_body = NewMessage,
    params(("id" = Uuid, Path, description = "campaign id"), ("channel" = String, Path, description = "the channel")),
    responses((status = 201, description = "written"), (status = 404, description = "no such channel for you"),
              (status = 422, description = "empty, too long, or about an entry the channel's readers may not read")),
    security(("bearer" = [])))]
pub async fn api_write(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<ChannelPath>,
    ApiJson(body): ApiJson<NewMessage>,
) -> Result<(StatusCode, Json<serde_json::Value>), AppError> {
    let seq = write(&state, &access, &path.channel, &body).await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "seq": seq }))))
}
