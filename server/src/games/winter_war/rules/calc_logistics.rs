//! Stacking (7.1, 18.2), Soviet supply capacity in divisional equivalents (15.3–15.5),
//! suppressed movement (16.1), air recycling (12.3), ski shortfalls (25.1.2) and victory (4.2).

use crate::games::assisted::calc::{Explained, Fraction, Working};
use serde::{Deserialize, Serialize};

/// Where a stack stands, for its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StackArea {
    /// South of the A Line: two units.
    SouthOfALine,
    /// North of the A Line: one unit.
    NorthOfALine,
    /// Leningrad: six Soviet units of any type, no free extras (18.2, WW-A25).
    Leningrad,
}

/// A stack by what the limits count.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Stack {
    /// Units of any size that are not detachments or static units (broken-down ones count 1).
    pub units: u32,
    /// Detachment-sized units (the armored train counts as one).
    pub detachments: u32,
    /// Static units.
    pub statics: u32,
}

/// Whether `stack` is within the limit of `area` (7.1): 2 or 1 units plus one detachment and
/// one static unit free; Leningrad holds 6 of any type.
pub fn within_stacking(area: StackArea, stack: Stack) -> Explained<bool> {
    let total = stack.units + stack.detachments + stack.statics;
    if area == StackArea::Leningrad {
        let ok = total <= 6;
        return Explained::new(
            ok,
            format!("{total} units in Leningrad, which holds 6 of any type (18.2)"),
        );
    }
    let (limit, place) = match area {
        StackArea::NorthOfALine => (1, "north of the A Line"),
        _ => (2, "south of the A Line"),
    };
    let extra_det = stack.detachments.min(1);
    let extra_static = stack.statics.min(1);
    let counted = stack.units + (stack.detachments - extra_det) + (stack.statics - extra_static);
    let ok = counted <= limit;
    let mut work = Working::new();
    work.step(format!(
        "{place} a hex holds {limit} unit{} plus one detachment and one static unit free (7.1)",
        if limit == 1 { "" } else { "s" }
    ));
    work.step(format!(
        "{} units, {} detachments and {} static units count as {counted}: {}",
        stack.units,
        stack.detachments,
        stack.statics,
        if ok {
            "within the limit"
        } else {
            "over-stacked"
        }
    ));
    work.done(ok)
}

/// A Soviet unit by its divisional equivalents (15.3, our reading WW-A13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Echelon {
    /// Infantry or assault (shock) corps: 3.
    Corps,
    /// Infantry division, tank corps, cavalry corps, artillery: 1.
    Division,
    /// Any brigade or regiment: 1/3.
    BrigadeOrRegiment,
}

impl Echelon {
    /// Its divisional equivalents.
    pub fn equivalents(self) -> Fraction {
        match self {
            Echelon::Corps => Fraction::whole(3),
            Echelon::Division => Fraction::whole(1),
            Echelon::BrigadeOrRegiment => Fraction { num: 1, den: 3 },
        }
    }
}

/// The demand of the units tracing to one Soviet supply city against its printed capacity,
/// doubled by Enhanced Logistics (15.3, 15.5): the total demand in exact thirds, the steps saying
/// whether it is over.
pub fn supply_demand(
    units: &[(String, Echelon)],
    capacity: u32,
    enhanced: bool,
) -> Explained<Fraction> {
    let mut work = Working::new();
    let mut total = Fraction::whole(0);
    for (name, echelon) in units {
        let de = echelon.equivalents();
        total = total.checked_add(de).unwrap_or(total);
        work.step(format!(
            "{name}: {de} divisional equivalents, {total} so far"
        ));
    }
    let cap = if enhanced {
        work.step(format!(
            "Enhanced Logistics doubles the capacity {capacity} to {} (15.5)",
            capacity * 2
        ));
        capacity * 2
    } else {
        capacity
    };
    let cap = Fraction::whole(i64::from(cap));
    if total > cap {
        work.step(format!(
            "{total} is over the capacity {cap}: the Soviet player names units that go unsupplied (15.3)"
        ));
    } else {
        work.step(format!("{total} is within the capacity {cap}"));
    }
    work.done(total)
}

/// What decides whether a unit is always in supply (15.2, 15.4), as the roster tells it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SupplyCase<'a> {
    /// The unit is Soviet (else Finnish or Allied).
    pub soviet: bool,
    /// Its type as entered ("HQ", "ski", "armored train", "air", "naval", …).
    pub unit_type: &'a str,
    /// Its printed attack and defence factors.
    pub af: u32,
    /// Its printed defence factor.
    pub df: u32,
    /// It carries the NKVD marker.
    pub nkvd: bool,
    /// It stands in its own side's country (Finland for Finnish units, the Soviet Union for
    /// Soviet ones), as the hexes entered for the countries say (24.2).
    pub at_home: bool,
}

/// Whether the unit is always in supply, with the item of 15.2 or 15.4 that says so; `None`
/// when it must trace a line like any other. Units always in supply because of the hex they stand
/// in (fortifications, cities, towns, Soviet supply cities) are left to the players, since the
/// roster does not know the map's terrain.
pub fn always_supplied(case: &SupplyCase<'_>) -> Option<&'static str> {
    let kind = case.unit_type.to_lowercase();
    let has = |word: &str| kind.contains(word);
    let hq = has("hq") || has("headquarter");
    let air = has("air");
    if case.soviet {
        if hq {
            return Some("a headquarters unit is always in supply (15.4 item 1)");
        }
        if case.nkvd && case.at_home {
            return Some("an NKVD unit in the Soviet Union is always in supply (15.4 item 2)");
        }
        if air || has("naval") {
            return Some("air and naval units are always in supply (15.4 item 5)");
        }
        return None;
    }
    if hq {
        return Some("a headquarters unit is always in supply (15.2 item 1)");
    }
    let small_ski = has("ski") && case.af <= 1 && case.df <= 1;
    if small_ski && case.at_home {
        return Some("a ski detachment or battalion in Finland is always in supply (15.2 item 2)");
    }
    if has("armored train") || has("armoured train") {
        return Some("the armored train is always in supply (15.2 item 3)");
    }
    if air {
        return Some("air units are always in supply (15.2 item 5)");
    }
    None
}

/// A suppressed unit's movement: printed factor halved, fractions dropped (16.1).
pub fn suppressed_movement(printed: u32) -> Explained<u32> {
    let half = printed / 2;
    Explained::new(
        half,
        format!("suppressed: movement {printed} halves to {half}, fractions dropped (16.1)"),
    )
}

/// When an air unit recycled (AR) on `turn` returns: GT + 2, or never when `turn` is the
/// second-to-last or last game turn (12.3).
pub fn air_recycle(turn: u32, last_turn: u32) -> Explained<Option<u32>> {
    if turn + 1 >= last_turn {
        return Explained::new(
            None,
            format!(
                "recycled on GT {turn}, the last or second-to-last game turn: removed for good (12.3)"
            ),
        );
    }
    let back = turn + 2;
    Explained::new(
        Some(back),
        format!("recycled on GT {turn}: placed in the GT {back} box (12.3)"),
    )
}

/// The 2-2-3 regiments given for ski battalions missing from the counter mix (25.1.2): one for
/// every two; an odd one left over is lost.
pub fn ski_substitution(missing: u32) -> Explained<u32> {
    let regiments = missing / 2;
    let mut text = format!("{missing} ski battalions missing: {regiments} 2-2-3 regiments instead");
    if missing % 2 == 1 {
        text.push_str("; the one left over is lost (25.1.2)");
    } else {
        text.push_str(" (25.1.2)");
    }
    Explained::new(regiments, text)
}

/// The levels of victory (4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Victory {
    /// Margin 101 or more.
    SovietStrategic,
    /// Margin 81 to 100.
    SovietOperational,
    /// Margin 61 to 80.
    SovietTactical,
    /// Margin 31 to 60: the historical result.
    FinnishMorale,
    /// Margin 30 or less.
    FinnishStrategic,
}

/// The victory level for the margin Soviet VP − Finnish VP, with the optional rules' adjustments
/// to the Soviet total already included in `soviet` (4.2; 24.5 −5, 24.6 +20, 24.7 +5).
pub fn victory(soviet: i64, finnish: i64) -> Explained<Victory> {
    let margin = soviet - finnish;
    let (level, name) = match margin {
        101.. => (Victory::SovietStrategic, "Soviet Strategic Victory"),
        81..=100 => (Victory::SovietOperational, "Soviet Operational Victory"),
        61..=80 => (Victory::SovietTactical, "Soviet Tactical Victory"),
        31..=60 => (Victory::FinnishMorale, "Finnish Morale Victory"),
        _ => (Victory::FinnishStrategic, "Finnish Strategic Victory"),
    };
    let mut work = Working::new();
    work.step(format!(
        "{soviet} Soviet less {finnish} Finnish victory points is a margin of {margin}"
    ));
    work.step(format!("a margin of {margin} is a {name} (4.2)"));
    work.done(level)
}

#[cfg(test)]
#[path = "calc_logistics_tests.rs"]
mod tests;
