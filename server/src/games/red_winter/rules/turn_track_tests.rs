use super::super::charts::chart_spec;
use super::super::sequence::{CONDITIONS, HOOKS, NIGHT};
use super::*;
use crate::core::domain::Role;
use crate::core::refusal::Refusal;
use crate::games::assisted::charts::RawChart;

/// INVENTED test data, not the real Turn Track.
fn invented_track(lines: &[[&str; 9]]) -> ChartSet {
    let raw = RawChart {
        rows: (1..=lines.len()).map(|n| n.to_string()).collect(),
        columns: super::super::charts::TURN_TRACK_COLUMNS
            .iter()
            .map(|c| (*c).to_string())
            .collect(),
        cells: lines
            .iter()
            .map(|l| l.iter().map(|c| (*c).to_string()).collect())
            .collect(),
    };
    let mut charts = ChartSet::default();
    let spec = chart_spec(TURN_TRACK).expect("declared");
    charts
        .enter(&spec, raw, Role::Umpire, "setup")
        .expect("entered");
    charts
}

#[test]
fn an_entered_track_gives_each_turns_data_and_the_sequence() {
    let charts = invented_track(&[
        ["Dec 8 AM", "day", "5", "2", "1", "1", "", "finnish", ""],
        ["Dec 8 night", "night", "", "", "", "", "2", "", ""],
        ["", "Day", "4", "", "", "", "", "Soviet", "2"],
    ]);
    let track = turn_track(&charts).expect("reads");
    assert_eq!(track.len(), 3);
    assert_eq!(track[0].morale, Some(Side::Finnish));
    assert_eq!(
        (track[0].los, track[0].soviet_ammo, track[0].soviet_rp),
        (5, 2, 1)
    );
    assert_eq!(
        (track[1].night, track[1].los, track[1].finnish_rp),
        (true, 1, 2)
    );
    assert_eq!((track[2].label.as_str(), track[2].armor_vp), ("Turn 3", 2));
    let seq = sequence_from_track(&track, Side::Soviet);
    assert_eq!(seq.validate(HOOKS, CONDITIONS), Ok(()));
    assert_eq!(seq.last_turn, Some(3));
    assert_eq!(seq.kind_of(2).map(|k| k.code.as_str()), Some(NIGHT));
    use crate::games::assisted::sequence::TurnLabeller;
    assert_eq!(seq.calendar.label(2), "Dec 8 night");
}

#[test]
fn cells_that_do_not_read_are_refused_naming_turn_and_column() {
    let charts = invented_track(&[["", "dusk", "", "", "", "", "", "", ""]]);
    let e = turn_track(&charts).expect_err("refused");
    assert_eq!(e.code(), "turn_track");
    assert_eq!(
        e.to_string(),
        "the Turn Track's turn 1, column night, holds \"dusk\"; expected day or night (1.2)"
    );
    let charts = invented_track(&[["", "day", "-1", "", "", "", "", "", ""]]);
    assert!(
        turn_track(&charts)
            .expect_err("refused")
            .to_string()
            .contains("column los")
    );
    let charts = invented_track(&[["", "day", "", "", "", "", "", "both", ""]]);
    assert!(
        turn_track(&charts)
            .expect_err("refused")
            .to_string()
            .contains("column morale")
    );
    assert_eq!(
        turn_track(&ChartSet::default()).expect_err("none").code(),
        "no_such_chart"
    );
}
