//! The three projections of a WoNS campaign: what the Soviet player, the Finnish player and
//! the umpire may see. A side's struct holds nothing that side may not know.

use crate::core::domain::{Role, Side};
use crate::games::wons::rules::battle::BattleStatus;
use crate::games::wons::rules::fatigue::{Action, Light};
use crate::games::wons::rules::knowledge::SightingSource;
use crate::games::wons::rules::ladder::{FireStage, TableColour, step_letter};
use crate::games::wons::rules::orders::{CounterattackScenario, Order, legal_actions};
use crate::games::wons::rules::platoon::{Element, HeroId, RetainedItem, Stack};
use crate::games::wons::rules::state::{CampaignStatus, FeatureKind, WonsState};
use crate::games::wons::rules::victory::CampaignResult;
use serde::Serialize;
use std::collections::BTreeMap;

/// One victory level as everyone reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct VictoryLevelView {
    /// Its name.
    pub name: String,
    /// The side it favours.
    pub winner: Side,
    /// The letter of the step the Soviets must reach.
    pub step: String,
    /// By when.
    pub by_hour: u32,
}

/// What everyone knows about the campaign: name, time, initiative, victory conditions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CampaignHeader {
    /// The campaign's name.
    pub name: String,
    /// Whether its pack is a demonstration.
    pub demonstration: bool,
    /// The pack's note.
    pub note: String,
    /// The current Hour.
    pub hour: u32,
    /// "Hour 14, 1940-02-12 05:00, Darkness".
    pub hour_label: String,
    /// Daylight or Darkness now.
    pub light: Light,
    /// How many Hours the campaign lasts.
    pub length_hours: u32,
    /// Who holds the initiative.
    pub initiative: Side,
    /// The result, once the umpire has ended the campaign.
    pub result: Option<CampaignResult>,
    /// The victory levels, checked in order.
    pub victory_levels: Vec<VictoryLevelView>,
    /// The result if no level holds.
    pub victory_otherwise: String,
    /// Optional rules, on or off.
    pub optional_rules: BTreeMap<String, bool>,
}

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

/// A platoon named in a battle record; an enemy the side never identified has no id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BattlePlatoonView {
    /// Its id, if known to the side.
    pub id: Option<String>,
    /// Its name, or "unidentified platoon".
    pub name: String,
}

/// A battle as a side sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BattleView {
    /// Its number.
    pub id: u32,
    /// Its Hour.
    pub hour: u32,
    /// The letter of its step.
    pub step: String,
    /// The attacking side.
    pub attacker: Side,
    /// Attacking platoons.
    pub attackers: Vec<BattlePlatoonView>,
    /// Defending platoons.
    pub defenders: Vec<BattlePlatoonView>,
    /// Its table.
    pub table: TableColour,
    /// A Finnish counterattack's scenario.
    pub scenario: Option<CounterattackScenario>,
    /// Fought in Darkness (otherwise Daylight).
    pub darkness: bool,
    /// Pending or decided.
    pub status: BattleStatus,
    /// The viewer's own pre-battle sheet, once drawn up (never the enemy's).
    #[schema(value_type = Option<Object>)]
    pub own_sheet: Option<crate::games::wons::rules::battle_sheet::BattleSheet>,
    /// The viewer's own barrages for this battle.
    #[schema(value_type = Vec<Object>)]
    pub own_barrages: Vec<crate::games::wons::rules::barrage::BarrageRecord>,
    /// The viewer's own support points and purchases (never the enemy's).
    pub own_support: Option<crate::games::wons::rules::support::SideSupport>,
    /// The surprise one side suffers at the start (both sides read it; the table needs it).
    #[schema(value_type = Option<Object>)]
    pub surprise: Option<crate::games::wons::rules::battle_sheet::Surprise>,
    /// The Soviet recon's Turn Zero, once recorded (fought at the table in front of both).
    #[schema(value_type = Option<Object>)]
    pub turn_zero: Option<crate::games::wons::rules::battle_sheet::TurnZero>,
    /// Which sides have reported the battle, with the winner and Turns they gave (never the
    /// enemy's casualties).
    pub reported: Vec<ReportedView>,
    /// The viewer's own report, waiting for the enemy's.
    pub own_report: Option<crate::games::wons::rules::aftermath::BattleReport>,
    /// The recorded report, with casualties, final Force Morale and support used of the viewer's
    /// side only.
    pub report: Option<crate::games::wons::rules::aftermath::BattleReport>,
    /// Equipment left on the field and its capture rolls.
    pub abandoned: Vec<crate::games::wons::rules::aftermath::AbandonedDevice>,
    /// The enemy's support choices for this battle, when a prisoner the viewer's side
    /// interrogated since its last battle gave good information (R25).
    pub enemy_support_revealed: Option<Vec<String>>,
}

/// A side's report of a battle as the other side sees it: only the winner and Turns it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReportedView {
    /// The reporting side.
    pub side: Side,
    /// The winner it reported.
    pub winner: Side,
    /// The Turns it reported.
    pub turns: u32,
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
    /// Battles.
    pub battles: Vec<BattleView>,
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

fn header(state: &WonsState) -> CampaignHeader {
    CampaignHeader {
        name: state.name.clone(),
        demonstration: state.demonstration,
        note: state.note.clone(),
        hour: state.hour,
        hour_label: state.clock.label(state.hour),
        light: state.clock.light(state.hour),
        length_hours: state.clock.length_hours,
        initiative: state.initiative,
        result: match &state.status {
            CampaignStatus::Ended { result } => Some(result.clone()),
            CampaignStatus::Running => None,
        },
        victory_levels: state
            .victory
            .levels
            .iter()
            .map(|l| VictoryLevelView {
                name: l.name.clone(),
                winner: l.winner,
                step: step_letter(l.step),
                by_hour: l.by_hour,
            })
            .collect(),
        victory_otherwise: state.victory.otherwise_name.clone(),
        optional_rules: state.optional_rules.clone(),
    }
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

fn battle_platoon(state: &WonsState, side: Side, id: &str) -> BattlePlatoonView {
    let known = state.platoons.get(id).is_some_and(|p| p.side == side)
        || state.knowledge.of(side).sightings.contains_key(id);
    let name = if known {
        state.platoon_name(id)
    } else {
        "unidentified platoon".into()
    };
    BattlePlatoonView {
        id: known.then(|| id.to_string()),
        name,
    }
}

fn side_view(state: &WonsState, side: Side) -> SideView {
    let orders = state.orders.of(side);
    let platoons = state
        .platoons_of(side)
        .map(|p| OwnPlatoonView {
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
        })
        .collect();
    let enemy_platoons = state
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
        .collect();
    // Ids are random: list the works up the ladder, oldest first.
    let mut shown: Vec<_> = state
        .features
        .values()
        .filter(|f| f.owner == side || f.known_to_enemy_since.is_some())
        .collect();
    shown.sort_by_key(|f| (f.step, f.created_hour));
    let features = shown
        .into_iter()
        .map(|f| FeatureView {
            id: f.id.clone(),
            kind: f.kind,
            owner: f.owner,
            step: step_letter(f.step),
            count: f.count,
        })
        .collect();
    let battles = state
        .battles
        .iter()
        .map(|b| BattleView {
            id: b.id,
            hour: b.hour,
            step: step_letter(b.step),
            attacker: b.attacker,
            attackers: b
                .attackers
                .iter()
                .map(|id| battle_platoon(state, side, id))
                .collect(),
            defenders: b
                .defenders
                .iter()
                .map(|id| battle_platoon(state, side, id))
                .collect(),
            table: b.table,
            scenario: b.scenario,
            darkness: state.clock.light(b.hour) == crate::games::wons::rules::Light::Darkness,
            status: b.status.clone(),
            own_sheet: b.sheets.iter().find(|s| s.side == side).cloned(),
            own_barrages: b
                .barrages
                .iter()
                .filter(|r| r.side == side)
                .cloned()
                .collect(),
            own_support: b.support.iter().find(|s| s.side == side).cloned(),
            surprise: b.surprise.clone(),
            turn_zero: b.turn_zero.clone(),
            reported: b
                .proposals
                .iter()
                .map(|(side, r)| ReportedView {
                    side: *side,
                    winner: r.winner,
                    turns: r.turns,
                })
                .collect(),
            own_report: b
                .proposals
                .iter()
                .find(|(s, _)| *s == side)
                .map(|(_, r)| r.clone()),
            report: b.report.as_ref().map(|r| report_for(state, r, side)),
            abandoned: b.abandoned.clone(),
            enemy_support_revealed: enemy_support_revealed(state, b, side),
        })
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
        interrogations: state
            .interrogations
            .iter()
            .filter(|i| i.side == side)
            .cloned()
            .collect(),
    }
}

/// The enemy's purchases for battle `b`, if a prisoner `side` interrogated gave good information
/// (R25) and `b` is the side's next battle after the one he was taken in.
fn enemy_support_revealed(
    state: &WonsState,
    b: &crate::games::wons::rules::Battle,
    side: Side,
) -> Option<Vec<String>> {
    use crate::games::wons::rules::tables::interrogation::InterrogationResult;
    let next_after = |taken_in: u32| {
        state
            .battles
            .iter()
            .find(|x| x.id > taken_in && x.fought_by(state, side))
            .map(|x| x.id)
    };
    let told = state.interrogations.iter().any(|r| {
        r.side == side
            && r.interrogation.result != InterrogationResult::NameAndRank
            && next_after(r.battle) == Some(b.id)
    });
    told.then(|| {
        b.support
            .iter()
            .filter(|s| s.side == side.enemy())
            .flat_map(|s| &s.purchases)
            .map(|p| p.name.clone())
            .collect()
    })
}

/// A battle report as `side` may read it: its own casualties, final Force Morale, support used
/// and equipment left behind, and the prisoners it took (its own men taken count among its
/// missing; whether one deserted is the captors' knowledge).
fn report_for(
    state: &WonsState,
    report: &crate::games::wons::rules::aftermath::BattleReport,
    side: Side,
) -> crate::games::wons::rules::aftermath::BattleReport {
    let own = |platoon: &str| state.platoons.get(platoon).is_some_and(|p| p.side == side);
    // An item used is the side's if the side bought it (a purchase, or a retained item made
    // from one: `b{battle}-{item}-{n}`) or still holds it.
    let own_item = |used: &str| {
        state.battles.iter().any(|b| {
            b.support
                .iter()
                .filter(|s| s.side == side)
                .flat_map(|s| &s.purchases)
                .any(|p| p.item == used || used.starts_with(&format!("b{}-{}-", b.id, p.item)))
        }) || state
            .platoons_of(side)
            .flat_map(|p| &p.retained)
            .any(|r| r.id == used)
    };
    let mut mine = report.clone();
    mine.casualties.retain(|c| own(&c.platoon));
    mine.force_morale_end.retain(|f| f.side == side);
    mine.support_used.retain(|u| own_item(u));
    mine.abandoned.retain(|a| own(&a.platoon));
    mine.prisoners.retain(|p| p.taken_by == side);
    mine
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
pub mod picture;
mod schema;
