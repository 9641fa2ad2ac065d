//! The Talvisota counter set: unit types, counts, strengths, tactical values and markers, from TOML.

use super::datafile::{self, DataTable};
use super::environment::EnvironmentKind;
use super::error::DataError;
use super::support::SupportKind;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most counters of one `[[unit]]`, `[[support]]` or `[[environment]]` table, and of
/// entrenchments and possession markers.
pub const MAX_COUNT: u32 = 100;
/// The most counters a set may lay out in all.
pub const MAX_COUNTERS: u32 = 1_000;
/// The most tables a counter file may have.
pub const MAX_TABLES: usize = 500;
/// The largest strength, tactical bonus, penalty or entrenchment value.
pub const MAX_STRENGTH: u32 = 99;

/// The default counter set shipped with the server (an approximation of the published counters).
pub const DEFAULT_COUNTERS_TOML: &str =
    include_str!("../../../../../scenarios/talvisota/counters.toml");

/// The type printed on a combat unit counter (rules 1.4, 2.2, 2.3).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// Soviet fusilier (rifle) division.
    Fus,
    /// Soviet elite division.
    Eli,
    /// Soviet mechanised division.
    Meca,
    /// Soviet tank brigade.
    Tan,
    /// Finnish reservists (weakest in rule 9.1's order).
    Res,
    /// Finnish Suojeluskunta (Civil Guard).
    Sk,
    /// Finnish "White Death" elite sharpshooters.
    Wd,
    /// Finnish scouts, the only units that infiltrate (rule 6.2).
    Sct,
    /// Finnish division (strongest in rule 9.1's order).
    Div,
}

impl UnitKind {
    /// The side whose counters these are.
    pub fn side(self) -> Side {
        match self {
            UnitKind::Fus | UnitKind::Eli | UnitKind::Meca | UnitKind::Tan => Side::Soviet,
            _ => Side::Finnish,
        }
    }

    /// The abbreviation printed on the counter, used in ids and data files.
    pub fn code(self) -> &'static str {
        match self {
            UnitKind::Fus => "fus",
            UnitKind::Eli => "eli",
            UnitKind::Meca => "meca",
            UnitKind::Tan => "tan",
            UnitKind::Res => "res",
            UnitKind::Sk => "sk",
            UnitKind::Wd => "wd",
            UnitKind::Sct => "sct",
            UnitKind::Div => "div",
        }
    }

    /// Soviet infantry (FUS or ELI).
    pub fn is_infantry(self) -> bool {
        matches!(self, UnitKind::Fus | UnitKind::Eli)
    }

    /// Soviet armour for the armoured attack (TAN or MECA).
    pub fn is_armour(self) -> bool {
        matches!(self, UnitKind::Tan | UnitKind::Meca)
    }

    /// Rule 9.1's elimination order for the Finns (lower goes first).
    pub fn weakness_rank(self) -> u8 {
        match self {
            UnitKind::Res => 0,
            UnitKind::Sk => 1,
            UnitKind::Wd => 2,
            UnitKind::Sct => 3,
            UnitKind::Div => 4,
            _ => 9,
        }
    }

    const ALL: [UnitKind; 9] = [
        UnitKind::Fus,
        UnitKind::Eli,
        UnitKind::Meca,
        UnitKind::Tan,
        UnitKind::Res,
        UnitKind::Sk,
        UnitKind::Wd,
        UnitKind::Sct,
        UnitKind::Div,
    ];
}

/// One `[[unit]]` line of the counter file: a batch of identical counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UnitBatch {
    /// The unit type.
    pub kind: UnitKind,
    /// Its name for pages.
    pub name: String,
    /// Printed combat strength.
    pub strength: u32,
    /// Printed tactical bonus added to its own strength.
    pub bonus: u32,
    /// Printed tactical penalty imposed on the enemy force.
    pub enemy_penalty: u32,
    /// How many counters.
    pub count: u32,
    /// First turn they are available (1 = December I 1939).
    pub arrives_turn: u32,
}

/// One `[[support]]` line: a batch of tactical support counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SupportBatch {
    /// The support.
    pub kind: SupportKind,
    /// How many counters.
    pub count: u32,
    /// First turn available.
    pub arrives_turn: u32,
}

/// The whole counter set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CounterSet {
    /// A title for pages.
    pub title: String,
    /// True when these are not the published counters.
    pub approximation: bool,
    /// Combat unit batches.
    pub units: Vec<UnitBatch>,
    /// Tactical support batches.
    pub supports: Vec<SupportBatch>,
    /// Environment markers and how many of each.
    pub environment: Vec<(EnvironmentKind, u32)>,
    /// Finnish entrenchment counters.
    pub entrenchments: u32,
    /// **interpretation**: the rules do not print what an entrenchment adds; it adds this much
    /// to the Finnish combat potential.
    pub entrenchment_value: u32,
    /// Soviet possession markers (rule 6.1).
    pub possession_markers: u32,
}

impl CounterSet {
    /// The default counter set.
    pub fn default_set() -> Result<CounterSet, DataError> {
        CounterSet::from_toml(DEFAULT_COUNTERS_TOML)
    }

    /// Reads and checks a counter file; the error names the line to fix.
    pub fn from_toml(text: &str) -> Result<CounterSet, DataError> {
        let tables = datafile::parse(text)?;
        let mut set = CounterSet {
            title: String::from("Talvisota counters"),
            approximation: false,
            units: Vec::new(),
            supports: Vec::new(),
            environment: Vec::new(),
            entrenchments: 0,
            entrenchment_value: 0,
            possession_markers: 0,
        };
        if let Some(table) = tables.get(MAX_TABLES + 1) {
            return Err(DataError::at(
                table.line,
                format!("a counter file has at most {MAX_TABLES} tables"),
            ));
        }
        // The values of each unit type as first given, to hold every later table of it to them.
        let mut values: BTreeMap<UnitKind, (u32, u32, u32)> = BTreeMap::new();
        let mut counters = 0;
        for table in &tables {
            match table.name.as_str() {
                "" => {
                    set.title = table.text_or("title", "Talvisota counters")?;
                    set.approximation = table.flag_or("approximation", false)?;
                    set.possession_markers =
                        table.count_or_at_most("possession_markers", 4, MAX_COUNT)?;
                    set.entrenchments = table.count_or_at_most("entrenchments", 2, MAX_COUNT)?;
                    set.entrenchment_value =
                        table.count_or_at_most("entrenchment_value", 2, MAX_STRENGTH)?;
                    counters += set.possession_markers + set.entrenchments;
                }
                "unit" => {
                    let batch = read_unit(table)?;
                    let given = (batch.strength, batch.bonus, batch.enemy_penalty);
                    if *values.entry(batch.kind).or_insert(given) != given {
                        return Err(DataError::at(
                            table.line,
                            format!(
                                "`{}` counters must all have the same strength, bonus and enemy_penalty",
                                batch.kind.code()
                            ),
                        ));
                    }
                    counters += batch.count;
                    set.units.push(batch);
                }
                "support" => {
                    let batch = read_support(table)?;
                    counters += batch.count;
                    set.supports.push(batch);
                }
                "environment" => {
                    let (code, line) = table.text("kind")?;
                    let kind = EnvironmentKind::from_code(&code).ok_or_else(|| {
                        DataError::at(
                            line,
                            format!(
                                "environment `{code}` must be snow, woods, forest, swamp or fog"
                            ),
                        )
                    })?;
                    let count = table.count_at_most("count", MAX_COUNT)?;
                    counters += count;
                    set.environment.push((kind, count));
                }
                other => {
                    return Err(DataError::at(
                        table.line,
                        format!(
                            "unknown table [[{other}]]: use [[unit]], [[support]] or [[environment]]"
                        ),
                    ));
                }
            }
            if counters > MAX_COUNTERS {
                return Err(DataError::at(
                    table.line,
                    format!("the set lays out more than {MAX_COUNTERS} counters in all"),
                ));
            }
        }
        for side in [Side::Soviet, Side::Finnish] {
            if !set
                .units
                .iter()
                .any(|u| u.kind.side() == side && u.count > 0)
            {
                return Err(DataError::at(
                    0,
                    format!("the {} side has no combat units", side.adjective()),
                ));
            }
        }
        Ok(set)
    }

    /// The printed values of a unit type.
    pub fn unit_type(&self, kind: UnitKind) -> Option<&UnitBatch> {
        self.units.iter().find(|u| u.kind == kind)
    }
}

fn read_side(table: &DataTable) -> Result<Side, DataError> {
    let (side, line) = table.text("side")?;
    match side.as_str() {
        "soviet" => Ok(Side::Soviet),
        "finnish" => Ok(Side::Finnish),
        _ => Err(DataError::at(
            line,
            format!("side `{side}` must be soviet or finnish"),
        )),
    }
}

fn read_unit(table: &DataTable) -> Result<UnitBatch, DataError> {
    let side = read_side(table)?;
    let (code, line) = table.text("kind")?;
    let kind = UnitKind::ALL
        .into_iter()
        .find(|k| k.code() == code)
        .ok_or_else(|| {
            DataError::at(
                line,
                format!("unit kind `{code}` is not a Talvisota unit type"),
            )
        })?;
    if kind.side() != side {
        return Err(DataError::at(
            line,
            format!("`{code}` is not a {} unit type", side.adjective()),
        ));
    }
    let arrives_turn = table.count_or("arrives_turn", 1)?;
    if !(1..=8).contains(&arrives_turn) {
        return Err(DataError::at(
            table.line,
            "arrives_turn must be 1 to 8".to_string(),
        ));
    }
    Ok(UnitBatch {
        kind,
        name: table.text_or("name", code.as_str())?,
        strength: table.count_at_most("strength", MAX_STRENGTH)?,
        bonus: table.count_or_at_most("bonus", 0, MAX_STRENGTH)?,
        enemy_penalty: table.count_or_at_most("enemy_penalty", 0, MAX_STRENGTH)?,
        count: table.count_at_most("count", MAX_COUNT)?,
        arrives_turn,
    })
}

fn read_support(table: &DataTable) -> Result<SupportBatch, DataError> {
    let side = read_side(table)?;
    let (code, line) = table.text("kind")?;
    let kind = SupportKind::from_code(side, &code).ok_or_else(|| {
        DataError::at(
            line,
            format!("`{code}` is not a {} tactical support", side.adjective()),
        )
    })?;
    let arrives_turn = table.count_or("arrives_turn", 1)?;
    if !(1..=8).contains(&arrives_turn) {
        return Err(DataError::at(
            table.line,
            "arrives_turn must be 1 to 8".to_string(),
        ));
    }
    Ok(SupportBatch {
        kind,
        count: table.count_at_most("count", MAX_COUNT)?,
        arrives_turn,
    })
}
