//! Charts the players enter because the rules' text lacks them: a game declares each chart's
//! shape and cell grammar, and entered charts are checked against it cell by cell.

pub use super::chart_cells::{Cell, CellGrammar};
pub use super::chart_error::ChartError;
use super::refusal::{code_problem, label_problem};
use serde::{Deserialize, Serialize};

/// The most rows or columns a chart may have.
pub const MAX_KEYS: usize = 100;
/// The longest row or column key.
pub const MAX_KEY_CHARS: usize = 24;
/// The most cell problems one refusal lists.
pub const MAX_PROBLEMS: usize = 20;

/// Row or column keys: fixed by the game, or named by whoever enters the chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Keys {
    /// Exactly these keys, in this order.
    Fixed {
        /// The keys.
        keys: Vec<String>,
    },
    /// Keys named on entry, unique, at most `max` of them.
    Entered {
        /// The most keys.
        max: usize,
    },
}

/// A chart a game declares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartSpec {
    /// Its code, e.g. `crt`.
    pub code: String,
    /// Its name, e.g. "Combat Results Table".
    pub name: String,
    /// Its row keys (e.g. the 2d6 totals "2" to "12").
    pub rows: Keys,
    /// Its column keys (e.g. the odds "1:4" to "6:1").
    pub columns: Keys,
    /// What its cells hold.
    pub cell: CellGrammar,
}

/// A chart as entered, before it is checked: keys and cell texts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChart {
    /// The row keys, top to bottom.
    pub rows: Vec<String>,
    /// The column keys, left to right.
    pub columns: Vec<String>,
    /// The cells, one list per row.
    pub cells: Vec<Vec<String>>,
}

/// A checked chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chart {
    /// The chart's code.
    pub code: String,
    /// The row keys.
    pub rows: Vec<String>,
    /// The column keys.
    pub columns: Vec<String>,
    /// The cells, one list per row.
    pub cells: Vec<Vec<Cell>>,
}

/// One unusable cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellProblem {
    /// The row key.
    pub row: String,
    /// The column key.
    pub column: String,
    /// What was entered (cut to 40 characters).
    pub found: String,
    /// What the grammar expects.
    pub expected: String,
}

fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}

fn check_keys(
    chart: &str,
    what: &'static str,
    declared: &Keys,
    keys: &[String],
) -> Result<(), ChartError> {
    if let Keys::Fixed { keys: expected } = declared
        && keys != expected.as_slice()
    {
        {
            let shown = |k: &[String]| {
                if k.len() > 12 {
                    format!("{} … ({} in all)", k[..12].join(", "), k.len())
                } else {
                    k.join(", ")
                }
            };
            return Err(ChartError::WrongKeys {
                chart: chart.into(),
                what,
                expected: shown(expected),
                found: shown(keys),
            });
        }
    }
    let max = match declared {
        Keys::Fixed { keys } => keys.len(),
        Keys::Entered { max } => (*max).min(MAX_KEYS),
    };
    let singular = if what == "rows" { "row" } else { "column" };
    if keys.is_empty() || keys.len() > max {
        return Err(ChartError::BadKey {
            what: singular,
            key: String::new(),
            problem: format!("list has {} keys; 1 to {max} are accepted", keys.len()),
        });
    }
    for (i, key) in keys.iter().enumerate() {
        if let Some(problem) = label_problem(key, MAX_KEY_CHARS) {
            return Err(ChartError::BadKey {
                what: singular,
                key: cut(key),
                problem,
            });
        }
        if keys[..i].contains(key) {
            return Err(ChartError::BadKey {
                what: singular,
                key: cut(key),
                problem: "appears twice".into(),
            });
        }
    }
    Ok(())
}

impl ChartSpec {
    /// Checks a declaration: a well-formed code and name, fixed keys that are well formed and
    /// unique, and a cell grammar that accepts something.
    pub fn validate(&self) -> Result<(), ChartError> {
        let bad = |problem: String| ChartError::BadKey {
            what: "chart",
            key: cut(&self.code),
            problem,
        };
        code_problem(&self.code).map_or(Ok(()), |p| Err(bad(p)))?;
        label_problem(&self.name, 80)
            .map_or(Ok(()), |p| Err(bad(format!("has a name that {p}"))))?;
        for (what, keys) in [("rows", &self.rows), ("columns", &self.columns)] {
            if let Keys::Fixed { keys: fixed } = keys {
                check_keys(&self.code, what, &Keys::Entered { max: MAX_KEYS }, fixed)?;
            }
        }
        let problem = match &self.cell {
            CellGrammar::Code { codes, .. } if codes.is_empty() => {
                Some("declares no result codes".to_string())
            }
            CellGrammar::Code { codes, .. } => codes.iter().find_map(|c| {
                label_problem(c, MAX_KEY_CHARS).map(|p| format!("has a result code that {p}"))
            }),
            CellGrammar::Number { min, max } | CellGrammar::Range { min, max } if min > max => {
                Some(format!(
                    "has cells from {min} to {max}; the smallest must not be above the largest"
                ))
            }
            CellGrammar::Text { max_chars } if !(1..=200).contains(max_chars) => {
                Some("must allow 1 to 200 characters in a cell".to_string())
            }
            _ => None,
        };
        problem.map_or(Ok(()), |p| Err(bad(p)))
    }

    /// Checks an entered chart: keys exactly as declared (or well formed and unique when
    /// entered), every row complete, every cell well formed. Cell errors name row and column.
    pub fn check(&self, raw: RawChart) -> Result<Chart, ChartError> {
        check_keys(&self.code, "rows", &self.rows, &raw.rows)?;
        check_keys(&self.code, "columns", &self.columns, &raw.columns)?;
        if raw.cells.len() != raw.rows.len() {
            return Err(ChartError::RowLength {
                row: format!("(the chart has {} rows of cells)", raw.cells.len()),
                found: raw.cells.len(),
                expected: raw.rows.len(),
            });
        }
        let mut problems = Vec::new();
        let mut cells = Vec::with_capacity(raw.rows.len());
        for (row, texts) in raw.rows.iter().zip(&raw.cells) {
            if texts.len() != raw.columns.len() {
                return Err(ChartError::RowLength {
                    row: row.clone(),
                    found: texts.len(),
                    expected: raw.columns.len(),
                });
            }
            let mut line = Vec::with_capacity(texts.len());
            for (column, text) in raw.columns.iter().zip(texts) {
                match self.cell.read(text) {
                    Ok(cell) => line.push(cell),
                    Err(expected) if problems.len() < MAX_PROBLEMS => problems.push(CellProblem {
                        row: row.clone(),
                        column: column.clone(),
                        found: cut(text),
                        expected,
                    }),
                    Err(_) => {}
                }
            }
            cells.push(line);
        }
        if !problems.is_empty() {
            return Err(ChartError::BadCells { problems });
        }
        Ok(Chart {
            code: self.code.clone(),
            rows: raw.rows,
            columns: raw.columns,
            cells,
        })
    }
}

impl Chart {
    /// The cell at `row`, `column`.
    pub fn cell(&self, row: &str, column: &str) -> Result<&Cell, ChartError> {
        let missing = |what, key: &str| ChartError::NoSuchKey {
            chart: self.code.clone(),
            what,
            key: cut(key),
        };
        let r = self
            .rows
            .iter()
            .position(|k| k == row)
            .ok_or_else(|| missing("row", row))?;
        let c = self
            .columns
            .iter()
            .position(|k| k == column)
            .ok_or_else(|| missing("column", column))?;
        self.cells
            .get(r)
            .and_then(|line| line.get(c))
            .ok_or_else(|| missing("row", row))
    }
}

#[cfg(test)]
#[path = "charts_tests.rs"]
mod tests;
