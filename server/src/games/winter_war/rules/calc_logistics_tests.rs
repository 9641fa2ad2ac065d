use super::*;

#[test]
fn t_ww_06_stacking_south_and_north_of_the_a_line() {
    let full = Stack {
        units: 2,
        detachments: 1,
        statics: 1,
    };
    assert!(within_stacking(StackArea::SouthOfALine, full).value);
    assert!(!within_stacking(StackArea::NorthOfALine, full).value);
    let north = Stack {
        units: 1,
        detachments: 1,
        statics: 1,
    };
    assert!(within_stacking(StackArea::NorthOfALine, north).value);
    let two_dets = Stack {
        units: 2,
        detachments: 2,
        statics: 0,
    };
    assert!(!within_stacking(StackArea::SouthOfALine, two_dets).value);
    let leningrad = Stack {
        units: 5,
        detachments: 1,
        statics: 0,
    };
    assert!(within_stacking(StackArea::Leningrad, leningrad).value);
    let seven = Stack {
        units: 5,
        detachments: 1,
        statics: 1,
    };
    assert!(!within_stacking(StackArea::Leningrad, seven).value);
    assert!(within_stacking(StackArea::NorthOfALine, Stack::default()).value);
}

#[test]
fn t_ww_08_demand_in_thirds_over_capacity() {
    let units = vec![
        ("20-12-2".to_string(), Echelon::Corps),
        ("6-4-2".to_string(), Echelon::Division),
        ("2-1-3".to_string(), Echelon::BrigadeOrRegiment),
    ];
    let demand = supply_demand(&units, 4, false);
    assert_eq!(demand.value, Fraction { num: 13, den: 3 });
    assert!(demand.value > Fraction::whole(4));
    assert!(
        demand
            .steps
            .last()
            .is_some_and(|s| s.contains("13/3 is over"))
    );
    let doubled = supply_demand(&units, 4, true);
    assert!(
        doubled
            .steps
            .last()
            .is_some_and(|s| s.contains("within the capacity 8"))
    );
    let three_regiments = vec![("2-1-2".to_string(), Echelon::BrigadeOrRegiment); 3];
    assert_eq!(
        supply_demand(&three_regiments, 1, false).value,
        Fraction::whole(1)
    );
    assert_eq!(supply_demand(&[], 0, false).value, Fraction::whole(0));
}

#[test]
fn t_ww_16_suppressed_movement_halves_and_drops_fractions() {
    assert_eq!(suppressed_movement(3).value, 1);
    assert_eq!(suppressed_movement(2).value, 1);
    assert_eq!(suppressed_movement(1).value, 0);
    assert_eq!(suppressed_movement(0).value, 0);
}

#[test]
fn t_ww_10_air_recycling() {
    assert_eq!(air_recycle(4, 11).value, Some(6));
    assert_eq!(air_recycle(9, 11).value, Some(11));
    assert_eq!(air_recycle(10, 11).value, None);
    assert_eq!(air_recycle(11, 11).value, None);
}

#[test]
fn ski_battalions_missing_are_replaced_two_for_one() {
    assert_eq!(ski_substitution(0).value, 0);
    assert_eq!(ski_substitution(1).value, 0);
    assert!(ski_substitution(1).steps[0].contains("lost"));
    assert_eq!(ski_substitution(4).value, 2);
    assert_eq!(ski_substitution(5).value, 2);
}

#[test]
fn t_ww_09_victory_levels_at_every_edge() {
    for (margin, level) in [
        (101, Victory::SovietStrategic),
        (100, Victory::SovietOperational),
        (81, Victory::SovietOperational),
        (80, Victory::SovietTactical),
        (61, Victory::SovietTactical),
        (60, Victory::FinnishMorale),
        (31, Victory::FinnishMorale),
        (30, Victory::FinnishStrategic),
        (-5, Victory::FinnishStrategic),
    ] {
        assert_eq!(victory(margin + 10, 10).value, level, "{margin}");
    }
    assert_eq!(
        victory(120, 19).steps,
        [
            "120 Soviet less 19 Finnish victory points is a margin of 101",
            "a margin of 101 is a Soviet Strategic Victory (4.2)"
        ]
    );
}

#[test]
fn always_supplied_units_of_15_2_and_15_4() {
    let case = |soviet: bool, unit_type: &str, af: u32, df: u32, nkvd: bool, at_home: bool| {
        always_supplied(&SupplyCase {
            soviet,
            unit_type,
            af,
            df,
            nkvd,
            at_home,
        })
    };
    // 15.2: HQs anywhere, ski detachments (0-0-3) and battalions (1-1-3) in Finland, the armored
    // train and air units.
    assert!(case(false, "HQ", 0, 1, false, false).is_some());
    assert!(case(false, "ski", 1, 1, false, true).is_some());
    assert!(case(false, "ski", 0, 0, false, true).is_some());
    assert!(
        case(false, "ski", 1, 1, false, false).is_none(),
        "outside Finland"
    );
    assert!(
        case(false, "ski", 2, 2, false, true).is_none(),
        "a ski regiment"
    );
    assert!(case(false, "armored train", 2, 2, false, false).is_some());
    assert!(case(false, "air", 3, 0, false, false).is_some());
    assert!(case(false, "infantry", 2, 2, false, true).is_none());
    // 15.4: HQs anywhere, NKVD in the Soviet Union, air and naval units.
    assert!(case(true, "headquarters", 0, 1, false, false).is_some());
    assert!(case(true, "infantry", 1, 1, true, true).is_some());
    assert!(case(true, "infantry", 1, 1, true, false).is_none());
    assert!(case(true, "naval", 0, 0, false, false).is_some());
    assert!(
        case(true, "ski", 1, 1, false, true).is_none(),
        "15.2 is Finnish"
    );
    assert!(case(true, "infantry", 6, 4, false, true).is_none());
}
