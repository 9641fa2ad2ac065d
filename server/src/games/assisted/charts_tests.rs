use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::{from_csv, from_json};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::refusal::RefusalKind;

fn keys(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Red Winter's CRT: 2d6 rows, odds columns, "a/d" losses.
fn crt() -> ChartSpec {
    ChartSpec {
        code: "crt".into(),
        name: "Combat Results Table".into(),
        rows: Keys::Fixed {
            keys: (2..=12).map(|n| n.to_string()).collect(),
        },
        columns: Keys::Fixed {
            keys: keys(&[
                "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1",
            ]),
        },
        cell: CellGrammar::Losses { max: 6 },
    }
}

fn crt_entry() -> RawChart {
    let cols = keys(&[
        "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1",
    ]);
    RawChart {
        rows: (2..=12).map(|n| n.to_string()).collect(),
        cells: (2..=12)
            .map(|_| cols.iter().map(|_| "1/1".to_string()).collect())
            .collect(),
        columns: cols,
    }
}

#[test]
fn cell_grammars_read_codes_numbers_ranges_losses_and_text() {
    let code = CellGrammar::Code {
        codes: keys(&["DE", "DW", "NE"]),
        alternate: true,
    };
    assert_eq!(
        code.read("DE (DW)"),
        Ok(Cell::Code {
            code: "DE".into(),
            alternate: Some("DW".into())
        })
    );
    assert_eq!(code.read(" NE ").map(|c| c.to_string()), Ok("NE".into()));
    assert!(
        code.read("XX").is_err() && code.read("DE (XX)").is_err() && code.read("DE (DW").is_err()
    );
    let plain = CellGrammar::Code {
        codes: keys(&["DE"]),
        alternate: false,
    };
    assert!(plain.read("DE (DE)").is_err());
    let number = CellGrammar::Number { min: -4, max: 4 };
    assert_eq!(
        number.read("−2"),
        Ok(Cell::Number { value: -2 }),
        "a typographic minus"
    );
    assert!(
        number.read("5").is_err()
            && number.read("").is_err()
            && number.read("99999999999999999999").is_err()
    );
    let range = CellGrammar::Range { min: -3, max: 12 };
    assert_eq!(range.read("2-3"), Ok(Cell::Range { low: 2, high: 3 }));
    assert_eq!(range.read("-2--1"), Ok(Cell::Range { low: -2, high: -1 }));
    assert_eq!(range.read("7").map(|c| c.to_string()), Ok("7".into()));
    assert!(
        range.read("3-2").is_err() && range.read("11-13").is_err() && range.read("a-b").is_err()
    );
    let losses = CellGrammar::Losses { max: 4 };
    assert_eq!(
        losses.read("0/4"),
        Ok(Cell::Losses {
            attacker: 0,
            defender: 4
        })
    );
    assert!(
        losses.read("1/5").is_err() && losses.read("1").is_err() && losses.read("-1/1").is_err()
    );
    let text = CellGrammar::Text { max_chars: 5 };
    assert_eq!(
        text.read(""),
        Ok(Cell::Text {
            text: String::new()
        })
    );
    assert!(text.read("Lost!!").is_err() && text.read("a\u{7}").is_err());
}

#[test]
fn entered_charts_are_complete_and_errors_name_row_and_column() {
    let spec = crt();
    assert_eq!(spec.validate(), Ok(()));
    let chart = spec.check(crt_entry()).expect("a complete chart");
    assert_eq!(
        chart.cell("8", "1:1").map(|c| c.to_string()),
        Ok("1/1".into()),
        "T-RW-21"
    );
    assert_eq!(
        chart.cell("13", "1:1").expect_err("no row").code(),
        "no_such_chart_key"
    );

    let mut raw = crt_entry();
    raw.cells[6][3] = "1-1".into();
    raw.cells[0][0] = "9/9".into();
    let e = spec.check(raw).expect_err("bad cells");
    assert_eq!(e.code(), "chart_bad_cells");
    let text = e.to_string();
    // One line per kind of problem, each cell named by row and column.
    assert!(
        text.starts_with("cells must be attacker/defender losses"),
        "{text}"
    );
    assert!(text.contains("\"9/9\" at row `2`, column `1:4`"), "{text}");
    assert!(text.contains("\"1-1\" at row `8`, column `1:1`"), "{text}");
    assert_eq!(text.matches("must be").count(), 1, "{text}");

    let mut raw = crt_entry();
    raw.columns.insert(4, "3:2".into());
    let e = spec.check(raw).expect_err("a column not declared");
    assert!(
        e.to_string()
            .starts_with("the columns of `crt` must be exactly 1:4, 1:3"),
        "{e}"
    );
    let mut raw = crt_entry();
    raw.cells[3].pop();
    assert_eq!(
        spec.check(raw).expect_err("short row").to_string(),
        "row `5` has 8 cells; the chart has 9 columns"
    );
    let mut raw = crt_entry();
    raw.cells.pop();
    assert_eq!(
        spec.check(raw).expect_err("missing row").code(),
        "chart_row_length"
    );

    let mut raw = crt_entry();
    for row in raw.cells.iter_mut() {
        row.iter_mut().for_each(|c| *c = "x".into());
    }
    let Err(ChartError::BadCells { problems }) = spec.check(raw) else {
        panic!("bad cells")
    };
    assert_eq!(problems.len(), MAX_PROBLEMS, "the list is bounded");

    let entered = ChartSpec {
        columns: Keys::Entered { max: 3 },
        ..crt()
    };
    let mut raw = crt_entry();
    raw.columns = keys(&["≤49%", "50-99%", "≤49%"]);
    raw.cells.iter_mut().for_each(|r| r.truncate(3));
    assert_eq!(
        entered.check(raw).expect_err("twice").to_string(),
        "column key `≤49%` appears twice"
    );
    let bad = ChartSpec {
        code: "CRT".into(),
        ..crt()
    };
    assert_eq!(bad.validate().expect_err("code").code(), "chart_bad_key");
    let twice = ChartSpec {
        rows: Keys::Fixed {
            keys: keys(&["2", "2"]),
        },
        ..crt()
    };
    assert_eq!(
        twice.validate().expect_err("twice").to_string(),
        "row key `2` appears twice"
    );
    let empty = ChartSpec {
        cell: CellGrammar::Code {
            codes: Vec::new(),
            alternate: false,
        },
        ..crt()
    };
    assert_eq!(
        empty.validate().expect_err("no codes").to_string(),
        "chart key `crt` declares no result codes"
    );
    let upside_down = ChartSpec {
        cell: CellGrammar::Range { min: 3, max: 1 },
        ..crt()
    };
    assert!(upside_down.validate().is_err());
}

#[test]
fn chart_sets_keep_every_version_and_readings_name_theirs() {
    let spec = crt();
    let mut set = ChartSet::default();
    assert_eq!(
        set.read("crt", "8", "1:1").expect_err("not entered").kind(),
        RefusalKind::NoSuchThing
    );
    assert_eq!(
        set.enter(&spec, crt_entry(), Role::Umpire, "Dec 8 AM"),
        Ok(1)
    );
    let mut second = crt_entry();
    second.cells[6][3] = "0/2".into();
    assert_eq!(set.enter(&spec, second, Role::Soviet, "Dec 8 PM"), Ok(2));
    assert!(
        set.enter(&spec, RawChart::default(), Role::Soviet, "x")
            .is_err(),
        "a refused entry is not a version"
    );
    let reading = set.read("crt", "8", "1:1").expect("read");
    assert_eq!(
        (reading.version, reading.cell.to_string()),
        (2, "0/2".into())
    );
    let old = set.version("crt", 1).expect("v1");
    assert_eq!(
        (
            old.entered_by,
            old.chart.cell("8", "1:1").map(|c| c.to_string())
        ),
        (Role::Umpire, Ok("1/1".into()))
    );
    assert_eq!(
        set.version("crt", 3).expect_err("v3").to_string(),
        "chart `crt` has no version 3"
    );
    let roll = set.read_roll("crt", 15, "1:1").expect("clamped");
    assert_eq!(
        (roll.value.row.as_str(), roll.steps[0].as_str()),
        (
            "12",
            "15 is above the chart and reads row 12, column 1:1 of crt version 2: 1/1"
        )
    );
    assert_eq!(
        set.read_roll("crt", -1, "6:1").expect("clamped").value.row,
        "2"
    );
    assert_eq!(
        set.read_roll("crt", 8, "1:1")
            .expect("8")
            .value
            .cell
            .to_string(),
        "0/2"
    );
}

#[test]
fn csv_and_json_import_and_refuse_hostile_files() {
    let csv = "\u{feff}roll,1:4,1:3,1:2,1:1,2:1,3:1,4:1,5:1,6:1\n".to_string()
        + &(2..=12)
            .map(|n| format!("{n},1/1,1/1,1/1,\"1/1\",1/1,1/1,1/1,1/1,1/1\n"))
            .collect::<String>();
    let raw = from_csv(&csv).expect("reads");
    assert_eq!(raw, crt_entry());
    assert!(crt().check(raw).is_ok());
    // Cells pasted from a spreadsheet are tab-separated, with a comma inside none of them.
    let pasted = csv
        .trim_start_matches('\u{feff}')
        .replace('"', "")
        .replace(',', "\t");
    assert_eq!(from_csv(&pasted).expect("reads pasted cells"), crt_entry());

    let e = from_csv("roll,1:1\n2,\"1/1\u{0}\"\n").expect_err("NUL");
    assert_eq!(
        e.to_string(),
        "CSV line 2: field 2 contains the control character U+0000; cells must be one line of printable text"
    );
    assert!(
        from_csv("roll,1:1\n2,\"1\n/1\"\n")
            .expect_err("newline in a cell")
            .to_string()
            .contains("U+000A")
    );
    assert!(
        from_csv(&"x,".repeat(300_000))
            .expect_err("huge")
            .to_string()
            .contains("at most 512 KiB")
    );
    assert!(
        from_csv(&format!("a{}\n", ",b".repeat(101)))
            .expect_err("wide")
            .to_string()
            .contains("at most 100 columns")
    );
    assert!(
        from_csv(&("r,c\n".to_string() + &"1,1\n".repeat(101)))
            .expect_err("long")
            .to_string()
            .contains("more than 100 rows")
    );
    assert!(
        from_csv(&format!("r,c\n1,{}\n", "y".repeat(201)))
            .expect_err("long cell")
            .to_string()
            .contains("201 characters")
    );
    assert!(from_csv("").is_err());
    assert!(
        from_csv("roll,\"1:1\n").is_err()
            || from_csv("roll,\"1:1\n").is_ok_and(|r| r.rows.is_empty())
    );

    let json = r#"{"rows": ["2", 3], "columns": ["1:1"], "cells": [["1/1"], ["0/1"]]}"#;
    let raw = from_json(json).expect("reads");
    assert_eq!(raw.rows, keys(&["2", "3"]));
    let deep = format!("{{\"rows\": {}{}}}", "[".repeat(40), "]".repeat(40));
    assert!(
        from_json(&deep)
            .expect_err("deep")
            .to_string()
            .starts_with("JSON line 1: brackets nest 41 deep")
    );
    assert!(
        from_json(r#"{"rows": [], "columns": [], "cells": [], "extra": 1}"#)
            .expect_err("unknown field")
            .to_string()
            .contains("extra")
    );
    assert!(
        from_json(r#"{"rows": ["2\u0000"], "columns": [], "cells": []}"#)
            .expect_err("NUL")
            .to_string()
            .contains("U+0000")
    );
    assert!(
        from_json(&format!(
            "{{\"rows\": [{}\"1\"], \"columns\": [], \"cells\": []}}",
            "\"1\",".repeat(100)
        ))
        .expect_err("rows")
        .to_string()
        .contains("at most 100 rows")
    );
    assert!(
        from_json("nonsense")
            .expect_err("not json")
            .to_string()
            .starts_with("JSON line 1")
    );
    assert!(
        from_json(&" ".repeat(600_000))
            .expect_err("huge")
            .to_string()
            .contains("bytes")
    );
}
