//! A chart as a grid of fields shaped as the rules declare it: fixed keys as labels, entered
//! keys as fields, one field per cell. Read back from a form, and marked where a refusal names a
//! key or a cell. No I/O: the pages hand it the form's fields.

use super::chart_error::ChartError;
use super::charts::{Chart, ChartSpec, Keys, MAX_KEYS, RawChart};

/// How many entered keys a new chart offers before anything is typed.
const FIRST_ROWS: usize = 12;
/// How many entered column keys a new chart offers.
const FIRST_COLUMNS: usize = 10;
/// How many blank entered keys are offered after those of the chart as it stands.
const SPARE: usize = 2;

/// A row or column key in the grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeySlot {
    /// The key as shown or typed.
    pub text: String,
    /// Whether the rules fix it (shown as a label, not a field).
    pub fixed: bool,
    /// The kind of problem it has, by its index in [`Grid::problems`].
    pub problem: Option<usize>,
}

/// One cell of the grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellSlot {
    /// The cell as shown or typed.
    pub text: String,
    /// The kind of problem it has, by its index in [`Grid::problems`].
    pub problem: Option<usize>,
}

/// A row: its key and its cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridRow {
    /// The key.
    pub key: KeySlot,
    /// The cells, one per column.
    pub cells: Vec<CellSlot>,
}

/// A chart as a grid of fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    /// The column keys.
    pub columns: Vec<KeySlot>,
    /// The rows.
    pub rows: Vec<GridRow>,
    /// What a refusal found, one line per kind of problem.
    pub problems: Vec<String>,
}

fn slots(keys: &Keys, current: usize, first: usize) -> usize {
    match keys {
        Keys::Fixed { keys } => keys.len(),
        Keys::Entered { max } => {
            let wanted = if current == 0 { first } else { current + SPARE };
            wanted.min(*max).min(MAX_KEYS)
        }
    }
}

fn key_slots(keys: &Keys, texts: impl Fn(usize) -> String, count: usize) -> Vec<KeySlot> {
    (0..count)
        .map(|i| match keys {
            Keys::Fixed { keys } => KeySlot {
                text: keys[i].clone(),
                fixed: true,
                problem: None,
            },
            Keys::Entered { .. } => KeySlot {
                text: texts(i),
                fixed: false,
                problem: None,
            },
        })
        .collect()
}

/// The field names of the grid's parts.
pub fn row_field(i: usize) -> String {
    format!("row-{i}")
}
/// The field of column key `j`.
pub fn column_field(j: usize) -> String {
    format!("col-{j}")
}
/// The field of the cell at row `i`, column `j`.
pub fn cell_field(i: usize, j: usize) -> String {
    format!("cell-{i}-{j}")
}

impl Grid {
    /// The grid for `spec`, filled with a chart (as it stands, or as pasted; blank when there is
    /// none), with a few blank keys to add rows and columns where the players enter them.
    pub fn of(spec: &ChartSpec, current: Option<&RawChart>) -> Grid {
        let rows = current.map_or(&[][..], |c| &c.rows[..]);
        let columns = current.map_or(&[][..], |c| &c.columns[..]);
        let row_count = slots(&spec.rows, rows.len(), FIRST_ROWS);
        let column_count = slots(&spec.columns, columns.len(), FIRST_COLUMNS);
        let cell = |i: usize, j: usize| {
            current
                .and_then(|c| c.cells.get(i))
                .and_then(|line| line.get(j))
                .cloned()
                .unwrap_or_default()
        };
        let row_keys = key_slots(
            &spec.rows,
            |i| rows.get(i).cloned().unwrap_or_default(),
            row_count,
        );
        // A fixed key may sit elsewhere in an older version; cells follow the keys.
        let row_at = |key: &str, i: usize| rows.iter().position(|k| k == key).unwrap_or(i);
        let column_at = |key: &str, j: usize| columns.iter().position(|k| k == key).unwrap_or(j);
        let column_keys = key_slots(
            &spec.columns,
            |j| columns.get(j).cloned().unwrap_or_default(),
            column_count,
        );
        Grid {
            rows: row_keys
                .into_iter()
                .enumerate()
                .map(|(i, key)| GridRow {
                    cells: column_keys
                        .iter()
                        .enumerate()
                        .map(|(j, column)| CellSlot {
                            text: cell(row_at(&key.text, i), column_at(&column.text, j)),
                            problem: None,
                        })
                        .collect(),
                    key,
                })
                .collect(),
            columns: column_keys,
            problems: Vec::new(),
        }
    }

    /// The grid as a form sent it: `row_slots` and `column_slots` entered keys (bounded by the
    /// chart's), the keys and cells from `field`.
    pub fn from_form(
        spec: &ChartSpec,
        row_slots: usize,
        column_slots: usize,
        field: impl Fn(&str) -> String,
    ) -> Grid {
        let bound = |keys: &Keys, asked: usize| match keys {
            Keys::Fixed { keys } => keys.len(),
            Keys::Entered { max } => asked.min(*max).min(MAX_KEYS),
        };
        let row_count = bound(&spec.rows, row_slots);
        let column_count = bound(&spec.columns, column_slots);
        let rows = key_slots(&spec.rows, |i| field(&row_field(i)), row_count);
        let columns = key_slots(&spec.columns, |j| field(&column_field(j)), column_count);
        Grid {
            rows: rows
                .into_iter()
                .enumerate()
                .map(|(i, key)| GridRow {
                    key,
                    cells: (0..column_count)
                        .map(|j| CellSlot {
                            text: field(&cell_field(i, j)),
                            problem: None,
                        })
                        .collect(),
                })
                .collect(),
            columns,
            problems: Vec::new(),
        }
    }

    /// A checked chart's texts, as a grid shows them.
    pub fn texts_of(chart: &Chart) -> RawChart {
        RawChart {
            rows: chart.rows.clone(),
            columns: chart.columns.clone(),
            cells: chart
                .cells
                .iter()
                .map(|line| line.iter().map(ToString::to_string).collect())
                .collect(),
        }
    }

    fn column_blank(&self, j: usize) -> bool {
        let column = &self.columns[j];
        !column.fixed
            && column.text.trim().is_empty()
            && self.rows.iter().all(|r| r.cells[j].text.trim().is_empty())
    }

    fn row_blank(row: &GridRow) -> bool {
        !row.key.fixed
            && row.key.text.trim().is_empty()
            && row.cells.iter().all(|c| c.text.trim().is_empty())
    }

    /// The chart the grid holds, for the rules' own check: entered rows and columns left wholly
    /// blank are left out; everything else is kept as typed (trimmed).
    pub fn raw(&self) -> RawChart {
        let columns: Vec<usize> = (0..self.columns.len())
            .filter(|&j| !self.column_blank(j))
            .collect();
        let rows: Vec<&GridRow> = self.rows.iter().filter(|r| !Grid::row_blank(r)).collect();
        RawChart {
            columns: columns
                .iter()
                .map(|&j| self.columns[j].text.trim().to_owned())
                .collect(),
            rows: rows.iter().map(|r| r.key.text.trim().to_owned()).collect(),
            cells: rows
                .iter()
                .map(|r| {
                    columns
                        .iter()
                        .map(|&j| r.cells[j].text.trim().to_owned())
                        .collect()
                })
                .collect(),
        }
    }

    fn problem(&mut self, line: String) -> usize {
        self.problems.push(line);
        self.problems.len() - 1
    }

    /// Marks what `error` names: each bad cell in place (one line per kind of problem), a bad
    /// key on its field, anything else as one line.
    pub fn mark(&mut self, error: &ChartError) {
        match error {
            ChartError::BadCells { problems } => {
                let mut kinds: Vec<(String, usize, usize)> = Vec::new();
                for p in problems {
                    let kind = match kinds.iter().position(|(e, _, _)| *e == p.expected) {
                        Some(k) => kinds[k].1,
                        None => {
                            let k = self.problem(String::new());
                            kinds.push((p.expected.clone(), k, 0));
                            k
                        }
                    };
                    if let Some(entry) = kinds.iter_mut().find(|(_, k, _)| *k == kind) {
                        entry.2 += 1;
                    }
                    let column = self.columns.iter().position(|c| c.text.trim() == p.column);
                    let row = self.rows.iter_mut().find(|r| r.key.text.trim() == p.row);
                    if let (Some(j), Some(row)) = (column, row) {
                        row.cells[j].problem = Some(kind);
                    }
                }
                for (expected, k, count) in kinds {
                    self.problems[k] = if count == 1 {
                        format!("A cell must be {expected}; it is marked in the grid.")
                    } else {
                        format!("{count} cells must be {expected}; they are marked in the grid.")
                    };
                }
            }
            ChartError::BadKey { what, key, problem } if *what == "row" || *what == "column" => {
                let line = if problem.starts_with("list has") {
                    format!("Enter the {what} keys: the {problem}.")
                } else if key.is_empty() {
                    format!("A {what} with cells has no key: give it one where it is marked.")
                } else {
                    format!("The {error}.")
                };
                let k = self.problem(line);
                let kept: Vec<usize> = if *what == "row" {
                    (0..self.rows.len())
                        .filter(|&i| !Grid::row_blank(&self.rows[i]))
                        .collect()
                } else {
                    (0..self.columns.len())
                        .filter(|&j| !self.column_blank(j))
                        .collect()
                };
                // A key named twice is marked where it comes again.
                let twice = problem == "appears twice";
                let mut seen = false;
                for i in kept {
                    let slot = if *what == "row" {
                        &mut self.rows[i].key
                    } else {
                        &mut self.columns[i]
                    };
                    // The refusal cuts a key to 40 characters.
                    let shown: String = slot.text.trim().chars().take(40).collect();
                    if !slot.fixed && shown == *key {
                        if seen || !twice {
                            slot.problem = Some(k);
                        }
                        seen = true;
                    }
                }
            }
            other => {
                let line = other.to_string();
                let mut first = line.chars();
                let line = first
                    .next()
                    .map(|c| c.to_uppercase().chain(first).collect::<String>())
                    .unwrap_or_default();
                self.problem(format!("{line}."));
            }
        }
    }
}

#[cfg(test)]
#[path = "chart_grid_tests.rs"]
mod tests;
