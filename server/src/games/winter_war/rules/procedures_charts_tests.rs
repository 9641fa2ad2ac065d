//! Every chart here is INVENTED TEST DATA with the real tables' shapes, never the printed tables.

use super::*;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::charts::RawChart;
use crate::games::winter_war::rules::charts::{
    air_spec, check_crt, check_events, crt_spec, events_spec,
};

fn raw(rows: &[&str], columns: &[&str], cells: &[&[&str]]) -> RawChart {
    let s = |v: &[&str]| v.iter().map(|x| (*x).to_string()).collect::<Vec<_>>();
    RawChart {
        rows: s(rows),
        columns: s(columns),
        cells: cells.iter().map(|r| s(r)).collect(),
    }
}

const DIE: &[&str] = &["1", "2", "3", "4", "5", "6"];

fn invented_charts() -> ChartSet {
    let mut set = ChartSet::default();
    let crt = raw(
        DIE,
        &["≤49%", "50-699%", "≥700%"],
        &[
            &["AE", "DW", "DE"],
            &["AW", "EX", "DE"],
            &["AW", "HX", "DZ"],
            &["NE", "DP (DW)", "DE"],
            &["NE", "NE", "EX"],
            &["NE", "AW", "DW"],
        ],
    );
    set.enter(&crt_spec(), crt, Role::Umpire, "GT 1")
        .expect("crt");
    check_crt(&set.current(CRT).expect("crt").chart).expect("bands");
    let air = raw(
        DIE,
        &[
            "Soviet tactical",
            "Soviet communication",
            "Finnish tactical",
            "Volunteer tactical",
        ],
        &[
            &["D1", "Interdiction", "DS", "DS"],
            &["DS", "Interdiction", "(DS)", "-"],
            &["(DS)", "-", "-", "-"],
            &["-", "–", "-", "-"],
            &["AR", "AR", "AR", "AR"],
            &["AA", "AA", "AA", "AA"],
        ],
    );
    set.enter(&air_spec(), air, Role::Umpire, "GT 1")
        .expect("air");
    let events = raw(
        DIE,
        &["1-3", "4", "5-10"],
        &[
            &["Volunteers", "Freeze", "Ceasefire"],
            &["-", "Germany Looks North + Military Support", "Partisans"],
            &["", "", ""],
            &["Radio Intelligence", "Morale Check", "Allied Intervention"],
            &["-", "-", "-"],
            &["-", "-", "-"],
        ],
    );
    let spec = events_spec(FINNISH_EVENTS, "Finnish Random Events Table");
    set.enter(&spec, events, Role::Umpire, "GT 1")
        .expect("events");
    check_events(&set.current(FINNISH_EVENTS).expect("events").chart).expect("names");
    set
}

#[test]
fn combat_reads_the_entered_crt_with_the_fortification_alternate() {
    let charts = invented_charts();
    let mut dice = ScriptedDice::new([4]);
    let open = resolve_combat(&mut dice, &charts, Side::Soviet, "50-699%", false).expect("read");
    assert_eq!(open.value.result, "DP");
    assert_eq!(open.value.reading.version, 1);
    let mut dice = ScriptedDice::new([4]);
    let fort = resolve_combat(&mut dice, &charts, Side::Soviet, "50-699%", true).expect("read");
    assert_eq!(fort.value.result, "DW");
    assert!(fort.steps.iter().any(|s| s.contains("parenthesized DW")));
    for (face, result) in [(1, "DE"), (6, "DW")] {
        let mut dice = ScriptedDice::new([face]);
        let r = resolve_combat(&mut dice, &charts, Side::Finnish, "≥700%", true).expect("read");
        assert_eq!(r.value.result, result);
    }
    let mut dice = ScriptedDice::new([1]);
    assert!(
        resolve_combat(
            &mut dice,
            &ChartSet::default(),
            Side::Soviet,
            "≥700%",
            false
        )
        .is_err()
    );
}

#[test]
fn air_results_follow_12_1() {
    let charts = invented_charts();
    let cases = [
        (1, "Soviet tactical", false, true, AirOutcome::OneUnitLost),
        (2, "Soviet tactical", false, false, AirOutcome::Suppressed),
        (2, "Soviet tactical", true, false, AirOutcome::OneUnitLost),
        (3, "Soviet tactical", false, true, AirOutcome::Suppressed),
        (3, "Soviet tactical", false, false, AirOutcome::NoEffect),
        (
            4,
            "Soviet communication",
            false,
            false,
            AirOutcome::NoEffect,
        ),
        (
            1,
            "Soviet communication",
            false,
            false,
            AirOutcome::Interdicted,
        ),
        (
            5,
            "Finnish tactical",
            false,
            false,
            AirOutcome::AirUnitRecycled,
        ),
        (
            6,
            "Volunteer tactical",
            false,
            false,
            AirOutcome::AirUnitLost,
        ),
    ];
    for (face, column, suppressed, clear, outcome) in cases {
        let mut dice = ScriptedDice::new([face]);
        let side = if column.starts_with("Soviet") {
            Side::Soviet
        } else {
            Side::Finnish
        };
        let r = air_attack(&mut dice, &charts, side, column, suppressed, clear).expect("read");
        assert_eq!(r.value, outcome, "{face} {column}");
    }
}

#[test]
fn random_events_read_the_turns_column_in_the_listed_order() {
    let charts = invented_charts();
    let mut dice = ScriptedDice::new([2]);
    let r = random_events(&mut dice, &charts, Side::Finnish, 4, 11).expect("read");
    assert_eq!(r.value, [Event::GermanyLooksNorth, Event::MilitarySupport]);
    let mut dice = ScriptedDice::new([1]);
    let r = random_events(&mut dice, &charts, Side::Finnish, 10, 11).expect("read");
    assert_eq!(r.value, [Event::Ceasefire]);
    let mut dice = ScriptedDice::new([3]);
    let r = random_events(&mut dice, &charts, Side::Finnish, 1, 11).expect("read");
    assert!(r.value.is_empty());
    let mut dice = ScriptedDice::new([1]);
    assert_eq!(
        random_events(&mut dice, &charts, Side::Finnish, 11, 11),
        Err(WinterWarError::NoEventsNow { turn: 11 })
    );
    assert_eq!(dice.remaining(), 1);
    let mut dice = ScriptedDice::new([1]);
    assert!(matches!(
        random_events(&mut dice, &charts, Side::Soviet, 2, 11),
        Err(WinterWarError::Chart(_))
    ));
}

#[test]
fn entered_tables_are_checked_beyond_their_grammar() {
    let mut set = ChartSet::default();
    let gap = raw(
        DIE,
        &["≤49%", "60-699%", "≥700%"],
        &[&["NE", "NE", "NE"] as &[&str]; 6],
    );
    set.enter(&crt_spec(), gap, Role::Umpire, "GT 1")
        .expect("grammar");
    assert!(check_crt(&set.current(CRT).expect("crt").chart).is_err());
    let spec = events_spec(SOVIET_EVENTS, "Soviet Random Events Table");
    let unknown = raw(
        DIE,
        &["1-10"],
        &[&["Blizzard"], &["-"], &["-"], &["-"], &["-"], &["-"]],
    );
    set.enter(&spec, unknown, Role::Umpire, "GT 1")
        .expect("grammar");
    assert!(matches!(
        check_events(&set.current(SOVIET_EVENTS).expect("events").chart),
        Err(WinterWarError::UnknownEvent { .. })
    ));
    let bad_column = raw(DIE, &["early"], &[&["-"] as &[&str]; 6]);
    set.enter(&spec, bad_column, Role::Umpire, "GT 1")
        .expect("grammar");
    assert!(matches!(
        check_events(&set.current(SOVIET_EVENTS).expect("events").chart),
        Err(WinterWarError::BadTurnColumn { .. })
    ));
    for spec in crate::games::winter_war::rules::charts::specs() {
        spec.validate().expect("declared charts validate");
    }
}
