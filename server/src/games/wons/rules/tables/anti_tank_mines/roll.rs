//! The dice-tray roll for a vehicle entering an anti-tank minefield (R10.3).

use super::{
    AntiTankMineEffect, MineGround, MineVehicle, MinefieldLocation, anti_tank_mine_effect,
    mine_effect_roll_needed, vehicle_mine_need, vehicle_sets_off_mine,
};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use crate::games::wons::rules::tables::tray::{choice, choice_spec, d6_outcome, flag, flag_spec};
use serde::Serialize;
use serde_json::{Map, Value};

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
            return d6_outcome(die, &result, summary);
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
        d6_outcome(die, &result, summary)
    }
}
