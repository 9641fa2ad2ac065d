use super::*;
use crate::games::a_winter_war::rules::options::Options;
use crate::games::assisted::sequence::TurnLabeller;

fn f(num: i64, den: i64) -> Fraction {
    Fraction::new(num, den).expect("fraction")
}

const RIFLE: Ratings = Ratings {
    attack: 5,
    defence: 4,
    aa: 1,
    movement: 7,
};

#[test]
fn supply_effects_by_turns_out_of_supply() {
    let supplied = supply_effects(RIFLE, 0, false).value;
    assert_eq!(
        (supplied.attack, supplied.defence, supplied.movement),
        (f(5, 1), f(4, 1), f(7, 1))
    );
    let first = supply_effects(RIFLE, 1, false);
    assert_eq!(first.value.attack, f(5, 2), "attack halved, kept exact");
    assert_eq!(first.value.defence, f(4, 1));
    assert_eq!(first.value.movement, f(7, 1), "non-c/m keeps its MA");
    assert!(first.value.armor_capable);
    assert!(
        first
            .steps
            .contains(&"attack 5 halves to 2 1/2 (first turn)".to_string())
    );
    let first_cm = supply_effects(RIFLE, 1, true).value;
    assert_eq!(first_cm.movement, f(7, 2), "c/m halves its MA");
    for turns in [2, 3, 9] {
        let later = supply_effects(RIFLE, turns, false).value;
        assert_eq!(
            (later.attack, later.defence, later.aa, later.movement),
            (f(5, 2), f(2, 1), f(1, 2), f(7, 2)),
            "halved once, not compounded, in turn {turns}"
        );
        assert!(!later.armor_capable);
    }
    let zero = supply_effects(
        Ratings {
            attack: 0,
            defence: 0,
            aa: 0,
            movement: 0,
        },
        2,
        true,
    );
    assert_eq!(zero.value.attack, f(0, 1));
}

#[test]
fn t_aww_13_a_finnish_unit_first_out_of_supply_in_jan_i_40() {
    // The count changes at each Finnish initial phase; a turn out of supply is the Finnish
    // player turn and the Soviet player turn that follows it.
    let calendar = Options::default().calendar();
    let mut count = 0;
    let mut checked = Vec::new();
    for turn in 3..=7 {
        let judged = judge_supply("1st Ski Regiment", count, false);
        count = judged.value;
        if turn == 3 {
            assert_eq!(calendar.label(turn), "Jan I 40");
            assert_eq!(count, 1);
            assert!(judged.steps[0].contains("1st turn out of supply begins"));
            assert_eq!(
                calendar.label(turn + 1),
                "Jan II 40",
                "its Soviet player turn ends it"
            );
        }
        if turn == 4 {
            assert_eq!(
                count, 2,
                "2nd turn from the Finnish Jan II 40 initial phase"
            );
        }
        if isolation_check_due("1st Ski Regiment", count, true).value {
            checked.push(calendar.label(turn));
        }
    }
    assert_eq!(checked.first().map(String::as_str), Some("Feb II 40"));
    assert_eq!(
        checked,
        vec!["Feb II 40".to_string(), "Mar I 40".to_string()]
    );
    let back = judge_supply("1st Ski Regiment", 4, true);
    assert_eq!(back.value, 0, "consecutive turns only");
    assert!(back.steps[0].contains("ends"));
}

#[test]
fn isolation_checks_need_four_turns_and_isolation_now() {
    assert!(!isolation_check_due("x", 3, true).value);
    assert!(!isolation_check_due("x", 4, false).value);
    assert!(isolation_check_due("x", 4, true).value);
    assert_eq!(
        judge_supply("x", u32::MAX, false).value,
        u32::MAX,
        "saturates"
    );
}

#[test]
fn supply_lines_count_rough_hexes_and_straits_twice_except_along_roads() {
    let hex = |name: &str, terrain, strait, road| LineHex {
        hex: name.into(),
        terrain,
        unfrozen_strait: strait,
        road,
    };
    let line = [
        hex("35:2107", LineTerrain::Other, false, false),
        hex("35:2108", LineTerrain::Forest, false, false),
        hex("35:2109", LineTerrain::Mountain, false, true),
        hex("35:2110", LineTerrain::Other, true, false),
        hex("35:2111", LineTerrain::WoodedRough, true, false),
    ];
    let length = supply_line_length(&line);
    assert_eq!(length.value, 1 + 2 + 1 + 2 + 3);
    assert_eq!(length.steps[1], "35:2108: forest: 2, 3 so far");
    assert_eq!(
        length.steps.last().map(String::as_str),
        Some("the supply line is 9 hexes long (Opt A.2)")
    );
    assert_eq!(supply_line_length(&[]).value, 0);
}
