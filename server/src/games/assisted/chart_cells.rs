//! What a chart cell may hold (result codes, numbers, ranges, losses, text) and how it is read.

use super::refusal::label_problem;
use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
    /// What a cell holds, in words ("one of DE, DW", "a whole number from 1 to 6").
    pub fn describe(&self) -> String {
        match self {
            CellGrammar::Code { codes, alternate } => format!(
                "one of {}{}",
                codes.join(", "),
                if *alternate {
                    ", optionally with an alternate in parentheses"
                } else {
                    ""
                }
            ),
            CellGrammar::Number { min, max } => format!("a whole number from {min} to {max}"),
            CellGrammar::Range { min, max } => {
                format!("a number or a range like \"2-3\" within {min} to {max}")
            }
            CellGrammar::Losses { max } => {
                format!("attacker/defender losses like \"1/2\", each from 0 to {max}")
            }
            CellGrammar::Text { max_chars } => format!("text of at most {max_chars} characters"),
        }
    }

    /// Reads `text` as a cell, or says what was expected.
    pub fn read(&self, text: &str) -> Result<Cell, String> {
        let text = text.trim();
        match self {
            CellGrammar::Code { codes, alternate } => {
                let known = |c: &str| codes.iter().any(|k| k == c);
                let expected = || self.describe();
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
                _ => Err(self.describe()),
            },
            CellGrammar::Range { min, max } => {
                let expected = || self.describe();
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
                    _ => Err(self.describe()),
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
