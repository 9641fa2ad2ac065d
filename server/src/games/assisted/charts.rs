//! Charts the players enter because the rules' text lacks them: a game declares each chart's
//! shape and cell grammar, and entered charts are checked against it cell by cell.

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

/// What a cell may hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cell", rename_all = "snake_case")]
pub enum CellGrammar {
    /// A result code from a declared list, optionally with a parenthesized alternate: "DE (DW)".
    Code {
        /// The codes.
        codes: Vec<String>,
        /// Whether "CODE (CODE)" is accepted.
        alternate: bool,
    },
    /// A whole number from `min` to `max`.
    Number {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// A number or a range "2-3" within `min..=max`.
    Range {
        /// Smallest.
        min: i64,
        /// Largest.
        max: i64,
    },
    /// Attacker/defender losses "1/2", each from 0 to `max`.
    Losses {
        /// Largest loss on either side.
        max: u32,
    },
    /// Free text of 0 to `max_chars` characters on one line.
    Text {
        /// Longest.
        max_chars: usize,
    },
}

/// A cell's value, read by its grammar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Cell {
    /// A result code, with its alternate if given.
    Code {
        /// The code.
        code: String,
        /// The parenthesized alternate.
        alternate: Option<String>,
    },
    /// A number.
    Number {
        /// The value.
        value: i64,
    },
    /// An inclusive range (a single number is `low == high`).
    Range {
        /// Lower end.
        low: i64,
        /// Upper end.
        high: i64,
    },
    /// Losses on each side.
    Losses {
        /// The attacker's.
        attacker: u32,
        /// The defender's.
        defender: u32,
    },
    /// Text.
    Text {
        /// The text.
        text: String,
    },
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cell::Code {
                code,
                alternate: Some(alt),
            } => write!(f, "{code} ({alt})"),
            Cell::Code {
                code,
                alternate: None,
            } => f.write_str(code),
            Cell::Number { value } => write!(f, "{value}"),
            Cell::Range { low, high } if low == high => write!(f, "{low}"),
            Cell::Range { low, high } => write!(f, "{low}-{high}"),
            Cell::Losses { attacker, defender } => write!(f, "{attacker}/{defender}"),
            Cell::Text { text } => f.write_str(text),
        }
    }
}

fn number(text: &str) -> Option<i64> {
    let t = text.trim().replace('−', "-");
    if t.is_empty() || t.len() > 12 {
        return None;
    }
    t.parse().ok()
}

impl CellGrammar {
    /// Reads `text` as a cell, or says what was expected.
    pub fn read(&self, text: &str) -> Result<Cell, String> {
        let text = text.trim();
        match self {
            CellGrammar::Code { codes, alternate } => {
                let known = |c: &str| codes.iter().any(|k| k == c);
                let expected = || {
                    format!(
                        "one of {}{}",
                        codes.join(", "),
                        if *alternate {
                            ", optionally with an alternate in parentheses"
                        } else {
                            ""
                        }
                    )
                };
                let (code, alt) = match text.split_once('(') {
                    Some((c, rest)) if *alternate => (
                        c.trim(),
                        Some(rest.strip_suffix(')').ok_or_else(expected)?.trim()),
                    ),
                    _ => (text, None),
                };
                if !known(code) || alt.is_some_and(|a| !known(a)) {
                    return Err(expected());
                }
                Ok(Cell::Code {
                    code: code.into(),
                    alternate: alt.map(str::to_string),
                })
            }
            CellGrammar::Number { min, max } => match number(text) {
                Some(value) if (min..=max).contains(&&value) => Ok(Cell::Number { value }),
                _ => Err(format!("a whole number from {min} to {max}")),
            },
            CellGrammar::Range { min, max } => {
                let expected = || format!("a number or a range like \"2-3\" within {min} to {max}");
                // The first dash after a digit separates the ends, so "-2--1" reads as -2 to -1.
                let cut = text
                    .char_indices()
                    .skip(1)
                    .find(|&(i, c)| c == '-' && text[..i].ends_with(|d: char| d.is_ascii_digit()));
                let (low, high) = match cut {
                    Some((i, _)) => (number(&text[..i]), number(&text[i + 1..])),
                    None => (number(text), number(text)),
                };
                match (low, high) {
                    (Some(l), Some(h)) if l <= h && l >= *min && h <= *max => {
                        Ok(Cell::Range { low: l, high: h })
                    }
                    _ => Err(expected()),
                }
            }
            CellGrammar::Losses { max } => {
                let read = |t: &str| t.trim().parse::<u32>().ok().filter(|n| n <= max);
                match text.split_once('/').map(|(a, d)| (read(a), read(d))) {
                    Some((Some(attacker), Some(defender))) => {
                        Ok(Cell::Losses { attacker, defender })
                    }
                    _ => Err(format!(
                        "attacker/defender losses like \"1/2\", each from 0 to {max}"
                    )),
                }
            }
            CellGrammar::Text { max_chars } => {
                if text.is_empty() {
                    return Ok(Cell::Text {
                        text: String::new(),
                    });
                }
                match label_problem(text, *max_chars) {
                    None => Ok(Cell::Text { text: text.into() }),
                    Some(p) => Err(format!("text of at most {max_chars} characters; this {p}")),
                }
            }
        }
    }
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
    /// Checks a declaration: a well-formed code and name.
    pub fn validate(&self) -> Result<(), ChartError> {
        let bad = |problem: String| ChartError::BadKey {
            what: "chart",
            key: cut(&self.code),
            problem,
        };
        code_problem(&self.code).map_or(Ok(()), |p| Err(bad(p)))?;
        label_problem(&self.name, 80).map_or(Ok(()), |p| Err(bad(format!("has a name that {p}"))))
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
