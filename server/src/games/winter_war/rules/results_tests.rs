use super::*;

#[test]
fn every_result_of_14_2() {
    let e = |c: &str| effect(c).expect("known").value;
    assert!(e("AE").attackers_eliminated);
    assert_eq!(e("AW").attacker_retreat, 1);
    assert_eq!((e("DE").defenders_eliminated, e("DE").advance), (true, 1));
    assert_eq!((e("DP").defender_retreat, e("DP").advance), (2, 2));
    assert_eq!((e("DZ").defenders_eliminated, e("DZ").advance), (true, 2));
    assert_eq!((e("DW").defender_retreat, e("DW").advance), (1, 1));
    assert_eq!(e("EX").attacker_owes, Owed::FullDefence);
    assert_eq!(e("HX").attacker_owes, Owed::HalfDefence);
    assert_eq!(e("NE"), Effect::default());
    assert_eq!(
        effect("XX"),
        Err(WinterWarError::UnknownResult { code: "XX".into() })
    );
}

#[test]
fn retreats_are_negated_or_fatal_as_14_3_says() {
    let plain = RetreatCase::default();
    assert_eq!(retreat(2, plain).value, Retreat::Hexes(2));
    assert_eq!(retreat(0, plain).value, Retreat::Hexes(0));
    let laager = RetreatCase {
        laager: true,
        is_static: true,
        ..plain
    };
    assert_eq!(retreat(1, laager).value, Retreat::Ignored);
    let nkvd = RetreatCase {
        soviet_with_nkvd: true,
        ..plain
    };
    assert_eq!(retreat(2, nkvd).value, Retreat::Ignored);
    let fort = RetreatCase {
        is_static: true,
        fortification_or_city: true,
        ..plain
    };
    assert_eq!(retreat(1, fort).value, Retreat::Ignored);
    let open = RetreatCase {
        is_static: true,
        ..plain
    };
    assert_eq!(retreat(1, open).value, Retreat::Eliminated);
}

fn unit(name: &str, attack: u32, force: &str) -> Attacker {
    Attacker {
        name: name.into(),
        attack,
        laager: false,
        is_static: false,
        force: force.into(),
    }
}

#[test]
fn who_may_attack_together() {
    assert!(check_attackers(&[unit("6-6-2", 6, "finnish"), unit("2-2-3", 2, "finnish")]).is_ok());
    assert_eq!(
        check_attackers(&[unit("6-6-2", 6, "finnish"), unit("FR", 3, "allied")]),
        Err(WinterWarError::MixedNationalities)
    );
    assert!(matches!(
        check_attackers(&[unit("0-0-3", 0, "finnish")]),
        Err(WinterWarError::CannotAttack { .. })
    ));
    let mut laager = unit("6-4-2", 6, "soviet");
    laager.laager = true;
    assert!(check_attackers(&[laager]).is_err());
    let mut fort = unit("fort", 1, "finnish");
    fort.is_static = true;
    assert!(check_attackers(&[fort]).is_err());
    assert!(check_attackers(&[]).is_ok());
}
