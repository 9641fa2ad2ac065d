//! Checking and placing the Finnish command sheet (rules 2.3, 3.2.1, 3.2.3, 3.3.3).

use super::error::TalvisotaError;
use super::events::{Audience, EventKind, TalvisotaEvent, public};
use super::map::SpaceId;
use super::sheet::{
    CommandSheet, FinnishAllocation, FinnishSheet, check_front_boxes, mark_used, needs_phase,
    take_support,
};
use super::state::{Phase, PieceId, Placement, TalvisotaState, UnitLocation};
use super::support::SupportKind;
use crate::core::domain::Side;
use std::collections::BTreeSet;

/// The combat units of an allocation: Finnish units in the forces on the command sheet, not
/// yet used this turn.
fn check_units(
    state: &TalvisotaState,
    units: &[PieceId],
    turn: u32,
    seen: &mut BTreeSet<String>,
) -> Result<(), TalvisotaError> {
    for id in units {
        let ok = state.unit(id).filter(|u| u.side == Side::Finnish);
        let unit = ok.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "unit".into(),
            id: id.clone(),
        })?;
        if unit.location != UnitLocation::Sheet {
            return Err(TalvisotaError::Unavailable {
                id: id.clone(),
                reason: "it is not in the forces on your command sheet (rule 4.5.4)".into(),
            });
        }
        if !seen.insert(id.clone()) || unit.activated_turn == turn {
            return Err(TalvisotaError::UsedTwice(id.clone()));
        }
    }
    Ok(())
}

/// The environment markers and entrenchments of an allocation: known, and not yet used this
/// turn.
fn check_markers(
    state: &TalvisotaState,
    a: &FinnishAllocation,
    turn: u32,
    seen: &mut BTreeSet<String>,
) -> Result<(), TalvisotaError> {
    for id in &a.environment {
        let m = state.environment.iter().find(|m| &m.id == id);
        let m = m.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "environment marker".into(),
            id: id.clone(),
        })?;
        if m.used_turn == turn || !seen.insert(id.clone()) {
            return Err(TalvisotaError::UsedTwice(id.clone()));
        }
    }
    for id in &a.entrenchments {
        let m = state.entrenchments.iter().find(|m| &m.id == id);
        let m = m.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "entrenchment".into(),
            id: id.clone(),
        })?;
        if m.used_turn == turn || !seen.insert(id.clone()) {
            return Err(TalvisotaError::UsedTwice(id.clone()));
        }
    }
    Ok(())
}

/// Places allocation `a` (the `n`-th of the sheet) face down on its space, its counters used
/// this turn; gives the event saying so.
fn place(
    state: &mut TalvisotaState,
    a: &mut FinnishAllocation,
    n: usize,
    turn: u32,
) -> TalvisotaEvent {
    let id = format!("placement-t{turn}-f{}", n + 1);
    a.placement = Some(id.clone());
    mark_used(state, &a.units, &a.supports);
    for m in state
        .environment
        .iter_mut()
        .filter(|m| a.environment.contains(&m.id))
    {
        m.used_turn = turn;
    }
    for m in state
        .entrenchments
        .iter_mut()
        .filter(|m| a.entrenchments.contains(&m.id))
    {
        m.used_turn = turn;
    }
    state.placements.push(Placement {
        id: id.clone(),
        side: Side::Finnish,
        space: a.space.clone(),
        revealed: false,
    });
    public(
        turn,
        EventKind::StrategyPlaced {
            placement: id,
            side: Side::Finnish,
            space: a.space.clone(),
        },
    )
}

/// Checks the Finnish sheet, stores it and places its counters on the Soviet-chosen spaces.
pub(super) fn allocate_finnish(
    state: &mut TalvisotaState,
    mut sheet: FinnishSheet,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    needs_phase(state, Phase::FinnishPlacement)?;
    let turn = state.turn;
    let soviet_spaces: Vec<SpaceId> = state
        .placements
        .iter()
        .filter(|p| p.side == Side::Soviet)
        .map(|p| p.space.clone())
        .collect();
    check_front_boxes(state, sheet.allocations.iter().map(|a| &a.space))?;
    let (mut strategies, mut spaces, mut seen) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for a in &sheet.allocations {
        let name = a.strategy.code();
        if !strategies.insert(a.strategy) {
            return Err(TalvisotaError::limit(
                name,
                "each strategy counter can be placed once",
                "3.2.1",
            ));
        }
        if !soviet_spaces.contains(&a.space) || !spaces.insert(a.space.clone()) {
            return Err(TalvisotaError::illegal(
                format!(
                    "place one strategy on a space a Soviet strategy attacks; `{}` is not one or is taken",
                    a.space
                ),
                "3.2.1",
            ));
        }
        let kinds: Vec<SupportKind> = a
            .supports
            .iter()
            .map(|s| take_support(state, Side::Finnish, &s.id, &mut seen))
            .collect::<Result<_, _>>()?;
        if kinds.len() > a.strategy.max_supports() {
            return Err(TalvisotaError::limit(
                name,
                format!("at most {} tactical supports", a.strategy.max_supports()),
                "3.2.3",
            ));
        }
        let cap = a.strategy.max_units()
            + if kinds.contains(&SupportKind::FinnishReinforcements) {
                2
            } else {
                0
            };
        if a.units.len() > cap {
            return Err(TalvisotaError::limit(
                name,
                format!("at most {cap} combat units"),
                "3.2.3, 3.3.3",
            ));
        }
        check_units(state, &a.units, turn, &mut seen)?;
        if a.environment.len() > a.strategy.max_environment()
            || a.entrenchments.len() > a.strategy.max_entrenchments()
        {
            return Err(TalvisotaError::limit(
                name,
                format!(
                    "at most {} environment marker(s) and {} entrenchment(s)",
                    a.strategy.max_environment(),
                    a.strategy.max_entrenchments()
                ),
                "3.2.3",
            ));
        }
        check_markers(state, a, turn, &mut seen)?;
    }
    let mut events = Vec::new();
    for (n, a) in sheet.allocations.iter_mut().enumerate() {
        events.push(place(state, a, n, turn));
    }
    events.insert(
        0,
        TalvisotaEvent {
            audience: Audience::Side(Side::Finnish),
            turn,
            kind: EventKind::SheetAllocated {
                sheet: CommandSheet::Finnish(sheet.clone()),
            },
        },
    );
    state.finnish_sheet = Some(sheet);
    state.phase = if soviet_spaces.is_empty() {
        Phase::Harassment
    } else {
        Phase::Combat
    };
    events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    Ok(events)
}
