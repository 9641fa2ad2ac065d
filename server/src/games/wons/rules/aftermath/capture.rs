//! Equipment left on the field and the capture rolls for it (R1.5).

use super::ReportError;
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::wons::rules::battle::{BattleError, BattleStatus};
use crate::games::wons::rules::events::{Event, EventKind, EventVisibility};
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::platoon::{PlatoonId, RetainedItem};
use crate::games::wons::rules::state::WonsState;
use crate::games::wons::rules::tables::capture::{CaptureRoll, CaptureSituation, capture};
use serde::{Deserialize, Serialize};

/// A device left on the field, waiting for a capture roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AbandonedDevice {
    /// Its identifier, e.g. `b1-d2`.
    pub id: String,
    /// What it is.
    pub name: String,
    /// Whose it was.
    pub owner: Side,
    /// The platoon that left it.
    pub platoon: PlatoonId,
    /// A retained support item rather than a TOE weapon.
    pub retained: bool,
    /// HE drove its owner off.
    pub he_drove_off_owner: bool,
    /// The capture roll, once made.
    #[schema(value_type = Option<Object>)]
    pub capture: Option<CaptureRecord>,
}

/// A capture roll and where the device went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureRecord {
    /// The side that rolled.
    pub side: Side,
    /// The platoon that took it, if it did.
    pub platoon: PlatoonId,
    /// The roll with its modifiers.
    pub roll: CaptureRoll,
}

/// A weapon a platoon took from the field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CapturedWeapon {
    /// What it is.
    pub name: String,
    /// The battle it was taken in.
    pub battle: u32,
    /// It uses the enemy's ammunition: two coloured dice with every to-hit roll, any double
    /// empties and discards it (R1.5).
    pub foreign_ammunition: bool,
    /// It could be used at once; otherwise from the next battle.
    pub usable_at_once: bool,
}

/// What a side asks when it rolls to capture a device (R1.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CaptureRequest {
    /// The device's id on the battle (e.g. `b1-d1`).
    pub device: String,
    /// The capturing platoon, one of the side's in the battle.
    pub platoon: PlatoonId,
    /// It lies in a difficult place (one step harder).
    #[serde(default)]
    pub difficult_place: bool,
    /// The capturer has been within close combat range of it (no Darkness penalty, R5.1).
    #[serde(default)]
    pub been_in_close_combat_range: bool,
    /// A support weapon heavier than a medium machine gun: into use at once only on a 6.
    #[serde(default)]
    pub heavier_weapon: bool,
    /// The capturer has a proficient crew for it.
    #[serde(default)]
    pub proficient_crew: bool,
}

/// What became of `device` after its capture roll, as the log says it.
fn capture_outcome(
    device: &AbandonedDevice,
    roll: &CaptureRoll,
    platoon_name: &str,
    any_weapon_hero: Option<&str>,
    foreign: bool,
) -> String {
    if !roll.captured {
        "it is destroyed".to_owned()
    } else {
        let mut text = format!("{platoon_name} takes it");
        if device.retained {
            text.push_str(" as a retained item");
        } else {
            text.push_str(if roll.usable_at_once {
                ", into use at once"
            } else {
                ", usable from the next battle"
            });
            if let (Some(hero), true) = (any_weapon_hero, roll.usable_at_once) {
                text.push_str(&format!(" ({hero} may use any weapon)"));
            }
            if foreign {
                text.push_str(
                    "; it uses foreign ammunition: roll two coloured dice with every to-hit roll, any double empties and discards it, and it is used at −1 in its first scenario",
                );
            }
        }
        text
    }
}

/// `side` rolls to capture a device left on the field in battle `id` (R1.5). A hero of the
/// capturing platoon who may use any weapon (`any_weapon_hero`, his name) takes it into use at
/// once. Success gives the platoon the weapon (or the retained item); failure destroys it.
pub fn capture_device(
    state: &mut WonsState,
    id: u32,
    side: Side,
    request: &CaptureRequest,
    any_weapon_hero: Option<&str>,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, ReportError> {
    let battle = state.battle(id).ok_or(BattleError::Unknown(id))?;
    if battle.status == BattleStatus::Pending {
        return Err(ReportError::NotDecided(id));
    }
    if !state.rule_on("captured_equipment") {
        return Err(ReportError::NoCapture);
    }
    let device = battle
        .abandoned
        .iter()
        .find(|d| d.id == request.device)
        .ok_or_else(|| ReportError::UnknownDevice(request.device.clone(), id))?
        .clone();
    if device.capture.is_some() {
        return Err(ReportError::AlreadyRolled(device.name));
    }
    let theirs = state
        .platoons
        .get(&request.platoon)
        .is_some_and(|p| p.side == side && battle.involves(&p.id));
    if !theirs {
        return Err(ReportError::NotInBattle(request.platoon.clone(), id));
    }
    let situation = CaptureSituation {
        he_drove_off_owner: device.he_drove_off_owner,
        difficult_place: request.difficult_place,
        darkness: state.clock.light(battle.hour) == Light::Darkness,
        been_in_close_combat_range: request.been_in_close_combat_range,
        friendly_abandoned: device.owner == side,
        heavier_weapon: request.heavier_weapon,
        proficient_crew_or_hero: request.proficient_crew || any_weapon_hero.is_some(),
    };
    let platoon_name = state.platoon_name(&request.platoon);
    let purpose = format!(
        "Capture roll for {} left in battle {id}, by {platoon_name} (R1.5)",
        device.name
    );
    let die = dice
        .roll(RollSpec::d6s(purpose, side.role(), Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1);
    let roll = capture(die, &situation);
    let mods: Vec<String> = roll
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.name, m.amount))
        .collect();
    let foreign = device.owner != side;
    let outcome = capture_outcome(&device, &roll, &platoon_name, any_weapon_hero, foreign);
    let sentence = format!(
        "Capture roll for {} ({}): rolled {die}{}, needing {}: {outcome}.",
        device.name,
        device.id,
        if mods.is_empty() {
            String::new()
        } else {
            format!(" ({})", mods.join(", "))
        },
        roll.needed
    );
    if roll.captured
        && let Some(p) = state.platoons.get_mut(&request.platoon)
    {
        if device.retained {
            p.retained.push(RetainedItem {
                id: device.id.clone(),
                name: device.name.clone(),
            });
        } else {
            p.captured.push(CapturedWeapon {
                name: device.name.clone(),
                battle: id,
                foreign_ammunition: foreign,
                usable_at_once: roll.usable_at_once,
            });
        }
    }
    if let Some(d) = state
        .battle_mut(id)
        .and_then(|b| b.abandoned.iter_mut().find(|d| d.id == device.id))
    {
        d.capture = Some(CaptureRecord {
            side,
            platoon: request.platoon.clone(),
            roll,
        });
    }
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Battle,
        sentence,
    )])
}
