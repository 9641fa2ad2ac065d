use super::*;
use Capability::{Full, Half, Neutral};

fn unit(name: &str, re: Re, aec: Capability, atec: Capability) -> ArmoredUnit {
    ArmoredUnit {
        name: name.into(),
        re,
        aeca: aec,
        aecd: aec,
        atec,
        oos_turns: 0,
    }
}

fn none() -> Capability {
    Capability::None
}

fn frac(num: i64, den: i64) -> Fraction {
    Fraction::new(num, den).expect("fraction")
}

fn attack(units: &[ArmoredUnit]) -> Explained<i64> {
    let p = proportion(Category::AecAttack, units);
    aec_modifier(Category::AecAttack, p.value)
}

#[test]
fn t_aww_01_rifle_divisions_tanks_and_artillery_make_one_quarter() {
    let units = [
        unit("2 rifle divisions", Re::whole(6), none(), none()),
        unit("2 tank brigades", Re::whole(2), Full, none()),
        unit("2 artillery brigades", Re::whole(2), Neutral, Neutral),
    ];
    let p = proportion(Category::AecAttack, &units);
    assert_eq!(p.value, frac(1, 4));
    assert!(
        p.steps
            .contains(&"2 of the 8 RE counted are AEC: a proportion of 1/4 (B.3)".to_string()),
        "{:?}",
        p.steps
    );
    assert!(
        p.steps.iter().any(|s| s.contains("within twice")),
        "the limit of 4 covers 2 neutral RE"
    );
    assert_eq!(attack(&units).value, 0);
}

#[test]
fn t_aww_02_example_1_one_half_adds_one() {
    let units = [
        unit("rifle division", Re::whole(3), none(), none()),
        unit("3 tank brigades", Re::whole(3), Full, none()),
        unit("artillery regiment", Re::whole(1), Neutral, Neutral),
    ];
    let p = proportion(Category::AecAttack, &units);
    assert_eq!(p.value, frac(1, 2));
    let drm = attack(&units);
    assert_eq!(drm.value, 1);
    assert_eq!(
        drm.steps[0],
        "AEC proportion 1/2 is at least 1/2: +1 (B.3a)"
    );
}

#[test]
fn t_aww_03_example_2_one_seventh_subtracts_one() {
    let defenders = [
        unit("rifle division", Re::whole(3), none(), none()),
        unit("armor battalion", Re::half(), none(), Full),
        unit("artillery regiment", Re::whole(1), Neutral, Neutral),
    ];
    let p = proportion(Category::Atec, &defenders);
    assert_eq!(p.value, frac(1, 7), "exactly 1/7");
    assert!(
        p.steps.contains(
            &"1/2 of the 3 1/2 RE counted are ATEC: a proportion of 1/7 (B.3)".to_string()
        ),
        "{:?}",
        p.steps
    );
    assert!(
        p.steps.iter().any(|s| s.contains("within twice")),
        "limit 1"
    );
    assert_eq!(atec_modifier(p.value).value, -1);
    let attackers = [unit("tank brigade", Re::whole(1), Full, none())];
    let m = armor_modifier(
        &attackers,
        &defenders,
        AecTerrain {
            attack_barred: false,
            defence_barred: false,
        },
    );
    assert_eq!((m.value.attack, m.value.defence, m.value.total), (1, -1, 0));
    assert!(
        !m.value.defenders_half_or_more,
        "B.6 binds the defender only at 1/2 or more ATEC"
    );
}

#[test]
fn t_aww_04_full_aec_against_full_atec_nets_minus_three() {
    let m = armor_modifier(
        &[unit("tank brigade", Re::whole(1), Full, none())],
        &[unit("antitank battalion", Re::half(), none(), Full)],
        AecTerrain {
            attack_barred: false,
            defence_barred: false,
        },
    );
    assert_eq!(m.value.total, -3);
    assert_eq!(m.value.defenders_used, Some(Category::Atec));
    assert!(m.value.attackers_used_aec && m.value.defenders_half_or_more);
    assert_eq!(
        m.steps.last().map(String::as_str),
        Some("armor and antitank effects: +1 and -4 make -3")
    );
}

#[test]
fn t_aww_05_neutral_restriction_turns_excess_neutral_into_none() {
    let units = [
        unit("3 motorized divisions", Re::whole(9), Neutral, Neutral),
        unit("3 tank brigades", Re::whole(3), Full, none()),
    ];
    let p = proportion(Category::AecAttack, &units);
    assert_eq!(p.value, frac(1, 2));
    assert!(
        p.steps.contains(
            &"9 neutral RE is more than twice the 3 RE of full and half units (6): 3 RE count as having no AEC (B.4)"
                .to_string()
        ),
        "{:?}",
        p.steps
    );
    assert_eq!(attack(&units).value, 1);
}

#[test]
fn t_aww_06_all_res_of_half_units_count_towards_the_limit() {
    let units = [
        unit("light tank brigade", Re::whole(1), Half, none()),
        unit("2 artillery regiments", Re::whole(2), Neutral, Neutral),
    ];
    let p = proportion(Category::AecAttack, &units);
    assert_eq!(p.value, frac(1, 2), "no excess: 1/2 of 1");
    assert_eq!(attack(&units).value, 1);
}

#[test]
fn t_aww_07_terrain_bars_aec_but_capability_still_brings_atec() {
    let m = armor_modifier(
        &[unit("Soviet tank brigade", Re::whole(1), Full, none())],
        &[unit("British AA battalion", Re::half(), none(), Full)],
        AecTerrain {
            attack_barred: true,
            defence_barred: true,
        },
    );
    assert_eq!(
        (m.value.attack, m.value.defence, m.value.total),
        (0, -4, -4)
    );
    assert!(m.value.attackers_capable && !m.value.attackers_used_aec);
    assert!(m.steps.iter().any(|s| s.contains("(B.5)")), "{:?}", m.steps);
}

#[test]
fn the_atec_ladder_and_the_aec_threshold_at_their_edges() {
    for (p, drm) in [
        (frac(0, 1), 0),
        (frac(1, 8), 0),
        (frac(1, 7), -1),
        (frac(3, 7), -1),
        (frac(1, 2), -2),
        (frac(6, 7), -2),
        (frac(1, 1), -4),
    ] {
        assert_eq!(atec_modifier(p).value, drm, "{p}");
    }
    assert_eq!(aec_modifier(Category::AecAttack, frac(49, 100)).value, 0);
    assert_eq!(aec_modifier(Category::AecAttack, frac(1, 2)).value, 1);
    assert_eq!(aec_modifier(Category::AecDefence, frac(1, 2)).value, -1);
    assert_eq!(aec_modifier(Category::AecDefence, frac(49, 100)).value, 0);
}

#[test]
fn defenders_use_aec_only_against_attackers_not_capable_of_it() {
    let rifles = [unit("rifle division", Re::whole(3), none(), none())];
    let tanks = [unit("Finnish armor battalion", Re::half(), Full, Full)];
    let open = AecTerrain {
        attack_barred: false,
        defence_barred: false,
    };
    let m = armor_modifier(&rifles, &tanks, open);
    assert_eq!(m.value.total, -1, "B.3b");
    assert_eq!(m.value.defenders_used, Some(Category::AecDefence));
    assert!(m.value.defenders_half_or_more);
    let barred = AecTerrain {
        attack_barred: false,
        defence_barred: true,
    };
    assert_eq!(armor_modifier(&rifles, &tanks, barred).value.total, 0);
}

#[test]
fn empty_and_neutral_only_sides_and_supply() {
    assert_eq!(proportion(Category::AecAttack, &[]).value, frac(0, 1));
    let artillery = [unit("artillery", Re::whole(2), Neutral, Neutral)];
    let p = proportion(Category::AecAttack, &artillery);
    assert_eq!(p.value, frac(0, 1), "every neutral RE is excess");
    let mut tank = unit("tank brigade", Re::whole(1), Full, none());
    tank.oos_turns = 1;
    assert_eq!(
        attack(std::slice::from_ref(&tank)).value,
        1,
        "A.1: turn 1 keeps it"
    );
    tank.oos_turns = 2;
    let p = proportion(Category::AecAttack, std::slice::from_ref(&tank));
    assert_eq!(p.value, frac(0, 1), "A.1: none from the 2nd turn");
    assert!(p.steps[0].contains("2nd turn running"), "{:?}", p.steps);
    assert_eq!(Re::half().to_string(), "1/2");
    assert_eq!(Re { halves: 7 }.to_string(), "3 1/2");
    assert_eq!(ordinal(11), "11th");
    assert_eq!(ordinal(22), "22nd");
}

#[test]
fn b6_required_losses_round_up_to_whole_losses() {
    assert_eq!(required_capable_losses(0).value, 0);
    assert_eq!(required_capable_losses(3).value, 2);
    assert_eq!(required_capable_losses(4).value, 2);
    assert!(check_required_losses("attacker", 4, 2).is_ok());
    let e = check_required_losses("attacker", 3, 1).expect_err("too few");
    assert_eq!(
        e.to_string(),
        "the attacker must take at least 2 of its 3 losses from units capable of 1/2 or more armor or antitank effects, not 1 (Opt B.6)"
    );
}
