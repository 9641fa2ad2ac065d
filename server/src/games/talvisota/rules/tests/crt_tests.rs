//! Every cell of the combat results table, its +6-and-beyond rule and the minimum potential.

use crate::games::talvisota::rules::crt::{CrtResult, effective_potential, read};

/// The table of spec/talvisota.md, row for die 6 first, as printed.
const SPEC: [[&str; 7]; 6] = [
    ["1a/1d", "1a/1d", "1a/1dR", "1dR", "1dR", "2d", "2dR"],
    ["1a", "1a/1d", "1a/1d", "1a/1dR", "1dR", "1dR", "2d"],
    ["2a", "1a", "1a/1d", "1a/1d", "1a/1dR", "1dR", "1dR"],
    ["2a", "2a", "1a", "1a/1d", "1a/1d", "1a/1dR", "1dR"],
    ["3a", "2a", "2a", "1a", "1a/1d", "1a/1d", "1a/1dR"],
    ["3a", "3a", "2a", "2a", "1a", "1a/1d", "1a/1d"],
];

fn parse(text: &str) -> CrtResult {
    let mut result = CrtResult {
        roller_losses: 0,
        opponent_losses: 0,
        opponent_retreats: false,
    };
    for part in text.split('/') {
        let n: u32 = part[..1].parse().expect("digit");
        if part.contains('a') {
            result.roller_losses = n;
        } else {
            result.opponent_losses = n;
            result.opponent_retreats = part.ends_with('R');
        }
    }
    result
}

#[test]
fn every_cell_matches_the_spec() {
    for (i, row) in SPEC.iter().enumerate() {
        let die = 6 - i as u32;
        for (column, cell) in row.iter().enumerate() {
            let reading = read(column as u32, die, 0);
            assert_eq!(reading.result, parse(cell), "die {die}, column +{column}");
            assert_eq!(
                (reading.column, reading.row, reading.die_modifier),
                (column as u32, die, 0)
            );
        }
    }
}

#[test]
fn beyond_six_reads_the_last_column_and_adds_to_the_die() {
    // +9 adds +3: a 3 reads row 6.
    let r = read(9, 3, 0);
    assert_eq!((r.column, r.die_modifier, r.row), (6, 3, 6));
    assert_eq!(r.result, parse("2dR"));
    // +7 adds +1: a 1 reads row 2.
    let r = read(7, 1, 0);
    assert_eq!((r.column, r.row), (6, 2));
    assert_eq!(r.result, parse("1a/1dR"));
    // exactly +6 adds nothing.
    assert_eq!(read(6, 1, 0).row, 1);
    // a modified die above 6 reads row 6.
    assert_eq!(read(20, 6, 0).row, 6);
}

#[test]
fn other_die_modifiers_stay_inside_the_table() {
    assert_eq!(read(0, 6, 1).row, 6);
    assert_eq!(read(0, 5, 1).row, 6);
    assert_eq!(read(0, 1, -1).row, 1);
    assert_eq!(read(0, 2, -1).row, 1);
    assert_eq!(read(8, 2, -1).row, 3);
}

#[test]
fn potential_of_zero_or_less_counts_as_one() {
    assert_eq!(effective_potential(-5), 1);
    assert_eq!(effective_potential(0), 1);
    assert_eq!(effective_potential(1), 1);
    assert_eq!(effective_potential(2), 2);
}
