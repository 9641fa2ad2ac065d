//! Anti-tank mines against vehicles (R10.3): whether the vehicle sets one off, what it does, and
//! the dice-tray roll for both.

use super::tray::{choice, choice_spec, flag, flag_spec, outcome};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

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

/// A vehicle entering an anti-tank minefield (R10.3).
#[derive(Clone, Copy, Debug)]
pub struct AntiTankMineVehicleRoll;
/// The anti-tank mine against a vehicle roll.
pub static ANTI_TANK_MINE_VEHICLE: AntiTankMineVehicleRoll = AntiTankMineVehicleRoll;

const LOCATIONS: &[&str] = &["obvious_path", "anticipated_path", "elsewhere"];
const VEHICLES: &[&str] = &[
    "medium_tank",
    "light_tank",
    "tankette",
    "truck_or_wagon",
    "car_cart_or_cannon",
];
const GROUNDS: &[&str] = &["hard", "soft", "deep_snow"];

#[derive(Serialize)]
struct VehicleMineResult {
    die: u32,
    needed: u32,
    set_off: bool,
    effect_die: Option<u32>,
    effect: Option<AntiTankMineEffect>,
}

impl Procedure for AntiTankMineVehicleRoll {
    fn name(&self) -> &'static str {
        "anti-tank-mine-vehicle"
    }
    fn title(&self) -> &'static str {
        "Vehicle in an anti-tank minefield"
    }
    fn rule(&self) -> &'static str {
        "WoNS R10.3"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec(
                "location",
                "How predictable the vehicle's path is",
                LOCATIONS,
                "elsewhere",
            ),
            choice_spec("vehicle", "Vehicle class", VEHICLES, "light_tank"),
            choice_spec("ground", "Ground", GROUNDS, "hard"),
            flag_spec(
                "sliding_mine",
                "A sliding mine (+1 effect, +1 hit on passengers)",
                false,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let location = match choice(params, "location", LOCATIONS)? {
            "obvious_path" => MinefieldLocation::ObviousPath,
            "anticipated_path" => MinefieldLocation::AnticipatedPath,
            _ => MinefieldLocation::Elsewhere,
        };
        let vehicle = match choice(params, "vehicle", VEHICLES)? {
            "medium_tank" => MineVehicle::MediumTank,
            "tankette" => MineVehicle::Tankette,
            "truck_or_wagon" => MineVehicle::TruckOrWagon,
            "car_cart_or_cannon" => MineVehicle::CarCartOrCannon,
            _ => MineVehicle::LightTank,
        };
        let ground = match choice(params, "ground", GROUNDS)? {
            "soft" => MineGround::Soft,
            "deep_snow" => MineGround::DeepSnow,
            _ => MineGround::Hard,
        };
        let sliding = flag(params, "sliding_mine")?;
        let die = draw.d6();
        let needed = vehicle_mine_need(location);
        let set_off = vehicle_sets_off_mine(die, location, vehicle);
        let bonus = if vehicle == MineVehicle::MediumTank {
            " +1 (wide tracks)"
        } else {
            ""
        };
        let mut result = VehicleMineResult {
            die,
            needed,
            set_off,
            effect_die: None,
            effect: None,
        };
        if !set_off {
            let summary = format!(
                "R10.3 anti-tank mine: rolled {die}{bonus}, needed {needed}+: no mine set off"
            );
            return outcome("1d6", Some(i64::from(die)), &result, summary);
        }
        let effect_die = mine_effect_roll_needed(vehicle, ground).then(|| draw.d6());
        let total = effect_die.unwrap_or(1) + u32::from(sliding);
        let effect = anti_tank_mine_effect(total, vehicle, ground, sliding);
        let effect_text = match effect_die {
            Some(d) if sliding => format!("effect rolled {d} +1 (sliding mine) = {total}"),
            Some(d) => format!("effect rolled {d}"),
            None => "no effect roll needed".to_string(),
        };
        let summary = format!(
            "R10.3 anti-tank mine: rolled {die}{bonus}, needed {needed}+: a mine goes off; {effect_text}: {}, {} Shock, {} hit(s) on passengers",
            effect.damage.describe(),
            effect.shock,
            effect.passenger_hits
        );
        result.effect_die = effect_die;
        result.effect = Some(effect);
        outcome("1d6", Some(i64::from(die)), &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::wons::tables::tray::run_scripted;
    use MineDamage::{Destroyed, DestroyedAndOverturned, Immobilized, None};
    use MineGround::{DeepSnow, Hard, Soft};
    use MineVehicle::*;
    use serde_json::json;

    fn row(vehicle: MineVehicle, ground: MineGround) -> Vec<MineDamage> {
        (1..=7)
            .map(|t| anti_tank_mine_effect(t, vehicle, ground, false).damage)
            .collect()
    }

    #[test]
    fn setting_off_by_location_and_medium_tank_bonus() {
        use MinefieldLocation::*;
        for (loc, need) in [(ObviousPath, 3), (AnticipatedPath, 4), (Elsewhere, 5)] {
            assert!(!vehicle_sets_off_mine(need - 1, loc, LightTank));
            assert!(vehicle_sets_off_mine(need, loc, LightTank));
            assert!(vehicle_sets_off_mine(need - 1, loc, MediumTank));
            assert!(!vehicle_sets_off_mine(need - 2, loc, MediumTank));
        }
    }

    #[test]
    fn medium_tank_rows() {
        let i = Immobilized;
        assert_eq!(row(MediumTank, Hard), vec![None, None, i, i, i, i, i]);
        assert_eq!(row(MediumTank, Soft), vec![None, None, None, None, i, i, i]);
        assert_eq!(
            row(MediumTank, DeepSnow),
            vec![None, None, None, None, None, i, i]
        );
    }

    #[test]
    fn light_tank_rows() {
        let i = Immobilized;
        assert_eq!(row(LightTank, Hard), vec![None, i, i, i, i, i, i]);
        assert_eq!(row(LightTank, Soft), vec![None, i, i, i, i, i, Destroyed]);
        assert_eq!(
            row(LightTank, DeepSnow),
            vec![None, None, None, i, i, i, Destroyed]
        );
    }

    #[test]
    fn tankette_rows() {
        let i = Immobilized;
        let d = Destroyed;
        assert_eq!(row(Tankette, Hard), vec![None, i, i, i, i, d, d]);
        assert_eq!(row(Tankette, Soft), vec![None, i, i, i, i, i, d]);
        assert_eq!(row(Tankette, DeepSnow), vec![None, None, i, i, i, i, d]);
    }

    #[test]
    fn soft_vehicles_and_passengers() {
        assert!(!mine_effect_roll_needed(TruckOrWagon, Hard));
        assert!(!mine_effect_roll_needed(CarCartOrCannon, DeepSnow));
        assert!(mine_effect_roll_needed(CarCartOrCannon, Soft));
        let truck = anti_tank_mine_effect(1, TruckOrWagon, DeepSnow, false);
        assert_eq!((truck.damage, truck.passenger_hits), (Destroyed, 4));
        let truck = anti_tank_mine_effect(1, TruckOrWagon, Soft, true);
        assert_eq!(truck.passenger_hits, 6);
        assert_eq!(
            anti_tank_mine_effect(4, CarCartOrCannon, Hard, false).damage,
            Destroyed
        );
        let car = anti_tank_mine_effect(5, CarCartOrCannon, Hard, false);
        assert_eq!(
            (car.damage, car.passenger_hits),
            (DestroyedAndOverturned, 5)
        );
        assert_eq!(
            anti_tank_mine_effect(6, CarCartOrCannon, DeepSnow, false).passenger_hits,
            5
        );
        let tank = anti_tank_mine_effect(3, MediumTank, Hard, true);
        assert_eq!((tank.shock, tank.passenger_hits), (2, 0));
    }

    #[test]
    fn vehicle_procedure() {
        let out = run_scripted(&ANTI_TANK_MINE_VEHICLE, json!({}), &[4]);
        assert_eq!(out.result["set_off"], false);
        let out = run_scripted(
            &ANTI_TANK_MINE_VEHICLE,
            json!({"vehicle": "medium_tank"}),
            &[4, 3],
        );
        assert_eq!(out.result["set_off"], true);
        assert_eq!(out.result["effect"]["damage"], "immobilized");
        assert!(
            out.summary.contains("immobilized, 2 Shock"),
            "{}",
            out.summary
        );
        let out = run_scripted(
            &ANTI_TANK_MINE_VEHICLE,
            json!({"ground": "soft", "sliding_mine": true}),
            &[6, 6],
        );
        assert_eq!(out.result["effect"]["damage"], "destroyed");
        let out = run_scripted(
            &ANTI_TANK_MINE_VEHICLE,
            json!({"vehicle": "truck_or_wagon"}),
            &[5],
        );
        assert_eq!(out.result["effect"]["passenger_hits"], 5);
        assert_eq!(out.result["effect_die"], Value::Null);
    }
}
