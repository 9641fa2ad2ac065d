use super::*;
use crate::core::domain::Role;
use crate::core::refusal::Refusal;
use crate::games::a_winter_war::rules::calc_other::demolition_size;
use crate::games::assisted::charts::RawChart;

fn raw(rows: &[&str], columns: &[&str], cells: &[&[&str]]) -> RawChart {
    RawChart {
        rows: rows.iter().map(|s| s.to_string()).collect(),
        columns: columns.iter().map(|s| s.to_string()).collect(),
        cells: cells
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect(),
    }
}

#[test]
fn every_chart_declaration_validates() {
    for spec in all() {
        assert_eq!(spec.validate(), Ok(()), "{}", spec.code);
    }
    let e = success_table()
        .check(raw(&["1"], &["isolated"], &[&["maybe"]]))
        .expect_err("S or F only");
    assert!(e.to_string().contains("one of S, F"), "{e}");
}

#[test]
fn t_aww_15_demolition_costs_read_by_counted_size() {
    // The rail break column holds the text's known values for 1 RE and 2+ RE; every other cell
    // is INVENTED TEST DATA, not the real Demolition Summary Table.
    let mut charts = ChartSet::default();
    charts
        .enter(
            &demolition(),
            raw(
                &DEMOLITION_SIZES,
                &FACILITIES,
                &[&["6", "6", "6"], &["3", "3", "3"], &["1", "1", "1"]],
            ),
            Role::Umpire,
            "Dec I 39",
        )
        .expect("entered");
    let rail = FACILITIES[0];
    let cost = |re: Re, engineer| {
        let size = demolition_size("unit", re, engineer).value;
        demolition_cost(&charts, size, rail).expect("read").value
    };
    assert_eq!(cost(Re::whole(1), false), 3, "a regiment");
    assert_eq!(cost(Re::whole(1), true), 1, "an engineer regiment");
    assert_eq!(cost(Re::whole(3), false), 1, "a 2+ RE unit");
    assert_eq!(
        cost(Re { halves: 3 }, false),
        3,
        "1 1/2 RE reads the 1 RE row"
    );
    let read = demolition_cost(&charts, Re::whole(2), rail).expect("read");
    assert_eq!(
        read.steps[0],
        "2 RE reads the 2+ RE row: 1 MPs per rail break (7A3) (Demolition Summary Table version 1, DC B)"
    );
    assert_eq!(
        demolition_cost(&charts, Re::whole(0), rail)
            .expect_err("no size")
            .code(),
        "no_demolition_row"
    );
}

#[test]
fn terrain_and_capabilities_are_read_from_the_entered_charts() {
    // INVENTED TEST DATA.
    let mut charts = ChartSet::default();
    charts
        .enter(
            &terrain(),
            raw(&["clear", "dot city"], &["no AEC"], &[&["no"], &["yes"]]),
            Role::Umpire,
            "Dec I 39",
        )
        .expect("terrain");
    charts
        .enter(
            &capabilities(),
            raw(
                &["tank brigade", "artillery"],
                &["AECA", "AECD", "ATEC"],
                &[
                    &["full", "full", "none"],
                    &["neutral", "neutral", "neutral"],
                ],
            ),
            Role::Umpire,
            "Dec I 39",
        )
        .expect("capabilities");
    assert!(aec_barred(&charts, "dot city").expect("read").value);
    assert!(!aec_barred(&charts, "clear").expect("read").value);
    assert_eq!(
        aec_barred(&charts, "swamp")
            .expect_err("not entered")
            .code(),
        "no_such_chart_key"
    );
    assert_eq!(
        capability(&charts, "tank brigade", Category::AecAttack),
        Ok(Capability::Full)
    );
    assert_eq!(
        capability(&charts, "tank brigade", Category::Atec),
        Ok(Capability::None)
    );
    assert_eq!(
        capability(&charts, "artillery", Category::AecDefence),
        Ok(Capability::Neutral)
    );
}
