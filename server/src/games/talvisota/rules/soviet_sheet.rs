//! Checking and placing the Soviet command sheet (rules 3.2.1, 3.2.2, 3.3.2).

use super::error::TalvisotaError;
use super::events::{Audience, EventKind, TalvisotaEvent, public};
use super::logistics::soviet_controls;
use super::map::{ConnectionKind, Nation};
use super::sheet::{
    CommandSheet, SovietAllocation, SovietSheet, check_front_boxes, is_january, mark_used,
    needs_phase, take_support,
};
use super::state::{Phase, Placement, TalvisotaState, UnitLocation};
use super::strategy::SovietStrategy;
use super::support::SupportKind;
use crate::core::domain::Side;
use std::collections::BTreeSet;

/// The targets of allocation `a`: Finnish-held spaces, each connected to the one before (the
/// first to where the attack starts) this turn, across the ice only with Meretskov.
fn check_targets(
    state: &TalvisotaState,
    a: &SovietAllocation,
    turn: u32,
) -> Result<(), TalvisotaError> {
    let mut previous = a.from.as_str();
    for target in &a.targets {
        let space = state
            .map
            .space(target)
            .ok_or_else(|| TalvisotaError::UnknownSpace(target.clone()))?;
        if space.nation != Nation::Finnish || soviet_controls(state, target) {
            return Err(TalvisotaError::illegal(
                format!("`{target}` is not a Finnish-held space"),
                "3.2.2",
            ));
        }
        if !state.map.adjacent(previous, target, turn) {
            return Err(TalvisotaError::illegal(
                format!("`{target}` is not connected to `{previous}` this turn"),
                "3.2.2",
            ));
        }
        // **interpretation**: rule 3.3.2 lets Meretskov "use" the Oranienbaum–Koivisto
        // connection; an attack across an ice connection needs him in the strategy.
        let meretskov = a.supports.iter().any(|u| {
            state
                .supports
                .iter()
                .any(|m| m.id == u.id && m.kind == SupportKind::Meretskov)
        });
        if state.map.connection_kind(previous, target, turn) == Some(ConnectionKind::Ice)
            && !meretskov
        {
            return Err(TalvisotaError::illegal(
                format!(
                    "attacking `{target}` across the ice from `{previous}` needs the Meretskov support"
                ),
                "1.3.1, 3.3.2",
            ));
        }
        previous = target;
    }
    Ok(())
}

/// The tactical supports of allocation `a`, within what its strategy allows this turn (one in
/// January), commanders added. Gives their kinds.
fn check_supports(
    state: &TalvisotaState,
    a: &SovietAllocation,
    turn: u32,
    supports_seen: &mut BTreeSet<String>,
) -> Result<Vec<SupportKind>, TalvisotaError> {
    let name = a.strategy.code();
    let kinds: Vec<SupportKind> = a
        .supports
        .iter()
        .map(|s| take_support(state, Side::Soviet, &s.id, supports_seen))
        .collect::<Result<_, _>>()?;
    let ordinary = kinds.iter().filter(|k| !k.is_commander()).count();
    let commanders = kinds.len() - ordinary;
    let allowed = if is_january(turn) {
        1
    } else {
        a.strategy.max_supports()
    };
    if ordinary > allowed || (is_january(turn) && commanders > 1) {
        return Err(TalvisotaError::limit(
            name,
            format!("at most {allowed} tactical support(s) this turn, commanders added"),
            "3.2.2",
        ));
    }
    Ok(kinds)
}

/// The units of allocation `a`: Soviet units not yet used this turn standing where the attack
/// starts (up to two from an adjacent space with Reinforcements), with the armour or infantry
/// the strategy needs.
fn check_units(
    state: &TalvisotaState,
    a: &SovietAllocation,
    reinforced: bool,
    turn: u32,
    units_seen: &mut BTreeSet<String>,
) -> Result<(), TalvisotaError> {
    let name = a.strategy.code();
    let mut outside = 0;
    let mut armour = 0;
    let mut infantry = 0;
    for id in &a.units {
        let unit = state
            .unit(id)
            .filter(|u| u.side == Side::Soviet)
            .ok_or_else(|| TalvisotaError::UnknownPiece {
                kind: "unit".into(),
                id: id.clone(),
            })?;
        if !units_seen.insert(id.clone()) || unit.activated_turn == turn {
            return Err(TalvisotaError::UsedTwice(id.clone()));
        }
        match &unit.location {
            UnitLocation::Space(s) if *s == a.from => {}
            UnitLocation::Space(s) if reinforced && state.map.adjacent(s, &a.from, turn) => {
                outside += 1
            }
            _ => {
                return Err(TalvisotaError::illegal(
                    format!("`{id}` is not in `{}`", a.from),
                    "3.2.2",
                ));
            }
        }
        armour += usize::from(unit.kind.is_armour());
        infantry += usize::from(unit.kind.is_infantry());
    }
    if outside > 2 {
        return Err(TalvisotaError::limit(
            name,
            "Reinforcements bring at most two units from an adjacent space",
            "3.3.2",
        ));
    }
    if a.strategy == SovietStrategy::ArmouredAttack && armour < 3 {
        return Err(TalvisotaError::limit(
            name,
            "needs at least three TAN or MECA",
            "3.2.2",
        ));
    }
    if a.strategy == SovietStrategy::CoordinatedManoeuvre && infantry < 2 {
        return Err(TalvisotaError::limit(
            name,
            "needs two infantry units (FUS or ELI)",
            "3.2.2",
        ));
    }
    Ok(())
}

/// Checks the Soviet sheet against every strategy's limits, stores it and places its counters.
pub(super) fn allocate_soviet(
    state: &mut TalvisotaState,
    mut sheet: SovietSheet,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    needs_phase(state, Phase::SovietPlacement)?;
    let turn = state.turn;
    let mut strategies = BTreeSet::new();
    let mut first_targets = BTreeSet::new();
    let mut units_seen = BTreeSet::new();
    let mut supports_seen = BTreeSet::new();
    check_front_boxes(
        state,
        sheet.allocations.iter().filter_map(|a| a.targets.first()),
    )?;
    for a in &sheet.allocations {
        let name = a.strategy.code();
        if !strategies.insert(a.strategy) {
            return Err(TalvisotaError::limit(
                name,
                "each strategy counter can be placed once",
                "3.2.1",
            ));
        }
        if a.targets.is_empty() || a.targets.len() > a.strategy.max_spaces() {
            return Err(TalvisotaError::limit(
                name,
                format!("name 1 to {} target spaces", a.strategy.max_spaces()),
                "3.2.2",
            ));
        }
        state
            .map
            .space(&a.from)
            .ok_or_else(|| TalvisotaError::UnknownSpace(a.from.clone()))?;
        if !soviet_controls(state, &a.from) {
            return Err(TalvisotaError::illegal(
                format!("the Soviets do not control `{}`", a.from),
                "6.1",
            ));
        }
        check_targets(state, a, turn)?;
        if a.targets.len() == 2 && a.targets[0] == a.targets[1] {
            return Err(TalvisotaError::limit(
                name,
                "the two spaces must differ",
                "3.2.2",
            ));
        }
        if !first_targets.insert(a.targets[0].clone()) {
            return Err(TalvisotaError::illegal(
                format!("only one strategy may attack `{}` in a turn", a.targets[0]),
                "3.2.1",
            ));
        }
        let kinds = check_supports(state, a, turn, &mut supports_seen)?;
        let reinforced = kinds.contains(&SupportKind::SovietReinforcements);
        let cap = (a.strategy.max_units() + if reinforced { 2 } else { 0 }).min(6);
        if a.units.is_empty() || a.units.len() > cap {
            return Err(TalvisotaError::limit(
                name,
                format!("engage 1 to {cap} units"),
                "3.2.2, 3.3.2",
            ));
        }
        check_units(state, a, reinforced, turn, &mut units_seen)?;
    }
    let mut events = Vec::new();
    for (n, a) in sheet.allocations.iter_mut().enumerate() {
        let id = format!("placement-t{turn}-s{}", n + 1);
        a.placement = Some(id.clone());
        a.resolved = false;
        mark_used(state, &a.units, &a.supports);
        state.placements.push(Placement {
            id: id.clone(),
            side: Side::Soviet,
            space: a.targets[0].clone(),
            revealed: false,
        });
        events.push(public(
            turn,
            EventKind::StrategyPlaced {
                placement: id,
                side: Side::Soviet,
                space: a.targets[0].clone(),
            },
        ));
    }
    events.insert(
        0,
        TalvisotaEvent {
            audience: Audience::Side(Side::Soviet),
            turn,
            kind: EventKind::SheetAllocated {
                sheet: CommandSheet::Soviet(sheet.clone()),
            },
        },
    );
    state.soviet_sheet = Some(sheet);
    state.phase = Phase::FinnishPlacement;
    events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    Ok(events)
}
