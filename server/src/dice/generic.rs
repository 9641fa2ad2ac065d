//! The dice procedures every campaign offers whatever its game, and the parameter checks all
//! procedures share.

use super::expr::DiceExpression;
use super::procedure::{Outcome, ParamError, ParamKind, ParamSpec, Procedure};
use super::source::Draw;
use serde_json::{Map, Value, json};

/// The most characters a text parameter may hold.
pub const MAX_TEXT_CHARS: usize = 200;

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

/// Checks a JSON parameters object against a procedure's `params()` and fills in defaults.
/// A `null` value counts as left out. Errors name the parameter at fault.
pub fn check_params(specs: &[ParamSpec], given: &Value) -> Result<Map<String, Value>, ParamError> {
    let empty = Map::new();
    let given = match given {
        Value::Object(map) => map,
        Value::Null => &empty,
        _ => {
            return Err(ParamError(
                "the procedure's parameters must be a JSON object of named values".to_string(),
            ));
        }
    };
    if let Some(unknown) = given.keys().find(|k| !specs.iter().any(|s| s.name == *k)) {
        let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
        let takes = if known.is_empty() {
            "this procedure takes no parameters".to_string()
        } else {
            format!("this procedure takes {}", known.join(", "))
        };
        return Err(ParamError(format!(
            "unknown parameter '{unknown}': {takes}"
        )));
    }
    let mut checked = Map::new();
    for spec in specs {
        let value = match (given.get(spec.name), &spec.default) {
            (Some(v), _) if !v.is_null() => check_value(spec, v)?,
            (_, Some(default)) => default.clone(),
            (_, None) => {
                return Err(ParamError(format!(
                    "parameter '{}' ({}) is required",
                    spec.name, spec.label
                )));
            }
        };
        checked.insert(spec.name.to_string(), value);
    }
    Ok(checked)
}

fn check_value(spec: &ParamSpec, value: &Value) -> Result<Value, ParamError> {
    let name = spec.name;
    let fail = |what: String| Err(ParamError(format!("parameter '{name}' must be {what}")));
    match &spec.kind {
        ParamKind::Integer { min, max } => match value.as_i64() {
            Some(n) if (*min..=*max).contains(&n) => Ok(value.clone()),
            Some(n) => fail(format!("from {min} to {max}, not {n}")),
            None => fail(format!("a whole number from {min} to {max}")),
        },
        ParamKind::Boolean => match value {
            Value::Bool(_) => Ok(value.clone()),
            _ => fail("true or false".to_string()),
        },
        ParamKind::Choice { options } => match value.as_str() {
            Some(word) if options.contains(&word) => Ok(value.clone()),
            _ => fail(format!("one of: {}", options.join(", "))),
        },
        ParamKind::Text => match value.as_str() {
            Some(text) if text.chars().count() <= MAX_TEXT_CHARS => Ok(value.clone()),
            Some(_) => fail(format!("at most {MAX_TEXT_CHARS} characters of text")),
            None => fail("text".to_string()),
        },
    }
}

/// Reads a checked whole-number parameter.
pub fn int_param(params: &Map<String, Value>, name: &str) -> Result<i64, ParamError> {
    params
        .get(name)
        .and_then(Value::as_i64)
        .ok_or_else(|| ParamError(format!("parameter '{name}' must be a whole number")))
}

/// Reads a checked text parameter.
pub fn text_param<'a>(params: &'a Map<String, Value>, name: &str) -> Result<&'a str, ParamError> {
    params
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| ParamError(format!("parameter '{name}' must be text")))
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

    fn check(procedure: &dyn Procedure, given: Value) -> Result<Map<String, Value>, String> {
        check_params(&procedure.params(), &given).map_err(|e| e.0)
    }

    #[test]
    fn defaults_are_filled_and_nulls_count_as_left_out() {
        let checked = check(&COUNT_SUCCESSES, json!({"count": 3, "target": 4})).unwrap();
        assert_eq!(
            Value::Object(checked),
            json!({"count": 3, "sides": 6, "target": 4})
        );
        let checked = check(
            &COUNT_SUCCESSES,
            json!({"count": 3, "target": 4, "sides": null}),
        )
        .unwrap();
        assert_eq!(checked["sides"], json!(6));
    }

    #[test]
    fn parameter_errors_name_the_field() {
        let table = [
            (
                json!([1]),
                "the procedure's parameters must be a JSON object of named values",
            ),
            (
                json!({"count": 3, "target": 4, "colour": "red"}),
                "unknown parameter 'colour': this procedure takes count, sides, target",
            ),
            (
                json!({"count": 3}),
                "parameter 'target' (A die succeeds at this number or more) is required",
            ),
            (
                json!({"count": "3", "target": 4}),
                "parameter 'count' must be a whole number from 1 to 100",
            ),
            (
                json!({"count": 2.5, "target": 4}),
                "parameter 'count' must be a whole number from 1 to 100",
            ),
            (
                json!({"count": 0, "target": 4}),
                "parameter 'count' must be from 1 to 100, not 0",
            ),
            (
                json!({"count": 101, "target": 4}),
                "parameter 'count' must be from 1 to 100, not 101",
            ),
            (
                json!({"count": 1, "sides": 1, "target": 1}),
                "parameter 'sides' must be from 2 to 1000, not 1",
            ),
            (
                json!({"count": 1, "sides": 1001, "target": 1}),
                "parameter 'sides' must be from 2 to 1000, not 1001",
            ),
        ];
        for (given, message) in table {
            assert_eq!(
                check(&COUNT_SUCCESSES, given.clone()),
                Err(message.to_string()),
                "{given}"
            );
        }
        assert!(check(&COUNT_SUCCESSES, json!({"count": 1, "target": 1})).is_ok());
        assert!(
            check(
                &COUNT_SUCCESSES,
                json!({"count": 100, "sides": 1000, "target": 1000})
            )
            .is_ok()
        );
    }

    #[test]
    fn text_boolean_and_choice_parameters() {
        let specs = vec![
            ParamSpec {
                name: "note",
                label: "Note",
                kind: ParamKind::Text,
                default: Some(json!("")),
            },
            ParamSpec {
                name: "night",
                label: "Night",
                kind: ParamKind::Boolean,
                default: Some(json!(false)),
            },
            ParamSpec {
                name: "terrain",
                label: "Terrain",
                kind: ParamKind::Choice {
                    options: &["forest", "lake"],
                },
                default: Some(json!("forest")),
            },
        ];
        let err = |given: Value| check_params(&specs, &given).map_err(|e| e.0);
        assert_eq!(
            err(json!({"note": 5})),
            Err("parameter 'note' must be text".to_string())
        );
        assert!(err(json!({"note": "ä".repeat(200)})).is_ok());
        assert_eq!(
            err(json!({"note": "a".repeat(201)})),
            Err("parameter 'note' must be at most 200 characters of text".to_string())
        );
        assert_eq!(
            err(json!({"night": "yes"})),
            Err("parameter 'night' must be true or false".to_string())
        );
        assert_eq!(
            err(json!({"terrain": "swamp"})),
            Err("parameter 'terrain' must be one of: forest, lake".to_string())
        );
        assert_eq!(
            Value::Object(err(json!({"night": true, "terrain": "lake"})).unwrap()),
            json!({"note": "", "night": true, "terrain": "lake"})
        );
        assert_eq!(
            check_params(&[], &json!({"x": 1})).map_err(|e| e.0),
            Err("unknown parameter 'x': this procedure takes no parameters".to_string())
        );
    }

    #[test]
    fn expression_procedure_rolls_and_explains_refusals() {
        let params = check(&EXPRESSION, json!({"dice": "2d6 + 1"})).unwrap();
        let mut dice = ScriptedDice::new([4, 6]);
        let outcome = EXPRESSION.run(&params, &mut dice).unwrap();
        assert_eq!(outcome.expression, "2d6+1");
        assert_eq!(outcome.total, Some(11));
        assert_eq!(outcome.result, json!({"faces": [4, 6], "total": 11}));
        assert_eq!(outcome.summary, "2d6+1: rolled 4 6, total 11");
        let params = check(&EXPRESSION, json!({"dice": "2d1"})).unwrap();
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
        let params = check(&COUNT_SUCCESSES, json!({"count": 5, "target": 4})).unwrap();
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
        let params = check(
            &COUNT_SUCCESSES,
            json!({"count": 1, "sides": 6, "target": 7}),
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
