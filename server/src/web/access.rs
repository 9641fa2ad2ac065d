//! Campaign access: the caller, the campaign named in the path and the caller's role in it.

use crate::core::command::{Command, Stale};
use crate::core::domain::{Game, Role};
use crate::core::error::AppError;
use crate::core::live::Seat;
use crate::db;
use crate::db::campaigns::Membership;
use crate::db::users::{Credential, User};
use crate::dice::live::{LiveDice, RolledRoll};
use crate::state::AppState;
use crate::web::auth::CurrentUser;
use axum::extract::{FromRequestParts, Path};
use axum::http::StatusCode;
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
                    let after = state.live.read_after(self.id());
                    let fresh = CampaignAccess::afresh(state, credential, self.id()).await?;
                    kept::keep(state, credential, &fresh, after, None);
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
    /// kept for the credential is taken when there is one. One read now is kept, for rolls and
    /// commands and for the page's live stream (a page's read, with its count of waiting
    /// campaigns, keeps the access only).
    async fn extract(parts: &mut Parts, state: &AppState, keep: bool) -> Result<Self, AppError> {
        let id = path_id(parts, state).await;
        // The usual case in one statement: the caller and the membership together.
        if let Some(id) = id
            && let Some(credential) = crate::web::auth::credential(parts).await?
        {
            if keep && let Some(access) = kept::find(state, &credential, id) {
                return Ok(access);
            }
            // A page counts the campaigns waiting for its reader in the same statement.
            let page = !keep && !parts.uri.path().starts_with("/api/");
            let after = (keep || page).then(|| state.live.read_after(id));
            if let Some(access) = CampaignAccess::lookup(state, &credential, id, page).await? {
                if let Some(after) = after {
                    let session = crate::web::auth::session_id(parts);
                    kept::keep(state, &credential, &access, after, session);
                }
                return Ok(access);
            }
        }
        // Otherwise ask again, to tell a missing sign-in (401) from a campaign the caller does
        // not take part in (404).
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        CampaignAccess::load(state, user, id.ok_or_else(AppError::not_found)?).await
    }

    /// The caller's access to the campaign named in the path for a live stream, with the
    /// stream's seat in the hub, which `join` takes for an access (refusing when the caller
    /// holds too many). An access this process kept is taken, costing no database connection,
    /// when nothing told since its read can have made it stale: the seat is taken first, so
    /// whatever is told from then on reaches the stream, and then the access must still be kept
    /// (an access note of its user forgets it) and its campaign's change mark unmoved since its
    /// read (see `core::live::Hub`). Otherwise it is read afresh, and kept.
    pub async fn seated(
        parts: &mut Parts,
        state: &AppState,
        join: impl Fn(&CampaignAccess) -> Result<Seat, AppError>,
    ) -> Result<(CampaignAccess, Seat), AppError> {
        let id = path_id(parts, state).await;
        let session = crate::web::auth::session_id(parts);
        if let Some(id) = id
            && let Some(credential) = kept::credential(parts, state, session).await?
        {
            if let Some(seated) = kept::seated(state, &credential, id, &join)? {
                return Ok(seated);
            }
            if let Some(seated) =
                CampaignAccess::seated_afresh(state, &credential, id, session, &join).await?
            {
                return Ok(seated);
            }
        }
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        let access = CampaignAccess::load(state, user, id.ok_or_else(AppError::not_found)?).await?;
        let seat = join(&access)?;
        Ok((access, seat))
    }

    /// The access `credential` gives to campaign `id`, read now and kept, with a seat `join`
    /// took for it; `None` when the credential gives none. A seat taken after the read hears
    /// only what is told after it: when something the read may have missed was told in between
    /// (an access note, a change of the campaign), the access is read again with the seat held.
    async fn seated_afresh(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
        session: Option<i128>,
        join: impl Fn(&CampaignAccess) -> Result<Seat, AppError>,
    ) -> Result<Option<(CampaignAccess, Seat)>, AppError> {
        let mut held: Option<Seat> = None;
        for _ in 0..4 {
            let after = state.live.read_after(id);
            let Some(access) = CampaignAccess::lookup(state, credential, id, false).await? else {
                return Ok(None);
            };
            kept::keep(state, credential, &access, after, session);
            // A seat taken before this read, for the same reader, heard whatever it missed.
            if let Some(seat) = held
                .take()
                .filter(|seat| seat.is_for(access.user.id, access.role()))
            {
                return Ok(Some((access, seat)));
            }
            let seat = join(&access)?;
            if state.live.told_nothing_since(id, after) {
                return Ok(Some((access, seat)));
            }
            held = Some(seat);
        }
        // The reader's role changed at every read: rare enough to answer as a busy moment.
        Err(AppError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "changing",
            "The campaign changed while its live updates opened; try again in a few seconds.",
        ))
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

/// The campaign named in the path (`{id}`), if it names one.
async fn path_id(parts: &mut Parts, state: &AppState) -> Option<Uuid> {
    Path::<HashMap<String, String>>::from_request_parts(parts, state)
        .await
        .ok()
        .and_then(|Path(params)| Uuid::parse_str(params.get("id")?).ok())
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
/// with the lock, and the roll's write checks the dice it assumed. (A live stream, which writes
/// nothing, takes a kept access only as [`CampaignAccess::seated`] says.)
pub struct KeptAccess(pub CampaignAccess);

impl FromRequestParts<AppState> for KeptAccess {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        CampaignAccess::extract(parts, state, true)
            .await
            .map(KeptAccess)
    }
}

/// The accesses this process keeps for rolls, commands and live streams
/// (`state::Caches::accesses`).
mod kept {
    use super::{AppError, AppState, CampaignAccess, Credential, Parts, RolledRoll, Seat, Uuid};
    use crate::core::kept::{HeldAccess, ReadAfter};

    /// `held`, kept for `credential`, as an access; `None` when its game is not one the server
    /// plays (read afresh, it is refused as such).
    fn access(
        state: &AppState,
        credential: &Credential,
        held: HeldAccess,
    ) -> Option<CampaignAccess> {
        Some(CampaignAccess {
            game: super::game_of(state, &held.membership, held.user.id).ok()?,
            user: held.user,
            membership: held.membership,
            credential: Some(credential.clone()),
            kept: true,
            waiting: None,
        })
    }

    /// The kept access of `credential` to campaign `id`, if kept recently.
    pub(super) fn find(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
    ) -> Option<CampaignAccess> {
        access(
            state,
            credential,
            state.caches.accesses.find(credential, id)?,
        )
    }

    /// The kept access of `credential` to campaign `id` for a live stream, with the seat
    /// `join` took for it before the access was trusted (see `CampaignAccess::seated`); `None`
    /// when none is kept, or what was told meanwhile may have made it stale.
    pub(super) fn seated(
        state: &AppState,
        credential: &Credential,
        id: Uuid,
        join: impl Fn(&CampaignAccess) -> Result<Seat, AppError>,
    ) -> Result<Option<(CampaignAccess, Seat)>, AppError> {
        let accesses = &state.caches.accesses;
        let Some(held) = accesses.find(credential, id) else {
            return Ok(None);
        };
        let after = held.after;
        let Some(found) = access(state, credential, held.clone()) else {
            return Ok(None);
        };
        let seat = join(&found)?;
        // From here the seat hears every note told: one told before left its mark, the access
        // forgotten or the campaign's mark moved.
        let fresh =
            accesses.holds(credential, id, &held) && state.live.unchanged_since(id, after.changes);
        Ok(fresh.then_some((found, seat)))
    }

    /// Keeps `access`, read for `credential` after what `after` says was told; with the session
    /// of cookie `session`, also the sign-in that session held (see `credential`).
    pub(super) fn keep(
        state: &AppState,
        credential: &Credential,
        access: &CampaignAccess,
        after: ReadAfter,
        session: Option<i128>,
    ) {
        let (user, membership) = (access.user.clone(), access.membership.clone());
        let accesses = &state.caches.accesses;
        if let (Credential::Session(login), Some(session)) = (credential, session) {
            accesses.keep_signin(session, *login, user.id, after);
        }
        accesses.keep(credential, user, membership, after);
    }

    /// The caller's credential for a live stream: the sign-in kept for the session of cookie
    /// `session` (see `core::kept::Accesses::signin`), which spares loading the session from
    /// the database, else the request's own. A bearer token always speaks for itself.
    pub(super) async fn credential(
        parts: &Parts,
        state: &AppState,
        session: Option<i128>,
    ) -> Result<Option<Credential>, AppError> {
        if !parts
            .headers
            .contains_key(axum::http::header::AUTHORIZATION)
            && let Some(login) = session.and_then(|s| state.caches.accesses.signin(s))
        {
            return Ok(Some(Credential::Session(login)));
        }
        crate::web::auth::credential(parts).await
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
