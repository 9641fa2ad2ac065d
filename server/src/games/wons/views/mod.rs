//! The three projections of a WoNS campaign: what the Soviet player, the Finnish player and
//! the umpire may see. A side's struct holds nothing that side may not know.

use crate::core::domain::{Role, Side};
use crate::games::wons::rules::fatigue::Action;
use crate::games::wons::rules::knowledge::SightingSource;
use crate::games::wons::rules::ladder::{FireStage, TableColour, step_letter};
use crate::games::wons::rules::orders::{Order, legal_actions};
use crate::games::wons::rules::platoon::{Element, HeroId, Platoon, RetainedItem, Stack};
use crate::games::wons::rules::state::{FeatureKind, HourOrders, WonsState};
use header::header;
use serde::Serialize;
use side_battles::battles_for;

pub use header::{CampaignHeader, VictoryLevelView};
pub use side_battles::{BattlePlatoonView, BattleView, LISTED_DECIDED, ReportedView, battle_page};

/// A fire as a side knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FireView {
    /// Who set it.
    pub set_by: Side,
    /// When.
    pub set_hour: u32,
    /// Burning, hot ruins or ruins now.
    pub stage: FireStage,
}

/// A building as a side knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BuildingView {
    /// Its name.
    pub name: String,
    /// Its fire, if the side set it or has run into it.
    pub fire: Option<FireView>,
}

/// A ladder step as a side knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StepView {
    /// Its letter.
    pub letter: String,
    /// Its name.
    pub name: String,
    /// Tables available.
    pub tables: Vec<TableColour>,
    /// Whether it is a major Finnish defence line.
    pub major_defence_line: bool,
    /// Its buildings.
    pub buildings: Vec<BuildingView>,
}

/// One of the side's own platoons, fully.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OwnPlatoonView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// The letter of its step.
    pub step: String,
    /// Its fatigue.
    pub fatigue: u32,
    /// Its Exhaustion.
    pub exhaustion: u32,
    /// Its stack (Soviets).
    pub stack: Option<String>,
    /// Its TOE.
    pub toe: Vec<Element>,
    /// Retained support items.
    pub retained: Vec<RetainedItem>,
    /// Heroes in it.
    pub heroes: Vec<HeroId>,
    /// Its heroes' ranks and names, as the sheet shows them.
    pub hero_names: Vec<String>,
    /// Weapons it captured (R1.5).
    pub captured: Vec<crate::games::wons::rules::aftermath::CapturedWeapon>,
    /// The last Hour a bonfire keeps it warm.
    pub warm_through_hour: Option<u32>,
    /// The battle that lets it take an extra action now.
    pub extra_action_from: Option<u32>,
    /// Actions the orders form offers it.
    pub legal_actions: Vec<Action>,
    /// Its order for this Hour, if given.
    pub order: Option<Order>,
}

/// An enemy platoon the side has seen: which one, where and when. Nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SeenPlatoonView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// The letter of the step it was last seen on.
    pub step: String,
    /// The Hour it was last seen.
    pub seen_hour: u32,
    /// The Hour it was first seen.
    pub first_seen_hour: u32,
    /// How it was seen.
    pub source: SightingSource,
}

/// A feature the side owns or has found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FeatureView {
    /// Its id.
    pub id: String,
    /// What it is.
    pub kind: FeatureKind,
    /// Whose it is.
    pub owner: Side,
    /// The letter of its step.
    pub step: String,
    /// How many.
    pub count: u32,
}

/// The side's own orders for this Hour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct OwnOrdersView {
    /// Planned stacks (Soviets).
    pub reorganization: Option<Vec<Stack>>,
    /// Whether the side marked them ready.
    pub ready: bool,
    /// Whether the enemy has marked theirs ready (only that: never their content).
    pub enemy_ready: bool,
}

/// Everything one side may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SideView {
    /// The side.
    pub side: Side,
    /// Public campaign facts.
    pub campaign: CampaignHeader,
    /// The ladder as the side knows it.
    pub ladder: Vec<StepView>,
    /// Its own platoons.
    pub platoons: Vec<OwnPlatoonView>,
    /// Its own stacks, leading first (Soviets; empty for the Finns).
    pub stacks: Vec<Stack>,
    /// Enemy platoons it has seen.
    pub enemy_platoons: Vec<SeenPlatoonView>,
    /// Its own features and the enemy features it has found.
    pub features: Vec<FeatureView>,
    /// Battles, oldest first: every pending one, the ten newest decided ones and any whose
    /// prisoners taken by the side wait to be interrogated.
    pub battles: Vec<BattleView>,
    /// How many battles `battles` leaves out: `GET …/wons/battles` pages through them all.
    pub earlier_battles: u32,
    /// Its orders.
    pub orders: OwnOrdersView,
    /// Its own support lists (R1.4).
    pub support_lists: Vec<crate::games::wons::rules::support::SupportItem>,
    /// The prisoners it interrogated, with what they told (never the enemy's).
    #[schema(value_type = Vec<Object>)]
    pub interrogations: Vec<crate::games::wons::rules::prisoners::InterrogationRecord>,
}

/// The Soviet player's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SovietView(pub SideView);

/// The Finnish player's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FinnishView(pub SideView);

// A side's view is a SideView whose `side` is fixed, so the documented `oneOf` of
// WonsView matches exactly one branch.
crate::games::wons::views::schema::side_view_schema!(
    SovietView,
    "wons.SovietView",
    "soviet",
    "The Soviet player's view."
);
crate::games::wons::views::schema::side_view_schema!(
    FinnishView,
    "wons.FinnishView",
    "finnish",
    "The Finnish player's view."
);

/// The umpire's view: everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = wons::UmpireView)]
pub struct UmpireView {
    /// Public campaign facts.
    pub campaign: CampaignHeader,
    /// The whole state.
    pub state: WonsState,
}

/// Any role's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum WonsView {
    /// The Soviet player's.
    Soviet(SovietView),
    /// The Finnish player's.
    Finnish(FinnishView),
    /// The umpire's.
    Umpire(Box<UmpireView>),
}

fn ladder_for(state: &WonsState, side: Side) -> Vec<StepView> {
    state
        .ladder
        .iter()
        .map(|s| StepView {
            letter: s.letter.clone(),
            name: s.name.clone(),
            tables: s.tables.clone(),
            major_defence_line: s.major_defence_line,
            buildings: s
                .buildings
                .iter()
                .map(|b| BuildingView {
                    name: b.name.clone(),
                    fire: b
                        .fire
                        .as_ref()
                        .filter(|f| f.set_by == side || f.known_to_enemy_since.is_some())
                        .map(|f| FireView {
                            set_by: f.set_by,
                            set_hour: f.set_hour,
                            stage: f.stage(state.hour),
                        }),
                })
                .collect(),
        })
        .collect()
}

/// One of `side`'s own platoons as its player sees it, with its order for this Hour.
fn own_platoon_view(
    state: &WonsState,
    side: Side,
    orders: &HourOrders,
    p: &Platoon,
) -> OwnPlatoonView {
    OwnPlatoonView {
        id: p.id.clone(),
        name: p.name.clone(),
        side,
        step: step_letter(p.step),
        fatigue: p.fatigue,
        exhaustion: p.exhaustion(),
        stack: state.stack_of(&p.id).map(|(_, s)| s.id.clone()),
        toe: p.toe.elements.clone(),
        retained: p.retained.clone(),
        heroes: p.heroes.clone(),
        hero_names: p
            .heroes
            .iter()
            .map(|h| {
                state
                    .hero_names
                    .get(h)
                    .cloned()
                    .unwrap_or_else(|| h.clone())
            })
            .collect(),
        captured: p.captured.clone(),
        warm_through_hour: p.warm_through_hour,
        extra_action_from: p.extra_action_from,
        legal_actions: legal_actions(state, side, &p.id),
        order: orders.orders.get(&p.id).cloned(),
    }
}

/// The enemy platoons `side` has sighted, as last seen.
fn enemy_platoons_seen(state: &WonsState, side: Side) -> Vec<SeenPlatoonView> {
    state
        .knowledge
        .of(side)
        .sightings
        .iter()
        .filter_map(|(id, s)| {
            let p = state.platoons.get(id).filter(|p| p.side == side.enemy())?;
            Some(SeenPlatoonView {
                id: id.clone(),
                name: p.name.clone(),
                side: p.side,
                step: step_letter(s.step),
                seen_hour: s.hour,
                first_seen_hour: s.first_seen_hour,
                source: s.source,
            })
        })
        .collect()
}

/// The field works `side` owns or knows of.
fn features_shown(state: &WonsState, side: Side) -> Vec<FeatureView> {
    // Ids are random: list the works up the ladder, oldest first.
    let mut shown: Vec<_> = state
        .features
        .values()
        .filter(|f| f.owner == side || f.known_to_enemy_since.is_some())
        .collect();
    shown.sort_by_key(|f| (f.step, f.created_hour));
    shown
        .into_iter()
        .map(|f| FeatureView {
            id: f.id.clone(),
            kind: f.kind,
            owner: f.owner,
            step: step_letter(f.step),
            count: f.count,
        })
        .collect()
}

fn side_view(state: &WonsState, side: Side) -> SideView {
    let orders = state.orders.of(side);
    let platoons = state
        .platoons_of(side)
        .map(|p| own_platoon_view(state, side, orders, p))
        .collect();
    let enemy_platoons = enemy_platoons_seen(state, side);
    let features = features_shown(state, side);
    let (battles, earlier_battles) = battles_for(state, side);
    // Those of the battles listed, and any whose surprise is still to come: the older ones are
    // in the side's log.
    let interrogations = state
        .interrogations
        .iter()
        .filter(|i| i.side == side)
        .filter(|i| battles.iter().any(|b| b.id == i.battle) || i.surprise_to_come(state))
        .cloned()
        .collect();
    SideView {
        side,
        campaign: header(state),
        ladder: ladder_for(state, side),
        platoons,
        stacks: if side == Side::Soviet {
            state.stacks.clone()
        } else {
            Vec::new()
        },
        enemy_platoons,
        features,
        battles,
        earlier_battles,
        orders: OwnOrdersView {
            reorganization: orders.reorganization.clone(),
            ready: orders.ready,
            enemy_ready: state.orders.of(side.enemy()).ready,
        },
        support_lists: state
            .support
            .iter()
            .filter(|i| i.side == side)
            .cloned()
            .collect(),
        interrogations,
    }
}

/// The Soviet player's view of `state`.
pub fn soviet_view(state: &WonsState) -> SovietView {
    SovietView(side_view(state, Side::Soviet))
}

/// The Finnish player's view of `state`.
pub fn finnish_view(state: &WonsState) -> FinnishView {
    FinnishView(side_view(state, Side::Finnish))
}

/// The umpire's view of `state`.
pub fn umpire_view(state: &WonsState) -> UmpireView {
    UmpireView {
        campaign: header(state),
        state: state.clone(),
    }
}

/// The view of `state` for a participant in `role`.
pub fn view_for(state: &WonsState, role: Role) -> WonsView {
    match role {
        Role::Soviet => WonsView::Soviet(soviet_view(state)),
        Role::Finnish => WonsView::Finnish(finnish_view(state)),
        Role::Umpire => WonsView::Umpire(Box::new(umpire_view(state))),
    }
}

pub mod battle;
pub mod battle_report;
#[cfg(test)]
mod battle_tests;
pub mod battle_umpire;
pub mod battle_words;
pub mod board;
pub mod header;
pub mod picture;
mod schema;
pub mod side_battles;
