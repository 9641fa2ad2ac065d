//! Forms made from a calculation's, procedure's or action's JSON Schema: one field per top-level
//! parameter (a number, a yes/no box, a choice, or JSON text for lists and nested objects), and
//! the posted fields read back into the JSON the entry takes, naming the field at fault.

use crate::web::form::Fields;
use serde_json::{Map, Value};

/// What kind of input a parameter gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A whole number.
    Number,
    /// Yes or no.
    Check,
    /// One of these words.
    Choice(Vec<String>),
    /// One line of text.
    Text,
    /// JSON text (a list or an object).
    Json,
}

/// One field of a form.
#[derive(Clone, Debug)]
pub struct Field {
    /// The parameter's name.
    pub name: String,
    /// What to fill in, from the schema's description.
    pub label: String,
    /// The input.
    pub input: Input,
    /// Whether it must be given.
    pub required: bool,
    /// What was typed (or the default).
    pub value: String,
    /// Why it was refused, shown beside it.
    pub error: Option<String>,
}

impl Field {
    /// Whether this field is a number input.
    pub fn is_number(&self) -> bool {
        self.input == Input::Number
    }
    /// Whether this field is a yes/no box.
    pub fn is_check(&self) -> bool {
        self.input == Input::Check
    }
    /// Whether this field is JSON text.
    pub fn is_json(&self) -> bool {
        self.input == Input::Json
    }
    /// The choices, when it is a choice: each code with its words.
    pub fn choices(&self) -> Vec<(String, String)> {
        match &self.input {
            Input::Choice(c) => c
                .iter()
                .map(|code| (code.clone(), crate::web::pages::code_words(code)))
                .collect(),
            _ => Vec::new(),
        }
    }
    /// Whether a yes/no box is ticked.
    pub fn checked(&self) -> bool {
        self.value == "on" || self.value == "true"
    }
}

/// Follows a `$ref` to the schema's `$defs`.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => r
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs").and_then(|d| d.get(name)))
            .unwrap_or(schema),
        None => schema,
    }
}

fn words_of(schema: &Value) -> Option<Vec<String>> {
    if let Some(list) = schema.get("enum").and_then(Value::as_array) {
        return list.iter().map(|v| v.as_str().map(str::to_owned)).collect();
    }
    let one_of = schema.get("oneOf").and_then(Value::as_array)?;
    one_of
        .iter()
        .map(|v| {
            v.get("const")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| {
                    v.get("enum")
                        .and_then(Value::as_array)
                        .and_then(|e| e.first())
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                })
        })
        .collect()
}

fn input_of(root: &Value, schema: &Value) -> Input {
    let schema = resolve(root, schema);
    if let Some(words) = words_of(schema) {
        return Input::Choice(words);
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let main = types.iter().find(|t| **t != "null").copied().unwrap_or("");
    match main {
        "integer" | "number" => Input::Number,
        "boolean" => Input::Check,
        "string" => Input::Text,
        _ => Input::Json,
    }
}

/// The form fields of `schema`, filled in from `typed` when shown again.
pub fn fields_of(schema: &Value, typed: Option<&Fields>) -> Vec<Field> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    props
        .iter()
        .map(|(name, prop)| {
            let input = input_of(schema, prop);
            let label = prop
                .get("description")
                .or_else(|| resolve(schema, prop).get("description"))
                .and_then(Value::as_str)
                .unwrap_or(name)
                .to_owned();
            let default = match prop.get("default") {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Bool(true)) => "on".into(),
                Some(Value::Bool(false)) | None | Some(Value::Null) => String::new(),
                Some(other) => other.to_string(),
            };
            let value = typed.map_or(default, |f| f.get(name).to_owned());
            Field {
                name: name.clone(),
                label,
                input,
                required: required.contains(&name.as_str()),
                value,
                error: None,
            }
        })
        .collect()
}

/// Reads the posted `fields` into the JSON object the entry takes; on a field that cannot be
/// read, marks it and answers false.
pub fn read(fields: &mut [Field]) -> Option<Value> {
    let mut out = Map::new();
    let mut ok = true;
    for field in fields.iter_mut() {
        let text = field.value.trim();
        let value = match &field.input {
            Input::Check => Some(Value::Bool(field.checked())),
            _ if text.is_empty() => {
                if field.required {
                    field.error = Some("Fill this in.".into());
                    ok = false;
                }
                None
            }
            Input::Number => match text.parse::<i64>() {
                Ok(n) => Some(Value::from(n)),
                Err(_) => {
                    field.error = Some(format!("'{text}' is not a whole number."));
                    ok = false;
                    None
                }
            },
            Input::Choice(_) | Input::Text => Some(Value::String(text.to_owned())),
            Input::Json => match serde_json::from_str::<Value>(text) {
                Ok(v) => Some(v),
                Err(e) => {
                    field.error = Some(format!("This is not JSON: {e}."));
                    ok = false;
                    None
                }
            },
        };
        if let Some(v) = value {
            out.insert(field.name.clone(), v);
        }
    }
    ok.then_some(Value::Object(out))
}

/// Puts a refusal beside the field its message names (`at 'attack.units'` → `attack`), if any.
pub fn place_error(fields: &mut [Field], message: &str) -> bool {
    let named = message
        .split("at '")
        .nth(1)
        .and_then(|rest| rest.split(['\'', '.', '[']).next())
        .map(str::to_owned);
    match named.and_then(|n| fields.iter_mut().find(|f| f.name == n)) {
        Some(field) => {
            field.error = Some(message.to_owned());
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Sample {
        /// The attack strength.
        attack: u32,
        /// Across a bridge.
        #[serde(default)]
        bridge: bool,
        /// Who attacks.
        side: crate::core::domain::Side,
        /// The units.
        units: Vec<String>,
    }

    #[test]
    fn a_schema_gives_one_field_per_parameter_and_reads_back() {
        let schema = crate::games::assisted::catalogue::schema_of::<Sample>();
        let mut fields = fields_of(&schema, None);
        let by = |n: &str| fields.iter().position(|f| f.name == n).expect("field");
        assert_eq!(fields[by("attack")].input, Input::Number);
        assert_eq!(fields[by("attack")].label, "The attack strength.");
        assert_eq!(fields[by("bridge")].input, Input::Check);
        assert_eq!(
            fields[by("side")].input,
            Input::Choice(vec!["soviet".into(), "finnish".into()])
        );
        assert_eq!(fields[by("units")].input, Input::Json);
        let (a, s, u) = (by("attack"), by("side"), by("units"));
        fields[a].value = "13".into();
        fields[s].value = "finnish".into();
        fields[u].value = "[\"2/JR16\"]".into();
        let read = read(&mut fields).expect("reads");
        assert_eq!(
            read,
            serde_json::json!({"attack": 13, "bridge": false, "side": "finnish", "units": ["2/JR16"]})
        );
        fields[a].value = "lots".into();
        assert!(super::read(&mut fields).is_none());
        assert!(
            fields[a]
                .error
                .as_deref()
                .is_some_and(|e| e.contains("lots"))
        );
        assert!(place_error(
            &mut fields,
            "The parameters do not fit at 'units[0]': bad."
        ));
        assert!(fields[u].error.is_some());
    }
}
