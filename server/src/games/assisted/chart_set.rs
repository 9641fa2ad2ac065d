//! A campaign's charts with every version kept, and readings that record the version they used.

use super::calc::Explained;
use super::charts::{Cell, Chart, ChartError, ChartSpec, RawChart};
use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most versions one chart keeps before the oldest are refused (a generous bound on state).
pub const MAX_VERSIONS: usize = 200;

/// One version of a chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartVersion {
    /// The version, from 1.
    pub version: u32,
    /// Who entered it.
    pub entered_by: Role,
    /// When, in game time.
    pub moment: String,
    /// The chart.
    pub chart: Chart,
}

/// Every chart of a campaign by code, each with all its versions, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartSet {
    /// Versions by chart code.
    pub charts: BTreeMap<String, Vec<ChartVersion>>,
}

/// A cell read for a roll or a calculation, naming the chart version it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Reading {
    /// The chart's code.
    pub chart: String,
    /// The version read.
    pub version: u32,
    /// The row read.
    pub row: String,
    /// The column read.
    pub column: String,
    /// The cell.
    pub cell: Cell,
}

impl ChartSet {
    /// Checks `raw` against `spec` and keeps it as the chart's next version; returns the version.
    pub fn enter(
        &mut self,
        spec: &ChartSpec,
        raw: RawChart,
        by: Role,
        moment: &str,
    ) -> Result<u32, ChartError> {
        let chart = spec.check(raw)?;
        let versions = self.charts.entry(spec.code.clone()).or_default();
        if versions.len() >= MAX_VERSIONS {
            return Err(ChartError::Import {
                format: "chart",
                line: 0,
                problem: format!("`{}` already has {MAX_VERSIONS} versions", spec.code),
            });
        }
        let version = u32::try_from(versions.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        versions.push(ChartVersion {
            version,
            entered_by: by,
            moment: moment.into(),
            chart,
        });
        Ok(version)
    }

    /// The current (latest) version of chart `code`.
    pub fn current(&self, code: &str) -> Result<&ChartVersion, ChartError> {
        self.charts
            .get(code)
            .and_then(|v| v.last())
            .ok_or_else(|| ChartError::NoSuchChart { chart: code.into() })
    }

    /// Version `version` of chart `code`.
    pub fn version(&self, code: &str, version: u32) -> Result<&ChartVersion, ChartError> {
        let versions = self
            .charts
            .get(code)
            .ok_or_else(|| ChartError::NoSuchChart { chart: code.into() })?;
        versions
            .iter()
            .find(|v| v.version == version)
            .ok_or_else(|| ChartError::NoSuchVersion {
                chart: code.into(),
                version,
            })
    }

    /// Reads the current version of chart `code` at `row`, `column`.
    pub fn read(&self, code: &str, row: &str, column: &str) -> Result<Reading, ChartError> {
        let current = self.current(code)?;
        let cell = current.chart.cell(row, column)?.clone();
        Ok(Reading {
            chart: code.into(),
            version: current.version,
            row: row.into(),
            column: column.into(),
            cell,
        })
    }

    /// Reads the row of a (modified) roll in the current version of chart `code`, whose rows
    /// are numbers: a roll beyond the first or last row reads that row, as the rules say.
    pub fn read_roll(
        &self,
        code: &str,
        roll: i64,
        column: &str,
    ) -> Result<Explained<Reading>, ChartError> {
        let current = self.current(code)?;
        let numbered: Vec<(i64, &String)> = current
            .chart
            .rows
            .iter()
            .filter_map(|k| k.trim().parse().ok().map(|n| (n, k)))
            .collect();
        let (low, high) = match (numbered.iter().min(), numbered.iter().max()) {
            (Some(l), Some(h)) => (*l, *h),
            _ => {
                return Err(ChartError::NoSuchKey {
                    chart: code.into(),
                    what: "row",
                    key: roll.to_string(),
                });
            }
        };
        let (row, note) =
            if roll < low.0 {
                (
                    low.1,
                    format!("{roll} is below the chart and reads row {}", low.1),
                )
            } else if roll > high.0 {
                (
                    high.1,
                    format!("{roll} is above the chart and reads row {}", high.1),
                )
            } else {
                let found = numbered.iter().find(|(n, _)| *n == roll).ok_or_else(|| {
                    ChartError::NoSuchKey {
                        chart: code.into(),
                        what: "row",
                        key: roll.to_string(),
                    }
                })?;
                (found.1, format!("{roll} reads row {}", found.1))
            };
        let reading = self.read(code, row, column)?;
        let step = format!(
            "{note}, column {column} of {code} version {}: {}",
            reading.version, reading.cell
        );
        Ok(Explained::new(reading, step))
    }
}
