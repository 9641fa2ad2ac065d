//! The Finnish Provisional Company brought into play against the roster (12.8), on a campaign
//! without a map.

use super::tests::{id, move_to, roster_unit, table_with, unit_of};
use super::*;
use crate::core::domain::Role;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::roster::UnitEdit;

fn create(desk: &mut Desk<RedWinter>, hex: &str, checked: bool) -> Result<(), Refused> {
    desk.act(
        Role::Finnish,
        "create-provisional-company",
        &serde_json::json!({"unit": id(1), "hex": hex, "pajari_near_lutikkamokki": checked}),
        &mut ScriptedDice::new([]),
    )
    .map(|_| ())
}

fn go(desk: &mut Desk<RedWinter>, n: u32, hex: &str) {
    let edit = UnitEdit {
        location: Some(hex.into()),
        ..UnitEdit::default()
    };
    let id = UnitId::parse(&id(n)).expect("id");
    desk.edit_unit(Role::Umpire, &id, edit).expect("moves");
}

/// 12.8: not on day one, not before a Soviet unit has been in column I or west of it (even if it
/// has left again), and only once; then at full strength where the Finnish player puts it.
#[test]
fn the_provisional_company_comes_once_its_conditions_hold_12_8() {
    let options = Options {
        night_turns: vec![2],
        ..Options::default()
    };
    let mut prov = roster_unit(
        1,
        Side::Finnish,
        "infantry",
        &[("cs", 3), ("ma", 5), ("steps", 1), ("vr", 1)],
    );
    prov.location = "beside the Turn Track".into();
    prov.markers.insert("reduced".into());
    let mut pajari = roster_unit(
        2,
        Side::Finnish,
        "leader",
        &[("cs", 0), ("ma", 5), ("steps", 1)],
    );
    pajari.location = "F12".into();
    let mut soviet = roster_unit(
        3,
        Side::Soviet,
        "infantry",
        &[("cs", 4), ("ma", 5), ("steps", 2)],
    );
    soviet.location = "K10".into();
    let company = roster_unit(
        4,
        Side::Finnish,
        "infantry",
        &[("cs", 4), ("ma", 5), ("steps", 2)],
    );
    let mut desk = table_with(
        options,
        "0/0",
        vec![prov, pajari, soviet, company],
        "second_action",
    );
    let day_one = create(&mut desk, "F12", true).expect_err("day one");
    assert_eq!(day_one.code, "provisional_not_yet");
    assert_eq!(
        day_one.kind,
        crate::games::assisted::refusal::RefusalKind::NotNow
    );
    assert!(day_one.message.contains("day two"), "{}", day_one.message);
    while desk.tracker.turn < 3 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    move_to(&mut desk, "second_action");
    assert_eq!(desk.tracker.turn, 3);
    let east = create(&mut desk, "F12", true).expect_err("the Soviets are east");
    assert!(east.message.contains("column I"), "{}", east.message);
    // A Soviet unit goes into column I and back: it still counts.
    go(&mut desk, 3, "I11");
    go(&mut desk, 3, "K10");
    let unchecked = create(&mut desk, "F12", false).expect_err("Pajari unchecked");
    assert!(unchecked.message.contains("E13"), "{}", unchecked.message);
    let other = desk
        .act(
            Role::Finnish,
            "create-provisional-company",
            &serde_json::json!({"unit": id(4), "hex": "F12", "pajari_near_lutikkamokki": true}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("not the VR");
    assert!(other.message.ends_with("(12.8)."), "{}", other.message);
    create(&mut desk, "F12", true).expect("comes into play");
    let prov = unit_of(&desk, 1);
    assert_eq!(prov.location, "F12");
    assert!(!prov.markers.contains("reduced"), "full strength");
    assert_eq!(super::inputs::printed(prov, "steps"), 2);
    assert!(desk.extra.provisional_in_play);
    let again = create(&mut desk, "F12", true).expect_err("once");
    assert!(again.message.contains("already"), "{}", again.message);
}

/// 13.1.2, 13.1.3: a reinforcement that arrived this turn waits on the Turn Track, a turn when an
/// enemy unit holds its entry hex, or to a later turn its owner chooses; not one that came before.
/// As its side's Action Phase of that turn begins it comes off the track by itself, ready to
/// enter (13.1).
#[test]
fn a_reinforcement_is_held_back_to_the_turn_track_13_1_2_13_1_3() {
    let company = |n, side, hex: &str| {
        let mut u = roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)]);
        u.location = hex.into();
        u
    };
    let mut desk = table_with(
        Options::default(),
        "0/0",
        vec![
            company(1, Side::Soviet, "X1"),
            company(2, Side::Finnish, "x1"),
            company(3, Side::Soviet, "X2"),
            company(4, Side::Soviet, "X3"),
        ],
        "first_action",
    );
    let hold = |desk: &mut Desk<RedWinter>, n: u32, params: serde_json::Value| {
        let mut params = params;
        params["unit"] = id(n).into();
        desk.act(
            Role::Soviet,
            "delay-reinforcement",
            &params,
            &mut ScriptedDice::new([]),
        )
    };
    hold(&mut desk, 1, serde_json::json!({"involuntary": true})).expect("X1 is held");
    assert_eq!(unit_of(&desk, 1).location, "Turn Track, turn 2");
    let free =
        hold(&mut desk, 3, serde_json::json!({"involuntary": true})).expect_err("X2 is free");
    assert!(free.message.ends_with("(13.1.3)"), "{}", free.message);
    let now = hold(&mut desk, 3, serde_json::json!({"to_turn": 1})).expect_err("a later turn");
    assert!(now.message.ends_with("(13.1.2)"), "{}", now.message);
    hold(&mut desk, 3, serde_json::json!({"to_turn": 4})).expect("held back by choice");
    assert_eq!(unit_of(&desk, 3).location, "Turn Track, turn 4");
    while desk.tracker.turn < 2 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    move_to(&mut desk, "first_action");
    // The Soviet Action Phase of turn 2 begins: the unit delayed to it comes off the Turn Track,
    // ready to enter; the one held back to turn 4 still waits.
    assert_eq!(unit_of(&desk, 1).location, "Soviet reinforcements");
    assert_eq!(unit_of(&desk, 3).location, "Turn Track, turn 4");
    let old = hold(&mut desk, 4, serde_json::json!({"to_turn": 5})).expect_err("came before");
    assert!(old.message.ends_with("(13.1)."), "{}", old.message);
    while desk.tracker.turn < 4 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    assert_eq!(
        unit_of(&desk, 3).location,
        "Turn Track, turn 4",
        "not before its side's Action Phase"
    );
    move_to(&mut desk, "first_action");
    assert_eq!(unit_of(&desk, 3).location, "Soviet reinforcements");
}

/// 13.2.1: in its Reset Phase a side spends this turn's replacement points to bring an
/// infantry company back from the dead pool, 3 at full strength, onto the map or a later turn.
#[test]
fn a_company_is_reconstituted_from_the_dead_pool_13_2_1() {
    use crate::games::assisted::chart_import::from_csv;
    let track = "turn,label,night,los,soviet_ammo,finnish_ammo,soviet_rp,finnish_rp,morale,armor_vp
1,Dec 8 0800,day,6,0,0,0,0,,0
2,Dec 8 1200,day,6,0,0,4,0,,0";
    let company = |n| {
        roster_unit(
            n,
            Side::Soviet,
            "infantry",
            &[("cs", 4), ("ma", 5), ("steps", 2)],
        )
    };
    let mg = roster_unit(2, Side::Soviet, "mg", &[("cs", 2), ("ma", 4), ("steps", 2)]);
    let mut desk = table_with(
        Options::default(),
        "0/0",
        vec![company(1), mg, company(3)],
        "first_action",
    );
    let charts = std::collections::BTreeMap::from([(
        "turn_track".to_string(),
        from_csv(track).expect("csv"),
    )]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    for n in [1, 2, 3] {
        let id = UnitId::parse(&id(n)).expect("id");
        desk.roster
            .remove(Role::Umpire, "Dec 8 0800", &id, "eliminated in combat")
            .expect("falls");
    }
    while desk.tracker.turn < 2 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    assert_eq!(desk.phase().0, "first_reset");
    assert_eq!(desk.extra.replacement_points[0], 4);
    let back = |desk: &mut Desk<RedWinter>, by, params: serde_json::Value| {
        desk.act(by, "reconstitute", &params, &mut ScriptedDice::new([]))
    };
    let finns = back(
        &mut desk,
        Role::Finnish,
        serde_json::json!({"unit": id(1), "hex": "K10"}),
    )
    .expect_err("the Soviets' phase");
    assert_eq!(finns.code, "not_your_phase");
    let mg = back(
        &mut desk,
        Role::Soviet,
        serde_json::json!({"unit": id(2), "hex": "K10"}),
    )
    .expect_err("infantry only");
    assert!(mg.message.ends_with("(13.2, 13.2.1)."), "{}", mg.message);
    let now = back(
        &mut desk,
        Role::Soviet,
        serde_json::json!({"unit": id(1), "to_turn": 2}),
    )
    .expect_err("a later turn");
    assert!(now.message.ends_with("(13.2.1)."), "{}", now.message);
    back(
        &mut desk,
        Role::Soviet,
        serde_json::json!({"unit": id(1), "hex": "K10", "full": true}),
    )
    .expect("reconstituted at full strength");
    let unit = unit_of(&desk, 1);
    assert_eq!(unit.location, "K10");
    assert_eq!(super::inputs::printed(unit, "steps"), 2);
    assert!(!unit.markers.contains("reduced"));
    assert!(
        !desk
            .roster
            .fallen
            .iter()
            .any(|f| f.unit.id.as_str() == id(1))
    );
    assert_eq!(desk.extra.replacement_points[0], 1);
    let poor = back(
        &mut desk,
        Role::Soviet,
        serde_json::json!({"unit": id(3), "to_turn": 5}),
    )
    .expect_err("1 point left");
    assert_eq!(poor.code, "no_replacement_points");
    assert_eq!(
        poor.kind,
        crate::games::assisted::refusal::RefusalKind::NotNow
    );
    let again = back(
        &mut desk,
        Role::Soviet,
        serde_json::json!({"unit": id(1), "hex": "K10"}),
    )
    .expect_err("no longer dead");
    assert_eq!(again.code, "not_in_dead_pool");
}
