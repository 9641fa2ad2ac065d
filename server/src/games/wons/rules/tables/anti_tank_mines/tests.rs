//! The anti-tank mine table row by row, and its dice-tray roll.

use super::*;
use crate::games::wons::rules::tables::tray::run_scripted;
use MineDamage::{Destroyed, DestroyedAndOverturned, Immobilized, None};
use MineGround::{DeepSnow, Hard, Soft};
use MineVehicle::*;
use serde_json::{Value, json};

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
