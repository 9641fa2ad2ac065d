use super::*;
use crate::core::domain::Role;
use crate::core::refusal::Refusal;

/// INVENTED test data, not the real CRT: every cell is "1/1" except a few marked edges.
pub(crate) fn invented_crt() -> RawChart {
    let columns = crt_column_keys();
    let rows: Vec<String> = (2..=12).map(|n: u32| n.to_string()).collect();
    let cells = rows
        .iter()
        .map(|r| {
            columns
                .iter()
                .map(|c| match (r.as_str(), c.as_str()) {
                    ("2", "1:4") => "3/0".to_string(),
                    ("12", "6:1") => "0/4".to_string(),
                    (_, "1:4") => "2/0".to_string(),
                    _ => "1/1".to_string(),
                })
                .collect()
        })
        .collect();
    RawChart {
        rows,
        columns,
        cells,
    }
}

/// INVENTED test data: a one-column modifier chart.
pub(crate) fn invented_modifiers(rows: &[(&str, &str)]) -> RawChart {
    RawChart {
        rows: rows.iter().map(|(k, _)| (*k).to_string()).collect(),
        columns: vec!["drm".into()],
        cells: rows.iter().map(|(_, v)| vec![(*v).to_string()]).collect(),
    }
}

fn enter(charts: &mut ChartSet, code: &str, raw: RawChart) -> u32 {
    let spec = chart_spec(code).expect("declared");
    charts
        .enter(&spec, raw, Role::Umpire, "Turn 1")
        .expect("entered")
}

#[test]
fn every_declared_chart_validates_and_codes_are_unique() {
    let specs = chart_specs();
    for spec in &specs {
        assert_eq!(spec.validate(), Ok(()), "{}", spec.code);
    }
    let mut codes: Vec<_> = specs.iter().map(|s| s.code.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), 10);
    assert!(chart_spec("map_key").is_none());
}

#[test]
fn the_rat_from_the_text_checks_and_reads_its_bands() {
    let mut charts = ChartSet::default();
    enter(&mut charts, RAT, rat_from_text());
    for (total, result) in [
        (2, "none"),
        (12, "none"),
        (13, "none"),
        (14, "S"),
        (16, "S"),
        (17, "S+1"),
        (25, "S+1"),
    ] {
        let read = charts.read_roll(RAT, total, "result").expect("reads");
        assert_eq!(read.value.cell.to_string(), result, "modified {total}");
    }
}

#[test]
fn t_rw_21_an_entered_crt_reads_its_check_value_and_its_columns() {
    let mut charts = ChartSet::default();
    let version = enter(&mut charts, CRT, invented_crt());
    assert_eq!(version, 1);
    let cell = charts.read(CRT, "8", "1:1").expect("cell");
    assert_eq!(cell.cell.to_string(), "1/1");
    let columns = entered_crt_columns(&charts).expect("odds");
    assert_eq!(columns.len(), 9);
    assert_eq!(columns[0].to_string(), "1:4");
}

#[test]
fn malformed_entries_are_refused_naming_row_and_column() {
    let spec = chart_spec(CRT).expect("declared");
    let mut bad = invented_crt();
    bad.cells[6][3] = "1-1".into();
    let e = spec.check(bad).expect_err("refused");
    assert!(
        e.to_string().contains("8") && e.to_string().contains("1:1"),
        "{e}"
    );
    let mut rows = invented_crt();
    rows.rows[0] = "1".into();
    assert_eq!(
        spec.check(rows).expect_err("refused").code(),
        "chart_wrong_keys"
    );
    let mut charts = ChartSet::default();
    let mut columns = invented_crt();
    columns.columns.swap(0, 1);
    enter(&mut charts, CRT, columns);
    assert!(matches!(
        entered_crt_columns(&charts),
        Err(RulesError::CrtColumns { .. })
    ));
    let szlt = chart_spec(SZLT).expect("declared");
    let e = szlt
        .check(RawChart {
            rows: vec!["1".into()],
            columns: vec!["soviet".into(), "finnish".into()],
            cells: vec![vec!["1".into(), "9".into()]],
        })
        .expect_err("refused");
    assert_eq!(e.code(), "chart_bad_cells");
}

#[test]
fn rw_a6_entered_modifiers_are_read_by_condition() {
    let mut charts = ChartSet::default();
    enter(
        &mut charts,
        RAT_DRM,
        invented_modifiers(&[("3 companies in target", "+3"), ("lone MG in target", "0")]),
    );
    let m =
        entered_modifiers(&charts, RAT_DRM, &["3 companies in target".to_string()]).expect("reads");
    assert_eq!(m[0].1, 3);
    assert!(m[0].0.ends_with("(rat_drm version 1)"));
    let none =
        entered_modifiers(&charts, RAT_DRM, &["lone MG in target".to_string()]).expect("reads");
    assert_eq!(none[0].1, 0);
    let e = entered_modifiers(&charts, RAT_DRM, &["fog".to_string()]).expect_err("refused");
    assert_eq!(e.kind(), crate::core::refusal::RefusalKind::NoSuchThing);
    let e = entered_modifiers(&charts, FNRT_DRM, &["moonlight".to_string()]).expect_err("refused");
    assert_eq!(e.code(), "no_such_chart");
}

#[test]
fn a_map_key_takes_costs_halves_prohibited_and_los() {
    // INVENTED test data, not the real Map Key.
    let spec = chart_spec(TERRAIN).expect("declared");
    let raw = RawChart {
        rows: vec!["forest".into(), "frozen lake".into()],
        columns: TERRAIN_COLUMNS.iter().map(|c| (*c).to_string()).collect(),
        cells: vec![
            vec!["2".into(), "P".into(), "P".into(), "yes".into()],
            vec!["1".into(), "½".into(), "1".into(), "no".into()],
        ],
    };
    let chart = spec.check(raw.clone()).expect("checks");
    assert_eq!(
        chart.cell("forest", "armor").map(ToString::to_string),
        Ok("P".into())
    );
    let mut bad = raw;
    bad.cells[0][0] = "2.5".into();
    assert_eq!(
        spec.check(bad).expect_err("refused").code(),
        "chart_bad_cells"
    );
}
