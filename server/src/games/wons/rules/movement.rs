//! Resolving movement: Soviet reorganization, retreats, and advances with the exhaustion roll.

use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::Action;
use super::ladder::{StepIndex, step_away_from_enemy, step_towards_enemy};
use super::legality::{affected_by_plan, check_stack_plan};
use super::orders::Order;
use super::platoon::{PlatoonId, Stack};
use super::state::WonsState;
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};
use std::collections::BTreeMap;

/// The orders being carried out, with the Hour they belong to.
pub(super) struct Execution<'a> {
    /// The Hour the actions belong to.
    pub hour: u32,
    /// Every ordered platoon's order (both sides).
    pub orders: &'a BTreeMap<PlatoonId, Order>,
    /// What happened, in order.
    pub events: Vec<Event>,
}

impl Execution<'_> {
    pub(super) fn action_of(&self, id: &str) -> Option<Action> {
        self.orders.get(id).map(Order::action)
    }

    pub(super) fn note(&mut self, visibility: EventVisibility, kind: EventKind, sentence: String) {
        self.events
            .push(Event::new(self.hour, visibility, kind, sentence));
    }

    fn stack_all(&self, stack: &Stack, action: Action) -> bool {
        !stack.platoons.is_empty()
            && stack
                .platoons
                .iter()
                .all(|id| self.action_of(id) == Some(action))
    }
}

/// Moves platoon `id` to `step` and keeps the record of how far the Soviets have come.
pub(super) fn move_platoon(state: &mut WonsState, id: &str, step: StepIndex, hour: u32) {
    let mut soviet = false;
    if let Some(p) = state.platoons.get_mut(id) {
        p.step = step;
        soviet = p.side == Side::Soviet;
    }
    if soviet {
        state.soviet_reached.entry(step).or_insert(hour);
    }
}

/// Replaces the stacks by the Soviet plan if the plan still fits (R2 Reorganize).
pub(super) fn reorganize(state: &mut WonsState, plan: Option<Vec<Stack>>, run: &mut Execution) {
    let Some(plan) = plan else { return };
    let checked = check_stack_plan(state, &plan)
        .map_err(|e| e.to_string())
        .and_then(|()| {
            let unordered: Vec<String> = affected_by_plan(&state.stacks, &plan)
                .into_iter()
                .filter(|id| {
                    !matches!(
                        run.action_of(id),
                        Some(Action::Reorganize | Action::Advance)
                    )
                })
                .map(|id| state.platoon_name(&id))
                .collect();
            if unordered.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "not ordered to Reorganize: {} (R2)",
                    unordered.join(", ")
                ))
            }
        });
    match checked {
        Ok(()) => {
            let listing: Vec<String> = plan
                .iter()
                .map(|s| {
                    let names: Vec<String> =
                        s.platoons.iter().map(|p| state.platoon_name(p)).collect();
                    format!("{} [{}]", s.id, names.join(", "))
                })
                .collect();
            state.stacks = plan;
            run.note(
                EventVisibility::Soviet,
                EventKind::Reorganization,
                format!("Stacks reorganized, front to back: {}.", listing.join("; ")),
            );
        }
        Err(why) => run.note(
            EventVisibility::Soviet,
            EventKind::Reorganization,
            format!("The planned reorganization could not be carried out: {why}"),
        ),
    }
}

fn step_name(state: &WonsState, step: StepIndex) -> String {
    state.step_label(step)
}

/// Carries out ordered retreats: Finnish platoons one by one, Soviet stacks as a whole.
pub(super) fn retreats(state: &mut WonsState, run: &mut Execution) {
    let steps = state.ladder.len();
    let finns: Vec<PlatoonId> = state
        .platoons_of(Side::Finnish)
        .filter(|p| run.action_of(&p.id) == Some(Action::Retreat))
        .map(|p| p.id.clone())
        .collect();
    for id in finns {
        retreat_one(state, &id, steps, run);
    }
    let stacks = state.stacks.clone();
    for (rank, stack) in stacks.iter().enumerate().rev() {
        let ordered: Vec<&PlatoonId> = stack
            .platoons
            .iter()
            .filter(|id| run.action_of(id) == Some(Action::Retreat))
            .collect();
        if ordered.is_empty() {
            continue;
        }
        if !run.stack_all(stack, Action::Retreat) {
            run.note(
                EventVisibility::Soviet,
                EventKind::Movement,
                format!(
                    "Stack {} did not retreat: not all its platoons were ordered to (R2).",
                    stack.id
                ),
            );
            continue;
        }
        let behind = stacks.get(rank + 1);
        let here = state.stack_step(stack);
        if let Some(behind) = behind
            && !run.stack_all(behind, Action::Retreat)
            && state.stack_step(behind) == here
        {
            run.note(
                EventVisibility::Soviet,
                EventKind::Movement,
                format!(
                    "Stack {} could not retreat past stack {} (R2: stacks cannot pass).",
                    stack.id, behind.id
                ),
            );
            continue;
        }
        for id in &stack.platoons {
            retreat_one(state, id, steps, run);
        }
    }
}

/// Moves one platoon a step away from the enemy, or says why it stays.
pub(super) fn retreat_one(state: &mut WonsState, id: &str, steps: usize, run: &mut Execution) {
    let Some(p) = state.platoons.get(id) else {
        return;
    };
    let (side, name, from) = (p.side, p.name.clone(), p.step);
    match step_away_from_enemy(side, from, steps) {
        Some(to) if let Some(ban) = state.move_ban(side, to, run.hour, false) => {
            let sentence = format!(
                "{name} could not retreat onto {}: {} (R23.1).",
                step_name(state, to),
                ban.reason
            );
            run.note(EventVisibility::side(side), EventKind::Movement, sentence);
        }
        Some(to) => {
            move_platoon(state, id, to, run.hour);
            let sentence = format!(
                "{name} retreated from {} to {}.",
                step_name(state, from),
                step_name(state, to)
            );
            run.note(EventVisibility::side(side), EventKind::Movement, sentence);
        }
        None => run.note(
            EventVisibility::side(side),
            EventKind::Movement,
            format!(
                "{name} could not retreat beyond the end of the ladder at {}.",
                step_name(state, from)
            ),
        ),
    }
}

/// Carries out advances: Finnish platoons move; Soviet stacks, front first, roll 1d6 and move
/// only on a roll higher than their most exhausted platoon's Exhaustion, never passing the
/// stack ahead (R2).
pub(super) fn advances(state: &mut WonsState, dice: &mut dyn Dice, run: &mut Execution) {
    let steps = state.ladder.len();
    let finns: Vec<PlatoonId> = state
        .platoons_of(Side::Finnish)
        .filter(|p| run.action_of(&p.id) == Some(Action::Advance))
        .map(|p| p.id.clone())
        .collect();
    for id in finns {
        let Some(p) = state.platoons.get(&id) else {
            continue;
        };
        let (name, from) = (p.name.clone(), p.step);
        if let Some(to) = step_towards_enemy(Side::Finnish, from, steps) {
            if let Some(ban) = state.move_ban(Side::Finnish, to, run.hour, true) {
                let sentence = format!(
                    "{name} could not advance onto {}: {} (R23.1).",
                    step_name(state, to),
                    ban.reason
                );
                run.note(EventVisibility::Finnish, EventKind::Movement, sentence);
                continue;
            }
            move_platoon(state, &id, to, run.hour);
            let sentence = format!(
                "{name} advanced from {} to {}.",
                step_name(state, from),
                step_name(state, to)
            );
            run.note(EventVisibility::Finnish, EventKind::Movement, sentence);
        }
    }
    let stacks = state.stacks.clone();
    for (rank, stack) in stacks.iter().enumerate() {
        if !stack
            .platoons
            .iter()
            .any(|id| run.action_of(id) == Some(Action::Advance))
        {
            continue;
        }
        if !run.stack_all(stack, Action::Advance) {
            run.note(
                EventVisibility::Soviet,
                EventKind::Movement,
                format!(
                    "Stack {} did not advance: not all its platoons were ordered to (R2).",
                    stack.id
                ),
            );
            continue;
        }
        advance_stack(state, dice, run, &stacks, rank, steps);
    }
}

fn advance_stack(
    state: &mut WonsState,
    dice: &mut dyn Dice,
    run: &mut Execution,
    stacks: &[Stack],
    rank: usize,
    steps: usize,
) {
    let Some(stack) = stacks.get(rank) else {
        return;
    };
    let Some(from) = state.stack_step(stack) else {
        return;
    };
    let Some(to) = step_towards_enemy(Side::Soviet, from, steps) else {
        return;
    };
    if let Some(ban) = state.move_ban(Side::Soviet, to, run.hour, true) {
        let sentence = format!(
            "Stack {} could not advance onto {}: {} (R23.1).",
            stack.id,
            step_name(state, to),
            ban.reason
        );
        run.note(EventVisibility::Soviet, EventKind::Movement, sentence);
        return;
    }
    let ahead = rank.checked_sub(1).and_then(|r| stacks.get(r));
    if let Some(ahead) = ahead
        && state.stack_step(ahead).is_some_and(|s| s < to)
    {
        run.note(
            EventVisibility::Soviet,
            EventKind::Movement,
            format!(
                "Stack {} stayed at {}: it cannot pass stack {} ahead (R2).",
                stack.id,
                step_name(state, from),
                ahead.id
            ),
        );
        return;
    }
    let worst = stack
        .platoons
        .iter()
        .filter_map(|id| state.platoons.get(id))
        .map(|p| p.exhaustion())
        .max()
        .unwrap_or(0);
    let names: Vec<String> = stack
        .platoons
        .iter()
        .map(|id| state.platoon_name(id))
        .collect();
    let purpose = format!(
        "Stack {} ({}) advance roll against Exhaustion {worst} (R2)",
        stack.id,
        names.join(", ")
    );
    let roll = dice
        .roll(RollSpec::d6s(purpose, Role::Soviet, Visibility::Side, 1))
        .first()
        .copied()
        .unwrap_or(0);
    if roll > worst {
        for id in &stack.platoons {
            move_platoon(state, id, to, run.hour);
        }
        run.note(
            EventVisibility::Soviet,
            EventKind::AdvanceRoll,
            format!(
                "Stack {} rolled {roll} against Exhaustion {worst} and advanced from {} to {}.",
                stack.id,
                step_name(state, from),
                step_name(state, to)
            ),
        );
    } else {
        run.note(
            EventVisibility::Soviet,
            EventKind::AdvanceRoll,
            format!(
                "Stack {} rolled {roll}, not higher than Exhaustion {worst}: it stays at {}.",
                stack.id,
                step_name(state, from)
            ),
        );
    }
}
