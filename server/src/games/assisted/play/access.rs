//! A caller's access to an assisted campaign's table: the campaign access and the `Play` of the
//! campaign's game, checked as every game's routes are (`games::access`).

use crate::core::error::AppError;
use crate::games::access::of_game;
use crate::games::assisted::play::Play;
use crate::state::AppState;
use crate::web::CampaignAccess;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::ops::Deref;

/// A participant's access to the campaign named in the path, which plays an assisted game, with
/// that game's `Play`; 404 when it plays another game (and, as for [`CampaignAccess`], for
/// anyone who does not take part).
#[derive(Clone)]
pub struct TableAccess {
    /// The caller's access to the campaign.
    pub access: CampaignAccess,
    /// The assisted game the campaign plays.
    pub play: &'static dyn Play,
}

impl TableAccess {
    /// `access`, when its campaign plays an assisted game; 404 otherwise.
    pub fn new(state: &AppState, access: CampaignAccess) -> Result<Self, AppError> {
        let play = of_game(&access, |game| crate::games::registry::play(state, game))?;
        Ok(TableAccess { access, play })
    }
}

impl Deref for TableAccess {
    type Target = CampaignAccess;
    fn deref(&self) -> &CampaignAccess {
        &self.access
    }
}

impl FromRequestParts<AppState> for TableAccess {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        TableAccess::new(
            state,
            CampaignAccess::from_request_parts(parts, state).await?,
        )
    }
}
