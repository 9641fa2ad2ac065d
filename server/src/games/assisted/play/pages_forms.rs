//! Forms made from a calculation's, procedure's or action's JSON Schema, every field typed: a
//! number with its bounds, a tick box, a choice of the schema's words, a choice (or tick boxes)
//! of the units the reader's own view holds where a parameter names units, a hex with the hexes
//! the view knows offered, a few rows for a list and a group for a nested record. The posted
//! fields are read back into the JSON the entry takes, each refusal beside its field.

use super::view::DeskView;
use crate::web::form::Fields;
use serde_json::{Map, Value};

/// What the reader's view offers the forms: its units (id, words) and the hexes it knows.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// The units the reader may name: its own, and the enemy's it sees by name (the umpire: all).
    pub units: Vec<(String, String)>,
    /// How many of `units`, at their head, are the reader's own (the umpire's: all).
    pub own: usize,
    /// Every place a unit of the view stands.
    pub hexes: Vec<String>,
}

impl Choices {
    /// What `view` offers: nothing the view does not already hold.
    pub fn of(view: &DeskView) -> Choices {
        let umpire = view.role.side().is_none();
        let mut units: Vec<(String, String, String)> = view
            .units
            .iter()
            .map(|u| {
                let words = if umpire {
                    format!("{} ({}, {})", u.name, u.side.adjective(), u.location)
                } else {
                    format!("{} ({})", u.name, u.location)
                };
                (u.name.clone(), u.id.as_str().to_owned(), words)
            })
            .collect();
        let mut enemy: Vec<(String, String, String)> = view
            .enemy_units
            .iter()
            .filter_map(|u| {
                let (id, name) = (u.id.as_ref()?, u.name.as_ref()?);
                let place = u.location.as_deref().unwrap_or("place unknown");
                Some((
                    name.clone(),
                    id.as_str().to_owned(),
                    format!("{name} ({}, {place})", u.side.adjective()),
                ))
            })
            .collect();
        units.sort();
        enemy.sort();
        let own = units.len();
        units.extend(enemy);
        let mut hexes: Vec<String> = view
            .units
            .iter()
            .map(|u| u.location.clone())
            .chain(view.enemy_units.iter().filter_map(|u| u.location.clone()))
            .filter(|l| !l.trim().is_empty())
            .collect();
        hexes.sort();
        hexes.dedup();
        Choices {
            units: units
                .into_iter()
                .map(|(_, id, words)| (id, words))
                .collect(),
            own,
            hexes,
        }
    }

    /// The units a set of units called `path` may hold: attackers (and a set described as
    /// "your …") are the reader's own, defenders the enemy's it may name, anything else either. Where the view names no enemy
    /// apart (the umpire's, which holds every unit as its own), every unit.
    pub fn for_set(&self, path: &str) -> Vec<(String, String)> {
        let own = self.own.min(self.units.len());
        if own == self.units.len() {
            self.units.clone()
        } else if path.contains("attackers") || path.starts_with("your ") {
            self.units[..own].to_vec()
        } else if path.contains("defenders") {
            self.units[own..].to_vec()
        } else {
            self.units.clone()
        }
    }

    /// `text` with every unit id the view holds replaced by the unit's words, and any other id
    /// by "a unit not in your view": answers and refusals never show an id.
    pub fn named(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (id, words) in &self.units {
            if out.contains(id.as_str()) {
                out = out.replace(id.as_str(), words);
            }
        }
        hide_ids(&out)
    }
}

/// `text` with every run of exactly 32 hex digits replaced.
fn hide_ids(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        let bounded_before = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        let bounded_after = chars
            .get(i + run)
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        if run == 32 && bounded_before && bounded_after {
            out.push_str("a unit not in your view");
            i += run;
        } else if run > 0 {
            out.extend(&chars[i..i + run]);
            i += run;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// What kind of input a field gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A number, whole unless `whole` is false, within the schema's bounds.
    Number {
        /// Smallest accepted.
        min: Option<i64>,
        /// Largest accepted.
        max: Option<i64>,
        /// Whole numbers only.
        whole: bool,
    },
    /// Yes or no.
    Check,
    /// One of these (code, words).
    Choice(Vec<(String, String)>),
    /// Any number of these (code, words), as tick boxes.
    Ticks(Vec<(String, String)>),
    /// One line of text; `hexes` offers the view's hexes.
    Text {
        /// A hex or place, with the known ones offered.
        hexes: bool,
    },
}

/// One field of a form.
#[derive(Clone, Debug)]
pub struct Field {
    /// The name it is posted under: the parameter's path (`attackers[0].hex`).
    pub name: String,
    /// A heading shown before it: the group (a nested record, a list's row) it opens.
    pub legend: Option<String>,
    /// What to fill in, from the schema's description.
    pub label: String,
    /// The input.
    pub input: Input,
    /// Whether it must be given.
    pub required: bool,
    /// What was typed (or the default).
    pub value: String,
    /// The boxes ticked, for tick boxes.
    pub values: Vec<String>,
    /// Why it was refused, shown beside it.
    pub error: Option<String>,
}

impl Field {
    /// The element id: the name with only letters, digits and dashes.
    pub fn id(&self) -> String {
        let mut id = String::from("f-");
        let mut dash = false;
        for c in self.name.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                id.push(c);
                dash = false;
            } else if !dash {
                id.push('-');
                dash = true;
            }
        }
        id.trim_end_matches('-').to_owned()
    }
    /// Whether this field is a number input.
    pub fn is_number(&self) -> bool {
        matches!(self.input, Input::Number { .. })
    }
    /// Whether this field is a yes/no box.
    pub fn is_check(&self) -> bool {
        self.input == Input::Check
    }
    /// Whether this field is a set of tick boxes.
    pub fn is_ticks(&self) -> bool {
        matches!(self.input, Input::Ticks(_))
    }
    /// Whether this field offers the view's hexes.
    pub fn is_hex(&self) -> bool {
        self.input == Input::Text { hexes: true }
    }
    /// The choices of a choice or tick boxes: each code with its words.
    pub fn choices(&self) -> &[(String, String)] {
        match &self.input {
            Input::Choice(c) | Input::Ticks(c) => c,
            _ => &[],
        }
    }
    /// Whether this is a choice.
    pub fn is_choice(&self) -> bool {
        matches!(self.input, Input::Choice(_))
    }
    /// The smallest number accepted, as the `min` attribute.
    pub fn min(&self) -> String {
        match self.input {
            Input::Number { min: Some(n), .. } => n.to_string(),
            _ => String::new(),
        }
    }
    /// The largest number accepted, as the `max` attribute.
    pub fn max(&self) -> String {
        match self.input {
            Input::Number { max: Some(n), .. } => n.to_string(),
            _ => String::new(),
        }
    }
    /// The `step` attribute: 1 for whole numbers.
    pub fn step(&self) -> &'static str {
        match self.input {
            Input::Number { whole: false, .. } => "any",
            _ => "1",
        }
    }
    /// Whether a yes/no box is ticked.
    pub fn checked(&self) -> bool {
        self.value == "on" || self.value == "true"
    }
    /// Whether tick box `code` is ticked.
    pub fn ticked(&self, code: &str) -> bool {
        self.values.iter().any(|v| v == code)
    }
    /// The label in parts, each with whether it is code (written between backticks).
    pub fn label_parts(&self) -> Vec<(bool, String)> {
        self.label
            .split('`')
            .enumerate()
            .filter(|(_, part)| !part.is_empty())
            .map(|(i, part)| (i % 2 == 1, part.to_owned()))
            .collect()
    }
}

/// How the fields make up the parameters.
#[derive(Clone, Debug)]
enum Node {
    /// One field, by index.
    Leaf(usize),
    /// A record: each property with whether it is required.
    Object(Vec<(String, bool, Node)>),
    /// A list: its rows, the empty ones left out.
    Rows(Vec<Node>),
    /// A map: each row's key field and value.
    Map(Vec<(usize, Node)>),
}

/// A form made from a schema: its fields in order, and how they make up the parameters.
#[derive(Clone, Debug)]
pub struct Form {
    /// The fields, in order.
    pub fields: Vec<Field>,
    root: Node,
}

/// How many rows a list gets: its `maxItems` up to this, else `ROWS`.
const MOST_ROWS: usize = 6;
/// The rows of a list with no `maxItems`.
const ROWS: usize = 3;
/// The rows of a list inside a list's row or a record.
const INNER_ROWS: usize = 2;

/// Follows a `$ref` to the schema's `$defs`.
fn resolve<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => r
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs").and_then(|d| d.get(name)))
            .map_or(schema, |found| resolve(root, found)),
        None => schema,
    }
}

/// The schema itself, or the one non-null choice of an `Option` (`anyOf: [T, null]`).
fn unwrap_null<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    let schema = resolve(root, schema);
    for key in ["anyOf", "oneOf"] {
        if let Some(list) = schema.get(key).and_then(Value::as_array) {
            let real: Vec<&Value> = list
                .iter()
                .filter(|v| v.get("type").and_then(Value::as_str) != Some("null"))
                .collect();
            if real.len() == 1 && real.len() < list.len() {
                return resolve(root, real[0]);
            }
        }
    }
    schema
}

fn words_of(schema: &Value) -> Option<Vec<(String, String)>> {
    let word = |code: &str, about: Option<&Value>| {
        let words = about
            .and_then(Value::as_str)
            .map(|d| d.trim_end_matches('.').to_owned())
            .unwrap_or_else(|| crate::web::pages::code_words(code));
        (code.to_owned(), words)
    };
    if let Some(list) = schema.get("enum").and_then(Value::as_array) {
        return list
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| v.as_str().map(|c| word(c, None)))
            .collect();
    }
    let one_of = schema.get("oneOf").and_then(Value::as_array)?;
    one_of
        .iter()
        .map(|v| {
            let code = v.get("const").and_then(Value::as_str).or_else(|| {
                v.get("enum")
                    .and_then(Value::as_array)
                    .and_then(|e| e.first())
                    .and_then(Value::as_str)
            })?;
            Some(word(code, v.get("description")))
        })
        .collect()
}

fn main_type(schema: &Value) -> &str {
    match schema.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or(""),
        _ => "",
    }
}

/// Whether a parameter described so names units by their ids.
fn names_units(about: &str) -> bool {
    let about = about.to_lowercase();
    [
        "by id",
        "by unit id",
        "unit's id",
        "one id per",
        "units' ids",
    ]
    .iter()
    .any(|w| about.contains(w))
}

/// The label of a parameter naming units, for a person who chooses them by name: the schema's
/// words without their "by id".
fn by_name(about: &str) -> String {
    let mut label = about.to_owned();
    for (id_words, words) in [
        (", by unit id,", ","),
        (", by unit id", ""),
        (" by unit id", ""),
        (", by id,", ","),
        (", by id", ""),
        (" by id", ""),
        ("The unit's id", "The unit"),
        ("one id per step", "one per step"),
    ] {
        label = label.replace(id_words, words);
    }
    label
}

/// Whether a parameter described so is a hex or a place on the map.
fn names_hexes(name: &str, about: &str) -> bool {
    let about = about.to_lowercase();
    name.contains("hex")
        || about.contains(" hex")
        || about.starts_with("hex")
        || about.contains("holding box")
        || about.starts_with("where")
        || about.contains("where ")
}

/// Whether a list of units is given in order, one id per step (rows, which may repeat a unit),
/// rather than as a set (tick boxes).
fn in_order(about: &str) -> bool {
    let about = about.to_lowercase();
    about.contains("in order") || about.contains("per step")
}

fn bound(schema: &Value, key: &str) -> Option<i64> {
    schema
        .get(key)
        .and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
        .filter(|n| n.unsigned_abs() < 1 << 40)
}

fn trimmed(label: &str) -> &str {
    label.trim_end_matches('.')
}

/// What `fields_of` carries while it walks a schema.
struct Builder<'a> {
    root: &'a Value,
    choices: &'a Choices,
    typed: Option<&'a Fields>,
    fields: Vec<Field>,
    /// The heading the next field opens.
    legend: Option<String>,
}

impl Builder<'_> {
    fn leaf(
        &mut self,
        name: String,
        label: String,
        input: Input,
        required: bool,
        default: String,
    ) -> Node {
        let (value, values) = match self.typed {
            Some(f) => (
                match input {
                    Input::Check => {
                        if f.has(&name) {
                            "on".to_owned()
                        } else {
                            String::new()
                        }
                    }
                    _ => f.get(&name).to_owned(),
                },
                f.all(&name),
            ),
            None => (default, Vec::new()),
        };
        self.fields.push(Field {
            name,
            legend: self.legend.take(),
            label,
            input,
            required,
            value,
            values,
            error: None,
        });
        Node::Leaf(self.fields.len() - 1)
    }

    /// The units a single unit field offers: the reader's own when the field says "Your …",
    /// else every unit the reader may name.
    fn units(&self, required: bool, about: &str) -> Input {
        let mut list = if about.to_lowercase().starts_with("your ") {
            self.choices.for_set("your ")
        } else {
            self.choices.units.clone()
        };
        if !required {
            list.insert(0, (String::new(), "(none)".into()));
        }
        Input::Choice(list)
    }

    /// The node of parameter `name` (`path`) with schema `prop`; `in_row` when it is inside a
    /// list's row or an optional group (a choice then has an empty first option).
    fn node(
        &mut self,
        path: String,
        name: &str,
        prop: &Value,
        required: bool,
        depth: usize,
    ) -> Node {
        let schema = unwrap_null(self.root, prop);
        let about = prop
            .get("description")
            .or_else(|| schema.get("description"))
            .and_then(Value::as_str)
            .unwrap_or(name)
            .to_owned();
        // A row shows nothing until filled in: a default there would make every row count.
        let default = match prop.get("default").or_else(|| schema.get("default")) {
            _ if depth > 0 => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(Value::Bool(true)) => "on".into(),
            Some(Value::Number(n)) => n.to_string(),
            _ => String::new(),
        };
        if let Some(mut words) = words_of(schema) {
            if !required || depth > 0 {
                words.insert(0, (String::new(), "(none)".into()));
            }
            return self.leaf(path, about, Input::Choice(words), required, default);
        }
        match main_type(schema) {
            "integer" | "number" => {
                let input = Input::Number {
                    min: bound(schema, "minimum"),
                    max: bound(schema, "maximum"),
                    whole: main_type(schema) == "integer",
                };
                self.leaf(path, about, input, required, default)
            }
            "boolean" => self.leaf(path, about, Input::Check, false, default),
            "array" => self.list(path, &about, schema, depth),
            "object" => self.record(path, &about, schema, depth),
            _ if names_units(&about) => {
                let input = self.units(required && depth == 0, &about);
                self.leaf(path, by_name(&about), input, required, default)
            }
            _ => {
                let hexes = names_hexes(name, &about);
                self.leaf(path, about, Input::Text { hexes }, required, default)
            }
        }
    }

    fn list(&mut self, path: String, about: &str, schema: &Value, depth: usize) -> Node {
        let empty = Value::Null;
        let items = schema
            .get("items")
            .map_or(&empty, |i| unwrap_null(self.root, i));
        if let Some(tuple) = schema.get("prefixItems").and_then(Value::as_array) {
            // A list of pairs (or longer tuples): rows of one field per place.
            let rows = if depth == 0 { ROWS } else { INNER_ROWS };
            let nodes = (0..rows)
                .map(|row| {
                    self.legend = Some(format!("{} ({})", trimmed(about), row + 1));
                    let parts = tuple
                        .iter()
                        .enumerate()
                        .map(|(i, item)| {
                            let p = format!("{path}[{row}][{i}]");
                            (
                                i.to_string(),
                                i == 0,
                                self.node(p, &path, item, i == 0, depth + 1),
                            )
                        })
                        .collect();
                    Node::Object(parts)
                })
                .collect();
            return Node::Rows(nodes);
        }
        let max = schema
            .get("maxItems")
            .and_then(Value::as_u64)
            .map(|m| usize::try_from(m).unwrap_or(MOST_ROWS).min(MOST_ROWS));
        let rows = max.unwrap_or(if depth == 0 { ROWS } else { INNER_ROWS });
        let scalar = !matches!(main_type(items), "object" | "array");
        if scalar && names_units(about) && !in_order(about) {
            let set = if about.to_lowercase().starts_with("your ") {
                "your "
            } else {
                &path
            };
            let input = Input::Ticks(self.choices.for_set(set));
            return self.leaf(path, by_name(about), input, false, String::new());
        }
        if let Some(words) = words_of(items) {
            let label = about.to_owned();
            return self.leaf(path, label, Input::Ticks(words), false, String::new());
        }
        let nodes = (0..rows)
            .map(|row| {
                let p = format!("{path}[{row}]");
                if scalar {
                    let label = format!("{} ({})", trimmed(about), row + 1);
                    if names_units(about) {
                        let label = format!("{} ({})", trimmed(&by_name(about)), row + 1);
                        let input = self.units(false, about);
                        return self.leaf(p, label, input, false, String::new());
                    }
                    let about = label.clone();
                    let mut item = items.clone();
                    if let Some(o) = item.as_object_mut() {
                        o.insert("description".into(), Value::String(about));
                    }
                    return self.node(p, &path, &item, false, depth + 1);
                }
                self.legend = Some(format!("{} ({})", trimmed(about), row + 1));
                self.node(p, &path, items, false, depth + 1)
            })
            .collect();
        Node::Rows(nodes)
    }

    fn record(&mut self, path: String, about: &str, schema: &Value, depth: usize) -> Node {
        if let Some(props) = schema.get("properties").and_then(Value::as_object) {
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if !path.is_empty() && self.legend.is_none() {
                self.legend = Some(about.to_owned());
            }
            // What must be given first, then the rest, the tick boxes last.
            let mut props: Vec<(&String, &Value)> = props.iter().collect();
            props.sort_by_key(|(name, prop)| {
                let tick = main_type(unwrap_null(self.root, prop)) == "boolean";
                (!required.contains(&name.as_str()), tick)
            });
            let parts = props
                .into_iter()
                .map(|(name, prop)| {
                    let p = if path.is_empty() {
                        name.clone()
                    } else {
                        format!("{path}.{name}")
                    };
                    let must = required.contains(&name.as_str());
                    let node = self.node(p, name, prop, must, depth);
                    (name.clone(), must, node)
                })
                .collect();
            return Node::Object(parts);
        }
        // A map: rows of a key and its value.
        let empty = Value::Null;
        let values = schema
            .get("additionalProperties")
            .map_or(&empty, |v| unwrap_null(self.root, v));
        let rows = if depth == 0 { ROWS } else { INNER_ROWS };
        let keyed_by_unit = names_units(about);
        let nodes = (0..rows)
            .map(|row| {
                self.legend = Some(format!("{} ({})", trimmed(&by_name(about)), row + 1));
                let key_name = format!("{path}[{row}].key");
                let key = if keyed_by_unit {
                    let input = self.units(false, about);
                    self.leaf(key_name, "The unit".into(), input, false, String::new())
                } else {
                    let input = Input::Text { hexes: false };
                    self.leaf(key_name, "Name".into(), input, false, String::new())
                };
                let Node::Leaf(key) = key else {
                    unreachable!("a leaf is a leaf")
                };
                let mut value = values.clone();
                let words = if names_hexes("", about) {
                    "Where it ends"
                } else {
                    "How many"
                };
                if let Some(o) = value.as_object_mut()
                    && !o.contains_key("description")
                {
                    o.insert("description".into(), Value::String(words.into()));
                }
                let node = self.node(
                    format!("{path}[{row}].value"),
                    "value",
                    &value,
                    false,
                    depth + 1,
                );
                (key, node)
            })
            .collect();
        Node::Map(nodes)
    }
}

/// The form of `schema`, its choices from the reader's view, filled in from `typed` when shown
/// again.
pub fn form_of(schema: &Value, choices: &Choices, typed: Option<&Fields>) -> Form {
    let mut builder = Builder {
        root: schema,
        choices,
        typed,
        fields: Vec::new(),
        legend: None,
    };
    let root = builder.record(String::new(), "", schema, 0);
    Form {
        fields: builder.fields,
        root,
    }
}

/// The top-level fields of `schema` with nothing offered from a view (the options pages).
pub fn fields_of(schema: &Value, typed: Option<&Fields>) -> Vec<Field> {
    form_of(schema, &Choices::default(), typed).fields
}

impl Form {
    /// Reads the posted fields into the JSON object the entry takes; on a field that cannot be
    /// read, marks it and answers `None`.
    pub fn read(&mut self) -> Option<Value> {
        let root = self.root.clone();
        let (value, _) = read_node(&mut self.fields, &root, true);
        let ok = self.fields.iter().all(|f| f.error.is_none());
        ok.then(|| value.unwrap_or_else(|| Value::Object(Map::new())))
    }

    /// Puts a refusal beside the field its message names (`at 'attackers[0].units[1]'` →
    /// `attackers[0].units`), if any.
    pub fn place_error(&mut self, message: &str) -> bool {
        let Some(at) = message
            .split("at '")
            .nth(1)
            .and_then(|rest| rest.split('\'').next())
        else {
            return false;
        };
        let fits = |name: &str| {
            at == name
                || at
                    .strip_prefix(name)
                    .is_some_and(|rest| rest.starts_with(['.', '[']))
        };
        let best = self
            .fields
            .iter_mut()
            .filter(|f| fits(&f.name))
            .max_by_key(|f| f.name.len());
        match best {
            Some(field) => {
                field.error = Some(message.to_owned());
                true
            }
            None => false,
        }
    }
}

/// The value of one field, and whether anything was filled in.
fn read_leaf(field: &mut Field) -> (Option<Value>, bool) {
    let text = field.value.trim().to_owned();
    match &field.input {
        Input::Check => (Some(Value::Bool(field.checked())), field.checked()),
        Input::Ticks(list) => {
            let unknown = field
                .values
                .iter()
                .find(|v| !list.iter().any(|(code, _)| code == *v));
            if unknown.is_some() {
                field.error = Some("Tick only the boxes listed.".into());
            }
            let values = field.values.iter().cloned().map(Value::String).collect();
            (Some(Value::Array(values)), !field.values.is_empty())
        }
        _ if text.is_empty() => (None, false),
        Input::Number { min, max, whole } => {
            let number = if *whole {
                text.parse::<i64>().ok().map(Value::from)
            } else {
                text.parse::<f64>()
                    .ok()
                    .and_then(|f| serde_json::Number::from_f64(f).map(Value::Number))
            };
            let n = number.as_ref().and_then(Value::as_f64);
            let within = n.is_some_and(|n| {
                min.is_none_or(|m| n >= m as f64) && max.is_none_or(|m| n <= m as f64)
            });
            if !within {
                let kind = if *whole { "a whole number" } else { "a number" };
                field.error = Some(match (min, max) {
                    (Some(a), Some(b)) => {
                        format!("Give {kind} from {a} to {b}; '{text}' is not one.")
                    }
                    (Some(a), None) => format!("Give {kind} of {a} or more; '{text}' is not one."),
                    (None, Some(b)) => format!("Give {kind} of {b} or less; '{text}' is not one."),
                    (None, None) => format!("Give {kind}; '{text}' is not one."),
                });
                return (None, true);
            }
            (number, true)
        }
        Input::Choice(list) => {
            if !list.iter().any(|(code, _)| *code == text) {
                field.error = Some("Choose one of the listed.".into());
                return (None, true);
            }
            (Some(Value::String(text)), true)
        }
        Input::Text { .. } => (Some(Value::String(text)), true),
    }
}

/// The value of `node`, and whether anything in it was filled in; `present` when its parent
/// holds it for sure (the required fields inside must then be given).
fn read_node(fields: &mut [Field], node: &Node, present: bool) -> (Option<Value>, bool) {
    match node {
        Node::Leaf(i) => read_leaf(&mut fields[*i]),
        Node::Object(parts) => {
            let read: Vec<(Option<Value>, bool)> = parts
                .iter()
                .map(|(_, _, n)| read_node(fields, n, false))
                .collect();
            let filled = read.iter().any(|(_, f)| *f);
            if !(present || filled) {
                return (None, false);
            }
            let mut out = Map::new();
            for ((name, required, n), (value, _)) in parts.iter().zip(read) {
                match value {
                    Some(v) => {
                        out.insert(name.clone(), v);
                    }
                    None if *required => match n {
                        Node::Leaf(i) if fields[*i].error.is_none() => {
                            fields[*i].error = Some("Fill this in.".into());
                        }
                        Node::Object(_) => {
                            if let (Some(v), _) = read_node(fields, n, true) {
                                out.insert(name.clone(), v);
                            }
                        }
                        _ => {}
                    },
                    None => {}
                }
            }
            (Some(Value::Object(out)), filled)
        }
        Node::Rows(rows) => {
            let mut out = Vec::new();
            let mut any = false;
            for row in rows {
                let (value, filled) = read_node(fields, row, false);
                any |= filled;
                if let (Some(v), true) = (value, filled) {
                    out.push(v);
                }
            }
            (Some(Value::Array(out)), any)
        }
        Node::Map(rows) => {
            let mut out = Map::new();
            for (key, value) in rows {
                let (k, _) = read_leaf(&mut fields[*key]);
                let key_text = k.as_ref().and_then(Value::as_str).unwrap_or("").to_owned();
                let (v, filled) = read_node(fields, value, false);
                if key_text.is_empty() {
                    if filled && fields[*key].error.is_none() {
                        fields[*key].error = Some("Fill this in.".into());
                    }
                    continue;
                }
                match v {
                    Some(v) => {
                        out.insert(key_text, v);
                    }
                    None => fields[*key].error = Some("Give its value beside it.".into()),
                }
            }
            let filled = !out.is_empty();
            (Some(Value::Object(out)), filled)
        }
    }
}

#[cfg(test)]
#[path = "pages_forms_tests.rs"]
mod tests;
