//! Reads the small TOML subset the map and counter files are written in, keeping line numbers.
//!
//! The accepted subset: `# comments`, top-level `key = value` lines, `[[table]]` headers, and
//! values that are a quoted string, an integer, `true`/`false` or a one-line array of those.
//! Keeping to it lets every later check name the exact line an umpire must fix.

use super::error::DataError;

/// One value written in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataValue {
    /// A quoted string.
    Text(String),
    /// A whole number (may be negative; the schema decides what it accepts).
    Integer(i64),
    /// `true` or `false`.
    Boolean(bool),
    /// A one-line array.
    List(Vec<DataValue>),
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataField {
    /// The key.
    pub key: String,
    /// The value.
    pub value: DataValue,
    /// The 1-based line it is on.
    pub line: usize,
}

/// One `[[name]]` table, or the top-level keys (name empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataTable {
    /// The table name, e.g. `space`.
    pub name: String,
    /// The 1-based line of its header (0 for the top level).
    pub line: usize,
    /// Its fields in file order.
    pub fields: Vec<DataField>,
}

impl DataTable {
    fn field(&self, key: &str) -> Option<&DataField> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// A required string field.
    pub fn text(&self, key: &str) -> Result<(String, usize), DataError> {
        match self.field(key) {
            Some(DataField {
                value: DataValue::Text(s),
                line,
                ..
            }) => Ok((s.clone(), *line)),
            Some(f) => Err(DataError::at(
                f.line,
                format!("`{key}` must be a quoted string"),
            )),
            None => Err(self.missing(key)),
        }
    }

    /// An optional string field.
    pub fn text_or(&self, key: &str, default: &str) -> Result<String, DataError> {
        match self.field(key) {
            None => Ok(default.to_string()),
            Some(_) => self.text(key).map(|(s, _)| s),
        }
    }

    /// A required non-negative integer field.
    pub fn count(&self, key: &str) -> Result<u32, DataError> {
        match self.field(key) {
            Some(f) => non_negative(key, &f.value, f.line),
            None => Err(self.missing(key)),
        }
    }

    /// An optional non-negative integer field.
    pub fn count_or(&self, key: &str, default: u32) -> Result<u32, DataError> {
        match self.field(key) {
            None => Ok(default),
            Some(f) => non_negative(key, &f.value, f.line),
        }
    }

    /// An optional boolean field.
    pub fn flag_or(&self, key: &str, default: bool) -> Result<bool, DataError> {
        match self.field(key) {
            None => Ok(default),
            Some(DataField {
                value: DataValue::Boolean(b),
                ..
            }) => Ok(*b),
            Some(f) => Err(DataError::at(
                f.line,
                format!("`{key}` must be true or false"),
            )),
        }
    }

    fn missing(&self, key: &str) -> DataError {
        DataError::at(
            self.line,
            format!("[[{}]] needs a `{key}` field", self.name),
        )
    }
}

fn non_negative(key: &str, value: &DataValue, line: usize) -> Result<u32, DataError> {
    match value {
        DataValue::Integer(n) if *n >= 0 => {
            u32::try_from(*n).map_err(|_| DataError::at(line, format!("`{key}` is too large")))
        }
        _ => Err(DataError::at(
            line,
            format!("`{key}` must be a non-negative whole number"),
        )),
    }
}

/// Parses a data file into its top-level table (first) and its `[[...]]` tables.
pub fn parse(text: &str) -> Result<Vec<DataTable>, DataError> {
    let mut tables = vec![DataTable {
        name: String::new(),
        line: 0,
        fields: Vec::new(),
    }];
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if let Some(rest) = content.strip_prefix("[[") {
            let name = rest.strip_suffix("]]").ok_or_else(|| {
                DataError::at(line, "a table header must look like [[name]]".to_string())
            })?;
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(DataError::at(line, format!("`{name}` is not a table name")));
            }
            tables.push(DataTable {
                name: name.to_string(),
                line,
                fields: Vec::new(),
            });
            continue;
        }
        if content.starts_with('[') {
            return Err(DataError::at(
                line,
                "only [[name]] table headers are accepted in this file".to_string(),
            ));
        }
        let (key, value) = content
            .split_once('=')
            .ok_or_else(|| DataError::at(line, "expected `key = value`".to_string()))?;
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(DataError::at(line, format!("`{key}` is not a valid key")));
        }
        let value = parse_value(value.trim(), line)?;
        let table = tables
            .last_mut()
            .ok_or_else(|| DataError::at(line, "no table".into()))?;
        if table.fields.iter().any(|f| f.key == key) {
            return Err(DataError::at(
                line,
                format!("`{key}` is given twice in this table"),
            ));
        }
        table.fields.push(DataField {
            key: key.to_string(),
            value,
            line,
        });
    }
    Ok(tables)
}

fn strip_comment(raw: &str) -> &str {
    let mut in_string = false;
    for (i, c) in raw.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &raw[..i],
            _ => {}
        }
    }
    raw
}

fn parse_value(text: &str, line: usize) -> Result<DataValue, DataError> {
    if let Some(inner) = text.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or_else(|| {
            DataError::at(
                line,
                "an array must open and close on the same line".to_string(),
            )
        })?;
        let mut items = Vec::new();
        for part in split_items(inner) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            items.push(parse_value(part, line)?);
        }
        return Ok(DataValue::List(items));
    }
    if let Some(inner) = text.strip_prefix('"') {
        let inner = inner.strip_suffix('"').ok_or_else(|| {
            DataError::at(line, "a string must end with a double quote".to_string())
        })?;
        if inner.contains('"') || inner.contains('\\') {
            return Err(DataError::at(
                line,
                "strings may not contain quotes or backslashes".into(),
            ));
        }
        return Ok(DataValue::Text(inner.to_string()));
    }
    match text {
        "true" => return Ok(DataValue::Boolean(true)),
        "false" => return Ok(DataValue::Boolean(false)),
        _ => {}
    }
    text.replace('_', "")
        .parse::<i64>()
        .map(DataValue::Integer)
        .map_err(|_| DataError::at(line, format!("`{text}` is not a string, number or boolean")))
}

fn split_items(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut in_string = false;
    for (i, c) in inner.char_indices() {
        match c {
            '"' => in_string = !in_string,
            ',' if !in_string => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
}
