//! The account page: signed-in browsers, signing out elsewhere, the time zone times are read
//! and typed in, and changing the password.

use crate::accounts::tokens::shown;
use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::{self, CurrentUser, Password};
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use tower_sessions::Session;
use utoipa::ToSchema;
use uuid::Uuid;

/// A password change.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PasswordChange {
    /// The current password.
    pub old_password: String,
    /// The new one: at least 10 characters.
    pub new_password: String,
    /// Also revoke every API token of the account.
    pub revoke_tokens: bool,
}

/// Changes the password after checking the old one; ends every sign-in but `keep`.
pub async fn change_password(
    state: &AppState,
    user: Uuid,
    change: &PasswordChange,
    keep: Option<Uuid>,
) -> Result<(), AppError> {
    let stored = db::users::password_hash(&state.db, user).await?;
    if !auth::verify_password(change.old_password.clone(), stored).await? {
        return Err(AppError::invalid(
            "wrong_password",
            "The current password is not right; type it again.",
        )
        .on_field("old_password"));
    }
    let new = Password::parse(&change.new_password).map_err(|e| e.on_field("new_password"))?;
    let hash = auth::hash_password(new).await?;
    db::users::change_password(&state.db, user, &hash, keep, change.revoke_tokens).await?;
    state.notes.send(crate::core::live::access_payload(user));
    Ok(())
}

/// `PUT /api/v1/password`: changes the caller's password, signs out every browser and, if asked,
/// revokes every token (the one in use too).
#[utoipa::path(put, path = "/api/v1/password", tag = "accounts", request_body = PasswordChange,
    responses((status = 204, description = "changed; every browser is signed out"),
              (status = 401, description = "not signed in"),
              (status = 422, description = "wrong current password or weak new one")),
    security(("bearer" = [])))]
pub async fn api_change_password(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
    ApiJson(body): ApiJson<PasswordChange>,
) -> Result<StatusCode, AppError> {
    let keep = auth::current_login(&session).await?;
    change_password(&state, user.id, &body, keep).await?;
    Ok(StatusCode::NO_CONTENT)
}

struct SessionLine {
    created: String,
    last_seen: String,
    user_agent: String,
    this_one: bool,
}

#[derive(Template)]
#[template(path = "core/accounts/account.html")]
struct AccountPage {
    nav: Nav,
    sessions: Vec<SessionLine>,
    notice: Option<String>,
    revoke_tokens: bool,
    old_error: Option<String>,
    new_error: Option<String>,
    /// Every zone of the database, to choose from.
    zones: &'static [String],
    /// The zone chosen (or as sent, when refused); empty while none is chosen.
    time_zone: String,
    /// The message beside the time zone field.
    zone_error: Option<String>,
}

/// The session key holding a one-time notice for the account page.
const NOTICE: &str = "account_notice";

async fn account_page(
    state: &AppState,
    user: &db::users::User,
    current: Option<Uuid>,
    notice: Option<String>,
) -> Result<AccountPage, AppError> {
    let zone = user.zone();
    let sessions = db::users::sessions(&state.db, user.id)
        .await?
        .into_iter()
        .map(|s| SessionLine {
            created: shown(s.created_at, &zone),
            last_seen: shown(s.last_seen_at, &zone),
            user_agent: s.user_agent.unwrap_or_else(|| "unknown browser".into()),
            this_one: Some(s.id) == current,
        })
        .collect();
    Ok(AccountPage {
        nav: Nav::for_user(user),
        sessions,
        notice,
        revoke_tokens: false,
        old_error: None,
        new_error: None,
        zones: crate::core::zone::names(),
        time_zone: user.time_zone.clone().unwrap_or_default(),
        zone_error: None,
    })
}

/// `GET /account`: signed-in browsers and the password form.
pub async fn page(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
) -> Result<Response, AppError> {
    let current = auth::current_login(&session).await?;
    let notice: Option<String> = session.remove(NOTICE).await.map_err(AppError::internal)?;
    Ok(render(&account_page(&state, &user, current, notice).await?))
}

async fn notice_and_back(session: &Session, notice: String) -> Result<Response, AppError> {
    session
        .insert(NOTICE, notice)
        .await
        .map_err(AppError::internal)?;
    Ok(Redirect::to("/account").into_response())
}

/// `POST /account/sessions/others/end`: signs out every other browser.
pub async fn end_others(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
) -> Result<Response, AppError> {
    let current = auth::current_login(&session).await?;
    let ended = db::users::end_sessions(&state.db, user.id, current).await?;
    state.notes.send(crate::core::live::access_payload(user.id));
    notice_and_back(&session, format!("Signed out {ended} other browser(s).")).await
}

/// `POST /account/sessions/end`: signs out every browser, this one too.
pub async fn end_all(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
) -> Result<Redirect, AppError> {
    db::users::end_sessions(&state.db, user.id, None).await?;
    state.notes.send(crate::core::live::access_payload(user.id));
    session.flush().await.map_err(AppError::internal)?;
    Ok(Redirect::to("/signin"))
}

/// The time zone form: an IANA name, or empty for UTC.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TimeZoneForm {
    time_zone: String,
}

/// `POST /account/time-zone`: the zone the account reads and types times in (empty: UTC). An
/// unknown zone is refused (422) with the form as sent and the message beside the field.
pub async fn set_time_zone(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
    Form(form): Form<TimeZoneForm>,
) -> Result<Response, AppError> {
    let typed = form.time_zone.trim();
    let chosen = if typed.is_empty() {
        None
    } else {
        match crate::core::zone::Zone::named(typed) {
            Ok(zone) => Some(zone),
            Err(unknown) => {
                let current = auth::current_login(&session).await?;
                let mut page = account_page(&state, &user, current, None).await?;
                page.time_zone = typed.to_owned();
                page.zone_error = Some(unknown.to_string());
                return Ok(render_with(StatusCode::UNPROCESSABLE_ENTITY, &page));
            }
        }
    };
    db::users::set_time_zone(&state.db, user.id, chosen.as_ref().map(|z| z.name())).await?;
    let notice = match chosen {
        Some(zone) => format!("Times are now shown and read in {}.", zone.name()),
        None => "Times are now shown and read in UTC.".to_owned(),
    };
    notice_and_back(&session, notice).await
}

/// The password form: a checkbox is absent when not ticked.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PasswordForm {
    old_password: String,
    new_password: String,
    revoke_tokens: Option<String>,
}

/// `POST /account/password`.
pub async fn page_change_password(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
    Form(form): Form<PasswordForm>,
) -> Result<Response, AppError> {
    let current = auth::current_login(&session).await?;
    let change = PasswordChange {
        old_password: form.old_password,
        new_password: form.new_password,
        revoke_tokens: form.revoke_tokens.is_some(),
    };
    match change_password(&state, user.id, &change, current).await {
        Ok(()) => {
            let tokens = if change.revoke_tokens {
                " and every API token was revoked"
            } else {
                ""
            };
            notice_and_back(
                &session,
                format!("Your password was changed; every other browser was signed out{tokens}."),
            )
            .await
        }
        Err(e) if e.field.is_some() => {
            let mut page = account_page(&state, &user, current, None).await?;
            page.revoke_tokens = change.revoke_tokens;
            match e.field {
                Some("old_password") => page.old_error = Some(e.message),
                _ => page.new_error = Some(e.message),
            }
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}
