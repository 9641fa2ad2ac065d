//! Air missions against the roster, each against the rule it cites: results applied at once
//! (12.1.1), one mission a game turn and one air unit a hex (12.0), communication attacks and
//! their interdiction (12.2), recycling on the Turn Record Track (12.3).

use super::super::fog::tests::{act, desk, id, raw, refusal, to, unit};
use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::play::view::view_for;
use crate::games::assisted::roster::{Unit, UnitEdit, UnitId};
use crate::games::winter_war::WinterWar;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const STAGING: &str = "Soviet Air & Naval Staging Display";

/// An Air Attack Table whose die faces give, in every tactical column: 1 DS, 2 (DS), 3 D1, 4 AA,
/// 5 AR, 6 no effect; and in the communication column Interdiction on 1 and 2.
fn with_air_chart(d: &mut Desk<WinterWar>) {
    let rows: Vec<[&str; 4]> = vec![
        ["DS", "Interdiction", "DS", "DS"],
        ["(DS)", "Interdiction", "(DS)", "(DS)"],
        ["D1", "-", "D1", "D1"],
        ["AA", "AA", "AA", "AA"],
        ["AR", "AR", "AR", "AR"],
        ["-", "-", "-", "-"],
    ];
    let cells: Vec<&[&str]> = rows.iter().map(|r| &r[..]).collect();
    let chart = raw(
        &[
            "Soviet tactical",
            "Soviet communication",
            "Finnish tactical",
            "Volunteer tactical",
        ],
        &cells,
    );
    d.enter_charts(
        Role::Umpire,
        BTreeMap::from([("air_attack".to_string(), chart)]),
    )
    .expect("air chart");
}

fn air(n: u32, side: Side, at: &str) -> Unit {
    let mut u = unit(n, side, at, &[]);
    u.unit_type = "air".into();
    u.name = format!("{} Air Unit {n}", side.adjective());
    u
}

fn uid(n: u32) -> UnitId {
    UnitId::parse(&id(n)).expect("id")
}

fn fly(d: &mut Desk<WinterWar>, n: u32, hex: &str, roll: u32) -> Result<Value, super::Refused> {
    act(
        d,
        Role::Soviet,
        "fly-mission",
        json!({"air_unit": id(n), "hex": hex}),
        &[roll],
    )
}

/// Three Soviet air units in their staging display, Finnish units 10 and 11 in 2021, 12 in 2022.
fn skies() -> Desk<WinterWar> {
    skies_with(false)
}

fn skies_with(fog_of_war: bool) -> Desk<WinterWar> {
    let mut d = desk(fog_of_war);
    with_air_chart(&mut d);
    d.add_units(
        Role::Umpire,
        vec![
            air(1, Side::Soviet, STAGING),
            air(2, Side::Soviet, STAGING),
            air(3, Side::Soviet, STAGING),
            unit(10, Side::Finnish, "2021", &[]),
            unit(11, Side::Finnish, "2021", &[]),
            unit(12, Side::Finnish, "2022", &["suppressed"]),
        ],
    )
    .expect("adds");
    to(&mut d, "soviet_air_naval");
    d
}

fn suppressed(d: &Desk<WinterWar>, n: u32) -> bool {
    d.roster.units[&uid(n)].markers.contains("suppressed")
}

#[test]
fn a_ds_suppresses_every_defender_and_one_air_unit_flies_once_a_turn_one_a_hex_12_0_12_1_1() {
    let mut d = skies();
    fly(&mut d, 1, "2021", 1).expect("DS");
    assert!(suppressed(&d, 10) && suppressed(&d, 11), "12.1.1 DS");
    let (_, code, says) = refusal(fly(&mut d, 1, "2022", 6));
    assert_eq!(code, "already_flown", "{says}");
    let (_, code, says) = refusal(fly(&mut d, 2, "2021", 6));
    assert!(says.contains("one air unit"), "{code}: {says}");
    // A ground unit does not fly, nor does a hex without enemy ground units draw a mission.
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Soviet,
        "fly-mission",
        json!({"air_unit": id(10), "hex": "2021"}),
        &[1],
    ));
    assert!(says.contains("no unit"), "{says}");
    let (_, _, says) = refusal(fly(&mut d, 2, "2525", 1));
    assert!(says.contains("No Finnish ground unit"), "{says}");
    // The Finns do not fly in the Soviet phase, and nobody flies in a combat phase.
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Finnish,
        "fly-mission",
        json!({"air_unit": id(2), "hex": "2021"}),
        &[1],
    ));
    assert!(!says.is_empty());
    to(&mut d, "soviet_combat");
    let (_, code, _) = refusal(fly(&mut d, 2, "2022", 1));
    assert_ne!(code, "already_flown");
    // A new game turn: the air unit flies again.
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_air_naval");
    fly(&mut d, 1, "2022", 6).expect("flies again on the next game turn");
}

#[test]
fn ds_only_in_clear_or_ice_and_ds_on_suppressed_defenders_is_a_d1_12_1_1() {
    let mut d = skies();
    d.add_units(Role::Umpire, vec![unit(14, Side::Finnish, "2023", &[])])
        .expect("adds");
    fly(&mut d, 1, "2021", 2).expect("(DS) elsewhere");
    assert!(
        !suppressed(&d, 10) && !suppressed(&d, 11),
        "(DS): no effect"
    );
    act(
        &mut d,
        Role::Soviet,
        "fly-mission",
        json!({"air_unit": id(2), "hex": "2023", "clear_or_ice": true}),
        &[2],
    )
    .expect("(DS) in the clear");
    assert!(suppressed(&d, 14));
    // Unit 12 is suppressed already: a DS is a D1, the Finns choose the unit.
    fly(&mut d, 3, "2022", 1).expect("DS as D1");
    assert!(
        d.extra
            .pending
            .iter()
            .any(|p| p.owed().side == Side::Finnish)
    );
}

#[test]
fn a_d1_costs_one_unit_of_the_defenders_choice_and_suppresses_the_rest_12_1_1() {
    let mut d = skies_with(true);
    fly(&mut d, 1, "2021", 3).expect("D1");
    assert!(suppressed(&d, 10) && suppressed(&d, 11));
    // Under the fog of war the Soviets learn nothing of the units owing (24.2), the Finns do.
    let soviet = serde_json::to_string(&view_for(&d, Role::Soviet)).expect("json");
    let finnish = serde_json::to_string(&view_for(&d, Role::Finnish)).expect("json");
    for n in [10, 11] {
        assert!(!soviet.contains(&id(n)), "unit {n} named to the Soviets");
        assert!(finnish.contains(&id(n)));
    }
    assert!(
        soviet.contains("one unit of its choice"),
        "the owed line is public"
    );
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Finnish,
        "take-result",
        json!({"eliminate": [id(10), id(11)]}),
        &[],
    ));
    assert!(says.contains("exactly one"), "{says}");
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Finnish,
        "take-result",
        json!({"eliminate": [id(12)]}),
        &[],
    ));
    assert!(says.contains("not in the hex"), "{says}");
    act(
        &mut d,
        Role::Finnish,
        "take-result",
        json!({"eliminate": [id(11)]}),
        &[],
    )
    .expect("one unit");
    assert!(!d.roster.units.contains_key(&uid(11)));
    assert!(suppressed(&d, 10), "the rest stay suppressed");
    assert!(d.extra.pending.is_empty());
}

#[test]
fn aa_eliminates_the_air_unit_and_ar_puts_it_two_turns_on_unseen_12_1_1_12_3() {
    let mut d = skies();
    fly(&mut d, 1, "2021", 4).expect("AA");
    assert!(!d.roster.units.contains_key(&uid(1)), "AA");
    assert!(d.roster.fallen.iter().any(|f| f.unit.id == uid(1)));
    fly(&mut d, 2, "2022", 5).expect("AR on GT 1");
    assert_eq!(d.roster.units[&uid(2)].location, "Track, GT 3");
    // The enemy never sees a unit on the Turn Record Track or in a display (7.3), nor its id
    // in the records.
    let finnish = serde_json::to_string(&view_for(&d, Role::Finnish)).expect("json");
    for n in [1, 2, 3] {
        assert!(
            !finnish.contains(&id(n)),
            "Soviet air unit {n} in the Finnish view"
        );
    }
    assert!(!finnish.contains("Soviet Air Unit"), "{finnish}");
    // Back on GT 3, in its staging display, and it may fly.
    for _ in 0..2 {
        to(&mut d, "soviet_combat");
        to(&mut d, "soviet_logistics");
    }
    assert_eq!(d.tracker.turn, 3);
    assert_eq!(d.roster.units[&uid(2)].location, STAGING);
    to(&mut d, "soviet_air_naval");
    fly(&mut d, 2, "2021", 6).expect("flies again");
}

#[test]
fn ar_on_the_second_to_last_game_turn_removes_the_air_unit_12_3() {
    let mut d = skies();
    while d.tracker.turn < 10 {
        to(&mut d, "soviet_combat");
        to(&mut d, "soviet_air_naval");
    }
    fly(&mut d, 1, "2021", 5).expect("AR on GT 10");
    assert!(!d.roster.units.contains_key(&uid(1)));
    assert!(d.extra.returning.is_empty());
}

#[test]
fn a_communication_attack_interdicts_a_town_against_finnish_reinforcements_12_2() {
    let mut d = skies();
    d.add_units(
        Role::Umpire,
        vec![
            air(4, Side::Finnish, "Finnish Air Staging Display"),
            unit(13, Side::Finnish, "Finnish reinforcements", &[]),
        ],
    )
    .expect("adds");
    act(
        &mut d,
        Role::Soviet,
        "fly-mission",
        json!({"air_unit": id(1), "hex": "2021", "communication": true}),
        &[1],
    )
    .expect("interdiction");
    assert!(d.extra.interdicted.contains("2021"));
    assert!(
        !suppressed(&d, 10),
        "units in the hex are never affected (12.2)"
    );
    // Both sides see the marker on the board.
    for role in [Role::Finnish, Role::Soviet] {
        let marks: Vec<(String, String)> = view_for(&d, role)
            .hex_marks
            .into_iter()
            .map(|m| (m.hex, m.name))
            .collect();
        assert_eq!(marks, [("2021".to_owned(), "Interdicted".to_owned())]);
    }
    to(&mut d, "finnish_reinforcement");
    let moved = |to: &str| UnitEdit {
        location: Some(to.into()),
        ..UnitEdit::default()
    };
    let refused = d
        .edit_unit(Role::Finnish, &uid(13), moved("2021"))
        .expect_err("12.2.2 item 1");
    assert_eq!(refused.code, "interdicted", "{}", refused.message);
    d.edit_unit(Role::Finnish, &uid(13), moved("2020"))
        .expect("another town");
    // A Finnish air unit attacks no communications.
    to(&mut d, "finnish_air");
    let (_, _, says) = refusal(act(
        &mut d,
        Role::Finnish,
        "fly-mission",
        json!({"air_unit": id(4), "hex": "2021", "communication": true}),
        &[1],
    ));
    assert!(says.contains("Only the Soviet player"), "{says}");
    // The marker stays until the end of the Finnish player turn's combat.
    to(&mut d, "finnish_combat");
    assert!(d.extra.interdicted.contains("2021"));
    d.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("ends the Finnish Combat Phase");
    assert!(d.extra.interdicted.is_empty());
}

#[test]
fn severe_climate_sends_every_available_air_unit_two_turns_on_17_3() {
    let mut d = skies();
    let severe = raw(
        &["1-10"],
        &[
            &["Severe Climate"][..],
            &["-"],
            &["-"],
            &["-"],
            &["-"],
            &["-"],
        ],
    );
    d.enter_charts(
        Role::Umpire,
        BTreeMap::from([("soviet_events".to_string(), severe)]),
    )
    .expect("events");
    d.add_units(
        Role::Umpire,
        vec![air(4, Side::Finnish, "Finnish Air Staging Display")],
    )
    .expect("adds");
    fly(&mut d, 1, "2021", 5).expect("AR: unit 1 waits for GT 3 already");
    to(&mut d, "soviet_events");
    act(&mut d, Role::Soviet, "roll-events", json!({}), &[1]).expect("Severe Climate");
    for n in [1, 2, 3, 4] {
        assert_eq!(d.roster.units[&uid(n)].location, "Track, GT 3", "unit {n}");
    }
    assert_eq!(d.extra.returning.len(), 4, "unit 1 is not sent twice");
    to(&mut d, "soviet_logistics");
    to(&mut d, "soviet_air_naval");
    let (_, _, says) = refusal(fly(&mut d, 2, "2021", 6));
    assert!(says.contains("Turn Record Track"), "GT 2: no air: {says}");
    to(&mut d, "soviet_combat");
    to(&mut d, "soviet_logistics");
    assert_eq!(
        d.roster.units[&uid(4)].location,
        "Finnish Air Staging Display"
    );
    assert_eq!(d.roster.units[&uid(2)].location, STAGING);
}
