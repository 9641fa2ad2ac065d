//! The CRT's shape and the odds column. The CRT itself is the players' (the base rules are not
//! in our text), so every chart here is made up with a Europa CRT's shape.

use super::*;

fn keys(k: &[&str]) -> Vec<String> {
    k.iter().map(|s| s.to_string()).collect()
}

fn rows() -> Vec<String> {
    keys(&["-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7"])
}

fn columns() -> Vec<String> {
    keys(&[
        "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1",
    ])
}

fn w(n: i64) -> Fraction {
    Fraction::whole(n)
}

#[test]
fn a_ladder_of_odds_through_one_to_one_with_every_face_is_a_crt() {
    assert_eq!(check_crt_shape(&rows(), &columns()), Ok(()));
    // The shortest: one column, the six faces.
    assert_eq!(
        check_crt_shape(&keys(&["1", "2", "3", "4", "5", "6"]), &keys(&["1:1"])),
        Ok(())
    );
    // "3-1" is read as 3:1.
    assert_eq!(
        check_crt_shape(&rows(), &keys(&["1-2", "1-1", "2-1", "3-1"])),
        Ok(())
    );
}

fn problem(rows: &[String], columns: &[String]) -> String {
    match check_crt_shape(rows, columns) {
        Err(AwwError::CrtShape { problem }) => problem,
        other => panic!("expected a shape refusal, got {other:?}"),
    }
}

#[test]
fn a_crt_without_a_step_of_the_odds_or_a_face_of_the_die_is_refused() {
    // A one-row CRT (the chart a group once entered) has no row for 2 to 6.
    assert!(problem(&keys(&["1"]), &columns()).contains("no row for a roll of 2"));
    // A gap between 2:1 and 4:1.
    assert!(problem(&rows(), &keys(&["1:1", "2:1", "4:1"])).contains("`4:1` follows `2:1`"));
    // Columns out of order.
    assert!(problem(&rows(), &keys(&["2:1", "1:1"])).contains("`1:1` follows `2:1`"));
    // No 1:1.
    assert!(problem(&rows(), &keys(&["2:1", "3:1"])).contains("no 1:1"));
    // Not odds at all (Winter War's percentages, 3:2).
    assert!(problem(&rows(), &keys(&["1:1", "150%"])).contains("`150%` is not odds"));
    assert!(problem(&rows(), &keys(&["1:1", "3:2"])).contains("`3:2` is not odds"));
    // Rows that skip a roll, or are not numbers.
    assert!(problem(&keys(&["1", "2", "4", "5", "6"]), &columns()).contains("`4` follows `2`"));
    assert!(problem(&keys(&["1", "2", "x"]), &columns()).contains("`x` is not a die roll"));
}

#[test]
fn odds_round_in_the_defenders_favour() {
    let cols = columns();
    let read = |a: Fraction, d: Fraction| odds_column(a, d, &cols).unwrap().value;
    assert_eq!(read(w(6), w(3)), "2:1");
    assert_eq!(read(w(8), w(3)), "2:1"); // 2.67 rounds down
    assert_eq!(read(w(9), w(3)), "3:1");
    assert_eq!(read(w(5), w(5)), "1:1");
    assert_eq!(read(w(5), w(6)), "1:2"); // 1:1.2 rounds to 1:2
    assert_eq!(read(w(3), w(9)), "1:3");
    // Halved strengths are kept exact (AWW-A7): 7/2 against 3 is 1.17 to 1.
    assert_eq!(read(Fraction::new(7, 2).unwrap(), w(3)), "1:1");
    // 3 against 7/2 is 1:1.17, so 1:2.
    assert_eq!(read(w(3), Fraction::new(7, 2).unwrap()), "1:2");
}

#[test]
fn odds_beyond_the_chart_are_read_at_its_ends_and_nothing_is_refused() {
    let cols = columns();
    let explained = odds_column(w(40), w(2), &cols).unwrap();
    assert_eq!(explained.value, "6:1");
    assert!(explained.steps.iter().any(|s| s.contains("highest column")));
    let explained = odds_column(w(1), w(9), &cols).unwrap();
    assert_eq!(explained.value, "1:4");
    assert!(explained.steps.iter().any(|s| s.contains("lowest column")));
    assert_eq!(
        odds_column(w(0), w(2), &cols),
        Err(AwwError::NoAttackStrength)
    );
    assert_eq!(
        odds_column(w(2), w(0), &cols),
        Err(AwwError::NoDefenceStrength)
    );
}
