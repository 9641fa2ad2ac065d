//! Combat results (14.2) as losses owed, breakdown into components under the counter mix (11.0,
//! 11.3), and the Captured Equipment lookup (24.4).

use super::error::WinterWarError;
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A counter that breaks down or is produced by breaking down (11.1), by its printed factors.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Counter {
    /// Finnish 6-6-2 division.
    FinnishDivision662,
    /// Finnish 4-4-2 division.
    FinnishDivision442,
    /// Finnish 2-2-3 regiment or brigade.
    FinnishRegiment223,
    /// Finnish 1-1-3 battalion.
    FinnishBattalion113,
    /// Soviet 24-15-2 shock corps.
    SovietShockCorps24152,
    /// Soviet 20-12-2 infantry corps.
    SovietCorps20122,
    /// Soviet 12-8-2 infantry corps.
    SovietCorps1282,
    /// Soviet 6-4-2 division.
    SovietDivision642,
    /// Soviet 2-1-2 regiment.
    SovietRegiment212,
    /// Soviet 5-3-3 tank corps.
    SovietTankCorps533,
    /// Soviet 8-3-2 artillery.
    SovietArtillery832,
    /// Soviet 2-1-3 tank brigade.
    SovietTankBrigade213,
}

impl Counter {
    /// Every counter that breaks down or comes of a breakdown.
    pub const ALL: [Counter; 12] = [
        Counter::FinnishDivision662,
        Counter::FinnishDivision442,
        Counter::FinnishRegiment223,
        Counter::FinnishBattalion113,
        Counter::SovietShockCorps24152,
        Counter::SovietCorps20122,
        Counter::SovietCorps1282,
        Counter::SovietDivision642,
        Counter::SovietRegiment212,
        Counter::SovietTankCorps533,
        Counter::SovietArtillery832,
        Counter::SovietTankBrigade213,
    ];

    /// The counter of a side (`finnish` or not) with these printed factors, if 11.1 lists one.
    pub fn with_factors(
        finnish: bool,
        attack: u32,
        defence: u32,
        movement: u32,
    ) -> Option<Counter> {
        Counter::ALL
            .into_iter()
            .find(|c| c.is_finnish() == finnish && c.factors() == (attack, defence, movement))
    }

    fn is_finnish(self) -> bool {
        matches!(
            self,
            Counter::FinnishDivision662
                | Counter::FinnishDivision442
                | Counter::FinnishRegiment223
                | Counter::FinnishBattalion113
        )
    }

    /// Its printed movement factor.
    pub fn movement(self) -> u32 {
        self.factors().2
    }

    /// The printed attack factor.
    pub fn attack(self) -> u32 {
        self.factors().0
    }

    /// The printed defence factor.
    pub fn defence(self) -> u32 {
        self.factors().1
    }

    fn factors(self) -> (u32, u32, u32) {
        match self {
            Counter::FinnishDivision662 => (6, 6, 2),
            Counter::FinnishDivision442 => (4, 4, 2),
            Counter::FinnishRegiment223 => (2, 2, 3),
            Counter::FinnishBattalion113 => (1, 1, 3),
            Counter::SovietShockCorps24152 => (24, 15, 2),
            Counter::SovietCorps20122 => (20, 12, 2),
            Counter::SovietCorps1282 => (12, 8, 2),
            Counter::SovietDivision642 => (6, 4, 2),
            Counter::SovietRegiment212 => (2, 1, 2),
            Counter::SovietTankCorps533 => (5, 3, 3),
            Counter::SovietArtillery832 => (8, 3, 2),
            Counter::SovietTankBrigade213 => (2, 1, 3),
        }
    }

    /// "Soviet 6-4-2 division".
    pub fn name(self) -> String {
        let (a, d, m) = self.factors();
        let (side, kind) = match self {
            Counter::FinnishDivision662 | Counter::FinnishDivision442 => ("Finnish", "division"),
            Counter::FinnishRegiment223 => ("Finnish", "regiment"),
            Counter::FinnishBattalion113 => ("Finnish", "battalion"),
            Counter::SovietShockCorps24152 => ("Soviet", "shock corps"),
            Counter::SovietCorps20122 | Counter::SovietCorps1282 => ("Soviet", "infantry corps"),
            Counter::SovietDivision642 => ("Soviet", "division"),
            Counter::SovietRegiment212 => ("Soviet", "regiment"),
            Counter::SovietTankCorps533 => ("Soviet", "tank corps"),
            Counter::SovietArtillery832 => ("Soviet", "artillery"),
            Counter::SovietTankBrigade213 => ("Soviet", "tank brigade"),
        };
        format!("{side} {a}-{d}-{m} {kind}")
    }

    /// What it breaks down into (11.1), or `None` for the smallest units.
    pub fn components(self) -> Option<Vec<(Counter, u32)>> {
        use Counter::*;
        Some(match self {
            FinnishDivision662 => vec![(FinnishRegiment223, 3)],
            FinnishDivision442 => vec![(FinnishRegiment223, 2)],
            FinnishRegiment223 => vec![(FinnishBattalion113, 2)],
            SovietShockCorps24152 => vec![
                (SovietDivision642, 2),
                (SovietArtillery832, 1),
                (SovietTankBrigade213, 1),
            ],
            SovietCorps20122 => vec![(SovietDivision642, 3)],
            SovietCorps1282 => vec![(SovietDivision642, 2)],
            SovietDivision642 => vec![(SovietRegiment212, 3)],
            SovietTankCorps533 => vec![(SovietTankBrigade213, 2)],
            _ => return None,
        })
    }
}

/// The components of a breakdown that the counter mix allows, and those lost for want of one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Placed {
    /// Placed on the map, by counter.
    pub placed: BTreeMap<Counter, u32>,
    /// Lost because no counter was left (11.0).
    pub lost: BTreeMap<Counter, u32>,
}

/// Places the `wanted` components from the counters `available`: the counter mix is an absolute
/// limit, and components beyond it are lost (11.0, T-WW-07).
pub fn place_components(
    wanted: &[(Counter, u32)],
    available: &BTreeMap<Counter, u32>,
) -> Explained<Placed> {
    let mut work = Working::new();
    let mut out = Placed::default();
    for &(counter, count) in wanted {
        let have = available.get(&counter).copied().unwrap_or(0);
        let placed = count.min(have);
        let lost = count - placed;
        if placed > 0 {
            *out.placed.entry(counter).or_default() += placed;
        }
        if lost > 0 {
            *out.lost.entry(counter).or_default() += lost;
            work.step(format!(
                "{count} × {} wanted but {have} in the counter mix: {placed} placed, {lost} lost (11.0)",
                counter.name()
            ));
        } else {
            work.step(format!("{count} × {} placed", counter.name()));
        }
    }
    work.done(out)
}

/// Breaks `unit` down into its components under the counter mix (11.0, 11.1).
pub fn break_down(
    unit: Counter,
    available: &BTreeMap<Counter, u32>,
) -> Result<Explained<Placed>, WinterWarError> {
    let wanted = unit
        .components()
        .ok_or_else(|| WinterWarError::NoBreakdown { unit: unit.name() })?;
    let mut work = Working::new();
    let listed: Vec<String> = wanted
        .iter()
        .map(|(c, n)| format!("{n} × {}", c.name()))
        .collect();
    work.step(format!(
        "{} breaks down into {} (11.1)",
        unit.name(),
        listed.join(" and ")
    ));
    let placed = work.take(place_components(&wanted, available));
    Ok(work.done(placed))
}

/// Whether a unit may reorganize: in supply, out of enemy zones of control, not suppressed
/// (11.2, 16.1(5)); a shock corps only once Timoshenko is in play (22.0).
pub fn may_reorganize(
    into: Counter,
    supplied: bool,
    in_enemy_zoc: bool,
    suppressed: bool,
    timoshenko: bool,
) -> Result<(), WinterWarError> {
    let refuse = |reason| {
        Err(WinterWarError::CannotReorganize {
            unit: into.name(),
            reason,
        })
    };
    if !supplied {
        return refuse("its units are out of supply");
    }
    if in_enemy_zoc {
        return refuse("its units are in an enemy zone of control");
    }
    if suppressed {
        return refuse("its units are suppressed (16.1)");
    }
    if into == Counter::SovietShockCorps24152 && !timoshenko {
        return refuse("shock corps are formed only once Timoshenko is in play (22.0)");
    }
    Ok(())
}

/// The attack factors the attacker must lose on EX (14.2): at least the defence factors the
/// defender lost, which in a fortification are still the original total (our reading WW-A3).
pub fn exchange_loss(defender_df: u32) -> Explained<u32> {
    Explained::new(
        defender_df,
        format!(
            "exchange: the attacker loses units of at least {defender_df} attack factors, the defence factors lost (14.2)"
        ),
    )
}

/// The defence factors a defender in a fortification loses on EX: at least half its total,
/// rounded up since whole units are lost (our reading WW-A3).
pub fn fortified_exchange_defender_loss(defender_df: u32) -> Explained<u32> {
    let half = defender_df.div_ceil(2);
    Explained::new(
        half,
        format!(
            "in a fortification the defender loses at least half of {defender_df}, {half} defence factors (14.2)"
        ),
    )
}

/// The attack factors the attacker must lose on HX: at least half the defender's defence
/// factors; whole factors, so half of an odd total rounds up (14.2).
pub fn half_exchange_loss(defender_df: u32) -> Explained<u32> {
    let half = defender_df.div_ceil(2);
    Explained::new(
        half,
        format!(
            "half exchange: half of {defender_df} defence factors is {}, so the attacker loses at least {half} attack factors (14.2)",
            if defender_df % 2 == 1 {
                format!("{}.5", defender_df / 2)
            } else {
                half.to_string()
            }
        ),
    )
}

/// Whether the units the attacker chose to eliminate meet the loss owed.
pub fn losses_met(eliminated: &[Counter], owed: u32) -> Explained<bool> {
    let total: u32 = eliminated.iter().map(|c| c.attack()).sum();
    let met = total >= owed;
    Explained::new(
        met,
        format!(
            "{total} attack factors eliminated against {owed} owed: {}",
            if met { "enough" } else { "not enough" }
        ),
    )
}

/// The Finnish reinforcement of Captured Equipment (24.4) for the Soviet attack factors
/// eliminated by a blocked retreat after combat result `result`: only AW, DP or DW capture
/// equipment; then none, a 1-1-3 ski battalion, or a 2-2-3 regiment.
pub fn captured_equipment(result: &str, soviet_af: u32) -> Explained<Option<Counter>> {
    let result = result.trim().to_uppercase();
    if !["AW", "DP", "DW"].contains(&result.as_str()) {
        return Explained::new(
            None,
            format!(
                "no captured equipment: only AW, DP or DW capture equipment, not {result} (24.4)"
            ),
        );
    }
    let (unit, text) = match soviet_af {
        0..=5 => (None, "no captured equipment"),
        6..=11 => (
            Some(Counter::FinnishBattalion113),
            "one 1-1-3 ski battalion",
        ),
        _ => (Some(Counter::FinnishRegiment223), "one 2-2-3 regiment"),
    };
    Explained::new(
        unit,
        format!("{soviet_af} Soviet attack factors eliminated: {text} (24.4)"),
    )
}

#[cfg(test)]
#[path = "calc_losses_tests.rs"]
mod tests;
