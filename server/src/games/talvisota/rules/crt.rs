//! The combat results table (rule 4.3, clean version in spec/talvisota.md).

use serde::{Deserialize, Serialize};

/// One cell of the table, read from the rolling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CrtResult {
    /// Units the rolling side loses ("a").
    pub roller_losses: u32,
    /// Units the other side loses ("d").
    pub opponent_losses: u32,
    /// The other side retreats ("R").
    pub opponent_retreats: bool,
}

const fn cell(roller_losses: u32, opponent_losses: u32, opponent_retreats: bool) -> CrtResult {
    CrtResult {
        roller_losses,
        opponent_losses,
        opponent_retreats,
    }
}

/// The table: `TABLE[die - 1][column]`, column = difference 0..=6.
const TABLE: [[CrtResult; 7]; 6] = [
    // die 1
    [
        cell(3, 0, false),
        cell(3, 0, false),
        cell(2, 0, false),
        cell(2, 0, false),
        cell(1, 0, false),
        cell(1, 1, false),
        cell(1, 1, false),
    ],
    // die 2
    [
        cell(3, 0, false),
        cell(2, 0, false),
        cell(2, 0, false),
        cell(1, 0, false),
        cell(1, 1, false),
        cell(1, 1, false),
        cell(1, 1, true),
    ],
    // die 3
    [
        cell(2, 0, false),
        cell(2, 0, false),
        cell(1, 0, false),
        cell(1, 1, false),
        cell(1, 1, false),
        cell(1, 1, true),
        cell(0, 1, true),
    ],
    // die 4
    [
        cell(2, 0, false),
        cell(1, 0, false),
        cell(1, 1, false),
        cell(1, 1, false),
        cell(1, 1, true),
        cell(0, 1, true),
        cell(0, 1, true),
    ],
    // die 5
    [
        cell(1, 0, false),
        cell(1, 1, false),
        cell(1, 1, false),
        cell(1, 1, true),
        cell(0, 1, true),
        cell(0, 1, true),
        cell(0, 2, false),
    ],
    // die 6
    [
        cell(1, 1, false),
        cell(1, 1, false),
        cell(1, 1, true),
        cell(0, 1, true),
        cell(0, 1, true),
        cell(0, 2, false),
        cell(0, 2, true),
    ],
];

/// A combat potential as the table uses it: 0 or less counts as 1 (rule 4.2).
pub fn effective_potential(raw: i32) -> i32 {
    raw.max(1)
}

/// How a roll is read: the column, the die after modifiers and the row it lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CrtReading {
    /// The column: the difference, capped at 6.
    pub column: u32,
    /// The die as rolled.
    pub die: u32,
    /// Added to the die: one per point of difference beyond 6, plus other die modifiers.
    pub die_modifier: i32,
    /// The row read (1 to 6).
    pub row: u32,
    /// The result.
    pub result: CrtResult,
}

/// Reads the table for a `difference` (≥ 0) and a rolled `die`, with `other_modifier` added to the
/// die (e.g. Supply). A difference beyond +6 reads the +6 column and adds the excess to the die; a
/// modified die above 6 reads row 6 and below 1 reads row 1.
pub fn read(difference: u32, die: u32, other_modifier: i32) -> CrtReading {
    let column = difference.min(6);
    let excess = i32::try_from(difference.saturating_sub(6)).unwrap_or(i32::MAX / 2);
    let die_modifier = excess.saturating_add(other_modifier);
    let modified = i32::try_from(die).unwrap_or(6).saturating_add(die_modifier);
    let row = modified.clamp(1, 6) as u32;
    CrtReading {
        column,
        die,
        die_modifier,
        row,
        result: TABLE[(row - 1) as usize][column as usize],
    }
}
