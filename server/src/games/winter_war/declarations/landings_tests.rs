//! Naval gunfire (20.1), amphibious landings (20.2), the paratroop drop (19.2) and the Allied
//! intervention (17.2), each rolled with scripted dice and applied to the roster.

use super::super::fog::tests::{act, desk, id, raw, refusal, to, unit};
use crate::core::domain::{Role, Side};
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::play::view::view_for;
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit, UnitId};
use crate::games::winter_war::WinterWar;
use serde_json::json;
use std::collections::BTreeMap;

fn uid(n: u32) -> UnitId {
    UnitId::parse(&id(n)).expect("id")
}

fn typed(n: u32, side: Side, at: &str, kind: &str, size: &str) -> Unit {
    let mut u = unit(n, side, at, &[]);
    u.unit_type = kind.into();
    if !size.is_empty() {
        u.attributes
            .insert("size".into(), AttrValue::Text(size.into()));
    }
    u
}

fn moved(to: &str) -> UnitEdit {
    UnitEdit {
        location: Some(to.into()),
        ..UnitEdit::default()
    }
}

fn at(d: &Desk<WinterWar>, n: u32) -> Option<String> {
    d.roster.units.get(&uid(n)).map(|u| u.location.clone())
}

#[test]
fn naval_gunfire_eliminates_only_the_fortification_unit_once_a_turn_20_1() {
    let mut d = desk(false);
    d.add_units(
        Role::Umpire,
        vec![
            typed(1, Side::Finnish, "1838", "fortification", ""),
            unit(2, Side::Finnish, "1838", &[]),
            unit(3, Side::Finnish, "1738", &[]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_movement");
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "naval-gunfire",
        json!({"hex": "1838"}),
        &[1],
    ));
    assert_eq!(code, "wrong_phase");
    to(&mut d, "soviet_air_naval");
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Soviet,
        "naval-gunfire",
        json!({"hex": "1738"}),
        &[1],
    ));
    assert!(says.contains("No Finnish fortification unit"), "{says}");
    act(
        &mut d,
        Role::Soviet,
        "naval-gunfire",
        json!({"hex": "1838"}),
        &[3],
    )
    .expect("fires");
    assert_eq!(at(&d, 1), None, "1–3 eliminates the fortification unit");
    assert_eq!(
        at(&d, 2).as_deref(),
        Some("1838"),
        "other units are not affected"
    );
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Soviet,
        "naval-gunfire",
        json!({"hex": "1838"}),
        &[1],
    ));
    assert!(says.contains("this game turn"), "{says}");
    // In the freeze the markers cannot be used (20.3).
    d.extra.flags.freeze = true;
    d.extra.naval_used.clear();
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Soviet,
        "naval-gunfire",
        json!({"hex": "1838"}),
        &[1],
    ));
    assert!(says.contains("freeze"), "{says}");
}

#[test]
fn an_amphibious_landing_moves_a_regiment_up_to_ten_hexes_and_holds_it_20_2() {
    let mut d = desk(false);
    d.add_units(
        Role::Umpire,
        vec![
            typed(1, Side::Soviet, "1840", "infantry", "III"),
            typed(2, Side::Soviet, "1840", "infantry", "XX"),
            typed(3, Side::Soviet, "1841", "naval_infantry", "X"),
            unit(9, Side::Finnish, "1836", &[]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_reinforcement");
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "amphibious-landing",
        json!({"unit": id(1), "to": "1837"}),
        &[1],
    ));
    assert_eq!(code, "wrong_phase", "the Soviet Movement Phase only (20.2)");
    to(&mut d, "soviet_movement");
    let land = |d: &mut Desk<WinterWar>, n: u32, to: &str, roll: u32| {
        act(
            d,
            Role::Soviet,
            "amphibious-landing",
            json!({"unit": id(n), "to": to}),
            &[roll],
        )
    };
    let (_, _, says) = refusal(land(&mut d, 2, "1837", 1));
    assert!(
        says.contains("infantry regiment"),
        "a division does not land: {says}"
    );
    let (_, _, says) = refusal(land(&mut d, 1, "1836", 1));
    assert!(says.contains("enemy units"), "{says}");
    let (_, _, says) = refusal(land(&mut d, 1, "1820", 1));
    assert!(says.contains("ten hexes"), "{says}");
    land(&mut d, 1, "1837", 4).expect("lands on a 4");
    assert_eq!(at(&d, 1).as_deref(), Some("1837"));
    let held = d
        .edit_unit(Role::Soviet, &uid(1), moved("1838"))
        .expect_err("no other movement after (20.2 d)");
    assert_eq!(held.code, "held", "{}", held.message);
    let (_, _, says) = refusal(land(&mut d, 3, "1837", 1));
    assert!(says.contains("this game turn"), "one marker: {says}");
    // The next game turn: a unit that moved first does not land; an aborted landing goes back.
    to(&mut d, "soviet_air_naval");
    assert!(
        d.roster.units[&uid(1)].markers.is_empty(),
        "released at the phase's end"
    );
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_movement");
    d.edit_unit(Role::Soviet, &uid(3), moved("1840"))
        .expect("moves by land");
    let (_, _, says) = refusal(land(&mut d, 3, "1837", 1));
    assert!(says.contains("has moved"), "{says}");
    act(
        &mut d,
        Role::Soviet,
        "amphibious-landing",
        json!({"unit": id(1), "to": "1835", "abort_to": "1840"}),
        &[5],
    )
    .expect("aborted on a 5");
    assert_eq!(at(&d, 1).as_deref(), Some("1840"));
}

#[test]
fn the_paratroop_brigade_drops_from_leningrad_within_six_hexes_19_2() {
    let mut d = desk(false);
    d.add_units(
        Role::Umpire,
        vec![
            typed(1, Side::Soviet, "1840", "airborne", "X"),
            typed(2, Side::Soviet, "1835", "airborne", "X"),
            unit(9, Side::Finnish, "1836", &[]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_movement");
    let drop = |d: &mut Desk<WinterWar>, n: u32, to: &str, dice: &[u32]| {
        act(
            d,
            Role::Soviet,
            "paratroop-drop",
            json!({"unit": id(n), "to": to}),
            dice,
        )
    };
    let (_, _, says) = refusal(drop(&mut d, 2, "1837", &[1]));
    assert!(says.contains("Leningrad"), "{says}");
    let (_, _, says) = refusal(drop(&mut d, 1, "1830", &[1]));
    assert!(says.contains("six hexes"), "{says}");
    let (_, _, says) = refusal(drop(&mut d, 1, "1836", &[1]));
    assert!(says.contains("enemy units"), "{says}");
    // Beside a Finnish unit a 5 aborts: back in Leningrad, and it moves no more this phase.
    drop(&mut d, 1, "1837", &[5]).expect("aborted");
    assert_eq!(at(&d, 1).as_deref(), Some("1840"));
    assert_eq!(
        d.edit_unit(Role::Soviet, &uid(1), moved("1839"))
            .expect_err("held")
            .code,
        "held"
    );
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_movement");
    // Away from the Finns it lands without a roll.
    drop(&mut d, 1, "1838", &[]).expect("lands");
    assert_eq!(at(&d, 1).as_deref(), Some("1838"));
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_movement");
    d.edit_unit(Role::Umpire, &uid(1), moved("1840"))
        .expect("back to Leningrad");
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_movement");
    drop(&mut d, 1, "1837", &[6]).expect("eliminated on a 6");
    assert_eq!(at(&d, 1), None);
}

#[test]
fn the_allied_intervention_brings_the_rolled_units_and_eliminates_those_left_outside_finland_17_2()
{
    let mut d = desk(false);
    let allied = raw(
        &["1-10"],
        &[
            &["Allied Intervention"][..],
            &["-"],
            &["-"],
            &["-"],
            &["-"],
            &["-"],
        ],
    );
    d.enter_charts(
        Role::Umpire,
        BTreeMap::from([("finnish_events".to_string(), allied)]),
    )
    .expect("events");
    let mut units: Vec<Unit> = (1..=5)
        .map(|n| {
            let mut u = unit(n, Side::Finnish, "Allied intervention pool", &[]);
            u.name = format!("Allied {n}");
            u.attributes
                .insert("flag".into(), AttrValue::Text("Allied".into()));
            u
        })
        .collect();
    units.push(unit(9, Side::Soviet, "1840", &[]));
    d.add_units(Role::Umpire, units).expect("adds");
    act(
        &mut d,
        Role::Umpire,
        "enter-countries",
        json!({"finland": ["1020", "1021"], "soviet_union": ["1840"]}),
        &[],
    )
    .expect("countries");
    to(&mut d, "finnish_events");
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "allied-intervention",
        json!({}),
        &[3, 5],
    ));
    assert_eq!(code, "no_intervention", "not before the event is rolled");
    act(&mut d, Role::Finnish, "roll-events", json!({}), &[1]).expect("rolls the event");
    act(
        &mut d,
        Role::Finnish,
        "allied-intervention",
        json!({"units": [id(4), id(2)]}),
        &[3, 5],
    )
    .expect("three come through Sweden or Norway");
    assert_eq!(at(&d, 4).as_deref(), Some("Track, GT 2"));
    assert_eq!(at(&d, 2).as_deref(), Some("Track, GT 2"));
    assert_eq!(at(&d, 1).as_deref(), Some("Track, GT 2"), "then by name");
    assert_eq!(at(&d, 3).as_deref(), Some("Allied intervention pool"));
    let soviet = serde_json::to_string(&view_for(&d, Role::Soviet)).expect("json");
    for n in 1..=5 {
        assert!(
            !soviet.contains(&id(n)),
            "Allied unit {n} named to the Soviets"
        );
    }
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "allied-intervention",
        json!({}),
        &[3, 5],
    ));
    assert_eq!(code, "no_intervention", "once for the event");
    // GT 2: they wait in the Finnish reinforcements; two enter Finland, one stays outside.
    to(&mut d, "finnish_reinforcement");
    assert_eq!(d.tracker.turn, 2);
    assert_eq!(at(&d, 4).as_deref(), Some("Finnish reinforcements"));
    to(&mut d, "finnish_movement");
    d.edit_unit(Role::Finnish, &uid(4), moved("1020"))
        .expect("in Finland");
    d.edit_unit(Role::Finnish, &uid(2), moved("1021"))
        .expect("in Finland");
    d.edit_unit(Role::Finnish, &uid(1), moved("0920"))
        .expect("in Sweden");
    to(&mut d, "finnish_air");
    assert_eq!(at(&d, 1), None, "outside Finland: eliminated (17.2)");
    assert_eq!(at(&d, 4).as_deref(), Some("1020"));
}

#[test]
fn under_the_fog_of_war_a_landing_or_a_drop_is_logged_for_the_soviets_only_24_2() {
    use crate::dice::source::ScriptedDice;
    let mut d = desk(true);
    d.add_units(
        Role::Umpire,
        vec![
            typed(1, Side::Soviet, "1840", "infantry", "III"),
            typed(2, Side::Soviet, "1840", "airborne", "X"),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_movement");
    for (name, params) in [
        ("amphibious-landing", json!({"unit": id(1), "to": "1837"})),
        ("paratroop-drop", json!({"unit": id(2), "to": "1838"})),
    ] {
        let (_, events) = d
            .act(Role::Soviet, name, &params, &mut ScriptedDice::new([1]))
            .expect("carried out");
        let audiences: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                crate::games::assisted::play::event::DeskEvent::Ran { audience, .. } => {
                    Some(*audience)
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            audiences,
            [crate::db::game::Audience::Soviet],
            "{name}: the unit's name is not the Finns' to read"
        );
    }
}
