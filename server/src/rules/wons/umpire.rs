//! The umpire's commands: audited corrections of any value, reveals, and ending the campaign.

use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::{SightingSource, discover_features, record_sighting, refresh_sightings};
use super::state::{CampaignStatus, WonsState};
use super::victory::evaluate;
use crate::domain::Side;
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

/// Who may read the old and new values of a correction at `path`: the side the value belongs
/// to, everyone for public facts, and only the umpire where hidden things may be involved.
fn detail_visibility(state: &WonsState, path: &str) -> EventVisibility {
    let mut parts = path.trim_start_matches('/').split('/');
    let (area, key) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let named_side = match key {
        "soviet" => Some(Side::Soviet),
        "finnish" => Some(Side::Finnish),
        _ => None,
    };
    let owner = match area {
        "platoons" => state.platoons.get(key).map(|p| p.side),
        "features" => state.features.get(key).map(|f| f.owner),
        "orders" | "knowledge" => named_side,
        "stacks" | "soviet_reached" => Some(Side::Soviet),
        "hour" | "initiative" | "battles" | "clock" | "victory" | "status" | "name" => {
            return EventVisibility::Public;
        }
        _ => None,
    };
    owner.map_or(EventVisibility::Umpire, EventVisibility::side)
}

/// Sets the value at JSON pointer `path` in the state (e.g. `/platoons/fin-1/fatigue`) to
/// `value`, for `reason`. Both sides read that a correction was made and why; the old and new
/// values go only to whoever may know them.
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
    let corrected: WonsState = serde_json::from_value(document).map_err(|e| bad(e.to_string()))?;
    let detail_visibility = detail_visibility(state, path);
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
                .filter(|p| p.side == side.enemy())
                .ok_or_else(|| UmpireError::NothingToReveal(id.clone()))?;
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
                    .filter(|f| f.owner == side.enemy())
                    .ok_or_else(|| UmpireError::NothingToReveal(id.clone()))?;
                (state.step_label(f.step), f.kind)
            };
            if let Some(f) = state.features.get_mut(id) {
                f.known_to_enemy_since.get_or_insert(hour);
            }
            format!("The umpire tells you of an enemy {kind:?} at {label}.")
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
