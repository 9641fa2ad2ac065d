//! Packs' setup rules: regions and placements near cities, reinforcements and their arrivals, the
//! game's length, victory levels, setup options and what the map has at a hex.

use super::area::{Area, Spot, Verdict};
use super::loaded::LoadedPack;
use super::tests::{check_placements, facts, loaded, set};
use super::{
    A_WINTER_WAR_EXAMPLE, A_WINTER_WAR_TEMPLATE, RED_WINTER_EXAMPLE, WINTER_WAR_FREE_SETUP,
    WINTER_WAR_HISTORICAL, parse,
};
use crate::core::domain::Side;
use crate::games::assisted::board::hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

#[test]
fn a_region_defined_through_itself_is_refused() {
    let text = WINTER_WAR_HISTORICAL.replacen(
        "code = \"finland\"\nname = \"Finland\"\nnote = \"Enter Finland's hexes from the map.\"",
        "code = \"finland\"\nname = \"Finland\"\narea = { except = { area = \"map\", minus = { region = \"south_of_a_line\" } } }",
        1,
    );
    let text = text.replacen(
        "area = { except = { area = \"map\", minus = { region = \"north_of_a_line\" } } }",
        "area = { all_of = [{ region = \"finland\" }] }",
        1,
    );
    let errors = parse(&text).expect_err("circle").0;
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("defined through itself")),
        "{errors:?}"
    );
}

#[test]
fn a_group_near_a_city_admits_hexes_within_five_and_refuses_the_rest() {
    let ww = loaded(WINTER_WAR_HISTORICAL);
    let leningrad = ww
        .pack
        .setup
        .iter()
        .find(|g| g.code == "leningrad")
        .expect("group");
    let division = &leningrad.units[2];
    // The Soviet Union's hexes are the group's to enter: near Leningrad is unchecked, not refused.
    check_placements(
        &ww,
        leningrad,
        division,
        &[
            ("1840", Verdict::Unchecked),
            ("1845", Verdict::Unchecked),
            ("1834", Verdict::Outside),
            ("1123", Verdict::Outside),
        ],
    );
    assert_eq!(
        ww.placement(leningrad, division, &Spot::Box("soviet_staging".into())),
        Verdict::Outside
    );
    let staging = ww
        .pack
        .setup
        .iter()
        .find(|g| g.code == "soviet_displays")
        .expect("group");
    assert_eq!(
        ww.placement(
            staging,
            &staging.units[0],
            &Spot::Box("soviet_staging".into())
        ),
        Verdict::Inside
    );
    assert_eq!(
        ww.placement(
            staging,
            &staging.units[0],
            &Spot::Box("finnish_staging".into())
        ),
        Verdict::Outside
    );
}

#[test]
fn entered_regions_turn_unchecked_placements_into_checked_ones() {
    // The group enters the Soviet Union as columns 22 and east, and the A Line as rows 1-30.
    let mut pack = parse(WINTER_WAR_HISTORICAL).expect("reads");
    let grid = crate::games::assisted::board::grid::Grid::new(pack.map.clone()).expect("grid");
    let ids = |keep: &dyn Fn(Hex) -> bool| {
        grid.hexes()
            .filter(|h| keep(*h))
            .map(|h| grid.id(h))
            .collect::<Vec<_>>()
    };
    for region in &mut pack.regions {
        match region.code.as_str() {
            "soviet_union" => region.hexes = ids(&|h| h.column >= 22),
            "finland" => region.hexes = ids(&|h| h.column < 22),
            "north_of_a_line" => region.hexes = ids(&|h| h.row <= 30),
            _ => {}
        }
    }
    let ww = LoadedPack::new(pack).expect("loads");
    let petrozavodsk = ww
        .pack
        .setup
        .iter()
        .find(|g| g.code == "petrozavodsk")
        .expect("group");
    let corps = &petrozavodsk.units[1];
    assert_eq!(
        corps.values.get("af"),
        Some(&crate::games::assisted::roster::AttrValue::Number(20))
    );
    check_placements(
        &ww,
        petrozavodsk,
        corps,
        &[
            ("2533", Verdict::Inside),
            ("2531", Verdict::Inside),
            // Within five of Petrozavodsk but north of the A Line: refused for the 20-12-2.
            ("2530", Verdict::Outside),
        ],
    );
    check_placements(
        &ww,
        petrozavodsk,
        &petrozavodsk.units[2],
        &[
            ("2530", Verdict::Inside),
            // Within five but in Finland: refused.
            ("2133", Verdict::Outside),
        ],
    );
    let hex = |id: &str| Spot::Hex(ww.grid.parse(id).expect("hex"));
    assert!(ww.region_known("south_of_a_line"));
    assert!(!ww.region_known("finnish_cities"));
    assert_eq!(
        ww.region_verdict("south_of_a_line", &hex("1840")),
        Verdict::Inside
    );
    assert_eq!(
        ww.region_verdict("south_of_a_line", &hex("2111")),
        Verdict::Outside
    );
}

#[test]
fn a_group_split_between_two_cities_may_stand_near_either() {
    let ww = loaded(WINTER_WAR_HISTORICAL);
    let area = Area::Within {
        reach: 5,
        of: Box::new(Area::Places(vec!["belomorsk".into(), "kandalaksha".into()])),
    };
    let hex = |id: &str| Spot::Hex(ww.grid.parse(id).expect("hex"));
    assert_eq!(ww.verdict(&area, &hex("2624")), Verdict::Inside);
    assert_eq!(ww.verdict(&area, &hex("2116")), Verdict::Inside);
    assert_eq!(ww.verdict(&area, &hex("2121")), Verdict::Inside);
    // Murmansk is five hexes from Kandalaksha; one hex further north is not.
    assert_eq!(ww.verdict(&area, &hex("2111")), Verdict::Inside);
    assert_eq!(ww.verdict(&area, &hex("2110")), Verdict::Outside);
    // Two areas of 91 hexes, overlapping where the cities' reaches meet.
    let spots = ww.spots(&ww.resolve(&area));
    assert!(spots.len() > 91 && spots.len() < 182, "{}", spots.len());
    assert_eq!(ww.place("belomorsk"), vec![Hex::new(26, 24)]);
}

#[test]
fn parenthesised_reinforcements_arrive_only_when_their_condition_holds() {
    let ww = loaded(WINTER_WAR_HISTORICAL);
    let none = BTreeSet::new();
    let rolled = BTreeMap::new();
    let timoshenko = set(&["timoshenko"]);
    assert!(
        ww.arrivals(Side::Soviet, 5, &facts(&none, &none), &rolled)
            .is_empty()
    );
    let gt5 = ww.arrivals(Side::Soviet, 5, &facts(&none, &timoshenko), &rolled);
    let units: u32 = gt5.iter().flat_map(|a| &a.units).map(|u| u.count).sum();
    assert_eq!(units, 3);
    let morale = set(&["finnish_morale"]);
    assert_eq!(
        ww.arrivals(Side::Finnish, 5, &facts(&none, &none), &rolled)
            .len(),
        1
    );
    assert!(
        ww.arrivals(Side::Finnish, 5, &facts(&none, &morale), &rolled)
            .is_empty()
    );
    // Full mobilization (24.6): a 4-4-2 on GT 5 whatever the morale, and no GT 6 air unit.
    let full = set(&["full_mobilization"]);
    let gt5 = ww.arrivals(Side::Finnish, 5, &facts(&full, &morale), &rolled);
    assert_eq!(gt5.len(), 1);
    assert_eq!(gt5[0].entry.rule, "24.6");
    let gt6 = ww.arrivals(Side::Finnish, 6, &facts(&full, &none), &rolled);
    assert!(
        gt6.iter()
            .all(|a| a.units.iter().all(|u| u.unit_type != "air"))
    );
    assert_eq!(
        ww.arrivals(Side::Finnish, 6, &facts(&none, &none), &rolled)
            .len(),
        2
    );
}

#[test]
fn a_rolled_arrival_lands_on_the_turn_rolled() {
    let ww = loaded(WINTER_WAR_HISTORICAL);
    let (brigade, _) = ww
        .pack
        .reinforcements
        .iter()
        .enumerate()
        .find(|(_, r)| r.rule == "24.7")
        .expect("24.7");
    let options = set(&["scandinavian_alliance"]);
    let none = BTreeSet::new();
    let rolled = BTreeMap::from([(brigade, 4)]);
    let at4 = ww.arrivals(Side::Finnish, 4, &facts(&options, &none), &rolled);
    assert!(at4.iter().any(|a| a.index == brigade));
    assert!(
        ww.arrivals(Side::Finnish, 4, &facts(&none, &none), &rolled)
            .iter()
            .all(|a| a.index != brigade)
    );
    assert_eq!(
        ww.arrival_turn(brigade, &facts(&options, &none), &BTreeMap::new()),
        None
    );
}

#[test]
fn earlier_arrivals_shift_and_never_before_the_first_turn() {
    let aww = loaded(A_WINTER_WAR_TEMPLATE);
    let none = BTreeSet::new();
    let g = set(&["opt_g"]);
    let rolled = BTreeMap::new();
    assert_eq!(aww.arrival_turn(0, &facts(&none, &none), &rolled), Some(3));
    assert_eq!(aww.arrival_turn(0, &facts(&g, &none), &rolled), Some(1));
    let ex = loaded(A_WINTER_WAR_EXAMPLE);
    let mut pack = ex.pack.clone();
    pack.reinforcements[0].shifts = vec![super::Shift {
        when: super::area::Condition::Option("opt_e".into()),
        turns: -5,
    }];
    let shifted = LoadedPack::new(pack).expect("loads");
    assert_eq!(
        shifted.arrival_turn(0, &facts(&set(&["opt_e"]), &none), &rolled),
        Some(5)
    );
}

#[test]
fn the_last_turn_follows_the_variable_length() {
    let aww = loaded(A_WINTER_WAR_TEMPLATE);
    let none = BTreeSet::new();
    let e = set(&["opt_e"]);
    assert_eq!(aww.last_turn(&facts(&none, &none)), 7);
    assert_eq!(aww.last_turn(&facts(&e, &none)), 7);
    assert_eq!(
        aww.last_turn(&facts(&e, &set(&["continues_after_mar_i"]))),
        8
    );
    let both = set(&["continues_after_mar_i", "continues_after_mar_ii"]);
    assert_eq!(aww.last_turn(&facts(&e, &both)), 9);
    assert_eq!(
        loaded(WINTER_WAR_HISTORICAL).last_turn(&facts(&none, &none)),
        11
    );
}

#[test]
fn winter_war_levels_follow_4_2() {
    let ww = loaded(WINTER_WAR_FREE_SETUP);
    let name = |score| ww.level(score).map(|l| l.name.clone()).expect("a level");
    assert_eq!(name(-40), "Finnish Strategic Victory");
    assert_eq!(name(30), "Finnish Strategic Victory");
    assert_eq!(name(31), "Finnish Morale Victory (the historical result)");
    assert_eq!(name(60), "Finnish Morale Victory (the historical result)");
    assert_eq!(name(61), "Soviet Tactical Victory");
    assert_eq!(name(80), "Soviet Tactical Victory");
    assert_eq!(name(81), "Soviet Operational Victory");
    assert_eq!(name(100), "Soviet Operational Victory");
    assert_eq!(name(101), "Soviet Strategic Victory");
    let none = BTreeSet::new();
    let all = set(&[
        "red_army_better_prepared",
        "full_mobilization",
        "scandinavian_alliance",
    ]);
    assert_eq!(ww.adjustment(Side::Soviet, &facts(&all, &none)), (20, 20));
    assert_eq!(ww.adjustment(Side::Finnish, &facts(&all, &none)), (0, 0));
}

#[test]
fn a_winter_war_deductions_do_not_count_for_the_historical_outcome() {
    let aww = loaded(A_WINTER_WAR_TEMPLATE);
    let none = BTreeSet::new();
    let options = set(&["opt_f", "opt_g", "opt_h"]);
    assert_eq!(
        aww.adjustment(Side::Soviet, &facts(&options, &none)),
        (-40, 0)
    );
    assert_eq!(
        aww.adjustment(Side::Finnish, &facts(&options, &none)),
        (-10, 0)
    );
}

#[test]
fn setup_groups_follow_the_options() {
    let ww = loaded(WINTER_WAR_HISTORICAL);
    let none = BTreeSet::new();
    let count = |side, options: &BTreeSet<String>| -> u32 {
        ww.setup(side, &facts(options, &none))
            .iter()
            .flat_map(|(_, units)| units.iter())
            .filter(|u| !u.marker)
            .map(|u| u.count)
            .sum()
    };
    // 4 HQ, 3 + 3 corps, 8 divisions, 1 tank corps, 1 naval brigade, 3 + 4 regiments, 1 coast
    // defence, 3 air units.
    assert_eq!(count(Side::Soviet, &none), 31);
    assert_eq!(count(Side::Soviet, &set(&["red_army_better_prepared"])), 34);
    // 1 air unit, 7 + 2 divisions, 4 brigades, 8 ski battalions, 6 coast defence.
    assert_eq!(count(Side::Finnish, &none), 28);
    // 24.6: two forts, a tank detachment and an air unit more, three ski battalions fewer.
    assert_eq!(count(Side::Finnish, &set(&["full_mobilization"])), 29);
}

/// The board fills an attack's form from what the map has at a hex: the terrain filling or
/// marking it, then the kinds of its places; a river or road along a hexside is not "at" a hex.
#[test]
fn what_the_map_has_at_a_hex_is_its_terrain_then_its_places() {
    let pack = loaded(RED_WINTER_EXAMPLE);
    assert_eq!(pack.features_at("F2"), ["frozen_lake"]);
    assert_eq!(pack.features_at("D4"), ["village", "village"]);
    assert_eq!(pack.features_at("A1"), ["forest"]);
    assert!(
        pack.features_at("D2").is_empty(),
        "a road runs along D2's sides"
    );
    assert!(pack.features_at("Z99").is_empty(), "not on the map");
    assert!(pack.features_at("not a hex").is_empty());
}
