//! The Turn Track as the players enter it (1.2, 3.0, 10.6.2, 12.1.4, 12.4.1, 13.2, 8.3 case 8):
//! each turn's label, day or night, LOS, ammo, replacement points, morale side and armor cost,
//! and the sequence of play it gives.

use super::charts::TURN_TRACK;
use super::error::RulesError;
use super::sequence::sequence;
use crate::core::domain::Side;
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::sequence::Sequence;
use serde::{Deserialize, Serialize};

/// One box of the Turn Track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TurnBox {
    /// The turn number.
    pub turn: u32,
    /// Its label, e.g. "Dec 8 0800".
    pub label: String,
    /// A night turn (16.0).
    pub night: bool,
    /// The longest line of sight, in hexes (10.6.2).
    pub los: u32,
    /// 76mm ammo the Soviets receive (12.4.1).
    pub soviet_ammo: u32,
    /// 76mm ammo the Finns receive (12.4.1).
    pub finnish_ammo: u32,
    /// Soviet replacement points (13.2).
    pub soviet_rp: u32,
    /// Finnish replacement points (13.2).
    pub finnish_rp: u32,
    /// The side with the morale bonus (8.3 case 8), if any.
    pub morale: Option<Side>,
    /// VPs the Finns gain per Soviet armored unit committed this turn (12.1.4).
    pub armor_vp: u32,
}

fn bad(turn: &str, column: &'static str, found: &str, expected: &'static str) -> RulesError {
    RulesError::TurnTrack {
        turn: turn.chars().take(24).collect(),
        column,
        found: found.chars().take(24).collect(),
        expected,
    }
}

fn number(turn: &str, column: &'static str, text: &str) -> Result<u32, RulesError> {
    if text.is_empty() {
        return Ok(0);
    }
    text.parse().ok().filter(|n| *n <= 99).ok_or_else(|| {
        bad(
            turn,
            column,
            text,
            "a whole number from 0 to 99, or nothing for 0",
        )
    })
}

/// Reads the current Turn Track: rows are the turns 1, 2, 3… in order; "night" is `night` or
/// `day`; "morale" is `soviet`, `finnish` or empty; numbers may be left empty for 0, except
/// that a night turn's empty LOS is 1 hex (16.0).
pub fn turn_track(charts: &ChartSet) -> Result<Vec<TurnBox>, RulesError> {
    let chart = &charts.current(TURN_TRACK)?.chart;
    let mut boxes = Vec::with_capacity(chart.rows.len());
    for (i, (row, cells)) in chart.rows.iter().zip(&chart.cells).enumerate() {
        let text = |column: usize| {
            cells
                .get(column)
                .map(ToString::to_string)
                .unwrap_or_default()
        };
        let expected = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if row.trim().parse::<u32>().ok() != Some(expected) {
            return Err(bad(
                row,
                "turn",
                row,
                "the turns numbered 1, 2, 3… in order",
            ));
        }
        let night = match text(1).to_lowercase().as_str() {
            "night" => true,
            "day" => false,
            other => return Err(bad(row, "night", other, "day or night")),
        };
        let morale = match text(7).to_lowercase().as_str() {
            "soviet" => Some(Side::Soviet),
            "finnish" => Some(Side::Finnish),
            "" | "none" => None,
            other => return Err(bad(row, "morale", other, "soviet, finnish or nothing")),
        };
        let los_text = text(2);
        let los = if los_text.is_empty() && night {
            1
        } else {
            number(row, "los", &los_text)?
        };
        let label = text(0);
        boxes.push(TurnBox {
            turn: expected,
            label: if label.is_empty() {
                format!("Turn {expected}")
            } else {
                label
            },
            night,
            los,
            soviet_ammo: number(row, "soviet_ammo", &text(3))?,
            finnish_ammo: number(row, "finnish_ammo", &text(4))?,
            soviet_rp: number(row, "soviet_rp", &text(5))?,
            finnish_rp: number(row, "finnish_rp", &text(6))?,
            morale,
            armor_vp: number(row, "armor_vp", &text(8))?,
        });
    }
    Ok(boxes)
}

/// The sequence of play the Turn Track gives: its night turns, its labels, its last turn.
pub fn sequence_from_track(track: &[TurnBox], first_player: Side) -> Sequence {
    let nights: Vec<u32> = track.iter().filter(|b| b.night).map(|b| b.turn).collect();
    let last = u32::try_from(track.len()).ok().filter(|n| *n > 0);
    let labels = track.iter().map(|b| b.label.clone()).collect();
    sequence(&nights, last, first_player, labels)
}

#[cfg(test)]
#[path = "turn_track_tests.rs"]
mod tests;
