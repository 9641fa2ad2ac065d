//! The umpire's commands: audited corrections of any value, reveals, and ending the campaign.

use super::consistency::check_state;
use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::{SightingSource, discover_features, record_sighting, refresh_sightings};
use super::state::{CampaignStatus, WonsState};
use super::victory::evaluate;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// Why an umpire command was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UmpireError {
    /// The correction gives no reason.
    #[error("A correction needs a reason, which both sides will read")]
    NoReason,
    /// The path names nothing in the campaign.
    #[error("There is no value at '{0}' to correct (paths look like /platoons/fin-1/fatigue)")]
    NoSuchValue(String),
    /// The new value does not fit.
    #[error("'{path}' cannot take that value: {why}")]
    BadValue {
        /// The path.
        path: String,
        /// What the state check said.
        why: String,
    },
    /// Revealing something that does not exist.
    #[error("There is nothing called '{0}' to reveal")]
    NothingToReveal(String),
    /// Revealing to a side its own platoon or work.
    #[error("{0} is that side's own: tell a side only of the enemy")]
    OwnToReveal(String),
    /// The campaign has already ended.
    #[error("The campaign has already ended")]
    Ended,
}

/// A fact the umpire tells a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reveal {
    /// Where an enemy platoon is now.
    Platoon {
        /// The platoon's id.
        id: String,
    },
    /// An enemy feature (minefield, roadblock, entrenchments).
    Feature {
        /// The feature's id.
        id: String,
    },
}

/// The parts of the state both sides read in full.
const PUBLIC_AREAS: [&str; 9] = [
    "name",
    "note",
    "demonstration",
    "clock",
    "hour",
    "initiative",
    "victory",
    "status",
    "stack_limits",
];

/// The fields of a battle both sides read; everything else in it (support, sheets, barrages,
/// reports, who defended) belongs to a side or to the umpire.
const PUBLIC_BATTLE_FIELDS: [&str; 7] = [
    "id",
    "hour",
    "step",
    "attacker",
    "table",
    "initial_attack",
    "status",
];

/// Who may read the value at `path` of the state `document`: everyone for public facts, the side
/// whose thing holds it (the outermost object on the path with a `side`, `owner` or `taken_by`),
/// and otherwise only the umpire.
fn reader_of(document: &serde_json::Value, path: &str) -> EventVisibility {
    let keys: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let (area, key) = (keys[0], keys.get(1).copied().unwrap_or_default());
    let named_side = match key {
        "soviet" => Some(Side::Soviet),
        "finnish" => Some(Side::Finnish),
        _ => None,
    };
    match area {
        _ if PUBLIC_AREAS.contains(&area) => return EventVisibility::Public,
        // Steps, names and tables are public; fires in the buildings may not be.
        "ladder" if !keys.contains(&"buildings") => return EventVisibility::Public,
        "battles" if keys.len() >= 3 && PUBLIC_BATTLE_FIELDS.contains(&keys[2]) => {
            return EventVisibility::Public;
        }
        "orders" | "knowledge" => {
            return named_side.map_or(EventVisibility::Umpire, EventVisibility::side);
        }
        "stacks" | "soviet_reached" => return EventVisibility::Soviet,
        _ => {}
    }
    // The path ends at the owner itself: a change of hands is the umpire's to read.
    if keys
        .last()
        .is_some_and(|k| ["side", "owner", "taken_by"].contains(k))
    {
        return EventVisibility::Umpire;
    }
    let mut node = document;
    for k in &keys {
        let next = match node {
            serde_json::Value::Array(items) => k.parse::<usize>().ok().and_then(|i| items.get(i)),
            other => other.get(*k),
        };
        let Some(next) = next else { break };
        node = next;
        let owner = ["side", "owner", "taken_by"]
            .iter()
            .find_map(|field| serde_json::from_value::<Side>(node.get(*field)?.clone()).ok());
        if let Some(side) = owner {
            return EventVisibility::side(side);
        }
    }
    EventVisibility::Umpire
}

/// Who may read the old and new values of a correction: a reader who may read the value at
/// `path` both before and after.
fn detail_visibility(
    before: &serde_json::Value,
    after: &serde_json::Value,
    path: &str,
) -> EventVisibility {
    let (old, new) = (reader_of(before, path), reader_of(after, path));
    if old == new {
        old
    } else {
        EventVisibility::Umpire
    }
}

/// Sets the value at JSON pointer `path` in the state (e.g. `/platoons/fin-1/fatigue`) to
/// `value`, for `reason`, if the corrected state still holds together as a scenario pack must.
/// Both sides read that a correction was made and why; the old and new values go only to a
/// reader who could read the value at that path before and after.
pub fn umpire_correct(
    state: &mut WonsState,
    path: &str,
    value: serde_json::Value,
    reason: &str,
) -> Result<Vec<Event>, UmpireError> {
    if reason.trim().is_empty() {
        return Err(UmpireError::NoReason);
    }
    let bad = |why: String| UmpireError::BadValue {
        path: path.to_string(),
        why,
    };
    let mut document = serde_json::to_value(&*state).map_err(|e| bad(e.to_string()))?;
    let slot = document
        .pointer_mut(path)
        .ok_or_else(|| UmpireError::NoSuchValue(path.to_string()))?;
    let old = std::mem::replace(slot, value.clone());
    let before = serde_json::to_value(&*state).map_err(|e| bad(e.to_string()))?;
    let detail_visibility = detail_visibility(&before, &document, path);
    let corrected: WonsState = serde_json::from_value(document).map_err(|e| bad(e.to_string()))?;
    check_state(&corrected).map_err(bad)?;
    // The archive files battles by number: a battle keeps its number, a new one takes one never
    // used, and the count opened is never lowered.
    let count = state.battle_count();
    let kept: std::collections::BTreeSet<u32> = state.battles.iter().map(|b| b.id).collect();
    let mut numbers = std::collections::BTreeSet::new();
    let renumbered = corrected
        .battles
        .iter()
        .any(|b| !numbers.insert(b.id) || (!kept.contains(&b.id) && b.id <= count));
    if renumbered || corrected.battles_opened < state.battles_opened {
        return Err(bad(format!(
            "a battle keeps its number and a new one takes a number above {count}, since the \
             campaign's archive files battles by number; the count of battles opened is never \
             lowered"
        )));
    }
    *state = corrected;
    let hour = state.hour;
    let mut events = vec![Event::new(
        hour,
        EventVisibility::Public,
        EventKind::Correction,
        format!("Umpire correction: {}", reason.trim()),
    )];
    if detail_visibility != EventVisibility::Public {
        events.push(Event::new(
            hour,
            detail_visibility,
            EventKind::Correction,
            format!("Umpire corrected {path}: {old} → {value}."),
        ));
    } else if let Some(first) = events.first_mut() {
        first.sentence = format!(
            "Umpire correction: {} ({path}: {old} → {value}).",
            reason.trim()
        );
    }
    events.extend(refresh_sightings(state, hour));
    events.extend(discover_features(state, hour));
    Ok(events)
}

/// Tells `side` a fact: where an enemy platoon stands now, or an enemy feature.
pub fn umpire_reveal(
    state: &mut WonsState,
    side: Side,
    reveal: &Reveal,
) -> Result<Vec<Event>, UmpireError> {
    let hour = state.hour;
    let sentence = match reveal {
        Reveal::Platoon { id } => {
            let p = state
                .platoons
                .get(id)
                .ok_or_else(|| UmpireError::NothingToReveal(id.clone()))?;
            if p.side == side {
                return Err(UmpireError::OwnToReveal(p.name.clone()));
            }
            let (name, step) = (p.name.clone(), p.step);
            record_sighting(state, side, id, step, hour, SightingSource::UmpireReveal);
            format!(
                "The umpire tells you: enemy platoon {name} is at {}.",
                state.step_label(step)
            )
        }
        Reveal::Feature { id } => {
            let (label, kind) = {
                let f = state
                    .features
                    .get(id)
                    .ok_or_else(|| UmpireError::NothingToReveal(id.clone()))?;
                if f.owner == side {
                    return Err(UmpireError::OwnToReveal(format!(
                        "The {} at {}",
                        f.kind.name(),
                        state.step_label(f.step)
                    )));
                }
                (state.step_label(f.step), f.kind)
            };
            if let Some(f) = state.features.get_mut(id) {
                f.known_to_enemy_since.get_or_insert(hour);
            }
            format!(
                "The umpire tells you of an enemy {} at {label}.",
                kind.name()
            )
        }
    };
    Ok(vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Reveal,
        sentence,
    )])
}

/// Ends the campaign and evaluates the pack's victory conditions.
pub fn end_campaign(state: &mut WonsState) -> Result<Vec<Event>, UmpireError> {
    if !state.is_running() {
        return Err(UmpireError::Ended);
    }
    let result = evaluate(state);
    let sentence = format!("The umpire ends the campaign. {}", result.sentence);
    state.status = CampaignStatus::Ended { result };
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Campaign,
        sentence,
    )])
}
