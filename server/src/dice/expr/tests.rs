//! Parsing, compact form, rolling and description of dice expressions.

use super::*;
use crate::dice::source::ScriptedDice;

fn parsed(text: &str) -> String {
    match DiceExpression::parse(text) {
        Ok(e) => e.to_string(),
        Err(e) => format!("ERR {e}"),
    }
}

#[test]
fn accepted_expressions_and_their_compact_form() {
    let table = [
        ("3d6", "3d6"),
        ("2d6+1", "2d6+1"),
        ("1d6-1+1d3", "1d6-1+1d3"),
        (" 2d6 + 1 ", "2d6+1"),
        ("2d6\t-\t0", "2d6-0"),
        ("100d6", "100d6"),
        ("50d6+50d6", "50d6+50d6"),
        ("1d2", "1d2"),
        ("1d1000", "1d1000"),
        ("1d6+1000000", "1d6+1000000"),
        ("007d6", "7d6"),
        ("1+1d6", "1+1d6"),
        ("3D6", "3d6"),
        ("1D6+2d6", "1d6+2d6"),
    ];
    for (text, compact) in table {
        assert_eq!(parsed(text), compact, "{text:?}");
    }
}

#[test]
fn refused_expressions_name_the_part() {
    let table = [
        (
            "",
            "ERR the dice expression is empty: write dice such as 2d6+1",
        ),
        (
            "  ",
            "ERR the dice expression is empty: write dice such as 2d6+1",
        ),
        ("101d6", "ERR '101d6': a term rolls from 1 to 100 dice"),
        ("0d6", "ERR '0d6': a term rolls from 1 to 100 dice"),
        ("2d1", "ERR '2d1': a die needs from 2 to 1000 faces"),
        ("1d1001", "ERR '1d1001': a die needs from 2 to 1000 faces"),
        ("1d0", "ERR '1d0': a die needs from 2 to 1000 faces"),
        (
            "50d6+51d6",
            "ERR '51d6': this brings the dice rolled to 101, but an expression may roll at most 100",
        ),
        (
            "d6",
            "ERR 'd6': write how many dice before the d, as in 1d6",
        ),
        (
            "2 d6",
            "ERR '2 d6': not a term: write NdM (such as 2d6) or a whole number",
        ),
        (
            "2d6x",
            "ERR '2d6x': not a term: write NdM (such as 2d6) or a whole number",
        ),
        (
            "2d",
            "ERR '2d': not a term: write NdM (such as 2d6) or a whole number",
        ),
        (
            "1.5",
            "ERR '1.5': not a term: write NdM (such as 2d6) or a whole number",
        ),
        (
            "-1+2d6",
            "ERR '-1+2d6': the expression must begin with a term such as 2d6, not with a sign",
        ),
        (
            "2d6+",
            "ERR '2d6+': a + or - must be followed by a term such as 1d6 or 2",
        ),
        (
            "2d6+-1",
            "ERR '2d6+-': a + or - must be followed by a term such as 1d6 or 2",
        ),
        (
            "1d6+1000001",
            "ERR '1000001': a constant can be at most 1000000",
        ),
        (
            "1+2",
            "ERR '1+2': the expression rolls no dice: add a term such as 1d6",
        ),
        (
            "99999999999999999999999d6",
            "ERR '99999999999999999999999d6': a term rolls from 1 to 100 dice",
        ),
    ];
    for (text, message) in table {
        assert_eq!(parsed(text), message, "{text:?}");
    }
    let longest = format!("1d6{}+10", "+1".repeat(497));
    assert_eq!(longest.len(), 1000);
    assert!(DiceExpression::parse(&longest).is_ok());
    // The limit counts characters, not bytes.
    assert_eq!(parsed(&format!("{}1d6", " ".repeat(997))), "1d6");
    assert!(
        parsed(&format!("{}1d6", "\u{a0}".repeat(998)))
            .starts_with("ERR the dice expression is 1001 characters")
    );
    assert_eq!(
        parsed(&format!("{longest}0")),
        "ERR the dice expression is 1001 characters long; at most 1000 are accepted"
    );
}

#[test]
fn recorded_expressions_may_exceed_the_tray_limits() {
    assert!(DiceExpression::parse_recorded("150d6+1d5000").is_ok());
    assert!(DiceExpression::parse_recorded("1d1").is_err());
}

#[test]
fn rolling_draws_in_order_and_adds_with_signs() {
    let expr = DiceExpression::parse("2d6-1+1d3-1d4").unwrap();
    let mut dice = ScriptedDice::new([5, 6, 2, 4]);
    let roll = expr.roll(&mut dice);
    assert_eq!(roll.draws, vec![(6, 5), (6, 6), (3, 2), (4, 4)]);
    assert_eq!(roll.total, 5 + 6 - 1 + 2 - 4);
    assert_eq!(dice.remaining(), 0);
    assert_eq!(expr.total_for(&[1, 1, 1]), None);
    assert_eq!(expr.total_for(&[1, 1, 1, 1, 1]), None);
}

#[test]
fn compact_description_of_rule_dice() {
    assert_eq!(describe_dice(&[6, 6]), "2d6");
    assert_eq!(describe_dice(&[3, 6, 20]), "1d3+1d6+1d20");
    assert_eq!(describe_dice(&[6, 6, 3, 6]), "2d6+1d3+1d6");
    assert_eq!(describe_dice(&[]), "no dice");
}
