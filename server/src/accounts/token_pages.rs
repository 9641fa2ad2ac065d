//! The API tokens page: make a token (shown once), list and revoke them.

use crate::accounts::tokens::{TokenInfo, create, expiry, revoke, shown};
use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use crate::web::auth::CurrentUser;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

/// The session key holding a just-made token until its page shows it once.
const NEW_TOKEN: &str = "new_token";

struct TokenLine {
    id: Uuid,
    name: String,
    created: String,
    last_used: String,
    expires: String,
}

#[derive(Template)]
#[template(path = "core/accounts/tokens.html")]
struct TokensPage {
    nav: Nav,
    tokens: Vec<TokenLine>,
    new_token: Option<String>,
    name: String,
    days: String,
    name_error: Option<String>,
    days_error: Option<String>,
}

/// The token form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TokenForm {
    name: String,
    expires_in_days: String,
}

async fn tokens_page(
    state: &AppState,
    user: &db::users::User,
    form: &TokenForm,
    new_token: Option<String>,
) -> Result<TokensPage, AppError> {
    let zone = user.zone();
    let shown = |at| shown(at, &zone);
    let tokens = db::users::tokens(&state.db, user.id)
        .await?
        .into_iter()
        .map(TokenInfo::from)
        .map(|t| TokenLine {
            id: t.id,
            created: shown(t.created_at),
            last_used: t.last_used_at.map_or("never".into(), shown),
            expires: match t.expires_at {
                Some(_) if t.expired => "expired".into(),
                Some(at) => shown(at),
                None => "never".into(),
            },
            name: t.name,
        })
        .collect();
    Ok(TokensPage {
        nav: Nav::for_user(user),
        tokens,
        new_token,
        name: form.name.clone(),
        days: form.expires_in_days.clone(),
        name_error: None,
        days_error: None,
    })
}

/// `GET /account/tokens`: the caller's tokens, and a just-made one shown once.
pub async fn page(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
) -> Result<Response, AppError> {
    let new_token: Option<String> = session
        .remove(NEW_TOKEN)
        .await
        .map_err(AppError::internal)?;
    Ok(render(
        &tokens_page(&state, &user, &TokenForm::default(), new_token).await?,
    ))
}

/// `POST /account/tokens`: makes a token and shows it once on the list.
pub async fn page_create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    session: Session,
    Form(form): Form<TokenForm>,
) -> Result<Response, AppError> {
    let made = async {
        let days = form.expires_in_days.trim();
        let days = if days.is_empty() {
            None
        } else {
            Some(days.parse::<i64>().map_err(|_| {
                AppError::invalid(
                    "invalid_expiry",
                    "Give the days as a whole number, or leave them empty for a token that never expires.",
                )
                .on_field("expires_in_days")
            })?)
        };
        let expires_at = expiry(days, None, OffsetDateTime::now_utc())?;
        create(&state, user.id, Some(&form.name), expires_at).await
    }
    .await;
    match made {
        Ok(out) => {
            session
                .insert(NEW_TOKEN, out.token)
                .await
                .map_err(AppError::internal)?;
            Ok(Redirect::to("/account/tokens").into_response())
        }
        Err(e) if e.field.is_some() => {
            let mut page = tokens_page(&state, &user, &form, None).await?;
            match e.field {
                Some("name") => page.name_error = Some(e.message),
                _ => page.days_error = Some(e.message),
            }
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

/// `POST /account/tokens/{id}/revoke`.
pub async fn page_revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Redirect, AppError> {
    revoke(&state, user.id, id).await?;
    Ok(Redirect::to("/account/tokens"))
}
