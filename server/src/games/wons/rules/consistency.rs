//! Whether a whole campaign state holds together: the checks a scenario pack passes, applied to
//! a state an umpire correction has changed.

use super::battle_sheet::check_force_morale_table;
use super::ladder::{TableColour, step_letter};
use super::state::WonsState;
use std::collections::BTreeSet;

/// Checks `state` as a scenario pack is checked: the ladder, the clock and the Hour, every
/// platoon, stack, feature, battle and victory level on a step of the ladder, the stack limits
/// and the Force Morale table. The error names the part at fault and what it must be.
pub fn check_state(state: &WonsState) -> Result<(), String> {
    let steps = state.ladder.len();
    if steps == 0 || steps > 26 {
        return Err("ladder: a ladder has 1 to 26 steps".into());
    }
    check_ladder(state)?;
    let on_ladder = |what: String, step: usize| {
        if step < steps {
            Ok(())
        } else {
            Err(format!(
                "{what}: step {step} is not on the ladder of {steps} steps"
            ))
        }
    };
    check_clock(state)?;
    let c = &state.clock;
    for (id, p) in &state.platoons {
        if p.id != *id || id.trim().is_empty() {
            return Err(format!(
                "platoons.{id}.id: a platoon is filed under its own id"
            ));
        }
        on_ladder(format!("platoons.{id}.step"), p.step)?;
        if p.toe.elements.is_empty() {
            return Err(format!(
                "platoons.{id}.toe: a platoon needs at least one section, team or headquarters"
            ));
        }
    }
    check_stacks(state)?;
    for (id, f) in &state.features {
        if f.id != *id || state.platoons.contains_key(id) {
            return Err(format!(
                "features.{id}.id: a feature is filed under its own id, which no platoon has"
            ));
        }
        on_ladder(format!("features.{id}.step"), f.step)?;
    }
    for (i, b) in state.battles.iter().enumerate() {
        on_ladder(format!("battles[{i}].step"), b.step)?;
        for p in b.attackers.iter().chain(&b.defenders) {
            if !state.platoons.contains_key(p) {
                return Err(format!("battles[{i}]: '{p}' is no platoon of the campaign"));
            }
        }
    }
    for (i, l) in state.victory.levels.iter().enumerate() {
        on_ladder(format!("victory.levels[{i}].step"), l.step)?;
        if l.by_hour == 0 || l.by_hour > c.length_hours {
            return Err(format!(
                "victory.levels[{i}].by_hour: an Hour of the campaign, 1 to {}",
                c.length_hours
            ));
        }
    }
    for &step in state.soviet_reached.keys() {
        on_ladder("soviet_reached".into(), step)?;
    }
    check_force_morale_table(&state.force_morale_table)
        .map_err(|why| format!("force_morale_table: {why}"))
}

/// Every step of the ladder lettered in order and offering the Red table.
fn check_ladder(state: &WonsState) -> Result<(), String> {
    for (i, s) in state.ladder.iter().enumerate() {
        if s.letter != step_letter(i) {
            return Err(format!(
                "ladder[{i}].letter: expected '{}': steps are lettered A, B, C… in order",
                step_letter(i)
            ));
        }
        if !s.tables.contains(&TableColour::Red) {
            return Err(format!(
                "ladder[{i}].tables: every step offers the Red table (R2)"
            ));
        }
    }
    Ok(())
}

/// The clock's hours of the day and the campaign's current Hour.
fn check_clock(state: &WonsState) -> Result<(), String> {
    let c = &state.clock;
    if c.length_hours == 0 {
        return Err("clock.length_hours: a campaign lasts at least one Hour".into());
    }
    if c.start_hour_of_day > 23 || c.daylight_from > 23 {
        return Err("clock: an hour of the day is 0 to 23".into());
    }
    if c.daylight_until <= c.daylight_from || c.daylight_until > 24 {
        return Err(
            "clock.daylight_until: daylight ends after it begins, at 24 at the latest".into(),
        );
    }
    // The Hour after the last is reached when every Hour has been played.
    if state.hour == 0 || state.hour > c.length_hours.saturating_add(1) {
        return Err(format!(
            "hour: an Hour of the campaign, 1 to {}",
            c.length_hours.saturating_add(1)
        ));
    }
    Ok(())
}

/// The stack limits, and every stacked platoon a Soviet one in one stack only.
fn check_stacks(state: &WonsState) -> Result<(), String> {
    let limits = state.stack_limits;
    if limits.min == 0 || limits.max < limits.min {
        return Err("stack_limits: a stack holds at least one platoon, the largest no fewer than the smallest".into());
    }
    let mut stacked = BTreeSet::new();
    for (i, stack) in state.stacks.iter().enumerate() {
        for member in &stack.platoons {
            if state.platoons.get(member).map(|p| p.side) != Some(crate::core::domain::Side::Soviet)
            {
                return Err(format!(
                    "stacks[{i}].platoons: '{member}' is no Soviet platoon of the campaign"
                ));
            }
            if !stacked.insert(member) {
                return Err(format!(
                    "stacks[{i}].platoons: '{member}' stands in two stacks"
                ));
            }
        }
    }
    Ok(())
}
