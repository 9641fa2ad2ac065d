//! Finnish harassment (rule 6.2): the infiltration marker, scouts against a Soviet-held space.

use super::counters::UnitKind;
use super::error::TalvisotaError;
use super::events::{EventKind, TalvisotaEvent, public};
use super::logistics::soviet_controls;
use super::map::{Nation, SpaceId};
use super::morale::change_morale;
use super::potential::Modifier;
use super::state::{Infiltration, Phase, PieceId, TalvisotaState, UnitLocation};
use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// The Finnish harassment order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct InfiltrationOrder {
    /// A Finnish space the Soviets hold.
    pub space: SpaceId,
    /// One to three SCT units from the command sheet.
    pub units: Vec<PieceId>,
    /// Leave the scouts in the space if the attack succeeds.
    ///
    /// **interpretation**: scouts stay only after a success (as rule 9.2 says for solo play).
    #[serde(default)]
    pub stay: bool,
}

/// How the harassment went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HarassmentResult {
    /// 6 or more: the Soviets lose 2 + the space's value in morale and the space.
    Success,
    /// 4 or 5: the Soviets lose 1 morale, the Finns one scout.
    Partial,
    /// 3 or less: the Finns lose 1 morale and one scout.
    Failure,
}

/// The harassment as reported to both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HarassmentReport {
    /// The space attacked.
    pub space: SpaceId,
    /// The scouts engaged.
    pub scouts: Vec<PieceId>,
    /// The die.
    pub die: u32,
    /// Every modifier.
    pub modifiers: Vec<Modifier>,
    /// Die plus modifiers.
    pub total: i32,
    /// The result.
    pub result: HarassmentResult,
    /// The scout lost, if any.
    pub scout_lost: Option<PieceId>,
    /// Scouts left in the space.
    pub scouts_stay: bool,
}

/// The result band for a modified harassment die.
pub fn harassment_result(total: i32) -> HarassmentResult {
    match total {
        t if t >= 6 => HarassmentResult::Success,
        4 | 5 => HarassmentResult::Partial,
        _ => HarassmentResult::Failure,
    }
}

/// The modifiers of rule 6.2: +1 a scout, −2 a Soviet unit in the space, −1 a Soviet unit in an
/// adjacent space.
pub fn harassment_modifiers(state: &TalvisotaState, space: &str, scouts: usize) -> Vec<Modifier> {
    let here = state.units_in(Side::Soviet, space).len() as i32;
    let around: i32 = state
        .map
        .neighbours(space, state.turn)
        .iter()
        .map(|n| state.units_in(Side::Soviet, n).len() as i32)
        .sum();
    vec![
        Modifier {
            source: "+1 for each scout (rule 6.2)".into(),
            amount: scouts as i32,
        },
        Modifier {
            source: "−2 for each Soviet unit in the space (rule 6.2)".into(),
            amount: -2 * here,
        },
        Modifier {
            source: "−1 for each Soviet unit in an adjacent space (rule 6.2)".into(),
            amount: -around,
        },
    ]
}

/// An infiltration order checked: a Finnish space the Soviets hold, one to three SCT units free
/// on the command sheet (or the scouts already there). Gives the space's value.
fn check_infiltration(
    state: &TalvisotaState,
    order: &InfiltrationOrder,
    turn: u32,
) -> Result<i32, TalvisotaError> {
    let space = state
        .map
        .space(&order.space)
        .ok_or_else(|| TalvisotaError::UnknownSpace(order.space.clone()))?;
    if space.nation != Nation::Finnish || !soviet_controls(state, &order.space) {
        return Err(TalvisotaError::illegal(
            format!("`{}` is not a Finnish space the Soviets hold", order.space),
            "6.2",
        ));
    }
    let value = space.value as i32;
    if order.units.is_empty() || order.units.len() > 3 {
        return Err(TalvisotaError::illegal(
            "engage one to three SCT units",
            "6.2",
        ));
    }
    let held_by_scouts = state.infiltration.as_ref().map(|i| i.space.clone());
    for (n, id) in order.units.iter().enumerate() {
        let unit = state
            .unit(id)
            .filter(|u| u.side == Side::Finnish && u.kind == UnitKind::Sct);
        let unit = unit.ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "SCT unit".into(),
            id: id.clone(),
        })?;
        let ready = match &unit.location {
            UnitLocation::Sheet => unit.activated_turn != turn,
            UnitLocation::Space(s) => Some(s) == held_by_scouts.as_ref(),
            _ => false,
        };
        if !ready || order.units[..n].contains(id) {
            return Err(TalvisotaError::Unavailable {
                id: id.clone(),
                reason: "it is not free on the command sheet this turn (rules 3.2.3, 6.2)".into(),
            });
        }
    }
    Ok(value)
}

/// The Finnish harassment step: `None` passes. Either way the turn moves to its end.
///
/// **interpretation**: there is one infiltration marker; placing it again sends the scouts left
/// by an earlier infiltration back to the command sheet.
pub fn harass(
    state: &mut TalvisotaState,
    order: Option<InfiltrationOrder>,
    dice: &mut dyn Dice,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    super::sheet::needs_phase(state, Phase::Harassment)?;
    let turn = state.turn;
    let mut events = Vec::new();
    if let Some(order) = order {
        let value = check_infiltration(state, &order, turn)?;
        // Withdraw earlier scouts: the single marker moves.
        for u in state
            .units
            .iter_mut()
            .filter(|u| u.side == Side::Finnish && matches!(u.location, UnitLocation::Space(_)))
        {
            u.location = UnitLocation::Sheet;
        }
        state.infiltration = None;
        let modifiers = harassment_modifiers(state, &order.space, order.units.len());
        let purpose = format!(
            "Finnish infiltration of {} with {} SCT (rule 6.2)",
            order.space,
            order.units.len()
        );
        let die = dice
            .roll(RollSpec::d6s(purpose, Role::Finnish, Visibility::Public, 1))
            .first()
            .copied()
            .unwrap_or(1);
        let total = die as i32 + modifiers.iter().map(|m| m.amount).sum::<i32>();
        let result = harassment_result(total);
        let mut scout_lost = None;
        let mut stay = false;
        for u in state
            .units
            .iter_mut()
            .filter(|u| order.units.contains(&u.id))
        {
            u.activated_turn = turn;
        }
        match result {
            HarassmentResult::Success => {
                events.extend(change_morale(
                    state,
                    Side::Soviet,
                    -(2 + value),
                    format!("infiltration of {} succeeded (rule 6.2)", order.space),
                ));
                for m in state
                    .possession_markers
                    .iter_mut()
                    .filter(|m| m.as_deref() == Some(order.space.as_str()))
                {
                    *m = None;
                }
                if order.stay {
                    stay = true;
                    for u in state
                        .units
                        .iter_mut()
                        .filter(|u| order.units.contains(&u.id))
                    {
                        u.location = UnitLocation::Space(order.space.clone());
                    }
                    state.infiltration = Some(Infiltration {
                        space: order.space.clone(),
                    });
                }
            }
            HarassmentResult::Partial | HarassmentResult::Failure => {
                let (side, reason) = if result == HarassmentResult::Partial {
                    (Side::Soviet, "infiltration held off at a cost (rule 6.2)")
                } else {
                    (Side::Finnish, "infiltration failed (rule 6.2)")
                };
                events.extend(change_morale(state, side, -1, reason));
                scout_lost = order.units.first().cloned();
                if let Some(u) = scout_lost.as_ref().and_then(|id| state.unit_mut(id)) {
                    u.location = UnitLocation::Losses(turn);
                }
            }
        }
        events.insert(
            0,
            public(
                turn,
                EventKind::Harassment(HarassmentReport {
                    space: order.space.clone(),
                    scouts: order.units.clone(),
                    die,
                    modifiers,
                    total,
                    result,
                    scout_lost,
                    scouts_stay: stay,
                }),
            ),
        );
    }
    state.phase = Phase::EndOfTurn;
    events.push(public(turn, EventKind::PhaseChanged { phase: state.phase }));
    Ok(events)
}
