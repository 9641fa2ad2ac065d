//! Talvisota joined to the server: its scenario, its log entries and its `impl Game`.

use super::rules::events::Audience as RulesAudience;
use super::rules::{
    self, CounterSet, DataError, GameMap, GameOptions, Phase, TalvisotaError, TalvisotaEvent,
    TalvisotaState, advance_phase, new_game,
};
use super::views::{self, FinnishView, SovietView, TalvisotaView, UmpireView};
use super::{api, pages};
use crate::core::domain::{self, Role, Side};
use crate::core::error::{AppError, sentence};
use crate::db::game::{Audience, NewEvent};
use crate::dice::procedure::Procedure;
use crate::dice::source::Dice;
use crate::games::assisted::pack::error::{PackError, PackErrors};
use crate::games::assisted::play::pack_library::{self, PackReader, Unread};
use crate::games::{Awaited, Game, Turn};
use crate::state::AppState;
use axum::Router;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

/// What an umpire may send as `scenario` when creating a Talvisota campaign.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TalvisotaScenario {
    /// A replacement map, as the text of a TOML file in the format of
    /// `scenarios/talvisota/map.toml`.
    pub map: Option<String>,
    /// A replacement counter set, as the text of a TOML file in the format of
    /// `scenarios/talvisota/counters.toml`. A creator may send `pack` instead, the id of a
    /// counter set in the pack library that is theirs or published: the server puts its text
    /// here, the campaign's own copy.
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

/// Reads what a campaign's creator sent as the Talvisota scenario (422 when it does not fit).
pub fn scenario(sent: &serde_json::Value) -> Result<TalvisotaScenario, AppError> {
    serde_json::from_value(sent.clone()).map_err(|e| {
        AppError::invalid(
            "invalid_scenario",
            sentence(format!(
                "The Talvisota scenario does not fit: {e}; send {{\"map\"?, \"counters\"? or \"pack\"?, \"solo\"?, \"easy_recovery\"?, \"ignore_space_morale\"?}}"
            )),
        )
        .on_field("scenario")
    })
}

/// Starts a Talvisota game: the default map and counters, or the replacements in `scenario`,
/// checked with errors naming the line (422).
pub fn start(
    scenario: TalvisotaScenario,
) -> Result<(TalvisotaState, Vec<TalvisotaEvent>), AppError> {
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
    Ok(new_game(map, counters, options))
}

/// A rules event as an entry of the campaign's log: its audience, kind, moment, a sentence, and
/// the event itself as the payload.
pub fn log_entry(e: &TalvisotaEvent, game: &TalvisotaState) -> NewEvent {
    NewEvent {
        audience: match e.audience {
            RulesAudience::Everyone => Audience::Public,
            RulesAudience::Side(Side::Soviet) => Audience::Soviet,
            RulesAudience::Side(Side::Finnish) => Audience::Finnish,
            RulesAudience::Umpire => Audience::Umpire,
        },
        kind: views::log::kind_code(e),
        moment: views::log::moment(e),
        sentence: views::log::sentence(e, game),
        payload: serde_json::to_value(e).unwrap_or(serde_json::Value::Null),
    }
}

/// The library's reader of Talvisota packs. A Talvisota pack is a counter set (the format of
/// `scenarios/talvisota/counters.toml`): what groups differ on, since the shipped values are an
/// approximation of the printed counters. A replacement map stays a text sent with the
/// scenario as before.
struct CounterSets;

impl PackReader for CounterSets {
    fn game(&self) -> domain::Game {
        <Talvisota as Game>::GAME
    }
    fn noun(&self) -> &'static str {
        "counter set"
    }
    fn names_its_game(&self) -> bool {
        false
    }
    fn example(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "Start from Talvisota's default counter set",
            "/static/talvisota-counters.toml",
        ))
    }
    fn read(&self, text: &str) -> Result<String, Unread> {
        let set = CounterSet::from_toml(text).map_err(|e| {
            Unread::Errors(PackErrors(vec![PackError {
                line: e.line,
                key: key_on_line(text, e.line),
                message: e.message,
            }]))
        })?;
        Ok(pack_library::title(&set.title))
    }
    /// The counter set's text goes in as `counters`, beside the options sent.
    fn with_text(
        &self,
        mut sent: serde_json::Map<String, serde_json::Value>,
        text: String,
    ) -> Result<serde_json::Value, AppError> {
        if sent.contains_key("counters") {
            return Err(AppError::invalid(
                "invalid_scenario",
                "Send either 'pack' (a counter set of the library) or 'counters' (its text), not both.",
            )
            .on_field("scenario"));
        }
        sent.remove("pack");
        sent.insert("counters".into(), text.into());
        Ok(serde_json::Value::Object(sent))
    }
}

/// The key written on `line` of a data file (`strength` of `strength = "x"`, `unit` of
/// `[[unit]]`), which a counter set's problems are named by beside their line.
fn key_on_line(text: &str, line: usize) -> String {
    let Some(written) = line.checked_sub(1).and_then(|i| text.lines().nth(i)) else {
        return String::new();
    };
    match written.split_once('=') {
        Some((key, _)) => key.trim().to_owned(),
        None => written.trim().trim_matches(['[', ']']).trim().to_owned(),
    }
}

/// Talvisota 1939-1940.
pub struct Talvisota;

impl Game for Talvisota {
    const GAME: domain::Game = domain::Game::new("talvisota", "Talvisota 1939-1940");
    const SEGMENT: &'static str = "talvisota";
    type Scenario = TalvisotaScenario;
    type State = TalvisotaState;
    type Event = TalvisotaEvent;
    type Refusal = TalvisotaError;
    type SovietView = SovietView;
    type FinnishView = FinnishView;
    type UmpireView = UmpireView;
    type View = TalvisotaView;

    fn scenario(sent: &serde_json::Value) -> Result<TalvisotaScenario, AppError> {
        scenario(sent)
    }
    fn start(
        scenario: Option<TalvisotaScenario>,
    ) -> Result<(TalvisotaState, Vec<TalvisotaEvent>), AppError> {
        start(scenario.unwrap_or_default())
    }
    fn soviet_view(state: &TalvisotaState) -> SovietView {
        views::soviet_view(state)
    }
    fn finnish_view(state: &TalvisotaState) -> FinnishView {
        views::finnish_view(state)
    }
    fn umpire_view(state: &TalvisotaState) -> UmpireView {
        views::umpire_view(state)
    }
    fn view(state: &TalvisotaState, role: Role) -> TalvisotaView {
        views::view_for(state, role)
    }
    /// A decisive victory or the last turn ends the game, and the campaign with it: the dice
    /// are revealed for everyone to verify.
    fn over(state: &TalvisotaState) -> bool {
        state.outcome.is_some()
    }
    fn board(state: &TalvisotaState, role: Role) -> Option<String> {
        Some(views::map::map_svg(&views::board_view(state, role.side())))
    }
    fn log_entry(state: &TalvisotaState, event: &TalvisotaEvent) -> NewEvent {
        log_entry(event, state)
    }
    fn turn(state: &TalvisotaState) -> Turn {
        Turn {
            label: TalvisotaState::turn_label(state.turn).to_owned(),
            phase: Some(state.phase.name().to_owned()),
        }
    }
    fn solo(state: &TalvisotaState) -> bool {
        state.options.solo
    }
    /// In solo play the Soviet player (or the umpire) asks for the server's Finnish move.
    fn awaited(state: &TalvisotaState) -> Vec<Awaited> {
        let what = rules::awaited_for(state);
        if rules::absent::servers_move(state) {
            return vec![
                Awaited::new(Role::Soviet, what),
                Awaited::new(Role::Umpire, what),
            ];
        }
        rules::awaiting(state)
            .map(|role| Awaited::new(role, what))
            .into_iter()
            .collect()
    }
    /// The end of a turn runs by itself: no player decides anything there.
    fn settle(
        state: &mut TalvisotaState,
        dice: &mut dyn Dice,
    ) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
        if state.phase == Phase::EndOfTurn {
            advance_phase(state, dice)
        } else {
            Ok(Vec::new())
        }
    }
    /// A passed deadline plays the default of whoever the game waits for: a pass, or the
    /// server's own move for the solo Finns; the umpire's steps simply run.
    fn deadline_passed(
        state: &mut TalvisotaState,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<TalvisotaEvent>, TalvisotaError>> {
        rules::awaiting(state)?;
        Some(rules::absent::on_deadline(state, dice))
    }
    fn deadline_default(state: &TalvisotaState) -> String {
        rules::absent::deadline_words(state).to_owned()
    }
    fn play_default(
        state: &mut TalvisotaState,
        side: Side,
        dice: &mut dyn Dice,
    ) -> Option<Result<Vec<TalvisotaEvent>, AppError>> {
        Some(rules::absent::play_default(state, side, dice).map_err(AppError::from))
    }
    fn procedures() -> Vec<&'static dyn Procedure> {
        rules::procedures::procedures()
    }
    fn readings() -> &'static [&'static str] {
        rules::INTERPRETATIONS
    }
    fn api() -> OpenApiRouter<AppState> {
        api::api_router()
    }
    fn pages() -> Router<AppState> {
        pages::router()
    }
    fn pack_reader() -> Option<&'static dyn PackReader> {
        Some(&CounterSets)
    }
    fn options_form(typed: &crate::web::form::Fields) -> Option<String> {
        super::form::options_form(typed)
    }
    fn scenario_from_fields(
        pack: &str,
        text: &str,
        typed: &crate::web::form::Fields,
    ) -> Option<Result<serde_json::Value, AppError>> {
        Some(super::form::scenario_from_fields(pack, text, typed))
    }
    fn page_routes() -> &'static [(&'static str, &'static str)] {
        &[
            ("GET", "/campaigns/{id}/talvisota"),
            ("POST", "/campaigns/{id}/talvisota/organisation"),
            ("POST", "/campaigns/{id}/talvisota/soviet-sheet"),
            ("POST", "/campaigns/{id}/talvisota/finnish-sheet"),
            ("POST", "/campaigns/{id}/talvisota/combats"),
            ("POST", "/campaigns/{id}/talvisota/harassment"),
            ("POST", "/campaigns/{id}/talvisota/advance"),
            ("POST", "/campaigns/{id}/talvisota/solo"),
            ("POST", "/campaigns/{id}/talvisota/corrections"),
            ("GET", "/talvisota/rules"),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_sets_problem_is_named_by_the_key_on_its_line() {
        let text = "title = \"x\"\n\n[[unit]]\nstrength = \"three\"\n";
        assert_eq!(key_on_line(text, 4), "strength");
        assert_eq!(key_on_line(text, 3), "unit");
        assert_eq!(key_on_line(text, 0), "");
        assert_eq!(key_on_line(text, 99), "");
    }
}
