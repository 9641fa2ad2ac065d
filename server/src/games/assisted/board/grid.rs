//! A map's hex grid as a scenario pack describes it: its numbering (Winter War's `1840`,
//! `18.40`, Red Winter's `Q25`, a sheet prefix such as `35:`), its first and last hex, the hexes
//! missing inside those bounds, and the geometry of its layout; hex ids parsed and printed in
//! that form, refused with a sentence that says what a good one looks like.

use super::hex::{Hex, Layout, Orientation, Shifted};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, VecDeque};

/// The most columns, and the most rows, a grid may have.
pub const MAX_LINES: i32 = 200;

/// The most hexes a grid may have.
pub const MAX_HEXES: i64 = 20_000;

/// The most hexes two places may be apart in a "within" rule.
pub const MAX_REACH: u32 = 60;

/// How hex ids are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Numbering {
    /// Column then row as zero-padded numbers, e.g. `1840` or `18.40`.
    Digits,
    /// Column as letters (A to Z, then AA), row as a number, e.g. `Q25`.
    LetterNumber,
}

/// A grid as written in a pack's `[map]` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    /// Flat or pointed top.
    pub orientation: Orientation,
    /// Which columns (flat top) or rows (pointed top) sit half a hex down (right).
    pub shifted: Shifted,
    /// How ids are written.
    pub numbering: Numbering,
    /// Printed before every id, e.g. `35:` for a Europa map sheet.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
    /// Between column and row in the digits form, e.g. `.` for `18.40`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub separator: String,
    /// Digits of the column number in the digits form.
    #[serde(default = "two")]
    pub column_digits: u8,
    /// Digits of the row number; 0 in the letter form means no zero padding (`X1`).
    #[serde(default = "two")]
    pub row_digits: u8,
    /// The top left hex's id.
    pub first: String,
    /// The bottom right hex's id.
    pub last: String,
    /// Hexes inside the bounds that the map does not have (half hexes at an edge, say).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
}

fn two() -> u8 {
    2
}

/// Why a grid description is unusable: which field, and a sentence saying what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct GridError {
    /// The field at fault, e.g. `last` or `absent[2]`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

fn fault(field: impl Into<String>, message: impl Into<String>) -> GridError {
    GridError {
        field: field.into(),
        message: message.into(),
    }
}

/// A usable grid: its description checked, the bounds and missing hexes read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    spec: GridSpec,
    layout: Layout,
    columns: (i32, i32),
    rows: (i32, i32),
    absent: BTreeSet<Hex>,
}

impl Grid {
    /// Checks a description and builds the grid.
    pub fn new(spec: GridSpec) -> Result<Grid, GridError> {
        check_form(&spec)?;
        let mut grid = Grid {
            layout: Layout {
                orientation: spec.orientation,
                shifted: spec.shifted,
            },
            columns: (0, MAX_LINES * 50),
            rows: (0, MAX_LINES * 50),
            absent: BTreeSet::new(),
            spec,
        };
        let first = grid
            .parse(&grid.spec.first)
            .map_err(|m| fault("first", m))?;
        let last = grid.parse(&grid.spec.last).map_err(|m| fault("last", m))?;
        for (what, a, b) in [
            ("columns", first.column, last.column),
            ("rows", first.row, last.row),
        ] {
            if b < a {
                return Err(fault(
                    "last",
                    format!(
                        "the last hex must be below and right of the first; its {what} number is smaller"
                    ),
                ));
            }
            if b - a + 1 > MAX_LINES {
                return Err(fault(
                    "last",
                    format!(
                        "the map would have {} {what}; at most {MAX_LINES} are accepted",
                        b - a + 1
                    ),
                ));
            }
        }
        let count = i64::from(last.column - first.column + 1) * i64::from(last.row - first.row + 1);
        if count > MAX_HEXES {
            return Err(fault(
                "last",
                format!("the map would have {count} hexes; at most {MAX_HEXES} are accepted"),
            ));
        }
        grid.columns = (first.column, last.column);
        grid.rows = (first.row, last.row);
        let mut absent = BTreeSet::new();
        for (i, id) in grid.spec.absent.iter().enumerate() {
            let hex = grid
                .parse(id)
                .map_err(|m| fault(format!("absent[{i}]"), m))?;
            absent.insert(hex);
        }
        grid.absent = absent;
        Ok(grid)
    }

    /// The description the grid was built from.
    pub fn spec(&self) -> &GridSpec {
        &self.spec
    }

    /// The layout's geometry.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The first and last column numbers.
    pub fn columns(&self) -> (i32, i32) {
        self.columns
    }

    /// The first and last row numbers.
    pub fn rows(&self) -> (i32, i32) {
        self.rows
    }

    /// Whether `hex` is on the map.
    pub fn contains(&self, hex: Hex) -> bool {
        (self.columns.0..=self.columns.1).contains(&hex.column)
            && (self.rows.0..=self.rows.1).contains(&hex.row)
            && !self.absent.contains(&hex)
    }

    /// Every hex of the map, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let (rows, columns) = (self.rows, self.columns);
        (columns.0..=columns.1)
            .flat_map(move |c| (rows.0..=rows.1).map(move |r| Hex::new(c, r)))
            .filter(|h| !self.absent.contains(h))
    }

    /// The neighbours of `hex` that are on the map.
    pub fn neighbours(&self, hex: Hex) -> Vec<Hex> {
        self.layout
            .neighbours(hex)
            .into_iter()
            .filter(|&n| self.contains(n))
            .collect()
    }

    /// How many hexes apart two hexes are.
    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        self.layout.distance(a, b)
    }

    /// The hexes of the map within `reach` hexes of any of `from` (`from` included).
    pub fn within(&self, from: &BTreeSet<Hex>, reach: u32) -> BTreeSet<Hex> {
        let reach = reach.min(MAX_REACH);
        let margin = reach as i32;
        // Every hex within `reach` of a hex lies within `reach` columns and rows of it, so a
        // search over the map's bounds widened by `reach` finds the same distances as the
        // open lattice, in time bounded by the map's size.
        let (c0, r0) = (self.columns.0 - margin, self.rows.0 - margin);
        let width = (self.columns.1 + margin - c0 + 1) as usize;
        let height = (self.rows.1 + margin - r0 + 1) as usize;
        let slot = |h: Hex| -> Option<usize> {
            let (c, r) = (h.column - c0, h.row - r0);
            (c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height)
                .then(|| c as usize * height + r as usize)
        };
        let mut seen = vec![false; width * height];
        let mut queue: VecDeque<(Hex, u32)> = VecDeque::new();
        for &h in from {
            if let Some(i) = slot(h).filter(|&i| !seen[i]) {
                seen[i] = true;
                queue.push_back((h, 0));
            }
        }
        let mut found = BTreeSet::new();
        while let Some((hex, d)) = queue.pop_front() {
            if self.contains(hex) {
                found.insert(hex);
            }
            if d == reach {
                continue;
            }
            for n in self.layout.neighbours(hex) {
                if let Some(i) = slot(n).filter(|&i| !seen[i]) {
                    seen[i] = true;
                    queue.push_back((n, d + 1));
                }
            }
        }
        found
    }

    /// The id of `hex` as the map prints it.
    pub fn id(&self, hex: Hex) -> String {
        let s = &self.spec;
        let row = pad(hex.row, s.row_digits);
        match s.numbering {
            Numbering::Digits => format!(
                "{}{}{}{row}",
                s.prefix,
                pad(hex.column, s.column_digits),
                s.separator
            ),
            Numbering::LetterNumber => format!("{}{}{row}", s.prefix, letters(hex.column)),
        }
    }

    /// Reads a hex id written as the map prints it, refusing one that is malformed or off the
    /// map with a sentence saying what a good one looks like.
    pub fn parse(&self, text: &str) -> Result<Hex, String> {
        let shown: String = text.chars().take(20).collect();
        let hex = self
            .read(text.trim())
            .ok_or_else(|| format!("`{shown}` is not a hex id of this map: {}", self.form()))?;
        let canonical = self.id(hex);
        if !canonical.eq_ignore_ascii_case(text.trim()) {
            return Err(format!("`{shown}` is written {canonical} on this map"));
        }
        if !self.contains(hex) {
            let (first, last) = (&self.spec.first, &self.spec.last);
            return Err(if self.absent.contains(&hex) {
                format!("hex {canonical} is not on this map (the map lists it as absent)")
            } else {
                format!("hex {canonical} is off the map, which runs from {first} to {last}")
            });
        }
        Ok(hex)
    }

    /// The shape of an id, for refusals.
    fn form(&self) -> String {
        let s = &self.spec;
        let example = self.id(Hex::new(self.columns.0, self.rows.0));
        match s.numbering {
            Numbering::Digits => format!(
                "ids are {}the column in {} digits{} then the row in {} digits, like {example}",
                prefix_phrase(&s.prefix),
                s.column_digits,
                if s.separator.is_empty() {
                    String::new()
                } else {
                    format!(", `{}`,", s.separator)
                },
                s.row_digits
            ),
            Numbering::LetterNumber => format!(
                "ids are {}the column's letters then the row's number, like {example}",
                prefix_phrase(&s.prefix)
            ),
        }
    }

    /// The column and row an id names, if it has the map's form (bounds not checked).
    fn read(&self, text: &str) -> Option<Hex> {
        let s = &self.spec;
        let rest = strip_prefix_ignore_case(text, &s.prefix)?;
        match s.numbering {
            Numbering::Digits => {
                let width = usize::from(s.column_digits);
                let column = rest.get(..width)?;
                let row = rest.get(width..)?.strip_prefix(s.separator.as_str())?;
                (row.len() == usize::from(s.row_digits))
                    .then_some(())
                    .and(Some(Hex::new(number(column)?, number(row)?)))
            }
            Numbering::LetterNumber => {
                let split = rest.find(|c: char| !c.is_ascii_alphabetic())?;
                let (column, row) = rest.split_at(split);
                Some(Hex::new(column_of(column)?, number(row)?))
            }
        }
    }
}

fn prefix_phrase(prefix: &str) -> String {
    if prefix.is_empty() {
        String::new()
    } else {
        format!("`{prefix}`, ")
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// A number of 1 to 4 ASCII digits.
fn number(text: &str) -> Option<i32> {
    if text.is_empty() || text.len() > 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The column a run of 1 or 2 letters names: A is 1, Z 26, AA 27.
fn column_of(text: &str) -> Option<i32> {
    if text.is_empty() || text.len() > 2 {
        return None;
    }
    text.bytes().try_fold(0i32, |n, b| {
        b.is_ascii_alphabetic()
            .then(|| n * 26 + i32::from(b.to_ascii_uppercase() - b'A') + 1)
    })
}

/// The letters of column `n` (from 1).
fn letters(n: i32) -> String {
    let mut n = n.max(1);
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(char::from(b'A' + rem as u8));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

fn pad(n: i32, width: u8) -> String {
    format!("{n:0width$}", width = usize::from(width))
}

/// Checks the parts of a description that come before reading its first and last hexes.
fn check_form(spec: &GridSpec) -> Result<(), GridError> {
    let printable = |t: &str| {
        t.chars()
            .all(|c| c.is_ascii_graphic() && !c.is_ascii_alphanumeric())
    };
    if spec.prefix.len() > 8
        || !spec
            .prefix
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '.' | '/'))
    {
        return Err(fault(
            "prefix",
            "must be at most 8 letters, digits or `:` `-` `.` `/`, like `35:`",
        ));
    }
    if spec.prefix.ends_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(fault(
            "prefix",
            "must end with `:` `-` `.` or `/`, so it cannot run into the hex number",
        ));
    }
    if spec.separator.len() > 1 || !printable(&spec.separator) {
        return Err(fault(
            "separator",
            "must be empty or one mark such as `.` (not a letter or digit)",
        ));
    }
    match spec.numbering {
        Numbering::Digits => {
            if !(1..=4).contains(&spec.column_digits) {
                return Err(fault("column_digits", "must be 1 to 4"));
            }
            if !(1..=4).contains(&spec.row_digits) {
                return Err(fault("row_digits", "must be 1 to 4"));
            }
        }
        Numbering::LetterNumber => {
            if !spec.separator.is_empty() {
                return Err(fault(
                    "separator",
                    "is only for the digits numbering; letter ids are written like Q25",
                ));
            }
            if spec.row_digits > 4 {
                return Err(fault("row_digits", "must be 0 (no padding) to 4"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
