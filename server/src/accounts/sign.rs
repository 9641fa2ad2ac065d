//! Signing up, signing in and out in the browser, and the same accounts through the API.

use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::{self, Password, Username};
use crate::web::pages::{Nav, render, render_with, safe_next};
use askama::Template;
use axum::extract::{Form, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::ToSchema;
use uuid::Uuid;

/// A username and password, as sent by a form or the API.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CredentialsIn {
    /// 3 to 32 of `a-z 0-9 _ -`.
    pub username: String,
    /// At least 10 characters.
    pub password: String,
    /// Where a page goes after signing in.
    #[schema(ignore)]
    pub next: String,
}

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserOut {
    /// The user's id.
    pub id: Uuid,
    /// The user's name.
    pub username: String,
}

/// Creates an account: the one place usernames and passwords are checked and stored.
async fn register(
    state: &AppState,
    username: &str,
    password: &str,
) -> Result<db::users::User, AppError> {
    let username = Username::parse(username)?;
    let password = Password::parse(password)?;
    let hash = auth::hash_password(password).await?;
    db::users::insert(&state.db, username.as_str(), &hash)
        .await
        .map_err(|e| {
            if db::is_unique_violation(&e) {
                AppError::conflict(
                    "username_taken",
                    format!(
                        "The username '{}' is taken; choose another.",
                        username.as_str()
                    ),
                )
                .on_field("username")
            } else {
                AppError::from(e)
            }
        })
}

/// 401 for a username and password that do not match.
pub(crate) fn wrong_credentials() -> AppError {
    AppError::new(
        StatusCode::UNAUTHORIZED,
        "wrong_credentials",
        "That username and password do not match an account.",
    )
}

/// `POST /api/v1/users`: creates an account.
#[utoipa::path(post, path = "/api/v1/users", tag = "accounts", request_body = CredentialsIn,
    responses((status = 201, body = UserOut), (status = 409, description = "username taken"),
              (status = 422, description = "bad username or password")))]
pub async fn api_create_user(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CredentialsIn>,
) -> Result<(StatusCode, axum::Json<UserOut>), AppError> {
    let user = register(&state, &body.username, &body.password).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(UserOut {
            id: user.id,
            username: user.username,
        }),
    ))
}

#[derive(Template)]
#[template(path = "core/accounts/form.html")]
struct AccountForm {
    nav: Nav,
    title: &'static str,
    action: &'static str,
    signup: bool,
    next: String,
    username: String,
    username_error: Option<String>,
    password_error: Option<String>,
    general_error: Option<String>,
}

impl AccountForm {
    fn new(signup: bool, next: &str) -> Self {
        AccountForm {
            nav: Nav::default(),
            title: if signup { "Sign up" } else { "Sign in" },
            action: if signup { "/signup" } else { "/signin" },
            signup,
            next: next.to_owned(),
            username: String::new(),
            username_error: None,
            password_error: None,
            general_error: None,
        }
    }

    /// The form shown again with `error` next to its field.
    fn with_error(mut self, username: &str, error: AppError) -> Response {
        self.username = username.to_owned();
        match error.field {
            Some("username") => self.username_error = Some(error.message),
            Some("password") => self.password_error = Some(error.message),
            _ if error.status.is_server_error() => return error.into_response(),
            _ => self.general_error = Some(error.message),
        }
        render_with(error.status, &self)
    }
}

/// What the browser calls itself, for the list of signed-in browsers.
fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
}

/// Query of the sign-in and sign-up pages.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NextQuery {
    next: String,
}

/// `GET /signup`.
pub async fn signup_page(Query(q): Query<NextQuery>) -> Response {
    render(&AccountForm::new(true, &q.next))
}

/// `GET /signin`.
pub async fn signin_page(Query(q): Query<NextQuery>) -> Response {
    render(&AccountForm::new(false, &q.next))
}

/// `POST /signup`: creates the account and signs in.
pub async fn signup(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<CredentialsIn>,
) -> Response {
    let result = async {
        let user = register(&state, &form.username, &form.password).await?;
        auth::sign_in(&state, &session, user.id, user_agent(&headers)).await
    }
    .await;
    match result {
        Ok(()) => Redirect::to(safe_next(&form.next)).into_response(),
        Err(e) => AccountForm::new(true, &form.next).with_error(&form.username, e),
    }
}

/// `POST /signin`.
pub async fn signin(
    State(state): State<AppState>,
    session: Session,
    headers: HeaderMap,
    Form(form): Form<CredentialsIn>,
) -> Response {
    let result = async {
        let user = auth::check_credentials(&state, &form.username, &form.password)
            .await?
            .ok_or_else(wrong_credentials)?;
        auth::sign_in(&state, &session, user.id, user_agent(&headers)).await
    }
    .await;
    match result {
        Ok(()) => Redirect::to(safe_next(&form.next)).into_response(),
        Err(e) => AccountForm::new(false, &form.next).with_error(&form.username, e),
    }
}

/// `POST /signout`.
pub async fn signout(
    State(state): State<AppState>,
    session: Session,
) -> Result<Redirect, AppError> {
    auth::sign_out(&state, &session).await?;
    Ok(Redirect::to("/"))
}

#[derive(Template)]
#[template(path = "core/home.html")]
struct Home {
    nav: Nav,
}

/// The welcome page for visitors (the signed-in get "Your move" at `/`).
pub fn welcome() -> Response {
    render(&Home {
        nav: Nav::default(),
    })
}
