//! Where the server meets each game module: whether play is available, and starting a game
//! when its campaign is created.

use crate::domain::Game;
use crate::error::AppError;
use crate::views::campaign::ModuleStatus;
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

/// Whether the server runs play of `game`, with a sentence for people.
pub fn module_status(game: Game) -> ModuleStatus {
    let available = matches!(game, Game::Talvisota);
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

/// Starts the game of a new campaign inside its creating transaction. `scenario` is what the
/// creator sent (a scenario pack, or replacement data), if anything.
pub async fn start(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    game: Game,
    scenario: Option<&serde_json::Value>,
) -> Result<(), AppError> {
    match (game, scenario) {
        (Game::Talvisota, scenario) => crate::talvisota_game::start(tx, campaign, scenario).await,
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
