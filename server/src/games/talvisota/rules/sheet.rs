//! Hidden command sheets (rules 1.5, 3.2, 3.3.1): allocating forces to strategies and placing them.

use super::error::TalvisotaError;
use super::events::TalvisotaEvent;
use super::map::SpaceId;
use super::state::{Phase, PieceId, TalvisotaState};
use super::strategy::{FinnishStrategy, SovietStrategy};
use super::support::{SupportChoice, SupportKind};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A tactical support put on a strategy, with the player's choice where it offers one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SupportUse {
    /// The support counter.
    pub id: PieceId,
    /// Which effect, for Meretskov, Timoshenko and Mannerheim.
    #[serde(default)]
    pub choice: SupportChoice,
}

/// One Soviet combat strategy on the command sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SovietAllocation {
    /// The strategy counter.
    pub strategy: SovietStrategy,
    /// The space the force attacks from.
    pub from: SpaceId,
    /// The space attacked, then (ATT, BLIN, MAN) the connected space attacked next.
    ///
    /// **interpretation**: the follow-up space is named secretly on the sheet and attacked at
    /// once if the first falls, so a combat resolves in one step.
    pub targets: Vec<SpaceId>,
    /// The engaged units, in the order the owner loses them (rule 4.5.1: losses chosen by the
    /// owner, **interpretation**: chosen in advance as this order).
    pub units: Vec<PieceId>,
    /// The tactical supports.
    #[serde(default)]
    pub supports: Vec<SupportUse>,
    /// The counter placed on the map (set by the rules).
    #[serde(default)]
    pub placement: Option<PieceId>,
    /// Its combat has been resolved (set by the rules).
    #[serde(default)]
    pub resolved: bool,
}

/// One Finnish combat strategy on the command sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FinnishAllocation {
    /// The strategy counter.
    pub strategy: FinnishStrategy,
    /// The space of the Soviet strategy it answers.
    pub space: SpaceId,
    /// The engaged units, in the order the owner loses them.
    pub units: Vec<PieceId>,
    /// The tactical supports.
    #[serde(default)]
    pub supports: Vec<SupportUse>,
    /// The environment markers.
    #[serde(default)]
    pub environment: Vec<PieceId>,
    /// The entrenchment counters.
    #[serde(default)]
    pub entrenchments: Vec<PieceId>,
    /// The counter placed on the map (set by the rules).
    #[serde(default)]
    pub placement: Option<PieceId>,
}

/// The Soviet command sheet for a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SovietSheet {
    /// Up to four strategies, at most one per box of each front.
    pub allocations: Vec<SovietAllocation>,
}

/// The Finnish command sheet for a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FinnishSheet {
    /// Up to four strategies, each answering one Soviet placement.
    pub allocations: Vec<FinnishAllocation>,
}

/// Either side's command sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "side", rename_all = "snake_case")]
pub enum CommandSheet {
    /// The Soviet sheet.
    Soviet(SovietSheet),
    /// The Finnish sheet.
    Finnish(FinnishSheet),
}

/// Whether a turn falls in January 1940, when each strategy takes one support and one commander.
pub fn is_january(turn: u32) -> bool {
    matches!(turn, 3 | 4)
}

/// A side fills its command sheet in secret and places its strategy counters face down (3.2.1).
/// The Soviets go first; the Finns answer on the spaces the Soviets chose.
pub fn allocate(
    state: &mut TalvisotaState,
    side: Side,
    sheet: CommandSheet,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    if state.phase == Phase::Finished {
        return Err(TalvisotaError::GameOver);
    }
    match (side, sheet) {
        (Side::Soviet, CommandSheet::Soviet(sheet)) => {
            super::soviet_sheet::allocate_soviet(state, sheet)
        }
        (Side::Finnish, CommandSheet::Finnish(sheet)) => {
            super::finnish_sheet::allocate_finnish(state, sheet)
        }
        (side, _) => Err(TalvisotaError::NotYourTurn(side)),
    }
}

/// Refuses a command made outside its phase.
pub fn needs_phase(state: &TalvisotaState, phase: Phase) -> Result<(), TalvisotaError> {
    if state.phase != phase {
        return Err(TalvisotaError::WrongPhase {
            current: state.phase.name().into(),
            needed: phase.name().into(),
        });
    }
    Ok(())
}

/// Refuses more strategies on a front than its command sheet boxes (rule 1.5).
pub(super) fn check_front_boxes<'a>(
    state: &TalvisotaState,
    spaces: impl Iterator<Item = &'a SpaceId>,
) -> Result<(), TalvisotaError> {
    let mut used = std::collections::BTreeMap::new();
    for space in spaces {
        let front = state
            .front_of(space)
            .ok_or_else(|| TalvisotaError::UnknownSpace(space.clone()))?;
        let n = used.entry(front).or_insert(0usize);
        *n += 1;
        if *n > front.strategy_boxes() {
            return Err(TalvisotaError::illegal(
                format!(
                    "the {} front has only {} combat strategy box(es)",
                    front.name(),
                    front.strategy_boxes()
                ),
                "1.5",
            ));
        }
    }
    Ok(())
}

/// Checks a support belongs to `side`, has arrived and is not used twice this turn (3.3.1).
pub(super) fn take_support(
    state: &TalvisotaState,
    side: Side,
    id: &str,
    seen: &mut BTreeSet<String>,
) -> Result<SupportKind, TalvisotaError> {
    let support = state
        .supports
        .iter()
        .find(|s| s.id == id && s.side == side)
        .ok_or_else(|| TalvisotaError::UnknownPiece {
            kind: "tactical support".into(),
            id: id.into(),
        })?;
    if support.arrives_turn > state.turn {
        return Err(TalvisotaError::Unavailable {
            id: id.into(),
            reason: "it arrives in January 1940 (rule 2.2)".into(),
        });
    }
    if support.used_turn == state.turn || !seen.insert(id.to_string()) {
        return Err(TalvisotaError::UsedTwice(id.into()));
    }
    Ok(support.kind)
}

/// Marks units as activated and supports as used for this turn.
pub(super) fn mark_used(state: &mut TalvisotaState, units: &[PieceId], supports: &[SupportUse]) {
    let turn = state.turn;
    for u in state.units.iter_mut().filter(|u| units.contains(&u.id)) {
        u.activated_turn = turn;
    }
    for s in state
        .supports
        .iter_mut()
        .filter(|s| supports.iter().any(|x| x.id == s.id))
    {
        s.used_turn = turn;
    }
}
