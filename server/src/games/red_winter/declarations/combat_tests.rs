//! Tests of Red Winter combats on the desk: the Hotel, retreats, reduced units, defensive
//! support, armor alone and the losses a combat owes.

use super::tests::{attack_on, id, move_to, roster_unit, table_at, unit_of};
use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::from_csv;

#[test]
fn the_hotel_ignores_the_defenders_first_loss_in_a_combat_5_2_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/2",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 4), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack_on("M16", &[1], &[2], "soviet"),
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    // A 1/2 result becomes a 1/1 (5.2.5).
    assert_eq!(answer.result["defender_losses"], 1, "{:?}", answer.steps);
    assert!(answer.steps.iter().any(|s| s.contains("(5.2.5)")));
    let owed: Vec<u32> = desk.extra.pending.iter().map(|l| l.losses).collect();
    assert_eq!(owed, [1, 1]);
}

/// 5.2.5: the Hotel is the map's place `hotel`, wherever the campaign's map puts it; a map
/// without it has no Hotel, and a campaign without a map has the rule book's M16.
#[test]
fn the_hotel_is_where_the_map_puts_it_5_2_5() {
    use super::inputs::is_hotel;
    use crate::games::assisted::pack::loaded::LoadedPack;
    let source = format!(
        "{}\n[[places]]\ncode = \"hotel\"\nname = \"The Hotel (made up)\"\nhexes = [\"G7\"]\n",
        crate::games::assisted::pack::RED_WINTER_EXAMPLE
    );
    let with_hotel = LoadedPack::read(&source).expect("the pack reads");
    assert!(is_hotel(Some(&with_hotel), "g7"));
    assert!(!is_hotel(Some(&with_hotel), "M16"));
    assert!(!is_hotel(Some(&with_hotel), "G8"));
    let without = crate::games::assisted::play::packs::loaded(
        <RedWinter as Declarations>::GAME,
        "red-winter-example",
    )
    .expect("the shipped example");
    assert!(!is_hotel(Some(without), "G7"));
    assert!(is_hotel(None, " m16 "));
    assert!(!is_hotel(None, "G7"));
}

/// 5.2.5: on a campaign whose map has no Hotel, a hex named M16 gives the defenders nothing.
#[test]
fn a_map_without_the_hotel_ignores_no_loss_5_2_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/2",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 4), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    desk.pack = Some("red-winter-example".into());
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack_on("M16", &[1], &[2], "soviet"),
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["defender_losses"], 2, "{:?}", answer.steps);
    assert!(!answer.steps.iter().any(|s| s.contains("(5.2.5)")));
}

#[test]
fn each_survivor_retreats_to_its_own_hex_8_5_2() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "0/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 2), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                3,
                Side::Finnish,
                "mg",
                &[("cs", 2), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    desk.act(
        Role::Soviet,
        "resolve-combat",
        &attack_on("0002", &[1], &[2, 3], "soviet"),
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("resolves");
    let nowhere = desk
        .act(
            Role::Finnish,
            "take-losses",
            &serde_json::json!({"retreat": 1, "retreat_each": {id(2): "0003"}}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("the MG has nowhere to go");
    assert!(nowhere.message.contains("unit 3"), "{}", nowhere.message);
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"retreat": 1, "retreat_each": {id(2): "0003", id(3): "0102"}}),
        &mut ScriptedDice::new([]),
    )
    .expect("they part");
    assert_eq!(unit_of(&desk, 2).location, "0003");
    assert_eq!(unit_of(&desk, 3).location, "0102");
    assert!(unit_of(&desk, 3).markers.contains("retreated"));
}

#[test]
fn a_reduced_unit_fights_with_its_reduced_values_8_5_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("reduced_cs", 4), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let attack = attack_on("0002", &[1], &[2], "soviet");
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "2:1");
    for (role, n) in [(Role::Finnish, 2), (Role::Soviet, 1)] {
        desk.act(
            role,
            "take-losses",
            &serde_json::json!({"steps": [id(n)]}),
            &mut ScriptedDice::new([]),
        )
        .expect("a step each");
    }
    assert!(unit_of(&desk, 1).markers.contains("reduced"));
    // Reduced, the company attacks with its reduced CS of 4: 4 against 4 is 1:1.
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "1:1", "{:?}", answer.steps);
}

#[test]
fn a_direct_fire_unit_that_fired_may_still_give_defensive_support_10_3_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 3), ("ma", 4), ("steps", 2), ("ras", 5)],
            ),
        ],
        "second_combat",
    );
    let mut rat = "roll,result".to_string();
    for total in 1..=29 {
        rat.push_str(&format!("\n{total},S"));
    }
    let charts =
        std::collections::BTreeMap::from([("rat".to_string(), from_csv(&rat).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let fire = serde_json::json!({"firer": id(2), "hex": "0001", "targets": [id(1)]});
    desk.act(
        Role::Finnish,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("fires in its own Combat Phase");
    let again = desk
        .act(
            Role::Finnish,
            "resolve-ranged-attack",
            &fire,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("once a phase");
    assert!(again.message.contains("(10.3.5)"), "{}", again.message);
    // The next turn's Soviet Combat Phase: the MG has not flipped and gives defensive support.
    move_to(&mut desk, "first_combat");
    desk.act(
        Role::Finnish,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("defensive support (10.3.5)");
}

#[test]
fn an_attacker_of_armor_alone_takes_no_step_in_a_combat_12_1_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "tank",
                &[("cs", 8), ("ma", 8), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let combat = serde_json::json!({
        "fight": "combat",
        "attackers": [{"hex": "0001", "units": [id(1)]}],
        "hex": "0002", "defenders": [id(2)],
        "shifts": {"fight": "combat", "attacker": "soviet"}
    });
    desk.act(
        Role::Soviet,
        "resolve-combat",
        &combat,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("resolves");
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"retreat": 1, "retreat_to": "0003"}),
        &mut ScriptedDice::new([]),
    )
    .expect("the defender retreats");
    // The tank owes its loss but ignores it: no step is forced (12.1.1).
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "take-losses",
            &serde_json::json!({}),
            &mut ScriptedDice::new([]),
        )
        .expect("armor takes nothing");
    assert_eq!(answer.result["reduced"], 0);
    assert!(desk.extra.pending.is_empty());
    assert_eq!(
        desk.roster.units[&UnitId::parse(&id(1)).expect("id")].attributes["steps"],
        crate::games::assisted::roster::AttrValue::Number(2)
    );
}

#[test]
fn a_combat_against_the_roster_applies_scripted_dice_and_owes_losses() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    let crt = "roll,1:2,1:1,2:1\n2,1/1,1/1,1/2\n3,1/1,1/1,1/2\n4,1/1,1/1,1/2\n5,1/1,1/1,1/2\n6,1/1,1/1,1/2\n7,1/1,1/1,1/2\n8,1/1,1/1,1/2\n9,1/1,1/1,1/2\n10,1/1,1/1,1/2\n11,1/1,1/1,1/2\n12,1/1,1/1,1/2";
    let charts =
        std::collections::BTreeMap::from([("crt".to_string(), from_csv(crt).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let unit = |n: u32, side: Side, cs: i64| Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: format!("unit {n}"),
        unit_type: "infantry".into(),
        attributes: [("cs", cs), ("ma", 4), ("steps", 2)]
            .into_iter()
            .map(|(k, v)| {
                (
                    k.to_string(),
                    crate::games::assisted::roster::AttrValue::Number(v),
                )
            })
            .collect(),
        location: format!("{n:04}"),
        markers: Default::default(),
    };
    desk.add_units(
        Role::Umpire,
        vec![unit(1, Side::Soviet, 8), unit(2, Side::Finnish, 4)],
    )
    .expect("adds");
    let combat = serde_json::json!({
        "fight": "combat",
        "attackers": [{"hex": "0001", "units": [format!("{:032x}", 1)]}],
        "hex": "0002", "defenders": [format!("{:032x}", 2)],
        "shifts": {"fight": "combat", "attacker": "soviet"}
    });
    // Not in the reset phase.
    let refused = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &combat,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("wrong phase");
    assert_eq!(refused.code, "wrong_phase");
    while desk.phase().0 != "first_combat" {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &combat,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "2:1");
    assert_eq!(answer.result["defender_losses"], 2);
    assert_eq!(desk.extra.pending.len(), 2);
    // The defender loses both steps of its one unit: eliminated, and off the roster.
    let two = format!("{:032x}", 2);
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"steps": [two, two]}),
        &mut ScriptedDice::new([]),
    )
    .expect("takes");
    assert!(!desk.roster.units.keys().any(|id| id.as_str() == two));
}
