//! Units imported from CSV or JSON: sizes, nesting and control characters checked before
//! anything is read, and every refusal naming the line and column (CSV) or the path (JSON).
//! The units still pass the roster's own checks when they are added.

use super::roster::{AttrKind, AttrValue, RosterSpec, Unit, UnitId};
use crate::core::domain::Side;
use crate::core::nesting;
use std::collections::{BTreeMap, BTreeSet};

/// The most units one import adds.
pub const MAX_IMPORT: usize = 500;

/// Why an import is refused: where, and what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {problem}")]
pub struct ImportError {
    /// `line 3, column 'cs'` or `at '[2].side'`.
    pub place: String,
    /// What is wrong, for people.
    pub problem: String,
}

fn refuse(place: impl Into<String>, problem: impl Into<String>) -> ImportError {
    ImportError {
        place: place.into(),
        problem: problem.into(),
    }
}

fn check_size(text: &str) -> Result<(), ImportError> {
    if text.len() > nesting::MAX_BYTES {
        return Err(refuse("the file", nesting::too_large(text.len())));
    }
    Ok(())
}

/// Reads units from CSV whose first line names the columns: `side` (`soviet` or `finnish`),
/// `name`, `type`, `location`, optionally `id` (an opaque id; `fresh` makes one where it is
/// left out or empty) and `markers` (codes separated by `;`), and one column per attribute code
/// of `spec`; an empty attribute cell leaves it unset.
pub fn units_from_csv(
    text: &str,
    spec: &RosterSpec,
    fresh: &mut dyn FnMut() -> UnitId,
) -> Result<Vec<Unit>, ImportError> {
    check_size(text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| refuse("line 1", format!("the file cannot be read as CSV ({e})")))?
        .iter()
        .map(|h| h.trim().to_lowercase())
        .collect();
    check_columns(&headers, spec)?;
    let mut units = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            refuse(
                format!("line {line}"),
                format!("the file cannot be read as CSV ({e})"),
            )
        })?;
        let line = record.position().map_or(0, |p| p.line());
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if units.len() >= MAX_IMPORT {
            return Err(refuse(
                format!("line {line}"),
                format!("more than {MAX_IMPORT} units in one import"),
            ));
        }
        let mut unit = Unit {
            id: fresh(),
            side: Side::Soviet,
            name: String::new(),
            unit_type: String::new(),
            attributes: BTreeMap::new(),
            location: String::new(),
            markers: BTreeSet::new(),
        };
        for (header, field) in headers.iter().zip(record.iter()) {
            let place = || format!("line {line}, column '{header}'");
            read_field(&mut unit, header, field, spec, &place)?;
        }
        spec.check(&unit)
            .map_err(|e| refuse(format!("line {line}"), e.to_string()))?;
        units.push(unit);
    }
    Ok(units)
}

/// The first line names the columns a unit needs and no column the roster does not know.
fn check_columns(headers: &[String], spec: &RosterSpec) -> Result<(), ImportError> {
    for needed in ["side", "name", "type", "location"] {
        if !headers.iter().any(|h| h == needed) {
            return Err(refuse(
                "line 1",
                format!(
                    "the columns must include '{needed}' (side, name, type, location, and optionally id, markers and the attribute codes)"
                ),
            ));
        }
    }
    for h in headers {
        let known = ["id", "side", "name", "type", "location", "markers"].contains(&h.as_str())
            || spec.attributes.iter().any(|a| &a.code == h);
        if !known {
            let codes: Vec<_> = spec.attributes.iter().map(|a| a.code.as_str()).collect();
            return Err(refuse(
                "line 1",
                format!(
                    "unknown column '{h}'; the attribute columns are {}",
                    codes.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Reads one cell of a unit's line into the unit; `place` names the cell for a refusal.
fn read_field(
    unit: &mut Unit,
    header: &str,
    field: &str,
    spec: &RosterSpec,
    place: &dyn Fn() -> String,
) -> Result<(), ImportError> {
    if let Some(c) = field.chars().find(|c| c.is_control()) {
        return Err(refuse(
            place(),
            format!("contains the control character U+{:04X}", u32::from(c)),
        ));
    }
    let field = field.trim();
    match header {
        "id" if field.is_empty() => {}
        "id" => {
            unit.id = UnitId::parse(field).map_err(|e| refuse(place(), e.to_string()))?;
        }
        "side" => {
            unit.side = match field.to_lowercase().as_str() {
                "soviet" => Side::Soviet,
                "finnish" => Side::Finnish,
                _ => {
                    return Err(refuse(
                        place(),
                        format!("'{field}' is not a side: write soviet or finnish"),
                    ));
                }
            }
        }
        "name" => unit.name = field.into(),
        "type" => unit.unit_type = field.into(),
        "location" => unit.location = field.into(),
        "markers" => {
            unit.markers = field
                .split(';')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .map(str::to_owned)
                .collect()
        }
        _ if field.is_empty() => {}
        code => {
            let attr = spec.attributes.iter().find(|a| a.code == code);
            let value = match attr.map(|a| &a.kind) {
                Some(AttrKind::Number { .. }) => AttrValue::Number(
                    field
                        .parse()
                        .map_err(|_| refuse(place(), format!("'{field}' is not a whole number")))?,
                ),
                _ => AttrValue::Text(field.into()),
            };
            unit.attributes.insert(code.to_owned(), value);
        }
    }
    Ok(())
}

/// Reads units from JSON: a list of units as the API shows them. Size, nesting and the count of
/// arrays and objects are measured before parsing.
pub fn units_from_json(text: &str, spec: &RosterSpec) -> Result<Vec<Unit>, ImportError> {
    nesting::refuse(text).map_err(|(line, problem)| match line {
        0 => refuse("the file", problem),
        line => refuse(format!("line {line}"), problem),
    })?;
    let mut de = serde_json::Deserializer::from_str(text);
    let units: Vec<Unit> = serde_path_to_error::deserialize(&mut de)
        .map_err(|e| refuse(format!("at '{}'", e.path()), e.inner().to_string()))?;
    if units.len() > MAX_IMPORT {
        return Err(refuse(
            "the list",
            format!("{} units; at most {MAX_IMPORT} in one import", units.len()),
        ));
    }
    for (n, unit) in units.iter().enumerate() {
        spec.check(unit)
            .map_err(|e| refuse(format!("at '[{n}]'"), e.to_string()))?;
    }
    Ok(units)
}

#[cfg(test)]
#[path = "roster_import_tests.rs"]
mod tests;
