//! The umpire's correction of a value both sides see: a morale track, or where a unit stands on
//! the map or in the Losses box. Hidden things (the command sheets, face-down strategies, units
//! on a sheet or in the Reinforcements box, which only their side is told of) are never
//! corrected this way, so the correction, which both sides read with its old and new values,
//! tells neither side anything it did not know.

use super::error::TalvisotaError;
use super::events::{EventKind, TalvisotaEvent, public};
use super::morale::{ceiling, morale};
use super::state::{Phase, PieceId, TalvisotaState, UnitLocation};
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// What the umpire sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Correction {
    /// A side's morale, between 0 and its ceiling.
    Morale {
        /// Whose track.
        side: Side,
        /// The new value.
        value: i32,
    },
    /// Where a unit both sides can see now stands: a space, or the Losses box (the box's turn is
    /// the current turn).
    Unit {
        /// The unit.
        unit: PieceId,
        /// Its new place.
        location: UnitLocation,
    },
}

/// Whether both sides see where a unit in `location` is.
fn public_place(location: &UnitLocation) -> bool {
    matches!(location, UnitLocation::Space(_) | UnitLocation::Losses(_))
}

/// Sets one value the umpire corrects; both sides read the reason with the old and new values.
pub fn correct(
    state: &mut TalvisotaState,
    change: Correction,
    reason: &str,
) -> Result<Vec<TalvisotaEvent>, TalvisotaError> {
    if state.phase == Phase::Finished {
        return Err(TalvisotaError::GameOver);
    }
    let refuse = |message: String| TalvisotaError::illegal(message, "umpire's correction");
    if reason.trim().is_empty() {
        return Err(refuse("say why: both sides read the reason".into()));
    }
    let (change, before) = match change {
        Correction::Morale { side, value } => {
            if !(0..=ceiling(side)).contains(&value) {
                return Err(refuse(format!(
                    "{} morale runs from 0 to {}",
                    side.adjective(),
                    ceiling(side)
                )));
            }
            let before = Correction::Morale {
                side,
                value: morale(state, side),
            };
            match side {
                Side::Soviet => state.soviet_morale = value,
                Side::Finnish => state.finnish_morale = value,
            }
            (Correction::Morale { side, value }, before)
        }
        Correction::Unit { unit, location } => {
            let location = match location {
                UnitLocation::Space(space) if state.map.space(&space).is_none() => {
                    return Err(TalvisotaError::UnknownSpace(space));
                }
                UnitLocation::Losses(_) => UnitLocation::Losses(state.turn),
                UnitLocation::Space(space) => UnitLocation::Space(space),
                UnitLocation::Sheet
                | UnitLocation::NotArrived
                | UnitLocation::Reinforcements(_) => {
                    return Err(refuse(
                        "a unit can be put in a space or the Losses box; the command sheets and the Reinforcements box are the players' own".into(),
                    ));
                }
            };
            let piece = state
                .units
                .iter_mut()
                .find(|u| u.id == unit && public_place(&u.location))
                .ok_or_else(|| {
                    refuse(format!(
                        "`{unit}` is no unit both sides see on the map or in the Losses box"
                    ))
                })?;
            let before = Correction::Unit {
                unit: unit.clone(),
                location: std::mem::replace(&mut piece.location, location.clone()),
            };
            (Correction::Unit { unit, location }, before)
        }
    };
    Ok(vec![public(
        state.turn,
        EventKind::Corrected {
            reason: reason.trim().to_owned(),
            change,
            before,
        },
    )])
}
