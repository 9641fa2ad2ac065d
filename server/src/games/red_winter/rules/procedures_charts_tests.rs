use super::super::charts::chart_spec;
use super::super::charts::tests::invented_modifiers;
use super::*;
use crate::core::domain::Role;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::charts::RawChart;

/// INVENTED test data, not a real table: one result column over modified rolls `from..=to`.
fn invented_table(
    from: i64,
    to: i64,
    columns: &[&str],
    cell: &dyn Fn(i64, &str) -> String,
) -> RawChart {
    let rows: Vec<i64> = (from..=to).collect();
    RawChart {
        rows: rows.iter().map(i64::to_string).collect(),
        columns: columns.iter().map(|c| (*c).to_string()).collect(),
        cells: rows
            .iter()
            .map(|&r| columns.iter().map(|c| cell(r, c)).collect())
            .collect(),
    }
}

fn charts_with(entries: Vec<(&str, RawChart)>) -> ChartSet {
    let mut charts = ChartSet::default();
    for (code, raw) in entries {
        let spec = chart_spec(code).expect("declared");
        charts
            .enter(&spec, raw, Role::Umpire, "Turn 1")
            .expect("entered");
    }
    charts
}

fn recovery_charts() -> ChartSet {
    // INVENTED: recovers on a modified 5 or more.
    charts_with(vec![(
        RECOVERY,
        invented_table(0, 7, &["result"], &|r, _| {
            if r >= 5 {
                "recovered".into()
            } else {
                "no_effect".into()
            }
        }),
    )])
}

fn attempt() -> Recovery {
    Recovery {
        unit: "2/1/JR16".into(),
        side: Side::Finnish,
        out_of_supply: false,
        night: false,
        pajari: false,
        morale_bonus: false,
    }
}

#[test]
fn recovery_reads_the_entered_table_with_the_texts_modifiers() {
    let charts = recovery_charts();
    let mut dice = ScriptedDice::new([5, 4, 4, 1, 6]);
    assert!(
        recovery(&charts, &mut dice, &attempt())
            .expect("rolls")
            .value
            .1
    );
    assert!(
        !recovery(&charts, &mut dice, &attempt())
            .expect("rolls")
            .value
            .1
    );
    let mut helped = attempt();
    helped.night = true;
    helped.pajari = true;
    helped.morale_bonus = true;
    helped.out_of_supply = true;
    let e = recovery(&charts, &mut dice, &helped).expect("rolls");
    assert!(e.value.1, "4 − 1 + 1 + 1 + 1 = 6");
    let mut cut_off = attempt();
    cut_off.out_of_supply = true;
    let low = recovery(&charts, &mut dice, &cut_off).expect("rolls");
    assert!(!low.value.1);
    assert_eq!(low.value.0.row, "0", "1 − 1 = 0 is the first row");
    let high = recovery(&charts, &mut dice, &helped).expect("rolls");
    assert_eq!(
        high.value.0.row, "7",
        "6 + 2 = 8 is above the chart and reads its last row"
    );
}

#[test]
fn sub_zero_losses_by_side_with_the_lake_and_finnish_modifiers() {
    // INVENTED: a step on a modified 1 or less for Soviets, none ever for the Finns but a 0 row.
    let charts = charts_with(vec![(
        SZLT,
        invented_table(0, 7, &["soviet", "finnish"], &|r, c| match (r, c) {
            (0, "soviet") => "2".into(),
            (1, "soviet") => "1".into(),
            (1, "finnish") => "1".into(),
            _ => "0".into(),
        }),
    )]);
    let mut dice = ScriptedDice::new([1, 2, 1, 6]);
    let stack = |side, lake| SubZero {
        who: "K12".into(),
        side,
        on_frozen_lake: lake,
    };
    assert_eq!(
        sub_zero(&charts, &mut dice, &stack(Side::Soviet, true))
            .expect("rolls")
            .value
            .1,
        2
    );
    let e = sub_zero(&charts, &mut dice, &stack(Side::Soviet, true)).expect("rolls");
    assert_eq!(e.value.1, 1, "2 − 1 = 1");
    let finn = sub_zero(&charts, &mut dice, &stack(Side::Finnish, true)).expect("rolls");
    assert_eq!(
        (finn.value.0.row.as_str(), finn.value.1),
        ("1", 1),
        "1 − 1 + 1 = 1"
    );
    assert_eq!(
        sub_zero(&charts, &mut dice, &stack(Side::Finnish, false))
            .expect("rolls")
            .value
            .1,
        0
    );
    assert_eq!(dice.rolls[3].roller, Role::Finnish);
}

fn raid(raiders: usize, pajari: bool) -> NightRaid {
    NightRaid {
        raiders: (1..=raiders).map(|i| format!("{i}/ErP16")).collect(),
        target: "G9".into(),
        pajari,
        conditions: Vec::new(),
    }
}

fn fnrt_charts() -> ChartSet {
    // INVENTED: lost on 1-2, found with no shift on 3-4, 1R on 5-6, 2R from 7.
    charts_with(vec![
        (
            FNRT,
            invented_table(1, 9, &["result"], &|r, _| match r {
                1 | 2 => "lost".into(),
                3 | 4 => "0".into(),
                5 | 6 => "1R".into(),
                _ => "2R".into(),
            }),
        ),
        (FNRT_DRM, invented_modifiers(&[("start adjacent", "-1")])),
    ])
}

#[test]
fn the_fnrt_finds_or_loses_the_raiders_with_pajari_adding_two() {
    let charts = fnrt_charts();
    let mut dice = ScriptedDice::new([2, 3, 5, 6, 3]);
    let lost = night_raid(&charts, &mut dice, &raid(3, false), true, false).expect("rolls");
    assert_eq!(lost.value.1, RaidFinding::Lost);
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(1, false), true, false)
            .expect("rolls")
            .value
            .1,
        RaidFinding::Found { shift: 0 }
    );
    let led = night_raid(&charts, &mut dice, &raid(2, true), true, false).expect("rolls");
    assert_eq!(led.value.1, RaidFinding::Found { shift: 2 }, "5 + 2 = 7");
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(2, true), true, false)
            .expect("rolls")
            .value
            .1,
        RaidFinding::Found { shift: 2 },
        "8 reads 8"
    );
    let mut near = raid(1, false);
    near.conditions = vec!["start adjacent".into()];
    assert_eq!(
        night_raid(&charts, &mut dice, &near, true, false)
            .expect("rolls")
            .value
            .1,
        RaidFinding::Lost
    );
    assert_eq!(finding("3L"), RaidFinding::Found { shift: -3 });
}

#[test]
fn night_raids_are_refused_by_day_twice_a_night_or_with_wrong_raiders() {
    let charts = fnrt_charts();
    let mut dice = ScriptedDice::new([]);
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(1, false), false, false).map(|_| ()),
        Err(RulesError::RaidByDay)
    );
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(1, false), true, true).map(|_| ()),
        Err(RulesError::RaidAlreadyMade)
    );
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(4, false), true, false).map(|_| ()),
        Err(RulesError::RaidersCount { count: 4 })
    );
    assert_eq!(
        night_raid(&charts, &mut dice, &raid(0, true), true, false).map(|_| ()),
        Err(RulesError::RaidersCount { count: 0 })
    );
    assert_eq!(dice.rolls.len(), 0);
}
