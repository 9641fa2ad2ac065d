//! WoNS battle and campaign tables: pure table functions and the named dice procedures built on them.
//!
//! Every table of the WoNS optional rules that a player rolls on is here twice: once as a pure
//! function from die faces to a typed result (for the campaign rules and for tests), and once as
//! a named [`Procedure`] the dice tray offers, which draws the dice and calls that function.

pub mod air;
pub mod anti_tank_mines;
pub mod artillery;
pub mod barrage_rolls;
pub mod capture;
pub mod force_morale;
pub mod heroes;
pub mod interrogation;
pub mod mine_rolls;
pub mod mines;
pub mod night;
pub mod shrapnel;
pub mod surprise;
pub mod tray;
pub mod vehicles;
pub mod weapon_rolls;
pub mod weapons;

#[cfg(test)]
mod tests;

use crate::dice::procedure::Procedure;
use serde::{Deserialize, Serialize};

/// One named modifier applied to a roll or to a table result, e.g. "Darkness" −1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// What the modifier is for, as a player would name it.
    pub name: String,
    /// How much it adds (negative: subtracts).
    pub amount: i32,
}

impl Modifier {
    /// A modifier called `name` adding `amount`.
    pub fn new(name: impl Into<String>, amount: i32) -> Self {
        Modifier {
            name: name.into(),
            amount,
        }
    }
}

/// The sum of a list of modifiers.
pub fn modifier_sum(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.amount).sum()
}

/// Every WoNS dice procedure, in the order the dice tray lists them.
pub fn procedures() -> Vec<&'static dyn Procedure> {
    vec![
        &force_morale::FORCE_MORALE_START,
        &surprise::SURPRISE_INTERVAL,
        &surprise::SURPRISE_RECOVERY,
        &barrage_rolls::BARRAGE_AVAILABILITY,
        &barrage_rolls::BARRAGE_ACCURACY,
        &barrage_rolls::DIRECT_HIT,
        &interrogation::INTERROGATION,
        &capture::CAPTURE,
        &capture::FOREIGN_AMMUNITION,
        &heroes::HERO_HIT,
        &heroes::LEADER_HIT,
        &night::FLARE_PISTOL,
        &night::ILLUMINATION_ROCKET,
        &weapon_rolls::LONG_RANGE_TO_HIT,
        &mine_rolls::MINEFIELD_SPOTTING,
        &mine_rolls::SETTING_OFF_MINES,
        &anti_tank_mines::ANTI_TANK_MINE_VEHICLE,
        &mine_rolls::BOOBY_TRAP_SPOTTING,
        &weapon_rolls::THROWN_CHARGE_BOUNCE,
        &weapon_rolls::GUN_SETUP,
        &shrapnel::SHRAPNEL_ACCURACY,
        &vehicles::BT_SLIPPERY_TRACKS,
        &vehicles::BRIDGE_LAYING,
        &air::BOMBING_RUN,
        &air::ROCKET_RUN,
        &air::ANTI_AIRCRAFT_FIRE,
    ]
}

/// The names of every WoNS dice procedure, in the order of [`procedures`].
pub fn procedure_names() -> Vec<&'static str> {
    procedures().iter().map(|p| p.name()).collect()
}

/// The WoNS dice procedure called `name`, if there is one.
pub fn procedure(name: &str) -> Option<&'static dyn Procedure> {
    procedures().into_iter().find(|p| p.name() == name)
}
