//! Soviet control, logistics continuity and isolation (rules 1.1, 6.1 and 6.2).

use super::counters::UnitKind;
use super::events::{Audience, EventKind, TalvisotaEvent};
use super::map::{Nation, SpaceId};
use super::state::{TalvisotaState, UnitLocation};
use crate::core::domain::Side;
use std::collections::{BTreeSet, VecDeque};

/// Whether the Soviets control a space: Soviet territory always; a Finnish space while a Soviet
/// unit or possession marker is in it and no Finnish infiltration force holds it.
pub fn soviet_controls(state: &TalvisotaState, space: &str) -> bool {
    let Some(s) = state.map.space(space) else {
        return false;
    };
    if s.nation == Nation::Soviet {
        return true;
    }
    if finnish_force_in(state, space) {
        return false;
    }
    !state.units_in(Side::Soviet, space).is_empty()
        || state
            .possession_markers
            .iter()
            .any(|m| m.as_deref() == Some(space))
}

/// Whether Finnish units stand in a space (an infiltration force, rule 6.2).
pub fn finnish_force_in(state: &TalvisotaState, space: &str) -> bool {
    !state.units_in(Side::Finnish, space).is_empty()
}

/// The spaces on a Soviet line of progression: reached from a logistics centre through Soviet
/// territory and Soviet-controlled Finnish spaces, over connections open this turn.
///
/// **interpretation**: any logistics centre supplies any front; on the default map every Soviet
/// space leads to the centre of its own front anyway.
pub fn supplied_spaces(state: &TalvisotaState) -> BTreeSet<SpaceId> {
    let mut reached: BTreeSet<SpaceId> = state
        .map
        .spaces
        .iter()
        .filter(|s| s.logistics_centre)
        .map(|s| s.id.clone())
        .collect();
    let mut queue: VecDeque<SpaceId> = reached.iter().cloned().collect();
    while let Some(id) = queue.pop_front() {
        for next in state.map.neighbours(&id, state.turn) {
            if !reached.contains(next) && soviet_controls(state, next) {
                reached.insert(next.to_string());
                queue.push_back(next.to_string());
            }
        }
    }
    reached
}

/// Soviet units on the map cut off from every logistics centre, in map order.
pub fn isolated_units(state: &TalvisotaState) -> Vec<String> {
    let supplied = supplied_spaces(state);
    state
        .units
        .iter()
        .filter(|u| u.side == Side::Soviet)
        .filter_map(|u| match &u.location {
            UnitLocation::Space(s) if !supplied.contains(s) => Some(u.id.clone()),
            _ => None,
        })
        .collect()
}

fn isolation_rank(kind: UnitKind) -> u8 {
    match kind {
        UnitKind::Tan => 0,
        UnitKind::Meca => 1,
        UnitKind::Fus => 2,
        // **interpretation**: rule 6.2 does not list ELI; elite divisions go last.
        _ => 3,
    }
}

/// End of turn (rule 6.2): while the line is broken, one isolated Soviet unit is eliminated, TAN
/// first, then MECA, then FUS.
///
/// **interpretation**: one unit in all per turn, not one per cut-off space; among equals, the one
/// first in the unit list goes.
pub fn eliminate_isolated(state: &mut TalvisotaState) -> Vec<TalvisotaEvent> {
    let isolated = isolated_units(state);
    let victim = isolated
        .iter()
        .filter_map(|id| state.unit(id))
        .min_by_key(|u| isolation_rank(u.kind))
        .map(|u| u.id.clone());
    let Some(victim) = victim else {
        return Vec::new();
    };
    let turn = state.turn;
    let mut space = String::new();
    if let Some(unit) = state.unit_mut(&victim) {
        if let UnitLocation::Space(s) = &unit.location {
            space = s.clone();
        }
        unit.location = UnitLocation::Losses(turn);
    }
    vec![TalvisotaEvent {
        audience: Audience::Everyone,
        turn,
        kind: EventKind::IsolatedUnitEliminated {
            unit: victim,
            space,
        },
    }]
}

/// One step back towards the logistics centres for a beaten Soviet force standing in `from`
/// (rule 4.5.3): the neighbouring Soviet-controlled space nearest a logistics centre. A force in
/// Soviet territory stops.
pub fn retreat_step(state: &TalvisotaState, from: &str) -> SpaceId {
    if state
        .map
        .space(from)
        .is_some_and(|s| s.nation == Nation::Soviet)
    {
        return from.to_string();
    }
    let distance = |target: &str| -> usize {
        // Breadth-first search from the logistics centres over Soviet-controlled spaces.
        let mut seen: BTreeSet<&str> = state
            .map
            .spaces
            .iter()
            .filter(|s| s.logistics_centre)
            .map(|s| s.id.as_str())
            .collect();
        let mut frontier: Vec<&str> = seen.iter().copied().collect();
        let mut depth = 0;
        while !frontier.is_empty() {
            if frontier.contains(&target) {
                return depth;
            }
            let mut next = Vec::new();
            for id in frontier {
                for n in state.map.neighbours(id, state.turn) {
                    if soviet_controls(state, n) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
            depth += 1;
        }
        usize::MAX
    };
    state
        .map
        .neighbours(from, state.turn)
        .into_iter()
        .filter(|n| soviet_controls(state, n))
        .min_by_key(|n| distance(n))
        .filter(|n| distance(n) < distance(from))
        .map(str::to_string)
        .unwrap_or_else(|| from.to_string())
}
