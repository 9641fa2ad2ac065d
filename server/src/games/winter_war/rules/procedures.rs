//! The 1d6 procedures whose values are in the text: paratroop drop (19.2), naval gunfire (20.1),
//! amphibious operation (20.2), Allied intervention (17.2) and Scandinavian arrivals (24.7).

use super::error::WinterWarError;
use crate::core::domain::Role;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// The Allied intervention units that exist: 2 French, 1 Polish, 2 British (19.1).
pub const ALLIED_UNITS: u32 = 5;

/// One public 1d6 for `roller`, for `purpose`.
pub(crate) fn d6(dice: &mut dyn Dice, roller: Role, purpose: &str) -> u32 {
    dice.roll(RollSpec::d6s(purpose, roller, Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1)
}

/// What became of a paratroop drop (19.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Drop {
    /// The brigade lands in the drop hex.
    Lands,
    /// Aborted: the brigade returns to Leningrad.
    Aborted,
    /// The brigade is eliminated.
    Eliminated,
}

/// A paratroop drop: no roll unless the drop hex is adjacent to a Finnish unit; then 1–4 lands,
/// 5 aborts to Leningrad, 6 eliminates the brigade (19.2).
pub fn paratroop_drop(dice: &mut dyn Dice, adjacent_to_finns: bool) -> Explained<Drop> {
    if !adjacent_to_finns {
        return Explained::new(
            Drop::Lands,
            "the drop hex is not adjacent to a Finnish unit: the brigade lands without a roll (19.2)",
        );
    }
    let roll = d6(
        dice,
        Role::Soviet,
        "paratroop drop beside Finnish units (19.2)",
    );
    let (drop, text) = match roll {
        1..=4 => (Drop::Lands, "the brigade lands"),
        5 => (
            Drop::Aborted,
            "the drop is aborted and the brigade returns to Leningrad",
        ),
        _ => (Drop::Eliminated, "the brigade is eliminated"),
    };
    Explained::new(drop, format!("rolled {roll}: {text} (19.2)"))
}

/// Naval gunfire against a Finnish fortification unit: 1–3 eliminates it (20.1); `true` when
/// eliminated.
pub fn naval_gunfire(dice: &mut dyn Dice) -> Explained<bool> {
    let roll = d6(
        dice,
        Role::Soviet,
        "naval gunfire at a fortification (20.1)",
    );
    let hit = roll <= 3;
    let text = if hit {
        "the fortification unit is eliminated"
    } else {
        "no effect"
    };
    Explained::new(hit, format!("rolled {roll}: {text} (20.1)"))
}

/// An amphibious landing: 1–4 lands, 5–6 aborts to a friendly port of the same sea area; none
/// during a freeze (20.2, 20.3). `true` when it lands.
pub fn amphibious_landing(
    dice: &mut dyn Dice,
    freeze: bool,
) -> Result<Explained<bool>, WinterWarError> {
    if freeze {
        return Err(WinterWarError::AmphibiousInFreeze);
    }
    let roll = d6(dice, Role::Soviet, "amphibious landing (20.2)");
    let lands = roll <= 4;
    let text = if lands {
        "the unit lands"
    } else {
        "the landing is aborted; the unit returns to a friendly port in the same sea area"
    };
    Ok(Explained::new(
        lands,
        format!("rolled {roll}: {text} (20.2)"),
    ))
}

/// Where Allied intervention units arrive (17.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AlliedLanding {
    /// Any Finnish Arctic Ocean coastal hexes (20.4).
    ArcticCoast,
    /// Hexes of Sweden or Norway beside the Finnish border; in Finland by the end of the next
    /// Finnish Movement Phase or eliminated.
    SwedenOrNorway,
}

/// The Allied intervention of 17.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Intervention {
    /// How many units arrive, capped at those left (WW-A20).
    pub units: u32,
    /// Where.
    pub landing: AlliedLanding,
    /// The game turn they arrive (the next one).
    pub arrives: u32,
    /// The game turn the Soviet compensation unit arrives (the one after).
    pub soviet_compensation: u32,
}

/// The Allied Intervention event rolled on `turn`: one die for how many of the `available`
/// units come, a second for where (1–3 Arctic coast, 4–6 Sweden or Norway) (17.2).
pub fn allied_intervention(
    dice: &mut dyn Dice,
    turn: u32,
    available: u32,
) -> Explained<Intervention> {
    let mut work = Working::new();
    let count = d6(
        dice,
        Role::Finnish,
        "Allied intervention: how many units (17.2)",
    );
    let units = count.min(available);
    if units < count {
        work.step(format!(
            "rolled {count} units but only {available} are left: {units} arrive"
        ));
    } else {
        work.step(format!("rolled {count}: {units} Allied units arrive"));
    }
    let place = d6(dice, Role::Finnish, "Allied intervention: where (17.2)");
    let landing = if place <= 3 {
        work.step(format!(
            "rolled {place}: they land on the Finnish Arctic coast"
        ));
        AlliedLanding::ArcticCoast
    } else {
        work.step(format!(
            "rolled {place}: they deploy in Sweden or Norway beside the Finnish border and must be in Finland by the end of the Finnish Movement Phase"
        ));
        AlliedLanding::SwedenOrNorway
    };
    let (arrives, soviet_compensation) = (turn + 1, turn + 2);
    work.step(format!(
        "they arrive on GT {arrives}; the Soviets receive a 6-4-2 division or a 2-1-3 tank brigade on GT {soviet_compensation}"
    ));
    work.done(Intervention {
        units,
        landing,
        arrives,
        soviet_compensation,
    })
}

/// The arrival game turns of the Scandinavian brigade and air unit: one die each at the start
/// of the game, the roll being the turn (24.7).
pub fn scandinavian_arrivals(dice: &mut dyn Dice) -> Explained<(u32, u32)> {
    let brigade = d6(dice, Role::Finnish, "Scandinavian brigade arrival (24.7)");
    let air = d6(dice, Role::Finnish, "Scandinavian air unit arrival (24.7)");
    let mut work = Working::new();
    work.step(format!(
        "the 3-3-3 Scandinavian brigade arrives on GT {brigade}"
    ));
    work.step(format!("the Scandinavian air unit arrives on GT {air}"));
    work.done((brigade, air))
}

#[cfg(test)]
#[path = "procedures_tests.rs"]
mod tests;
