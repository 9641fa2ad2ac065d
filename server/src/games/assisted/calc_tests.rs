use super::*;

fn red_winter(attack: u32, defence: u32, shifts: &[Shift]) -> (String, Vec<String>) {
    let mut work = Working::new();
    let start = work.take(odds(attack, defence, Favour::Defender));
    let net = work.take(net_shifts("column shifts", shifts, None));
    let low = Odds::parse("1:4").expect("1:4");
    let high = Odds::parse("6:1").expect("6:1");
    let value = work.take(shift_odds(start, net, low, high));
    let done = work.done(value);
    (done.value.to_string(), done.steps)
}

#[test]
fn ratios_round_in_the_defenders_favour_with_the_rules_examples() {
    assert_eq!(red_winter(10, 5, &[]).0, "2:1", "T-RW-01");
    assert_eq!(red_winter(9, 5, &[]).0, "1:1", "T-RW-02");
    assert_eq!(red_winter(3, 7, &[]).0, "1:3", "T-RW-03");
    let (shifted, steps) = red_winter(
        19,
        2,
        &[Shift::new("defender dug in", -1), Shift::new("morale", -1)],
    );
    assert_eq!(shifted, "6:1", "T-RW-06: 9:1, 2L, 7:1, read as 6:1");
    assert!(
        steps
            .iter()
            .any(|s| s == "19 against 2 rounds in favour of the defender to 9:1"),
        "{steps:?}"
    );
    assert!(
        steps.iter().any(|s| s == "9:1 shifted 2L is 7:1"),
        "{steps:?}"
    );
    assert!(
        steps
            .iter()
            .any(|s| s.contains("7:1 is beyond the table and is read as 6:1")),
        "{steps:?}"
    );
    assert_eq!(
        red_winter(10, 5, &[Shift::new("suppression", 2)]).0,
        "4:1",
        "T-RW-09"
    );
    assert_eq!(
        red_winter(1, 6, &[Shift::new("x", 1)]).0,
        "1:4",
        "1:6 with 1R is 1:5, read as 1:4"
    );
    assert_eq!(red_winter(1, 6, &[Shift::new("x", 3)]).0, "1:3");
    assert_eq!(odds(9, 5, Favour::Attacker).value.to_string(), "2:1");
    assert_eq!(odds(3, 7, Favour::Attacker).value.to_string(), "1:2");
    assert_eq!(odds(5, 5, Favour::Defender).value, Odds(0));
}

#[test]
fn ratios_at_their_edges() {
    let high = Odds::parse("6:1").expect("6:1");
    let low = Odds::parse("1:4").expect("1:4");
    let none = odds(0, 5, Favour::Defender);
    assert!(none.value < low && none.steps[0].contains("lowest"));
    let open = odds(5, 0, Favour::Defender);
    assert!(open.value > high && open.steps[0].contains("highest"));
    assert_eq!(
        shift_odds(open.value, i64::MAX, low, high).value,
        high,
        "no overflow"
    );
    assert_eq!(shift_odds(none.value, i64::MIN, low, high).value, low);
    assert_eq!(
        odds(u32::MAX, 1, Favour::Defender).value,
        Odds::to_one(u32::MAX)
    );
    assert_eq!(
        odds(1, u32::MAX, Favour::Defender).value,
        Odds::one_to(u32::MAX)
    );
    for text in ["1:1", "2:1", "1:4", "6:1", "12:1"] {
        assert_eq!(Odds::parse(text).expect(text).to_string(), text);
    }
    for bad in ["", "3:2", "0:1", "1:0", "x:1", "2:1:1"] {
        assert_eq!(Odds::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn halving_and_doubling_say_how_they_round() {
    let lake = scale("frozen lake attackers", 13, 1, 2, Rounding::Up);
    assert_eq!(
        (lake.value, lake.steps[0].as_str()),
        (7, "frozen lake attackers: 13 halves to 7 (rounded up)"),
        "T-RW-05"
    );
    let boxed = scale("boxed defender", 3, 2, 1, Rounding::Down);
    assert_eq!(
        (boxed.value, boxed.steps[0].as_str()),
        (6, "boxed defender: 3 doubles to 6")
    );
    assert_eq!(scale("night armour", 5, 1, 2, Rounding::Down).value, 2);
    assert_eq!(
        scale("x", 5, 1, 2, Rounding::Up).value,
        3,
        "T-RW-04: 5 on the lake halves to 3"
    );
    assert_eq!(scale("x", 0, 1, 2, Rounding::Up).value, 0);
    assert_eq!(scale("x", 7, 1, 0, Rounding::Up).value, 0);
    assert_eq!(
        scale("x", u32::MAX, 2, 1, Rounding::Up).value,
        u32::MAX,
        "saturates"
    );
    assert_eq!(
        scale("x", 10, 2, 3, Rounding::Down).steps[0],
        "x: 10 × 2/3 is 6 (rounded down)"
    );
}

#[test]
fn shifts_net_then_cap() {
    let supp = |a: i64, d: i64| {
        net_shifts(
            "suppression",
            &[
                Shift::new("attacker's support", a),
                Shift::new("defender's support", -d),
            ],
            Some(3),
        )
    };
    assert_eq!(supp(2, 1).value, 1, "T-RW-07");
    assert_eq!(supp(4, 0).value, 3, "T-RW-08");
    let four_one = supp(4, 1);
    assert_eq!(four_one.value, 3);
    assert!(
        four_one
            .steps
            .contains(&"suppression: 4R and 1L net to 3R".to_string()),
        "{:?}",
        four_one.steps
    );
    let capped = supp(5, 0);
    assert!(
        capped
            .steps
            .last()
            .is_some_and(|s| s == "suppression: 5R is capped at 3R")
    );
    assert_eq!(supp(0, 6).value, -3);
    assert_eq!(net_shifts("none", &[], Some(3)).value, 0);
    assert_eq!(
        net_shifts(
            "huge",
            &[Shift::new("a", i64::MAX), Shift::new("b", 1)],
            None
        )
        .value,
        i64::MAX
    );
    assert_eq!(
        (shift_name(0), shift_name(2), shift_name(-1)),
        ("no shift".into(), "2R".into(), "1L".into())
    );
}

#[test]
fn percentages_bands_and_column_shifts_as_winter_war_reads_them() {
    let columns: Vec<String> = [
        "≤49%", "50-99%", "100-199%", "200-299%", "300-399%", "400-499%", "500-599%", "600-699%",
        "≥700%",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let bands = [
        (i64::MIN, 49),
        (50, 99),
        (100, 199),
        (200, 299),
        (300, 399),
        (400, 499),
        (500, 599),
        (600, 699),
        (700, i64::MAX),
    ];
    let pct = |a, d| i64::from(percentage(a, d).value);
    assert_eq!(pct(1, 12), 8, "T-WW-01");
    assert_eq!(band(pct(1, 12), &bands), Some(0));
    assert_eq!(band(pct(20, 1), &bands), Some(8));
    let from = band(pct(20, 1), &bands).expect("band");
    let shifted = shift_column(&columns, from, -1);
    assert_eq!(
        (shifted.value, shifted.steps[0].as_str()),
        (7, "≥700% shifted 1L is 600-699%"),
        "T-WW-02"
    );
    assert_eq!(
        (
            pct(2, 3),
            pct(7, 10),
            pct(1, 2),
            pct(49, 100),
            pct(699, 100)
        ),
        (66, 70, 50, 49, 699),
        "T-WW-03"
    );
    assert_eq!(band(49, &bands), Some(0));
    assert_eq!(band(699, &bands), Some(7));
    assert_eq!(percentage(5, 0).value, u32::MAX);
    assert_eq!(percentage(u32::MAX, 1).value, u32::MAX);
    assert!(shift_column(&columns, 0, -2).steps[0].contains("stops at the edge"));
    assert_eq!(shift_column(&columns, 8, i64::MAX).value, 8);
    assert_eq!(shift_column(&[], 0, 1).value, 0);
    assert_eq!(band(5, &[]), None);
    assert_eq!(band(5, &[(1, 3), (7, 9)]), None, "a gap");
    assert_eq!(clamp("roll", 9, 1, 6).value, 6);
    assert_eq!(
        clamp("roll", -2, 1, 6).steps[0],
        "roll: -2 is beyond the table and is read as 1"
    );
}

#[test]
fn modified_rolls_list_every_modifier() {
    let mods = vec![
        ("poor weather".to_string(), -1),
        ("3 hexes flown".to_string(), -1),
    ];
    let roll = modified_roll(&[1], &mods);
    assert_eq!(roll.value, -1, "T-AWW-08: a 1 gives −1");
    assert_eq!(
        roll.steps,
        [
            "rolled 1 = 1",
            "poor weather: -1, now 0",
            "3 hexes flown: -1, now -1"
        ]
    );
    assert_eq!(modified_roll(&[4, 3], &[]).value, 7);
    assert_eq!(modified_roll(&[], &[]).value, 0);
    assert_eq!(
        modified_roll(&[6], &[("x".into(), i64::MAX)]).value,
        i64::MAX
    );
}

#[test]
fn fractions_are_exact() {
    let third = Fraction::new(1, 3).expect("1/3");
    let demand = Fraction::whole(3)
        .checked_add(Fraction::whole(1))
        .and_then(|f| f.checked_add(third))
        .expect("sum");
    assert_eq!(demand.to_string(), "13/3", "T-WW-08");
    assert!(demand > Fraction::whole(4));
    let half_of_seven = Fraction::new(1, 2)
        .and_then(|h| Fraction::new(7, 2).map(|s| (h, s)))
        .expect("fractions");
    assert_eq!(
        Fraction::new(
            half_of_seven.0.num * half_of_seven.1.den,
            half_of_seven.0.den * half_of_seven.1.num
        ),
        Fraction::new(1, 7),
        "T-AWW-03"
    );
    assert_eq!(Fraction::new(2, -4), Fraction::new(-1, 2));
    assert_eq!(Fraction::new(1, 0), None);
    assert_eq!(Fraction::new(0, 5).map(|f| f.to_string()), Some("0".into()));
    assert_eq!(
        (
            Fraction::new(7, 2).expect("7/2").round(Rounding::Up),
            Fraction::new(7, 2).expect("7/2").round(Rounding::Down)
        ),
        (4, 3)
    );
    assert_eq!(Fraction::new(-7, 2).expect("-7/2").round(Rounding::Up), -3);
    assert_eq!(
        Fraction::whole(i64::MAX).checked_add(Fraction::whole(1)),
        None,
        "overflow refused"
    );
}

#[test]
fn odds_read_the_columns_the_players_entered() {
    let columns: Vec<Odds> = ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "6:1"]
        .iter()
        .map(|t| Odds::parse(t).expect(t))
        .collect();
    let read = |t: &str| odds_column(Odds::parse(t).expect(t), &columns).expect("columns");
    assert_eq!(read("5:1").value, 6, "no 5:1 column: 4:1");
    assert_eq!(
        read("5:1").steps[0],
        "5:1 has no column of its own and reads the 4:1 column"
    );
    assert_eq!(read("1:1").steps[0], "1:1 is a column of the table");
    assert_eq!(read("1:6").value, 0);
    assert!(read("1:6").steps[0].contains("below the table"));
    assert_eq!(read("9:1").value, 7);
    assert!(odds_column(Odds(0), &[]).is_none());
}
