//! The Talvisota turn log for people: one sentence per event, written from what the event holds.

use crate::games::talvisota::rules::correction::Correction;
use crate::games::talvisota::rules::events::{EventKind, TalvisotaEvent};
use crate::games::talvisota::rules::harassment::{HarassmentReport, HarassmentResult};
use crate::games::talvisota::rules::map::GameMap;
use crate::games::talvisota::rules::potential::RoundReport;
use crate::games::talvisota::rules::sheet::{FinnishAllocation, SovietAllocation};
use crate::games::talvisota::rules::state::{GameOutcome, TalvisotaState, UnitLocation};

/// A space's printed name, or its id when the map does not know it.
pub fn space_name(map: &GameMap, id: &str) -> String {
    map.space(id)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// How a game ended, in a sentence.
pub fn outcome_sentence(outcome: &GameOutcome) -> String {
    match outcome {
        GameOutcome::Victory { winner, reason } => {
            format!("{} victory: {reason}.", winner.adjective())
        }
        GameOutcome::Draw => "The game ends in a draw.".into(),
    }
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "nothing".into()
    } else {
        ids.join(", ")
    }
}

/// A value's JSON name, e.g. `soviet_artillery`.
pub fn snake<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A piece's name for people: its kind's name with the counter's number ("Fusilier division
/// 3", "Snow 2"), never its id.
pub fn piece_name(id: &str, kind: &str) -> String {
    let mut name = kind.to_owned();
    if let Some(first) = name.get(..1) {
        name = format!("{}{}", first.to_uppercase(), &name[1..]);
    }
    match id.rsplit('-').next().filter(|n| n.parse::<u32>().is_ok()) {
        Some(n) => format!("{name} {n}"),
        None => name,
    }
}

/// A piece's name for people ("Fusilier division 3", "Snow 2"), found from its id in the game.
pub fn piece(game: &TalvisotaState, id: &str) -> String {
    let kind = |kind: String| piece_name(id, &kind.replace('_', " "));
    if let Some(u) = game.units.iter().find(|u| u.id == id) {
        return match game.counters.unit_type(u.kind) {
            Some(t) => piece_name(id, &t.name),
            None => kind(u.kind.code().to_uppercase()),
        };
    }
    let markers = (game.supports.iter().map(|m| (&m.id, snake(&m.kind))))
        .chain(game.environment.iter().map(|m| (&m.id, snake(&m.kind))))
        .chain(game.entrenchments.iter().map(|m| (&m.id, snake(&m.kind))));
    for (marker, name) in markers {
        if marker == id {
            return kind(name);
        }
    }
    id.to_owned()
}

/// What a correction set, in words: "Finnish morale" or a piece's name.
fn corrected_what(game: &TalvisotaState, c: &Correction) -> String {
    match c {
        Correction::Morale { side, .. } => format!("{} morale", side.adjective()),
        Correction::Unit { unit, .. } => piece(game, unit),
    }
}

/// The value a correction names, in words.
fn corrected_value(game: &TalvisotaState, c: &Correction) -> String {
    match c {
        Correction::Morale { value, .. } => value.to_string(),
        Correction::Unit { location, .. } => match location {
            UnitLocation::Space(s) => space_name(&game.map, s),
            UnitLocation::Losses(_) => "the Losses box".into(),
            UnitLocation::Reinforcements(_) => "the Reinforcements box".into(),
            UnitLocation::Sheet => "a command sheet".into(),
            UnitLocation::NotArrived => "not arrived".into(),
        },
    }
}

/// Pieces named for people, joined.
fn pieces(game: &TalvisotaState, ids: &[String]) -> String {
    let names: Vec<String> = ids.iter().map(|id| piece(game, id)).collect();
    list(&names)
}

/// The game-time label of an event (its turn's calendar name).
pub fn moment(event: &TalvisotaEvent) -> String {
    TalvisotaState::turn_label(event.turn).to_string()
}

/// The machine-readable kind of an event, as its JSON tag names it.
pub fn kind_code(event: &TalvisotaEvent) -> String {
    serde_json::to_value(&event.kind)
        .ok()
        .and_then(|v| v.get("event").and_then(|e| e.as_str()).map(str::to_owned))
        .unwrap_or_else(|| "event".into())
}

/// A combat revealed: the Soviet strategy and units against the Finnish answer, if any.
fn revealed_sentence(
    soviet: &SovietAllocation,
    finnish: Option<&FinnishAllocation>,
    game: &TalvisotaState,
) -> String {
    let name = |id: &str| space_name(&game.map, id);
    let list = |ids: &[String]| pieces(game, ids);
    format!(
        "Combat revealed at {}: {} with {} against {}.",
        soviet.targets.first().map(|s| name(s)).unwrap_or_default(),
        soviet.strategy.code(),
        list(&soviet.units),
        match finnish {
            Some(f) => format!("{} with {}", f.strategy.code(), list(&f.units)),
            None => "no Finnish strategy".into(),
        }
    )
}

/// One combat round: the forces, the roll on the combat table and the losses.
fn round_sentence(r: &RoundReport, game: &TalvisotaState) -> String {
    let name = |id: &str| space_name(&game.map, id);
    let list = |ids: &[String]| pieces(game, ids);
    format!(
        "{}, round {}: Soviet {} against Finnish {}; the {} side rolls a {} on the +{} column (row {}); Soviet losses: {}; Finnish losses: {}{}.",
        name(&r.space),
        r.round,
        r.soviet.effective,
        r.finnish.effective,
        r.roller.adjective(),
        r.reading.die,
        r.reading.column,
        r.reading.row,
        list(&r.soviet_losses),
        list(&r.finnish_losses),
        match r.retreat {
            Some(side) => format!("; the {} side retreats", side.adjective()),
            None => String::new(),
        }
    )
}

/// A Finnish harassment: the space, the scouts, the roll and its result.
fn harassment_sentence(h: &HarassmentReport, game: &TalvisotaState) -> String {
    let name = |id: &str| space_name(&game.map, id);
    let list = |ids: &[String]| pieces(game, ids);
    format!(
        "Finnish harassment of {} with {}: a {} makes {}, {}.",
        name(&h.space),
        list(&h.scouts),
        h.die,
        h.total,
        match h.result {
            HarassmentResult::Success => "a success",
            HarassmentResult::Partial => "a partial success",
            HarassmentResult::Failure => "a failure",
        }
    )
}

/// The game set up: both sides' morale, and whether the server plays the Finns.
fn set_up_sentence(soviet_morale: i32, finnish_morale: i32, solo: bool) -> String {
    format!(
        "The game is set up: Soviet morale {soviet_morale}, Finnish morale {finnish_morale}{}.",
        if solo {
            "; the server plays the Finns"
        } else {
            ""
        }
    )
}

/// An umpire correction: why, what changed, and from what to what.
fn corrected_sentence(
    game: &TalvisotaState,
    reason: &str,
    change: &Correction,
    before: &Correction,
) -> String {
    format!(
        "Umpire correction: {reason} ({}: {} → {}).",
        corrected_what(game, change),
        corrected_value(game, before),
        corrected_value(game, change)
    )
}

/// One sentence saying what happened.
pub fn sentence(event: &TalvisotaEvent, game: &TalvisotaState) -> String {
    let name = |id: &str| space_name(&game.map, id);
    let list = |ids: &[String]| pieces(game, ids);
    match &event.kind {
        EventKind::GameSetUp {
            soviet_morale,
            finnish_morale,
            solo,
        } => set_up_sentence(*soviet_morale, *finnish_morale, *solo),
        EventKind::TurnBegan { turn, label } => format!("Turn {turn} begins: {label}."),
        EventKind::CountersArrived {
            side,
            pieces,
            reason,
        } => format!(
            "{} counters reach the command sheet ({reason}): {}.",
            side.adjective(),
            list(pieces)
        ),
        EventKind::LossesToReinforcements { side, units } => format!(
            "{} losses move to the Reinforcements box: {}.",
            side.adjective(),
            list(units)
        ),
        EventKind::InternationalSituation { die, marker } => {
            format!("International situation: a {die}; the events marker stands at {marker:+}.")
        }
        EventKind::MoraleChanged {
            side,
            change,
            before,
            after,
            reason,
        } => format!(
            "{} morale {change:+} ({before} to {after}): {reason}.",
            side.adjective()
        ),
        EventKind::UnitsRecovered { units, cost } => format!(
            "The Soviets recover {} for {cost} morale point(s).",
            list(units)
        ),
        EventKind::SovietMoved { moves } => {
            let parts: Vec<String> = moves
                .iter()
                .map(|(u, to)| format!("{} to {}", piece(game, u), name(to)))
                .collect();
            format!("Soviet special movement: {}.", parts.join(", "))
        }
        EventKind::PossessionMarkersSet { spaces } => {
            let placed: Vec<String> = spaces.iter().flatten().map(|s| name(s)).collect();
            format!("Possession markers now stand on: {}.", self::list(&placed))
        }
        EventKind::SheetAllocated { .. } => "Your command sheet for this turn is filled in.".into(),
        EventKind::StrategyPlaced { side, space, .. } => format!(
            "A {} combat strategy counter is placed face down on {}.",
            side.adjective(),
            name(space)
        ),
        EventKind::CombatRevealed { soviet, finnish } => {
            revealed_sentence(soviet, finnish.as_ref(), game)
        }
        EventKind::CombatRound(r) => round_sentence(r, game),
        EventKind::SpaceConquered {
            space,
            strategy,
            unopposed,
        } => format!(
            "{} falls to the Soviet {}{}.",
            name(space),
            strategy.code(),
            if *unopposed { " without a fight" } else { "" }
        ),
        EventKind::AttackRepulsed { space, retreat_to } => format!(
            "The Soviet attack on {} is beaten; the force ends in {}.",
            name(space),
            name(retreat_to)
        ),
        EventKind::UnitsLost { side, units } => {
            format!("{} units lost: {}.", side.adjective(), list(units))
        }
        EventKind::Harassment(h) => harassment_sentence(h, game),
        EventKind::IsolatedUnitEliminated { unit, space } => format!(
            "{}, cut off in {}, is eliminated (rule 6.2).",
            piece(game, unit),
            name(space)
        ),
        EventKind::SoloDraw { container, drawn } => {
            format!("The server draws {drawn} from the {container} container (rule 9.1).")
        }
        EventKind::PhaseChanged { phase } => {
            format!("Next: the {} phase.", phase.name())
        }
        EventKind::GameEnded { outcome } => outcome_sentence(outcome),
        EventKind::Corrected {
            reason,
            change,
            before,
        } => corrected_sentence(game, reason, change, before),
    }
}
