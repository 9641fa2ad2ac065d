//! Which orders are legal: the R2 restrictions on each action and the Soviet stack rules.

use super::fatigue::Action;
use super::ladder::{StepIndex, TableColour, step_away_from_enemy, step_towards_enemy};
use super::orders::{Order, OrderError};
use super::platoon::{Platoon, Stack};
use super::state::{FeatureKind, HourOrders, WonsState};
use crate::core::domain::Side;
use std::collections::{BTreeMap, BTreeSet};

mod stacks;

pub use stacks::{affected_by_plan, check_stack_plan, planned_stacks};

fn own_platoon<'a>(state: &'a WonsState, side: Side, id: &str) -> Result<&'a Platoon, OrderError> {
    state
        .platoons
        .get(id)
        .filter(|p| p.side == side)
        .ok_or_else(|| OrderError::UnknownPlatoon(id.to_string()))
}

/// Whether the Soviets' next attack at `step` would be the initial one (no Soviet battle there
/// yet, or only ones in the current Hour): such attacks are fought on the Red table (R2).
pub fn soviet_attack_red_only(state: &WonsState, step: StepIndex, hour: u32) -> bool {
    state
        .first_soviet_attack(step)
        .is_none_or(|first| first == hour)
}

/// Whether no Soviet attack has yet been made at `step`.
pub fn soviet_initial_attack(state: &WonsState, step: StepIndex) -> bool {
    state.first_soviet_attack(step).is_none()
}

fn check_attack(
    state: &WonsState,
    platoon: &Platoon,
    order: &Order,
    hour: u32,
) -> Result<(), OrderError> {
    let Order::Attack { table, scenario } = order else {
        return Ok(());
    };
    let name = platoon.name.clone();
    let step_label = state.step_label(platoon.step);
    if state.initiative != platoon.side {
        return Err(OrderError::NeedsInitiative { platoon: name });
    }
    if !state.side_on_step(platoon.side.enemy(), platoon.step) {
        return Err(OrderError::NoEnemy {
            platoon: name,
            step: step_label,
        });
    }
    let table_refused = |why| OrderError::TableNotAllowed {
        platoon: platoon.name.clone(),
        table: *table,
        step: step_label.clone(),
        why,
    };
    let step = state.ladder.get(platoon.step);
    if !step.is_some_and(|s| s.tables.contains(table)) {
        return Err(table_refused("this step does not offer that table"));
    }
    match platoon.side {
        Side::Soviet => {
            if scenario.is_some() {
                return Err(OrderError::Scenario(
                    "Only a Finnish counterattack chooses a scenario",
                ));
            }
            if state.stack_of(&platoon.id).map(|(rank, _)| rank) != Some(0) {
                return Err(OrderError::NotLeadingStack { platoon: name });
            }
            if soviet_attack_red_only(state, platoon.step, hour) {
                if *table != TableColour::Red {
                    return Err(table_refused(
                        "the initial attack and any others in its Hour use the Red table",
                    ));
                }
            } else if !TableColour::SOVIET_LATER.contains(table) {
                return Err(table_refused(
                    "later Soviet attacks use Red, Yellow or Purple",
                ));
            }
        }
        Side::Finnish => {
            if scenario.is_none() {
                return Err(OrderError::Scenario(
                    "A Finnish counterattack must choose scenario 2 Probe, 3 Attack and Defend or 5 Flank Attack",
                ));
            }
        }
    }
    Ok(())
}

/// Checks one order for one platoon against the R2 restrictions that concern it alone.
pub fn check_order(
    state: &WonsState,
    side: Side,
    platoon_id: &str,
    order: &Order,
) -> Result<(), OrderError> {
    check_order_in_hour(state, side, platoon_id, order, state.hour)
}

/// The step an Advance or Retreat from `from` moves onto, if any.
pub fn moving_onto(side: Side, from: StepIndex, steps: usize, order: &Order) -> Option<StepIndex> {
    match order {
        Order::Advance => step_towards_enemy(side, from, steps),
        Order::Retreat => step_away_from_enemy(side, from, steps),
        _ => None,
    }
}

/// As `check_order`, for an action taken in Hour `hour` (an extra action after a short battle
/// belongs to the battle's Hour).
pub fn check_order_in_hour(
    state: &WonsState,
    side: Side,
    platoon_id: &str,
    order: &Order,
    hour: u32,
) -> Result<(), OrderError> {
    let platoon = own_platoon(state, side, platoon_id)?;
    let action = order.action();
    if !action.allowed_for(side) {
        return Err(OrderError::SideOnly {
            action: action.title(),
        });
    }
    let name = || platoon.name.clone();
    let here = || state.step_label(platoon.step);
    let enemy_here = state.side_on_step(side.enemy(), platoon.step);
    let steps = state.ladder.len();
    match order {
        Order::Advance | Order::Rest { .. } if enemy_here => Err(OrderError::EnemyOnStep {
            platoon: name(),
            action: action.title(),
            step: here(),
        }),
        Order::Advance if step_towards_enemy(side, platoon.step, steps).is_none() => {
            Err(OrderError::LadderEnd {
                platoon: name(),
                action: action.title(),
                step: here(),
            })
        }
        Order::Advance | Order::Retreat
            if moving_onto(side, platoon.step, steps, order)
                .and_then(|to| state.move_ban(side, to, hour, *order == Order::Advance))
                .is_some() =>
        {
            let to = moving_onto(side, platoon.step, steps, order).unwrap_or(platoon.step);
            Err(OrderError::BarrageBan {
                platoon: name(),
                action: action.title(),
                step: state.step_label(to),
                reason: state
                    .move_ban(side, to, hour, *order == Order::Advance)
                    .map(|b| b.reason.clone())
                    .unwrap_or_default(),
            })
        }
        Order::Retreat if step_away_from_enemy(side, platoon.step, steps).is_none() => {
            Err(OrderError::LadderEnd {
                platoon: name(),
                action: action.title(),
                step: here(),
            })
        }
        Order::Rest { in_building: true }
            if !state
                .ladder
                .get(platoon.step)
                .is_some_and(|s| s.has_intact_building()) =>
        {
            Err(OrderError::NoBuilding {
                platoon: name(),
                step: here(),
            })
        }
        Order::Attack { .. } => check_attack(state, platoon, order, hour),
        Order::AdjustRoadblock { build: false }
            if !state.features.values().any(|f| {
                f.kind == FeatureKind::Roadblock && f.owner == side && f.step == platoon.step
            }) =>
        {
            Err(OrderError::NoRoadblock {
                platoon: name(),
                step: here(),
            })
        }
        Order::BurnBuildings { buildings } => {
            let standing: Vec<&str> = state
                .ladder
                .get(platoon.step)
                .map(|s| {
                    s.buildings
                        .iter()
                        .filter(|b| b.is_intact())
                        .map(|b| b.name.as_str())
                        .collect()
                })
                .unwrap_or_default();
            if let Some(missing) = buildings.iter().find(|b| !standing.contains(&b.as_str())) {
                return Err(OrderError::CannotBurn {
                    platoon: name(),
                    why: format!(
                        "there is no unburnt building '{missing}' on step {}",
                        here()
                    ),
                });
            }
            if standing.is_empty() {
                return Err(OrderError::CannotBurn {
                    platoon: name(),
                    why: format!("step {} has no building left to set on fire", here()),
                });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Checks the rules that concern a side's orders together. With `complete`, platoons without
/// an order count as Defending (as they will when the Hour resolves).
pub fn check_side_orders(
    state: &WonsState,
    side: Side,
    orders: &HourOrders,
    complete: bool,
) -> Result<(), OrderError> {
    if side == Side::Finnish {
        return Ok(());
    }
    // R2: the initial attack on an ordinary step is made by a single platoon.
    let mut attackers: BTreeMap<StepIndex, usize> = BTreeMap::new();
    for (id, order) in &orders.orders {
        if let (Order::Attack { .. }, Some(p)) = (order, state.platoons.get(id)) {
            *attackers.entry(p.step).or_default() += 1;
        }
    }
    for (step, count) in attackers {
        let major = state.ladder.get(step).is_some_and(|s| s.major_defence_line);
        if count > 1 && !major && soviet_initial_attack(state, step) {
            return Err(OrderError::InitialAttackOnePlatoon {
                step: state.step_label(step),
            });
        }
    }
    let stacks = planned_stacks(state, orders);
    let affected = match &orders.reorganization {
        Some(plan) => affected_by_plan(&state.stacks, plan),
        None => BTreeSet::new(),
    };
    for (id, order) in &orders.orders {
        let action = order.action();
        if action == Action::Reorganize && !affected.contains(id) {
            return Err(OrderError::BadReorganization(format!(
                "{} is ordered to Reorganize but the planned stacks do not change it",
                state.platoon_name(id)
            )));
        }
    }
    for id in &affected {
        let action = orders.orders.get(id).map(Order::action);
        let fits = matches!(action, Some(Action::Reorganize | Action::Advance));
        if !fits && (complete || action.is_some()) {
            return Err(OrderError::BadReorganization(format!(
                "{} changes stack and must be ordered to Reorganize (or Advance)",
                state.platoon_name(id)
            )));
        }
    }
    for moving in [Action::Advance, Action::Retreat] {
        for stack in stacks {
            let actions: Vec<Option<Action>> = stack
                .platoons
                .iter()
                .map(|id| orders.orders.get(id).map(Order::action))
                .collect();
            let some_move = actions.contains(&Some(moving));
            let all_move = actions.iter().all(|a| *a == Some(moving));
            let other_given = actions.iter().any(|a| a.is_some_and(|a| a != moving));
            if some_move && !all_move && (complete || other_given) {
                return Err(OrderError::StackSplit {
                    stack: stack.id.clone(),
                    action: moving.title(),
                });
            }
        }
    }
    if complete {
        check_retreats_do_not_pass(state, orders, stacks)?;
    }
    Ok(())
}

fn check_retreats_do_not_pass(
    state: &WonsState,
    orders: &HourOrders,
    stacks: &[Stack],
) -> Result<(), OrderError> {
    let retreats = |stack: &Stack| {
        stack
            .platoons
            .iter()
            .all(|id| orders.orders.get(id).map(Order::action) == Some(Action::Retreat))
    };
    for (front, behind) in stacks.iter().zip(stacks.iter().skip(1)) {
        if retreats(front)
            && !retreats(behind)
            && state.stack_step(front) == state.stack_step(behind)
        {
            return Err(OrderError::StacksPass {
                stack: front.id.clone(),
                other: behind.id.clone(),
            });
        }
    }
    Ok(())
}
