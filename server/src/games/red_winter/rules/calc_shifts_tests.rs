use super::*;

fn combat(attacker: Side) -> ShiftCase {
    ShiftCase::new(Fight::Combat, attacker)
}

#[test]
fn t_rw_07_two_against_one_suppression_is_one_right() {
    let mut case = combat(Side::Soviet);
    case.attacker_suppressions = 2;
    case.defender_suppressions = 1;
    let e = column_shifts(&case);
    assert_eq!(e.value, 1);
    assert!(
        e.steps
            .contains(&"suppression: 2R and 1L net to 1R".to_string()),
        "{e:?}"
    );
}

#[test]
fn t_rw_08_suppression_nets_first_then_caps_at_three() {
    let mut case = combat(Side::Soviet);
    case.attacker_suppressions = 4;
    let e = column_shifts(&case);
    assert_eq!(e.value, 3);
    assert!(
        e.steps
            .contains(&"suppression: 4R is capped at 3R".to_string()),
        "{e:?}"
    );
    case.defender_suppressions = 1;
    let e = column_shifts(&case);
    assert_eq!(e.value, 3);
    assert!(
        e.steps
            .contains(&"suppression: 4R and 1L net to 3R".to_string()),
        "{e:?}"
    );
    case.attacker_suppressions = 0;
    case.defender_suppressions = 5;
    assert_eq!(column_shifts(&case).value, -3);
}

#[test]
fn the_extended_example_nets_one_right_and_one_left_to_nothing() {
    let mut case = combat(Side::Soviet);
    case.attacker_suppressions = 1;
    case.defender_suppressions = 1;
    assert_eq!(column_shifts(&case).value, 0);
}

#[test]
fn suppression_beyond_the_cap_still_adds_the_other_cases() {
    let mut case = combat(Side::Finnish);
    case.attacker_suppressions = 5;
    case.defender_dug_in = true;
    case.concentric = true;
    // 3R capped, then 1R concentric and 1L dug in.
    let e = column_shifts(&case);
    assert_eq!(e.value, 3);
    assert!(
        e.steps
            .iter()
            .any(|s| s.contains("3R from suppression and no shift from the rest"))
    );
}

#[test]
fn frozen_lake_defenders_and_everyone_on_the_lake() {
    let mut soviets = combat(Side::Soviet);
    soviets.defender_on_frozen_lake = true;
    assert_eq!(column_shifts(&soviets).value, 3);
    let mut finns = combat(Side::Finnish);
    finns.defender_on_frozen_lake = true;
    assert_eq!(column_shifts(&finns).value, 4);
    soviets.all_on_frozen_lake = true;
    finns.all_on_frozen_lake = true;
    assert_eq!(
        column_shifts(&soviets).value,
        -1,
        "RW-A14: 1L when the Soviets attack"
    );
    assert_eq!(column_shifts(&finns).value, 1);
}

#[test]
fn sides_favoured_by_pajari_morale_armor_and_stance() {
    let mut case = combat(Side::Soviet);
    case.pajari = true;
    case.stance_change = true;
    assert_eq!(
        column_shifts(&case).value,
        -2,
        "both favour the defending Finns"
    );
    let mut case = combat(Side::Soviet);
    case.soviet_armor = true;
    case.morale_bonus = Some(Side::Soviet);
    assert_eq!(column_shifts(&case).value, 2);
    case.fight = Fight::Assault;
    assert_eq!(
        column_shifts(&case).value,
        3,
        "morale doubles in an Assault"
    );
    let mut defending = combat(Side::Finnish);
    defending.soviet_armor = true;
    defending.morale_bonus = Some(Side::Soviet);
    assert_eq!(column_shifts(&defending).value, -2);
}

#[test]
fn combat_only_and_assault_only_cases() {
    let mut case = ShiftCase::new(Fight::Assault, Side::Finnish);
    case.concentric = true;
    case.attacker_suppressions = 2;
    case.submachine_guns = true;
    case.bonfire = true;
    assert_eq!(
        column_shifts(&case).value,
        3,
        "SMG 1R and bonfire 2R; no concentric, no support"
    );
    case.fight = Fight::Combat;
    assert_eq!(
        column_shifts(&case).value,
        5,
        "support 2R, concentric 1R, bonfire 2R; no SMG"
    );
    let mut soviets_at_bonfire = combat(Side::Soviet);
    soviets_at_bonfire.bonfire = true;
    assert_eq!(column_shifts(&soviets_at_bonfire).value, 0);
    let mut defending_smg = ShiftCase::new(Fight::Assault, Side::Soviet);
    defending_smg.submachine_guns = true;
    assert_eq!(column_shifts(&defending_smg).value, -1);
}

#[test]
fn a_night_raid_takes_the_fnrt_shift_only_and_entered_shifts_count() {
    let mut raid = ShiftCase::new(Fight::NightRaid, Side::Finnish);
    raid.night_raid_shift = 2;
    raid.defender_dug_in = true;
    raid.pajari = true;
    let e = column_shifts(&raid);
    assert_eq!(e.value, 2, "RW-A10");
    assert_eq!(e.steps.len(), 1);
    let mut case = combat(Side::Soviet);
    case.entered = vec![Shift::new("Soviet morale collapse (17.0.4, entered)", -1)];
    let e = column_shifts(&case);
    assert_eq!(e.value, -1);
    assert_eq!(e.steps[0], "Soviet morale collapse (17.0.4, entered): 1L");
    assert_eq!(
        column_shifts(&combat(Side::Finnish)).steps,
        ["no column shifts apply"]
    );
}
