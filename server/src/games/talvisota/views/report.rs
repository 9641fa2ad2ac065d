//! The parts of the Talvisota game page that report rather than ask: the viewer's pieces, the
//! command sheets it may see, and each combat round with every modifier.

use crate::games::talvisota::rules::harassment::{HarassmentReport, HarassmentResult};
use crate::games::talvisota::rules::potential::RoundReport;
use crate::games::talvisota::rules::sheet::{FinnishSheet, SovietSheet};
use crate::games::talvisota::rules::state::UnitLocation;
use crate::games::talvisota::views::log::space_name;
pub use crate::games::talvisota::views::log::{piece_name, snake};
use crate::games::talvisota::views::{BoardView, MarkerView, UnitView};

/// One of the viewer's pieces.
#[derive(Clone, Debug)]
pub struct PieceRow {
    /// Its name: the kind and the counter's number.
    pub name: String,
    /// Whose.
    pub side: &'static str,
    /// What it is.
    pub kind: String,
    /// Where it is, or whether it can be used this turn.
    pub state: String,
}

/// One combat round explained line by line.
#[derive(Clone, Debug)]
pub struct RoundView {
    /// "Terijoki, round 1".
    pub title: String,
    /// The Soviet potential's lines.
    pub soviet: Vec<(String, i32)>,
    /// Its sum and what the table uses.
    pub soviet_total: (i32, i32),
    /// The Finnish potential's lines.
    pub finnish: Vec<(String, i32)>,
    /// Its sum and what the table uses.
    pub finnish_total: (i32, i32),
    /// How the table was read and what it gave.
    pub reading: String,
    /// Doublings and cancelled retreats.
    pub notes: Vec<String>,
}

/// Where a unit is, for people.
pub fn place(board: &BoardView, location: &UnitLocation) -> String {
    match location {
        UnitLocation::NotArrived => "not arrived yet".into(),
        UnitLocation::Sheet => "command sheet".into(),
        UnitLocation::Space(s) => space_name(&board.map, s),
        UnitLocation::Losses(_) => "Losses box".into(),
        UnitLocation::Reinforcements(_) => "Reinforcements box".into(),
    }
}

/// The viewer's units as rows.
pub fn unit_rows(board: &BoardView, units: &[UnitView]) -> Vec<PieceRow> {
    units
        .iter()
        .map(|u| PieceRow {
            name: piece_name(
                &u.id,
                &crate::games::talvisota::views::map::unit_name(board, u),
            ),
            side: u.side.adjective(),
            kind: u.kind.code().to_uppercase(),
            state: place(board, &u.location),
        })
        .collect()
}

/// Supports, environment markers or entrenchments as rows.
pub fn marker_rows<K: serde::Serialize>(markers: &[MarkerView<K>]) -> Vec<PieceRow> {
    markers
        .iter()
        .map(|m| PieceRow {
            name: piece_name(&m.id, &snake(&m.kind).replace('_', " ")),
            side: m.side.adjective(),
            kind: snake(&m.kind).replace('_', " "),
            state: if m.available {
                "available".into()
            } else {
                "used or not arrived".into()
            },
        })
        .collect()
}

/// The Soviet sheet, one line per strategy.
pub fn soviet_lines(board: &BoardView, sheet: &SovietSheet) -> Vec<String> {
    sheet
        .allocations
        .iter()
        .map(|a| {
            let targets: Vec<String> = a
                .targets
                .iter()
                .map(|t| space_name(&board.map, t))
                .collect();
            let supports: Vec<&str> = a.supports.iter().map(|s| s.id.as_str()).collect();
            format!(
                "Soviet {} from {} against {}: {}; supports {}{}",
                a.strategy.code(),
                space_name(&board.map, &a.from),
                targets.join(" then "),
                a.units.join(", "),
                if supports.is_empty() {
                    "none".into()
                } else {
                    supports.join(", ")
                },
                if a.resolved { " (resolved)" } else { "" }
            )
        })
        .collect()
}

/// The Finnish sheet, one line per strategy.
pub fn finnish_lines(board: &BoardView, sheet: &FinnishSheet) -> Vec<String> {
    sheet
        .allocations
        .iter()
        .map(|a| {
            let mut extra: Vec<String> = a.supports.iter().map(|s| s.id.clone()).collect();
            extra.extend(a.environment.iter().cloned());
            extra.extend(a.entrenchments.iter().cloned());
            format!(
                "Finnish {} at {}: {}; with {}",
                a.strategy.code(),
                space_name(&board.map, &a.space),
                a.units.join(", "),
                if extra.is_empty() {
                    "nothing more".into()
                } else {
                    extra.join(", ")
                }
            )
        })
        .collect()
}

/// One combat round, every modifier listed.
pub fn round_view(board: &BoardView, r: &RoundReport) -> RoundView {
    let result = &r.reading.result;
    RoundView {
        title: format!("{}, round {}", space_name(&board.map, &r.space), r.round),
        soviet: r
            .soviet
            .lines
            .iter()
            .map(|m| (m.source.clone(), m.amount))
            .collect(),
        soviet_total: (r.soviet.raw, r.soviet.effective),
        finnish: r
            .finnish
            .lines
            .iter()
            .map(|m| (m.source.clone(), m.amount))
            .collect(),
        finnish_total: (r.finnish.raw, r.finnish.effective),
        reading: format!(
            "The {} side rolled {} ({:+} on the die) on the +{} column, row {}: it loses {}, the other side loses {}{}. Soviet losses: {}. Finnish losses: {}.",
            r.roller.adjective(),
            r.reading.die,
            r.reading.die_modifier,
            r.reading.column,
            r.reading.row,
            result.roller_losses,
            result.opponent_losses,
            if result.opponent_retreats {
                " and retreats"
            } else {
                ""
            },
            if r.soviet_losses.is_empty() {
                "none".into()
            } else {
                r.soviet_losses.join(", ")
            },
            if r.finnish_losses.is_empty() {
                "none".into()
            } else {
                r.finnish_losses.join(", ")
            },
        ),
        notes: r.notes.clone(),
    }
}

/// A harassment explained: the die, every modifier, the total and what it gave.
#[derive(Clone, Debug)]
pub struct HarassmentView {
    /// "Harassment of Terijoki (December II 1939)".
    pub title: String,
    /// The modifiers of rule 6.2.
    pub lines: Vec<(String, i32)>,
    /// What the die, the total and the result were.
    pub reading: String,
}

/// One harassment, every modifier listed.
pub fn harassment_view(
    board: &BoardView,
    turn_label: &str,
    h: &HarassmentReport,
) -> HarassmentView {
    HarassmentView {
        title: format!(
            "Harassment of {} ({turn_label})",
            space_name(&board.map, &h.space)
        ),
        lines: h
            .modifiers
            .iter()
            .map(|m| (m.source.clone(), m.amount))
            .collect(),
        reading: format!(
            "Scouts {}: a die of {} makes {}, {} (6 or more succeeds, 4–5 partly, else fails){}.",
            h.scouts.join(", "),
            h.die,
            h.total,
            match h.result {
                HarassmentResult::Success => "a success",
                HarassmentResult::Partial => "a partial success",
                HarassmentResult::Failure => "a failure",
            },
            match &h.scout_lost {
                Some(id) => format!("; {id} is lost"),
                None => String::new(),
            }
        ),
    }
}
