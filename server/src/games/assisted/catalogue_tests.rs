//! The catalogue's entries: parameters read and refused, answers and the chart versions named.

use super::*;
use crate::dice::source::ScriptedDice;

#[derive(Deserialize, JsonSchema)]
struct Halve {
    value: u32,
}

#[derive(Debug)]
struct Odd;
impl std::fmt::Display for Odd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the value must be even (1.0)")
    }
}
impl Refusal for Odd {
    fn kind(&self) -> RefusalKind {
        RefusalKind::AgainstTheRules
    }
    fn code(&self) -> &'static str {
        "odd_value"
    }
}

fn halve() -> Calculation {
    Calculation::new("halve", "Halve", "1.0", |p: Halve, _charts| {
        if p.value % 2 == 1 {
            return Err(Odd);
        }
        Ok(Explained::new(
            p.value / 2,
            format!("{} halves to {}.", p.value, p.value / 2),
        ))
    })
}

#[test]
fn a_calculation_reads_its_parameters_explains_and_refuses() {
    let calc = halve();
    assert_eq!(
        calc.about.schema()["properties"]["value"]["type"],
        "integer"
    );
    let answer = calc
        .run(&serde_json::json!({"value": 8}), &ChartSet::default())
        .expect("runs");
    assert_eq!(answer.result, serde_json::json!(4));
    assert_eq!(answer.steps, vec!["8 halves to 4.".to_owned()]);
    let odd = calc
        .run(&serde_json::json!({"value": 7}), &ChartSet::default())
        .expect_err("refused");
    assert_eq!(
        (odd.kind, odd.code),
        (RefusalKind::AgainstTheRules, "odd_value")
    );
    let bad = calc
        .run(&serde_json::json!({"value": "eight"}), &ChartSet::default())
        .expect_err("refused");
    assert_eq!(bad.code, "invalid_params");
    assert!(
        bad.message.contains("value") || bad.message.contains("integer"),
        "{bad}"
    );
}

#[test]
fn an_answer_names_every_chart_version_read_once() {
    let value = serde_json::json!({
        "first": {"chart": "crt", "version": 2, "row": "4", "column": "2:1", "cell": "DR"},
        "more": [{"chart": "crt", "version": 2, "row": "5", "column": "2:1", "cell": "DE"},
                 {"chart": "rat", "version": 1, "row": "3", "column": "4", "cell": "S"}],
        "not_a_reading": {"chart": "crt", "version": 9}
    });
    let answer = Answer::of(Explained::new(value, "read"));
    assert_eq!(
        answer.charts,
        vec![
            ChartUse {
                chart: "crt".into(),
                version: 2
            },
            ChartUse {
                chart: "rat".into(),
                version: 1
            },
        ]
    );
}

#[test]
fn a_procedure_rolls_through_the_dice_it_is_given() {
    let proc = DiceProcedure::new(
        "d6",
        "One die",
        "1.0",
        |_p: Halve, _charts, dice: &mut dyn Dice, by| {
            let faces = dice.roll(crate::dice::source::RollSpec::d6s(
                "test",
                by,
                crate::dice::source::Visibility::Public,
                1,
            ));
            Ok::<_, Odd>(Explained::new(faces[0], format!("rolled {}", faces[0])))
        },
    );
    let mut dice = ScriptedDice::new([5]);
    let answer = proc
        .run(
            &serde_json::json!({"value": 1}),
            &ChartSet::default(),
            &mut dice,
            Role::Soviet,
        )
        .expect("runs");
    assert_eq!(answer.result, serde_json::json!(5));
}
