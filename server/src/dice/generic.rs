//! The dice procedures every campaign offers whatever its game: a free expression and
//! counting successes.

use super::expr::DiceExpression;
use super::procedure::{Outcome, ParamError, ParamKind, ParamSpec, Procedure};
use super::source::Draw;
use serde_json::{Map, Value, json};

/// The parameter checks, where procedures have always found them.
pub use super::params::{MAX_TEXT_CHARS, check_params, int_param, text_param};

/// The procedures of every game: a free dice expression and counting successes.
pub fn generic_procedures() -> Vec<&'static dyn Procedure> {
    vec![&EXPRESSION, &COUNT_SUCCESSES]
}

/// The procedure called `name` among `procedures`.
pub fn find_procedure<'a>(
    procedures: &[&'a dyn Procedure],
    name: &str,
) -> Option<&'a dyn Procedure> {
    procedures.iter().copied().find(|p| p.name() == name)
}

fn faces_text(draws: &[(u32, u32)]) -> String {
    draws
        .iter()
        .map(|(_, face)| face.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A free dice expression such as `2d6+1`.
#[derive(Debug)]
pub struct ExpressionProcedure;

/// The free dice expression procedure.
pub static EXPRESSION: ExpressionProcedure = ExpressionProcedure;

impl Procedure for ExpressionProcedure {
    fn name(&self) -> &'static str {
        "expression"
    }
    fn title(&self) -> &'static str {
        "Dice expression"
    }
    fn rule(&self) -> &'static str {
        "motti dice tray"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![ParamSpec {
            name: "dice",
            label: "Dice, such as 2d6+1 (at most 100 dice, d2 to d1000)",
            kind: ParamKind::Text,
            default: None,
        }]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let text = text_param(params, "dice")?;
        let expr = DiceExpression::parse(text)
            .map_err(|e| ParamError(format!("parameter 'dice': {e}")))?;
        let roll = expr.roll(draw);
        let faces: Vec<u32> = roll.draws.iter().map(|&(_, f)| f).collect();
        Ok(Outcome {
            expression: expr.to_string(),
            total: Some(roll.total),
            result: json!({ "faces": faces, "total": roll.total }),
            summary: format!(
                "{expr}: rolled {}, total {}",
                faces_text(&roll.draws),
                roll.total
            ),
        })
    }
}

/// Rolls some dice and counts those showing a target number or more.
#[derive(Debug)]
pub struct CountSuccesses;

/// The count-successes procedure.
pub static COUNT_SUCCESSES: CountSuccesses = CountSuccesses;

impl Procedure for CountSuccesses {
    fn name(&self) -> &'static str {
        "count-successes"
    }
    fn title(&self) -> &'static str {
        "Count successes"
    }
    fn rule(&self) -> &'static str {
        "motti dice tray"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec {
                name: "count",
                label: "Number of dice",
                kind: ParamKind::Integer { min: 1, max: 100 },
                default: None,
            },
            ParamSpec {
                name: "sides",
                label: "Faces of each die",
                kind: ParamKind::Integer { min: 2, max: 1000 },
                default: Some(json!(6)),
            },
            ParamSpec {
                name: "target",
                label: "A die succeeds at this number or more",
                kind: ParamKind::Integer { min: 1, max: 1000 },
                default: None,
            },
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let count = int_param(params, "count")?;
        let sides = int_param(params, "sides")?;
        let target = int_param(params, "target")?;
        let sides_u32 = u32::try_from(sides)
            .map_err(|_| ParamError("parameter 'sides' must be from 2 to 1000".to_string()))?;
        if target > sides {
            return Err(ParamError(format!(
                "parameter 'target' is {target}, but a d{sides} never shows more than {sides}: choose a target from 1 to {sides}"
            )));
        }
        let draws: Vec<(u32, u32)> = (0..count)
            .map(|_| (sides_u32, draw.die(sides_u32)))
            .collect();
        let faces: Vec<u32> = draws.iter().map(|&(_, f)| f).collect();
        let successes = faces.iter().filter(|&&f| i64::from(f) >= target).count() as i64;
        let noun = if successes == 1 {
            "success"
        } else {
            "successes"
        };
        Ok(Outcome {
            expression: format!("{count}d{sides}"),
            total: Some(successes),
            result: json!({ "faces": faces, "target": target, "successes": successes }),
            summary: format!(
                "{count}d{sides} needing {target}+: {successes} {noun} (rolled {})",
                faces_text(&draws)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;

    #[test]
    fn expression_procedure_rolls_and_explains_refusals() {
        let params = check_params(&EXPRESSION.params(), &json!({"dice": "2d6 + 1"})).unwrap();
        let mut dice = ScriptedDice::new([4, 6]);
        let outcome = EXPRESSION.run(&params, &mut dice).unwrap();
        assert_eq!(outcome.expression, "2d6+1");
        assert_eq!(outcome.total, Some(11));
        assert_eq!(outcome.result, json!({"faces": [4, 6], "total": 11}));
        assert_eq!(outcome.summary, "2d6+1: rolled 4 6, total 11");
        let params = check_params(&EXPRESSION.params(), &json!({"dice": "2d1"})).unwrap();
        let refused = EXPRESSION
            .run(&params, &mut ScriptedDice::new([]))
            .unwrap_err();
        assert_eq!(
            refused.0,
            "parameter 'dice': '2d1': a die needs from 2 to 1000 faces"
        );
    }

    #[test]
    fn count_successes_counts_at_or_above_the_target() {
        let params =
            check_params(&COUNT_SUCCESSES.params(), &json!({"count": 5, "target": 4})).unwrap();
        let mut dice = ScriptedDice::new([3, 4, 6, 1, 5]);
        let outcome = COUNT_SUCCESSES.run(&params, &mut dice).unwrap();
        assert_eq!(outcome.total, Some(3));
        assert_eq!(outcome.expression, "5d6");
        assert_eq!(
            outcome.result,
            json!({"faces": [3, 4, 6, 1, 5], "target": 4, "successes": 3})
        );
        assert_eq!(
            outcome.summary,
            "5d6 needing 4+: 3 successes (rolled 3 4 6 1 5)"
        );
        let params = check_params(
            &COUNT_SUCCESSES.params(),
            &json!({"count": 1, "sides": 6, "target": 7}),
        )
        .unwrap();
        let refused = COUNT_SUCCESSES
            .run(&params, &mut ScriptedDice::new([]))
            .unwrap_err();
        assert!(
            refused
                .0
                .starts_with("parameter 'target' is 7, but a d6 never shows more than 6")
        );
    }

    #[test]
    fn generic_procedures_are_listed_and_found() {
        let all = generic_procedures();
        let names: Vec<&str> = all.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["expression", "count-successes"]);
        assert!(find_procedure(&all, "count-successes").is_some());
        assert!(find_procedure(&all, "reroll").is_none());
    }
}
