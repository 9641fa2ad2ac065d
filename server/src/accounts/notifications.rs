//! Where a user's notifications go: e-mail addresses (each confirmed by a link sent to it before
//! anything else is) and webhooks (plain JSON, Discord, Slack), for every campaign or one, single
//! messages or a daily digest (by default, of what one hears as an umpire); a test message on
//! request, the last delivery's error shown; links that unsubscribe without signing in.

use crate::core::error::AppError;
use crate::db;
use crate::db::notify::{NewTarget, TargetRow};
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::CurrentUser;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

/// The most targets one user may have.
pub const MAX_TARGETS: usize = 20;

/// A place notifications go, as its owner sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TargetView {
    /// Its id.
    pub id: Uuid,
    /// `email` or `webhook`.
    pub kind: String,
    /// The address or URL.
    pub address: String,
    /// `plain`, `discord` or `slack`.
    pub format: String,
    /// The campaign it is for; null: every campaign.
    pub campaign_id: Option<Uuid>,
    /// That campaign's name.
    pub campaign_name: Option<String>,
    /// Whether messages gather into a daily digest: true always, false never, null the default (a
    /// digest of what you hear as an umpire, each message as it happens of what you hear as a
    /// player).
    pub digest: Option<bool>,
    /// Whether its owner has confirmed it (an e-mail address, by the link sent to it; a webhook
    /// is confirmed when added). Nothing but that link goes to it before.
    pub confirmed: bool,
    /// False once unsubscribed.
    pub active: bool,
    /// How the last delivery went: `delivered`, `failed` (with `last_error` saying why, never
    /// what the receiver answered), or null before the first.
    pub last_outcome: Option<String>,
    /// The last delivery's error, if it failed.
    pub last_error: Option<String>,
    /// True once it has failed again and again: nothing goes to it until a test message resumes it.
    pub paused: bool,
    /// When a message last went out (RFC 3339).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_sent_at: Option<OffsetDateTime>,
}

impl From<TargetRow> for TargetView {
    fn from(t: TargetRow) -> TargetView {
        TargetView {
            id: t.id,
            kind: t.kind,
            address: t.address,
            format: t.format,
            campaign_id: t.campaign_id,
            campaign_name: t.campaign_name,
            digest: t.digest,
            confirmed: t.confirmed_at.is_some(),
            active: t.active,
            last_outcome: match (&t.last_error, t.last_sent_at) {
                (Some(_), _) => Some("failed".to_owned()),
                (None, Some(_)) => Some("delivered".to_owned()),
                (None, None) => None,
            },
            last_error: t.last_error,
            paused: t.paused_at.is_some(),
            last_sent_at: t.last_sent_at,
        }
    }
}

/// A new target.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct NewTargetIn {
    /// `email` or `webhook`.
    pub kind: String,
    /// An e-mail address, or an http(s) URL of at most 500 characters.
    pub address: String,
    /// For webhooks: `plain` (JSON with subject and text), `discord` or `slack`.
    pub format: Option<String>,
    /// Only this campaign (one you take part in); absent: every campaign.
    pub campaign_id: Option<Uuid>,
    /// Gather messages into a daily digest (true), send each as it happens (false), or leave it
    /// out for the default: a digest of what you hear as an umpire, each message as it happens of
    /// what you hear as a player.
    pub digest: Option<bool>,
}

/// An e-mail target: a readable address, in plain text.
fn check_email(address: &str, format: &str) -> Result<(), AppError> {
    address.parse::<lettre::Address>().map_err(|_| {
        AppError::invalid(
            "invalid_address",
            format!("'{address}' is not an e-mail address such as name@example.org."),
        )
        .on_field("address")
    })?;
    if format != "plain" {
        return Err(AppError::invalid(
            "invalid_format",
            "E-mail is always plain text; leave the format out.",
        )
        .on_field("format"));
    }
    Ok(())
}

/// A webhook target: an http(s) URL naming a host, public unless the server allows private
/// ones, with a body the hook expects.
fn check_webhook(state: &AppState, address: &str, format: &str) -> Result<(), AppError> {
    let url = url::Url::parse(address).map_err(|e| {
        AppError::invalid(
            "invalid_address",
            format!("The webhook address does not read ({e}): give an https:// URL."),
        )
        .on_field("address")
    })?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(AppError::invalid(
            "invalid_address",
            "A webhook address starts with https:// (or http://) and names a host.",
        )
        .on_field("address"));
    }
    if !state.config.notify.webhooks_to_private && crate::notify::send::special_literal(&url) {
        return Err(AppError::invalid(
            "invalid_address",
            "That address is local, private or reserved, and this server calls only public addresses on the internet.",
        )
        .on_field("address"));
    }
    if !matches!(format, "plain" | "discord" | "slack") {
        return Err(AppError::invalid(
            "invalid_format",
            "Choose the body the hook expects: plain, discord or slack.",
        )
        .on_field("format"));
    }
    Ok(())
}

/// Checks and adds a target for `user`.
pub async fn add(state: &AppState, user: Uuid, new: &NewTargetIn) -> Result<TargetView, AppError> {
    let address = new.address.trim();
    let format = new.format.as_deref().unwrap_or("plain");
    match new.kind.as_str() {
        "email" => check_email(address, format)?,
        "webhook" => check_webhook(state, address, format)?,
        _ => {
            return Err(AppError::invalid(
                "invalid_kind",
                "Choose where notifications go: email or webhook.",
            )
            .on_field("kind"));
        }
    }
    if address.chars().count() > 500 {
        return Err(
            AppError::invalid("invalid_address", "An address is at most 500 characters.")
                .on_field("address"),
        );
    }
    if let Some(campaign) = new.campaign_id
        && db::campaigns::membership(&state.db, campaign, user, false)
            .await?
            .is_none()
    {
        return Err(AppError::invalid(
            "unknown_campaign",
            "You take part in no such campaign; choose one of yours, or every campaign.",
        )
        .on_field("campaign_id"));
    }
    if db::notify::targets(&state.db, user).await?.len() >= MAX_TARGETS {
        return Err(AppError::invalid(
            "too_many_targets",
            format!("You have {MAX_TARGETS} places for notifications already; remove one first."),
        ));
    }
    let id = db::notify::add_target(
        &state.db,
        &NewTarget {
            user,
            campaign: new.campaign_id,
            kind: &new.kind,
            address,
            format,
            digest: new.digest,
            confirmed: new.kind != "email",
        },
    )
    .await?;
    if new.kind == "email" {
        send_confirmation(state, id, address).await?;
    }
    db::notify::target(&state.db, user, id)
        .await?
        .map(TargetView::from)
        .ok_or_else(AppError::not_found)
}

/// Queues the link that confirms the address of target `id`.
async fn send_confirmation(state: &AppState, id: Uuid, address: &str) -> Result<(), AppError> {
    let key = crate::notify::unsubscribe::key(&state.db)
        .await
        .map_err(AppError::internal)?;
    let token = crate::notify::unsubscribe::confirm_token(&key, id);
    let words = crate::notify::notices::confirm_address(
        address,
        &format!("/notifications/confirm/{token}"),
    );
    db::notify::enqueue_confirmation(&state.db, id, &words.subject, &words.body, &words.link)
        .await?;
    Ok(())
}

/// What asking for a test did.
pub enum Tested {
    /// A test message is queued: its outbox row, and the target (whose `digest` says whether it
    /// waits for the daily digest).
    Queued {
        /// The queued row.
        row: Uuid,
        /// The target it goes to.
        target: TargetRow,
    },
    /// The address is not confirmed: nothing was queued but its confirmation link, again.
    Unconfirmed(TargetRow),
}

/// Queues a test message to a target of `user` (404 when it is not theirs), resuming it if it was
/// paused or waiting after failures; an unconfirmed address gets its confirmation link again
/// instead.
pub async fn test(state: &AppState, user: Uuid, id: Uuid) -> Result<Tested, AppError> {
    let target = db::notify::target(&state.db, user, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if target.confirmed_at.is_none() {
        send_confirmation(state, id, &target.address).await?;
        return Ok(Tested::Unconfirmed(target));
    }
    db::notify::resume(&state.db, id).await?;
    let words = crate::notify::notices::test_message();
    match db::notify::enqueue_test(&state.db, id, &words.subject, &words.body).await? {
        Some(row) => Ok(Tested::Queued { row, target }),
        None => Ok(Tested::Unconfirmed(target)),
    }
}

/// The sentence that says a test was refused because `address` is not confirmed.
pub fn unconfirmed_sentence(address: &str) -> String {
    format!(
        "Not sent: {address} is not confirmed yet, and nothing goes to an address before it is. We have sent its confirmation link again: open it, press Confirm, then send a test."
    )
}

/// Confirms the address a confirmation token names (404 for a token this server did not make);
/// the first time, the moves its campaigns already wait for go to it. Answers the address.
pub async fn confirm(state: &AppState, token: &str) -> Result<String, AppError> {
    let key = crate::notify::unsubscribe::key(&state.db)
        .await
        .map_err(AppError::internal)?;
    let unknown = || {
        AppError::new(
            StatusCode::NOT_FOUND,
            "unknown_link",
            "This confirmation link is not one this server made, or its address was removed; copy it whole from the message, or add the address again.",
        )
    };
    let id = crate::notify::unsubscribe::verify_confirm(&key, token).ok_or_else(unknown)?;
    let address = db::notify::address(&state.db, id)
        .await?
        .ok_or_else(unknown)?;
    if let Some((user, only)) = db::notify::confirm(&state.db, id).await? {
        for (campaign, name, standing, deadline, role) in
            db::notify::standings_of(&state.db, user, only).await?
        {
            let Some(standing) = standing else { continue };
            let awaited =
                crate::notify::tell::awaited_move(campaign, &name, &standing.0, role, deadline);
            if let Some(w) = awaited {
                let words = (w.subject.as_str(), w.body.as_str(), w.link.as_str());
                db::notify::enqueue_to_target(&state.db, id, campaign, words).await?;
            }
        }
    }
    Ok(address)
}

/// `GET /api/v1/notifications`: where the caller's notifications go.
#[utoipa::path(get, path = "/api/v1/notifications", tag = "notifications",
    responses((status = 200, body = [TargetView])), security(("bearer" = [])))]
pub async fn api_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<TargetView>>, AppError> {
    Ok(Json(
        db::notify::targets(&state.db, user.id)
            .await?
            .into_iter()
            .map(TargetView::from)
            .collect(),
    ))
}

/// `POST /api/v1/notifications`: adds an e-mail address or a webhook.
#[utoipa::path(post, path = "/api/v1/notifications", tag = "notifications", request_body = NewTargetIn,
    responses((status = 201, body = TargetView), (status = 422, description = "an address, format or campaign that does not fit")),
    security(("bearer" = [])))]
pub async fn api_add(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<NewTargetIn>,
) -> Result<(StatusCode, Json<TargetView>), AppError> {
    Ok((
        StatusCode::CREATED,
        Json(add(&state, user.id, &body).await?),
    ))
}

/// The path of one target.
#[derive(Debug, Deserialize)]
pub struct TargetPath {
    /// The target's id.
    pub id: Uuid,
}

/// `DELETE /api/v1/notifications/{id}`: removes one.
#[utoipa::path(delete, path = "/api/v1/notifications/{id}", tag = "notifications",
    params(("id" = Uuid, Path, description = "target id")),
    responses((status = 204, description = "removed"), (status = 404, description = "not yours")),
    security(("bearer" = [])))]
pub async fn api_remove(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(path): Path<TargetPath>,
) -> Result<StatusCode, AppError> {
    if db::notify::remove_target(&state.db, user.id, path.id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::not_found())
    }
}

/// `POST /api/v1/notifications/{id}/test`: sends a test message (resuming a paused target); its
/// outcome shows on the target. An address not yet confirmed is sent its confirmation link again
/// instead (409 `unconfirmed`).
#[utoipa::path(post, path = "/api/v1/notifications/{id}/test", tag = "notifications",
    params(("id" = Uuid, Path, description = "target id")),
    responses((status = 202, description = "queued"), (status = 404, description = "not yours"),
              (status = 409, description = "the address is not confirmed (`unconfirmed`): its link is sent again")),
    security(("bearer" = [])))]
pub async fn api_test(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(path): Path<TargetPath>,
) -> Result<StatusCode, AppError> {
    match test(&state, user.id, path.id).await? {
        Tested::Queued { .. } => Ok(StatusCode::ACCEPTED),
        Tested::Unconfirmed(target) => Err(AppError::conflict(
            "unconfirmed",
            unconfirmed_sentence(&target.address),
        )),
    }
}
