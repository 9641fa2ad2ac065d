use super::*;
use Counter::*;

fn mix(list: &[(Counter, u32)]) -> BTreeMap<Counter, u32> {
    list.iter().copied().collect()
}

#[test]
fn t_ww_04_exchange_the_corps_breaks_down_and_loses_one_division() {
    let owed = exchange_loss(FinnishDivision662.defence());
    assert_eq!(owed.value, 6);
    let broken = break_down(SovietCorps20122, &mix(&[(SovietDivision642, 9)])).expect("breaks");
    assert_eq!(broken.value.placed, mix(&[(SovietDivision642, 3)]));
    assert!(losses_met(&[SovietDivision642], owed.value).value);
    assert!(!losses_met(&[SovietRegiment212, SovietRegiment212], owed.value).value);
}

#[test]
fn t_ww_05_half_exchange_one_regiment_pays_for_a_battalion() {
    let owed = half_exchange_loss(FinnishBattalion113.defence());
    assert_eq!(owed.value, 1);
    assert!(owed.steps[0].contains("half of 1 defence factors is 0.5"));
    assert!(losses_met(&[SovietRegiment212], owed.value).value);
    assert_eq!(half_exchange_loss(12).value, 6);
    assert_eq!(half_exchange_loss(0).value, 0);
    assert!(losses_met(&[], 0).value);
}

#[test]
fn t_ww_07_a_short_counter_mix_loses_the_missing_components() {
    let wanted = [(SovietDivision642, 2), (SovietRegiment212, 3)];
    let result = place_components(
        &wanted,
        &mix(&[(SovietDivision642, 1), (SovietRegiment212, 1)]),
    );
    assert_eq!(
        result.value.placed,
        mix(&[(SovietDivision642, 1), (SovietRegiment212, 1)])
    );
    assert_eq!(
        result.value.lost,
        mix(&[(SovietDivision642, 1), (SovietRegiment212, 2)])
    );
    assert!(result.steps[0].contains("1 placed, 1 lost"));
    let none = break_down(SovietTankCorps533, &BTreeMap::new()).expect("breaks");
    assert!(none.value.placed.is_empty());
    assert_eq!(none.value.lost, mix(&[(SovietTankBrigade213, 2)]));
}

#[test]
fn the_breakdown_table_of_11_1() {
    assert_eq!(
        SovietShockCorps24152.components(),
        Some(vec![
            (SovietDivision642, 2),
            (SovietArtillery832, 1),
            (SovietTankBrigade213, 1)
        ])
    );
    assert_eq!(
        FinnishDivision662.components(),
        Some(vec![(FinnishRegiment223, 3)])
    );
    assert_eq!(
        FinnishDivision442.components(),
        Some(vec![(FinnishRegiment223, 2)])
    );
    assert_eq!(
        FinnishRegiment223.components(),
        Some(vec![(FinnishBattalion113, 2)])
    );
    assert_eq!(
        SovietCorps1282.components(),
        Some(vec![(SovietDivision642, 2)])
    );
    assert_eq!(
        break_down(SovietRegiment212, &BTreeMap::new()),
        Err(WinterWarError::NoBreakdown {
            unit: "Soviet 2-1-2 regiment".into()
        })
    );
}

#[test]
fn reorganization_needs_supply_no_zoc_no_suppression_and_timoshenko_for_shock_corps() {
    assert!(may_reorganize(SovietCorps20122, true, false, false, false).is_ok());
    assert!(may_reorganize(SovietCorps20122, false, false, false, false).is_err());
    assert!(may_reorganize(SovietCorps20122, true, true, false, false).is_err());
    assert!(may_reorganize(SovietCorps20122, true, false, true, false).is_err());
    assert!(may_reorganize(SovietShockCorps24152, true, false, false, false).is_err());
    assert!(may_reorganize(SovietShockCorps24152, true, false, false, true).is_ok());
}

#[test]
fn a_fortified_defender_on_ex_loses_half_but_the_attacker_owes_the_whole() {
    assert_eq!(fortified_exchange_defender_loss(7).value, 4);
    assert_eq!(fortified_exchange_defender_loss(6).value, 3);
    assert_eq!(exchange_loss(7).value, 7);
}

#[test]
fn t_ww_13_captured_equipment() {
    for (af, expected) in [
        (0, None),
        (5, None),
        (6, Some(FinnishBattalion113)),
        (11, Some(FinnishBattalion113)),
        (12, Some(FinnishRegiment223)),
        (20, Some(FinnishRegiment223)),
    ] {
        assert_eq!(captured_equipment("DW", af).value, expected, "{af}");
    }
    // 24.4: "only capture equipment if the combat result is AW, DP, or DW".
    for result in ["AW", "DP", "dw"] {
        assert_eq!(
            captured_equipment(result, 12).value,
            Some(FinnishRegiment223)
        );
    }
    for result in ["DE", "EX", "HX", "DZ", "AE", "NE"] {
        let none = captured_equipment(result, 12);
        assert_eq!(none.value, None, "{result}");
        assert!(none.steps[0].contains("24.4"), "{:?}", none.steps);
    }
}
