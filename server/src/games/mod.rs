//! Where the server meets each game module: whether play is available, and starting a game
//! when its campaign is created.

pub mod assisted;
pub mod talvisota;
pub mod wons;

use crate::campaigns::view::ModuleStatus;
use crate::core::domain::Game;
use crate::core::error::AppError;
use crate::dice::generic::generic_procedures;
use crate::dice::procedure::Procedure;
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

/// Whether the server runs play of `game`, with a sentence for people.
pub fn module_status(game: Game) -> ModuleStatus {
    let available = matches!(game, Game::Wons | Game::Talvisota);
    ModuleStatus {
        available,
        message: if available {
            format!("{} is played on this server.", game.title())
        } else {
            format!(
                "Play of {} is not available on this server yet. The campaign exists, takes participants and rolls dice in the dice tray.",
                game.title()
            )
        },
    }
}

/// The path segment of the game's page under `/campaigns/{id}/`, when the server runs its play.
pub fn page(game: Game) -> Option<&'static str> {
    match game {
        Game::Wons => Some("wons"),
        Game::Talvisota => Some("talvisota"),
        _ => None,
    }
}

/// Starts the game of a new campaign inside its creating transaction. `scenario` is what the
/// creator sent (a scenario pack, or replacement data), if anything.
pub async fn start(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    game: Game,
    scenario: Option<&serde_json::Value>,
) -> Result<(), AppError> {
    match (game, scenario) {
        (Game::Wons, scenario) => {
            let (state, events) = crate::games::wons::api::start(scenario)?;
            crate::db::game::save_state(tx, campaign, &state).await?;
            crate::db::game::append_events(tx, campaign, &events).await?;
            Ok(())
        }
        (Game::Talvisota, scenario) => {
            crate::games::talvisota::commands::start(tx, campaign, scenario).await
        }
        (_, None) => Ok(()),
        (game, Some(_)) => Err(AppError::invalid(
            "scenario_not_supported",
            format!(
                "{} does not take a scenario pack on this server yet; leave 'scenario' out.",
                game.title()
            ),
        )
        .on_field("scenario")),
    }
}

/// Resolves whatever waits on a passed orders deadline in campaign `id`.
pub async fn deadline_passed(
    state: &crate::state::AppState,
    id: Uuid,
    game: Game,
) -> Result<(), AppError> {
    match game {
        Game::Wons => crate::games::wons::api::deadline_passed(state, id).await,
        _ => crate::db::campaigns::set_deadline(&state.db, id, None)
            .await
            .map_err(AppError::from),
    }
}

/// Every process watches for passed deadlines; the campaign lock makes sure only one acts.
pub async fn watch_deadlines(state: crate::state::AppState) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(2));
    loop {
        tick.tick().await;
        let due = match crate::db::campaigns::past_deadlines(&state.db).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read orders deadlines");
                continue;
            }
        };
        for (id, game) in due {
            if let Err(e) = deadline_passed(&state, id, game).await {
                tracing::warn!(campaign = %id, error = %e, "orders deadline not handled");
            }
        }
    }
}

/// The dice procedures a campaign of `game` offers: the generic ones, then the game's own.
pub fn procedures(game: Game) -> Vec<&'static dyn Procedure> {
    let own: Vec<&'static dyn Procedure> = match game {
        Game::Wons => wons::rules::tables::procedures(),
        Game::Talvisota => talvisota::rules::procedures::procedures(),
        Game::RedWinter | Game::WinterWar | Game::AWinterWar => Vec::new(),
    };
    generic_procedures().into_iter().chain(own).collect()
}
