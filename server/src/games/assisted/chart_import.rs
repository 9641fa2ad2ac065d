//! Charts imported from CSV or JSON files, refusing hostile input (huge sizes, control
//! characters, deep nesting) with the line at fault before anything is kept.

use super::charts::{ChartError, MAX_KEYS, RawChart};
use crate::core::nesting;
use serde::Deserialize;

/// The longest cell text accepted in an imported file.
pub const MAX_CELL_CHARS: usize = 200;

fn refuse(format: &'static str, line: u64, problem: impl Into<String>) -> ChartError {
    ChartError::Import {
        format,
        line,
        problem: problem.into(),
    }
}

fn check_text(format: &'static str, line: u64, what: &str, text: &str) -> Result<(), ChartError> {
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(refuse(
            format,
            line,
            format!(
                "{what} contains the control character U+{:04X}; cells must be one line of printable text",
                u32::from(c)
            ),
        ));
    }
    let chars = text.chars().count();
    if chars > MAX_CELL_CHARS {
        return Err(refuse(
            format,
            line,
            format!("{what} is {chars} characters long; at most {MAX_CELL_CHARS} are accepted"),
        ));
    }
    Ok(())
}

fn check_size(format: &'static str, text: &str) -> Result<(), ChartError> {
    if text.len() > nesting::MAX_BYTES {
        return Err(refuse(format, 0, nesting::too_large(text.len())));
    }
    Ok(())
}

/// Reads a chart from CSV: a header line (a corner label, then the column keys), then one line
/// per row (its key, then its cells). Quoted fields are allowed; a leading byte-order mark is
/// ignored. The result still has to pass the chart's `check`.
pub fn from_csv(text: &str) -> Result<RawChart, ChartError> {
    const CSV: &str = "CSV";
    check_size(CSV, text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Cells pasted from a spreadsheet come tab-separated: a first line with a tab is read so.
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delimiter = if first.contains('\t') { b'\t' } else { b',' };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut chart = RawChart::default();
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            refuse(CSV, line, format!("the file cannot be read as CSV ({e})"))
        })?;
        let line = record.position().map_or(index as u64 + 1, |p| p.line());
        if record.len() > MAX_KEYS + 1 {
            return Err(refuse(
                CSV,
                line,
                format!(
                    "{} fields; a chart has at most {MAX_KEYS} columns",
                    record.len()
                ),
            ));
        }
        for (i, field) in record.iter().enumerate() {
            check_text(CSV, line, &format!("field {}", i + 1), field)?;
        }
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let mut fields = record.iter().map(|f| f.trim().to_string());
        if index == 0 {
            chart.columns = fields.skip(1).collect();
            continue;
        }
        if chart.rows.len() >= MAX_KEYS {
            return Err(refuse(CSV, line, format!("more than {MAX_KEYS} rows")));
        }
        chart.rows.push(fields.next().unwrap_or_default());
        chart.cells.push(fields.collect());
    }
    if chart.columns.is_empty() {
        return Err(refuse(
            CSV,
            1,
            "the first line must name the columns, after a corner label",
        ));
    }
    Ok(chart)
}

/// A cell as JSON may give it: text or a number.
#[derive(Deserialize)]
#[serde(untagged)]
enum JsonCell {
    Text(String),
    Whole(i64),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonChart {
    rows: Vec<JsonCell>,
    columns: Vec<String>,
    cells: Vec<Vec<JsonCell>>,
}

fn text_of(cell: JsonCell) -> String {
    match cell {
        JsonCell::Text(t) => t,
        JsonCell::Whole(n) => n.to_string(),
    }
}

/// Reads a chart from JSON: `{"rows": [...], "columns": [...], "cells": [[...], ...]}`, cells
/// as text or whole numbers. Nesting is measured before parsing. The result still has to pass
/// the chart's `check`.
pub fn from_json(text: &str) -> Result<RawChart, ChartError> {
    const JSON: &str = "JSON";
    nesting::refuse(text).map_err(|(line, problem)| refuse(JSON, line as u64, problem))?;
    let parsed: JsonChart = serde_json::from_str(text).map_err(|e| {
        refuse(
            JSON,
            e.line() as u64,
            format!("the file is not a chart ({e})"),
        )
    })?;
    if parsed.rows.len() > MAX_KEYS
        || parsed.columns.len() > MAX_KEYS
        || parsed.cells.len() > MAX_KEYS
        || parsed.cells.iter().any(|r| r.len() > MAX_KEYS)
    {
        return Err(refuse(
            JSON,
            0,
            format!("a chart has at most {MAX_KEYS} rows and {MAX_KEYS} columns"),
        ));
    }
    let chart = RawChart {
        rows: parsed.rows.into_iter().map(text_of).collect(),
        columns: parsed.columns,
        cells: parsed
            .cells
            .into_iter()
            .map(|r| r.into_iter().map(text_of).collect())
            .collect(),
    };
    for (what, text) in chart
        .rows
        .iter()
        .map(|r| ("a row key", r))
        .chain(chart.columns.iter().map(|c| ("a column key", c)))
        .chain(chart.cells.iter().flatten().map(|c| ("a cell", c)))
    {
        check_text(JSON, 0, what, text)?;
    }
    Ok(chart)
}
