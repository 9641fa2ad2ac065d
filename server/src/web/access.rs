//! Campaign access: the caller, the campaign named in the path and the caller's role in it.

use crate::core::command::{Command, Stale};
use crate::core::domain::{Game, Role};
use crate::core::error::AppError;
use crate::db;
use crate::db::campaigns::Membership;
use crate::db::users::{Credential, User};
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
    /// The campaign's game, read from its stored code against the games the server plays.
    game: Game,
    /// The credential the request carried, when it carried one.
    credential: Option<Credential>,
    /// Whether this process kept the access from an earlier request (see [`KeptAccess`]).
    kept: bool,
    /// How many open campaigns wait for the caller, when read with the access (for a page's
    /// bar, see `Nav::with_waiting`).
    waiting: Option<i64>,
}

impl CampaignAccess {
    /// Loads the caller's membership of campaign `id`; 404 when there is none.
    pub async fn load(state: &AppState, user: User, id: Uuid) -> Result<CampaignAccess, AppError> {
        let membership = db::campaigns::membership(&state.db, id, user.id, false)
            .await?
            .ok_or_else(AppError::not_found)?;
        Ok(CampaignAccess {
            game: game_of(state, &membership, user.id)?,
            user,
            membership,
            credential: None,
            kept: false,
            waiting: None,
        })
    }

    /// The campaign's game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Opens a command on the campaign for the caller: the transaction, with the campaign locked.
    /// The lock checks again that the caller's credential is current and that they still hold
    /// their role, so that an access kept from an earlier request (see [`KeptAccess`]) acts
    /// only while it still holds; when it no longer does, it is forgotten and the caller is
    /// refused as a fresh look would refuse them.
    pub async fn command(&self, state: &AppState) -> Result<Command, AppError> {
        let Some(credential) = &self.credential else {
            return Command::begin(state, self.id(), self.user.id).await;
        };
        let opened =
            Command::begin_as(state, self.id(), credential, self.user.id, self.role()).await;
        match opened {
            Ok(Ok(command)) => Ok(command),
            Ok(Err(stale)) => {
                kept::forget(state, credential, self.id());
                Err(match stale {
                    Stale::NotCurrent => crate::web::auth::not_current(credential),
                    Stale::RoleChanged | Stale::DeadlineMoved => stale.into(),
                })
            }
            Err(e) => {
                // No longer a participant (404), or the database failed: read it afresh next time.
                kept::forget(state, credential, self.id());
                Err(e)
            }
        }
    }

    /// Rolls what `make` asks of the dice for the caller, on its own (see `core::roll`), and
    /// writes the rolls with `procedure`, if one ran. An access kept from an earlier request
    /// is read afresh when the write finds it no longer holds.
    pub async fn roll<T>(
        &self,
        state: &AppState,
        procedure: Option<&str>,
        mut make: impl FnMut(&mut LiveDice) -> Result<T, AppError>,
    ) -> Result<(T, Vec<RolledRoll>), AppError> {
        let Some(credential) = &self.credential else {
            let mut command = self.command(state).await?;
            let made = make(&mut command.dice)?;
            let rolls = command.commit(procedure).await?;
            return Ok((made, rolls));
        };
        let caller = |access: &CampaignAccess| db::dice::Caller {
            credential,
            user: access.user.id,
            role: access.role(),
        };
        let campaign = &self.membership.campaign;
        let done = if self.kept {
            match crate::core::roll::unlocked(state, campaign, &caller(self), procedure, &mut make)
                .await?
            {
                Some(done) => done,
                None => {
                    kept::forget(state, credential, self.id());
                    let fresh = CampaignAccess::afresh(state, credential, self.id()).await?;
                    kept::keep(state, credential, &fresh);
                    crate::core::roll::alone(
                        state,
                        &fresh.membership.campaign,
                        &caller(&fresh),
                        procedure,
                        make,
                    )
                    .await?
                }
            }
        } else {
            crate::core::roll::alone(state, campaign, &caller(self), procedure, make).await?
        };
        if let Some(last) = done.1.last() {
            kept::rolled(state, credential, self.id(), last);
        }
        Ok(done)
    }

    /// The access `credential` gives to campaign `id`, read now: 401 when the credential is no
    /// longer current, 404 when its user no longer takes part.
    async fn afresh(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
    ) -> Result<CampaignAccess, AppError> {
        match CampaignAccess::lookup(state, credential, id, false).await? {
            Some(access) => Ok(access),
            None if db::users::by_credential(&state.db, credential)
                .await?
                .is_none() =>
            {
                Err(crate::web::auth::not_current(credential))
            }
            None => Err(AppError::not_found()),
        }
    }

    /// In one statement, the user `credential` names and that user's membership of campaign
    /// `id`, if both are there, and with `waiting` how many campaigns wait for the user.
    async fn lookup(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
        waiting: bool,
    ) -> Result<Option<CampaignAccess>, AppError> {
        let found = db::campaigns::access(&state.db, credential, id, waiting).await?;
        found
            .map(|(user, membership, waiting)| {
                Ok(CampaignAccess {
                    game: game_of(state, &membership, user.id)?,
                    user,
                    membership,
                    credential: Some(credential.clone()),
                    kept: false,
                    waiting,
                })
            })
            .transpose()
    }

    /// The caller's access to the campaign named in the path; with `keep`, one this process
    /// kept for the credential is taken when there is one, and one read now is kept.
    async fn extract(parts: &mut Parts, state: &AppState, keep: bool) -> Result<Self, AppError> {
        let id = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .ok()
            .and_then(|Path(params)| Uuid::parse_str(params.get("id")?).ok());
        // The usual case in one statement: the caller and the membership together.
        if let Some(id) = id
            && let Some(credential) = crate::web::auth::credential(parts).await?
        {
            if keep && let Some(access) = kept::find(state, &credential, id) {
                return Ok(access);
            }
            // A page counts the campaigns waiting for its reader in the same statement.
            let page = !keep && !parts.uri.path().starts_with("/api/");
            if let Some(access) = CampaignAccess::lookup(state, &credential, id, page).await? {
                if keep {
                    kept::keep(state, &credential, &access);
                }
                return Ok(access);
            }
        }
        // Otherwise ask again, to tell a missing sign-in (401) from a campaign the caller does
        // not take part in (404).
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        CampaignAccess::load(state, user, id.ok_or_else(AppError::not_found)?).await
    }

    /// The campaign's id.
    pub fn id(&self) -> Uuid {
        self.membership.campaign.id
    }

    /// The credential the request carried, when it carried one.
    pub fn credential(&self) -> Option<&Credential> {
        self.credential.as_ref()
    }

    /// How many open campaigns wait for the caller, if it was read with the access.
    pub fn waiting(&self) -> Option<i64> {
        self.waiting
    }

    /// The caller's role.
    pub fn role(&self) -> Role {
        self.membership.role
    }

    /// Whether the caller holds the umpire's powers (see `Membership::umpire_powers`).
    pub fn umpire_powers(&self) -> bool {
        self.membership.umpire_powers()
    }

    /// 403 unless the caller holds the umpire's powers; `what` completes "Only the umpire may …".
    pub fn require_umpire(&self, what: &str) -> Result<(), AppError> {
        if self.umpire_powers() {
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

/// The game of the campaign of `membership`, the participation of `user`, as the server plays
/// it; an internal error (whose log names the row) when its stored code names no game the server
/// plays.
pub fn game_of(state: &AppState, membership: &Membership, user: Uuid) -> Result<Game, AppError> {
    state
        .games
        .of_membership(membership, user)
        .map_err(AppError::internal)
}

impl FromRequestParts<AppState> for CampaignAccess {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        CampaignAccess::extract(parts, state, false).await
    }
}

/// A campaign access this process keeps for a few seconds per credential and campaign, for a
/// request whose write checks it again: a roll on its own (the dice tray's rolls and
/// procedures), whose write checks that the credential is current and that its user still takes
/// part with the same role, reading the access afresh when it finds otherwise or the dice moved
/// (see [`CampaignAccess::roll`]); and a game command, whose lock checks the same (see
/// [`CampaignAccess::command`]). So a roll costs only its write, and a player's stream of orders
/// no lookup per order. What else the handler reads of the kept campaign row before that check
/// must not change while a campaign lasts (its id and game): the command reads the row afresh
/// with the lock, and the roll's write checks the dice it assumed.
pub struct KeptAccess(pub CampaignAccess);

impl FromRequestParts<AppState> for KeptAccess {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        CampaignAccess::extract(parts, state, true)
            .await
            .map(KeptAccess)
    }
}

/// The accesses this process keeps for rolls and commands (`state::Caches::accesses`).
mod kept {
    use super::{AppState, CampaignAccess, Credential, RolledRoll, Uuid};

    /// The kept access of `credential` to campaign `id`, if kept recently.
    pub(super) fn find(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
    ) -> Option<CampaignAccess> {
        let (user, membership) = state.caches.accesses.find(credential, id)?;
        Some(CampaignAccess {
            game: super::game_of(state, &membership, user.id).ok()?,
            user,
            membership,
            credential: Some(credential.clone()),
            kept: true,
            waiting: None,
        })
    }

    /// Keeps `access`, just read, for `credential`.
    pub(super) fn keep(state: &AppState, credential: &Credential, access: &CampaignAccess) {
        let (user, membership) = (access.user.clone(), access.membership.clone());
        state.caches.accesses.keep(credential, user, membership);
    }

    /// The kept access's campaign row moves past `last`, the roll just written.
    pub(super) fn rolled(state: &AppState, credential: &Credential, id: Uuid, last: &RolledRoll) {
        state.caches.accesses.update(credential, id, |membership| {
            let campaign = &mut membership.campaign;
            campaign.next_roll = last.k as i64 + 1;
            campaign.chain_head = last.chain.to_vec();
        });
    }

    /// Forgets the kept access of `credential` to campaign `id`.
    pub(super) fn forget(state: &AppState, credential: &Credential, id: Uuid) {
        state.caches.accesses.forget(credential, id);
    }
}
