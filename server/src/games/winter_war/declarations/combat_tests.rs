//! The combat action against the rules: who may attack (13.0), an exchange against defenders in
//! their own fortification (14.2 EX item 1), and a static unit in a city that is not a
//! fortification (14.2, 14.3).

use super::super::fog::tests::{act, desk, id, raw, refusal, to, unit};
use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, UnitId};
use crate::games::winter_war::WinterWar;
use serde_json::json;
use std::collections::BTreeMap;

fn crt(desk: &mut Desk<WinterWar>, every: &str) {
    let cells = [every, every, every];
    let crt = raw(&["≤49%", "50-99%", "≥100%"], &[&cells[..]; 6]);
    desk.enter_charts(Role::Umpire, BTreeMap::from([("crt".to_string(), crt)]))
        .expect("crt");
}

fn with(
    n: u32,
    side: Side,
    hex: &str,
    markers: &[&str],
    set: &[(&str, AttrValue)],
) -> crate::games::assisted::roster::Unit {
    let mut u = unit(n, side, hex, markers);
    for (code, value) in set {
        u.attributes.insert((*code).to_string(), value.clone());
    }
    u
}

fn here(desk: &Desk<WinterWar>, n: u32) -> bool {
    desk.roster
        .units
        .contains_key(&UnitId::parse(&id(n)).expect("id"))
}

#[test]
fn the_combat_action_checks_who_may_attack() {
    // 13.0: "Units with a printed attack factor of zero or which are in laager may never attack";
    // 13.2: static units cannot attack; 7.1/19.1: Finnish and Allied units never together.
    let mut d = desk(false);
    let allied = AttrValue::Text("Allied".into());
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            with(
                2,
                Side::Finnish,
                "2021",
                &[],
                &[("af", AttrValue::Number(0))],
            ),
            unit(3, Side::Finnish, "2021", &["laager"]),
            unit(4, Side::Finnish, "2021", &["static"]),
            unit(5, Side::Finnish, "2021", &[]),
            with(6, Side::Finnish, "2019", &[], &[("flag", allied)]),
        ],
    )
    .expect("adds");
    to(&mut d, "finnish_combat");
    for (attackers, code, says) in [
        (vec![2], "cannot_attack", "attack factor is 0"),
        (vec![3], "cannot_attack", "laager"),
        (vec![4], "cannot_attack", "static"),
        (vec![5, 6], "mixed_nationalities", ""),
    ] {
        for action in ["declare-combat", "resolve-combat"] {
            let ids: Vec<String> = attackers.iter().map(|n| id(*n)).collect();
            let (kind, c, message) = refusal(act(
                &mut d,
                Role::Finnish,
                action,
                json!({"attackers": ids, "hex": "2020"}),
                &[1],
            ));
            assert_eq!(
                (kind, c),
                (RefusalKind::AgainstTheRules, code),
                "{action} {attackers:?}: {message}"
            );
            assert!(message.contains(says), "{message}");
        }
    }
    assert!(
        d.extra.declared.is_none() && d.extra.revealed.is_empty(),
        "a refusal changes nothing"
    );
}

#[test]
fn an_exchange_against_a_fortification_costs_the_defender_at_least_half_its_defence() {
    // 14.2 EX item 1: "only eliminate at least one-half of the total defender's total defense
    // strength"; item 2: the attacker still loses the original defence in attack factors.
    let mut d = desk(false);
    crt(&mut d, "EX");
    let df = |n| [("df", AttrValue::Number(n))];
    d.add_units(
        Role::Umpire,
        vec![
            with(
                1,
                Side::Soviet,
                "2020",
                &[],
                &[("af", AttrValue::Number(20))],
            ),
            with(2, Side::Finnish, "2021", &[], &df(4)),
            with(3, Side::Finnish, "2021", &[], &df(2)),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021", "defender_fortified": true}),
        &[3],
    )
    .expect("resolves");
    assert!(here(&d, 2) && here(&d, 3), "the Finns choose their losses");
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Finnish,
        "take-result",
        json!({"eliminate": [id(3)]}),
        &[],
    ));
    assert_eq!(code, "not_allowed");
    assert!(
        message.contains("2 defence factors; at least 3"),
        "{message}"
    );
    act(
        &mut d,
        Role::Finnish,
        "take-result",
        json!({"eliminate": [id(2)]}),
        &[],
    )
    .expect("pays");
    assert!(
        !here(&d, 2) && here(&d, 3),
        "half of 6, rounded up, is paid by the 4"
    );
    // The Soviets owe attack factors equal to the original 6 defence factors.
    let pending = serde_json::to_value(&d.extra.pending).expect("json");
    assert_eq!(pending[0]["attack_factors"], 6, "{pending}");
    // Outside a fortification an EX eliminates every defender.
    let mut d = desk(false);
    crt(&mut d, "EX");
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            unit(2, Side::Finnish, "2021", &[]),
            unit(3, Side::Finnish, "2021", &[]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[3],
    )
    .expect("resolves");
    assert!(!here(&d, 2) && !here(&d, 3));
}

#[test]
fn a_static_unit_in_a_city_ignores_a_retreat_but_the_city_is_not_a_fortification() {
    // 14.3 item 7: "A static unit in a fortification or city ignores retreats"; 14.2: the
    // parenthesized result is for defenders in their own fortification only.
    let mut d = desk(false);
    crt(&mut d, "DW (DE)");
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            unit(2, Side::Finnish, "2021", &["static"]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    let answer = act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021", "defender_in_city": true}),
        &[3],
    )
    .expect("resolves");
    assert_eq!(answer["result"]["result"], "DW", "{answer}");
    assert!(here(&d, 2), "it stays in its city");
    assert!(d.extra.pending.is_empty());
    // Not in a city: a static unit forced to retreat is eliminated.
    d.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("ends");
    let mut d = desk(false);
    crt(&mut d, "DW (DE)");
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            unit(2, Side::Finnish, "2021", &["static"]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[3],
    )
    .expect("resolves");
    assert!(!here(&d, 2));
}

#[test]
fn the_attacker_breaks_a_corps_down_to_pay_an_exchange_as_the_text_shows() {
    // 11.3's example: a Soviet 20-12-2 corps attacks a Finnish 6-6-2 division and the result is
    // EX; the Finns lose the division; the Soviets break the corps into three 6-4-2 divisions
    // and eliminate one; the other two stay in the hex (14.2: "The player can breakdown units to
    // satisfy losses").
    let mut d = desk(false);
    crt(&mut d, "EX");
    let n = |v| AttrValue::Number(v);
    d.add_units(
        Role::Umpire,
        vec![
            with(
                1,
                Side::Soviet,
                "2020",
                &[],
                &[("af", n(20)), ("df", n(12)), ("mf", n(2))],
            ),
            with(
                2,
                Side::Finnish,
                "2021",
                &[],
                &[("af", n(6)), ("df", n(6)), ("mf", n(2))],
            ),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[3],
    )
    .expect("resolves");
    assert!(!here(&d, 2), "the division is eliminated");
    // A unit that is not the owing side's, or that does not break down, is refused.
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "take-result",
        json!({"breakdown": [id(2)]}),
        &[],
    ));
    assert_eq!(code, "not_allowed");
    let made = act(
        &mut d,
        Role::Soviet,
        "take-result",
        json!({"breakdown": [id(1)]}),
        &[],
    )
    .expect("breaks down");
    let parts: Vec<String> = serde_json::from_value(made["components"].clone()).expect("ids");
    assert_eq!(parts.len(), 3);
    assert!(!here(&d, 1));
    for part in &parts {
        let u = &d.roster.units[&UnitId::parse(part).expect("id")];
        assert_eq!(
            (u.location.as_str(), u.attributes["af"].clone()),
            ("2020", n(6))
        );
    }
    act(
        &mut d,
        Role::Soviet,
        "take-result",
        json!({"eliminate": [parts[0]]}),
        &[],
    )
    .expect("pays 6");
    let left: Vec<_> = d
        .roster
        .units
        .values()
        .filter(|u| u.side == Side::Soviet)
        .collect();
    assert_eq!(left.len(), 2, "two 6-4-2 divisions stay in the hex");
    assert!(d.extra.pending.is_empty());
}

#[test]
fn the_soviets_attack_every_finnish_unit_projecting_a_zone_of_control_into_them() {
    // 13.2: "Soviet units must attack all adjacent enemy units that are projecting ZOCs into
    // Soviet occupied hexes"; 9.1: unsupplied units project none; 13.0: once each per phase.
    let mut d = desk(false);
    crt(&mut d, "NE");
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            unit(2, Side::Soviet, "2121", &[]),
            unit(3, Side::Finnish, "2021", &[]),
            unit(4, Side::Finnish, "2120", &["out_of_supply"]),
            unit(5, Side::Finnish, "2525", &[]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_combat");
    let e = d
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect_err("owed");
    assert_eq!((e.kind, e.code), (RefusalKind::NotNow, "mandatory_attack"));
    assert!(
        e.message.contains("hex 2021") && e.message.contains("13.2"),
        "{}",
        e.message
    );
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[3],
    )
    .expect("attacks");
    // 13.0: neither the attacker nor the defender fights twice in the phase.
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Soviet,
        "declare-combat",
        json!({"attackers": [id(1)], "hex": "2120"}),
        &[],
    ));
    assert_eq!(code, "attacks_once", "{message}");
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Soviet,
        "declare-combat",
        json!({"attackers": [id(2)], "hex": "2021"}),
        &[],
    ));
    assert_eq!(code, "attacks_once", "{message}");
    d.advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("every attack owed was made");
    assert!(
        d.roster
            .units
            .values()
            .all(|u| !u.markers.contains("attacked") && !u.markers.contains("defended")),
        "the markers last one Combat Phase"
    );
}

#[test]
fn only_shock_corps_and_units_stacked_with_them_make_second_wave_attacks() {
    // 13.3: "Only shock corps and Soviet ground units stacked with shock corps may execute
    // second wave attacks."
    let mut d = desk(false);
    crt(&mut d, "NE");
    let n = |v| AttrValue::Number(v);
    d.add_units(
        Role::Umpire,
        vec![
            with(
                1,
                Side::Soviet,
                "2020",
                &[],
                &[("af", n(24)), ("df", n(15))],
            ),
            unit(2, Side::Soviet, "2020", &[]),
            unit(3, Side::Soviet, "2022", &[]),
            unit(4, Side::Finnish, "2021", &[]),
        ],
    )
    .expect("adds");
    act(
        &mut d,
        Role::Umpire,
        "record-event",
        json!({"event": "timoshenko", "shock_corps_formed": true}),
        &[],
    )
    .expect("records");
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(3)], "hex": "2021"}),
        &[3],
    )
    .expect("attacks");
    to(&mut d, "second_wave");
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Soviet,
        "declare-combat",
        json!({"attackers": [id(3)], "hex": "2021"}),
        &[],
    ));
    assert_eq!(code, "not_second_wave", "{message}");
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1), id(2)], "hex": "2021"}),
        &[3],
    )
    .expect("the shock corps and its stack");
}

#[test]
fn in_the_freeze_the_combat_action_ignores_a_river_hexside_21_1() {
    // 21.1 item 1: "River and lake hexsides are ignored" once the freeze is in effect.
    let resolve = |freeze: bool| {
        let mut d = desk(false);
        let crt = raw(&["≤49%", "50-99%", "≥100%"], &[&["AE", "NE", "DE"][..]; 6]);
        d.enter_charts(Role::Umpire, BTreeMap::from([("crt".to_string(), crt)]))
            .expect("crt");
        d.extra.flags.freeze = freeze;
        d.add_units(
            Role::Umpire,
            vec![
                unit(1, Side::Soviet, "2020", &[]),
                unit(2, Side::Finnish, "2021", &[]),
            ],
        )
        .expect("adds");
        to(&mut d, "soviet_combat");
        let answer = act(
            &mut d,
            Role::Soviet,
            "resolve-combat",
            json!({"attackers": [id(1)], "hex": "2021", "terrain": {"river hexside": 1}}),
            &[3],
        )
        .expect("resolves");
        answer["result"]["result"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    // 6 against 4 is 150%; the river moves it one column left, but not in the freeze.
    assert_eq!(resolve(false), "NE");
    assert_eq!(resolve(true), "DE");
}

#[test]
fn second_wave_attacks_only_hexes_south_of_the_a_line_13_3() {
    // 13.3: "Only hexes south of the A Line may be attacked with a second wave attack."
    use super::super::fog::second_wave_south;
    use crate::games::assisted::pack::{self, loaded::LoadedPack};
    let historical = || pack::parse(pack::WINTER_WAR_HISTORICAL).expect("reads");
    let mut entered = historical();
    for region in &mut entered.regions {
        if region.code == "north_of_a_line" {
            region.hexes = vec!["2111".into(), "2530".into()];
        }
    }
    let map = LoadedPack::new(entered).expect("loads");
    let e = second_wave_south(Some(&map), "2530").expect_err("north of the A Line");
    assert_eq!(e.code, "north_of_a_line", "{}", e.message);
    assert_eq!(e.kind, RefusalKind::AgainstTheRules);
    assert!(e.message.contains("(13.3)"), "{}", e.message);
    second_wave_south(Some(&map), "1840").expect("south of the A Line");
    // While the group has not entered the A Line's hexes the players keep it.
    let unentered = LoadedPack::new(historical()).expect("loads");
    second_wave_south(Some(&unentered), "2530").expect("not entered");
    second_wave_south(None, "2530").expect("no map");
}

/// The board opens a ground combat's form with the defender's ice or lake hex (14.1) and city
/// (14.3) ticked from the map; other actions take nothing from it.
#[test]
fn the_board_fills_in_ice_lake_and_city_from_the_map_14_1_14_3() {
    use crate::games::assisted::declarations::{Declarations, MapFacts};
    let facts = |defender: &[&str]| MapFacts {
        attacker: Some(Side::Soviet),
        defender: defender.iter().map(|f| f.to_string()).collect(),
        attackers: vec![vec![]],
    };
    let fields = |defender: &[&str]| WinterWar::filled_from_map("resolve-combat", &facts(defender));
    assert_eq!(
        fields(&["lake", "city"]),
        [
            ("defender_on_ice_or_lake".to_string(), "true".to_string()),
            ("defender_in_city".to_string(), "true".to_string()),
        ]
    );
    assert!(fields(&["forest"]).is_empty());
    assert!(WinterWar::filled_from_map("declare-combat", &facts(&["lake"])).is_empty());
}
