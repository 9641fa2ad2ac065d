//! Where a Talvisota game meets the database: starting it, reading it, and running one command.
//!
//! API handlers and pages both go through [`run`], so a command is checked, rolled, stored and
//! announced the same way whichever door it came in by. A refused command changes nothing: the
//! transaction is dropped before anything is written.

use crate::core::command::Command;
use crate::core::domain::{Role, Side};
use crate::core::error::{AppError, sentence};
use crate::db;
use crate::db::game::{Audience as StoredAudience, NewEvent};
use crate::games::talvisota::rules::events::Audience;
use crate::games::talvisota::rules::{
    CounterSet, DataError, GameMap, GameOptions, Phase, TalvisotaError, TalvisotaEvent,
    TalvisotaState, advance_phase, new_game,
};
use crate::games::talvisota::views::log as talvisota_log;
use crate::games::talvisota::views::{TalvisotaView, view_for};
use crate::state::AppState;
use crate::web::CampaignAccess;
use serde::Deserialize;
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

/// What an umpire may send as `scenario` when creating a Talvisota campaign.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TalvisotaScenario {
    /// A replacement map, as the text of a TOML file in the format of
    /// `scenarios/talvisota/map.toml`.
    pub map: Option<String>,
    /// A replacement counter set, as the text of a TOML file in the format of
    /// `scenarios/talvisota/counters.toml`.
    pub counters: Option<String>,
    /// The server plays the Finns (rule 9).
    pub solo: bool,
    /// Rule 4.5.4 note 2: cheaper recovery.
    pub easy_recovery: bool,
    /// Ignore space and defence-line values in morale (the harder game).
    pub ignore_space_morale: bool,
}

fn data_error(file: &str, e: DataError) -> AppError {
    let place = if e.line == 0 {
        format!("The replacement {file}")
    } else {
        format!("The replacement {file}, line {}", e.line)
    };
    AppError::invalid(
        "invalid_scenario",
        sentence(format!("{place}: {}", e.message)),
    )
    .on_field("scenario")
}

/// Starts a Talvisota game inside the campaign's creating transaction: the default map and
/// counters, or the replacements in `scenario`, checked with errors naming the line (422).
pub async fn start(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    scenario: Option<&serde_json::Value>,
) -> Result<(), AppError> {
    let scenario: TalvisotaScenario = match scenario {
        Some(value) => serde_json::from_value(value.clone()).map_err(|e| {
            AppError::invalid(
                "invalid_scenario",
                sentence(format!(
                    "The Talvisota scenario does not fit: {e}; send {{\"map\"?, \"counters\"?, \"solo\"?, \"easy_recovery\"?, \"ignore_space_morale\"?}}"
                )),
            )
            .on_field("scenario")
        })?,
        None => TalvisotaScenario::default(),
    };
    let map = match &scenario.map {
        Some(text) => GameMap::from_toml(text).map_err(|e| data_error("map", e))?,
        None => GameMap::default_map().map_err(AppError::internal)?,
    };
    let counters = match &scenario.counters {
        Some(text) => CounterSet::from_toml(text).map_err(|e| data_error("counter set", e))?,
        None => CounterSet::default_set().map_err(AppError::internal)?,
    };
    let options = GameOptions {
        solo: scenario.solo,
        easy_recovery: scenario.easy_recovery,
        ignore_space_morale: scenario.ignore_space_morale,
    };
    let (state, events) = new_game(map, counters, options);
    db::game::save_state(tx, campaign, &state).await?;
    db::game::append_events(tx, campaign, &new_events(&events, &state.map)).await?;
    Ok(())
}

/// The rules' events as rows of the campaign's log, each with its audience and a sentence.
pub fn new_events(events: &[TalvisotaEvent], map: &GameMap) -> Vec<NewEvent> {
    events
        .iter()
        .map(|e| NewEvent {
            audience: match e.audience {
                Audience::Everyone => StoredAudience::Public,
                Audience::Side(Side::Soviet) => StoredAudience::Soviet,
                Audience::Side(Side::Finnish) => StoredAudience::Finnish,
                Audience::Umpire => StoredAudience::Umpire,
            },
            kind: talvisota_log::kind_code(e),
            moment: talvisota_log::moment(e),
            sentence: talvisota_log::sentence(e, map),
            payload: serde_json::to_value(e).unwrap_or(serde_json::Value::Null),
        })
        .collect()
}

/// A refusal by the rules as an answer: 409 for the wrong moment, 422 for anything against the
/// rules, each with the rules' sentence (which names the rule).
pub fn rules_error(e: TalvisotaError) -> AppError {
    let message = sentence(&e);
    match e {
        TalvisotaError::WrongPhase { .. } => AppError::conflict("wrong_phase", message),
        TalvisotaError::GameOver => AppError::conflict("game_over", message),
        TalvisotaError::NotYourTurn(_) => AppError::conflict("not_your_turn", message),
        TalvisotaError::CombatsPending(_) => AppError::conflict("combats_pending", message),
        TalvisotaError::Mode(_) => AppError::conflict("wrong_mode", message),
        TalvisotaError::UnknownPiece { .. } => AppError::invalid("unknown_piece", message),
        TalvisotaError::UnknownSpace(_) => AppError::invalid("unknown_space", message),
        TalvisotaError::UsedTwice(_) => AppError::invalid("used_twice", message),
        TalvisotaError::Unavailable { .. } => AppError::invalid("unavailable", message),
        TalvisotaError::StrategyLimit { .. } => AppError::invalid("strategy_limit", message),
        TalvisotaError::IllegalMove { .. } => AppError::invalid("illegal_move", message),
        TalvisotaError::NoSuchCombat(_) => AppError::invalid("no_such_combat", message),
        TalvisotaError::MoraleTooLow { .. } => AppError::invalid("morale_too_low", message),
    }
}

fn not_talvisota() -> AppError {
    AppError::not_found()
}

/// The campaign's game, read outside a command; 404 when the campaign is not a Talvisota game.
pub async fn read(state: &AppState, access: &CampaignAccess) -> Result<TalvisotaState, AppError> {
    if access.membership.campaign.game() != crate::core::domain::Game::Talvisota {
        return Err(not_talvisota());
    }
    let value = db::game::read_state(&state.db, access.id())
        .await?
        .ok_or_else(not_talvisota)?;
    serde_json::from_value(value).map_err(AppError::internal)
}

/// Refuses a caller whose role is not among `allowed` (403), naming who may.
pub fn require_role(access: &CampaignAccess, allowed: &[Role], what: &str) -> Result<(), AppError> {
    if allowed.contains(&access.role()) {
        return Ok(());
    }
    let who: Vec<&str> = allowed
        .iter()
        .map(|r| match r {
            Role::Soviet => "the Soviet player",
            Role::Finnish => "the Finnish player",
            Role::Umpire => "the umpire",
        })
        .collect();
    Err(AppError::forbidden(format!(
        "Only {} may {what}.",
        who.join(" or ")
    )))
}

/// Runs one command: locks the campaign, applies `step` with the server's dice, then lets the
/// game run its automatic end of turn (no player decides anything there), stores the state and
/// the events, commits, and answers with the caller's new view.
pub async fn run(
    state: &AppState,
    access: &CampaignAccess,
    step: impl FnOnce(
        &mut TalvisotaState,
        &mut dyn crate::dice::source::Dice,
    ) -> Result<Vec<TalvisotaEvent>, TalvisotaError>,
) -> Result<TalvisotaView, AppError> {
    if access.membership.campaign.game() != crate::core::domain::Game::Talvisota {
        return Err(not_talvisota());
    }
    let mut command = Command::begin(state, access).await?;
    let mut game: TalvisotaState = command.load_state().await?.ok_or_else(not_talvisota)?;
    let mut events = step(&mut game, &mut command.dice).map_err(rules_error)?;
    if game.phase == Phase::EndOfTurn {
        events.extend(advance_phase(&mut game, &mut command.dice).map_err(rules_error)?);
    }
    let role = command.role;
    command
        .finish(&game, &new_events(&events, &game.map))
        .await?;
    Ok(view_for(&game, role))
}
