//! Tests of Red Winter procedures that change the roster: night raids, AT fire, recovery and
//! replacements, ammunition and artillery parks, Pajari, and the frozen lake.

use super::tests::{id, move_to, roster_unit, table_at, table_with, unit_of};
use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::from_csv;

#[test]
fn a_night_raid_counts_three_companies_besides_pajari_and_halves_from_the_lake_16_4() {
    use crate::dice::source::ScriptedDice;
    let company = |n, side| roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)]);
    let mut weak = company(4, Side::Finnish);
    weak.markers.insert("reduced".into());
    let options = Options {
        night_turns: vec![1],
        ..Options::default()
    };
    let mut desk = table_with(
        options,
        "1/1",
        vec![
            company(1, Side::Finnish),
            company(2, Side::Finnish),
            company(3, Side::Finnish),
            weak,
            roster_unit(
                5,
                Side::Finnish,
                "leader",
                &[("cs", 0), ("ma", 5), ("steps", 1)],
            ),
            roster_unit(
                6,
                Side::Soviet,
                "infantry",
                &[("cs", 6), ("ma", 5), ("steps", 2)],
            ),
        ],
        "second_action",
    );
    let mut fnrt = "roll,result".to_string();
    for total in -5..=12 {
        fnrt.push_str(&format!("\n{total},1R"));
    }
    let charts =
        std::collections::BTreeMap::from([("fnrt".to_string(), from_csv(&fnrt).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let raid = |raiders: &[u32]| {
        serde_json::json!({
            "raiders": raiders.iter().map(|&n| id(n)).collect::<Vec<_>>(),
            "hex": "0006", "defenders": [id(6)], "from": "frozen_lake"
        })
    };
    // A reduced company may not raid (16.4).
    let refused = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1, 4]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect_err("reduced");
    assert!(refused.message.ends_with("(16.4)"), "{}", refused.message);
    // Three companies and Pajari: he is not a fourth raider, and he adds 2 (12.3).
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1, 2, 3, 5]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect("raids");
    let said = answer.steps.join(" | ");
    assert!(said.contains("Pajari leads the raid (12.3)"), "{said}");
    // 12 from the lake halves to 6 against 6: 1:1, and the FNRT's 1R alone gives 2:1.
    assert!(said.contains("(8.2 case 1): 12 halves to 6"), "{said}");
    assert!(said.contains("reads the 2:1 column"), "{said}");
    let finns = desk
        .extra
        .pending
        .iter()
        .find(|l| l.side == Side::Finnish)
        .expect("the raiders owe a step");
    assert!(
        !finns.units.iter().any(|u| u.as_str() == id(5)),
        "Pajari takes no loss"
    );
    // One raid a night (16.4.1).
    desk.extra.pending.clear();
    let again = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect_err("one a night");
    assert_eq!(again.code, "raid_already_made");
}

#[test]
fn at_fire_hits_take_steps_from_the_armor_on_the_roster_11_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "tank",
                &[("cs", 6), ("ma", 8), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "at_gun",
                &[("cs", 1), ("ma", 3), ("steps", 2)],
            ),
            roster_unit(
                3,
                Side::Soviet,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "second_combat",
    );
    let fire = |targets: &[u32]| {
        serde_json::json!({"gun": id(2), "range": "adjacent",
                           "targets": targets.iter().map(|&n| serde_json::json!({"unit": id(n)})).collect::<Vec<_>>()})
    };
    let infantry = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[3, 3]),
            &mut ScriptedDice::new([5, 5]),
        )
        .expect_err("not armor");
    assert!(
        infantry.message.ends_with("(11.0)."),
        "{}",
        infantry.message
    );
    // Two dice for two steps, +1 adjacent: a 4 hits (5), then a 4 again: the tank is gone.
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[1, 1]),
            &mut ScriptedDice::new([4, 4]),
        )
        .expect("fires");
    assert_eq!(answer.result["hits"], 2, "{:?}", answer.steps);
    assert!(!desk.roster.units.keys().any(|u| u.as_str() == id(1)));
    let again = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[3, 3]),
            &mut ScriptedDice::new([4, 4]),
        )
        .expect_err("once a phase");
    assert!(again.message.contains("(11.0)"), "{}", again.message);
}

#[test]
fn recovery_and_a_replacement_point_flip_a_reduced_company_13_2_13_3() {
    use crate::dice::source::ScriptedDice;
    let company = |n| {
        let mut u = roster_unit(
            n,
            Side::Finnish,
            "infantry",
            &[("cs", 4), ("ma", 5), ("steps", 1)],
        );
        u.markers.insert("reduced".into());
        u
    };
    let mut desk = table_at("1/1", vec![company(1), company(2)], "second_reset");
    let mut table = "roll,result".to_string();
    for total in -3..=9 {
        let cell = if total >= 5 { "recovered" } else { "no_effect" };
        table.push_str(&format!("\n{total},{cell}"));
    }
    let charts = std::collections::BTreeMap::from([(
        "recovery".to_string(),
        from_csv(&table).expect("csv"),
    )]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    // A replacement point, spent in the Reset Phase, flips company 1 (13.2).
    let none = desk
        .act(
            Role::Finnish,
            "spend-replacement",
            &serde_json::json!({"unit": id(1)}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("no points");
    assert_eq!(none.code, "no_replacement_points");
    desk.extra.replacement_points = [0, 1];
    desk.act(
        Role::Finnish,
        "spend-replacement",
        &serde_json::json!({"unit": id(1)}),
        &mut ScriptedDice::new([]),
    )
    .expect("spent");
    assert_eq!(desk.extra.replacement_points, [0, 0]);
    assert!(!unit_of(&desk, 1).markers.contains("reduced"));
    assert_eq!(
        unit_of(&desk, 1).attributes["steps"],
        crate::games::assisted::roster::AttrValue::Number(2)
    );
    // Recovery in the Action Phase: a 4 with Pajari's +1 is 5, recovered (13.3, 12.3).
    move_to(&mut desk, "second_action");
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "attempt-recovery",
            &serde_json::json!({"unit": id(2), "pajari": true}),
            &mut ScriptedDice::new([4]),
        )
        .expect("rolls");
    assert_eq!(answer.result["recovered"], true, "{:?}", answer.steps);
    assert!(!unit_of(&desk, 2).markers.contains("reduced"));
    let full = desk
        .act(
            Role::Finnish,
            "attempt-recovery",
            &serde_json::json!({"unit": id(1)}),
            &mut ScriptedDice::new([6]),
        )
        .expect_err("not reduced");
    assert!(full.message.ends_with("(13.3)."), "{}", full.message);
}

#[test]
fn ammo_is_spent_and_the_artillery_parks_strike_the_roster_12_4_1_12_4_3_12_4_4() {
    use crate::dice::source::ScriptedDice;
    let gun = |n, side, calibre| {
        roster_unit(
            n,
            side,
            "artillery",
            &[
                ("cs", 0),
                ("ma", 0),
                ("steps", 1),
                ("ras", 6),
                ("indirect", 1),
                ("calibre", calibre),
            ],
        )
    };
    let company = |n, side| roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)]);
    let mut desk = table_at(
        "1/1",
        vec![
            gun(1, Side::Soviet, 76),
            gun(2, Side::Soviet, 76),
            gun(3, Side::Soviet, 122),
            company(4, Side::Finnish),
            gun(5, Side::Finnish, 76),
            company(6, Side::Soviet),
            company(7, Side::Finnish),
        ],
        "first_combat",
    );
    let mut rat = "roll,result".to_string();
    for total in 1..=29 {
        rat.push_str(&format!("\n{total},none"));
    }
    let charts =
        std::collections::BTreeMap::from([("rat".to_string(), from_csv(&rat).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let fire = serde_json::json!({"firer": id(1), "hex": "0007", "targets": [id(7)]});
    let dry = desk
        .act(
            Role::Soviet,
            "resolve-ranged-attack",
            &fire,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("no ammo");
    assert_eq!(dry.code, "no_ammo");
    desk.extra.ammo = [7, 0];
    desk.act(
        Role::Soviet,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("fires");
    assert_eq!(desk.extra.ammo, [6, 0], "one ammo a 76mm shot (12.4.1)");
    move_to(&mut desk, "second_action");
    let park = serde_json::json!({"unit": id(4), "removed_battalion": id(2)});
    desk.act(
        Role::Finnish,
        "soviet-artillery-park",
        &park,
        &mut ScriptedDice::new([]),
    )
    .expect("the park strikes");
    let on_roster = |desk: &crate::games::assisted::play::desk::Desk<RedWinter>, n| {
        desk.roster.units.keys().any(|u| u.as_str() == id(n))
    };
    assert!(!on_roster(&desk, 4), "the company leaves the game");
    assert!(!on_roster(&desk, 3), "event (a): the 354th is gone");
    assert!(
        !on_roster(&desk, 2),
        "event (b): one 76mm battalion is gone"
    );
    assert_eq!(desk.extra.ammo[0], 3, "6 loses 3 (12.4.3 b)");
    assert_eq!(unit_of(&desk, 1).location, "Turn Track, turn 6");
    let again = desk
        .act(
            Role::Finnish,
            "soviet-artillery-park",
            &serde_json::json!({"unit": id(7)}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("once a turn");
    assert_eq!(again.code, "park_done");
    desk.act(
        Role::Soviet,
        "finnish-artillery-park",
        &serde_json::json!({"unit": id(6)}),
        &mut ScriptedDice::new([]),
    )
    .expect("the Finnish park");
    assert!(
        !on_roster(&desk, 5),
        "every Finnish battery is gone (12.4.4)"
    );
}

#[test]
fn pajari_caught_is_lost_on_a_one_and_otherwise_joins_a_company_12_3_1() {
    use crate::dice::source::ScriptedDice;
    let units = || {
        vec![
            roster_unit(
                4,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                5,
                Side::Finnish,
                "leader",
                &[("cs", 0), ("ma", 5), ("steps", 1)],
            ),
        ]
    };
    let caught = serde_json::json!({"why": "retreat_into_ezoc", "join": id(4)});
    let mut desk = table_at("1/1", units(), "first_combat");
    desk.act(
        Role::Finnish,
        "pajari-caught",
        &caught,
        &mut ScriptedDice::new([1]),
    )
    .expect("rolls");
    assert!(
        !desk.roster.units.keys().any(|u| u.as_str() == id(5)),
        "captured on a 1"
    );
    let mut desk = table_at("1/1", units(), "first_combat");
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "pajari-caught",
            &caught,
            &mut ScriptedDice::new([2]),
        )
        .expect("rolls");
    assert_eq!(answer.result["lost"], false);
    assert_eq!(unit_of(&desk, 5).location, "0004");
    let soviet = desk
        .act(
            Role::Soviet,
            "pajari-caught",
            &caught,
            &mut ScriptedDice::new([2]),
        )
        .expect_err("the Finns roll");
    assert!(soviet.message.contains("(12.3.1)"));
}

/// The board opens a Combat's form with what the map decides filled in: the attacking side, and
/// frozen lake under the defender (8.3 case 5) and under everyone (its note); the players still
/// choose the rest.
#[test]
fn the_board_fills_in_the_frozen_lake_cases_from_the_map_8_3_case_5() {
    let lake = || vec![FROZEN_LAKE.to_string()];
    let everyone = MapFacts {
        attacker: Some(Side::Soviet),
        defender: lake(),
        attackers: vec![lake(), lake()],
    };
    let filled = RedWinter::filled_from_map("resolve-combat", &everyone);
    for (field, value) in [
        ("shifts.attacker", "soviet"),
        ("shifts.defender_on_frozen_lake", "true"),
        ("all_on_frozen_lake", "true"),
        ("shifts.all_on_frozen_lake", "true"),
    ] {
        assert!(
            filled.contains(&(field.to_string(), value.to_string())),
            "{field} in {filled:?}"
        );
    }
    let one_on_shore = MapFacts {
        attackers: vec![lake(), vec!["forest".into()]],
        ..everyone.clone()
    };
    let filled = RedWinter::filled_from_map("resolve-combat", &one_on_shore);
    assert!(
        filled
            .iter()
            .any(|(f, _)| f == "shifts.defender_on_frozen_lake")
    );
    assert!(
        !filled
            .iter()
            .any(|(f, _)| f.ends_with("all_on_frozen_lake"))
    );
    assert!(RedWinter::filled_from_map("take-losses", &everyone).is_empty());
}
