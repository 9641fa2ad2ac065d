//! Campaign access: the caller, the campaign named in the path and the caller's role in it.

use crate::core::command::Command;
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::db::campaigns::Membership;
use crate::db::users::User;
use crate::dice::live::{LiveDice, RolledRoll};
use crate::state::AppState;
use crate::web::auth::CurrentUser;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use std::collections::HashMap;
use uuid::Uuid;

/// A signed-in participant's access to the campaign named in the path (`{id}`); 404 for anyone else.
#[derive(Clone, Debug)]
pub struct CampaignAccess {
    /// The caller.
    pub user: User,
    /// The campaign and the caller's role in it.
    pub membership: Membership,
}

impl CampaignAccess {
    /// Loads the caller's membership of campaign `id`; 404 when there is none.
    pub async fn load(state: &AppState, user: User, id: Uuid) -> Result<CampaignAccess, AppError> {
        let membership = db::campaigns::membership(&state.db, id, user.id, false)
            .await?
            .ok_or_else(AppError::not_found)?;
        Ok(CampaignAccess { user, membership })
    }

    /// Opens a command on the campaign for the caller: the transaction, with the campaign locked.
    pub async fn command(&self, state: &AppState) -> Result<Command, AppError> {
        Command::begin(state, self.id(), self.user.id).await
    }

    /// Rolls what `make` asks of the dice for the caller, on its own (see `core::roll`), and
    /// writes the rolls with `procedure`, if one ran.
    pub async fn roll<T>(
        &self,
        state: &AppState,
        procedure: Option<&str>,
        make: impl FnMut(&mut LiveDice) -> Result<T, AppError>,
    ) -> Result<(T, Vec<RolledRoll>), AppError> {
        crate::core::roll::alone(
            state,
            &self.membership.campaign,
            self.role(),
            self.user.id,
            procedure,
            make,
        )
        .await
    }

    /// The campaign's id.
    pub fn id(&self) -> Uuid {
        self.membership.campaign.id
    }

    /// The caller's role.
    pub fn role(&self) -> Role {
        self.membership.role
    }

    /// 403 unless the caller is an umpire; `what` completes "Only the umpire may …".
    pub fn require_umpire(&self, what: &str) -> Result<(), AppError> {
        if self.role() == Role::Umpire {
            Ok(())
        } else {
            Err(AppError::forbidden(format!("Only the umpire may {what}.")))
        }
    }

    /// 409 when the campaign has finished.
    pub fn require_open(&self) -> Result<(), AppError> {
        if self.membership.campaign.is_finished() {
            Err(AppError::conflict(
                "finished",
                "This campaign has finished; nothing more can be done in it.",
            ))
        } else {
            Ok(())
        }
    }
}

impl FromRequestParts<AppState> for CampaignAccess {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let id = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .ok()
            .and_then(|Path(params)| Uuid::parse_str(params.get("id")?).ok());
        // The usual case in one statement: the caller and the membership together.
        if let Some(id) = id
            && let Some(credential) = crate::web::auth::credential(parts).await?
            && let Some((user, membership)) =
                db::campaigns::access(&state.db, &credential, id).await?
        {
            return Ok(CampaignAccess { user, membership });
        }
        // Otherwise ask again, to tell a missing sign-in (401) from a campaign the caller does
        // not take part in (404).
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        CampaignAccess::load(state, user, id.ok_or_else(AppError::not_found)?).await
    }
}
