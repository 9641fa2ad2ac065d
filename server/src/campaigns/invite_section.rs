//! The umpire's invite section of the campaign page: the form as filled in, the link just made
//! and the standing invites.

use crate::accounts::tokens::shown;
use crate::campaigns::invites::{self, DEFAULT_DAYS, DEFAULT_USES, InviteOut, InviteState};
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::state::AppState;
use crate::web::CampaignAccess;
use serde::Deserialize;
use tower_sessions::Session;

/// The session key holding a just-made invite's code until the campaign page shows it.
pub const NEW_INVITE: &str = "new_invite";

/// One invite in the umpire's list.
pub struct InviteLine {
    /// The code.
    pub code: String,
    /// The link.
    pub url: String,
    /// The role it grants.
    pub role: Role,
    /// "3", "unlimited".
    pub uses_left: String,
    /// When it expires, or "never".
    pub expires: String,
    /// "open", "used up", "expired".
    pub state: &'static str,
}

/// The umpire's invite section: the form (as filled in), the new link, the standing invites.
pub struct InviteSection {
    /// The link just made, shown once.
    pub new_invite: Option<InviteOut>,
    /// The standing invites.
    pub lines: Vec<InviteLine>,
    /// The form's role.
    pub role: String,
    /// A solo campaign: the server plays the Finns, so the form does not offer their role.
    pub solo: bool,
    /// The form's uses.
    pub uses: String,
    /// The form's days.
    pub days: String,
    /// The message beside the role.
    pub role_error: Option<String>,
    /// The message beside the uses.
    pub uses_error: Option<String>,
    /// The message beside the days.
    pub days_error: Option<String>,
    /// The form's invitee, if the link is to be sent to someone.
    pub username: String,
    /// The message beside the invitee.
    pub username_error: Option<String>,
}

/// The invite form, as text so that a refused form comes back as typed.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct InviteForm {
    /// The role it grants.
    pub role: String,
    /// How many uses.
    pub uses: String,
    /// Days until it expires.
    pub expires_in_days: String,
    /// Who to send it to (an account here), or empty.
    pub username: String,
}

fn state_words(state: InviteState) -> &'static str {
    match state {
        InviteState::Open => "open",
        InviteState::UsedUp => "used up",
        InviteState::Expired => "expired",
        InviteState::Withdrawn => "withdrawn",
    }
}

/// The invite section for an umpire (`None` for players); a just-made link is taken from the
/// session and shown once.
pub async fn section(
    state: &AppState,
    access: &CampaignAccess,
    session: &Session,
    form: Option<&InviteForm>,
) -> Result<Option<InviteSection>, AppError> {
    section_of(state, access, session, form, false).await
}

/// The invite section; with `peek` (a live page fetching itself again) a just-made link is shown
/// but left in the session, so that the page the umpire's browser is about to load still shows
/// it: the live refresh that the new invite itself sets off may reach the server first.
pub async fn section_of(
    state: &AppState,
    access: &CampaignAccess,
    session: &Session,
    form: Option<&InviteForm>,
    peek: bool,
) -> Result<Option<InviteSection>, AppError> {
    if !access.umpire_powers() {
        return Ok(None);
    }
    let new_code: Option<String> = if peek {
        session.get(NEW_INVITE).await
    } else {
        session.remove(NEW_INVITE).await
    }
    .map_err(AppError::internal)?;
    let mut new_invite = None;
    let mut lines = Vec::new();
    let zone = access.user.zone();
    for invite in invites::list(state, access).await? {
        lines.push(InviteLine {
            code: invite.code.clone(),
            url: invite.url.clone(),
            role: invite.role,
            uses_left: invite
                .uses_left
                .map_or("unlimited".into(), |n| n.to_string()),
            expires: invite
                .expires_at
                .map_or("never".into(), |at| shown(at, &zone)),
            state: state_words(invite.state),
        });
        if new_code.as_deref() == Some(invite.code.as_str()) {
            new_invite = Some(invite);
        }
    }
    Ok(Some(InviteSection {
        new_invite,
        lines,
        role: form.map_or("soviet".into(), |f| f.role.clone()),
        solo: access.membership.campaign.solo,
        uses: form.map_or(DEFAULT_USES.to_string(), |f| f.uses.clone()),
        days: form.map_or(DEFAULT_DAYS.to_string(), |f| f.expires_in_days.clone()),
        role_error: None,
        uses_error: None,
        days_error: None,
        username: form.map_or(String::new(), |f| f.username.clone()),
        username_error: None,
    }))
}
