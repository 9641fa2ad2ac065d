//! Winter War's declarations: the catalogue against the rules' vectors, unique names, and the
//! fog of war as each side's sight.

use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::from_csv;
use crate::games::assisted::chart_set::ChartSet;
use crate::games::winter_war::rules::charts::crt_spec;

fn charts() -> ChartSet {
    let mut charts = ChartSet::default();
    let crt = "roll,≤49%,50-99%,100-199%,200-299%,300-399%,400-499%,500-599%,600-699%,≥700%\n"
        .to_string()
        + &(1..=6)
            .map(|r| format!("{r},AE,AW,AW,DW,DW,DE,DE,DE,DE"))
            .collect::<Vec<_>>()
            .join("\n");
    charts
        .enter(
            &crt_spec(),
            from_csv(&crt).expect("csv"),
            Role::Umpire,
            "setup",
        )
        .expect("enters");
    charts
}

fn column(params: serde_json::Value) -> String {
    let calculations = WinterWar::calculations();
    let calc = calculations
        .iter()
        .find(|c| c.about.name == "combat-column")
        .expect("calc");
    let answer = calc.run(&params, &charts()).expect("runs");
    let index = answer.result.as_u64().expect("an index") as usize;
    charts().current("crt").expect("crt").chart.columns[index].clone()
}

#[test]
fn combat_columns_through_the_catalogue_give_the_rules_vectors() {
    // T-WW-01: AF 1 against DF 12 is 8%; 20 against 1 is 2000%.
    assert_eq!(
        column(serde_json::json!({"attack": [1], "defence": [12]})),
        "≤49%"
    );
    assert_eq!(
        column(serde_json::json!({"attack": [20], "defence": [1]})),
        "≥700%"
    );
    // T-WW-02: 20 against 1 with a terrain 1L reads 600-699%.
    assert_eq!(
        column(serde_json::json!({"attack": [20], "defence": [1], "terrain": {"forest": 1}})),
        "600-699%"
    );
}

#[test]
fn every_entry_has_an_object_schema_and_a_unique_name() {
    crate::games::assisted::declarations::check_catalogue::<WinterWar>();
}

fn unit(n: u32, location: &str, markers: &[&str]) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side: Side::Soviet,
        name: format!("Soviet {n}"),
        unit_type: "infantry".into(),
        attributes: Default::default(),
        location: location.into(),
        markers: markers.iter().map(|m| (*m).to_string()).collect(),
    }
}

#[test]
fn the_displays_are_always_hidden_and_the_fog_shows_flags_until_revealed() {
    let fog = Options {
        fog_of_war: true,
        historical: false,
    };
    let mut records = WinterWar::records(&fog);
    let plain = Options::default();
    let on_track = unit(1, "track:GT5", &[]);
    let on_map = unit(2, "2020", &[]);
    let across = unit(3, "3030", &[]);
    records.borders.agreed.finland.insert("3030".into());
    // 7.3, with or without the fog.
    for options in [&fog, &plain] {
        assert_eq!(
            WinterWar::sight(Side::Finnish, &on_track, &records, options),
            Sight::Hidden
        );
    }
    assert_eq!(
        WinterWar::sight(Side::Finnish, &on_map, &records, &plain),
        Sight::Full
    );
    assert!(matches!(
        WinterWar::sight(Side::Finnish, &on_map, &records, &fog),
        Sight::Partial(_)
    ));
    assert_eq!(
        WinterWar::sight(Side::Finnish, &across, &records, &fog),
        Sight::Full
    );
    assert!(!nameable(Side::Finnish, &on_map, &records));
    records.revealed.insert(on_map.id.clone());
    assert_eq!(
        WinterWar::sight(Side::Finnish, &on_map, &records, &fog),
        Sight::Full
    );
    assert!(nameable(Side::Finnish, &on_map, &records));
    assert!(!nameable(Side::Finnish, &on_track, &records));
    // The revealed ids are the umpire's bookkeeping, not in a side's records.
    records.revealed.insert(on_track.id.clone());
    let finnish = WinterWar::extra_for(Some(Side::Finnish), &records).to_string();
    assert!(!finnish.contains(on_track.id.as_str()), "{finnish}");
    assert!(
        WinterWar::extra_for(None, &records)
            .to_string()
            .contains(on_track.id.as_str())
    );
}

#[test]
fn events_raise_their_flags_and_timoshenko_comes_by_himself_on_gt_5() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let historical = Options {
        fog_of_war: false,
        historical: true,
    };
    let (mut desk, _) = Desk::<WinterWar>::start(historical).expect("starts");
    let record = |desk: &mut Desk<WinterWar>, event: &str| {
        desk.act(
            Role::Umpire,
            "record-event",
            &serde_json::json!({"event": event}),
            &mut ScriptedDice::new([]),
        )
        .expect("records")
    };
    record(&mut desk, "severe_climate");
    assert!(desk.extra.flags.severe_climate);
    let (again, _) = record(&mut desk, "severe_climate");
    assert!(
        again.steps[0].contains("has no effect"),
        "{:?}",
        again.steps
    );
    while desk.tracker.turn < 5 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([1, 1, 1, 1, 1, 1]))
            .expect("advances");
    }
    assert!(
        desk.extra.flags.timoshenko,
        "GT 5 of the Historical scenario"
    );
    let (late, _) = record(&mut desk, "timoshenko");
    assert!(
        late.steps[0].contains("already in play"),
        "{:?}",
        late.steps
    );
}

#[test]
fn events_come_from_their_roll_with_what_the_text_gives_them() {
    use super::fog::tests::{act, desk, raw, refusal, to};
    use crate::dice::source::ScriptedDice;
    use serde_json::json;
    use std::collections::BTreeMap;
    let mut d = desk(false);
    // 17.1: a side rolls its events; it does not write them in, nor form the enemy's corps.
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Finnish,
        "record-event",
        json!({"event": "freeze"}),
        &[],
    ));
    assert_eq!(code, "not_allowed", "{message}");
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "record-event",
        json!({"shock_corps_formed": true}),
        &[],
    ));
    assert_eq!(code, "not_allowed");
    d.extra.flags.timoshenko = true;
    act(
        &mut d,
        Role::Soviet,
        "record-event",
        json!({"shock_corps_formed": true}),
        &[],
    )
    .expect("the Soviets'");
    // 17.2 Volunteers: four volunteer units are to come, so the first one takes effect.
    let volunteers = act(
        &mut d,
        Role::Umpire,
        "record-event",
        json!({"event": "volunteers"}),
        &[],
    )
    .expect("records");
    assert_eq!(volunteers["volunteers_left"], 3, "{volunteers}");
    // 17.3 Red Fleet Sorties: one marker each time; with both held it has no effect.
    for (n, both) in [(1, false), (2, true), (2, true)] {
        let fleet = act(
            &mut d,
            Role::Umpire,
            "record-event",
            json!({"event": "red_fleet_sorties"}),
            &[],
        )
        .expect("records");
        assert_eq!(
            (
                fleet["naval_markers"].clone(),
                fleet["both_naval_markers"].clone()
            ),
            (json!(n), json!(both))
        );
    }
    // 17.2 Morale Check: morale only when the Soviets hold the whole line or a city in Finland.
    let morale = raw(&["1-10"], &[&["Morale Check"][..]; 6]);
    d.enter_charts(
        Role::Umpire,
        BTreeMap::from([("finnish_events".to_string(), morale)]),
    )
    .expect("chart");
    to(&mut d, "finnish_events");
    act(
        &mut d,
        Role::Finnish,
        "roll-events",
        json!({"mannerheim_line_held": 5}),
        &[2],
    )
    .expect("rolls");
    assert!(!d.extra.flags.morale, "five hexes of six and no city");
    d.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("ends");
    to(&mut d, "finnish_events");
    act(
        &mut d,
        Role::Finnish,
        "roll-events",
        json!({"finnish_city_held": true}),
        &[2],
    )
    .expect("rolls");
    assert!(d.extra.flags.morale, "a city in Finland");
}

/// 17.3: when the Ceasefire event comes up the Finnish player may call a ceasefire, which ends
/// the game and lets the victory points decide it, or play on; the event may come up again.
#[test]
fn a_ceasefire_the_finns_call_ends_the_game_on_points() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let options = Options {
        fog_of_war: false,
        historical: true,
    };
    let (mut desk, _) = Desk::<WinterWar>::start(options).expect("starts");
    desk.pack = Some("winter-war-historical".into());
    let answer = |desk: &mut Desk<WinterWar>, by: Role, call: bool| {
        desk.act(
            by,
            "ceasefire",
            &serde_json::json!({ "call": call }),
            &mut ScriptedDice::new([]),
        )
    };
    let not_up = answer(&mut desk, Role::Finnish, true).expect_err("no event");
    assert!(
        not_up.message.contains("only when the event comes up"),
        "{}",
        not_up.message
    );
    let come_up = |desk: &mut Desk<WinterWar>| {
        desk.act(
            Role::Umpire,
            "record-event",
            &serde_json::json!({"event": "ceasefire"}),
            &mut ScriptedDice::new([]),
        )
        .expect("records")
    };
    come_up(&mut desk);
    assert!(
        !desk.extra.flags.ceasefire,
        "the event offers; it does not call"
    );
    let soviet = answer(&mut desk, Role::Soviet, true).expect_err("not theirs");
    assert!(
        soviet.message.contains("Only the Finnish player"),
        "{}",
        soviet.message
    );
    answer(&mut desk, Role::Finnish, false).expect("plays on");
    assert!(
        desk.settle(&mut ScriptedDice::new([]))
            .expect("settles")
            .is_empty()
    );
    assert!(!desk.tracker.finished);
    // Answered once: no second answer to the same event.
    answer(&mut desk, Role::Finnish, true).expect_err("answered");
    // It comes up again, and this time the Finns call it.
    come_up(&mut desk);
    answer(&mut desk, Role::Finnish, true).expect("calls");
    let events = desk.settle(&mut ScriptedDice::new([])).expect("settles");
    assert!(desk.tracker.finished);
    let outcome = desk.outcome.clone().expect("an outcome");
    assert_eq!(
        outcome.how,
        "The game ended: the Finnish player called a ceasefire (17.3)"
    );
    // No objective entered and no option: a score of 0 is a Finnish Strategic Victory (4.2).
    assert_eq!(outcome.score, Some(0));
    assert_eq!(outcome.title, "Finnish Strategic Victory");
    assert!(format!("{events:?}").contains("Finnish Strategic Victory"));
}

#[test]
fn shock_corps_wait_for_timoshenko_22_0_item_2() {
    // 22.0: once Timoshenko is in command "2) The Soviet player may form shock corps".
    use super::fog::tests::{act, desk, refusal};
    use serde_json::json;
    let mut d = desk(false);
    let (_, code, message) = refusal(act(
        &mut d,
        Role::Soviet,
        "record-event",
        json!({"shock_corps_formed": true}),
        &[],
    ));
    assert_eq!(code, "not_allowed", "{message}");
    assert!(message.contains("Timoshenko"), "{message}");
    assert!(!d.extra.shock_corps_formed, "a refusal changes nothing");
    d.extra.flags.timoshenko = true;
    act(
        &mut d,
        Role::Soviet,
        "record-event",
        json!({"shock_corps_formed": true}),
        &[],
    )
    .expect("with Timoshenko in command");
    assert!(d.extra.shock_corps_formed);
}

#[test]
fn the_freeze_removes_all_naval_markers_21_1_item_4() {
    // 21.1 item 4: "Remove all naval markers", also when the freeze is rolled before GT 8.
    use super::fog::tests::{act, desk};
    use serde_json::json;
    let mut d = desk(false);
    d.extra.flags.naval_markers = 2;
    d.extra.flags.both_naval_markers = true;
    act(
        &mut d,
        Role::Umpire,
        "record-event",
        json!({"event": "freeze"}),
        &[],
    )
    .expect("records");
    assert!(d.extra.flags.freeze);
    assert_eq!(d.extra.flags.naval_markers, 0);
    assert!(!d.extra.flags.both_naval_markers);
}

/// 17.1: each side rolls its random events in its own event segment of the Special Events Phase
/// only; out of it the roll is refused in the rule's words.
#[test]
fn random_events_are_rolled_in_their_segments_only_17_1() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<WinterWar>::start(Options::default()).expect("starts");
    // Event tables without an event on any roll (made up: the tables are printed on the map).
    let none = "roll,1-10\n1,-\n2,-\n3,-\n4,-\n5,-\n6,-";
    let table = crate::games::assisted::chart_import::from_csv(none).expect("reads");
    desk.enter_charts(
        Role::Umpire,
        std::collections::BTreeMap::from([
            ("finnish_events".to_string(), table.clone()),
            ("soviet_events".to_string(), table),
        ]),
    )
    .expect("enters the event tables");
    let roll = |desk: &mut Desk<WinterWar>, by: Role, name: &str, params: serde_json::Value| {
        desk.procedure(by, name, &params, &mut ScriptedDice::new([3, 3, 3]))
            .map(|_| ())
            .map_err(|r| r.code)
    };
    let events = |side: &str| serde_json::json!({"side": side, "turn": 1});
    let go_to = |desk: &mut Desk<WinterWar>, phase: &str| {
        while desk.phase().0 != phase {
            desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
                .expect("advances");
        }
    };
    go_to(&mut desk, "soviet_movement");
    assert!(roll(&mut desk, Role::Soviet, "random-events", events("soviet")).is_err());
    go_to(&mut desk, "finnish_events");
    assert_eq!(
        roll(&mut desk, Role::Soviet, "random-events", events("soviet")),
        Err("not_your_phase"),
        "the Finns' segment"
    );
    roll(&mut desk, Role::Finnish, "random-events", events("finnish"))
        .expect("the Finnish Event Segment (17.1)");
    go_to(&mut desk, "soviet_events");
    roll(&mut desk, Role::Soviet, "random-events", events("soviet"))
        .expect("the Soviet Random Event Segment (17.1)");
}
