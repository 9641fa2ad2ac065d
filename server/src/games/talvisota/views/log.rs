//! The Talvisota turn log for people: one sentence per event, written from what the event holds.

use crate::games::talvisota::rules::events::{EventKind, TalvisotaEvent};
use crate::games::talvisota::rules::harassment::HarassmentResult;
use crate::games::talvisota::rules::map::GameMap;
use crate::games::talvisota::rules::state::{GameOutcome, TalvisotaState};

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

/// One sentence saying what happened.
pub fn sentence(event: &TalvisotaEvent, map: &GameMap) -> String {
    let name = |id: &str| space_name(map, id);
    match &event.kind {
        EventKind::GameSetUp {
            soviet_morale,
            finnish_morale,
            solo,
        } => format!(
            "The game is set up: Soviet morale {soviet_morale}, Finnish morale {finnish_morale}{}.",
            if *solo {
                "; the server plays the Finns"
            } else {
                ""
            }
        ),
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
                .map(|(u, to)| format!("{u} to {}", name(to)))
                .collect();
            format!("Soviet special movement: {}.", parts.join(", "))
        }
        EventKind::PossessionMarkersSet { spaces } => {
            let placed: Vec<String> = spaces.iter().flatten().map(|s| name(s)).collect();
            format!("Possession markers now stand on: {}.", list(&placed))
        }
        EventKind::SheetAllocated { .. } => "Your command sheet for this turn is filled in.".into(),
        EventKind::StrategyPlaced { side, space, .. } => format!(
            "A {} combat strategy counter is placed face down on {}.",
            side.adjective(),
            name(space)
        ),
        EventKind::CombatRevealed { soviet, finnish } => format!(
            "Combat revealed at {}: {} with {} against {}.",
            soviet.targets.first().map(|s| name(s)).unwrap_or_default(),
            soviet.strategy.code(),
            list(&soviet.units),
            match finnish {
                Some(f) => format!("{} with {}", f.strategy.code(), list(&f.units)),
                None => "no Finnish strategy".into(),
            }
        ),
        EventKind::CombatRound(r) => format!(
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
        ),
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
        EventKind::Harassment(h) => format!(
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
        ),
        EventKind::IsolatedUnitEliminated { unit, space } => format!(
            "{unit}, cut off in {}, is eliminated (rule 6.2).",
            name(space)
        ),
        EventKind::SoloDraw { container, drawn } => {
            format!("The server draws {drawn} from the {container} container (rule 9.1).")
        }
        EventKind::PhaseChanged { phase } => {
            format!("Next: the {} phase.", phase.name())
        }
        EventKind::GameEnded { outcome } => outcome_sentence(outcome),
    }
}
