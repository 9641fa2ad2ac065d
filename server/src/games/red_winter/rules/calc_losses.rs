//! Taking a combat result's losses (8.5 to 8.6): steps before retreats, the attacker's first loss
//! a step, retreat limits, armor's immunity, the Hotel's ignored first loss, eZOC penalties.

use super::calc_shifts::Fight;
use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// How far a unit may retreat or advance after combat (8.5.2.1): its MA less 2; a unit whose
/// MA is below 3 cannot retreat. The limit is never doubled at night (16.1).
pub fn retreat_limit(name: &str, ma: u32) -> Explained<u32> {
    let limit = ma.saturating_sub(2);
    let step = if ma < 3 {
        format!("{name} has MA {ma}, below 3, and cannot retreat (8.5.2.1)")
    } else {
        format!("{name} has MA {ma} and may retreat up to {limit} hexes (8.5.2.1)")
    };
    Explained::new(limit, step)
}

/// How far a unit may advance after combat into the vacated hex and beyond (8.7, 8.7.1): no
/// further than the defenders retreated nor than its own limit (MA less 2); only into the hex
/// when the defenders were all eliminated; mortars, AT guns and infantry guns never advance.
pub fn advance_limit(
    name: &str,
    ma: u32,
    never_advances: bool,
    retreated: u32,
    eliminated: bool,
) -> Explained<u32> {
    if never_advances {
        return Explained::new(
            0,
            format!("{name} is a mortar, AT gun or infantry gun and never advances (8.7)"),
        );
    }
    let mut work = Working::new();
    let own = work.take(retreat_limit(name, ma));
    let (limit, why) = if eliminated {
        (
            own.min(1),
            "the defenders were eliminated, so only into their hex".to_string(),
        )
    } else {
        (
            own.min(retreated),
            format!("the defenders retreated {retreated} hex(es)"),
        )
    };
    work.step(format!(
        "{why}: {name} may advance up to {limit} hex(es), stopping on entering an enemy ZOC (8.7.1)"
    ));
    work.done(limit)
}

/// Where an eliminated unit goes (8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// The Dead Pool, from which it may be reconstituted (13.2.1).
    DeadPool,
    /// Permanently Eliminated.
    PermanentlyEliminated,
}

/// Where an eliminated unit goes (8.6, 15.1): an infantry company in supply at that instant to
/// the Dead Pool; anything else, or an out-of-supply company, is permanently eliminated.
pub fn eliminated_to(
    name: &str,
    infantry_company: bool,
    in_supply: bool,
) -> Explained<Destination> {
    if infantry_company && in_supply {
        Explained::new(
            Destination::DeadPool,
            format!("{name} is an infantry company in supply and goes to the Dead Pool (8.6)"),
        )
    } else {
        let why = if infantry_company {
            "is out of supply"
        } else {
            "is not an infantry company"
        };
        Explained::new(
            Destination::PermanentlyEliminated,
            format!("{name} {why} and is permanently eliminated (8.6)"),
        )
    }
}

/// The defender's losses when infantry or MG defend in the Hotel (M16): the first loss is
/// ignored (5.2.5), so a 1/2 result becomes 1/1.
pub fn hotel_losses(losses: u32, hotel_defence: bool) -> Explained<u32> {
    if !hotel_defence || losses == 0 {
        return Explained::new(losses, format!("the defender takes {losses} losses"));
    }
    let left = losses - 1;
    Explained::new(
        left,
        format!("defending in the Hotel ignores the first loss (5.2.5): {losses} becomes {left}"),
    )
}

/// Extra step losses of a retreat through enemy ZOCs (8.5.2.2): one per stack per eZOC hex
/// entered, on top of the result's losses.
pub fn ezoc_retreat_losses(ezoc_hexes: u32) -> Explained<u32> {
    Explained::new(
        ezoc_hexes,
        format!(
            "retreating into {ezoc_hexes} enemy-ZOC hex(es) costs the stack {ezoc_hexes} more step(s), which satisfy no loss (8.5.2.2)"
        ),
    )
}

/// A unit that must share its side's losses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LossTaker {
    /// Its designation.
    pub name: String,
    /// Steps it has left: 2 at full strength, 1 when reduced or single-step.
    pub steps: u32,
    /// Its printed MA.
    pub ma: u32,
    /// Armor: ignores losses in Combat, may not retreat in an Assault (12.1.1).
    #[serde(default)]
    pub armored: bool,
}

/// How a side proposes to take its losses: the units reducing, one entry per step (by index
/// into the units), and how many hexes everyone left retreats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LossPlan {
    /// One unit index per step lost, in order.
    pub steps: Vec<usize>,
    /// Hexes of retreat taken after the steps.
    pub retreat: u32,
    /// Armored units (by index) that retreat of their own choice in a Combat; the rest stay
    /// (12.1.1). When only armor is left and none is named, all of it retreats with the plan.
    #[serde(default)]
    pub armor_retreats: Vec<usize>,
}

/// What the plan does to the units.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LossOutcome {
    /// Units flipped to their reduced side.
    pub reduced: Vec<usize>,
    /// Units eliminated.
    pub eliminated: Vec<usize>,
    /// Hexes the survivors (other than armor in a Combat) retreat.
    pub retreat: u32,
    /// The units that retreat (by index): every survivor, less armor in a Combat that stays.
    #[serde(default)]
    pub retreating: Vec<usize>,
}

/// Checks a side's plan for `losses` losses (8.5, 9.0, 12.1.1, 16.4): steps are taken first,
/// then every survivor retreats; the attacker's first loss is a step; an Assault's attacker and
/// both sides of a Night Raid take steps only; a retreat goes no further than the slowest
/// retreating unit may. In a Combat armor ignores every loss: the others must take them all
/// (steps on armor count, as 12.1.1 allows), armor retreats only if the owner wants it to, and a
/// side of armor alone owes nothing, so it need take no step even as the attacker. Armor cannot
/// retreat in an Assault. Losses left once every unit that must take them is gone are void.
pub fn check_losses(
    fight: Fight,
    attacker: bool,
    losses: u32,
    units: &[LossTaker],
    plan: &LossPlan,
) -> Result<Explained<LossOutcome>, RulesError> {
    let side = if attacker {
        "the attacker"
    } else {
        "the defender"
    };
    let mut work = Working::new();
    let taken = steps_taken(units, plan)?;
    let mut outcome = LossOutcome {
        retreat: plan.retreat,
        ..LossOutcome::default()
    };
    reduce(&mut work, units, &taken, &mut outcome);
    let in_combat = fight == Fight::Combat;
    let ignores = |u: &LossTaker| u.armored && in_combat;
    let all_armor = !units.is_empty() && units.iter().all(ignores);
    let alive: Vec<usize> = (0..units.len())
        .filter(|i| !outcome.eliminated.contains(i))
        .collect();
    // Those who must take the losses: in a Combat armor does not (12.1.1).
    let bearers: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&i| !ignores(&units[i]))
        .collect();
    let steps = u32::try_from(plan.steps.len()).unwrap_or(u32::MAX);
    if all_armor && losses > 0 {
        work.step(format!(
            "{side} is all armor, and armor ignores losses in a Combat (12.1.1)"
        ));
    } else if losses > 0 && attacker && plan.steps.is_empty() {
        return Err(RulesError::FirstLossNotStep);
    }
    if plan.retreat > 0 {
        let steps_only = match fight {
            Fight::NightRaid => Some(("a Night Raid", "16.4")),
            Fight::Assault if attacker => Some(("an Assault's attack", "9.0")),
            _ => None,
        };
        if let Some((fight, rule)) = steps_only {
            return Err(RulesError::StepsOnly { fight, rule });
        }
    }
    let total = steps.saturating_add(plan.retreat);
    if bearers.is_empty() {
        if total > losses {
            return Err(RulesError::LossesDoNotAddUp {
                side,
                losses,
                taken: total,
            });
        }
        let void = losses.saturating_sub(total);
        if alive.is_empty() {
            work.step(format!(
                "every unit of {side} is eliminated; {void} remaining loss(es) are void"
            ));
            outcome.retreat = 0;
            return Ok(work.done(outcome));
        }
        if void > 0 {
            work.step(format!(
                "only armor is left, and armor ignores the {void} remaining loss(es) in a Combat (12.1.1)"
            ));
        }
    } else if total != losses {
        return Err(RulesError::LossesDoNotAddUp {
            side,
            losses,
            taken: total,
        });
    }
    if plan.retreat > 0 {
        outcome.retreating = retreating(&mut work, units, plan, &alive, &bearers, in_combat)?;
        work.step(format!("{side} retreats {} hex(es)", plan.retreat));
    }
    work.step(format!(
        "{side} takes {losses} loss(es): {steps} step(s) and {} hex(es) of retreat",
        plan.retreat
    ));
    Ok(work.done(outcome))
}

/// Checks how the owner spreads the steps one SZLT roll costs a stack (16.3): one unit named per
/// step, any units of the afflicted stack as the owner sees fit, armor included (12.1.1 spares
/// armor only in a Combat), and no retreat; steps beyond what the stack has are void once every
/// unit is gone.
pub fn check_cold_losses(
    losses: u32,
    units: &[LossTaker],
    steps: &[usize],
) -> Result<Explained<LossOutcome>, RulesError> {
    let plan = LossPlan {
        steps: steps.to_vec(),
        ..LossPlan::default()
    };
    let taken = steps_taken(units, &plan)?;
    let mut work = Working::new();
    let mut outcome = LossOutcome::default();
    reduce(&mut work, units, &taken, &mut outcome);
    let named = u32::try_from(steps.len()).unwrap_or(u32::MAX);
    let everyone_gone = outcome.eliminated.len() == units.len();
    if named > losses || (named < losses && !everyone_gone) {
        return Err(RulesError::ColdStepsDoNotAddUp { losses, named });
    }
    if named < losses {
        work.step(format!(
            "every unit of the stack is eliminated; {} remaining step(s) are void",
            losses - named
        ));
    }
    work.step(format!(
        "the cold costs the stack {losses} step(s), spread by its owner (16.3)"
    ));
    Ok(work.done(outcome))
}

/// Reduces or eliminates each unit by the steps `taken` from it, saying which.
fn reduce(work: &mut Working, units: &[LossTaker], taken: &[u32], outcome: &mut LossOutcome) {
    for (i, unit) in units.iter().enumerate() {
        match taken[i] {
            0 => {}
            t if t >= unit.steps => {
                work.step(format!(
                    "{} loses its last step and is eliminated",
                    unit.name
                ));
                outcome.eliminated.push(i);
            }
            _ => {
                work.step(format!("{} is reduced", unit.name));
                outcome.reduced.push(i);
            }
        }
    }
}

/// Steps the plan takes from each unit, refusing a unit not in the fight or more steps than it has.
fn steps_taken(units: &[LossTaker], plan: &LossPlan) -> Result<Vec<u32>, RulesError> {
    let mut taken = vec![0u32; units.len()];
    for &i in &plan.steps {
        let unit = units.get(i).ok_or(RulesError::NoSuchUnit {
            index: i,
            count: units.len(),
        })?;
        taken[i] += 1;
        if taken[i] > unit.steps {
            return Err(RulesError::TooManySteps {
                unit: unit.name.clone(),
                steps: unit.steps,
                taken: taken[i],
            });
        }
    }
    for &i in &plan.armor_retreats {
        let unit = units.get(i).ok_or(RulesError::NoSuchUnit {
            index: i,
            count: units.len(),
        })?;
        if !unit.armored {
            return Err(RulesError::NotAllowed {
                unit: unit.name.clone(),
                why: "is not armor; every unit that is not armor retreats with its side",
                rule: "8.5.2",
            });
        }
    }
    Ok(taken)
}

/// Who retreats, each within its limit: the bearers of the losses, and armor in a Combat only
/// when named (or, when only armor is left and none is named, all of it) (8.5.2.1, 12.1.1).
fn retreating(
    work: &mut Working,
    units: &[LossTaker],
    plan: &LossPlan,
    alive: &[usize],
    bearers: &[usize],
    in_combat: bool,
) -> Result<Vec<usize>, RulesError> {
    let mut going = Vec::new();
    for &i in alive {
        let unit = &units[i];
        let chosen = plan.armor_retreats.contains(&i)
            || (bearers.is_empty() && plan.armor_retreats.is_empty());
        if unit.armored && in_combat && !chosen {
            work.step(format!(
                "{} is armor in a Combat and need not retreat; it stays (12.1.1)",
                unit.name
            ));
            continue;
        }
        let limit = if unit.armored && !in_combat {
            work.step(format!(
                "{} is armor in an Assault and cannot retreat (12.1.1)",
                unit.name
            ));
            0
        } else {
            work.take(retreat_limit(&unit.name, unit.ma))
        };
        if plan.retreat > limit {
            return Err(RulesError::RetreatTooFar {
                unit: unit.name.clone(),
                limit,
                retreat: plan.retreat,
            });
        }
        going.push(i);
    }
    Ok(going)
}

#[cfg(test)]
#[path = "calc_losses_tests.rs"]
mod tests;
