//! Demo accounts and a demo campaign, so a new server can be tried at once.

use crate::campaigns::api::{self as campaigns, NewCampaign};
use crate::core::domain::Role;
use crate::db;
use crate::games::Game;
use crate::games::wons::Wons;
use crate::state::AppState;
use crate::web::auth::{self, Password};

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "winter-1939";

/// The demo accounts: name and role in the demo campaign.
pub const DEMO_USERS: [(&str, Role); 3] = [
    ("umpire", Role::Umpire),
    ("soviet", Role::Soviet),
    ("finnish", Role::Finnish),
];

/// Creates the demo accounts and campaign unless they exist; returns how to log in.
pub async fn create(state: &AppState) -> anyhow::Result<String> {
    let mut ids = Vec::new();
    for (name, _) in DEMO_USERS {
        let user = match db::users::credentials(&state.db, name).await? {
            Some(c) => c.id,
            None => {
                let hash = auth::hash_password(
                    Password::parse(DEMO_PASSWORD).map_err(|e| anyhow::anyhow!("{e}"))?,
                )
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
                db::users::insert(&state.db, name, &hash).await?.id
            }
        };
        ids.push(user);
    }
    let umpire = ids[0];
    let existing = db::campaigns::for_user(&state.db, umpire).await?;
    let campaign = match existing.iter().find(|m| m.campaign.name == "Demo campaign") {
        Some(m) => m.campaign.id,
        None => {
            let form = NewCampaign {
                name: crate::core::text::Label::field("name", "Demo campaign".into())
                    .map_err(|e| anyhow::anyhow!("{e}"))?,
                game: <Wons as Game>::GAME.code().into(),
                scenario: None,
            };
            campaigns::create(state, umpire, &form)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?
        }
    };
    for ((_, role), id) in DEMO_USERS.iter().zip(&ids).skip(1) {
        db::campaigns::join(&state.db, campaign, *id, *role).await?;
    }
    Ok(format!(
        "Demo ready at {url}/campaigns/{campaign}\nSign in at {url}/signin as umpire, soviet or finnish, password '{DEMO_PASSWORD}'.",
        url = state.config.public_url
    ))
}
