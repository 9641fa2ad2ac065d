//! The optional and designer's-choice rules a campaign plays with, and the half-month calendar.

use crate::games::assisted::sequence::Calendar;
use serde::{Deserialize, Serialize};

/// The rules both players agreed to use before choosing sides (all off by default).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Opt A.1: supply effects by consecutive turns out of supply.
    pub supply_effects: bool,
    /// Opt A.2: terrain and supply lines.
    pub supply_lines: bool,
    /// Opt B: armor and antitank effects.
    pub armor_effects: bool,
    /// Opt C.1: Soviet ski units.
    pub soviet_ski: bool,
    /// Opt C.2: FNA reliability.
    pub fna_reliability: bool,
    /// Opt C.3: the 10th Tank Corps.
    pub tank_corps: bool,
    /// Opt D: airborne operations.
    pub airborne: bool,
    /// Opt E: variable game length.
    pub variable_length: bool,
    /// Opt F: accelerated foreign aid to Finland.
    pub foreign_aid: bool,
    /// Opt G: increased Soviet preparedness.
    pub soviet_preparedness: bool,
    /// Opt H: earlier start to the campaign (Nov II 39).
    pub earlier_start: bool,
    /// DC A.1: heavy tanks.
    pub heavy_tanks: bool,
    /// DC A.2: Finnish ski units move in the exploitation phase.
    pub finnish_ski: bool,
    /// DC B: variable demolition costs.
    pub demolition: bool,
    /// DC C: resolute Western intervention.
    pub resolute_intervention: bool,
}

/// The calendar index of Nov II 39 (played only with Opt H).
pub const NOV_II_39: u32 = 0;
/// The calendar index of Dec I 39, the first turn (DC C).
pub const DEC_I_39: u32 = 1;
/// The calendar index of Jan II 40, the fourth turn (DC C's example).
pub const JAN_II_40: u32 = 4;
/// The calendar index of Mar I 40, the last turn unless Opt E extends the game.
pub const MAR_I_40: u32 = 7;
/// The calendar index of Mar II 40 (reached only through Opt E).
pub const MAR_II_40: u32 = 8;
/// The calendar index of Apr I 40, after which the game always ends (Opt E).
pub const APR_I_40: u32 = 9;

impl Options {
    /// Whether Opt D.3's airborne plans, D.1's disruption and D.2's results apply: Opt D, or
    /// Opt G, which says Opt D applies.
    pub fn airborne_rules(&self) -> bool {
        self.airborne || self.soviet_preparedness
    }

    /// Whether Opt C.1's ski units apply: Opt C.1, or Opt G, which says it applies.
    pub fn ski_rules(&self) -> bool {
        self.soviet_ski || self.soviet_preparedness
    }

    /// The half-month calendar: from Dec I 39, or Nov II 39 with Opt H.
    pub fn calendar(&self) -> Calendar {
        if self.earlier_start {
            Calendar::HalfMonths {
                year: 1939,
                month: 11,
                half: 2,
            }
        } else {
            Calendar::HalfMonths {
                year: 1939,
                month: 12,
                half: 1,
            }
        }
    }

    /// The calendar index (Nov II 39 is 0, Dec I 39 is 1, … Apr I 40 is 9) of game turn `turn`
    /// (turn 1 is the first turn played).
    pub fn calendar_index(&self, turn: u32) -> u32 {
        if self.earlier_start {
            turn.saturating_sub(1)
        } else {
            turn
        }
    }

    /// The game turn (from 1) of calendar index `index`; `None` for Nov II 39 without Opt H.
    pub fn turn_of(&self, index: u32) -> Option<u32> {
        match (self.earlier_start, index) {
            (true, i) => i.checked_add(1),
            (false, 0) => None,
            (false, i) => Some(i),
        }
    }

    /// The last turn that can be played: Mar I 40, or Apr I 40 when Opt E may extend the game.
    pub fn last_turn(&self) -> u32 {
        let last = if self.variable_length {
            APR_I_40
        } else {
            MAR_I_40
        };
        self.turn_of(last).unwrap_or(last)
    }

    /// Opt F, G and H's victory-point deductions, as (Finnish, Soviet) points deducted.
    pub fn deductions(&self) -> (i64, i64) {
        let finnish = if self.foreign_aid { 10 } else { 0 };
        let soviet =
            if self.soviet_preparedness { 20 } else { 0 } + if self.earlier_start { 20 } else { 0 };
        (finnish, soviet)
    }
}
