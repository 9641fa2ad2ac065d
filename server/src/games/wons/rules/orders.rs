//! Orders: the one R2 action each platoon takes this Hour, and the commands that give them.

use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::Action;
use super::ladder::TableColour;
use super::legality::{check_order, check_side_orders, check_stack_plan};
use super::platoon::{PlatoonId, Stack};
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// The scenarios a Finnish counterattack may choose (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CounterattackScenario {
    /// Scenario 2, Probe.
    Probe,
    /// Scenario 3, Attack and Defend.
    AttackAndDefend,
    /// Scenario 5, Flank Attack.
    FlankAttack,
}

fn red() -> TableColour {
    TableColour::Red
}

/// One platoon's action for the Hour, with what the action needs to know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Order {
    /// Move one step towards the enemy.
    Advance,
    /// Attack the enemy on this step.
    Attack {
        /// The table the battle is fought on.
        #[serde(default = "red")]
        table: TableColour,
        /// Finns: the counterattack's scenario.
        #[serde(default)]
        scenario: Option<CounterattackScenario>,
    },
    /// Stand ready for an attack.
    Defend,
    /// Dig in for the Hour.
    ConsolidateDefenses,
    /// Finns: build (`true`) or take down (`false`) a prepared roadblock on this step.
    AdjustRoadblock {
        /// Build rather than take down.
        build: bool,
    },
    /// Set buildings on this step on fire: the named ones, or every one not yet burning.
    BurnBuildings {
        /// Buildings by name; empty means all.
        #[serde(default)]
        buildings: Vec<String>,
    },
    /// Soviets: build a bonfire.
    BuildBonfire,
    /// Move one step away from the enemy.
    Retreat,
    /// Rest, in a building if `in_building`.
    Rest {
        /// Rest inside an intact building on this step.
        #[serde(default)]
        in_building: bool,
    },
    /// Soviets: take part in the reorganization of the stacks.
    Reorganize,
}

impl Order {
    /// The R2 action this order carries out.
    pub fn action(&self) -> Action {
        match self {
            Order::Advance => Action::Advance,
            Order::Attack { .. } => Action::Attack,
            Order::Defend => Action::Defend,
            Order::ConsolidateDefenses => Action::ConsolidateDefenses,
            Order::AdjustRoadblock { .. } => Action::AdjustRoadblock,
            Order::BurnBuildings { .. } => Action::BurnBuildings,
            Order::BuildBonfire => Action::BuildBonfire,
            Order::Retreat => Action::Retreat,
            Order::Rest { .. } => Action::Rest,
            Order::Reorganize => Action::Reorganize,
        }
    }
}

/// An order for one named platoon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlatoonOrder {
    /// The platoon.
    pub platoon: PlatoonId,
    /// Its order.
    pub order: Order,
}

/// Why an order, a reorganization or a ready mark was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The campaign is over or waits for the umpire.
    #[error("Orders are closed: {0}")]
    Closed(String),
    /// The side already marked its orders ready.
    #[error("Your orders for this Hour are marked ready; withdraw the ready mark to change them")]
    AlreadyReady,
    /// The side withdrew a ready mark it had not set.
    #[error("Your orders for this Hour are not marked ready, so there is nothing to withdraw")]
    NotReady,
    /// Ready was asked with platoons still without orders, and their defaults not confirmed.
    #[error(
        "{} still have no orders and would Defend; give them orders, or confirm that they Defend",
        .0.join(", ")
    )]
    DefaultsUnconfirmed(Vec<String>),
    /// No such platoon on the caller's side.
    #[error("You have no platoon '{0}'")]
    UnknownPlatoon(String),
    /// A side-only action given to the wrong side.
    #[error("{action} is not an action your side can take (R2: side-only actions)")]
    SideOnly {
        /// The action's name.
        action: &'static str,
    },
    /// Attack without the initiative.
    #[error("{platoon} cannot Attack: your side does not hold the initiative (R2)")]
    NeedsInitiative {
        /// The platoon's name.
        platoon: String,
    },
    /// Advance or Rest with enemies on the step.
    #[error("{platoon} cannot {action} while enemy units are on step {step} (R2)")]
    EnemyOnStep {
        /// The platoon's name.
        platoon: String,
        /// The action's name.
        action: &'static str,
        /// The step's label.
        step: String,
    },
    /// Attack with no enemy on the step.
    #[error("{platoon} has no enemy to Attack on step {step} (R2)")]
    NoEnemy {
        /// The platoon's name.
        platoon: String,
        /// The step's label.
        step: String,
    },
    /// A barrage forbids moving onto that step this Hour.
    #[error("{platoon} cannot {action} onto {step} this Hour: {reason} (R23.1)")]
    BarrageBan {
        /// The platoon's name.
        platoon: String,
        /// The action's name.
        action: &'static str,
        /// The step's label.
        step: String,
        /// Which barrage, in words.
        reason: String,
    },
    /// A move off the end of the ladder.
    #[error("{platoon} cannot {action}: step {step} is the end of the ladder")]
    LadderEnd {
        /// The platoon's name.
        platoon: String,
        /// The action's name.
        action: &'static str,
        /// The step's label.
        step: String,
    },
    /// A Soviet attack from outside the leading stack.
    #[error(
        "{platoon} cannot Attack: Red Army attacks are made by platoons of the leading stack (R2)"
    )]
    NotLeadingStack {
        /// The platoon's name.
        platoon: String,
    },
    /// More than one platoon in the initial attack on an ordinary step.
    #[error(
        "The initial attack on step {step} must be made by one platoon of the leading stack; only on a major defence line may more take part (R2)"
    )]
    InitialAttackOnePlatoon {
        /// The step's label.
        step: String,
    },
    /// A table the attack may not use.
    #[error("{platoon} cannot attack on the {table} table at step {step}: {why} (R2)")]
    TableNotAllowed {
        /// The platoon's name.
        platoon: String,
        /// The table asked for.
        table: TableColour,
        /// The step's label.
        step: String,
        /// Which restriction applies.
        why: &'static str,
    },
    /// A Finnish counterattack without a scenario, or a Soviet attack with one.
    #[error("{0} (R2)")]
    Scenario(&'static str),
    /// Rest in a building with none standing.
    #[error("{platoon} cannot Rest in a building: step {step} has no intact building (R2, R26)")]
    NoBuilding {
        /// The platoon's name.
        platoon: String,
        /// The step's label.
        step: String,
    },
    /// Taking down a roadblock that is not there.
    #[error("{platoon} cannot take down a roadblock: there is none of yours on step {step} (R2)")]
    NoRoadblock {
        /// The platoon's name.
        platoon: String,
        /// The step's label.
        step: String,
    },
    /// Burning buildings that cannot burn.
    #[error("{platoon} cannot Burn Buildings: {why} (R2, R26)")]
    CannotBurn {
        /// The platoon's name.
        platoon: String,
        /// What is wrong.
        why: String,
    },
    /// A stack split between moving and staying.
    #[error(
        "Every platoon of stack {stack} must be ordered to {action} together, or none (R2: stacks move as one)"
    )]
    StackSplit {
        /// The stack's id.
        stack: String,
        /// The action's name.
        action: &'static str,
    },
    /// A stack that would pass another on the road.
    #[error(
        "Stack {stack} cannot pass stack {other} on the road (R2: stacks cannot pass each other)"
    )]
    StacksPass {
        /// The moving stack.
        stack: String,
        /// The stack it would pass.
        other: String,
    },
    /// A stack plan that breaks the size limits or the road.
    #[error("Reorganization refused: {0} (R2 Reorganize)")]
    BadReorganization(String),
}

/// Refuses when the Hour takes no orders: the campaign has ended, or a battle waits for its result.
fn hour_open(state: &WonsState) -> Result<(), OrderError> {
    if !state.is_running() {
        return Err(OrderError::Closed("the campaign has ended".into()));
    }
    if let Some(battle) = state.pending_battle() {
        return Err(OrderError::Closed(format!(
            "battle {} waits for its result from the umpire",
            battle.id
        )));
    }
    Ok(())
}

fn open_for_orders(state: &WonsState, side: Side) -> Result<(), OrderError> {
    hour_open(state)?;
    if state.orders.of(side).ready {
        return Err(OrderError::AlreadyReady);
    }
    Ok(())
}

/// Gives (or replaces) orders for some of `side`'s platoons; each must be legal (R2).
pub fn give_orders(
    state: &mut WonsState,
    side: Side,
    orders: Vec<PlatoonOrder>,
) -> Result<Vec<Event>, OrderError> {
    open_for_orders(state, side)?;
    let mut merged = state.orders.of(side).clone();
    let mut lines = Vec::new();
    for PlatoonOrder { platoon, order } in orders {
        check_order(state, side, &platoon, &order)?;
        lines.push(format!(
            "{}: {}",
            state.platoon_name(&platoon),
            order.action().title()
        ));
        merged.orders.insert(platoon, order);
    }
    check_side_orders(state, side, &merged, false)?;
    *state.orders.of_mut(side) = merged;
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::side(side),
        EventKind::Orders,
        format!("{} orders given: {}.", side.adjective(), lines.join("; ")),
    )])
}

/// Sets (or with `None` clears) the stacks the Soviets want after reorganizing, front to back.
pub fn set_reorganization(
    state: &mut WonsState,
    plan: Option<Vec<Stack>>,
) -> Result<Vec<Event>, OrderError> {
    open_for_orders(state, Side::Soviet)?;
    if let Some(plan) = &plan {
        check_stack_plan(state, plan)?;
    }
    let mut merged = state.orders.soviet.clone();
    merged.reorganization = plan;
    check_side_orders(state, Side::Soviet, &merged, false)?;
    let sentence = match &merged.reorganization {
        Some(plan) => format!(
            "Planned stacks: {}.",
            plan.iter()
                .map(|s| format!("{} [{}]", s.id, s.platoons.join(", ")))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        None => "The planned reorganization was withdrawn.".to_string(),
    };
    state.orders.soviet = merged;
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Soviet,
        EventKind::Reorganization,
        sentence,
    )])
}

/// Marks `side`'s orders ready; platoons without orders will Defend, which the side must
/// confirm (`confirm_defaults`) when there are any. Stack rules are checked here on the whole set.
pub fn mark_ready(
    state: &mut WonsState,
    side: Side,
    confirm_defaults: bool,
) -> Result<Vec<Event>, OrderError> {
    open_for_orders(state, side)?;
    let orders = state.orders.of(side).clone();
    check_side_orders(state, side, &orders, true)?;
    let defaults = super::awaited::without_orders(state, side);
    if !confirm_defaults && !defaults.is_empty() {
        return Err(OrderError::DefaultsUnconfirmed(defaults));
    }
    state.orders.of_mut(side).ready = true;
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Orders,
        format!("The {} side has marked its orders ready.", side.adjective()),
    )])
}

/// Withdraws `side`'s ready mark so that it can change its orders, as long as the Hour has not
/// resolved (it resolves as soon as both sides are ready). The other side learns only that it is
/// no longer ready, which it knew it had been.
pub fn withdraw_ready(state: &mut WonsState, side: Side) -> Result<Vec<Event>, OrderError> {
    hour_open(state)?;
    if !state.orders.of(side).ready {
        return Err(OrderError::NotReady);
    }
    state.orders.of_mut(side).ready = false;
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Orders,
        format!(
            "The {} side has withdrawn its ready mark and is changing its orders.",
            side.adjective()
        ),
    )])
}

/// The actions `side` may give platoon `platoon` now, for the orders form.
pub fn legal_actions(state: &WonsState, side: Side, platoon: &str) -> Vec<Action> {
    let scenario = (side == Side::Finnish).then_some(CounterattackScenario::Probe);
    let candidates = [
        Order::Advance,
        Order::Attack {
            table: TableColour::Red,
            scenario,
        },
        Order::Defend,
        Order::ConsolidateDefenses,
        Order::AdjustRoadblock { build: true },
        Order::BurnBuildings {
            buildings: Vec::new(),
        },
        Order::BuildBonfire,
        Order::Retreat,
        Order::Rest { in_building: false },
        Order::Reorganize,
    ];
    candidates
        .iter()
        .filter(|o| check_order(state, side, platoon, o).is_ok())
        .map(Order::action)
        .collect()
}
