//! The strengths a Combat Ratio compares (8.2): attackers halved on frozen lake or across a
//! bridge, armor halved at night, boxed CS doubled in defence, retreated units counted as 8.5.2.3 says.

use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Rounding, Working, scale};
use serde::{Deserialize, Serialize};

/// A unit as a Combat Ratio sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Piece {
    /// The unit's designation, e.g. "1/1/JR16".
    pub name: String,
    /// Its printed CS on its current side (Pajari has 0).
    pub cs: u32,
    /// CS printed in a black box: doubled when defending (2.2).
    #[serde(default)]
    pub boxed: bool,
    /// CS printed in parentheses: it defends but cannot attack (2.2).
    #[serde(default)]
    pub parenthesized: bool,
    /// A Soviet armored unit: its stack's armor CS is halved on night turns (8.2 case 2).
    #[serde(default)]
    pub armored: bool,
    /// It retreated earlier in this Combat Phase (8.5.2.3).
    #[serde(default)]
    pub retreated: bool,
}

/// Where an attacking stack attacks from, for 8.2 case 1.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AttackFrom {
    /// Neither frozen lake nor across a bridge.
    #[default]
    Land,
    /// From a frozen lake hex.
    FrozenLake,
    /// Across a bridge hexside.
    Bridge,
}

/// The attacking units in one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AttackingStack {
    /// The hex, as the map names it.
    pub hex: String,
    /// Whether it attacks from frozen lake or across a bridge.
    #[serde(default)]
    pub from: AttackFrom,
    /// Its units taking part.
    pub units: Vec<Piece>,
}

/// The armor of one stack halved on a night turn (8.2 case 2, rounded down); other units as printed.
fn stack_total(work: &mut Working, hex: &str, units: &[Piece], night: bool) -> u32 {
    let armor: u32 = units.iter().filter(|u| u.armored).map(|u| u.cs).sum();
    let others: u32 = units.iter().filter(|u| !u.armored).map(|u| u.cs).sum();
    let armor = if night && armor > 0 {
        work.take(scale(
            &format!("armor in {hex} on a night turn (8.2 case 2)"),
            armor,
            1,
            2,
            Rounding::Down,
        ))
    } else {
        armor
    };
    armor + others
}

/// The attackers' total CS (8.2): per stack, night armor halved (rounded down); then the total
/// of the stacks on frozen lake or across a bridge halved, rounded up (case 1), unless every
/// attacker and defender is on frozen lake (8.3 case 5 note).
pub fn attack_strength(
    stacks: &[AttackingStack],
    night: bool,
    all_on_frozen_lake: bool,
) -> Result<Explained<u32>, RulesError> {
    let mut work = Working::new();
    let (mut plain, mut halved) = (0u32, 0u32);
    for stack in stacks {
        if let Some(unit) = stack.units.iter().find(|u| u.parenthesized) {
            return Err(RulesError::CannotAttack {
                unit: unit.name.clone(),
            });
        }
        let total = stack_total(&mut work, &stack.hex, &stack.units, night);
        let listed: Vec<_> = stack.units.iter().map(|u| u.cs.to_string()).collect();
        let whence = match stack.from {
            AttackFrom::Land => "",
            AttackFrom::FrozenLake => ", on frozen lake",
            AttackFrom::Bridge => ", across a bridge",
        };
        work.step(format!(
            "attackers in {}{whence}: {} = {total}",
            stack.hex,
            listed.join(" + ")
        ));
        if stack.from == AttackFrom::Land || all_on_frozen_lake {
            plain = plain.saturating_add(total);
        } else {
            halved = halved.saturating_add(total);
        }
    }
    if all_on_frozen_lake {
        work.step("every attacker and defender is on frozen lake, so the halving of 8.2 case 1 does not apply");
    }
    if halved > 0 {
        halved = work.take(scale(
            "attackers on frozen lake or across a bridge (8.2 case 1)",
            halved,
            1,
            2,
            Rounding::Up,
        ));
    }
    let total = plain.saturating_add(halved);
    if total == 0 {
        return Err(RulesError::NoAttackStrength);
    }
    if plain > 0 && halved > 0 {
        work.step(format!("attack strength: {plain} + {halved} = {total}"));
    } else {
        work.step(format!("attack strength: {total}"));
    }
    Ok(work.done(total))
}

/// The defenders' total CS (8.2): boxed CS doubled; armor halved at night (rounded down);
/// units that retreated earlier this phase count 0, or, when the hex holds only such units,
/// their total is halved, rounded up (8.5.2.3).
pub fn defence_strength(hex: &str, units: &[Piece], night: bool) -> Explained<u32> {
    let mut work = Working::new();
    let all_retreated = !units.is_empty() && units.iter().all(|u| u.retreated);
    let mut counted = Vec::new();
    for unit in units {
        if unit.retreated && !all_retreated {
            work.step(format!(
                "{} retreated earlier this phase and counts 0 (8.5.2.3)",
                unit.name
            ));
            continue;
        }
        let mut piece = unit.clone();
        if unit.boxed {
            piece.cs = work.take(scale(
                &format!("{}'s boxed CS (2.2)", unit.name),
                unit.cs,
                2,
                1,
                Rounding::Down,
            ));
        }
        counted.push(piece);
    }
    let mut total = stack_total(&mut work, hex, &counted, night);
    if all_retreated {
        total = work.take(scale(
            "only units that retreated this phase defend (8.5.2.3)",
            total,
            1,
            2,
            Rounding::Up,
        ));
    }
    work.step(format!("defence strength in {hex}: {total}"));
    work.done(total)
}

#[cfg(test)]
#[path = "calc_strength_tests.rs"]
mod tests;
