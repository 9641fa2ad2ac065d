//! Supply (Opt A): effects by consecutive turns out of supply, the turn count kept at each
//! friendly initial phase, the isolation check from the fourth turn, and supply-line length.

use super::calc_armor::{mixed, ordinal};
use crate::games::assisted::calc::{Explained, Fraction, Working};
use serde::{Deserialize, Serialize};

/// A unit's printed strengths and movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ratings {
    /// Attack strength.
    pub attack: u32,
    /// Defense strength.
    pub defence: u32,
    /// AA strength.
    pub aa: u32,
    /// Movement allowance.
    pub movement: u32,
}

/// Ratings after supply, kept as exact fractions (the rounding is the base rules', AWW-A7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SuppliedRatings {
    /// Attack strength.
    pub attack: Fraction,
    /// Defense strength.
    pub defence: Fraction,
    /// AA strength.
    pub aa: Fraction,
    /// Movement allowance.
    pub movement: Fraction,
    /// Whether the unit keeps its armor/antitank capabilities.
    pub armor_capable: bool,
}

fn rating(what: &str, value: u32, halved: bool, why: &str, work: &mut Working) -> Fraction {
    let exact =
        Fraction::new(i64::from(value), if halved { 2 } else { 1 }).unwrap_or(Fraction::whole(0));
    if halved {
        work.step(format!("{what} {value} halves to {} ({why})", mixed(exact)));
    }
    exact
}

/// A unit's ratings in its `turns`-th consecutive turn out of supply (0: in supply), by Opt A.1:
/// the first turn halves attack (and movement of c/m units); from the second, attack, defense,
/// AA and movement are all halved, once, and armor/antitank capability is lost.
pub fn supply_effects(printed: Ratings, turns: u32, cm: bool) -> Explained<SuppliedRatings> {
    let mut work = Working::new();
    if turns == 0 {
        work.step("in supply: ratings as printed");
    } else {
        work.step(format!(
            "{} turn out of supply running (Opt A.1)",
            ordinal(turns)
        ));
    }
    let later = turns >= 2;
    let first = if turns == 1 {
        "first turn"
    } else {
        "second turn or later"
    };
    let attack = rating("attack", printed.attack, turns >= 1, first, &mut work);
    let defence = rating("defense", printed.defence, later, first, &mut work);
    let aa = rating("AA", printed.aa, later, first, &mut work);
    let move_halved = later || (turns == 1 && cm);
    let why = if turns == 1 {
        "first turn, c/m unit"
    } else {
        first
    };
    let movement = rating("movement", printed.movement, move_halved, why, &mut work);
    if turns == 1 && !cm {
        work.step("not c/m: movement unaffected in the first turn");
    }
    if later {
        work.step("no armor/antitank capability: counts as none for AECA, AECD and ATEC");
    }
    work.done(SuppliedRatings {
        attack,
        defence,
        aa,
        movement,
        armor_capable: !later,
    })
}

/// The out-of-supply count after a friendly initial phase (A.1, AWW-A8): one more when the unit
/// is judged out of supply, back to 0 when it is judged in supply (the turns must be
/// consecutive).
pub fn judge_supply(name: &str, count: u32, in_supply: bool) -> Explained<u32> {
    if in_supply {
        let step = if count > 0 {
            format!("{name} is in supply again: its count of {count} turns out of supply ends")
        } else {
            format!("{name} is in supply")
        };
        return Explained::new(0, step);
    }
    let next = count.saturating_add(1);
    Explained::new(
        next,
        format!(
            "{name} is out of supply: its {} turn out of supply begins (a turn is this player turn and the enemy's next)",
            ordinal(next)
        ),
    )
}

/// Whether the unit is checked for isolation elimination this initial phase (A.1): from its
/// fourth turn out of supply, when it is isolated now (whether or not it was before).
pub fn isolation_check_due(name: &str, count: u32, isolated: bool) -> Explained<bool> {
    let due = count >= 4 && isolated;
    let step = match (count >= 4, isolated) {
        (true, true) => format!(
            "{name} is in its {} turn out of supply and isolated: roll on the Success Table",
            ordinal(count)
        ),
        (true, false) => format!("{name} is out of supply but not isolated: no check"),
        (false, _) => format!("{name} has {count} turns out of supply; checks begin with the 4th"),
    };
    Explained::new(due, step)
}

/// Terrain of a hex on an overland supply line, as A.2 distinguishes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineTerrain {
    /// Mountain: counts as 2 hexes.
    Mountain,
    /// Forest: counts as 2 hexes.
    Forest,
    /// Wooded rough: counts as 2 hexes.
    WoodedRough,
    /// Any other terrain: counts as 1 hex.
    Other,
}

/// One hex a supply line enters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LineHex {
    /// The hex, e.g. "35:2107".
    pub hex: String,
    /// Its terrain.
    pub terrain: LineTerrain,
    /// Whether the line enters it across an unfrozen narrow strait hexside.
    pub unfrozen_strait: bool,
    /// Whether the line is traced along a road into it.
    pub road: bool,
}

/// The length of an overland supply line (Opt A.2): mountain, forest and wooded rough hexes
/// count 2, an unfrozen narrow strait hexside adds 1, and neither penalty applies along a road.
/// The maximum length is base Rule 12B1's.
pub fn supply_line_length(hexes: &[LineHex]) -> Explained<u32> {
    let mut work = Working::new();
    let mut length: u32 = 0;
    for hex in hexes {
        let rough = hex.terrain != LineTerrain::Other;
        let (cost, why) = match (hex.road, rough, hex.unfrozen_strait) {
            (true, _, _) => (1, "along a road: 1".to_string()),
            (false, true, strait) => (
                2 + u32::from(strait),
                format!(
                    "{}: 2{}",
                    terrain_word(hex.terrain),
                    if strait {
                        ", and 1 for the unfrozen narrow strait"
                    } else {
                        ""
                    }
                ),
            ),
            (false, false, true) => (2, "1, and 1 for the unfrozen narrow strait".to_string()),
            (false, false, false) => (1, "1".to_string()),
        };
        length = length.saturating_add(cost);
        work.step(format!("{}: {why}, {length} so far", hex.hex));
    }
    work.step(format!("the supply line is {length} hexes long (Opt A.2)"));
    work.done(length)
}

fn terrain_word(terrain: LineTerrain) -> &'static str {
    match terrain {
        LineTerrain::Mountain => "mountain",
        LineTerrain::Forest => "forest",
        LineTerrain::WoodedRough => "wooded rough",
        LineTerrain::Other => "clear or other terrain",
    }
}

#[cfg(test)]
#[path = "calc_supply_tests.rs"]
mod tests;
