//! The R2 action table's fatigue costs and the exhaustion that fatigue causes.

use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// The actions of the R2 table; every platoon performs one each Hour.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Move one step towards the enemy (Soviets: a whole stack, on a roll).
    Advance,
    /// Attack the enemy on this step: a battle.
    Attack,
    /// Stand ready for an enemy attack.
    Defend,
    /// Dig entrenchments for the Hour.
    ConsolidateDefenses,
    /// Finns only: build or take down a prepared roadblock.
    AdjustRoadblock,
    /// Set buildings on this step on fire.
    BurnBuildings,
    /// Soviets only: gather firewood that keeps the platoon warm for three Hours.
    BuildBonfire,
    /// Move one step away from the enemy.
    Retreat,
    /// Rest, anywhere or in a building.
    Rest,
    /// Soviets only: change the order and content of the stacks.
    Reorganize,
}

impl Action {
    /// Every action, in the R2 table's order.
    pub const ALL: [Action; 10] = [
        Action::Advance,
        Action::Attack,
        Action::Defend,
        Action::ConsolidateDefenses,
        Action::AdjustRoadblock,
        Action::BurnBuildings,
        Action::BuildBonfire,
        Action::Retreat,
        Action::Rest,
        Action::Reorganize,
    ];

    /// The action's name as the R2 table gives it.
    pub fn title(self) -> &'static str {
        match self {
            Action::Advance => "Advance",
            Action::Attack => "Attack",
            Action::Defend => "Defend",
            Action::ConsolidateDefenses => "Consolidate Defenses",
            Action::AdjustRoadblock => "Adjust Roadblock",
            Action::BurnBuildings => "Burn Buildings",
            Action::BuildBonfire => "Build Bonfire",
            Action::Retreat => "Retreat",
            Action::Rest => "Rest",
            Action::Reorganize => "Reorganize",
        }
    }

    /// Whether `side` may perform this action at all (R2: side-only actions).
    pub fn allowed_for(self, side: Side) -> bool {
        match self {
            Action::AdjustRoadblock => side == Side::Finnish,
            Action::BuildBonfire | Action::Reorganize => side == Side::Soviet,
            _ => true,
        }
    }
}

/// Daylight or Darkness: every campaign Hour is one or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    /// A daylight Hour.
    Daylight,
    /// A dark Hour: every action but Rest costs one more fatigue.
    Darkness,
}

/// The circumstances that change an action's fatigue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FatigueCircumstances {
    /// Daylight or Darkness.
    pub light: Light,
    /// For Rest: the platoon rests in a building.
    pub in_building: bool,
    /// For Defend: an enemy attack on the platoon's step made a battle.
    pub battle_ensued: bool,
}

/// The fatigue change of `action` for `side` (R2), or `None` if that side cannot take it.
pub fn fatigue_change(action: Action, side: Side, how: FatigueCircumstances) -> Option<i32> {
    if !action.allowed_for(side) {
        return None;
    }
    let base = match (action, side) {
        (Action::Rest, Side::Finnish) if how.in_building => -3,
        (Action::Rest, Side::Finnish) => -2,
        (Action::Rest, Side::Soviet) if how.in_building => -2,
        (Action::Rest, Side::Soviet) => -1,
        (Action::Attack, _) => 2,
        (Action::Defend, _) if how.light == Light::Daylight && !how.battle_ensued => 0,
        (Action::BurnBuildings, Side::Finnish) => 0,
        _ => 1,
    };
    // R2's footnote: any action other than Rest costs one more in Darkness.
    let darkness = i32::from(how.light == Light::Darkness && action != Action::Rest);
    Some(base + darkness)
}

/// Fatigue after a change: it never drops below zero (interpretation in the spec).
pub fn apply_fatigue(fatigue: u32, change: i32) -> u32 {
    let next = i64::from(fatigue) + i64::from(change);
    u32::try_from(next.max(0)).unwrap_or(u32::MAX)
}

/// The Exhaustion that `fatigue` causes, subtracted from the Force Morale result (R2).
/// Above 15 it stays 9 (interpretation in the spec).
pub fn exhaustion(fatigue: u32) -> u32 {
    match fatigue {
        0..=3 => 0,
        4..=6 => 1,
        7..=9 => 3,
        10 => 4,
        11 => 5,
        12 => 6,
        13 => 7,
        14 => 8,
        _ => 9,
    }
}
