//! Platoons tracked across the campaign: their TOE, fatigue track and Soviet road stacks.

use super::fatigue::exhaustion;
use super::ladder::StepIndex;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A platoon's identifier, unique in the campaign (from the scenario pack).
pub type PlatoonId = String;

/// A hero's identifier; heroes themselves belong to the battles issue.
pub type HeroId = String;

/// What kind of element of a platoon a TOE entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ElementKind {
    /// Platoon headquarters (leaders and their party).
    Headquarters,
    /// A section: rolls a die when the platoon consolidates.
    Section,
    /// A team (light mortar, anti-tank rifle, sniper …).
    Team,
}

/// One section, team or headquarters of a platoon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Element {
    /// Its name, e.g. "1st Section".
    pub name: String,
    /// Section, team or headquarters.
    pub kind: ElementKind,
    /// Men by role, e.g. `{"leader": 1, "rifleman": 8}`.
    pub men: BTreeMap<String, u32>,
    /// Weapons by name and count.
    pub weapons: BTreeMap<String, u32>,
}

/// A platoon's table of organisation and equipment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Toe {
    /// Its sections, teams and headquarters.
    pub elements: Vec<Element>,
}

impl Toe {
    /// How many sections (not teams) it has: the dice of a consolidation roll (R2).
    pub fn sections(&self) -> usize {
        self.elements
            .iter()
            .filter(|e| e.kind == ElementKind::Section)
            .count()
    }

    /// All its men.
    pub fn men(&self) -> u32 {
        self.elements.iter().flat_map(|e| e.men.values()).sum()
    }
}

/// A support item a platoon keeps until used (R1.4); filled in by the support rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RetainedItem {
    /// Its identifier.
    pub id: String,
    /// What it is, e.g. "satchel charge".
    pub name: String,
}

/// One platoon of either side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Platoon {
    /// Its identifier.
    pub id: PlatoonId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Where it is on the ladder.
    pub step: StepIndex,
    /// Its fatigue track (the true number; exhaustion stops growing at 15).
    pub fatigue: u32,
    /// Its TOE.
    pub toe: Toe,
    /// Retained support items (R1.4), filled in by the support rules.
    pub retained: Vec<RetainedItem>,
    /// Heroes serving in it (R1.4.2), by id.
    pub heroes: Vec<HeroId>,
    /// The last Hour a bonfire keeps it warm, if it built one.
    pub warm_through_hour: Option<u32>,
    /// The battle whose shortness entitles it to another action now (R2), if any.
    pub extra_action_from: Option<u32>,
    /// Weapons it captured from the field (R1.5).
    #[serde(default)]
    pub captured: Vec<super::aftermath::CapturedWeapon>,
}

impl Platoon {
    /// Its Exhaustion (R2).
    pub fn exhaustion(&self) -> u32 {
        exhaustion(self.fatigue)
    }
}

/// A Soviet stack on the road: platoons that march together, listed in their order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Stack {
    /// Its identifier.
    pub id: String,
    /// Its platoons, in order.
    pub platoons: Vec<PlatoonId>,
}

/// The smallest and largest stacks the scenario pack allows (R2 Reorganize).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StackLimits {
    /// Fewest platoons in a stack.
    pub min: usize,
    /// Most platoons in a stack.
    pub max: usize,
}
