//! Dice-tray plumbing shared by the WoNS procedures: parameter specs and reading, rolling, outcomes.

use super::Modifier;
use crate::dice::procedure::{Outcome, ParamError, ParamKind, ParamSpec};
use crate::dice::source::Draw;
use serde::Serialize;
use serde_json::{Map, Value};

/// A yes/no parameter with a default.
pub fn flag_spec(name: &'static str, label: &'static str, default: bool) -> ParamSpec {
    ParamSpec {
        name,
        label,
        kind: ParamKind::Boolean,
        default: Some(Value::Bool(default)),
    }
}

/// A whole-number parameter from `min` to `max` with a default.
pub fn whole_spec(
    name: &'static str,
    label: &'static str,
    min: i64,
    max: i64,
    default: i64,
) -> ParamSpec {
    ParamSpec {
        name,
        label,
        kind: ParamKind::Integer { min, max },
        default: Some(Value::from(default)),
    }
}

/// A choice parameter with a default (which must be one of `options`).
pub fn choice_spec(
    name: &'static str,
    label: &'static str,
    options: &'static [&'static str],
    default: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        label,
        kind: ParamKind::Choice { options },
        default: Some(Value::from(default)),
    }
}

/// Reads the yes/no parameter `name`.
pub fn flag(params: &Map<String, Value>, name: &str) -> Result<bool, ParamError> {
    params
        .get(name)
        .and_then(Value::as_bool)
        .ok_or_else(|| ParamError(format!("the parameter '{name}' must be true or false")))
}

/// Reads the whole-number parameter `name`, which must lie between `min` and `max`.
pub fn whole(
    params: &Map<String, Value>,
    name: &str,
    min: i64,
    max: i64,
) -> Result<i64, ParamError> {
    params
        .get(name)
        .and_then(Value::as_i64)
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ParamError(format!(
                "the parameter '{name}' must be a whole number from {min} to {max}"
            ))
        })
}

/// Reads the choice parameter `name`, which must be one of `options`.
pub fn choice(
    params: &Map<String, Value>,
    name: &str,
    options: &'static [&'static str],
) -> Result<&'static str, ParamError> {
    let given = params.get(name).and_then(Value::as_str);
    options
        .iter()
        .copied()
        .find(|o| Some(*o) == given)
        .ok_or_else(|| {
            ParamError(format!(
                "the parameter '{name}' must be one of: {}",
                options.join(", ")
            ))
        })
}

/// Draws `count` six-sided dice.
pub fn d6s(draw: &mut dyn Draw, count: usize) -> Vec<u32> {
    (0..count).map(|_| draw.d6()).collect()
}

/// The sum of some faces.
pub fn sum(faces: &[u32]) -> u32 {
    faces.iter().sum()
}

/// Builds an outcome whose structured result is `result`.
pub fn outcome<T: Serialize>(
    expression: impl Into<String>,
    total: Option<i64>,
    result: &T,
    summary: String,
) -> Result<Outcome, ParamError> {
    let result = serde_json::to_value(result)
        .map_err(|e| ParamError(format!("the result could not be recorded: {e}")))?;
    Ok(Outcome {
        expression: expression.into(),
        total,
        result,
        summary,
    })
}

/// Builds the outcome of a roll recorded as `1d6` whose total is the face `die`.
pub fn d6_outcome<T: Serialize>(
    die: u32,
    result: &T,
    summary: String,
) -> Result<Outcome, ParamError> {
    outcome("1d6", Some(i64::from(die)), result, summary)
}

/// "rolled 5" or "rolled 5 +1 -1 = 5": the die and each modifier, for summaries.
pub fn roll_text(rolled: u32, modifiers: &[Modifier]) -> String {
    if modifiers.is_empty() {
        return format!("rolled {rolled}");
    }
    let mut text = format!("rolled {rolled}");
    let mut total = rolled as i64;
    for m in modifiers {
        text.push_str(&format!(" {:+} ({})", m.amount, m.name));
        total += i64::from(m.amount);
    }
    text.push_str(&format!(" = {total}"));
    text
}

/// The faces joined for summaries: "3, 5, 6".
pub fn faces_text(faces: &[u32]) -> String {
    faces
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Adds the modifiers to `rolled`, never going below zero (the tables read anything under
/// their first row as that row).
pub fn apply(rolled: u32, modifiers: &[Modifier]) -> u32 {
    let total = i64::from(rolled) + i64::from(super::modifier_sum(modifiers));
    u32::try_from(total.max(0)).unwrap_or(0)
}

/// Test helper: the parameters of `procedure` with every default filled in, then `overrides`.
#[cfg(test)]
pub fn filled(
    procedure: &dyn crate::dice::procedure::Procedure,
    overrides: Value,
) -> Map<String, Value> {
    let mut params = Map::new();
    for spec in procedure.params() {
        if let Some(default) = spec.default {
            params.insert(spec.name.to_string(), default);
        }
    }
    if let Value::Object(given) = overrides {
        params.extend(given);
    }
    params
}

/// Test helper: runs `procedure` over `faces` with `overrides`, checking every face was used.
#[cfg(test)]
pub fn run_scripted(
    procedure: &dyn crate::dice::procedure::Procedure,
    overrides: Value,
    faces: &[u32],
) -> Outcome {
    let mut dice = crate::dice::source::ScriptedDice::new(faces.iter().copied());
    let out = procedure
        .run(&filled(procedure, overrides), &mut dice)
        .unwrap_or_else(|e| panic!("{} refused its parameters: {e}", procedure.name()));
    assert_eq!(dice.remaining(), 0, "{} left dice unused", procedure.name());
    out
}
