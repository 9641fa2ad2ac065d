use super::*;
use crate::core::refusal::Refusal;
use crate::dice::source::ScriptedDice;
use crate::games::a_winter_war::rules::charts::{crt, success_table};
use crate::games::assisted::charts::RawChart;

fn drop(terrain: DropTerrain, enemy: bool, hexes: u32) -> Drop {
    Drop {
        name: "201st Parachute Brigade".into(),
        terrain,
        onto_enemy_or_zoc: enemy,
        enemy_occupied: enemy,
        hexes_flown: hexes,
    }
}

fn disruption(d: &Drop, face: u32) -> Disruption {
    let mut dice = ScriptedDice::new([face]);
    let result = roll_disruption(&mut dice, d).value;
    assert_eq!(dice.rolls.len(), 1);
    result
}

#[test]
fn t_aww_08_clear_hex_three_hexes_flown() {
    let d = drop(DropTerrain::Clear, false, 3);
    let total: i64 = disruption_modifiers(&d).iter().map(|m| m.1).sum();
    assert_eq!(total, -2, "weather and distance");
    assert_eq!(disruption(&d, 1), Disruption::AttackZero);
    assert_eq!(disruption(&d, 2), Disruption::Halved);
    assert_eq!(disruption(&d, 3), Disruption::Halved);
    for face in 4..=6 {
        assert_eq!(disruption(&d, face), Disruption::None);
    }
    let mut dice = ScriptedDice::new([4]);
    let r = roll_disruption(&mut dice, &d);
    assert_eq!(
        r.steps,
        vec![
            "rolled 4 = 4",
            "3 hexes flown: -1, now 3",
            "poor weather, every turn of the game: -1, now 2",
            "2 is 2 or more: not disrupted (Opt D.1)"
        ]
    );
    assert_eq!(dice.rolls[0].roller, Role::Soviet);
}

#[test]
fn t_aww_09_major_city_enemy_occupied_eleven_hexes_always_eliminates() {
    let d = drop(DropTerrain::MajorCity, true, 11);
    let total: i64 = disruption_modifiers(&d).iter().map(|m| m.1).sum();
    assert_eq!(total, -7);
    for face in 1..=6 {
        assert_eq!(disruption(&d, face), Disruption::Eliminated, "die {face}");
    }
    let six = disruption_result(-1, true);
    assert!(six.steps[0].contains("enemy-occupied"), "{:?}", six.steps);
}

#[test]
fn disrupted_units_have_their_strengths_cut() {
    let half = |n| Fraction::new(n, 2).expect("half");
    assert_eq!(
        disrupted_strengths(1, 2, Disruption::Halved).value,
        (half(1), half(2))
    );
    let cut = disrupted_strengths(1, 2, Disruption::AttackZero);
    assert_eq!(cut.value, (Fraction::whole(0), Fraction::whole(1)));
    assert_eq!(
        cut.steps[0],
        "1-2: attack 0, defense halved, now 0-1 (Opt D.1)"
    );
    assert_eq!(
        disrupted_strengths(1, 2, Disruption::None).value,
        (Fraction::whole(1), Fraction::whole(2))
    );
}

#[test]
fn t_aww_10_supply_point_in_clear_terrain_five_hexes() {
    let d = drop(DropTerrain::Clear, false, 5);
    for (face, arrives) in [(1, false), (2, false), (3, false), (4, true), (6, true)] {
        let mut dice = ScriptedDice::new([face]);
        assert_eq!(roll_supply_drop(&mut dice, &d).value, arrives, "die {face}");
    }
}

#[test]
fn disruption_table_edges() {
    let cases = [
        (2, false, Disruption::None),
        (1, false, Disruption::Halved),
        (0, false, Disruption::Halved),
        (-1, false, Disruption::AttackZero),
        (-2, false, Disruption::AttackZero),
        (-2, true, Disruption::Eliminated),
        (0, true, Disruption::Halved),
        (-3, false, Disruption::Eliminated),
        (i64::MIN, false, Disruption::Eliminated),
        (i64::MAX, true, Disruption::None),
    ];
    for (total, occupied, expected) in cases {
        assert_eq!(
            disruption_result(total, occupied).value,
            expected,
            "{total}"
        );
    }
    let non_clear = drop(DropTerrain::NonClear, false, 0);
    let total: i64 = disruption_modifiers(&non_clear).iter().map(|m| m.1).sum();
    assert_eq!(total, -2, "non-clear and weather, no distance");
}

#[test]
fn t_aww_11_spring_rains_end_the_game_one_third_then_four_ninths_then_two_ninths() {
    let ends = |index, face| {
        let mut dice = ScriptedDice::new([face]);
        roll_game_length(&mut dice, index, "turn")
            .expect("due")
            .value
    };
    let mar_i: Vec<u32> = (1..=6).filter(|&f| ends(MAR_I_40, f)).collect();
    let mar_ii: Vec<u32> = (1..=6).filter(|&f| ends(MAR_II_40, f)).collect();
    assert_eq!(mar_i, vec![1, 2]);
    assert_eq!(mar_ii, vec![1, 2, 3, 4]);
    // Out of 36 equally likely pairs of dice: 12 end after Mar I, 16 after Mar II, 8 after Apr I.
    let (mut after_mar_i, mut after_mar_ii, mut after_apr_i) = (0, 0, 0);
    for first in 1..=6 {
        for second in 1..=6 {
            if ends(MAR_I_40, first) {
                after_mar_i += 1;
            } else if ends(MAR_II_40, second) {
                after_mar_ii += 1;
            } else {
                after_apr_i += 1;
            }
        }
    }
    assert_eq!((after_mar_i, after_mar_ii, after_apr_i), (12, 16, 8));
    let mut dice = ScriptedDice::new([]);
    let e = roll_game_length(&mut dice, 6, "Feb II 40").expect_err("not due");
    assert!(e.to_string().contains("Feb II 40"));
    assert!(dice.rolls.is_empty(), "no die is rolled when refused");
    let mut dice = ScriptedDice::new([3]);
    let r = roll_game_length(&mut dice, MAR_I_40, "Mar I 40").expect("due");
    assert_eq!(
        r.steps[0],
        "rolled 3: 3 to 6, the game goes on after Mar I 40 (Opt E)"
    );
    assert_eq!(dice.rolls[0].roller, Role::Finnish);
}

#[test]
fn t_aww_12_resolute_intervention_in_jan_ii_40_on_a_raw_7() {
    let dc_c = Options {
        resolute_intervention: true,
        ..Options::default()
    };
    let mut dice = ScriptedDice::new([3, 4]);
    let r = roll_intervention(&mut dice, &dc_c, 4, "Jan II 40").expect("rolled");
    assert!(r.value, "7 − 3 = 4 triggers");
    assert!(
        r.steps
            .contains(&"3 turns after Dec I 39 (DC C): -3, now 4".to_string())
    );
    let mut dice = ScriptedDice::new([3, 2]);
    assert!(
        !roll_intervention(&mut dice, &dc_c, 1, "Dec I 39")
            .expect("rolled")
            .value,
        "5 in Dec I 39"
    );
    let mut dice = ScriptedDice::new([2, 2]);
    assert!(
        roll_intervention(&mut dice, &dc_c, 1, "Dec I 39")
            .expect("rolled")
            .value
    );
    let mut dice = ScriptedDice::new([]);
    assert_eq!(
        roll_intervention(&mut dice, &dc_c, 0, "Nov II 39").expect_err("AWW-A16"),
        AwwError::InterventionTooEarly
    );
    assert_eq!(
        roll_intervention(&mut dice, &Options::default(), 3, "Jan I 40").expect_err("no rule"),
        AwwError::InterventionNotInText
    );
}

#[test]
fn opt_f_triggers_on_2_or_3_and_dc_c_replaces_it() {
    let f = Options {
        foreign_aid: true,
        ..Options::default()
    };
    for (a, b, triggered) in [(1, 1, true), (1, 2, true), (2, 2, false), (6, 6, false)] {
        let mut dice = ScriptedDice::new([a, b]);
        assert_eq!(
            roll_intervention(&mut dice, &f, 5, "Feb I 40")
                .expect("rolled")
                .value,
            triggered
        );
    }
    let both = Options {
        foreign_aid: true,
        resolute_intervention: true,
        ..Options::default()
    };
    let mut dice = ScriptedDice::new([2, 2]);
    assert!(
        roll_intervention(&mut dice, &both, 1, "Dec I 39")
            .expect("rolled")
            .value,
        "4 under DC C"
    );
}

#[test]
fn norway_and_sweden_resist_at_their_edges() {
    let norway = |face| {
        roll_norway(&mut ScriptedDice::new([face]))
            .expect("a face")
            .value
    };
    assert!(norway(1) && !norway(2) && !norway(6));
    let sweden = |face, norway| {
        roll_sweden(&mut ScriptedDice::new([face]), norway)
            .expect("a face")
            .value
    };
    assert!(sweden(2, false) && !sweden(3, false));
    assert!(
        sweden(3, true) && !sweden(4, true),
        "natural 1 to 3 when Norway resists"
    );
}

fn entered(
    spec: &crate::games::assisted::charts::ChartSpec,
    rows: &[&str],
    columns: &[&str],
    cells: &[&[&str]],
) -> ChartSet {
    let raw = RawChart {
        rows: rows.iter().map(|s| s.to_string()).collect(),
        columns: columns.iter().map(|s| s.to_string()).collect(),
        cells: cells
            .iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect(),
    };
    let mut charts = ChartSet::default();
    charts
        .enter(spec, raw, Role::Umpire, "Dec I 39")
        .expect("entered");
    charts
}

#[test]
fn isolation_checks_read_the_entered_success_table() {
    // INVENTED TEST DATA, not the real Success Table: success on 4 or more.
    let charts = entered(
        &success_table(),
        &["1", "2", "3", "4", "5", "6"],
        &["isolated"],
        &[&["F"], &["F"], &["F"], &["S"], &["S"], &["S"]],
    );
    let check = |face, mods: &[(String, i64)]| {
        let mut dice = ScriptedDice::new([face]);
        roll_isolation_check(&mut dice, &charts, "2nd Rifle Division", "isolated", mods)
            .expect("read")
    };
    assert!(!check(3, &[]).value);
    let survives = check(4, &[]);
    assert!(survives.value);
    assert!(
        survives
            .steps
            .iter()
            .any(|s| s.contains("success_table version 1")),
        "{:?}",
        survives.steps
    );
    assert!(
        !check(1, &[("invented".into(), -5)]).value,
        "below the table reads row 1"
    );
    assert!(
        check(6, &[("invented".into(), 3)]).value,
        "above the table reads row 6"
    );
    let mut dice = ScriptedDice::new([]);
    assert_eq!(
        roll_isolation_check(&mut dice, &ChartSet::default(), "x", "isolated", &[])
            .expect_err("none")
            .code(),
        "no_such_chart"
    );
    let words = entered(
        &success_table(),
        &["low", "high"],
        &["isolated"],
        &[&["F"], &["S"]],
    );
    assert_eq!(
        roll_isolation_check(&mut dice, &words, "x", "isolated", &[]).expect_err("rows"),
        AwwError::SuccessRow { row: "low".into() }
    );
}

#[test]
fn combat_reads_the_entered_crt_with_armor_and_d2() {
    // INVENTED TEST DATA, not the Europa CRT.
    let charts = entered(
        &crt(),
        &["-3", "-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7"],
        &["1:1", "2:1"],
        &[
            &["AE", "AE"],
            &["AE", "AR"],
            &["AR", "AS"],
            &["AS", "AS"],
            &["AS", "EX"],
            &["EX", "DR"],
            &["DR", "DR"],
            &["DR", "DE"],
            &["DE", "DE"],
            &["DE", "DE"],
            &["DE", "DE"],
        ],
    );
    let armor = vec![("armor and antitank effects (Opt B)".to_string(), -3)];
    let mut dice = ScriptedDice::new([4]);
    let r = roll_combat(&mut dice, &charts, Role::Soviet, "1:1", &armor, true).expect("read");
    assert_eq!(
        r.value, "AR",
        "4 − 3 = 1 reads AS, and the paratroops retreat"
    );
    let mut dice = ScriptedDice::new([4]);
    let r = roll_combat(&mut dice, &charts, Role::Soviet, "1:1", &armor, false).expect("read");
    assert_eq!(r.value, "AS");
    let mut dice = ScriptedDice::new([1]);
    let low = vec![("invented".to_string(), -4)];
    assert_eq!(
        roll_combat(&mut dice, &charts, Role::Soviet, "1:1", &low, false)
            .expect("read")
            .value,
        "AE"
    );
    let mut dice = ScriptedDice::new([6]);
    assert_eq!(
        roll_combat(&mut dice, &charts, Role::Soviet, "3:1", &[], false)
            .expect_err("no column")
            .code(),
        "no_such_chart_key"
    );
}

#[test]
fn opt_e_the_game_length_table_as_a_calculation() {
    // Opt E: after Mar I 40 the game ends on 1-2, after Mar II 40 on 1-4, after Apr I 40 always.
    let ends = |turn, face| game_length(turn, Some(face)).expect("a face").value;
    assert_eq!(
        (1..=6)
            .filter(|&f| ends(SpringTurn::MarI40, f))
            .collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(
        (1..=6)
            .filter(|&f| ends(SpringTurn::MarII40, f))
            .collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert!(game_length(SpringTurn::AprI40, None).expect("no die").value);
    for bad in [Some(0), Some(7), None] {
        let e = game_length(SpringTurn::MarI40, bad).expect_err("not a face");
        assert_eq!(e.code(), "not_a_die_face");
    }
    assert_eq!(SpringTurn::of_index(MAR_II_40), Some(SpringTurn::MarII40));
    assert_eq!(SpringTurn::of_index(6), None);
}
