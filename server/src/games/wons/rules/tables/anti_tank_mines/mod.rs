//! Anti-tank mines against vehicles (R10.3): whether the vehicle sets one off, what it does, and
//! the dice-tray roll for both.

use serde::{Deserialize, Serialize};

mod roll;
#[cfg(test)]
mod tests;

pub use roll::{ANTI_TANK_MINE_VEHICLE, AntiTankMineVehicleRoll};

/// Where an anti-tank minefield lies, which decides how likely a vehicle is to find a mine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MinefieldLocation {
    /// The vehicle's path is obvious (a narrow road, a tight gap between houses): 3–6.
    ObviousPath,
    /// The vehicle's path can be anticipated (a road, between two houses): 4–6.
    AnticipatedPath,
    /// Anywhere else: 5–6.
    Elsewhere,
}

/// The vehicle classes of the anti-tank mine effect table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineVehicle {
    /// A medium tank (T-28): wide tracks, +1 to set a mine off.
    MediumTank,
    /// A light tank (T-26, BT) or medium tractor (STZ-5).
    LightTank,
    /// A tankette (T-27, T-37A, T-38) or light tractor (T-20).
    Tankette,
    /// A truck or horse wagon.
    TruckOrWagon,
    /// A car, horse cart or cannon.
    CarCartOrCannon,
}

/// The ground the vehicle is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineGround {
    /// A hard surface (road).
    Hard,
    /// A softer surface (field).
    Soft,
    /// Deep snow.
    DeepSnow,
}

/// What the mine does to the vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineDamage {
    /// No effect.
    None,
    /// Immobilized, with 2 Shock.
    Immobilized,
    /// Destroyed.
    Destroyed,
    /// Destroyed and overturned.
    DestroyedAndOverturned,
}

impl MineDamage {
    /// A short description for summaries.
    pub fn describe(self) -> &'static str {
        match self {
            MineDamage::None => "no damage",
            MineDamage::Immobilized => "immobilized",
            MineDamage::Destroyed => "destroyed",
            MineDamage::DestroyedAndOverturned => "destroyed and overturned",
        }
    }
}

/// The full effect of an anti-tank mine on a vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AntiTankMineEffect {
    /// What happens to the vehicle.
    pub damage: MineDamage,
    /// Shock on the vehicle.
    pub shock: u32,
    /// Hits on any passengers.
    pub passenger_hits: u32,
}

/// The lowest d6 face on which a vehicle sets off a mine here, before the medium tank's +1.
pub fn vehicle_mine_need(location: MinefieldLocation) -> u32 {
    match location {
        MinefieldLocation::ObviousPath => 3,
        MinefieldLocation::AnticipatedPath => 4,
        MinefieldLocation::Elsewhere => 5,
    }
}

/// Whether a vehicle sets off an anti-tank mine on the face `die` (medium tanks +1).
pub fn vehicle_sets_off_mine(die: u32, location: MinefieldLocation, vehicle: MineVehicle) -> bool {
    let bonus = u32::from(vehicle == MineVehicle::MediumTank);
    die + bonus >= vehicle_mine_need(location)
}

/// Whether the effect table needs a die for this vehicle on this ground (trucks and wagons are
/// always destroyed; so are cars, carts and cannon in deep snow).
pub fn mine_effect_roll_needed(vehicle: MineVehicle, ground: MineGround) -> bool {
    !matches!(
        (vehicle, ground),
        (MineVehicle::TruckOrWagon, _) | (MineVehicle::CarCartOrCannon, MineGround::DeepSnow)
    )
}

/// The anti-tank mine effect table (R10.3) on `total` (the d6 plus 1 for a sliding mine; ignored
/// where no die is needed). A sliding mine also adds one hit on any passengers.
///
/// **interpretation**: the seed's light tank row on a softer surface skips the 2; by the
/// campaign's "maximum gore" rule (R100.1) a 2 immobilizes. Totals above a row's last entry (a 7
/// from a sliding mine where the row stops at 6) read as that last entry.
pub fn anti_tank_mine_effect(
    total: u32,
    vehicle: MineVehicle,
    ground: MineGround,
    sliding_mine: bool,
) -> AntiTankMineEffect {
    use MineDamage::{Destroyed, DestroyedAndOverturned, Immobilized};
    use MineGround::{DeepSnow, Hard, Soft};
    use MineVehicle::*;
    let none_up_to = |limit: u32, worse: MineDamage| {
        if total <= limit {
            MineDamage::None
        } else {
            worse
        }
    };
    let damage = match (vehicle, ground) {
        (MediumTank, Hard) => none_up_to(2, Immobilized),
        (MediumTank, Soft) => none_up_to(4, Immobilized),
        (MediumTank, DeepSnow) => none_up_to(5, Immobilized),
        (LightTank, Hard) => none_up_to(1, Immobilized),
        (LightTank, Soft) | (Tankette, Soft) => {
            if total >= 7 {
                Destroyed
            } else {
                none_up_to(1, Immobilized)
            }
        }
        (LightTank, DeepSnow) => {
            if total >= 7 {
                Destroyed
            } else {
                none_up_to(3, Immobilized)
            }
        }
        (Tankette, Hard) => {
            if total >= 6 {
                Destroyed
            } else {
                none_up_to(1, Immobilized)
            }
        }
        (Tankette, DeepSnow) => {
            if total >= 7 {
                Destroyed
            } else {
                none_up_to(2, Immobilized)
            }
        }
        (TruckOrWagon, _) | (CarCartOrCannon, DeepSnow) => Destroyed,
        (CarCartOrCannon, Hard | Soft) => {
            if total >= 5 {
                DestroyedAndOverturned
            } else {
                Destroyed
            }
        }
    };
    let base_hits = match (vehicle, ground) {
        (TruckOrWagon, DeepSnow) => 4,
        (TruckOrWagon, _) | (CarCartOrCannon, _) => 5,
        _ => 0,
    };
    let passenger_hits = if base_hits > 0 {
        base_hits + u32::from(sliding_mine)
    } else {
        0
    };
    AntiTankMineEffect {
        damage,
        shock: if damage == Immobilized { 2 } else { 0 },
        passenger_hits,
    }
}
