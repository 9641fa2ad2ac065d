//! The charts printed on the map that the players enter (14.0, 12.0, 17.1): their shapes and cell
//! grammars, the random events their cells name, and the game-turn columns of the event tables.

use super::calc_combat::crt_bands;
use super::error::WinterWarError;
use crate::games::assisted::charts::{Cell, CellGrammar, Chart, ChartSpec, Keys};
use serde::{Deserialize, Serialize};

/// The Combat Results Table's code.
pub const CRT: &str = "crt";
/// The Air Attack Table's code.
pub const AIR: &str = "air_attack";
/// The Finnish Random Events Table's code.
pub const FINNISH_EVENTS: &str = "finnish_events";
/// The Soviet Random Events Table's code.
pub const SOVIET_EVENTS: &str = "soviet_events";

/// The results of 14.2.
pub const CRT_RESULTS: &[&str] = &["AE", "AW", "DE", "DP", "DZ", "DW", "EX", "HX", "NE"];
/// The results of 12.1 and 12.2 ("-" and "–" are both no effect).
pub const AIR_RESULTS: &[&str] = &["DS", "(DS)", "D1", "AA", "AR", "-", "–", "Interdiction"];
/// The Air Attack Table's columns: nationality and mission (the volunteer column is our reading).
pub const AIR_COLUMNS: &[&str] = &[
    "Soviet tactical",
    "Soviet communication",
    "Finnish tactical",
    "Volunteer tactical",
];

fn die_rows() -> Keys {
    Keys::Fixed {
        keys: (1..=6).map(|n| n.to_string()).collect(),
    }
}

fn codes(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| (*c).to_string()).collect()
}

/// The Combat Results Table: 1d6 rows, percentage-band columns entered by the players (checked
/// by `check_crt`), cells a result with an optional parenthesized fortification alternate.
pub fn crt_spec() -> ChartSpec {
    ChartSpec {
        code: CRT.into(),
        name: "Combat Results Table".into(),
        rows: die_rows(),
        columns: Keys::Entered { max: 20 },
        cell: CellGrammar::Code {
            codes: codes(CRT_RESULTS),
            alternate: true,
        },
    }
}

/// The Air Attack Table: 1d6 rows, one column per nationality and mission.
pub fn air_spec() -> ChartSpec {
    ChartSpec {
        code: AIR.into(),
        name: "Air Attack Table".into(),
        rows: die_rows(),
        columns: Keys::Fixed {
            keys: codes(AIR_COLUMNS),
        },
        cell: CellGrammar::Code {
            codes: codes(AIR_RESULTS),
            alternate: false,
        },
    }
}

/// A side's Random Events Table: 1d6 rows, columns a game turn "3" or range "4-6", cells event
/// names joined by "+" (checked by `check_events`).
pub fn events_spec(code: &str, name: &str) -> ChartSpec {
    ChartSpec {
        code: code.into(),
        name: name.into(),
        rows: die_rows(),
        columns: Keys::Entered { max: 10 },
        cell: CellGrammar::Text { max_chars: 80 },
    }
}

/// Every chart Winter War asks the players to enter.
pub fn specs() -> Vec<ChartSpec> {
    vec![
        crt_spec(),
        air_spec(),
        events_spec(FINNISH_EVENTS, "Finnish Random Events Table"),
        events_spec(SOVIET_EVENTS, "Soviet Random Events Table"),
    ]
}

/// Checks an entered CRT beyond its grammar: its columns are contiguous percentage bands.
pub fn check_crt(chart: &Chart) -> Result<(), WinterWarError> {
    crt_bands(&chart.columns).map(|_| ())
}

/// The random events of 17.2 and 17.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// No event (an empty cell or "No Event").
    NoEvent,
    /// Allied Intervention (17.2).
    AlliedIntervention,
    /// Ceasefire.
    Ceasefire,
    /// Freeze (21.0).
    Freeze,
    /// Germany Looks North.
    GermanyLooksNorth,
    /// Military Support.
    MilitarySupport,
    /// Morale Check (23.0).
    MoraleCheck,
    /// Partisans.
    Partisans,
    /// Radio Intelligence.
    RadioIntelligence,
    /// Volunteers.
    Volunteers,
    /// Accelerated Mobilization.
    AcceleratedMobilization,
    /// Fifth Column.
    FifthColumn,
    /// Enhanced (Increased) Logistics (15.5).
    EnhancedLogistics,
    /// Increased Replacements.
    IncreasedReplacements,
    /// Paratroop Operation (19.2).
    ParatroopOperation,
    /// Red Fleet Sorties.
    RedFleetSorties,
    /// Severe Climate.
    SevereClimate,
    /// Timoshenko (22.0).
    Timoshenko,
}

const NAMES: &[(&str, Event)] = &[
    ("no event", Event::NoEvent),
    ("allied intervention", Event::AlliedIntervention),
    ("ceasefire", Event::Ceasefire),
    ("freeze", Event::Freeze),
    ("germany looks north", Event::GermanyLooksNorth),
    ("military support", Event::MilitarySupport),
    ("morale check", Event::MoraleCheck),
    ("partisans", Event::Partisans),
    ("radio intelligence", Event::RadioIntelligence),
    ("volunteers", Event::Volunteers),
    ("accelerated mobilization", Event::AcceleratedMobilization),
    ("fifth column", Event::FifthColumn),
    ("enhanced logistics", Event::EnhancedLogistics),
    ("increased logistics", Event::EnhancedLogistics),
    ("increased replacements", Event::IncreasedReplacements),
    ("paratroop operation", Event::ParatroopOperation),
    ("red fleet sorties", Event::RedFleetSorties),
    ("severe climate", Event::SevereClimate),
    ("timoshenko", Event::Timoshenko),
];

impl Event {
    /// Reads one event name, in any case, with "-" or "none" for no event.
    pub fn parse(name: &str) -> Result<Event, WinterWarError> {
        let wanted = name.trim().to_lowercase();
        if wanted.is_empty() || wanted == "-" || wanted == "–" || wanted == "none" {
            return Ok(Event::NoEvent);
        }
        NAMES
            .iter()
            .find(|(n, _)| *n == wanted)
            .map(|(_, e)| *e)
            .ok_or(WinterWarError::UnknownEvent { name: name.into() })
    }

    /// Its name as the tables print it, e.g. "Germany Looks North".
    pub fn name(self) -> String {
        let lower = NAMES
            .iter()
            .find(|(_, e)| *e == self)
            .map_or("no event", |(n, _)| n);
        lower
            .split(' ')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The events of a cell, in the listed order ("A + B", 17.1).
    pub fn parse_cell(cell: &Cell) -> Result<Vec<Event>, WinterWarError> {
        let text = cell.to_string();
        let events = text
            .split('+')
            .map(Event::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(events
            .into_iter()
            .filter(|e| *e != Event::NoEvent)
            .collect())
    }
}

fn turns_of(key: &str) -> Option<(u32, u32)> {
    let t = key.trim().trim_start_matches("GT").trim();
    let mut parts = t.splitn(2, ['-', '–']);
    let low: u32 = parts.next()?.trim().parse().ok()?;
    let high = match parts.next() {
        Some(h) => h.trim().parse().ok()?,
        None => low,
    };
    (low <= high).then_some((low, high))
}

/// The column of an event table holding game turn `turn`.
pub fn event_column(chart: &Chart, turn: u32) -> Result<String, WinterWarError> {
    chart
        .columns
        .iter()
        .find(|k| turns_of(k).is_some_and(|(l, h)| (l..=h).contains(&turn)))
        .cloned()
        .ok_or(WinterWarError::NoSuchTurn {
            turn,
            last: chart
                .columns
                .iter()
                .filter_map(|k| turns_of(k))
                .map(|(_, h)| h)
                .max()
                .unwrap_or(0),
        })
}

/// Checks an entered event table beyond its grammar: every column a game turn or range, every
/// cell names known events.
pub fn check_events(chart: &Chart) -> Result<(), WinterWarError> {
    for key in &chart.columns {
        if turns_of(key).is_none() {
            return Err(WinterWarError::BadTurnColumn { key: key.clone() });
        }
    }
    for row in &chart.cells {
        for cell in row {
            Event::parse_cell(cell)?;
        }
    }
    Ok(())
}
