//! Victory conditions from the scenario pack: how far the Soviets must get, and by when.

use super::ladder::StepIndex;
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// One level of result: the Soviets reached `step` (or beyond) no later than `by_hour`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct VictoryLevel {
    /// Its name, e.g. "Soviet breakthrough".
    pub name: String,
    /// The side it favours.
    pub winner: Side,
    /// The step the Soviets must reach.
    pub step: StepIndex,
    /// The last Hour by which they must have reached it.
    pub by_hour: u32,
}

/// The pack's victory conditions, checked in order; the first that holds decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct VictoryConditions {
    /// The levels, best for the Soviets first.
    pub levels: Vec<VictoryLevel>,
    /// The result when no level holds.
    pub otherwise_name: String,
    /// The side that wins when no level holds.
    pub otherwise_winner: Side,
}

/// How far the Soviets came: a step and the first Hour they stood on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StepReached {
    /// The step (0 = A).
    pub step: StepIndex,
    /// The Hour they first stood on it.
    pub hour: u32,
}

/// How a campaign ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CampaignResult {
    /// The winning side.
    pub winner: Side,
    /// The level's name.
    pub name: String,
    /// The furthest step the Soviets reached and the Hour they first reached it.
    pub soviet_furthest: Option<StepReached>,
    /// A sentence for everyone.
    pub sentence: String,
}

/// Evaluates the victory conditions against how far and how fast the Soviets came.
pub fn evaluate(state: &WonsState) -> CampaignResult {
    let reached_by = |step: StepIndex, hour: u32| {
        state
            .soviet_reached
            .iter()
            .any(|(s, h)| *s >= step && *h <= hour)
    };
    let furthest = state
        .soviet_reached
        .iter()
        .next_back()
        .map(|(s, h)| StepReached { step: *s, hour: *h });
    let how_far = furthest.map_or_else(
        || "The Soviets never entered the ladder".to_string(),
        |r| {
            format!(
                "The Soviets reached {} by Hour {}",
                state.step_label(r.step),
                r.hour
            )
        },
    );
    match state
        .victory
        .levels
        .iter()
        .find(|l| reached_by(l.step, l.by_hour))
    {
        Some(level) => CampaignResult {
            winner: level.winner,
            name: level.name.clone(),
            soviet_furthest: furthest,
            sentence: format!(
                "{how_far}: {} (needed {} by Hour {}).",
                level.name,
                state.step_label(level.step),
                level.by_hour
            ),
        },
        None => CampaignResult {
            winner: state.victory.otherwise_winner,
            name: state.victory.otherwise_name.clone(),
            soviet_furthest: furthest,
            sentence: format!("{how_far}: {}.", state.victory.otherwise_name),
        },
    }
}
