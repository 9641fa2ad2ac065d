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

/// The names of the pieces a page may mention, found from their ids: the viewer's own markers
/// by their kind, and any unit by the counter set's name for the kind its id carries
/// (`su-fus-1` is "Fusilier division 1").
pub struct PieceNames {
    known: std::collections::BTreeMap<String, String>,
    types: Vec<(String, String)>,
}

impl PieceNames {
    /// The names on `board`, with the viewer's `markers` (id and kind in words).
    pub fn new(board: &BoardView, markers: impl IntoIterator<Item = (String, String)>) -> Self {
        PieceNames {
            known: markers
                .into_iter()
                .map(|(id, kind)| {
                    let name = piece_name(&id, &kind);
                    (id, name)
                })
                .collect(),
            types: board
                .unit_types
                .iter()
                .map(|t| (t.kind.code().to_owned(), t.name.clone()))
                .collect(),
        }
    }

    /// The piece's name, if `id` is a piece's id.
    pub fn of(&self, id: &str) -> Option<String> {
        if let Some(name) = self.known.get(id) {
            return Some(name.clone());
        }
        let parts: Vec<&str> = id.split('-').collect();
        let [_, kind @ .., number] = parts.as_slice() else {
            return None;
        };
        if kind.is_empty() || number.parse::<u32>().is_err() {
            return None;
        }
        let kind = kind.join("-");
        self.types
            .iter()
            .find(|(code, _)| *code == kind)
            .map(|(_, name)| piece_name(id, name))
    }

    /// The piece's name, or the id itself when it names no piece.
    pub fn name(&self, id: &str) -> String {
        self.of(id).unwrap_or_else(|| id.to_owned())
    }

    /// The pieces' names, separated by commas.
    pub fn list(&self, ids: &[String]) -> String {
        ids.iter()
            .map(|id| self.name(id))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `text` with every piece id in it replaced by the piece's name, and the kind's code the
    /// rules write after a unit's id ("su-fus-1 (fus)") left out: reports stored before names
    /// were written read as well as new ones.
    pub fn in_text(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| c.is_ascii_lowercase()) {
            out.push_str(&rest[..start]);
            let token_len = rest[start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(rest.len() - start);
            let token = &rest[start..start + token_len];
            rest = &rest[start + token_len..];
            match self.of(token) {
                Some(name) => {
                    out.push_str(&name);
                    let code = token.split('-').nth(1).unwrap_or_default();
                    if let Some(after) = rest.strip_prefix(&format!(" ({code})")) {
                        rest = after;
                    }
                }
                None => out.push_str(token),
            }
        }
        out.push_str(rest);
        out
    }
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
pub fn soviet_lines(board: &BoardView, names: &PieceNames, sheet: &SovietSheet) -> Vec<String> {
    sheet
        .allocations
        .iter()
        .map(|a| {
            let targets: Vec<String> = a
                .targets
                .iter()
                .map(|t| space_name(&board.map, t))
                .collect();
            let supports: Vec<String> = a.supports.iter().map(|s| names.name(&s.id)).collect();
            format!(
                "Soviet {} from {} against {}: {}; supports {}{}",
                a.strategy.code(),
                space_name(&board.map, &a.from),
                targets.join(" then "),
                names.list(&a.units),
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
pub fn finnish_lines(board: &BoardView, names: &PieceNames, sheet: &FinnishSheet) -> Vec<String> {
    sheet
        .allocations
        .iter()
        .map(|a| {
            let mut extra: Vec<String> = a.supports.iter().map(|s| names.name(&s.id)).collect();
            extra.extend(a.environment.iter().map(|id| names.name(id)));
            extra.extend(a.entrenchments.iter().map(|id| names.name(id)));
            format!(
                "Finnish {} at {}: {}; with {}",
                a.strategy.code(),
                space_name(&board.map, &a.space),
                names.list(&a.units),
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
pub fn round_view(board: &BoardView, names: &PieceNames, r: &RoundReport) -> RoundView {
    let result = &r.reading.result;
    RoundView {
        title: format!("{}, round {}", space_name(&board.map, &r.space), r.round),
        soviet: r
            .soviet
            .lines
            .iter()
            .map(|m| (names.in_text(&m.source), m.amount))
            .collect(),
        soviet_total: (r.soviet.raw, r.soviet.effective),
        finnish: r
            .finnish
            .lines
            .iter()
            .map(|m| (names.in_text(&m.source), m.amount))
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
                names.list(&r.soviet_losses)
            },
            if r.finnish_losses.is_empty() {
                "none".into()
            } else {
                names.list(&r.finnish_losses)
            },
        ),
        notes: r.notes.iter().map(|n| names.in_text(n)).collect(),
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
    names: &PieceNames,
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
            .map(|m| (names.in_text(&m.source), m.amount))
            .collect(),
        reading: format!(
            "Scouts {}: a die of {} makes {}, {} (6 or more succeeds, 4–5 partly, else fails){}.",
            names.list(&h.scouts),
            h.die,
            h.total,
            match h.result {
                HarassmentResult::Success => "a success",
                HarassmentResult::Partial => "a partial success",
                HarassmentResult::Failure => "a failure",
            },
            match &h.scout_lost {
                Some(id) => format!("; {} is lost", names.name(id)),
                None => String::new(),
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::PieceNames;

    fn names() -> PieceNames {
        PieceNames {
            known: [("fi-ret-1".to_owned(), "Entrenchment 1".to_owned())].into(),
            types: vec![
                ("fus".to_owned(), "Fusilier division".to_owned()),
                ("res".to_owned(), "Reserve division".to_owned()),
            ],
        }
    }

    #[test]
    fn a_report_names_pieces_not_ids() {
        let n = names();
        assert_eq!(
            n.in_text("su-fus-1 (fus): strength 3, bonus +2 (doubled by PRUD)"),
            "Fusilier division 1: strength 3, bonus +2 (doubled by PRUD)"
        );
        assert_eq!(
            n.in_text("fi-res-2: tactical penalty; with fi-ret-1"),
            "Reserve division 2: tactical penalty; with Entrenchment 1"
        );
        assert_eq!(
            n.list(&["su-fus-3".into(), "fi-ret-1".into()]),
            "Fusilier division 3, Entrenchment 1"
        );
        // Words that are no piece's id stay as they are.
        assert_eq!(
            n.in_text("defence line (rule 8), T-34/KV-1"),
            "defence line (rule 8), T-34/KV-1"
        );
    }
}
