//! Hidden information: which enemy platoons each side has seen, where and when, and which
//! enemy features it has run into.

use super::events::{Event, EventKind, EventVisibility};
use super::ladder::StepIndex;
use super::platoon::PlatoonId;
use super::state::{FeatureKind, WonsState};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a side came to see an enemy platoon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SightingSource {
    /// A platoon of the side stood on the same step.
    SameStep,
    /// A platoon of the side stood on an adjacent step after earlier contact.
    AdjacentAfterContact,
    /// The umpire told the side.
    UmpireReveal,
}

/// The last time a side saw one enemy platoon: which platoon, where, when. Never its fatigue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Sighting {
    /// The step it was seen on.
    pub step: StepIndex,
    /// The Hour it was seen.
    pub hour: u32,
    /// How it was seen.
    pub source: SightingSource,
    /// The first Hour the side ever saw it (Soviet artillery needs four Hours of knowledge).
    pub first_seen_hour: u32,
}

/// What one side knows of the enemy's platoons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SideKnowledge {
    /// The latest sighting of each enemy platoon the side has ever seen.
    pub sightings: BTreeMap<PlatoonId, Sighting>,
    /// For each step the side has seen enemies on, the first Hour it did.
    #[serde(default)]
    pub positions: BTreeMap<StepIndex, u32>,
}

impl SideKnowledge {
    /// Whether the side has seen the enemy on `step` at least `hours` Hours before `now`
    /// (R23.1: Soviet barrages need a position spotted four Hours before).
    pub fn spotted_at_least(&self, step: StepIndex, hours: u32, now: u32) -> bool {
        self.positions
            .get(&step)
            .is_some_and(|first| first + hours <= now)
    }
}

/// Both sides' knowledge.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Knowledge {
    /// What the Soviets know.
    pub soviet: SideKnowledge,
    /// What the Finns know.
    pub finnish: SideKnowledge,
}

impl Knowledge {
    /// What `side` knows.
    pub fn of(&self, side: Side) -> &SideKnowledge {
        match side {
            Side::Soviet => &self.soviet,
            Side::Finnish => &self.finnish,
        }
    }

    /// What `side` knows, to change.
    pub fn of_mut(&mut self, side: Side) -> &mut SideKnowledge {
        match side {
            Side::Soviet => &mut self.soviet,
            Side::Finnish => &mut self.finnish,
        }
    }
}

/// Records that `side` saw enemy platoon `id` on `step` at `hour`.
pub fn record_sighting(
    state: &mut WonsState,
    side: Side,
    id: &str,
    step: StepIndex,
    hour: u32,
    source: SightingSource,
) {
    let known = state.knowledge.of_mut(side);
    known.positions.entry(step).or_insert(hour);
    let first_seen_hour = known.sightings.get(id).map_or(hour, |s| s.first_seen_hour);
    known.sightings.insert(
        id.to_string(),
        Sighting {
            step,
            hour,
            source,
            first_seen_hour,
        },
    );
}

/// Updates both sides' sightings from where every platoon now stands, and reports the news.
pub fn refresh_sightings(state: &mut WonsState, hour: u32) -> Vec<Event> {
    let mut events = Vec::new();
    for side in [Side::Soviet, Side::Finnish] {
        let own_steps: Vec<StepIndex> = state.platoons_of(side).map(|p| p.step).collect();
        let enemies: Vec<(PlatoonId, String, StepIndex)> = state
            .platoons_of(side.enemy())
            .map(|p| (p.id.clone(), p.name.clone(), p.step))
            .collect();
        for (id, name, step) in enemies {
            let contact = state.knowledge.of(side).sightings.contains_key(&id);
            let source = if own_steps.contains(&step) {
                SightingSource::SameStep
            } else if contact && own_steps.iter().any(|s| s.abs_diff(step) == 1) {
                SightingSource::AdjacentAfterContact
            } else {
                continue;
            };
            let previous = state.knowledge.of(side).sightings.get(&id).map(|s| s.step);
            record_sighting(state, side, &id, step, hour, source);
            if previous != Some(step) {
                events.push(Event::new(
                    hour,
                    EventVisibility::side(side),
                    EventKind::Spotting,
                    format!(
                        "Enemy platoon {name} seen at step {}.",
                        state.step_label(step)
                    ),
                ));
            }
        }
    }
    events
}

pub(super) fn feature_word(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Minefield => "a minefield",
        FeatureKind::Roadblock => "a roadblock",
        FeatureKind::Entrenchment => "entrenchments",
    }
}

/// Lets each side learn of the enemy's features and fires on the steps its platoons stand on:
/// they have run into them.
pub fn discover_features(state: &mut WonsState, hour: u32) -> Vec<Event> {
    let mut events = Vec::new();
    let occupied = |state: &WonsState, side: Side, step| state.side_on_step(side, step);
    // Ids are random: the order of discovery follows the ladder and the age of the works.
    let mut found: Vec<(usize, u32, String)> = state
        .features
        .values()
        .filter(|f| f.known_to_enemy_since.is_none() && occupied(state, f.owner.enemy(), f.step))
        .map(|f| (f.step, f.created_hour, f.id.clone()))
        .collect();
    found.sort();
    let found = found.into_iter().map(|(_, _, id)| id);
    for id in found {
        let Some(feature) = state.features.get_mut(&id) else {
            continue;
        };
        feature.known_to_enemy_since = Some(hour);
        let (finder, kind, step) = (feature.owner.enemy(), feature.kind, feature.step);
        events.push(Event::new(
            hour,
            EventVisibility::side(finder),
            EventKind::Discovery,
            format!(
                "Our troops ran into {} at step {}.",
                feature_word(kind),
                state.step_label(step)
            ),
        ));
    }
    let mut fires = Vec::new();
    for (index, step) in state.ladder.iter().enumerate() {
        for (b, building) in step.buildings.iter().enumerate() {
            if let Some(fire) = &building.fire
                && fire.known_to_enemy_since.is_none()
                && occupied(state, fire.set_by.enemy(), index)
            {
                fires.push((index, b, fire.set_by.enemy()));
            }
        }
    }
    for (index, b, finder) in fires {
        let label = state.step_label(index);
        if let Some(building) = state
            .ladder
            .get_mut(index)
            .and_then(|s| s.buildings.get_mut(b))
        {
            if let Some(fire) = building.fire.as_mut() {
                fire.known_to_enemy_since = Some(hour);
            }
            events.push(Event::new(
                hour,
                EventVisibility::side(finder),
                EventKind::Discovery,
                format!(
                    "Our troops found {} at step {label} set on fire by the enemy.",
                    building.name
                ),
            ));
        }
    }
    events
}
