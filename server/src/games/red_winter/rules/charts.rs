//! The charts Red Winter's players enter from their player aid card, because our text lacks
//! them (II.4): their shapes and cell grammars, the one chart whose values the text gives (the
//! RAT's bands), and how procedures read entered modifiers.

use super::calc_odds::{CRT_COLUMNS, crt_columns};
use super::error::RulesError;
use crate::games::assisted::calc::Odds;
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::charts::{Cell, CellGrammar, ChartSpec, Keys, RawChart};

/// The Combat Results Table (8.4).
pub const CRT: &str = "crt";
/// The Ranged Attack Table (10.4).
pub const RAT: &str = "rat";
/// The RAT's modifiers the text does not give, e.g. per infantry company in the target hex.
pub const RAT_DRM: &str = "rat_drm";
/// The ATFT's modifiers by target type (11.3), which the text does not give.
pub const ATFT_DRM: &str = "atft_drm";
/// The Recovery Table (13.3).
pub const RECOVERY: &str = "recovery";
/// The Sub-Zero Loss Table (16.3).
pub const SZLT: &str = "szlt";
/// The Finnish Night Raid Table (16.4).
pub const FNRT: &str = "fnrt";
/// The modifiers printed beneath the FNRT (16.4).
pub const FNRT_DRM: &str = "fnrt_drm";
/// The Map Key's terrain (4.1, 5.x): movement costs by unit class, and whether it blocks LOS.
pub const TERRAIN: &str = "terrain";
/// The Map Key's columns: MP cost for most units, for armor, for armored cars (a number, "½",
/// or "P" for prohibited), and "yes" or "no" for blocking line of sight.
pub const TERRAIN_COLUMNS: [&str; 4] = ["other", "armor", "armored_car", "blocks_los"];
/// The Turn Track (1.2, 3.0): per turn its label, day or night, LOS, ammo, RPs, morale, armor VP.
pub const TURN_TRACK: &str = "turn_track";

/// The Turn Track's columns.
pub const TURN_TRACK_COLUMNS: [&str; 9] = [
    "label",
    "night",
    "los",
    "soviet_ammo",
    "finnish_ammo",
    "soviet_rp",
    "finnish_rp",
    "morale",
    "armor_vp",
];

/// The RAT result codes: no effect, Suppressed, Suppressed plus that many step reductions.
pub const RAT_CODES: [&str; 5] = ["none", "S", "S+1", "S+2", "S+3"];
/// The Recovery Table's result codes.
pub const RECOVERY_CODES: [&str; 2] = ["recovered", "no_effect"];
/// The FNRT's result codes: lost, or found with a column shift.
pub const FNRT_CODES: [&str; 10] = ["lost", "0", "1R", "2R", "3R", "4R", "5R", "1L", "2L", "3L"];

fn fixed(keys: &[&str]) -> Keys {
    Keys::Fixed {
        keys: keys.iter().map(|k| (*k).to_string()).collect(),
    }
}

fn codes(list: &[&str]) -> CellGrammar {
    CellGrammar::Code {
        codes: list.iter().map(|c| (*c).to_string()).collect(),
        alternate: false,
    }
}

fn spec(code: &str, name: &str, rows: Keys, columns: Keys, cell: CellGrammar) -> ChartSpec {
    ChartSpec {
        code: code.into(),
        name: name.into(),
        rows,
        columns,
        cell,
    }
}

/// A list of modifiers by condition, one "drm" column of whole numbers.
fn modifiers(code: &str, name: &str) -> ChartSpec {
    spec(
        code,
        name,
        Keys::Entered { max: 30 },
        fixed(&["drm"]),
        CellGrammar::Number { min: -9, max: 9 },
    )
}

/// Every chart the players enter, in the order the rules use them.
pub fn chart_specs() -> Vec<ChartSpec> {
    let rolls = Keys::Entered { max: 30 };
    vec![
        spec(
            CRT,
            "Combat Results Table",
            Keys::Fixed {
                keys: (2..=12).map(|n: u32| n.to_string()).collect(),
            },
            Keys::Entered { max: 12 },
            CellGrammar::Losses { max: 9 },
        ),
        spec(
            RAT,
            "Ranged Attack Table",
            rolls.clone(),
            fixed(&["result"]),
            codes(&RAT_CODES),
        ),
        modifiers(RAT_DRM, "Ranged Attack Table modifiers"),
        modifiers(ATFT_DRM, "Anti-Tank Fire Table modifiers by target"),
        spec(
            RECOVERY,
            "Recovery Table",
            rolls.clone(),
            fixed(&["result"]),
            codes(&RECOVERY_CODES),
        ),
        spec(
            SZLT,
            "Sub-Zero Loss Table",
            rolls.clone(),
            fixed(&["soviet", "finnish"]),
            CellGrammar::Number { min: 0, max: 5 },
        ),
        spec(
            FNRT,
            "Finnish Night Raid Table",
            rolls,
            fixed(&["result"]),
            codes(&FNRT_CODES),
        ),
        modifiers(FNRT_DRM, "Finnish Night Raid Table modifiers"),
        spec(
            TERRAIN,
            "Map Key terrain",
            Keys::Entered { max: 20 },
            fixed(&TERRAIN_COLUMNS),
            codes(&["P", "½", "1", "2", "3", "4", "5", "6", "yes", "no"]),
        ),
        spec(
            TURN_TRACK,
            "Turn Track",
            Keys::Entered { max: 60 },
            fixed(&TURN_TRACK_COLUMNS),
            CellGrammar::Text { max_chars: 24 },
        ),
    ]
}

/// The declaration of chart `code`.
pub fn chart_spec(code: &str) -> Option<ChartSpec> {
    chart_specs().into_iter().find(|s| s.code == code)
}

/// The RAT as far as the text gives it (10.4): 13 or less no effect, 14 to 16 Suppressed, 17
/// or more Suppressed plus one step. Players with the card enter any higher bands.
pub fn rat_from_text() -> RawChart {
    let row = |total: &str, result: &str| (total.to_string(), vec![result.to_string()]);
    let rows = [
        row("13", "none"),
        row("14", "S"),
        row("15", "S"),
        row("16", "S"),
        row("17", "S+1"),
    ];
    RawChart {
        rows: rows.iter().map(|(k, _)| k.clone()).collect(),
        columns: vec!["result".into()],
        cells: rows.into_iter().map(|(_, c)| c).collect(),
    }
}

/// The suggested CRT column keys, for the entry form.
pub fn crt_column_keys() -> Vec<String> {
    CRT_COLUMNS.iter().map(|k| (*k).to_string()).collect()
}

/// The columns of the current CRT, as odds (refused unless ascending odds).
pub fn entered_crt_columns(charts: &ChartSet) -> Result<Vec<Odds>, RulesError> {
    crt_columns(&charts.current(CRT)?.chart.columns)
}

/// The modifiers of chart `code` for the `conditions` named, each as (reason, value).
pub fn entered_modifiers(
    charts: &ChartSet,
    code: &str,
    conditions: &[String],
) -> Result<Vec<(String, i64)>, RulesError> {
    conditions
        .iter()
        .map(|c| {
            let reading = charts.read(code, c, "drm")?;
            let value = match reading.cell {
                Cell::Number { value } => value,
                _ => 0,
            };
            Ok((format!("{c} ({code} version {})", reading.version), value))
        })
        .collect()
}

#[cfg(test)]
#[path = "charts_tests.rs"]
pub(crate) mod tests;
