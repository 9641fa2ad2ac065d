//! The charts the players enter because the text only refers to them (the base rules' Success
//! Table, CRT, Terrain Effects Chart "no AEC" column, unit capabilities and the Demolition
//! Summary Table), and the readings the optional rules make from them.

use super::calc_armor::{Capability, Category, Re};
use super::error::AwwError;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::chart_set::{ChartSet, Reading};
use crate::games::assisted::charts::{Cell, CellGrammar, ChartSpec, Keys};

/// The Success Table's code.
pub const SUCCESS_TABLE: &str = "success_table";
/// The Europa CRT's code.
pub const CRT: &str = "crt";
/// The Terrain Effects Chart's "no AEC" column's code.
pub const TERRAIN: &str = "terrain_no_aec";
/// The unit capability table's code.
pub const CAPABILITIES: &str = "capabilities";
/// The Demolition Summary Table's code.
pub const DEMOLITION: &str = "demolition";

/// The Demolition Summary Table's rows: the size a unit counts as.
pub const DEMOLITION_SIZES: [&str; 3] = ["1/2 RE", "1 RE", "2+ RE"];
/// The Demolition Summary Table's columns: the facility hit.
pub const FACILITIES: [&str; 3] = ["rail break (7A3)", "airbase hit (17D)", "port hit (29B3)"];

fn fixed(keys: &[&str]) -> Keys {
    Keys::Fixed {
        keys: keys.iter().map(|k| k.to_string()).collect(),
    }
}

/// The Success Table (Opt A.1's isolation check): rows are die rolls (whole numbers, entered so
/// modified rolls may go beyond 1–6), columns whatever the base rules distinguish, cells S or F.
pub fn success_table() -> ChartSpec {
    ChartSpec {
        code: SUCCESS_TABLE.into(),
        name: "Success Table".into(),
        rows: Keys::Entered { max: 20 },
        columns: Keys::Entered { max: 12 },
        cell: CellGrammar::Code {
            codes: vec!["S".into(), "F".into()],
            alternate: false,
        },
    }
}

/// The Europa Combat Results Table: rows are modified die rolls (Opt B's modifiers reach from
/// −4 to +1, so rows beyond 1–6 are allowed), columns are odds, cells the result codes as
/// printed (AS and AR are the only codes the optional rules name).
pub fn crt() -> ChartSpec {
    ChartSpec {
        code: CRT.into(),
        name: "Combat Results Table".into(),
        rows: Keys::Entered { max: 20 },
        columns: Keys::Entered { max: 20 },
        cell: CellGrammar::Text { max_chars: 12 },
    }
}

/// The Terrain Effects Chart's "no AEC" flag (Opt B.5): one row per terrain or hexside type,
/// yes when AEC may not be used into, across or in it.
pub fn terrain() -> ChartSpec {
    ChartSpec {
        code: TERRAIN.into(),
        name: "Terrain Effects Chart: no AEC".into(),
        rows: Keys::Entered { max: 40 },
        columns: fixed(&["no AEC"]),
        cell: CellGrammar::Code {
            codes: vec!["yes".into(), "no".into()],
            alternate: false,
        },
    }
}

/// Unit capabilities by unit type (B.2): full, half, neutral or none in AECA, AECD and ATEC.
pub fn capabilities() -> ChartSpec {
    ChartSpec {
        code: CAPABILITIES.into(),
        name: "Armor and antitank capabilities".into(),
        rows: Keys::Entered { max: 100 },
        columns: fixed(&["AECA", "AECD", "ATEC"]),
        cell: CellGrammar::Code {
            codes: ["full", "half", "neutral", "none"]
                .iter()
                .map(|c| c.to_string())
                .collect(),
            alternate: false,
        },
    }
}

/// The Demolition Summary Table (DC B): MPs a unit of each size spends per hit on a facility.
pub fn demolition() -> ChartSpec {
    ChartSpec {
        code: DEMOLITION.into(),
        name: "Demolition Summary Table".into(),
        rows: fixed(&DEMOLITION_SIZES),
        columns: fixed(&FACILITIES),
        cell: CellGrammar::Number { min: 0, max: 99 },
    }
}

/// Every chart the players may enter.
pub fn all() -> Vec<ChartSpec> {
    vec![
        success_table(),
        crt(),
        terrain(),
        capabilities(),
        demolition(),
    ]
}

fn code_of(reading: &Reading) -> String {
    match &reading.cell {
        Cell::Code { code, .. } => code.clone(),
        other => other.to_string(),
    }
}

/// Whether `terrain` bars AEC (B.5), from the entered chart.
pub fn aec_barred(charts: &ChartSet, terrain: &str) -> Result<Explained<bool>, AwwError> {
    let reading = charts.read(TERRAIN, terrain, "no AEC")?;
    let barred = code_of(&reading) == "yes";
    let step = format!(
        "{terrain} is {}an AEC terrain type (Terrain Effects Chart version {}, B.5)",
        if barred { "a no-" } else { "not a no-" },
        reading.version
    );
    Ok(Explained::new(barred, step))
}

/// A unit type's value in `category`, from the entered capability table.
pub fn capability(
    charts: &ChartSet,
    unit_type: &str,
    category: Category,
) -> Result<Capability, AwwError> {
    let column = match category {
        Category::AecAttack => "AECA",
        Category::AecDefence => "AECD",
        Category::Atec => "ATEC",
    };
    let reading = charts.read(CAPABILITIES, unit_type, column)?;
    Ok(match code_of(&reading).as_str() {
        "full" => Capability::Full,
        "half" => Capability::Half,
        "neutral" => Capability::Neutral,
        _ => Capability::None,
    })
}

/// The MPs a unit counting as `size` spends per hit on `facility` (DC B), from the entered
/// Demolition Summary Table: under 1 RE reads the 1/2 RE row, 1 to under 2 RE the 1 RE row.
pub fn demolition_cost(
    charts: &ChartSet,
    size: Re,
    facility: &str,
) -> Result<Explained<i64>, AwwError> {
    let row = match size.halves {
        0 => {
            return Err(AwwError::NoDemolitionRow {
                re: size.to_string(),
            });
        }
        1 => DEMOLITION_SIZES[0],
        2 | 3 => DEMOLITION_SIZES[1],
        _ => DEMOLITION_SIZES[2],
    };
    let reading = charts.read(DEMOLITION, row, facility)?;
    let mps = match reading.cell {
        Cell::Number { value } => value,
        _ => 0,
    };
    Ok(Explained::new(
        mps,
        format!(
            "{size} RE reads the {row} row: {mps} MPs per {facility} (Demolition Summary Table version {}, DC B)",
            reading.version
        ),
    ))
}

#[cfg(test)]
#[path = "charts_tests.rs"]
mod tests;
