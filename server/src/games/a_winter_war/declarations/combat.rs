//! A ground combat resolved against the roster on the players' CRT: the phasing side's units
//! attack a hex next to them (parachute units the hex they dropped into, Opt D.2); strengths come
//! from the roster, halved out of supply (Opt A.1) or when disrupted (Opt D.1); the odds pick the
//! CRT column, Opt B's armor modifier is worked out from the capability table, and the roll is
//! read on the CRT. Attackers and defenders are marked, so airborne plans they break are
//! cancelled (Opt D.3); each side then applies the result to its own units as the base rules
//! say (see `results`).

use super::{Records, is_parachute};
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::a_winter_war::rules::calc_armor::{
    AecTerrain, ArmoredUnit, Category, Re, armor_modifier,
};
use crate::games::a_winter_war::rules::calc_supply::{Ratings, supply_effects};
use crate::games::a_winter_war::rules::charts::{CRT, capability};
use crate::games::a_winter_war::rules::combat::odds_column;
use crate::games::a_winter_war::rules::procedures::roll_combat;
use crate::games::a_winter_war::rules::sequence::player_turn_of;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table, refused};
use crate::games::assisted::fraction::Fraction;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A combat to resolve.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CombatIn {
    /// The attacking units, your own, by id.
    pub attackers: Vec<String>,
    /// The defending hex: every enemy unit there defends.
    pub hex: String,
    /// The defenders' terrain multiplies their defense strength by this, as the base rules'
    /// Terrain Effects Chart says (1 in clear terrain).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 4))]
    pub defence_terrain: u32,
    /// The attackers attack into a hex, or across a hexside, where AEC may not be used (B.5).
    #[serde(default)]
    pub no_aec_attacking: bool,
    /// The defenders stand in a hex where AEC may not be used (B.5).
    #[serde(default)]
    pub no_aec_defending: bool,
    /// Other die-roll modifiers the base rules give, by reason.
    #[serde(default)]
    pub modifiers: BTreeMap<String, i64>,
}

fn one() -> u32 {
    1
}

fn number(unit: &Unit, code: &str) -> u32 {
    match unit.attributes.get(code) {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

fn no(code: &'static str, message: String) -> Refused {
    refused(RefusalKind::AgainstTheRules, code, message)
}

/// The hex `unit` stands in, as the map writes it (as entered on a campaign without a map).
fn hex_of(table: &Table<'_, Records>, place: &str) -> Option<String> {
    let place = place.trim();
    match table.map {
        Some(map) => map.grid.parse(place).ok().map(|h| map.grid.id(h)),
        None => (!place.is_empty()).then(|| place.to_string()),
    }
}

/// How many hexes apart two hexes of the map are; `None` without a map.
fn apart(table: &Table<'_, Records>, a: &str, b: &str) -> Option<u32> {
    let map = table.map?;
    Some(
        map.grid
            .distance(map.grid.parse(a).ok()?, map.grid.parse(b).ok()?),
    )
}

/// A unit's strength in this combat: printed, halved out of supply (Opt A.1, when played) and
/// halved again when disrupted (Opt D.1), kept exact (AWW-A7).
fn strength(unit: &Unit, attack: bool, supply: bool, work: &mut Working) -> Fraction {
    let printed = number(unit, if attack { "attack" } else { "defence" });
    let mut value = Fraction::whole(i64::from(printed));
    let turns = number(unit, "oos_turns");
    if supply && turns > 0 {
        let rated = supply_effects(
            Ratings {
                attack: printed,
                defence: printed,
                aa: 0,
                movement: 0,
            },
            turns,
            false,
        )
        .value;
        let now = if attack { rated.attack } else { rated.defence };
        if now != value {
            work.step(format!(
                "{} is out of supply ({} turns running): {value} is {now} (Opt A.1)",
                unit.name, turns
            ));
        }
        value = now;
    }
    if unit.markers.contains("disrupted") {
        let halved = Fraction::new(value.num, value.den * 2).unwrap_or(value);
        work.step(format!(
            "{} is disrupted: {value} is halved to {halved} (Opt D.1)",
            unit.name
        ));
        value = halved;
    }
    value
}

fn total(units: &[&Unit], attack: bool, supply: bool, work: &mut Working) -> Fraction {
    units.iter().fold(Fraction::whole(0), |sum, u| {
        let s = strength(u, attack, supply, work);
        sum.checked_add(s).unwrap_or(sum)
    })
}

/// Opt B's units: size from the roster (a full RE when not entered), capabilities by unit type
/// from the entered capability table.
fn armored(table: &Table<'_, Records>, units: &[&Unit]) -> Result<Vec<ArmoredUnit>, Refused> {
    units
        .iter()
        .map(|u| {
            let read = |category| {
                capability(table.charts, u.unit_type.trim(), category).map_err(|_| {
                    no(
                        "no_capability",
                        format!(
                            "{} is of type '{}', which has no row in the entered armor and antitank capability table; enter it there, as Opt B needs every unit's capability (B.2).",
                            u.name,
                            u.unit_type.trim()
                        ),
                    )
                })
            };
            let halves = match number(u, "re_halves") {
                0 => 2,
                n => n,
            };
            Ok(ArmoredUnit {
                name: u.name.clone(),
                re: Re { halves },
                aeca: read(Category::AecAttack)?,
                aecd: read(Category::AecDefence)?,
                atec: read(Category::Atec)?,
                oos_turns: if table.extra.options.supply_effects {
                    number(u, "oos_turns")
                } else {
                    0
                },
            })
        })
        .collect()
}

/// The attacking units named, each once: the phasing side's units on the roster, at least one.
fn named_attackers<'t>(
    table: &'t Table<'_, Records>,
    ids: &[String],
    side: Side,
) -> Result<Vec<&'t Unit>, Refused> {
    let mut attackers: Vec<&Unit> = Vec::new();
    for id in ids {
        let unit = UnitId::parse(id)
            .ok()
            .and_then(|id| table.roster.units.get(&id))
            .filter(|u| u.side == side)
            .ok_or_else(|| {
                no(
                    "no_such_unit",
                    format!(
                        "There is no {} unit '{id}' on the roster.",
                        side.adjective()
                    ),
                )
            })?;
        if !attackers.iter().any(|a| a.id == unit.id) {
            attackers.push(unit);
        }
    }
    if attackers.is_empty() {
        return Err(no(
            "not_allowed",
            format!("Name at least one {} unit to attack.", side.adjective()),
        ));
    }
    Ok(attackers)
}

/// Every attacker stands next to `target` (a parachute unit that dropped into it attacks from
/// inside, Opt D.2). Tells whether one attacks from inside.
fn check_positions(
    table: &Table<'_, Records>,
    attackers: &[&Unit],
    target: &str,
) -> Result<bool, Refused> {
    let mut dropped_in = false;
    for u in attackers {
        let Some(at) = hex_of(table, &u.location) else {
            return Err(no(
                "not_on_map",
                format!("{} is not on the map, so it does not attack.", u.name),
            ));
        };
        let inside = at == *target;
        if inside && !(is_parachute(u) && u.markers.contains("dropped")) {
            return Err(no(
                "not_adjacent",
                format!(
                    "{} stands in {target} itself; only parachute units that dropped into an enemy-occupied hex attack the hex they are in (Opt D.2).",
                    u.name
                ),
            ));
        }
        dropped_in |= inside;
        if apart(table, &at, target).is_some_and(|d| d > 1) {
            return Err(no(
                "not_adjacent",
                format!(
                    "{} at {at} is not next to {target}: units attack an adjacent hex.",
                    u.name
                ),
            ));
        }
    }
    Ok(dropped_in)
}

/// The enemy units in `target`: at least one.
fn defenders_in<'t>(
    table: &'t Table<'_, Records>,
    side: Side,
    target: &str,
) -> Result<Vec<&'t Unit>, Refused> {
    let defenders: Vec<&Unit> = table
        .roster
        .units
        .values()
        .filter(|u| u.side == side.enemy() && hex_of(table, &u.location).as_deref() == Some(target))
        .collect();
    if defenders.is_empty() {
        return Err(no(
            "not_allowed",
            format!("No {} unit is in {target}.", side.enemy().adjective()),
        ));
    }
    Ok(defenders)
}

/// The die-roll modifiers: armor and antitank effects (Opt B) when in play, then those the
/// players entered, each -9 to +9.
fn die_modifiers(
    table: &Table<'_, Records>,
    p: &CombatIn,
    attackers: &[&Unit],
    defenders: &[&Unit],
    work: &mut Working,
) -> Result<Vec<(String, i64)>, Refused> {
    let mut modifiers: Vec<(String, i64)> = Vec::new();
    if table.extra.options.armor_effects {
        let (a, d) = (armored(table, attackers)?, armored(table, defenders)?);
        let terrain = AecTerrain {
            attack_barred: p.no_aec_attacking,
            defence_barred: p.no_aec_defending,
        };
        let armor = work.take(armor_modifier(&a, &d, terrain));
        if armor.total != 0 {
            modifiers.push(("armor and antitank effects (Opt B)".into(), armor.total));
        }
    }
    for (reason, m) in &p.modifiers {
        if !(-9..=9).contains(m) {
            return Err(no(
                "bad_modifier",
                format!("The modifier for '{reason}' is {m}; a die-roll modifier is -9 to +9."),
            ));
        }
        modifiers.push((reason.clone(), *m));
    }
    Ok(modifiers)
}

/// Resolves a combat against the roster on the entered CRT.
pub fn resolve(
    p: CombatIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    let Some(side) = player_turn_of(table.phase) else {
        return Err(refused(
            RefusalKind::NotNow,
            "wrong_phase",
            format!(
                "Combats are fought in a combat phase; it is now {}.",
                table.moment
            ),
        ));
    };
    let target = hex_of(table, &p.hex).ok_or_else(|| {
        no(
            "no_such_hex",
            format!("'{}' is not a hex of this map.", p.hex.trim()),
        )
    })?;
    let attackers = named_attackers(table, &p.attackers, side)?;
    let dropped_in = check_positions(table, &attackers, &target)?;
    let defenders = defenders_in(table, side, &target)?;
    let columns = table
        .charts
        .current(CRT)
        .map_err(|e| Refused::of(&e))?
        .chart
        .columns
        .clone();
    let mut work = Working::new();
    let supply = table.extra.options.supply_effects;
    let attack = total(&attackers, true, supply, &mut work);
    let printed_defence = total(&defenders, false, supply, &mut work);
    let defence = Fraction::new(
        printed_defence.num * i64::from(p.defence_terrain.clamp(1, 4)),
        printed_defence.den,
    )
    .unwrap_or(printed_defence);
    if p.defence_terrain > 1 {
        work.step(format!(
            "the defenders' terrain multiplies their defense by {}: {printed_defence} is {defence}",
            p.defence_terrain
        ));
    }
    let column = work.take(odds_column(attack, defence, &columns).map_err(|e| Refused::of(&e))?);
    let modifiers = die_modifiers(table, &p, &attackers, &defenders, &mut work)?;
    let roller = match side {
        Side::Soviet => Role::Soviet,
        Side::Finnish => Role::Finnish,
    };
    let result = work.take(
        roll_combat(dice, table.charts, roller, &column, &modifiers, dropped_in)
            .map_err(|e| Refused::of(&e))?,
    );
    let attacking: Vec<(UnitId, String)> = attackers
        .iter()
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect();
    let defending: Vec<(UnitId, String)> = defenders
        .iter()
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect();
    for (ids, marker) in [(&attacking, "attacked"), (&defending, "was_attacked")] {
        for (id, _) in ids {
            table
                .roster
                .mark(table.spec, Role::Umpire, table.moment, id, marker)
                .map_err(|e| Refused::of(&e))?;
        }
    }
    let names = |units: &[(UnitId, String)]| {
        units
            .iter()
            .map(|(_, n)| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    work.step(format!(
        "{} against {} in {target}: {result}. Each side applies it to its own units as the base rules say (apply-result).",
        names(&attacking),
        names(&defending)
    ));
    for (side, units, attacker) in [(side, &attacking, true), (side.enemy(), &defending, false)] {
        table.extra.to_apply.push(super::results::ToApply {
            side,
            result: result.to_string(),
            hex: target.clone(),
            attacker,
            units: units.iter().map(|(id, _)| id.clone()).collect(),
        });
    }
    Ok(Acted::public(work.done(serde_json::json!({
        "column": column,
        "result": result,
        "attackers": attacking.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(),
        "defenders": defending.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(),
    }))))
}

#[cfg(test)]
#[path = "combat_tests.rs"]
mod tests;
