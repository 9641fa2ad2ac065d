//! Winter War's actions on the table: a ground combat declared (which reveals every unit in it
//! under the fog of war, 24.2), resolved against the roster (factors from the roster or an
//! override with its reason, the 14.1 column, the CRT roll, the 14.2 result applied as markers
//! and owed losses), and Radio Intelligence (the Finns examine five Soviet stacks, in secret).

use super::Records;
use super::calculations::bands;
use super::fog;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Action, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::assisted::sequence::Activity;
use crate::games::winter_war::rules::calc_combat::{Situation, combat_column};
use crate::games::winter_war::rules::procedures_charts::resolve_combat;
use crate::games::winter_war::rules::results::{Attacker, check_attackers, effect};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

use crate::games::assisted::catalogue::refused;

fn unit<'a>(table: &'a Table<'_, Records>, id: &str) -> Result<&'a Unit, Refused> {
    // An enemy unit the caller cannot name is answered exactly as one that does not exist.
    UnitId::parse(id)
        .ok()
        .and_then(|id| table.roster.units.get(&id))
        .filter(|u| {
            table
                .by
                .side()
                .is_none_or(|s| super::nameable(s, u, table.extra))
        })
        .ok_or_else(|| {
            refused(
                RefusalKind::NoSuchThing,
                "no_such_unit",
                format!("There is no unit '{id}' on the roster."),
            )
        })
}

fn units<'a>(
    table: &'a Table<'_, Records>,
    ids: &[String],
    side: Side,
) -> Result<Vec<&'a Unit>, Refused> {
    let found = ids
        .iter()
        .map(|id| unit(table, id))
        .collect::<Result<Vec<_>, _>>()?;
    if found.is_empty() || found.iter().any(|u| u.side != side || super::off_map(u)) {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            format!("Name at least one {} unit on the map.", side.adjective()),
        ));
    }
    Ok(found)
}

/// A unit as offered for an attack: its printed attack factor, laager and static markers, and
/// its force by its flag (the Swedish brigade counts as Finnish, 19.1; no flag: its side).
fn attacker_of(u: &Unit) -> Attacker {
    let attack = match u.attributes.get("af") {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    let flag = match u.attributes.get("flag") {
        Some(AttrValue::Text(t)) => t.trim().to_lowercase(),
        _ => String::new(),
    };
    let force = match flag.as_str() {
        "allied" | "volunteer" | "finnish" | "soviet" => flag,
        "swedish" => "finnish".into(),
        _ => u.side.code().into(),
    };
    Attacker {
        name: u.name.clone(),
        attack,
        laager: u.markers.contains("laager"),
        is_static: u.markers.contains("static"),
        force,
    }
}

/// A ground combat declared: who attacks which hex.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct DeclareIn {
    /// The attacking units, your own, by id.
    pub attackers: Vec<String>,
    /// The defending hex: every enemy unit on the map there defends.
    pub hex: String,
}

fn declare(
    p: &DeclareIn,
    table: &mut Table<'_, Records>,
) -> Result<(Side, Vec<UnitId>, Vec<UnitId>), Refused> {
    let attacker = fog::attacking_side(table)?;
    let found = units(table, &p.attackers, attacker)?;
    let offered: Vec<Attacker> = found.iter().map(|u| attacker_of(u)).collect();
    check_attackers(&offered).map_err(|e| Refused::of(&e))?;
    let hex = fog::adjacent(&found, &p.hex)?;
    if table.phase == "second_wave" {
        fog::second_wave_south(table.map, &hex)?;
    }
    let attacking: Vec<UnitId> = found.iter().map(|u| u.id.clone()).collect();
    let declared = fog::Declared {
        attacker,
        attackers: attacking.iter().cloned().collect(),
        hex: hex.clone(),
    };
    fog::none_waiting(table, Some(&declared))?;
    let defending: Vec<UnitId> = table
        .roster
        .units
        .values()
        .filter(|u| u.side == attacker.enemy() && !super::off_map(u) && u.location.trim() == hex)
        .map(|u| u.id.clone())
        .collect();
    if defending.is_empty() {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            format!(
                "No {} unit is on the map in {hex}.",
                attacker.enemy().adjective(),
            ),
        ));
    }
    fog::attack_once(table, &found, &defending)?;
    table.extra.revealed.extend(attacking.iter().cloned());
    table.extra.revealed.extend(defending.iter().cloned());
    table.extra.declared = Some(declared);
    Ok((attacker, attacking, defending))
}

fn names(table: &Table<'_, Records>, ids: &[UnitId]) -> String {
    ids.iter()
        .filter_map(|id| table.roster.units.get(id))
        .map(|u| format!("{} at {}", u.name, u.location))
        .collect::<Vec<_>>()
        .join(", ")
}

fn declare_combat(
    p: DeclareIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let (attacker, a, d) = declare(&p, table)?;
    let mut work = Working::new();
    work.step(format!(
        "The {} player declares a combat: {} against {} (14.0).",
        attacker.adjective(),
        names(table, &a),
        names(table, &d)
    ));
    work.step("Every unit involved may now be examined by both sides (24.2).");
    Ok(Acted::public(
        work.done(serde_json::json!({"attackers": a, "defenders": d})),
    ))
}

/// One input replaced for this resolution, with its reason.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct Override {
    /// The unit's id.
    pub unit: String,
    /// `af` or `df`.
    pub attribute: String,
    /// The value used instead.
    pub value: u32,
    /// Why, shown to both sides.
    pub reason: String,
}

/// A combat resolved against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CombatIn {
    /// Who attacks whom.
    #[serde(flatten)]
    pub declared: DeclareIn,
    /// Attackers occupy or are adjacent to all six sides of the defending hex.
    #[serde(default)]
    pub concentric: bool,
    /// Left shifts of the defender's terrain, by name.
    #[serde(default)]
    pub terrain: BTreeMap<String, u32>,
    /// The defender is on an ice hex or a lake hex.
    #[serde(default)]
    pub defender_on_ice_or_lake: bool,
    /// The defender is in its own side's fortification.
    #[serde(default)]
    pub defender_fortified: bool,
    /// The defender is in a city (a static unit there ignores retreats, 14.3; not a fortification).
    #[serde(default)]
    pub defender_in_city: bool,
    /// Values replaced for this resolution, each with its reason.
    #[serde(default)]
    pub overrides: Vec<Override>,
}

fn factor(table: &Table<'_, Records>, overrides: &[Override], id: &UnitId, code: &str) -> u32 {
    if let Some(o) = overrides
        .iter()
        .find(|o| o.unit == id.as_str() && o.attribute == code)
    {
        return o.value;
    }
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

fn combat(
    p: CombatIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    let mut work = Working::new();
    for o in &p.overrides {
        let u = unit(table, &o.unit)?;
        if o.reason.trim().is_empty() {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "not_allowed",
                format!("Say why {}'s {} is overridden.", u.name, o.attribute),
            ));
        }
        work.step(format!(
            "{}'s {} is taken as {}: {}",
            u.name,
            o.attribute,
            o.value,
            o.reason.trim()
        ));
    }
    if !table.extra.pending.is_empty() {
        return Err(refused(
            RefusalKind::NotNow,
            "result_pending",
            "The last combat's result is still to be taken (take-result).",
        ));
    }
    let (attacker, a, d) = declare(&p.declared, table)?;
    work.step(format!("{} against {}", names(table, &a), names(table, &d)));
    let suppressed = |ids: &[UnitId]| {
        ids.iter().all(|id| {
            table
                .roster
                .units
                .get(id)
                .is_some_and(|u| u.markers.contains("suppressed"))
        })
    };
    let situation = Situation {
        concentric: p.concentric,
        all_defenders_suppressed: suppressed(&d),
        all_attackers_suppressed: suppressed(&a),
        terrain: p.terrain.into_iter().collect(),
        defender_on_ice_or_lake: p.defender_on_ice_or_lake,
        freeze: table.extra.flags.freeze,
    };
    let attack: Vec<u32> = a
        .iter()
        .map(|id| factor(table, &p.overrides, id, "af"))
        .collect();
    let defence: Vec<u32> = d
        .iter()
        .map(|id| factor(table, &p.overrides, id, "df"))
        .collect();
    let bands = bands(table.charts).map_err(|e| Refused::of(&e))?;
    let column = work.take(combat_column(&attack, &defence, &situation, &bands));
    let key = bands.get(column).map(|b| b.key.clone()).unwrap_or_default();
    let result = work.take(
        resolve_combat(dice, table.charts, attacker, &key, p.defender_fortified)
            .map_err(|e| Refused::of(&e))?,
    );
    let effect = work.take(effect(&result.result).map_err(|e| Refused::of(&e))?);
    let by = Role::Umpire;
    for id in a.iter().chain(&d) {
        let marker = if a.contains(id) {
            "attacked"
        } else {
            "defended"
        };
        if !table.roster.units[id].markers.contains(marker) {
            table
                .roster
                .mark(table.spec, by, table.moment, id, marker)
                .map_err(|e| Refused::of(&e))?;
        }
    }
    // The declared combat is fought: the phase may end again.
    table.extra.declared = None;
    super::results::apply(
        table,
        &effect,
        (attacker, &a),
        &d,
        super::results::Place {
            fortified: p.defender_fortified,
            city: p.defender_in_city,
        },
        &mut work,
    )?;
    Ok(Acted::public(work.done(serde_json::json!({
        "column": key, "result": result, "effect": effect,
    }))))
}

/// Every action of Winter War: combat's, landings', results', then events'.
pub fn actions() -> Vec<Action<Records>> {
    [
        combat_actions(),
        landing_actions(),
        result_actions(),
        event_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Ground combat, air missions and naval gunfire, in the combat phases.
fn combat_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "declare-combat",
            "Declare a ground combat",
            "14.0, 24.2",
            |p: DeclareIn, table: &mut Table<'_, Records>, _dice| declare_combat(p, table),
        )
        // The phasing player's, in its combat phases (13.0, 24.2).
        .given(true, &[Activity::Combat]),
        Action::new(
            "resolve-combat",
            "Resolve a ground combat against the roster",
            "14.0–14.2",
            |p: CombatIn, table: &mut Table<'_, Records>, dice| combat(p, table, dice),
        )
        .given(true, &[Activity::Combat]),
        Action::new(
            "fly-mission",
            "Fly an air mission and apply its result",
            "12.0–12.3",
            |p: super::air::MissionIn, table: &mut Table<'_, Records>, dice| {
                super::air::fly(p, table, dice)
            },
        )
        // The phasing player's, in its Air (and Naval) Attack Phase (6.0, 12.0).
        .given(true, &[Activity::Combat]),
        Action::new(
            "naval-gunfire",
            "Fire naval gunfire at a fortification unit",
            "20.1",
            |p: super::landings::GunfireIn, table: &mut Table<'_, Records>, dice| {
                super::landings::gunfire(p, table, dice)
            },
        )
        .given(true, &[Activity::Combat]),
    ]
}

/// Landings from the sea and the air, and the Allied intervention.
fn landing_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "amphibious-landing",
            "Land a unit from the sea",
            "20.2",
            |p: super::landings::LandingIn, table: &mut Table<'_, Records>, dice| {
                super::landings::landing(p, table, dice)
            },
        )
        .given(true, &[Activity::Movement]),
        Action::new(
            "paratroop-drop",
            "Drop the paratroop brigade",
            "19.2",
            |p: super::landings::DropIn, table: &mut Table<'_, Records>, dice| {
                super::landings::drop(p, table, dice)
            },
        )
        .given(true, &[Activity::Movement]),
        Action::new(
            "allied-intervention",
            "Roll the Allied intervention: how many units come, and where",
            "17.2",
            |p: super::landings::InterventionIn, table: &mut Table<'_, Records>, dice| {
                super::landings::intervene(p, table, dice)
            },
        )
        .given(true, &[Activity::Events]),
    ]
}

/// Taking a combat's result, and the equipment it captures.
fn result_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "take-result",
            "Take your side's combat or air attack result: retreats and losses",
            "12.1.1, 14.2, 14.3",
            |p: super::results::TakeIn, table: &mut Table<'_, Records>, _dice| {
                super::results::take(p, table)
            },
        )
        .pays("eliminate", Some("retreats"))
        // Each owner takes its own part of the result, in the combat's phase (14.2, 14.3).
        .given(false, &[Activity::Combat]),
        Action::new(
            "bring-captured-equipment",
            "Bring in a Captured Equipment unit",
            "24.4",
            |p: super::captured::CapturedIn, table: &mut Table<'_, Records>, _dice| {
                super::captured::capture(p, table)
            },
        )
        // The Finns', in their Reinforcement Phase (24.4).
        .given(true, &[Activity::Reinforcement]),
    ]
}

/// Random events, the ceasefire, radio intelligence and the countries' hexes.
fn event_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "record-event",
            "Record an event or a shock corps formed",
            "17.0, 22.0",
            |p: super::events::RecordIn, table: &mut Table<'_, Records>, _dice| {
                super::events::record(p, table)
            },
        ),
        Action::new(
            "ceasefire",
            "Answer a Ceasefire event: call a ceasefire or play on",
            "17.3",
            |p: super::events::CeasefireIn, table: &mut Table<'_, Records>, _dice| {
                super::events::ceasefire(p, table)
            },
        ),
        Action::new(
            "roll-events",
            "Roll this segment's random events",
            "17.1",
            |p: fog::RollEventsIn, table: &mut Table<'_, Records>, dice| {
                let before = table.extra.flags.severe_climate;
                let mut acted = fog::roll_events(&p, table, dice)?;
                if table.extra.flags.severe_climate && !before {
                    // No air operations next game turn (17.3 item 3).
                    let mut work = Working::new();
                    super::air::ground_all(table, &mut work)?;
                    acted.explained.steps.extend(work.done(()).steps);
                }
                Ok::<_, Refused>(acted)
            },
        ),
        Action::new(
            "radio-intelligence",
            "Radio Intelligence: examine five Soviet stacks",
            "17.2, 24.2",
            |p: fog::RadioIn, table: &mut Table<'_, Records>, _dice| fog::radio(p, table),
        ),
        Action::new(
            "enter-countries",
            "Enter the hexes of Finland and the Soviet Union",
            "24.2",
            |p: fog::Countries, table: &mut Table<'_, Records>, _dice| {
                fog::enter_countries(p, table)
            },
        ),
    ]
}

#[cfg(test)]
#[path = "combat_tests.rs"]
mod tests;
