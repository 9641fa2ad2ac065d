//! The checks every procedure's parameters pass before it runs: kinds, ranges, defaults, and
//! reading the checked values back.

use super::procedure::{ParamError, ParamKind, ParamSpec};
use serde_json::{Map, Value};

/// The most characters a text parameter may hold.
pub const MAX_TEXT_CHARS: usize = 200;

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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::generic::COUNT_SUCCESSES;
    use crate::dice::procedure::Procedure;
    use serde_json::json;

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
}
