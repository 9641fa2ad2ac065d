use super::*;
use crate::core::domain::Side;
use crate::games::red_winter::rules::procedures::Spotting;

fn firer(name: &str, side: Side, ras: i64) -> RangedAttack {
    RangedAttack {
        firer: name.into(),
        side,
        ras,
        indirect: false,
        spotting: Spotting::Direct,
        target_dug_in: false,
        night: false,
        conditions: Vec::new(),
    }
}

/// 10.6.2's extended example (T-RW-17): the Soviet MG's 7 + 5 = 12 does nothing, the mortar's
/// 9 with a net +5 is 14 and suppresses, the Finnish MG's 9 + 5 + 3 for three companies in the
/// target hex is 17: Suppressed and a step.
#[test]
fn t_rw_17_the_extended_examples_three_ranged_attacks_10_4() {
    let mg = ranged_total(&firer("MG/609", Side::Soviet, 5), &[3, 4], &[]).expect("total");
    assert_eq!(mg.value, (12, RangedBand::NoEffect));
    let mut mortar = firer("Mortar/609", Side::Soviet, 4);
    mortar.indirect = true;
    mortar.spotting = Spotting::MortarSelf;
    let e = ranged_total(&mortar, &[4, 5], &[]).expect("total");
    assert_eq!(e.value, (14, RangedBand::Suppressed));
    let density = [Modifier {
        reason: "three infantry companies in the target hex".into(),
        drm: 3,
    }];
    let finn =
        ranged_total(&firer("MG/ErP16", Side::Finnish, 5), &[4, 5], &density).expect("total");
    assert_eq!(finn.value, (17, RangedBand::SuppressedAndStep));
    assert!(finn.steps.iter().any(|s| s.contains("(10.4.2)")));
}

#[test]
fn ranged_modifiers_for_spotting_dug_in_and_night_10_5_14_3_16_0() {
    let mut fire = firer("Art/76", Side::Soviet, 6);
    fire.indirect = true;
    fire.spotting = Spotting::DistantSpotter;
    fire.target_dug_in = true;
    fire.night = true;
    // 6 + 6 (RAS) − 1 (distant spotter) − 1 (Dug-In, indirect) − 2 (night) = 8.
    assert_eq!(ranged_total(&fire, &[3, 3], &[]).expect("total").value.0, 8);
    fire.indirect = false;
    fire.spotting = Spotting::Direct;
    // Direct fire at a Dug-In target is −2: 6 + 6 − 2 − 2 = 8.
    assert_eq!(ranged_total(&fire, &[3, 3], &[]).expect("total").value.0, 8);
    assert_eq!(
        ranged_total(&fire, &[3], &[]),
        Err(RulesError::DiceCount {
            needed: 2,
            given: 1,
            rule: "10.4"
        })
    );
    assert_eq!(
        ranged_total(&fire, &[3, 7], &[]),
        Err(RulesError::NotADie { roll: 7 })
    );
}

#[test]
fn at_fire_rolls_a_die_per_step_and_hits_on_a_modified_five_11_1_11_3() {
    // T-RW-18: the JR16 AT gun at full strength rolls two dice; adjacent, +1.
    let e = at_hits("AT/JR16", 2, AtRange::Adjacent, &[4, 3], &[]).expect("hits");
    assert_eq!(e.value, 1, "4 + 1 hits, 3 + 1 misses: {:?}", e.steps);
    // Against an Assault +2, not +3 (RW-A7): a 3 hits.
    assert_eq!(
        at_hits("AT/JR16", 1, AtRange::Assault, &[3], &[])
            .expect("hits")
            .value,
        1
    );
    // At two hexes a 4 misses.
    assert_eq!(
        at_hits("AT/JR16", 1, AtRange::Two, &[4], &[])
            .expect("hits")
            .value,
        0
    );
    // An entered ATFT modifier counts.
    let armoured_car = [Modifier {
        reason: "BA-10 target".into(),
        drm: 1,
    }];
    assert_eq!(
        at_hits("AT/JR16", 1, AtRange::Two, &[4], &armoured_car)
            .expect("hits")
            .value,
        1
    );
    // Reduced, it rolls one die only.
    assert!(matches!(
        at_hits("AT/JR16", 1, AtRange::Two, &[4, 4], &[]),
        Err(RulesError::DiceCount { needed: 1, .. })
    ));
}

#[test]
fn recovery_and_sub_zero_rolls_take_the_texts_modifiers_13_3_16_3() {
    let attempt = Recovery {
        unit: "1/JR16".into(),
        side: Side::Finnish,
        out_of_supply: true,
        night: true,
        pajari: true,
        morale_bonus: true,
    };
    // 4 − 1 + 1 + 1 + 1 = 6.
    assert_eq!(recovery_total(&attempt, 4).expect("total").value, 6);
    assert_eq!(
        recovery_total(&attempt, 7),
        Err(RulesError::NotADie { roll: 7 })
    );
    let finns_on_ice = SubZero {
        who: "H9".into(),
        side: Side::Finnish,
        on_frozen_lake: true,
    };
    // −1 on the lake, +1 for the Finns.
    assert_eq!(sub_zero_total(&finns_on_ice, 3).expect("total").value, 3);
    let soviets_on_ice = SubZero {
        side: Side::Soviet,
        ..finns_on_ice
    };
    assert_eq!(sub_zero_total(&soviets_on_ice, 3).expect("total").value, 2);
}
