//! Revealing and resolving one combat (rules 4.1, 4.5, 7.1, 8): follow-up spaces, results, morale.

use super::error::TalvisotaError;
use super::events::{EventKind, TalvisotaEvent, public};
use super::map::SpaceId;
use super::morale::change_morale;
use super::rounds::{Fight, SpaceOutcome, fight_space, finnish_loss_order};
use super::sheet::{FinnishAllocation, SovietAllocation};
use super::state::{GameOutcome, Phase, PieceId, TalvisotaState, UnitLocation};
use super::strategy::SovietStrategy;
use crate::core::domain::Side;
use crate::dice::source::Dice;

/// Moves a winning Soviet force into `target`. A Finnish space it leaves empty keeps Soviet control
/// through a free possession marker, or else the first unit in loss order stays behind (it is
/// returned, and takes no further part).
///
/// **interpretation**: rule 6.1 asks the player to garrison or mark conquered spaces; the rules
/// do this for him so a one-step command cannot break his own line by accident.
fn occupy(state: &mut TalvisotaState, units: &[PieceId], target: &str) -> Option<PieceId> {
    let mut staying: Option<PieceId> = None;
    let origins: Vec<SpaceId> = units
        .iter()
        .filter_map(|id| match state.unit(id).map(|u| &u.location) {
            Some(UnitLocation::Space(s)) => Some(s.clone()),
            _ => None,
        })
        .collect();
    for origin in origins {
        let finnish = state
            .map
            .space(&origin)
            .is_some_and(|s| s.nation == super::map::Nation::Finnish);
        let others = state
            .units_in(Side::Soviet, &origin)
            .iter()
            .filter(|u| !units.contains(&u.id))
            .count();
        let marked = state
            .possession_markers
            .iter()
            .any(|m| m.as_deref() == Some(origin.as_str()));
        if !finnish || others > 0 || marked || origin == target {
            continue;
        }
        if let Some(slot) = state.possession_markers.iter_mut().find(|m| m.is_none()) {
            *slot = Some(origin.clone());
        } else if units.len() > 1 && staying.is_none() {
            staying = units.iter().find(|id| matches!(state.unit(id).map(|u| &u.location), Some(UnitLocation::Space(s)) if *s == origin)).cloned();
        }
    }
    for id in units {
        if Some(id) == staying.as_ref() {
            continue;
        }
        if let Some(u) = state.unit_mut(id) {
            u.location = UnitLocation::Space(target.to_string());
        }
    }
    staying
}

/// The Soviet strategy `strategy`, not yet resolved, and the Finnish strategy answering it on
/// its first target, both counters turned face up there.
fn reveal(
    state: &mut TalvisotaState,
    strategy: SovietStrategy,
) -> Result<(SovietAllocation, Option<FinnishAllocation>), TalvisotaError> {
    let soviet = state
        .soviet_sheet
        .as_ref()
        .and_then(|s| {
            s.allocations
                .iter()
                .find(|a| a.strategy == strategy && !a.resolved)
        })
        .cloned()
        .ok_or_else(|| TalvisotaError::NoSuchCombat(strategy.code().into()))?;
    let first = soviet.targets[0].clone();
    let finnish = state
        .finnish_sheet
        .as_ref()
        .and_then(|s| s.allocations.iter().find(|a| a.space == first))
        .cloned();
    for p in state.placements.iter_mut().filter(|p| p.space == first) {
        p.revealed = true;
    }
    Ok((soviet, finnish))
}

/// Reveals both command sheets for the Soviet strategy `strategy` and resolves its combat, in the
/// order the Soviet player chooses (rule 4.1).
pub fn reveal_and_resolve_combat(
    state: &mut TalvisotaState,
    strategy: SovietStrategy,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    super::sheet::needs_phase(state, Phase::Combat)?;
    let (soviet, finnish) = reveal(state, strategy)?;
    let turn = state.turn;
    let mut events = vec![public(
        turn,
        EventKind::CombatRevealed {
            soviet: soviet.clone(),
            finnish: finnish.clone(),
        },
    )];
    let mut fight = Fight {
        soviet: &soviet,
        finnish: finnish.as_ref(),
        soviet_units: units_on_the_map(state, &soviet.units),
        finnish_units: finnish
            .as_ref()
            .map(|a| a.units.clone())
            .unwrap_or_default(),
        soviet_lost: 0,
    };
    let mut from = soviet.from.clone();
    let mut conquered = 0;
    let ignore = state.options.ignore_space_morale;
    for target in &soviet.targets {
        // Scouts holding the space after an infiltration fight alongside (rule 6.2).
        let scouts: Vec<PieceId> = state
            .units_in(Side::Finnish, target)
            .iter()
            .map(|u| u.id.clone())
            .collect();
        fight.finnish_units.extend(scouts);
        finnish_loss_order(state, &mut fight.finnish_units);
        let start = fight.soviet_units.len();
        let lost_before = fight.soviet_lost;
        let outcome = fight_space(state, &mut fight, target, dice, &mut events);
        let (value, line) = state
            .map
            .space(target)
            .map(|s| (s.value as i32, s.defence_line > 0))
            .unwrap_or((0, false));
        let line_points = if line && !ignore { 2 } else { 0 };
        match outcome {
            SpaceOutcome::SovietWon { unopposed } => {
                finns_leave(state, target);
                if let Some(garrison) = occupy(state, &fight.soviet_units, target) {
                    fight.soviet_units.retain(|id| *id != garrison);
                }
                conquered += 1;
                events.push(public(
                    turn,
                    EventKind::SpaceConquered {
                        space: target.clone(),
                        strategy,
                        unopposed,
                    },
                ));
                events.extend(conquest_morale(state, strategy, target, value, line_points));
                if target == "helsinki" {
                    events.push(helsinki_seized(state));
                    mark_resolved(state, strategy);
                    return Ok(events);
                }
                from = target.clone();
                let manoeuvre_stops = strategy == SovietStrategy::CoordinatedManoeuvre
                    && fight.soviet_lost > lost_before;
                // A victory won with the last unit leaves nobody to go on.
                if manoeuvre_stops || fight.soviet_units.is_empty() {
                    break;
                }
            }
            SpaceOutcome::FinnishWon => {
                let lost_here = fight.soviet_lost - lost_before;
                let dest = repulsed_to(state, &fight.soviet_units, &from, lost_here * 2 > start);
                events.push(public(
                    turn,
                    EventKind::AttackRepulsed {
                        space: target.clone(),
                        retreat_to: dest,
                    },
                ));
                events.extend(repulse_morale(
                    state,
                    strategy,
                    target,
                    fight.soviet_lost,
                    conquered,
                    line_points,
                ));
                break;
            }
        }
    }
    events.extend(combat_done(state, strategy, fight.soviet_lost));
    Ok(events)
}

/// Of `units`, those standing in a space of the map.
fn units_on_the_map(state: &TalvisotaState, units: &[PieceId]) -> Vec<PieceId> {
    units
        .iter()
        .filter(|id| {
            matches!(
                state.unit(id).map(|u| &u.location),
                Some(UnitLocation::Space(_))
            )
        })
        .cloned()
        .collect()
}

/// The Finns in a conquered space go back to the command sheet, scouts holding it with them.
fn finns_leave(state: &mut TalvisotaState, target: &str) {
    for id in state
        .units_in(Side::Finnish, target)
        .iter()
        .map(|u| u.id.clone())
        .collect::<Vec<_>>()
    {
        if let Some(u) = state.unit_mut(&id) {
            u.location = UnitLocation::Sheet;
        }
    }
    if state
        .infiltration
        .as_ref()
        .is_some_and(|i| i.space == *target)
    {
        state.infiltration = None;
    }
}

/// What taking `target` costs the Finns (and the defence line gives the Soviets) in morale
/// (rules 4.5.2, 7.1, 8).
fn conquest_morale(
    state: &mut TalvisotaState,
    strategy: SovietStrategy,
    target: &str,
    value: i32,
    line_points: i32,
) -> Vec<TalvisotaEvent> {
    let ignore = state.options.ignore_space_morale;
    let mut events = Vec::new();
    let space_points = if ignore { 0 } else { value };
    let place = state
        .map
        .space(target)
        .map_or_else(|| target.to_owned(), |s| s.name.clone());
    let reason = format!("{} took {place} (rules 4.5.2, 7.1, 8)", strategy.code());
    events.extend(change_morale(
        state,
        Side::Finnish,
        -(strategy.finnish_morale_per_space() + space_points + line_points),
        reason.clone(),
    ));
    events.extend(change_morale(state, Side::Soviet, line_points, reason));
    events
}

/// Where the beaten Soviet units end: where they attacked from, or a step back when more than
/// half of them were lost (`heavy_losses`).
fn repulsed_to(
    state: &mut TalvisotaState,
    units: &[PieceId],
    from: &SpaceId,
    heavy_losses: bool,
) -> SpaceId {
    let mut dest = from.clone();
    if heavy_losses {
        dest = super::logistics::retreat_step(state, from);
    }
    for id in units {
        if let Some(u) = state.unit_mut(id) {
            u.location = UnitLocation::Space(dest.clone());
        }
    }
    dest
}

/// What a beaten attack on `target` costs the Soviets (a prudent advance that lost units,
/// a massive or armoured attack that took nothing) and the defence line gives the Finns (rules
/// 4.5.3, 7.1, 8).
fn repulse_morale(
    state: &mut TalvisotaState,
    strategy: SovietStrategy,
    target: &str,
    soviet_lost: usize,
    conquered: i32,
    line_points: i32,
) -> Vec<TalvisotaEvent> {
    let mut events = Vec::new();
    let failure = match strategy {
        SovietStrategy::PrudentAdvance if soviet_lost > 0 && conquered == 0 => 1,
        SovietStrategy::MassiveAttack | SovietStrategy::ArmouredAttack if conquered == 0 => 3,
        _ => 0,
    };
    let reason = format!(
        "{} beaten at {target} (rules 4.5.3, 7.1, 8)",
        strategy.code()
    );
    events.extend(change_morale(
        state,
        Side::Soviet,
        -(failure + line_points),
        reason.clone(),
    ));
    events.extend(change_morale(state, Side::Finnish, line_points, reason));
    events
}

/// Helsinki seized: the Soviets win and the game is over (rule 1.2).
fn helsinki_seized(state: &mut TalvisotaState) -> TalvisotaEvent {
    let outcome = GameOutcome::Victory {
        winner: Side::Soviet,
        reason: "Helsinki seized (rule 1.2)".into(),
    };
    state.outcome = Some(outcome.clone());
    state.phase = Phase::Finished;
    public(state.turn, EventKind::GameEnded { outcome })
}

/// The Soviet strategy's combat is over: a coordinated manoeuvre that lost a unit costs
/// morale (rule 7.1), and with every strategy resolved the turn moves to harassment.
fn combat_done(
    state: &mut TalvisotaState,
    strategy: SovietStrategy,
    soviet_lost: usize,
) -> Vec<TalvisotaEvent> {
    let turn = state.turn;
    let mut events = Vec::new();
    if strategy == SovietStrategy::CoordinatedManoeuvre && soviet_lost > 0 {
        events.extend(change_morale(
            state,
            Side::Soviet,
            -4,
            "MAN suffered a loss and stops (rule 7.1)",
        ));
    }
    mark_resolved(state, strategy);
    let pending = state
        .soviet_sheet
        .as_ref()
        .map(|s| s.allocations.iter().filter(|a| !a.resolved).count())
        .unwrap_or(0);
    if pending == 0 {
        state.phase = Phase::Harassment;
        events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    }
    events
}

fn mark_resolved(state: &mut TalvisotaState, strategy: SovietStrategy) {
    if let Some(a) = state
        .soviet_sheet
        .as_mut()
        .and_then(|s| s.allocations.iter_mut().find(|a| a.strategy == strategy))
    {
        a.resolved = true;
    }
}

/// The same as [`reveal_and_resolve_combat`], naming the Soviet strategy counter by its placement
/// id on the map (what a player clicks).
pub fn reveal_and_resolve_placement(
    state: &mut TalvisotaState,
    placement: &str,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    let strategy = state
        .soviet_sheet
        .as_ref()
        .and_then(|s| {
            s.allocations
                .iter()
                .find(|a| a.placement.as_deref() == Some(placement))
        })
        .map(|a| a.strategy)
        .ok_or_else(|| TalvisotaError::NoSuchCombat(placement.to_string()))?;
    reveal_and_resolve_combat(state, strategy, dice)
}
