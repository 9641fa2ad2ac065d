//! The notifications page (`/account/notifications`): the reader's targets with their last
//! delivery, a form to add one that comes back filled in when refused, test and remove buttons
//! (a test's outcome said on the page beside its target); and the confirmation and unsubscribe
//! pages, which work without signing in.

use crate::accounts::notifications::{self, NewTargetIn, TargetView, Tested};
use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use crate::web::auth::{CurrentUser, MaybeUser};
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use uuid::Uuid;

/// The add form as typed.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct TargetForm {
    kind: String,
    address: String,
    format: String,
    campaign: String,
    /// `on`: a daily digest; `each`: each message as it happens; empty: the default.
    digest: String,
}

/// What a test did, said beside its target.
struct TestSaid {
    target: Uuid,
    sentence: String,
    failed: bool,
}

/// How long the page waits for a test to go out before saying it is still on its way.
const TEST_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Template)]
#[template(path = "core/accounts/notifications.html")]
struct NotificationsPage {
    nav: Nav,
    targets: Vec<TargetView>,
    campaigns: Vec<(Uuid, String)>,
    form: TargetForm,
    address_error: Option<String>,
    other_error: Option<String>,
    tested: Option<TestSaid>,
    /// The reader's zone, which the times are shown in.
    zone: crate::core::zone::Zone,
}

async fn page(
    state: &AppState,
    user: &db::users::User,
    form: TargetForm,
    error: Option<AppError>,
) -> Result<Response, AppError> {
    page_with(state, user, form, error, None).await
}

async fn page_with(
    state: &AppState,
    user: &db::users::User,
    form: TargetForm,
    error: Option<AppError>,
    tested: Option<TestSaid>,
) -> Result<Response, AppError> {
    let targets = db::notify::targets(&state.db, user.id)
        .await?
        .into_iter()
        .map(TargetView::from)
        .collect();
    let campaigns = db::campaigns::for_user(&state.db, user.id)
        .await?
        .into_iter()
        .filter(|m| !m.campaign.is_finished())
        .map(|m| (m.campaign.id, m.campaign.name))
        .collect();
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let (address_error, other_error) = match error {
        Some(e) if e.field == Some("address") => (Some(e.message), None),
        Some(e) => (None, Some(e.message)),
        None => (None, None),
    };
    Ok(render_with(
        status,
        &NotificationsPage {
            nav: Nav::for_user(user),
            targets,
            campaigns,
            form,
            address_error,
            other_error,
            tested,
            zone: user.zone(),
        },
    ))
}

/// `GET /account/notifications`.
pub async fn show(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, AppError> {
    let form = TargetForm {
        kind: "email".into(),
        format: "plain".into(),
        ..TargetForm::default()
    };
    page(&state, &user, form, None).await
}

/// `POST /account/notifications`: adds a target, or shows the form again with the refusal.
pub async fn add(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Form(form): Form<TargetForm>,
) -> Result<Response, AppError> {
    let campaign_id =
        match form.campaign.trim() {
            "" => None,
            id => Some(id.parse().map_err(|_| {
                AppError::invalid("unknown_campaign", "Choose one of your campaigns.")
            })?),
        };
    let new = NewTargetIn {
        kind: form.kind.clone(),
        address: form.address.clone(),
        format: (form.kind == "webhook").then(|| form.format.clone()),
        campaign_id,
        digest: match form.digest.as_str() {
            "on" => Some(true),
            "each" => Some(false),
            _ => None,
        },
    };
    match notifications::add(&state, user.id, &new).await {
        Ok(_) => Ok(Redirect::to("/account/notifications").into_response()),
        Err(e) if e.status == StatusCode::UNPROCESSABLE_ENTITY => {
            page(&state, &user, form, Some(e)).await
        }
        Err(e) => Err(e),
    }
}

/// `POST /account/notifications/{id}/test`: queues a test and waits (a little) for it to go out,
/// then says beside the target what happened: sent, refused (not confirmed), failed and why, in
/// the next digest, or still on its way.
pub async fn test(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Response, AppError> {
    let said = match notifications::test(&state, user.id, id).await? {
        Tested::Unconfirmed(target) => TestSaid {
            target: id,
            sentence: notifications::unconfirmed_sentence(&target.address),
            failed: true,
        },
        Tested::Queued { target, .. } if target.digest == Some(true) => TestSaid {
            target: id,
            sentence: format!(
                "Queued: the test goes to {} with its next daily digest.",
                target.address
            ),
            failed: false,
        },
        Tested::Queued { row, target } => awaited_test(&state, row, &target).await?,
    };
    let form = TargetForm {
        kind: "email".into(),
        format: "plain".into(),
        ..TargetForm::default()
    };
    page_with(&state, &user, form, None, Some(said)).await
}

/// Waits up to [`TEST_WAIT`] for test row `row` to be delivered or to fail; says which.
async fn awaited_test(
    state: &AppState,
    row: Uuid,
    target: &db::notify::TargetRow,
) -> Result<TestSaid, AppError> {
    let address = &target.address;
    let started = std::time::Instant::now();
    let mut outcome = db::notify::Outcome::Waiting;
    while started.elapsed() < TEST_WAIT {
        outcome = db::notify::outcome(&state.db, row)
            .await?
            .unwrap_or(db::notify::Outcome::Waiting);
        if outcome != db::notify::Outcome::Waiting {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let (sentence, failed) = match outcome {
        db::notify::Outcome::Sent => (format!("Sent: the test went to {address}."), false),
        db::notify::Outcome::Failed(why) => (
            format!("The test to {address} was not delivered ({why}); it will be tried again."),
            true,
        ),
        db::notify::Outcome::Waiting => (
            format!(
                "Queued: the test to {address} has not gone out yet; reload this page to see how it went."
            ),
            false,
        ),
    };
    Ok(TestSaid {
        target: target.id,
        sentence,
        failed,
    })
}

/// `POST /account/notifications/{id}/remove`.
pub async fn remove(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Response, AppError> {
    if !db::notify::remove_target(&state.db, user.id, id).await? {
        return Err(AppError::not_found());
    }
    Ok(Redirect::to("/account/notifications").into_response())
}

#[derive(Template)]
#[template(path = "core/accounts/confirm.html")]
struct ConfirmPage {
    nav: Nav,
    token: String,
    confirmed: Option<String>,
}

/// `GET /notifications/confirm/{token}`: asks to confirm (a link-checker opening the link changes
/// nothing).
pub async fn confirm_ask(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    let key = crate::notify::unsubscribe::key(&state.db)
        .await
        .map_err(AppError::internal)?;
    if crate::notify::unsubscribe::verify_confirm(&key, &token).is_none() {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "unknown_link",
            "This confirmation link is not one this server made; copy it whole from the message.",
        ));
    }
    Ok(render(&ConfirmPage {
        nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        token,
        confirmed: None,
    }))
}

/// `POST /notifications/confirm/{token}`: confirms the address; notifications start.
pub async fn confirm(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    let address = notifications::confirm(&state, &token).await?;
    Ok(render(&ConfirmPage {
        nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        token,
        confirmed: Some(address),
    }))
}

#[derive(Template)]
#[template(path = "core/accounts/unsubscribe.html")]
struct UnsubscribePage {
    nav: Nav,
    token: String,
    done: bool,
}

async fn unsubscribe_page(
    state: &AppState,
    user: Option<db::users::User>,
    token: String,
    act: bool,
) -> Result<Response, AppError> {
    let key = crate::notify::unsubscribe::key(&state.db)
        .await
        .map_err(AppError::internal)?;
    let target = crate::notify::unsubscribe::verify(&key, &token).ok_or_else(|| {
        AppError::new(
            StatusCode::NOT_FOUND,
            "unknown_link",
            "This unsubscribe link is not one this server made; copy it whole from the message.",
        )
    })?;
    if act {
        db::notify::deactivate(&state.db, target).await?;
    }
    Ok(render(&UnsubscribePage {
        nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        token,
        done: act,
    }))
}

/// `GET /unsubscribe/{token}`: asks to confirm (a link-checker opening the link changes nothing).
pub async fn unsubscribe_ask(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    unsubscribe_page(&state, user, token, false).await
}

/// `POST /unsubscribe/{token}`: stops the messages to that address or hook.
pub async fn unsubscribe(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    unsubscribe_page(&state, user, token, true).await
}
