//! A caller's access to a campaign of one game: the one check that a campaign plays the game a
//! route is for.
//!
//! Every game's routes are under every campaign (`/campaigns/{id}/<segment>/…`); a campaign
//! answers only its own game's, and for another game's it answers 404, as for a campaign the
//! caller does not take part in. The campaign access is read first, so a caller who may not see
//! the campaign is refused as before, without learning its game.

use crate::core::domain;
use crate::core::error::AppError;
use crate::games::Game;
use crate::state::AppState;
use crate::web::{CampaignAccess, KeptAccess};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::marker::PhantomData;
use std::ops::Deref;

/// What `find` makes of the game of the caller's campaign; 404 when it makes nothing.
pub fn of_game<T>(
    access: &CampaignAccess,
    find: impl FnOnce(domain::Game) -> Option<T>,
) -> Result<T, AppError> {
    find(access.game()).ok_or_else(AppError::not_found)
}

/// 404 unless the caller's campaign plays `G`.
pub fn check<G: Game>(access: &CampaignAccess) -> Result<(), AppError> {
    of_game(access, |game| (game == G::GAME).then_some(()))
}

/// A participant's access to the campaign named in the path, which plays game `G`; 404 when it
/// plays another game (and, as for [`CampaignAccess`], for anyone who does not take part).
pub struct GameAccess<G: Game> {
    /// The caller's access to the campaign.
    pub access: CampaignAccess,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> GameAccess<G> {
    /// `access`, when its campaign plays `G`; 404 otherwise.
    pub fn new(access: CampaignAccess) -> Result<Self, AppError> {
        check::<G>(&access)?;
        Ok(GameAccess {
            access,
            game: PhantomData,
        })
    }
}

impl<G: Game> Clone for GameAccess<G> {
    fn clone(&self) -> Self {
        GameAccess {
            access: self.access.clone(),
            game: PhantomData,
        }
    }
}

impl<G: Game> Deref for GameAccess<G> {
    type Target = CampaignAccess;
    fn deref(&self) -> &CampaignAccess {
        &self.access
    }
}

impl<G: Game> FromRequestParts<AppState> for GameAccess<G> {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        GameAccess::new(CampaignAccess::from_request_parts(parts, state).await?)
    }
}

/// As [`GameAccess`], read through [`KeptAccess`] (for a roll or a command, whose write checks
/// the access again).
pub struct KeptGameAccess<G: Game>(pub GameAccess<G>);

impl<G: Game> FromRequestParts<AppState> for KeptGameAccess<G> {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let KeptAccess(access) = KeptAccess::from_request_parts(parts, state).await?;
        GameAccess::new(access).map(KeptGameAccess)
    }
}
