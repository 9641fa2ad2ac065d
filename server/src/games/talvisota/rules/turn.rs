//! The turn sequence (rule 2.4): organisation, actions, end of turn, and the Soviet organisation orders.

use super::error::TalvisotaError;
use super::events::{Audience, EventKind, TalvisotaEvent, public};
use super::international::roll_international;
use super::logistics::{eliminate_isolated, finnish_force_in, soviet_controls, supplied_spaces};
use super::map::{Nation, SpaceId};
use super::morale::change_morale;
use super::state::{LAST_TURN, Phase, PieceId, TalvisotaState, UnitLocation};
use super::victory::check_end_of_turn;
use crate::core::domain::Side;
use crate::dice::source::Dice;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One Soviet unit moved by the special movement of the organisation phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UnitMove {
    /// The unit.
    pub unit: PieceId,
    /// Where it goes.
    pub to: SpaceId,
}

/// The Soviet player's organisation orders (rules 2.4, 4.5.4, 6.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SovietOrganisation {
    /// Units bought back from the Reinforcements box to the command sheet, paying morale.
    #[serde(default)]
    pub recover: Vec<PieceId>,
    /// Where each possession marker goes (the rest wait beside the map); `None` leaves them
    /// where they are.
    #[serde(default)]
    pub possession_markers: Option<Vec<SpaceId>>,
    /// Special movement.
    #[serde(default)]
    pub moves: Vec<UnitMove>,
}

/// The morale cost of recovering units (rule 4.5.4): a point for two FUS or for one other unit;
/// with the easier variant of note 2, a point for three FUS or for two others.
pub fn recovery_cost(fusiliers: usize, others: usize, easy: bool) -> i32 {
    let (per_fus, per_other) = if easy { (3, 2) } else { (2, 1) };
    (fusiliers.div_ceil(per_fus) + others.div_ceil(per_other)) as i32
}

/// Moves the game on where no player decision is needed: the start of the first turn, the end
/// of the combats, and the end of a turn (isolation, victory check, then the next turn's
/// organisation: turn marker, losses and reinforcements, arrivals, international situation).
pub fn advance_phase(
    state: &mut TalvisotaState,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    match state.phase {
        Phase::Setup => Ok(begin_turn(state, dice)),
        Phase::Combat => {
            let pending = state
                .soviet_sheet
                .as_ref()
                .map(|s| s.allocations.iter().filter(|a| !a.resolved).count())
                .unwrap_or(0);
            if pending > 0 {
                return Err(TalvisotaError::CombatsPending(pending));
            }
            state.phase = Phase::Harassment;
            Ok(vec![public(
                state.turn,
                EventKind::PhaseChanged { phase: state.phase },
            )])
        }
        Phase::EndOfTurn => {
            let mut events = eliminate_isolated(state);
            if let Some(outcome) = check_end_of_turn(state) {
                state.outcome = Some(outcome.clone());
                state.phase = Phase::Finished;
                events.push(public(state.turn, EventKind::GameEnded { outcome }));
                return Ok(events);
            }
            events.extend(begin_turn(state, dice));
            Ok(events)
        }
        Phase::Finished => Err(TalvisotaError::GameOver),
        other => Err(TalvisotaError::WrongPhase {
            current: other.name().into(),
            needed: "set-up, combats or end of turn".into(),
        }),
    }
}

fn begin_turn(state: &mut TalvisotaState, dice: &mut dyn Dice) -> Vec<TalvisotaEvent> {
    state.turn = (state.turn + 1).min(LAST_TURN);
    let turn = state.turn;
    state.soviet_sheet = None;
    state.finnish_sheet = None;
    state.placements.clear();
    let mut events = vec![public(
        turn,
        EventKind::TurnBegan {
            turn,
            label: TalvisotaState::turn_label(turn).into(),
        },
    )];
    for side in [Side::Soviet, Side::Finnish] {
        let mut back = Vec::new();
        let mut to_reinforcements = Vec::new();
        for u in state.units.iter_mut().filter(|u| u.side == side) {
            match u.location {
                // Finnish units wait a full turn in the Reinforcements box (rule 4.5.4).
                UnitLocation::Reinforcements(t) if side == Side::Finnish && t < turn => {
                    u.location = UnitLocation::Sheet;
                    back.push(u.id.clone());
                }
                UnitLocation::Losses(t) if t < turn => {
                    u.location = UnitLocation::Reinforcements(turn);
                    to_reinforcements.push(u.id.clone());
                }
                UnitLocation::NotArrived if u.arrives_turn <= turn => {
                    u.location = UnitLocation::Sheet;
                    back.push(u.id.clone());
                }
                _ => {}
            }
        }
        back.extend(
            state
                .supports
                .iter()
                .filter(|s| s.side == side && s.arrives_turn == turn && turn > 1)
                .map(|s| s.id.clone()),
        );
        if !back.is_empty() {
            let reason = "reinforcements of rule 2.2 or recovered losses of rule 4.5.4".to_string();
            events.push(TalvisotaEvent {
                audience: Audience::Side(side),
                turn,
                kind: EventKind::CountersArrived {
                    side,
                    pieces: back,
                    reason,
                },
            });
        }
        if !to_reinforcements.is_empty() {
            events.push(TalvisotaEvent {
                audience: Audience::Side(side),
                turn,
                kind: EventKind::LossesToReinforcements {
                    side,
                    units: to_reinforcements,
                },
            });
        }
    }
    events.extend(roll_international(state, dice));
    state.phase = Phase::Organisation;
    events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    events
}

/// The units to recover are Soviet units in the Reinforcements box, each once, and the
/// morale they cost leaves at least a point. Gives the cost (rule 4.5.4).
fn check_recovery(
    state: &TalvisotaState,
    orders: &SovietOrganisation,
) -> Result<i32, TalvisotaError> {
    let mut seen = BTreeSet::new();
    let (mut fusiliers, mut others) = (0, 0);
    for id in &orders.recover {
        let unit = state.unit(id).filter(|u| u.side == Side::Soviet);
        let unit = unit.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "unit".into(),
            id: id.clone(),
        })?;
        if !matches!(unit.location, UnitLocation::Reinforcements(_)) || !seen.insert(id.clone()) {
            return Err(TalvisotaError::Unavailable {
                id: id.clone(),
                reason: "only units in the Reinforcements box can be recovered, once (rule 4.5.4)"
                    .into(),
            });
        }
        if unit.kind == super::counters::UnitKind::Fus {
            fusiliers += 1
        } else {
            others += 1
        }
    }
    let cost = recovery_cost(fusiliers, others, state.options.easy_recovery);
    // **interpretation**: the last morale point cannot be spent on recovery.
    if cost > 0 && cost >= state.soviet_morale {
        return Err(TalvisotaError::MoraleTooLow {
            cost,
            morale: state.soviet_morale,
        });
    }
    Ok(cost)
}

/// Each possession marker goes once on a Finnish space the Soviets hold, no more of them
/// than there are (rule 6.1).
fn check_possession_markers(
    state: &TalvisotaState,
    markers: &[SpaceId],
) -> Result<(), TalvisotaError> {
    if markers.len() > state.possession_markers.len() {
        return Err(TalvisotaError::illegal(
            format!(
                "there are only {} possession markers",
                state.possession_markers.len()
            ),
            "6.1",
        ));
    }
    let mut marked = BTreeSet::new();
    for space in markers {
        let s = state
            .map
            .space(space)
            .ok_or_else(|| TalvisotaError::UnknownSpace(space.clone()))?;
        if s.nation != Nation::Finnish
            || !soviet_controls(state, space)
            || !marked.insert(space.clone())
        {
            return Err(TalvisotaError::illegal(
                format!(
                    "a possession marker goes once on a Finnish space the Soviets hold; `{space}` is not one"
                ),
                "6.1",
            ));
        }
    }
    Ok(())
}

/// Each special move takes a unit not cut off, once, onto a logistics line free of Finnish
/// units (rule 2.4).
fn check_special_movement(
    state: &TalvisotaState,
    orders: &SovietOrganisation,
) -> Result<(), TalvisotaError> {
    let supplied = supplied_spaces(state);
    let mut moved = BTreeSet::new();
    for m in &orders.moves {
        let unit = state.unit(&m.unit).filter(|u| u.side == Side::Soviet);
        let unit = unit.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "unit".into(),
            id: m.unit.clone(),
        })?;
        let ready = match &unit.location {
            UnitLocation::Sheet => true,
            UnitLocation::Space(s) => supplied.contains(s),
            _ => orders.recover.contains(&m.unit),
        };
        if !ready || !moved.insert(m.unit.clone()) {
            return Err(TalvisotaError::illegal(
                format!(
                    "`{}` cannot make the special movement (it is cut off, not on the sheet, or moved twice)",
                    m.unit
                ),
                "2.4, 6.2",
            ));
        }
        let to = state
            .map
            .space(&m.to)
            .ok_or_else(|| TalvisotaError::UnknownSpace(m.to.clone()))?;
        let on_line = to.nation == Nation::Soviet
            || (supplied.contains(&m.to) && !finnish_force_in(state, &m.to));
        if !on_line {
            return Err(TalvisotaError::illegal(
                format!(
                    "`{}` is not on a logistics line free of Finnish units",
                    m.to
                ),
                "2.4",
            ));
        }
    }
    Ok(())
}

/// The Soviet organisation orders: recovery (4.5.4), possession markers (6.1) and the special
/// movement onto a logistics line free of Finnish units (2.4).
///
/// **interpretation**: a unit not cut off may move any distance to any space of a line of
/// progression, on any front.
pub fn organise(
    state: &mut TalvisotaState,
    orders: SovietOrganisation,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    super::sheet::needs_phase(state, Phase::Organisation)?;
    let turn = state.turn;
    let cost = check_recovery(state, &orders)?;
    let markers = orders.possession_markers.clone().unwrap_or_default();
    check_possession_markers(state, &markers)?;
    check_special_movement(state, &orders)?;
    let mut events = Vec::new();
    if !orders.recover.is_empty() {
        for id in &orders.recover {
            if let Some(u) = state.unit_mut(id) {
                u.location = UnitLocation::Sheet;
            }
        }
        events.push(TalvisotaEvent {
            audience: Audience::Side(Side::Soviet),
            turn,
            kind: EventKind::UnitsRecovered {
                units: orders.recover.clone(),
                cost,
            },
        });
        events.extend(change_morale(
            state,
            Side::Soviet,
            -cost,
            "recovery of units (rule 4.5.4)",
        ));
    }
    let slots = state.possession_markers.len();
    if orders.possession_markers.is_some() {
        state.possession_markers = markers
            .into_iter()
            .map(Some)
            .chain(std::iter::repeat(None))
            .take(slots)
            .collect();
        events.push(public(
            turn,
            EventKind::PossessionMarkersSet {
                spaces: state.possession_markers.clone(),
            },
        ));
    }
    for m in &orders.moves {
        if let Some(u) = state.unit_mut(&m.unit) {
            u.location = UnitLocation::Space(m.to.clone());
        }
    }
    if !orders.moves.is_empty() {
        events.push(public(
            turn,
            EventKind::SovietMoved {
                moves: orders
                    .moves
                    .iter()
                    .map(|m| (m.unit.clone(), m.to.clone()))
                    .collect(),
            },
        ));
    }
    state.phase = Phase::SovietPlacement;
    events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    Ok(events)
}

/// What the game waits for in the current phase, in words (see `awaiting` for whom).
pub fn awaited_for(state: &TalvisotaState) -> &'static str {
    match state.phase {
        Phase::Setup => "the start of the first turn",
        Phase::Organisation => "the Soviet organisation (special movement, possession, recovery)",
        Phase::SovietPlacement => "the Soviet command sheet",
        Phase::Combat => "the next combat, in the Soviet player's order",
        Phase::FinnishPlacement if state.options.solo => "the server's Finnish command sheet",
        Phase::FinnishPlacement => "the Finnish command sheet",
        Phase::Harassment if state.options.solo => "the server's Finnish harassment",
        Phase::Harassment => "the Finnish harassment",
        Phase::EndOfTurn => "the end of the turn",
        Phase::Finished => "nothing: the game is over",
    }
}

/// Who the game waits for: the Soviet player (organisation, his sheet, the combats in his order),
/// the Finnish player (his sheet, harassment; nobody in solo play, where the server draws), or
/// `Umpire` for the steps `advance_phase` runs. `None` once the game is over.
pub fn awaiting(state: &TalvisotaState) -> Option<crate::core::domain::Role> {
    use crate::core::domain::Role;
    match state.phase {
        Phase::Organisation | Phase::SovietPlacement | Phase::Combat => Some(Role::Soviet),
        Phase::FinnishPlacement | Phase::Harassment if state.options.solo => Some(Role::Umpire),
        Phase::FinnishPlacement | Phase::Harassment => Some(Role::Finnish),
        Phase::Setup | Phase::EndOfTurn => Some(Role::Umpire),
        Phase::Finished => None,
    }
}
