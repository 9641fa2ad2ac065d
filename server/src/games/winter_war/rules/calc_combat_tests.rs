use super::*;

/// INVENTED TEST DATA, not the printed CRT: the text gives only ≤49%, 600–699% and ≥700%; the
/// bands between are made up here so the calculation has a whole table to move along.
fn invented_bands() -> Vec<Band> {
    let keys: Vec<String> = [
        "≤49%",
        "50-99%",
        "100-199%",
        "200-299%",
        "300-399%",
        "400-499%",
        "500-599%",
        "600–699%",
        "≥700%",
    ]
    .iter()
    .map(|k| (*k).to_string())
    .collect();
    crt_bands(&keys).expect("invented bands are contiguous")
}

fn key(bands: &[Band], index: usize) -> &str {
    &bands[index].key
}

#[test]
fn t_ww_01_example_1_reads_the_lowest_and_highest_columns() {
    let bands = invented_bands();
    let weak = combat_column(&[1], &[12], &Situation::default(), &bands);
    assert_eq!(key(&bands, weak.value), "≤49%");
    assert!(
        weak.steps
            .contains(&"1 against 12 is 8% (rounded down)".to_string())
    );
    let strong = combat_column(&[20], &[1], &Situation::default(), &bands);
    assert_eq!(key(&bands, strong.value), "≥700%");
    assert!(
        strong
            .steps
            .contains(&"2000% reads the ≥700% column".to_string())
    );
}

#[test]
fn t_ww_02_shifts_start_from_the_clamped_column() {
    let bands = invented_bands();
    let situation = Situation {
        terrain: vec![("forest".into(), 1)],
        ..Situation::default()
    };
    let result = combat_column(&[20], &[1], &situation, &bands);
    assert_eq!(key(&bands, result.value), "600–699%");
    assert_eq!(
        result.steps.last().map(String::as_str),
        Some("≥700% shifted 1L is 600–699%")
    );
}

#[test]
fn t_ww_03_percentages_round_down() {
    for (a, d, pct) in [
        (2, 3, 66),
        (7, 10, 70),
        (1, 2, 50),
        (49, 100, 49),
        (699, 100, 699),
    ] {
        assert_eq!(percentage(a, d).value, pct, "{a} vs {d}");
    }
    let bands = invented_bands();
    assert_eq!(key(&bands, column_of(49, &bands).value), "≤49%");
    assert_eq!(key(&bands, column_of(50, &bands).value), "50-99%");
    assert_eq!(key(&bands, column_of(699, &bands).value), "600–699%");
    assert_eq!(key(&bands, column_of(700, &bands).value), "≥700%");
    assert_eq!(key(&bands, column_of(0, &bands).value), "≤49%");
}

#[test]
fn t_ww_17_ice_replaces_the_terrain_shift() {
    let situation = Situation {
        terrain: vec![("forest".into(), 1), ("river".into(), 2)],
        defender_on_ice_or_lake: true,
        ..Situation::default()
    };
    let list = shifts(&situation);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].columns, 1);
    let bands = invented_bands();
    let result = combat_column(&[3], &[2], &situation, &bands);
    assert_eq!(key(&bands, result.value), "200-299%");
}

#[test]
fn only_the_most_favourable_terrain_counts_and_suppression_both_ways_nets_to_nothing() {
    let situation = Situation {
        concentric: true,
        all_defenders_suppressed: true,
        all_attackers_suppressed: true,
        terrain: vec![("forest".into(), 1), ("river".into(), 2)],
        defender_on_ice_or_lake: false,
        freeze: false,
    };
    let columns: Vec<i64> = shifts(&situation).iter().map(|s| s.columns).collect();
    assert_eq!(columns, [1, 2, -2, -2]);
    let bands = invented_bands();
    let result = combat_column(&[3], &[2], &situation, &bands);
    assert_eq!(key(&bands, result.value), "50-99%");
    assert!(result.steps.iter().any(|s| s.contains("net to 1L")));
}

#[test]
fn shifts_stop_at_the_edges_of_the_table() {
    let bands = invented_bands();
    let situation = Situation {
        all_attackers_suppressed: true,
        ..Situation::default()
    };
    let result = combat_column(&[1], &[12], &situation, &bands);
    assert_eq!(result.value, 0);
    assert!(result.steps.iter().any(|s| s.contains("edge of the table")));
    let none = combat_column(&[5], &[0], &Situation::default(), &bands);
    assert_eq!(key(&bands, none.value), "≥700%");
}

#[test]
fn crt_columns_must_be_contiguous_and_open_at_both_ends() {
    let keys = |k: &[&str]| k.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    assert!(crt_bands(&keys(&["<=49%", "50-699", "700+%"])).is_ok());
    assert!(crt_bands(&keys(&[">=0%"])).is_err());
    for bad in [
        keys(&["≤49%", "51-699%", "≥700%"]),
        keys(&["≤49%", "50-700%", "≥700%"]),
        keys(&["0-49%", "50-699%", "≥700%"]),
        keys(&["≤49%", "50-699%"]),
    ] {
        assert!(
            matches!(
                crt_bands(&bad),
                Err(WinterWarError::BandsNotContiguous { .. })
            ),
            "{bad:?}"
        );
    }
    assert!(matches!(
        parse_band("lots"),
        Err(WinterWarError::BadBand { .. })
    ));
    assert!(parse_band("99-50%").is_err());
}

#[test]
fn freeze_21_1_ignores_river_and_lake_hexsides_and_makes_marsh_clear() {
    // 21.1 items 1 and 3: "River and lake hexsides are ignored"; "Treat marsh hexes as clear".
    let bands = invented_bands();
    let terrain = |name: &str| Situation {
        terrain: vec![(name.into(), 1)],
        ..Situation::default()
    };
    for name in ["river hexside", "minor lake hexside", "marsh"] {
        let thawed = combat_column(&[20], &[1], &terrain(name), &bands);
        assert_eq!(
            key(&bands, thawed.value),
            "600–699%",
            "{name} before the freeze"
        );
        let frozen = Situation {
            freeze: true,
            ..terrain(name)
        };
        let result = combat_column(&[20], &[1], &frozen, &bands);
        assert_eq!(key(&bands, result.value), "≥700%", "{name} in the freeze");
        assert!(result.steps.iter().any(|s| s.contains("(21.1)")));
    }
    // Forest keeps its shift in the freeze, and the most favourable remaining terrain counts.
    let forest = Situation {
        terrain: vec![("river hexside".into(), 2), ("forest".into(), 1)],
        freeze: true,
        ..Situation::default()
    };
    assert_eq!(
        key(&bands, combat_column(&[20], &[1], &forest, &bands).value),
        "600–699%"
    );
    // Lake Ladoga is the exception of 21.1 item 2.
    assert!(!frozen_away("Lake Ladoga hexside"));
}
