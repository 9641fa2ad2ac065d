//! The Soviet stack rules of the orders: the stacks a side will march in, who a reorganization
//! affects, and whether a plan keeps every platoon in one stack, within the sizes, in road order.

use crate::core::domain::Side;
use crate::games::wons::rules::orders::OrderError;
use crate::games::wons::rules::platoon::{PlatoonId, Stack};
use crate::games::wons::rules::state::{HourOrders, WonsState};
use std::collections::{BTreeMap, BTreeSet};

/// The stacks that the Soviet orders will march in: the reorganization plan if there is one.
pub fn planned_stacks<'a>(state: &'a WonsState, orders: &'a HourOrders) -> &'a [Stack] {
    orders.reorganization.as_deref().unwrap_or(&state.stacks)
}

/// The Soviet platoons a reorganization changes: the members or order of their stack differ,
/// or different platoons now march ahead of it.
pub fn affected_by_plan(old: &[Stack], new: &[Stack]) -> BTreeSet<PlatoonId> {
    type Place = (Vec<PlatoonId>, BTreeSet<PlatoonId>);
    let place = |stacks: &[Stack]| -> BTreeMap<PlatoonId, Place> {
        let mut places = BTreeMap::new();
        let mut ahead = BTreeSet::new();
        for stack in stacks {
            for id in &stack.platoons {
                places.insert(id.clone(), (stack.platoons.clone(), ahead.clone()));
            }
            ahead.extend(stack.platoons.iter().cloned());
        }
        places
    };
    let (before, after) = (place(old), place(new));
    after
        .iter()
        .filter(|(id, now)| before.get(*id) != Some(*now))
        .map(|(id, _)| id.clone())
        .collect()
}

/// Checks a stack plan: every Soviet platoon in exactly one stack, sizes within the limits,
/// each stack on one step, and the column in road order.
pub fn check_stack_plan(state: &WonsState, plan: &[Stack]) -> Result<(), OrderError> {
    let bad = |why: String| Err(OrderError::BadReorganization(why));
    let soviets: BTreeSet<&str> = state
        .platoons_of(Side::Soviet)
        .map(|p| p.id.as_str())
        .collect();
    let mut seen = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut previous_step = None;
    for stack in plan {
        if !ids.insert(stack.id.as_str()) {
            return bad(format!("stack id '{}' is used twice", stack.id));
        }
        let size = stack.platoons.len();
        let limits = state.stack_limits;
        if size < limits.min || size > limits.max {
            return bad(format!(
                "stack {} would hold {size} platoons; stacks hold {} to {}",
                stack.id, limits.min, limits.max
            ));
        }
        let mut steps = BTreeSet::new();
        for id in &stack.platoons {
            if !soviets.contains(id.as_str()) {
                return bad(format!("you have no platoon '{id}'"));
            }
            if !seen.insert(id.as_str()) {
                return bad(format!("platoon '{id}' is in two stacks"));
            }
            steps.extend(state.platoons.get(id).map(|p| p.step));
        }
        if steps.len() > 1 {
            return bad(format!(
                "stack {} would join platoons on different steps",
                stack.id
            ));
        }
        let step = steps.first().copied();
        if let (Some(prev), Some(step)) = (previous_step, step)
            && step > prev
        {
            return bad(format!(
                "stack {} stands ahead of the stack before it: stacks cannot pass each other",
                stack.id
            ));
        }
        previous_step = step.or(previous_step);
    }
    if let Some(missing) = soviets.iter().find(|id| !seen.contains(*id)) {
        return bad(format!("platoon '{missing}' is in no stack"));
    }
    Ok(())
}
