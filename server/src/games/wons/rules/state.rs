//! `WonsState`: the whole current state of one campaign, stored as one document.

use super::battle::{Battle, BattleStatus};
use super::clock::CampaignClock;
use super::knowledge::Knowledge;
use super::ladder::{Step, StepIndex, step_letter};
use super::orders::Order;
use super::platoon::{Platoon, PlatoonId, Stack, StackLimits};
use super::victory::{CampaignResult, VictoryConditions};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A hidden field work or obstacle a side has placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    /// A minefield (R10): known only to its owner and the umpire until found.
    Minefield,
    /// A prepared roadblock, built by a Finnish Adjust Roadblock action.
    Roadblock,
    /// Entrenchments dug by a Consolidate Defenses action, one per section or heavy weapon.
    Entrenchment,
}

impl FeatureKind {
    /// The feature's name in a sentence: "minefield", "roadblock", "entrenchment".
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Minefield => "minefield",
            FeatureKind::Roadblock => "roadblock",
            FeatureKind::Entrenchment => "entrenchment",
        }
    }
}

/// One hidden feature on a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Feature {
    /// Its identifier.
    pub id: String,
    /// What it is.
    pub kind: FeatureKind,
    /// Whose it is.
    pub owner: Side,
    /// Where it is.
    pub step: StepIndex,
    /// How many (entrenchments dug in one Hour count together).
    pub count: u32,
    /// The Hour it was made (0 for the scenario pack's).
    pub created_hour: u32,
    /// The Hour the enemy learned of it, if it has.
    pub known_to_enemy_since: Option<u32>,
}

/// A step one side may not move onto in one Hour, after a barrage fell short or long (R23.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MoveBan {
    /// The step.
    pub step: StepIndex,
    /// The side that may not move onto it.
    pub side: Side,
    /// The Hour it holds for.
    pub hour: u32,
    /// Retreats onto it are barred too (a short barrage on own troops), not only advances.
    pub retreats_too: bool,
    /// Why, in words.
    pub reason: String,
}

/// One side's orders for the current Hour, hidden from the other side until it resolves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HourOrders {
    /// The action given to each platoon so far.
    pub orders: BTreeMap<PlatoonId, Order>,
    /// Soviets: the stacks as they should stand after reorganizing, front to back.
    pub reorganization: Option<Vec<Stack>>,
    /// Whether the side has marked its orders ready.
    pub ready: bool,
}

/// Both sides' orders for the current Hour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SideOrders {
    /// The Soviet orders.
    pub soviet: HourOrders,
    /// The Finnish orders.
    pub finnish: HourOrders,
}

impl SideOrders {
    /// The orders of `side`.
    pub fn of(&self, side: Side) -> &HourOrders {
        match side {
            Side::Soviet => &self.soviet,
            Side::Finnish => &self.finnish,
        }
    }

    /// The orders of `side`, to change.
    pub fn of_mut(&mut self, side: Side) -> &mut HourOrders {
        match side {
            Side::Soviet => &mut self.soviet,
            Side::Finnish => &mut self.finnish,
        }
    }
}

/// Whether the campaign is still being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CampaignStatus {
    /// Hours are still being played.
    Running,
    /// The umpire ended it; the victory conditions gave this result.
    Ended {
        /// The result.
        result: CampaignResult,
    },
}

/// The whole current state of a WoNS campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WonsState {
    /// The campaign's name, from its scenario pack.
    pub name: String,
    /// Whether the pack says it is a demonstration rather than a published campaign.
    pub demonstration: bool,
    /// The pack's note to the players (what it is, where it comes from).
    pub note: String,
    /// The ladder, step A first.
    pub ladder: Vec<Step>,
    /// Date, time of day and daylight schedule.
    pub clock: CampaignClock,
    /// The current Hour, from 1.
    pub hour: u32,
    /// The side holding the initiative.
    pub initiative: Side,
    /// Every platoon of both sides, by id.
    pub platoons: BTreeMap<PlatoonId, Platoon>,
    /// The Soviet stacks, leading stack first.
    pub stacks: Vec<Stack>,
    /// Stack size limits.
    pub stack_limits: StackLimits,
    /// Hidden features, by id.
    pub features: BTreeMap<String, Feature>,
    /// The current Hour's orders.
    pub orders: SideOrders,
    /// The battles still open or recently decided; an older decided battle with nothing left
    /// to settle leaves the state for the campaign's archive (`super::archive`).
    pub battles: Vec<Battle>,
    /// How many battles the campaign had opened when a battle last left for the archive (0
    /// until one has): [`WonsState::battle_count`] counts them all.
    #[serde(default)]
    pub battles_opened: u32,
    /// For each step where the Soviets attacked in an archived battle, the Hour of their first
    /// attack there (R2): [`WonsState::first_soviet_attack`] adds the battles still here.
    #[serde(default)]
    pub soviet_attacks: BTreeMap<StepIndex, u32>,
    /// What the archived battles showed of each platoon, for the heroes' rules.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub archived_fights: BTreeMap<PlatoonId, super::archive::ArchivedFights>,
    /// What each side knows of the enemy's platoons.
    pub knowledge: Knowledge,
    /// The pack's victory conditions.
    pub victory: VictoryConditions,
    /// For each step the Soviets have reached, the first Hour they were on it.
    pub soviet_reached: BTreeMap<StepIndex, u32>,
    /// Optional rules by name, on or off.
    pub optional_rules: BTreeMap<String, bool>,
    /// Running or ended.
    pub status: CampaignStatus,
    /// Prisoners interrogated, each kept for the side that interrogated.
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub interrogations: Vec<super::prisoners::InterrogationRecord>,
    /// Both sides' support lists, from the scenario pack (R1.4).
    #[serde(default)]
    pub support: Vec<super::support::SupportItem>,
    /// The campaign's Force Morale table (the pack's, or the default; the umpire may edit it).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub force_morale_table: super::tables::force_morale::ForceMoraleTable,
    /// Steps a side may not move onto in an Hour, after a barrage fell short or long (R23.1).
    #[serde(default)]
    pub move_bans: Vec<MoveBan>,
    /// "Rank Name" of every hero serving or having served in the campaign, by id.
    #[serde(default)]
    pub hero_names: BTreeMap<super::platoon::HeroId, String>,
}

impl WonsState {
    /// "E Palkeala" for step `step`.
    pub fn step_label(&self, step: StepIndex) -> String {
        self.ladder
            .get(step)
            .map_or_else(|| step_letter(step), Step::label)
    }

    /// The platoons of `side`, in id order.
    pub fn platoons_of(&self, side: Side) -> impl Iterator<Item = &Platoon> {
        self.platoons.values().filter(move |p| p.side == side)
    }

    /// Whether any platoon of `side` stands on `step`.
    pub fn side_on_step(&self, side: Side, step: StepIndex) -> bool {
        self.platoons_of(side).any(|p| p.step == step)
    }

    /// The name of platoon `id` (or the id itself if it is unknown).
    pub fn platoon_name(&self, id: &str) -> String {
        self.platoons
            .get(id)
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    }

    /// The rank (0 = leading) and the stack holding Soviet platoon `id`.
    pub fn stack_of(&self, id: &str) -> Option<(usize, &Stack)> {
        self.stacks
            .iter()
            .enumerate()
            .find(|(_, s)| s.platoons.iter().any(|p| p == id))
    }

    /// The step a stack stands on: that of its first platoon.
    pub fn stack_step(&self, stack: &Stack) -> Option<StepIndex> {
        stack
            .platoons
            .first()
            .and_then(|id| self.platoons.get(id))
            .map(|p| p.step)
    }

    /// Whether the optional rule `name` is played: on unless the pack turns it off.
    pub fn rule_on(&self, name: &str) -> bool {
        self.optional_rules.get(name).copied().unwrap_or(true)
    }

    /// Why `side` may not advance (or, with `advancing` false, retreat) onto `step` in `hour`,
    /// if a barrage forbids it (R23.1).
    pub fn move_ban(
        &self,
        side: Side,
        step: StepIndex,
        hour: u32,
        advancing: bool,
    ) -> Option<&MoveBan> {
        self.move_bans.iter().find(|b| {
            b.side == side && b.step == step && b.hour == hour && (advancing || b.retreats_too)
        })
    }

    /// Battle `id`.
    pub fn battle(&self, id: u32) -> Option<&Battle> {
        self.battles.iter().find(|b| b.id == id)
    }

    /// Battle `id`, to change.
    pub fn battle_mut(&mut self, id: u32) -> Option<&mut Battle> {
        self.battles.iter_mut().find(|b| b.id == id)
    }

    /// How many battles the campaign has opened, archived ones included; the next is numbered
    /// one more.
    pub fn battle_count(&self) -> u32 {
        let newest = self.battles.iter().map(|b| b.id).max().unwrap_or(0);
        self.battles_opened.max(newest)
    }

    /// The Hour of the Soviets' first attack at `step`, if they have attacked there (R2).
    pub fn first_soviet_attack(&self, step: StepIndex) -> Option<u32> {
        let kept = self.soviet_attacks.get(&step).copied();
        let fought = self
            .battles
            .iter()
            .filter(|b| b.step == step && b.attacker == Side::Soviet)
            .map(|b| b.hour)
            .min();
        kept.into_iter().chain(fought).min()
    }

    /// Whether any battle is waiting for its result.
    pub fn pending_battle(&self) -> Option<&Battle> {
        self.battles
            .iter()
            .find(|b| b.status == BattleStatus::Pending)
    }

    /// Whether the campaign is still running.
    pub fn is_running(&self) -> bool {
        self.status == CampaignStatus::Running
    }

    /// A fresh identifier for a feature made in play: random from the operating system (never
    /// the dice), so it tells neither what the feature is nor how many were made before it.
    pub fn new_feature_id(&self) -> String {
        loop {
            let id = opaque_id("feature");
            if !self.features.contains_key(&id) && !self.platoons.contains_key(&id) {
                return id;
            }
        }
    }
}

/// `prefix-` and 16 random hex digits from the operating system's generator (uuid v4).
pub fn opaque_id(prefix: &str) -> String {
    let random = uuid::Uuid::new_v4().simple().to_string();
    format!("{prefix}-{}", &random[..16])
}
