use super::*;

fn piece(name: &str, cs: u32) -> Piece {
    Piece {
        name: name.into(),
        cs,
        boxed: false,
        parenthesized: false,
        armored: false,
        retreated: false,
    }
}

fn stack(hex: &str, from: AttackFrom, units: Vec<Piece>) -> AttackingStack {
    AttackingStack {
        hex: hex.into(),
        from,
        units,
    }
}

#[test]
fn t_rw_04_one_stack_on_the_lake_is_halved_rounding_up() {
    let e = attack_strength(
        &[
            stack("F10", AttackFrom::Land, vec![piece("a", 5)]),
            stack("G10", AttackFrom::FrozenLake, vec![piece("b", 5)]),
        ],
        false,
        false,
    )
    .expect("strength");
    assert_eq!(e.value, 8);
    assert!(
        e.steps.contains(
            &"attackers on frozen lake or across a bridge (8.2 case 1): 5 halves to 3 (rounded up)"
                .to_string()
        ),
        "{e:?}"
    );
    assert_eq!(
        e.steps.last().map(String::as_str),
        Some("attack strength: 5 + 3 = 8")
    );
}

#[test]
fn t_rw_05_thirteen_across_the_bridge_against_a_boxed_three() {
    let attackers = vec![piece("1/I", 4), piece("2/I", 4), piece("3/I", 5)];
    let e = attack_strength(&[stack("K12", AttackFrom::Bridge, attackers)], false, false)
        .expect("strength");
    assert_eq!(e.value, 7);
    assert!(
        e.steps
            .iter()
            .any(|s| s.ends_with("13 halves to 7 (rounded up)"))
    );
    let mut mg = piece("MG/JR16", 3);
    mg.boxed = true;
    let d = defence_strength("L12", &[mg], false);
    assert_eq!(d.value, 6);
    assert_eq!(d.steps[0], "MG/JR16's boxed CS (2.2): 3 doubles to 6");
}

#[test]
fn everyone_on_the_lake_cancels_the_halving() {
    let e = attack_strength(
        &[stack("G10", AttackFrom::FrozenLake, vec![piece("b", 5)])],
        false,
        true,
    )
    .expect("strength");
    assert_eq!(e.value, 5);
}

#[test]
fn night_armor_halves_per_stack_rounding_down_before_the_bridge() {
    let mut tank = piece("T-26", 5);
    tank.armored = true;
    let mut car = piece("BA-10", 2);
    car.armored = true;
    let night = attack_strength(
        &[stack(
            "K12",
            AttackFrom::Bridge,
            vec![tank.clone(), car, piece("inf", 4)],
        )],
        true,
        false,
    )
    .expect("strength");
    // 7 armor halves to 3, plus 4 infantry = 7 across the bridge, halved up to 4 (RW-A12).
    assert_eq!(night.value, 4);
    let day = attack_strength(
        &[stack("K12", AttackFrom::Land, vec![tank.clone()])],
        false,
        false,
    )
    .expect("strength");
    assert_eq!(day.value, 5);
    assert_eq!(
        defence_strength("K12", &[tank], true).value,
        2,
        "defending armor too"
    );
}

#[test]
fn retreated_units_count_zero_or_halve_when_alone() {
    let mut gone = piece("2/1/JR16", 3);
    gone.retreated = true;
    let mixed = defence_strength("M14", &[gone.clone(), piece("MG", 2)], false);
    assert_eq!(mixed.value, 2);
    assert!(mixed.steps[0].contains("counts 0 (8.5.2.3)"));
    let mut other = piece("3/1/JR16", 4);
    other.retreated = true;
    let alone = defence_strength("M14", &[gone, other], false);
    assert_eq!(alone.value, 4, "7 halves to 4, rounded up");
    let mut single = piece("1/1/JR16", 1);
    single.retreated = true;
    assert_eq!(defence_strength("M14", &[single], false).value, 1);
}

#[test]
fn parenthesized_units_defend_but_cannot_attack_and_pajari_adds_nothing() {
    let mut mortar = piece("Mortar/JR16", 2);
    mortar.parenthesized = true;
    assert_eq!(
        defence_strength("M14", &[mortar.clone(), piece("Pajari", 0)], false).value,
        2
    );
    let refused = attack_strength(
        &[stack("M13", AttackFrom::Land, vec![mortar])],
        false,
        false,
    )
    .expect_err("refused");
    assert_eq!(
        refused.to_string(),
        "Mortar/JR16 has its CS in parentheses and cannot attack (2.2)"
    );
    let nothing = attack_strength(
        &[stack("M13", AttackFrom::Land, vec![piece("Pajari", 0)])],
        false,
        false,
    )
    .expect_err("refused");
    assert_eq!(nothing, RulesError::NoAttackStrength);
    assert_eq!(
        attack_strength(&[], false, false),
        Err(RulesError::NoAttackStrength)
    );
}
