//! Resolving an Hour: every platoon's action in R2 order, fatigue, then the clock moves on.

use super::battle::{BattleStatus, open_battles};
use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::{
    Action, FatigueCircumstances, Light, apply_fatigue, exhaustion, fatigue_change,
};
use super::knowledge::{discover_features, refresh_sightings};
use super::ladder::FireStage;
use super::legality::check_order_in_hour;
use super::movement::{Execution, advances, reorganize, retreats};
use super::orders::{Order, OrderError, PlatoonOrder};
use super::platoon::{PlatoonId, Stack};
use super::state::{HourOrders, WonsState};
use super::works::{bonfires, consolidation, fires, roadblocks};
use crate::core::domain::Side;
use crate::dice::source::Dice;
use std::collections::BTreeMap;

/// Why an Hour could not be resolved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HourError {
    /// The campaign has ended.
    #[error("The campaign has ended")]
    Ended,
    /// All the campaign's Hours have been played.
    #[error("All {0} Hours of the campaign have been played; the umpire should end it")]
    OutOfHours(u32),
    /// A battle still waits for its result.
    #[error("Battle {0} waits for its result: record it before the next Hour")]
    BattlePending(u32),
    /// A side has not marked its orders ready and resolution was not forced.
    #[error(
        "The {0} side has not marked its orders ready; wait, or force resolution as the umpire"
    )]
    NotReady(&'static str),
}

/// Gives every platoon of `side` without an order the Defend action (a deadline or a forced
/// resolution found it without orders).
fn fill_defaults(state: &WonsState, side: Side, orders: &mut HourOrders, events: &mut Vec<Event>) {
    let missing: Vec<PlatoonId> = state
        .platoons_of(side)
        .filter(|p| !orders.orders.contains_key(&p.id))
        .map(|p| p.id.clone())
        .collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|id| state.platoon_name(id)).collect();
    for id in missing {
        orders.orders.insert(id, Order::Defend);
    }
    events.push(Event::new(
        state.hour,
        EventVisibility::side(side),
        EventKind::Orders,
        format!(
            "No orders were given for {}: they Defend.",
            names.join(", ")
        ),
    ));
}

/// Carries out `orders` in the R2 order and charges their fatigue, in Hour `hour`.
fn execute(
    state: &mut WonsState,
    dice: &mut dyn Dice,
    orders: &BTreeMap<PlatoonId, Order>,
    plan: Option<Vec<Stack>>,
    hour: u32,
) -> Vec<Event> {
    let mut run = Execution {
        hour,
        orders,
        events: Vec::new(),
    };
    reorganize(state, plan, &mut run);
    retreats(state, &mut run);
    advances(state, dice, &mut run);
    run.events.extend(refresh_sightings(state, hour));
    run.events.extend(discover_features(state, hour));
    consolidation(state, dice, &mut run);
    roadblocks(state, &mut run);
    fires(state, &mut run);
    bonfires(state, &mut run);
    // Enemies standing on a step see the fires just set there.
    run.events.extend(discover_features(state, hour));
    open_battles(state, &mut run);
    charge_fatigue(state, &mut run);
    run.events
}

fn charge_fatigue(state: &mut WonsState, run: &mut Execution) {
    let light = state.clock.light(run.hour);
    let hour = run.hour;
    let in_battle: Vec<PlatoonId> = state
        .battles
        .iter()
        .filter(|b| b.hour == hour)
        .flat_map(|b| b.attackers.iter().chain(&b.defenders).cloned())
        .collect();
    for p in state.platoons.values_mut() {
        let Some(order) = run.orders.get(&p.id) else {
            continue;
        };
        let how = FatigueCircumstances {
            light,
            in_building: matches!(order, Order::Rest { in_building: true }),
            battle_ensued: in_battle.contains(&p.id),
        };
        let Some(change) = fatigue_change(order.action(), p.side, how) else {
            continue;
        };
        let before = p.fatigue;
        p.fatigue = apply_fatigue(before, change);
        let dark = if light == Light::Darkness {
            ", Darkness"
        } else {
            ""
        };
        let sentence = format!(
            "{}: fatigue {before} → {} ({}{dark}); Exhaustion {}.",
            p.name,
            p.fatigue,
            order.action().title(),
            exhaustion(p.fatigue)
        );
        run.events.push(Event::new(
            hour,
            EventVisibility::side(p.side),
            EventKind::Fatigue,
            sentence,
        ));
    }
}

fn advance_clock(state: &mut WonsState, events: &mut Vec<Event>) {
    let old = state.hour;
    state.hour += 1;
    let new = state.hour;
    for (index, step) in state.ladder.iter().enumerate() {
        for building in &step.buildings {
            let Some(fire) = &building.fire else { continue };
            let (before, after) = (fire.stage(old), fire.stage(new));
            if before == after {
                continue;
            }
            let visibility = if fire.known_to_enemy_since.is_some() {
                EventVisibility::Public
            } else {
                EventVisibility::side(fire.set_by)
            };
            let what = match after {
                FireStage::HotRuins => {
                    "has burnt out; its ruins are too hot to enter for four Hours"
                }
                FireStage::Ruins | FireStage::Burning => "is now cold ruins",
            };
            let label = state
                .ladder
                .get(index)
                .map(|s| s.label())
                .unwrap_or_default();
            events.push(Event::new(
                new,
                visibility,
                EventKind::Fire,
                format!("{} at {label} {what} (R26).", building.name),
            ));
        }
    }
    for p in state.platoons.values_mut() {
        if p.warm_through_hour == Some(old) {
            events.push(Event::new(
                new,
                EventVisibility::side(p.side),
                EventKind::Bonfire,
                format!("{}'s bonfire has burnt down.", p.name),
            ));
        }
        p.extra_action_from = None;
    }
    state.orders = Default::default();
    let mut sentence = format!("The clock moves on: {}.", state.clock.label(new));
    if new > state.clock.length_hours {
        sentence.push_str(" The campaign's Hours are all played; the umpire may end it.");
    }
    events.push(Event::new(
        new,
        EventVisibility::Public,
        EventKind::Clock,
        sentence,
    ));
}

/// Resolves the current Hour: when both sides are ready, or when `forced` (the umpire, or a
/// deadline), in which case platoons without orders Defend. Mutates `state`.
pub fn resolve_hour(
    state: &mut WonsState,
    dice: &mut dyn Dice,
    forced: bool,
) -> Result<Vec<Event>, HourError> {
    if !state.is_running() {
        return Err(HourError::Ended);
    }
    if state.hour > state.clock.length_hours {
        return Err(HourError::OutOfHours(state.clock.length_hours));
    }
    if let Some(b) = state.pending_battle() {
        return Err(HourError::BattlePending(b.id));
    }
    if !forced {
        if !state.orders.soviet.ready {
            return Err(HourError::NotReady("Soviet"));
        }
        if !state.orders.finnish.ready {
            return Err(HourError::NotReady("Finnish"));
        }
    }
    let hour = state.hour;
    let mut events = vec![Event::new(
        hour,
        EventVisibility::Public,
        EventKind::Clock,
        format!("{} resolves.", state.clock.label(hour)),
    )];
    let mut soviet = state.orders.soviet.clone();
    let mut finnish = state.orders.finnish.clone();
    fill_defaults(state, Side::Soviet, &mut soviet, &mut events);
    fill_defaults(state, Side::Finnish, &mut finnish, &mut events);
    let mut all = soviet.orders;
    all.extend(finnish.orders);
    events.extend(execute(state, dice, &all, soviet.reorganization, hour));
    advance_clock(state, &mut events);
    Ok(events)
}

/// Carries out the extra action a platoon may take at once after a battle of fewer than three
/// Turns (R2). A Soviet platoon's Advance or Retreat moves its whole stack, as stacks move as one:
/// every platoon of the stack must have an extra action of its own (each fought in a short
/// battle), and each uses it. A Reorganize is allowed only to a platoon alone in its stack. Each
/// acting platoon's order for the current Hour, if any, is withdrawn and its side's ready mark
/// cleared.
pub fn take_extra_action(
    state: &mut WonsState,
    dice: &mut dyn Dice,
    side: Side,
    order: PlatoonOrder,
) -> Result<Vec<Event>, OrderError> {
    if !state.is_running() {
        return Err(OrderError::Closed("the campaign has ended".into()));
    }
    let extra_of = |state: &WonsState, id: &str| {
        state
            .platoons
            .get(id)
            .filter(|p| p.side == side)
            .ok_or_else(|| OrderError::UnknownPlatoon(id.to_owned()))?
            .extra_action_from
            .ok_or_else(|| {
                OrderError::Closed(format!(
                    "{} has no extra action: only platoons of a battle shorter than three Turns get one (R2)",
                    state.platoon_name(id)
                ))
            })
    };
    let battle_id = extra_of(state, &order.platoon)?;
    let hour = state
        .battles
        .iter()
        .find(|b| b.id == battle_id && b.status != BattleStatus::Pending)
        .map_or(state.hour, |b| b.hour);
    let action = order.order.action();
    let stack = (side == Side::Soviet)
        .then(|| state.stack_of(&order.platoon).map(|(_, s)| s.clone()))
        .flatten();
    let mut acting: Vec<String> = vec![order.platoon.clone()];
    if side == Side::Soviet
        && matches!(
            action,
            Action::Advance | Action::Retreat | Action::Reorganize
        )
    {
        let Some(stack) = stack.filter(|s| action != Action::Reorganize || s.platoons.len() == 1)
        else {
            return Err(OrderError::StackSplit {
                stack: state
                    .stack_of(&order.platoon)
                    .map(|(_, s)| s.id.clone())
                    .unwrap_or_default(),
                action: action.title(),
            });
        };
        for mate in stack.platoons.iter().filter(|p| **p != order.platoon) {
            if state
                .platoons
                .get(mate)
                .is_none_or(|p| p.extra_action_from.is_none())
            {
                return Err(OrderError::Closed(format!(
                    "stack {} moves as one, and {} has no extra action of its own (it fought in no battle shorter than three Turns), so the stack cannot {} now (R2)",
                    stack.id,
                    state.platoon_name(mate),
                    action.title().to_lowercase()
                )));
            }
            acting.push(mate.clone());
        }
    }
    for id in &acting {
        check_order_in_hour(state, side, id, &order.order, hour)?;
    }
    let mut single = BTreeMap::new();
    let mut withdrawn = false;
    let names: Vec<String> = acting.iter().map(|id| state.platoon_name(id)).collect();
    for id in acting {
        if let Some(p) = state.platoons.get_mut(&id) {
            p.extra_action_from = None;
        }
        let hour_orders = state.orders.of_mut(side);
        withdrawn |= hour_orders.orders.remove(&id).is_some();
        hour_orders.ready = false;
        single.insert(id, order.order.clone());
    }
    let who = if names.len() > 1 {
        format!("{} (their stack moves as one)", names.join(" and "))
    } else {
        names.join("")
    };
    let mut events = vec![Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Orders,
        format!(
            "{who} {} an extra action after battle {battle_id}: {}.{}",
            if single.len() > 1 { "take" } else { "takes" },
            action.title(),
            if withdrawn {
                " The order for the coming Hour was withdrawn; give it again."
            } else {
                ""
            }
        ),
    )];
    events.extend(execute(state, dice, &single, None, hour));
    Ok(events)
}
