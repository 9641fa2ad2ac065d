use super::*;
use crate::games::assisted::chart_cells::CellGrammar;
use std::collections::HashMap;

/// Red Winter's CRT as the rules declare it: the 2d6 totals fixed, the odds entered.
fn crt() -> ChartSpec {
    ChartSpec {
        code: "crt".into(),
        name: "Combat Results Table".into(),
        rows: Keys::Fixed {
            keys: (2..=12).map(|n: u32| n.to_string()).collect(),
        },
        columns: Keys::Entered { max: 12 },
        cell: CellGrammar::Losses { max: 9 },
    }
}

fn form(pairs: &[(&str, &str)]) -> impl Fn(&str) -> String {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |name: &str| map.get(name).cloned().unwrap_or_default()
}

/// A whole CRT typed into the grid: odds 1:1 and 2:1, every cell "1/1" but those given.
fn typed(odd: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut pairs = vec![
        ("col-0".to_owned(), "1:1".to_owned()),
        ("col-1".to_owned(), "2:1".to_owned()),
    ];
    for i in 0..11 {
        for j in 0..2 {
            let name = cell_field(i, j);
            let text = odd
                .iter()
                .find(|(n, _)| *n == name)
                .map_or("1/1", |(_, t)| t);
            pairs.push((name, text.to_owned()));
        }
    }
    pairs
}

fn grid_of(pairs: &[(String, String)]) -> Grid {
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    Grid::from_form(&crt(), 11, 10, form(&borrowed))
}

#[test]
fn a_new_chart_is_shaped_as_the_rules_declare_it_fixed_keys_as_labels() {
    let grid = Grid::of(&crt(), None);
    assert_eq!(grid.rows.len(), 11, "one row per 2d6 total");
    assert!(grid.rows.iter().all(|r| r.key.fixed));
    assert_eq!(grid.rows[0].key.text, "2");
    assert_eq!(grid.rows[10].key.text, "12");
    assert_eq!(grid.columns.len(), 10, "ten odds to enter at first");
    assert!(grid.columns.iter().all(|c| !c.fixed && c.text.is_empty()));
    assert!(grid.rows.iter().all(|r| r.cells.len() == 10));
}

#[test]
fn an_entered_chart_fills_the_grid_with_two_spare_columns_within_the_rules_bound() {
    let pairs = typed(&[("cell-3-1", "0/2")]);
    let chart = crt().check(grid_of(&pairs).raw()).expect("a good chart");
    let grid = Grid::of(&crt(), Some(&Grid::texts_of(&chart)));
    assert_eq!(grid.columns.len(), 4, "two odds entered, two spare");
    assert_eq!(grid.columns[1].text, "2:1");
    assert_eq!(grid.rows[3].cells[1].text, "0/2");
    assert_eq!(grid.rows[3].cells[2].text, "");
    // Twelve columns at most: eleven entered leave one spare.
    let mut wide = chart.clone();
    wide.columns = (1..=11).map(|n| format!("{n}:1")).collect();
    for line in &mut wide.cells {
        *line = vec![line[0].clone(); 11];
    }
    assert_eq!(
        Grid::of(&crt(), Some(&Grid::texts_of(&wide))).columns.len(),
        12
    );
}

#[test]
fn blank_entered_columns_are_left_out_of_the_chart_the_rules_check() {
    let pairs = typed(&[]);
    let raw = grid_of(&pairs).raw();
    assert_eq!(raw.columns, vec!["1:1", "2:1"]);
    assert_eq!(raw.rows.len(), 11);
    assert!(raw.cells.iter().all(|line| line.len() == 2));
    assert!(crt().check(raw).is_ok());
}

#[test]
fn bad_cells_are_marked_in_place_with_one_line_per_kind_of_problem() {
    let pairs = typed(&[
        ("cell-1-0", "lots"),
        ("cell-7-0", "many"),
        ("cell-1-1", "0-1"),
    ]);
    let mut grid = grid_of(&pairs);
    let error = crt().check(grid.raw()).expect_err("bad cells");
    grid.mark(&error);
    assert_eq!(grid.problems.len(), 1, "{:?}", grid.problems);
    assert!(
        grid.problems[0].starts_with("3 cells must be"),
        "{:?}",
        grid.problems
    );
    assert_eq!(grid.rows[1].cells[0].problem, Some(0), "row 3, odds 1:1");
    assert_eq!(grid.rows[7].cells[0].problem, Some(0), "row 9, odds 1:1");
    assert_eq!(grid.rows[1].cells[1].problem, Some(0), "row 3, odds 2:1");
    assert_eq!(grid.rows[2].cells[0].problem, None);
    assert_eq!(grid.rows[1].cells[0].text, "lots", "kept as typed");
}

#[test]
fn a_column_key_named_twice_is_marked_where_it_comes_again() {
    let mut pairs = typed(&[]);
    pairs[1].1 = "1:1".into();
    let mut grid = grid_of(&pairs);
    let error = crt().check(grid.raw()).expect_err("a key twice");
    grid.mark(&error);
    assert_eq!(grid.columns[0].problem, None);
    assert_eq!(grid.columns[1].problem, Some(0));
    assert!(
        grid.problems[0].contains("appears twice"),
        "{:?}",
        grid.problems
    );
}

#[test]
fn cells_under_a_column_without_its_key_mark_the_key() {
    let mut pairs = typed(&[]);
    pairs[1].1 = String::new();
    let mut grid = grid_of(&pairs);
    let error = crt().check(grid.raw()).expect_err("an empty key");
    grid.mark(&error);
    assert_eq!(grid.columns[1].problem, Some(0));
    assert_eq!(
        grid.columns[2].problem, None,
        "a blank column is left alone"
    );
    assert!(
        grid.problems[0].contains("has no key"),
        "{:?}",
        grid.problems
    );
}

#[test]
fn a_form_cannot_ask_for_more_keys_than_the_rules_allow() {
    let grid = Grid::from_form(&crt(), 500, 500, form(&[]));
    assert_eq!(grid.rows.len(), 11, "fixed rows ignore the form");
    assert_eq!(grid.columns.len(), 12, "the CRT has at most twelve odds");
    let raw = grid.raw();
    assert!(raw.columns.is_empty());
    let mut grid = grid;
    grid.mark(&crt().check(raw).expect_err("nothing entered"));
    assert_eq!(grid.problems.len(), 1);
    assert!(grid.problems[0].contains("1 to 12"), "{:?}", grid.problems);
}
