//! Why an entered or imported chart was refused, or a reading could not be made.

use super::charts::CellProblem;
use super::refusal::RefusalKind;

/// Why a chart was refused or cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChartError {
    /// The game declares no such chart, or it has not been entered.
    #[error("there is no chart `{chart}`")]
    NoSuchChart {
        /// The chart.
        chart: String,
    },
    /// No such version of the chart.
    #[error("chart `{chart}` has no version {version}")]
    NoSuchVersion {
        /// The chart.
        chart: String,
        /// The version asked for.
        version: u32,
    },
    /// The keys differ from those declared.
    #[error("the {what} of `{chart}` must be exactly {expected}; found {found}")]
    WrongKeys {
        /// The chart.
        chart: String,
        /// "rows" or "columns".
        what: &'static str,
        /// The declared keys.
        expected: String,
        /// The keys entered.
        found: String,
    },
    /// A key is unusable.
    #[error("{what} key `{key}` {problem}")]
    BadKey {
        /// "row" or "column".
        what: &'static str,
        /// The key (cut to 40 characters).
        key: String,
        /// What is wrong.
        problem: String,
    },
    /// A row has the wrong number of cells.
    #[error("row `{row}` has {found} cells; the chart has {expected} columns")]
    RowLength {
        /// The row key.
        row: String,
        /// Cells found.
        found: usize,
        /// Columns declared.
        expected: usize,
    },
    /// Cells that do not match the grammar.
    #[error("{}", cells_sentence(.problems))]
    BadCells {
        /// The first problems found (at most [`super::charts::MAX_PROBLEMS`]).
        problems: Vec<CellProblem>,
    },
    /// A row or column key is not in the chart.
    #[error("chart `{chart}` has no {what} `{key}`")]
    NoSuchKey {
        /// The chart.
        chart: String,
        /// "row" or "column".
        what: &'static str,
        /// The key.
        key: String,
    },
    /// An import file is unusable.
    #[error("{format} line {line}: {problem}")]
    Import {
        /// "CSV" or "JSON".
        format: &'static str,
        /// The 1-based line (0: the whole file).
        line: u64,
        /// What is wrong.
        problem: String,
    },
}

fn cells_sentence(problems: &[CellProblem]) -> String {
    // One line per kind of problem: the cells that are not the same thing, listed together.
    let mut kinds: Vec<(&str, Vec<String>)> = Vec::new();
    for p in problems {
        let at = format!("\"{}\" at row `{}`, column `{}`", p.found, p.row, p.column);
        match kinds
            .iter_mut()
            .find(|(expected, _)| *expected == p.expected)
        {
            Some((_, cells)) => cells.push(at),
            None => kinds.push((&p.expected, vec![at])),
        }
    }
    kinds
        .into_iter()
        .map(|(expected, cells)| {
            let what = if cells.len() == 1 { "a cell" } else { "cells" };
            format!("{what} must be {expected}: {}", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl ChartError {
    /// A stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            ChartError::NoSuchChart { .. } => "no_such_chart",
            ChartError::NoSuchVersion { .. } => "no_such_chart_version",
            ChartError::WrongKeys { .. } => "chart_wrong_keys",
            ChartError::BadKey { .. } => "chart_bad_key",
            ChartError::RowLength { .. } => "chart_row_length",
            ChartError::BadCells { .. } => "chart_bad_cells",
            ChartError::NoSuchKey { .. } => "no_such_chart_key",
            ChartError::Import { .. } => "chart_import",
        }
    }

    /// Whether it is a missing chart, key or version, or an entry against the declared shape.
    pub fn kind(&self) -> RefusalKind {
        match self {
            ChartError::NoSuchChart { .. }
            | ChartError::NoSuchVersion { .. }
            | ChartError::NoSuchKey { .. } => RefusalKind::NoSuchThing,
            _ => RefusalKind::AgainstTheRules,
        }
    }
}
