//! Invite pages: the umpire's invite section of the campaign page (make, list, withdraw, remove a
//! participant) and the page an invited person opens.

use crate::campaigns::invites::{self, InviteState, NewInvite};
use crate::campaigns::pages::show_page;
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::auth::{CurrentUser, MaybeUser};
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

use crate::campaigns::invite_section::{InviteForm, NEW_INVITE, section};

fn number<T: std::str::FromStr>(
    text: &str,
    field: &'static str,
    what: &str,
) -> Result<Option<T>, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| {
        AppError::invalid(
            "invalid_number",
            format!("Give the {what} as a whole number."),
        )
        .on_field(field)
    })
}

/// `POST /campaigns/{id}/invites`: makes a link and shows it once on the campaign page.
pub async fn invite(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    Form(form): Form<InviteForm>,
) -> Result<Response, AppError> {
    let made = async {
        let new = NewInvite {
            role: form.role.clone(),
            uses: number(&form.uses, "uses", "number of uses")?,
            expires_in_days: number(&form.expires_in_days, "expires_in_days", "days")?,
            username: Some(form.username.clone()),
        };
        invites::invite(&state, &access, &new).await
    }
    .await;
    match made {
        Ok(link) => {
            session
                .insert(NEW_INVITE, link.code)
                .await
                .map_err(AppError::internal)?;
            Ok(Redirect::to(&format!("/campaigns/{}", access.id())).into_response())
        }
        Err(e) if e.field.is_some() => {
            let mut invites = section(&state, &access, &session, Some(&form)).await?;
            if let Some(s) = invites.as_mut() {
                match e.field {
                    Some("role") => s.role_error = Some(e.message),
                    Some("uses") => s.uses_error = Some(e.message),
                    Some("username") => s.username_error = Some(e.message),
                    _ => s.days_error = Some(e.message),
                }
            }
            show_page(&state, &access, invites, None, e.status).await
        }
        Err(e) => Err(e),
    }
}

/// `POST /campaigns/{id}/invites/{code}/withdraw`.
pub async fn withdraw(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<(Uuid, String)>,
) -> Result<Redirect, AppError> {
    invites::withdraw(&state, &access, &path.1).await?;
    Ok(Redirect::to(&format!("/campaigns/{}", access.id())))
}

/// `POST /campaigns/{id}/participants/{user_id}/remove`.
pub async fn remove(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<(Uuid, Uuid)>,
) -> Result<Redirect, AppError> {
    invites::remove(&state, &access, path.1).await?;
    Ok(Redirect::to(&format!("/campaigns/{}", access.id())))
}

#[derive(Template)]
#[template(path = "core/campaigns/invite.html")]
struct InvitePage {
    nav: Nav,
    campaign_name: String,
    role: String,
    /// The role as people say it ("the Finnish player").
    role_words: &'static str,
    code: String,
    refused: Option<String>,
    /// A visitor not signed in: offered to sign up or in and come back here.
    signed_out: bool,
}

/// `GET /invites/{code}`: says which campaign and role the link is for; asks the signed-in
/// visitor to confirm joining, offers a visitor not signed in to sign up (or in) and come back,
/// or says why the link no longer admits anyone (410).
pub async fn invite_page(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let invite = db::invites::by_code(&state.db, &code, false)
        .await?
        .ok_or_else(AppError::not_found)?;
    let refusal = InviteState::of(&invite, OffsetDateTime::now_utc()).refusal();
    let role: Role = invite.role;
    let page = InvitePage {
        nav: user.as_ref().map(Nav::for_user).unwrap_or_default(),
        campaign_name: invite.campaign_name,
        role: invite.role.code().to_owned(),
        role_words: crate::campaigns::your_move::role_words(role),
        code,
        refused: refusal.as_ref().map(|e| e.message.clone()),
        signed_out: user.is_none(),
    };
    Ok(match refusal {
        Some(e) => render_with(e.status, &page),
        None => render(&page),
    })
}

/// `POST /invites/{code}/accept`.
pub async fn accept(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(code): Path<String>,
) -> Result<Redirect, AppError> {
    let joined = invites::accept(&state, user.id, &code).await?;
    Ok(Redirect::to(&format!("/campaigns/{}", joined.campaign_id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_forms() {
        assert_eq!(
            number::<i32>(" 3 ", "uses", "uses").expect("a number"),
            Some(3)
        );
        assert_eq!(number::<i32>("", "uses", "uses").expect("blank"), None);
        let e = number::<i32>("three", "uses", "number of uses").expect_err("refused");
        assert_eq!(e.field, Some("uses"));
        assert_eq!(e.message, "Give the number of uses as a whole number.");
    }
}
