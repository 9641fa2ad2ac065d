use super::*;
use crate::core::refusal::Refusal;

fn firer() -> Firer {
    Firer {
        name: "MG/JR16".into(),
        direct: true,
        ..Firer::default()
    }
}

fn rule_of(result: Result<(), RulesError>) -> String {
    let e = result.expect_err("refused");
    assert_eq!(e.code(), "not_allowed");
    let text = e.to_string();
    text.rsplit('(')
        .next()
        .unwrap_or_default()
        .trim_end_matches(')')
        .to_string()
}

#[test]
fn ranged_attacks_are_refused_as_the_rules_say() {
    assert_eq!(may_fire(&firer(), false, false), Ok(()));
    let with = |edit: &dyn Fn(&mut Firer)| {
        let mut f = firer();
        edit(&mut f);
        f
    };
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.fired = true), false, false)),
        "10.0"
    );
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.fired_marker = true), false, false)),
        "12.4"
    );
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.at_fired = true), false, false)),
        "11.0"
    );
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.in_combat = true), false, false)),
        "10.0"
    );
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.suppressed = true), false, false)),
        "10.4.1"
    );
    assert_eq!(
        rule_of(may_fire(&with(&|f| f.retreated = true), false, false)),
        "8.5.2.3"
    );
    let in_zoc = with(&|f| f.in_ezoc = true);
    assert_eq!(rule_of(may_fire(&in_zoc, false, false)), "10.3.6");
    assert_eq!(may_fire(&in_zoc, false, true), Ok(()));
    assert_eq!(rule_of(may_fire(&firer(), true, false)), "16.0");
    assert_eq!(
        may_fire(&firer(), true, true),
        Ok(()),
        "adjacent defensive support at night"
    );
    assert_eq!(
        may_fire(&with(&|f| f.direct = false), true, false),
        Ok(()),
        "indirect fire at night"
    );
}

fn company(full: bool) -> Actor {
    Actor {
        name: "2/1/JR16".into(),
        side: Side::Finnish,
        kind: Kind::InfantryCompany,
        full_strength: full,
        in_ezoc: false,
        began_in_ezoc: false,
        acted: false,
    }
}

#[test]
fn recovery_and_digging_in() {
    assert_eq!(may_recover(&company(false)), Ok(()));
    assert_eq!(rule_of(may_recover(&company(true))), "13.3");
    let mut zoc = company(false);
    zoc.in_ezoc = true;
    assert_eq!(rule_of(may_recover(&zoc)), "13.3");
    assert_eq!(rule_of(may_dig_in(&zoc, false)), "14.5");
    assert_eq!(may_dig_in(&zoc, true), Ok(()));
    let mut engineers = zoc.clone();
    engineers.kind = Kind::Engineer;
    assert_eq!(may_dig_in(&engineers, false), Ok(()));
    let mut gun = company(true);
    gun.kind = Kind::Other;
    assert_eq!(rule_of(may_dig_in(&gun, false)), "14.0");
    let mut done = company(false);
    done.acted = true;
    assert_eq!(rule_of(may_recover(&done)), "3.0");
}

#[test]
fn bonfires_and_raids() {
    let mut soviets = company(true);
    soviets.side = Side::Soviet;
    assert_eq!(may_build_bonfire(&soviets, true, 4, false), Ok(()));
    assert_eq!(
        rule_of(may_build_bonfire(&soviets, false, 9, false)),
        "16.2"
    );
    assert_eq!(rule_of(may_build_bonfire(&soviets, true, 3, false)), "16.2");
    assert_eq!(rule_of(may_build_bonfire(&soviets, true, 9, true)), "16.2");
    soviets.began_in_ezoc = true;
    assert_eq!(rule_of(may_build_bonfire(&soviets, true, 9, false)), "7.2");
    assert_eq!(
        rule_of(may_build_bonfire(&company(true), true, 9, false)),
        "16.2"
    );
    assert_eq!(may_raid(&company(true), "G9", 4, false), Ok(()));
    assert_eq!(rule_of(may_raid(&company(false), "G9", 4, false)), "16.4");
    assert_eq!(rule_of(may_raid(&company(true), "G9", 3, false)), "16.4.1");
    assert_eq!(rule_of(may_raid(&company(true), "M16", 9, true)), "16.4.1");
    let mut zoc = company(true);
    zoc.in_ezoc = true;
    assert_eq!(rule_of(may_raid(&zoc, "G9", 9, false)), "16.4.1");
}

#[test]
fn sub_zero_rolls_soviet_stacks_off_the_bonfire_then_finnish_skulls() {
    let unit = |name: &str, side, hex: &str| Freezing {
        name: name.into(),
        side,
        hex: hex.into(),
        under_bonfire: false,
        skull: false,
        night_raid: false,
        exempt: false,
    };
    let mut warm = unit("warm", Side::Soviet, "K12");
    warm.under_bonfire = true;
    let atop = unit("atop", Side::Soviet, "K12");
    let cold1 = unit("c1", Side::Soviet, "K13");
    let cold2 = unit("c2", Side::Soviet, "K13");
    let mut only_warm = unit("w2", Side::Soviet, "K14");
    only_warm.under_bonfire = true;
    let mut artillery = unit("122mm", Side::Soviet, "off map");
    artillery.exempt = true;
    let mut skull = unit("s", Side::Finnish, "G9");
    skull.skull = true;
    let quiet = unit("q", Side::Finnish, "G10");
    let mut raider = unit("1/ErP16", Side::Finnish, "H9");
    raider.night_raid = true;
    let rolls = sub_zero_rolls(&[
        skull, quiet, raider, warm, atop, cold1, cold2, only_warm, artillery,
    ]);
    assert_eq!(
        rolls,
        [
            (Side::Soviet, "K12".to_string()),
            (Side::Soviet, "K13".to_string()),
            (Side::Finnish, "1/ErP16".to_string()),
            (Side::Finnish, "G9".to_string()),
        ]
    );
}

fn raider(name: &str) -> Actor {
    Actor {
        name: name.into(),
        side: Side::Finnish,
        kind: Kind::InfantryCompany,
        full_strength: true,
        in_ezoc: false,
        began_in_ezoc: false,
        acted: false,
    }
}

#[test]
fn a_raiding_party_is_one_to_three_fit_companies_once_a_night_and_pajari_adds_two_16_4_1() {
    let three = [raider("1/ErP16"), raider("2/ErP16"), raider("3/ErP16")];
    let party = |raiders: &[Actor], pajari, used, night, made| {
        raid_party(raiders, "G9", 5, false, pajari, used, night, made)
    };
    // Pajari is not counted among the three and gives +2 (12.3).
    let led = party(&three, true, false, true, false).expect("allowed");
    assert_eq!(led.value, 2);
    assert!(
        led.steps
            .iter()
            .any(|s| s.contains("+2 on the FNRT (12.3)"))
    );
    assert_eq!(
        party(&three, false, false, true, false).map(|e| e.value),
        Ok(0)
    );
    // A fourth company, none at all, a second raid, a day turn.
    let mut four = three.to_vec();
    four.push(raider("4/ErP16"));
    assert_eq!(
        party(&four, false, false, true, false),
        Err(RulesError::RaidersCount { count: 4 })
    );
    assert_eq!(
        party(&[], false, false, true, false),
        Err(RulesError::RaidersCount { count: 0 })
    );
    assert_eq!(
        party(&three, false, false, true, true),
        Err(RulesError::RaidAlreadyMade)
    );
    assert_eq!(
        party(&three, false, false, false, false),
        Err(RulesError::RaidByDay)
    );
    // A reduced company cannot raid; Pajari after a Recovery bonus cannot go.
    let mut weak = three.to_vec();
    weak[1].full_strength = false;
    assert!(matches!(
        party(&weak, false, false, true, false),
        Err(RulesError::NotAllowed { rule: "16.4", .. })
    ));
    assert!(matches!(
        party(&three, true, true, true, false),
        Err(RulesError::NotAllowed { rule: "12.3", .. })
    ));
}

/// 16.3, 16.4 step 5: the units of a stack that share a cold roll's steps, and who rolls alone.
#[test]
fn the_cold_is_shared_by_the_units_that_had_to_roll_16_3() {
    let unit = |name: &str, side, hex: &str| Freezing {
        name: name.into(),
        side,
        hex: hex.into(),
        under_bonfire: false,
        skull: false,
        night_raid: false,
        exempt: false,
    };
    let mut warm = unit("warm", Side::Soviet, "K12");
    warm.under_bonfire = true;
    let mut raider = unit("raider", Side::Finnish, "G9");
    raider.night_raid = true;
    raider.skull = true;
    let mut skull = unit("skull", Side::Finnish, "G9");
    skull.skull = true;
    let mut pajari = unit("Pajari", Side::Finnish, "G9");
    pajari.skull = true;
    pajari.exempt = true;
    let units = [
        warm.clone(),
        unit("atop", Side::Soviet, "K12"),
        raider.clone(),
        skull,
        pajari.clone(),
        unit("quiet", Side::Finnish, "G9"),
    ];
    assert_eq!(cold_sharers(&units, Side::Soviet, " k12 "), Ok(vec![1]));
    assert_eq!(cold_sharers(&units, Side::Finnish, "G9"), Ok(vec![3]));
    assert_eq!(
        rule_of(cold_sharers(&units, Side::Soviet, "G9").map(|_| ())),
        "16.3"
    );
    assert_eq!(
        rule_of(cold_sharers(&[warm], Side::Soviet, "K12").map(|_| ())),
        "16.3"
    );
    assert_eq!(cold_alone(&raider), Ok(()));
    assert_eq!(rule_of(cold_alone(&units[3])), "16.4");
    assert_eq!(rule_of(cold_alone(&pajari)), "16.3");
}
