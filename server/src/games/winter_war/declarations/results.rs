//! A Winter War combat result (14.2) applied to the roster: eliminations at once, retreats as
//! laagers, the NKVD and static units change them (14.3, 19.2, 24.1), and what each owner still
//! owes (retreat hexes to choose, exchange losses to pick) until it takes them.

use super::Records;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::declarations::Owed as OwedLosses;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::winter_war::rules::calc_losses::{
    Counter, exchange_loss, fortified_exchange_defender_loss, half_exchange_loss,
};
use crate::games::winter_war::rules::results::{Effect, Owed, Retreat, RetreatCase, retreat};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a side still owes after a combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "owed", rename_all = "snake_case")]
pub enum Pending {
    /// These units retreat this many hexes; their owner says where they end.
    Retreat {
        /// Whose units.
        side: Side,
        /// The units.
        units: Vec<UnitId>,
        /// Hexes.
        hexes: u32,
    },
    /// The attacker eliminates units of at least this many attack factors among these (EX, HX).
    Exchange {
        /// Whose units.
        side: Side,
        /// The units that attacked.
        units: Vec<UnitId>,
        /// Attack factors owed.
        attack_factors: u32,
    },
    /// The defender in its own fortification eliminates units of at least this many defence
    /// factors among these (EX, 14.2 item 1).
    DefenceLoss {
        /// Whose units.
        side: Side,
        /// The units that defended.
        units: Vec<UnitId>,
        /// Defence factors owed.
        defence_factors: u32,
    },
    /// The defender eliminates one of these units, of its choice (D1, 12.1.1).
    AirLoss {
        /// Whose units.
        side: Side,
        /// The units in the hex the air unit attacked.
        units: Vec<UnitId>,
    },
}

impl Pending {
    /// As the kit shows losses owed: "3 attack factors from the last combat, as the attacker".
    pub fn owed(&self) -> OwedLosses {
        let (what, role) = match self {
            // How many units retreat is left out: the fog of war may hide the stack (24.2).
            Pending::Retreat { hexes, .. } => (
                format!(
                    "a retreat of {hexes} hex{}",
                    if *hexes == 1 { "" } else { "es" }
                ),
                " (14.3)",
            ),
            Pending::Exchange { attack_factors, .. } => (
                format!("units of {attack_factors} attack factors"),
                ", as the attacker (14.2)",
            ),
            Pending::DefenceLoss {
                defence_factors, ..
            } => (
                format!("units of {defence_factors} defence factors"),
                ", as the defender in its fortification (14.2)",
            ),
            Pending::AirLoss { .. } => {
                return OwedLosses {
                    side: self.side(),
                    what: "one unit of its choice".into(),
                    from: "the last air attack (D1, 12.1.1)".into(),
                    units: self.units().to_vec(),
                };
            }
        };
        OwedLosses {
            side: self.side(),
            what,
            from: format!("the last combat{role}"),
            units: self.units().to_vec(),
        }
    }

    /// The units that owe.
    fn units(&self) -> &[UnitId] {
        match self {
            Pending::Retreat { units, .. }
            | Pending::Exchange { units, .. }
            | Pending::DefenceLoss { units, .. }
            | Pending::AirLoss { units, .. } => units,
        }
    }

    fn side(&self) -> Side {
        match self {
            Pending::Retreat { side, .. }
            | Pending::Exchange { side, .. }
            | Pending::DefenceLoss { side, .. }
            | Pending::AirLoss { side, .. } => *side,
        }
    }
}

/// Pays losses owed with `unit` eliminated: its attack factors towards an exchange among which
/// it attacked, its defence factors towards a defender's loss among which it defended (14.2).
/// Whether it paid something.
pub fn pay_with(pending: &mut Vec<Pending>, unit: &Unit) -> bool {
    let factor = |code: &str| match unit.attributes.get(code) {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    let Some(at) = pending.iter().position(|p| match p {
        Pending::Exchange { units, .. }
        | Pending::DefenceLoss { units, .. }
        | Pending::AirLoss { units, .. } => units.contains(&unit.id),
        Pending::Retreat { .. } => false,
    }) else {
        return false;
    };
    let left = match &mut pending[at] {
        Pending::Exchange { attack_factors, .. } => {
            *attack_factors = attack_factors.saturating_sub(factor("af"));
            *attack_factors
        }
        Pending::DefenceLoss {
            defence_factors, ..
        } => {
            *defence_factors = defence_factors.saturating_sub(factor("df"));
            *defence_factors
        }
        // One unit, whichever it is (12.1.1).
        Pending::AirLoss { .. } => 0,
        Pending::Retreat { .. } => return false,
    };
    if left == 0 {
        pending.remove(at);
    }
    true
}

/// Where the defenders stand, for the results: their own fortification (the parenthesized result
/// and EX's half loss, 14.2) and a city (where a static unit ignores retreats, 14.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// In their own side's fortification.
    pub fortified: bool,
    /// In a city.
    pub city: bool,
}

fn number(table: &Table<'_, Records>, id: &UnitId, code: &str) -> u32 {
    match table
        .roster
        .units
        .get(id)
        .and_then(|u| u.attributes.get(code))
    {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

fn eliminate(
    table: &mut Table<'_, Records>,
    ids: &[UnitId],
    why: &str,
    work: &mut Working,
) -> Result<(), Refused> {
    for id in ids {
        if let Some(unit) = table.roster.units.get(id) {
            work.step(format!("{} is eliminated ({why})", unit.name));
            table
                .roster
                .remove(Role::Umpire, table.moment, id, why)
                .map_err(|e| Refused::of(&e))?;
        }
        table.extra.revealed.remove(id);
    }
    Ok(())
}

/// Applies `effect` of a combat between `attackers` and `defenders`.
pub fn apply(
    table: &mut Table<'_, Records>,
    effect: &Effect,
    (attacker, attackers): (Side, &[UnitId]),
    defenders: &[UnitId],
    place: Place,
    work: &mut Working,
) -> Result<(), Refused> {
    let df: u32 = defenders.iter().map(|id| number(table, id, "df")).sum();
    let fortification_or_city = place.fortified || place.city;
    // EX against defenders in their own fortification: at least half their defence, their choice.
    let fortified_exchange =
        place.fortified && effect.defenders_eliminated && effect.attacker_owes == Owed::FullDefence;
    if effect.attackers_eliminated {
        eliminate(table, attackers, "attackers eliminated, 14.2", work)?;
    }
    if fortified_exchange {
        let owed = work.take(fortified_exchange_defender_loss(df));
        table.extra.pending.push(Pending::DefenceLoss {
            side: attacker.enemy(),
            units: defenders.to_vec(),
            defence_factors: owed,
        });
    } else if effect.defenders_eliminated {
        eliminate(table, defenders, "defenders eliminated, 14.2", work)?;
    }
    for (side, units, hexes) in [
        (attacker, attackers, effect.attacker_retreat),
        (attacker.enemy(), defenders, effect.defender_retreat),
    ] {
        if hexes == 0 {
            continue;
        }
        let mut moving = Vec::new();
        for id in units {
            let Some(unit) = table.roster.units.get(id) else {
                continue;
            };
            let nkvd = side == Side::Soviet
                && table.roster.units.values().any(|u| {
                    u.side == Side::Soviet
                        && u.location == unit.location
                        && u.markers.contains("nkvd")
                });
            let case = RetreatCase {
                laager: unit.markers.contains("laager"),
                soviet_with_nkvd: nkvd,
                is_static: unit.markers.contains("static"),
                fortification_or_city,
            };
            let name = unit.name.clone();
            let done = retreat(hexes, case);
            work.step(format!("{name}: {}", done.steps.join("; ")));
            match done.value {
                Retreat::Hexes(_) => moving.push(id.clone()),
                Retreat::Eliminated => eliminate(
                    table,
                    std::slice::from_ref(id),
                    "could not retreat, 14.3",
                    work,
                )?,
                Retreat::Ignored => {}
            }
        }
        if !moving.is_empty() {
            table.extra.pending.push(Pending::Retreat {
                side,
                units: moving,
                hexes,
            });
        }
    }
    let owed = match effect.attacker_owes {
        Owed::Nothing => None,
        Owed::FullDefence => Some(work.take(exchange_loss(df))),
        Owed::HalfDefence => Some(work.take(half_exchange_loss(df))),
    };
    if let Some(attack_factors) = owed.filter(|n| *n > 0) {
        let units: Vec<UnitId> = attackers
            .iter()
            .filter(|id| table.roster.units.contains_key(*id))
            .cloned()
            .collect();
        table.extra.pending.push(Pending::Exchange {
            side: attacker,
            units,
            attack_factors,
        });
    }
    if !table.extra.pending.is_empty() {
        work.step(
            "The owners now take what they owe (take-result): retreats first for the defender.",
        );
    }
    Ok(())
}

/// What a side does to take what it owes.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct TakeIn {
    /// Where each retreating unit ends, by unit id.
    #[serde(default)]
    pub retreats: BTreeMap<String, String>,
    /// Units eliminated to pay an exchange, by id.
    #[serde(default)]
    pub eliminate: Vec<String>,
    /// Units that paid no loss yet and break down first into their components (11.1, 11.3), by
    /// id;
    /// the answer names the new units, and the loss is then taken from them.
    #[serde(default)]
    pub breakdown: Vec<String>,
}

fn not_now(message: &str) -> Refused {
    Refused {
        kind: RefusalKind::NotNow,
        code: "nothing_owed",
        message: message.into(),
    }
}

fn against(message: String) -> Refused {
    Refused {
        kind: RefusalKind::AgainstTheRules,
        code: "not_allowed",
        message,
    }
}

/// Breaks the named units of the losses owed at `at` down into their components (11.1, 11.3):
/// each component takes the unit's place, flag and markers (and its revealed state, WW-A26),
/// and the owed losses are then chosen among them.
fn break_down_owed(
    table: &mut Table<'_, Records>,
    names: &[String],
    at: usize,
    mut work: Working,
) -> Result<Acted<serde_json::Value>, Refused> {
    let units = match &table.extra.pending[at] {
        Pending::Exchange { units, .. }
        | Pending::DefenceLoss { units, .. }
        | Pending::AirLoss { units, .. } => units.clone(),
        Pending::Retreat { .. } => {
            return Err(against(
                "Units do not break down to retreat (14.4); say where each retreats.".into(),
            ));
        }
    };
    let mut now = units.clone();
    let mut made = Vec::new();
    for name in names {
        let id = units
            .iter()
            .find(|u| u.as_str() == name)
            .cloned()
            .ok_or_else(|| against(format!("'{name}' did not fight in this combat.")))?;
        let unit = table.roster.units[&id].clone();
        let factors = ["af", "df", "mf"].map(|c| number(table, &id, c));
        let counter = Counter::with_factors(
            unit.side == Side::Finnish,
            factors[0],
            factors[1],
            factors[2],
        )
        .and_then(|c| c.components().map(|parts| (c, parts)));
        let Some((counter, parts)) = counter else {
            return Err(against(format!(
                "{} ({}-{}-{}) does not break down (11.1).",
                unit.name, factors[0], factors[1], factors[2]
            )));
        };
        work.step(format!(
            "{} breaks down as a {} (11.1, 11.3)",
            unit.name,
            counter.name()
        ));
        table
            .roster
            .take_apart(Role::Umpire, table.moment, &id, "broken down, 11.3")
            .map_err(|e| Refused::of(&e))?;
        let revealed = table.extra.revealed.remove(&id);
        now.retain(|u| u != &id);
        let mut n = 0;
        for (part, count) in parts {
            for _ in 0..count {
                n += 1;
                let mut piece = unit.clone();
                piece.id = id.component(n);
                piece.name = format!("{} ({} {n})", unit.name, part.name());
                piece
                    .attributes
                    .insert("af".into(), AttrValue::Number(part.attack().into()));
                piece
                    .attributes
                    .insert("df".into(), AttrValue::Number(part.defence().into()));
                piece
                    .attributes
                    .insert("mf".into(), AttrValue::Number(part.movement().into()));
                table
                    .roster
                    .add(table.spec, Role::Umpire, table.moment, piece.clone())
                    .map_err(|e| Refused::of(&e))?;
                if revealed {
                    table.extra.revealed.insert(piece.id.clone());
                }
                work.step(format!("{} takes its place", piece.name));
                now.push(piece.id.clone());
                made.push(piece.id);
            }
        }
    }
    match &mut table.extra.pending[at] {
        Pending::Exchange { units, .. }
        | Pending::DefenceLoss { units, .. }
        | Pending::AirLoss { units, .. } => *units = now,
        Pending::Retreat { .. } => {}
    }
    work.step("Now choose the losses among the units (take-result with eliminate).");
    Ok(Acted::public(
        work.done(serde_json::json!({"components": made})),
    ))
}

/// Eliminates the units chosen among `units` to pay `owed` factors of `code` (14.2): refused
/// when they fall short while other units could still pay.
fn pay(
    table: &mut Table<'_, Records>,
    p: &TakeIn,
    units: &[UnitId],
    (owed, code, word): (u32, &str, &str),
    work: &mut Working,
) -> Result<(), Refused> {
    let chosen: Vec<UnitId> = p
        .eliminate
        .iter()
        .map(|s| {
            units
                .iter()
                .find(|u| u.as_str() == s)
                .cloned()
                .ok_or_else(|| against(format!("'{s}' did not fight in this combat.")))
        })
        .collect::<Result<_, _>>()?;
    let paid: u32 = chosen.iter().map(|id| number(table, id, code)).sum();
    let left = units.iter().filter(|u| !chosen.contains(u)).count();
    if paid < owed && left > 0 {
        return Err(against(format!(
            "The units chosen have {paid} {word} factors; at least {owed} are owed (14.2)."
        )));
    }
    eliminate(table, &chosen, "exchange, 14.2", work)
}

/// Eliminates the one unit chosen among `units` (D1, 12.1.1).
fn pay_one(
    table: &mut Table<'_, Records>,
    p: &TakeIn,
    units: &[UnitId],
    work: &mut Working,
) -> Result<(), Refused> {
    let [chosen] = p.eliminate.as_slice() else {
        return Err(against(
            "Choose exactly one unit to eliminate: a D1 costs one unit of your choice (12.1.1)."
                .into(),
        ));
    };
    let id = units
        .iter()
        .find(|u| u.as_str() == chosen)
        .cloned()
        .ok_or_else(|| {
            against(format!(
                "'{chosen}' was not in the hex the air unit attacked."
            ))
        })?;
    eliminate(table, &[id], "D1 from an air attack, 12.1.1", work)
}

/// Takes the first thing the caller's side owes (the umpire's: the first owed).
pub fn take(
    p: TakeIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let at = table
        .extra
        .pending
        .iter()
        .position(|o| table.by.side().is_none_or(|s| o.side() == s))
        .ok_or_else(|| not_now("Your side owes nothing now."))?;
    let owed = table.extra.pending[at].clone();
    let mut work = Working::new();
    if !p.breakdown.is_empty() {
        return break_down_owed(table, &p.breakdown, at, work);
    }
    match &owed {
        Pending::Retreat { units, hexes, .. } => {
            for id in units {
                let Some(to) = p
                    .retreats
                    .get(id.as_str())
                    .map(|h| h.trim())
                    .filter(|h| !h.is_empty())
                else {
                    let name = table
                        .roster
                        .units
                        .get(id)
                        .map_or(id.as_str().to_owned(), |u| u.name.clone());
                    return Err(against(format!(
                        "Say where {name} ends its retreat of {hexes} hex(es)."
                    )));
                };
                table
                    .roster
                    .relocate(table.spec, Role::Umpire, table.moment, id, to)
                    .map_err(|e| Refused::of(&e))?;
                work.step(format!(
                    "{} retreats {hexes} hex(es) to {to}",
                    table.roster.units[id].name
                ));
            }
        }
        Pending::Exchange {
            units,
            attack_factors,
            ..
        } => pay(
            table,
            &p,
            units,
            (*attack_factors, "af", "attack"),
            &mut work,
        )?,
        Pending::DefenceLoss {
            units,
            defence_factors,
            ..
        } => pay(
            table,
            &p,
            units,
            (*defence_factors, "df", "defence"),
            &mut work,
        )?,
        Pending::AirLoss { units, .. } => pay_one(table, &p, units, &mut work)?,
    }
    table.extra.pending.remove(at);
    Ok(Acted::public(work.done(serde_json::json!({"taken": owed}))))
}
