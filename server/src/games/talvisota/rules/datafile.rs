//! Reads the map and counter files as TOML, keeping the line of every table and field.
//!
//! The `toml` crate does the parsing (with its own nesting limit); this module only turns its
//! spanned document into `[[table]]`s in file order, so every later check can name the exact
//! line an umpire must fix. A file may hold top-level keys and `[[name]]` tables whose fields
//! are strings, integers, booleans or arrays of those.

use super::error::DataError;
use crate::core::lines::LineStarts;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One value written in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataValue {
    /// A quoted string.
    Text(String),
    /// A whole number (may be negative; the schema decides what it accepts).
    Integer(i64),
    /// `true` or `false`.
    Boolean(bool),
    /// An array.
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

    /// A required non-negative integer field of at most `max`: the values a file gives become
    /// counters to lay out and numbers to add, so each is held to what a game can use.
    pub fn count_at_most(&self, key: &str, max: u32) -> Result<u32, DataError> {
        self.count(key).and_then(|n| self.at_most(key, n, max))
    }

    /// An optional non-negative integer field of at most `max`.
    pub fn count_or_at_most(&self, key: &str, default: u32, max: u32) -> Result<u32, DataError> {
        self.count_or(key, default)
            .and_then(|n| self.at_most(key, n, max))
    }

    fn at_most(&self, key: &str, count: u32, max: u32) -> Result<u32, DataError> {
        if count <= max {
            return Ok(count);
        }
        let line = self.field(key).map_or(self.line, |f| f.line);
        Err(DataError::at(
            line,
            format!("`{key}` is {count}; at most {max} is accepted"),
        ))
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

/// The longest text a data file's string may hold, in characters.
pub const MAX_TEXT_CHARS: usize = 200;

/// Parses a data file into its top-level table (first) and its `[[...]]` tables in file order.
/// Its time grows with the file's length, not faster: every line is found in a table of line
/// starts made in one pass.
pub fn parse(text: &str) -> Result<Vec<DataTable>, DataError> {
    crate::core::nesting::refuse(text).map_err(|(line, message)| DataError::at(line, message))?;
    let lines = LineStarts::new(text);
    let document = DeTable::parse(text).map_err(|e| syntax_error(text, &lines, &e))?;
    let mut top = DataTable {
        name: String::new(),
        line: 0,
        fields: Vec::new(),
    };
    let mut tables = Vec::new();
    for (key, value) in document.get_ref() {
        let line = lines.line_of(key.span().start);
        let name = key.get_ref().to_string();
        match value.get_ref() {
            DeValue::Array(items) if is_table_array(items) => {
                for item in items {
                    if let DeValue::Table(fields) = item.get_ref() {
                        tables.push(DataTable {
                            name: name.clone(),
                            line: lines.line_of(item.span().start),
                            fields: read_fields(&lines, fields)?,
                        });
                    }
                }
            }
            DeValue::Table(_) => {
                return Err(DataError::at(
                    line,
                    format!("`{name}`: only [[name]] tables are accepted in this file"),
                ));
            }
            other => top.fields.push(DataField {
                key: name.clone(),
                value: read_value(&lines, &name, other, line)?,
                line,
            }),
        }
    }
    tables.sort_by_key(|t| t.line);
    top.fields.sort_by_key(|f| f.line);
    tables.insert(0, top);
    Ok(tables)
}

/// The parser's complaint, with its line and the key written on that line.
fn syntax_error(text: &str, lines: &LineStarts, error: &toml::de::Error) -> DataError {
    let line = error.span().map_or(0, |span| lines.line_of(span.start));
    let message = error.message().trim();
    match lines.line(text, line).split_once('=') {
        Some((key, _)) if !key.trim().is_empty() => {
            DataError::at(line, format!("`{}`: {message}", key.trim()))
        }
        _ => DataError::at(line, message.to_string()),
    }
}

fn is_table_array(items: &[Spanned<DeValue<'_>>]) -> bool {
    !items.is_empty()
        && items
            .iter()
            .all(|item| matches!(item.get_ref(), DeValue::Table(_)))
}

fn read_fields(lines: &LineStarts, fields: &DeTable<'_>) -> Result<Vec<DataField>, DataError> {
    let mut read = Vec::new();
    for (key, value) in fields {
        let line = lines.line_of(key.span().start);
        let name = key.get_ref().to_string();
        read.push(DataField {
            value: read_value(lines, &name, value.get_ref(), line)?,
            key: name,
            line,
        });
    }
    read.sort_by_key(|f| f.line);
    Ok(read)
}

fn read_value(
    lines: &LineStarts,
    key: &str,
    value: &DeValue<'_>,
    line: usize,
) -> Result<DataValue, DataError> {
    match value {
        DeValue::String(s) => read_text(key, s, line),
        DeValue::Boolean(b) => Ok(DataValue::Boolean(*b)),
        DeValue::Integer(n) => i64::from_str_radix(&n.as_str().replace('_', ""), n.radix())
            .map(DataValue::Integer)
            .map_err(|_| DataError::at(line, format!("`{key}` is not a whole number we can use"))),
        DeValue::Array(items) => items
            .iter()
            .map(|item| {
                let at = lines.line_of(item.span().start);
                read_value(lines, key, item.get_ref(), at)
            })
            .collect::<Result<_, _>>()
            .map(DataValue::List),
        DeValue::Float(_) | DeValue::Datetime(_) | DeValue::Table(_) => Err(DataError::at(
            line,
            format!("`{key}` must be a string, a whole number, true/false or an array of those"),
        )),
    }
}

/// A string of one printable line and at most [`MAX_TEXT_CHARS`] characters: TOML's escapes
/// (`\u0000`, `\n`) can write what its parser refuses raw.
fn read_text(key: &str, text: &str, line: usize) -> Result<DataValue, DataError> {
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(DataError::at(
            line,
            format!(
                "`{key}` holds the control character U+{:04X}; write one line of printable text",
                u32::from(c)
            ),
        ));
    }
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(DataError::at(
            line,
            format!("`{key}` is {chars} characters long; at most {MAX_TEXT_CHARS} are accepted"),
        ));
    }
    Ok(DataValue::Text(text.to_owned()))
}
