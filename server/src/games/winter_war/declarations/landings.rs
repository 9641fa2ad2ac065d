//! Winter War's naval gunfire, amphibious landings, paratroop drops and the Allied intervention,
//! each rolled and applied to the roster (17.2, 19.2, 20.1, 20.2, 20.4): a fortification unit
//! eliminated, a unit landed or dropped (and held for the rest of the phase) or sent back, the
//! Allied units put on the Turn Record Track for the next game turn and, when they came through
//! Sweden or Norway, eliminated if they are not in Finland when the Finnish Movement Phase ends.

use super::Records;
use super::air::to_track;
use super::fog::{self, refused};
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::board::hex::Hex;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Secrecy, Table};
use crate::games::assisted::pack;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::winter_war::rules::procedures::{
    AlliedLanding, Drop, allied_intervention, amphibious_landing, naval_gunfire, paratroop_drop,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Held for the rest of its Movement Phase after an amphibious move or a drop (19.2, 20.2).
pub const HELD: &str = "held";

fn not_allowed(message: String) -> Refused {
    refused(RefusalKind::AgainstTheRules, "not_allowed", message)
}

fn wrong_phase(what: &str, phase: &str, table: &Table<'_, Records>) -> Refused {
    refused(
        RefusalKind::NotNow,
        "wrong_phase",
        format!("{what} in the {phase}; it is now {}.", table.moment),
    )
}

fn hex_id(text: &str) -> Result<(Hex, String), Refused> {
    let hex = fog::hex(text)?;
    Ok((
        hex,
        fog::grid().map_or_else(|| text.trim().to_owned(), |g| g.id(hex)),
    ))
}

fn distance(a: Hex, b: Hex) -> u32 {
    fog::grid().map_or(u32::MAX, |g| g.distance(a, b))
}

/// The side's own unit `id` on the roster.
fn own(table: &Table<'_, Records>, id: &str, side: Side) -> Result<Unit, Refused> {
    UnitId::parse(id)
        .ok()
        .and_then(|id| table.roster.units.get(&id))
        .filter(|u| u.side == side)
        .cloned()
        .ok_or_else(|| {
            refused(
                RefusalKind::NoSuchThing,
                "no_such_unit",
                format!("You have no unit '{id}' on the roster."),
            )
        })
}

/// The enemy units of `side` on the map in `hex`.
fn enemies_in(table: &Table<'_, Records>, side: Side, hex: &str) -> Vec<UnitId> {
    table
        .roster
        .units
        .values()
        .filter(|u| u.side == side.enemy() && !super::off_map(u) && u.location.trim() == hex)
        .map(|u| u.id.clone())
        .collect()
}

/// Whether `unit` has moved already in this phase (the roster's history of the phase).
fn moved_this_phase(table: &Table<'_, Records>, unit: &Unit) -> bool {
    table.roster.history.iter().any(|c| {
        c.unit == unit.id
            && c.moment == table.moment
            && c.before.as_ref().map(|u| &u.location) != c.after.as_ref().map(|u| &u.location)
    })
}

fn move_and_hold(table: &mut Table<'_, Records>, id: &UnitId, to: &str) -> Result<(), Refused> {
    let (by, moment) = (Role::Umpire, table.moment);
    if table.roster.units[id].location != to {
        table
            .roster
            .relocate(table.spec, by, moment, id, to)
            .map_err(|e| Refused::of(&e))?;
    }
    table
        .roster
        .mark(table.spec, by, moment, id, HELD)
        .map_err(|e| Refused::of(&e))?;
    Ok(())
}

/// A Soviet landing's or drop's log entry: its sentences name the unit, which under the fog of
/// war the Finns may not know (24.2), so it is then the Soviets' own; the roll stays public.
fn soviet_move(
    table: &Table<'_, Records>,
    done: Explained<serde_json::Value>,
) -> Acted<serde_json::Value> {
    if table.extra.fog_of_war {
        Acted {
            explained: done,
            secrecy: Secrecy::SideOnly(Side::Soviet),
        }
    } else {
        Acted::public(done)
    }
}

/// Naval gunfire at a fortification unit.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GunfireIn {
    /// The coastal hex of the Gulf of Finland (not on the Mannerheim Line) with a Finnish
    /// fortification unit.
    pub hex: String,
}

fn naval_markers_usable(table: &Table<'_, Records>, what: &str) -> Result<(), Refused> {
    if table.extra.flags.freeze || table.turn >= 8 {
        return Err(not_allowed(format!(
            "No {what} now: the naval markers cannot be used in the freeze and leave the game on GT 8 (20.3)."
        )));
    }
    Ok(())
}

/// Naval gunfire (20.1): once a Soviet Air & Naval Attack Phase, 1–3 eliminates the Finnish
/// fortification unit in the hex; other units there are never affected.
pub fn gunfire(
    p: GunfireIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.phase != "soviet_air_naval" || table.by == Role::Finnish {
        return Err(wrong_phase(
            "The Soviet player fires naval gunfire",
            "Soviet Air & Naval Attack Phase (20.1)",
            table,
        ));
    }
    naval_markers_usable(table, "naval gunfire")?;
    if table
        .extra
        .naval_used
        .contains(&(table.turn, "gunfire".to_owned()))
    {
        return Err(not_allowed(
            "The naval gunfire marker has fired this game turn (20.1).".into(),
        ));
    }
    let (_, hex) = hex_id(&p.hex)?;
    let forts: Vec<UnitId> = enemies_in(table, Side::Soviet, &hex)
        .into_iter()
        .filter(|id| table.roster.units[id].unit_type.trim() == "fortification")
        .collect();
    let seen = forts
        .iter()
        .any(|id| super::nameable(Side::Soviet, &table.roster.units[id], table.extra));
    // Under the fog of war a hidden stack's fortification is not named: the roll still tells.
    if forts.is_empty() && !table.extra.fog_of_war {
        return Err(not_allowed(format!(
            "No Finnish fortification unit is in {hex}: naval gunfire is placed on a hex holding one (20.1)."
        )));
    }
    let mut work = Working::new();
    let hit = work.take(naval_gunfire(dice));
    table
        .extra
        .naval_used
        .insert((table.turn, "gunfire".to_owned()));
    let eliminated = hit && !forts.is_empty();
    if let Some(id) = forts.first().filter(|_| hit) {
        let name = table.roster.units[id].name.clone();
        work.step(if seen || !table.extra.fog_of_war {
            format!("{name} in {hex} is eliminated; other units there are not affected (20.1)")
        } else {
            format!("a Finnish fortification unit in {hex} is eliminated (20.1)")
        });
        table
            .roster
            .remove(Role::Umpire, table.moment, id, "naval gunfire, 20.1")
            .map_err(|e| Refused::of(&e))?;
        table.extra.revealed.remove(id);
    } else if hit {
        work.step(format!("no Finnish fortification unit in {hex}: no effect"));
    }
    Ok(Acted::public(work.done(
        serde_json::json!({"hex": hex, "eliminated": eliminated}),
    )))
}

/// An amphibious operation.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LandingIn {
    /// Your infantry regiment or naval infantry brigade, in a port hex, by id.
    pub unit: String,
    /// The coastal or port hex of the same sea area where it lands, at most ten hexes away.
    pub to: String,
    /// The friendly port of the same sea area it returns to if the landing is aborted (its own
    /// hex when left out).
    #[serde(default)]
    pub abort_to: Option<String>,
}

fn may_land(u: &Unit) -> bool {
    let size = matches!(u.attributes.get("size"), Some(AttrValue::Text(t)) if t.trim() == "III");
    let kind = u.unit_type.trim();
    kind == "naval_infantry" || (kind == "infantry" && size)
}

/// An amphibious operation (20.2): once a Soviet Movement Phase, by an infantry regiment or a
/// naval infantry brigade that has not moved, to a hex without enemy units at most ten hexes
/// away; 1–4 lands, 5–6 sends it back to a port. It moves no more this phase either way.
pub fn landing(
    p: LandingIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.phase != "soviet_movement" || table.by == Role::Finnish {
        return Err(wrong_phase(
            "The Soviet player lands from the sea",
            "Soviet Ground Movement Phase (20.2)",
            table,
        ));
    }
    naval_markers_usable(table, "amphibious operation")?;
    if table
        .extra
        .naval_used
        .contains(&(table.turn, "amphibious".to_owned()))
    {
        return Err(not_allowed(
            "The Amphib Move marker has been used this game turn (20.2).".into(),
        ));
    }
    let unit = own(table, &p.unit, Side::Soviet)?;
    if !may_land(&unit) {
        return Err(not_allowed(format!(
            "{} cannot land from the sea: one infantry regiment (size III) or one naval infantry brigade does (20.2).",
            unit.name
        )));
    }
    let from = hex_id(&unit.location).map_err(|_| {
        not_allowed(format!(
            "{} is not on the map: it starts in a port (20.2).",
            unit.name
        ))
    })?;
    if moved_this_phase(table, &unit) {
        return Err(not_allowed(format!(
            "{} has moved this phase: the unit makes no other move before or after its amphibious move (20.2 d).",
            unit.name
        )));
    }
    let (to_hex, to) = hex_id(&p.to)?;
    if distance(from.0, to_hex) > 10 {
        return Err(not_allowed(format!(
            "{to} is more than ten hexes from {}: an amphibious move goes up to ten hexes (20.2).",
            from.1
        )));
    }
    if !enemies_in(table, Side::Soviet, &to).is_empty() {
        return Err(not_allowed(format!(
            "Finnish units hold {to}: the landing hex cannot contain enemy units (20.2 c)."
        )));
    }
    let back = match &p.abort_to {
        Some(text) => hex_id(text)?.1,
        None => from.1.clone(),
    };
    let mut work = Working::new();
    let lands =
        work.take(amphibious_landing(dice, table.extra.flags.freeze).map_err(|e| Refused::of(&e))?);
    table
        .extra
        .naval_used
        .insert((table.turn, "amphibious".to_owned()));
    let end = if lands { &to } else { &back };
    move_and_hold(table, &unit.id, end)?;
    work.step(format!(
        "{} ends in {end} and moves no more this phase (20.2 d)",
        unit.name
    ));
    Ok(soviet_move(
        table,
        work.done(serde_json::json!({"landed": lands, "hex": end})),
    ))
}

/// A paratroop drop.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DropIn {
    /// Your paratroop brigade, in Leningrad, by id.
    pub unit: String,
    /// The drop hex: within six hexes of Leningrad, without enemy units.
    pub to: String,
}

/// Leningrad's hexes: the campaign's map's, else the shipped scenario's.
fn leningrad(table: &Table<'_, Records>) -> Vec<Hex> {
    match table.map {
        Some(map) => map.place("leningrad"),
        None => pack::parse(pack::WINTER_WAR_HISTORICAL)
            .ok()
            .and_then(|p| pack::loaded::LoadedPack::new(p).ok())
            .map(|l| l.place("leningrad"))
            .unwrap_or_default(),
    }
}

/// A paratroop drop (19.2) in a Soviet Movement Phase: the brigade starts in Leningrad and has
/// not moved; it drops on a hex without enemy units within six hexes; beside a Finnish unit it
/// rolls: 1–4 lands, 5 back to Leningrad, 6 eliminated. It moves no more this phase.
pub fn drop(
    p: DropIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.phase != "soviet_movement" || table.by == Role::Finnish {
        return Err(wrong_phase(
            "The Soviet player drops paratroops",
            "Soviet Ground Movement Phase (19.2)",
            table,
        ));
    }
    let unit = own(table, &p.unit, Side::Soviet)?;
    if unit.unit_type.trim() != "airborne" {
        return Err(not_allowed(format!(
            "{} is not the paratroop brigade (19.2).",
            unit.name
        )));
    }
    let home = leningrad(table);
    let at = fog::hex(&unit.location).ok();
    if at.is_none_or(|h| !home.contains(&h)) || moved_this_phase(table, &unit) {
        return Err(not_allowed(format!(
            "{} drops only when it starts the phase in Leningrad and has not moved (19.2).",
            unit.name
        )));
    }
    let (to_hex, to) = hex_id(&p.to)?;
    if home.iter().all(|h| distance(*h, to_hex) > 6) {
        return Err(not_allowed(format!(
            "{to} is more than six hexes from Leningrad (19.2)."
        )));
    }
    if !enemies_in(table, Side::Soviet, &to).is_empty() {
        return Err(not_allowed(format!(
            "Finnish units hold {to}: the brigade drops on a hex without enemy units (19.2)."
        )));
    }
    let beside = fog::grid().is_some_and(|g| {
        g.neighbours(to_hex)
            .into_iter()
            .any(|n| !enemies_in(table, Side::Soviet, &g.id(n)).is_empty())
    });
    let mut work = Working::new();
    let result = work.take(paratroop_drop(dice, beside));
    match result {
        Drop::Lands => move_and_hold(table, &unit.id, &to)?,
        Drop::Aborted => move_and_hold(table, &unit.id, &unit.location)?,
        Drop::Eliminated => {
            table
                .roster
                .remove(Role::Umpire, table.moment, &unit.id, "paratroop drop, 19.2")
                .map_err(|e| Refused::of(&e))?;
        }
    }
    Ok(soviet_move(
        table,
        work.done(serde_json::json!({"drop": result, "hex": to})),
    ))
}

/// Where the Allied intervention units come in, and which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlliedArrival {
    /// The game turn they arrive.
    pub turn: u32,
    /// Where they land.
    pub landing: AlliedLanding,
    /// The units.
    pub units: Vec<UnitId>,
}

/// The Allied intervention roll.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InterventionIn {
    /// Your Allied intervention units off the map, by id, in the order you choose them; the
    /// roll says how many come (the others are taken by name after these).
    #[serde(default)]
    pub units: Vec<String>,
}

fn is_allied(u: &Unit) -> bool {
    matches!(u.attributes.get("flag"), Some(AttrValue::Text(t)) if t.trim().eq_ignore_ascii_case("allied"))
}

/// The Finnish reinforcements box of the campaign's map, else the kit's name for it.
fn finnish_reinforcements(table: &Table<'_, Records>) -> String {
    table
        .map
        .and_then(|m| {
            m.pack
                .boxes
                .iter()
                .find(|b| b.kind == pack::BoxKind::Reinforcements && b.side == Some(Side::Finnish))
        })
        .map_or_else(
            || "Finnish reinforcements".to_owned(),
            |b| b.name.chars().take(40).collect(),
        )
}

/// The Allied intervention (17.2), in the Finnish Event Segment whose roll gave it: how many
/// Allied units come (1d6) and where (1d6). They wait on the Turn Record Track and come into the
/// Finnish reinforcements on the next game turn.
pub fn intervene(
    p: InterventionIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.by == Role::Soviet {
        return Err(not_allowed(
            "The Allied intervention is the Finnish player's (17.2).".into(),
        ));
    }
    if table.extra.allied_due.as_ref() != Some(&(table.turn, table.phase.to_owned())) {
        return Err(refused(
            RefusalKind::NotNow,
            "no_intervention",
            "The Allies intervene only in the Finnish Event Segment whose roll gave the Allied Intervention event (17.2); there is none to roll now.",
        ));
    }
    let mut pool: Vec<(String, UnitId)> = table
        .roster
        .units
        .values()
        .filter(|u| u.side == Side::Finnish && is_allied(u) && super::off_map(u))
        .map(|u| (u.name.clone(), u.id.clone()))
        .collect();
    pool.sort();
    let mut order: Vec<UnitId> = Vec::new();
    for id in &p.units {
        let (_, found) = pool.iter().find(|(_, u)| u.as_str() == id).ok_or_else(|| {
            not_allowed(format!(
                "'{id}' is not one of your Allied intervention units off the map (17.2)."
            ))
        })?;
        if !order.contains(found) {
            order.push(found.clone());
        }
    }
    for (_, id) in &pool {
        if !order.contains(id) {
            order.push(id.clone());
        }
    }
    let mut work = Working::new();
    let rolled = work.take(allied_intervention(
        dice,
        table.turn,
        u32::try_from(pool.len()).unwrap_or(0),
    ));
    table.extra.allied_due = None;
    let coming: Vec<UnitId> = order.into_iter().take(rolled.units as usize).collect();
    let turn = table.turn + 1;
    let to = finnish_reinforcements(table);
    for id in &coming {
        to_track(table, id, turn, &to)?;
    }
    if pool.is_empty() {
        work.step(
            "no Allied intervention unit is on the roster: add them from the counters (19.1)",
        );
    }
    table.extra.allied = Some(AlliedArrival {
        turn,
        landing: rolled.landing,
        units: coming.clone(),
    });
    Ok(Acted::public(work.done(serde_json::json!({
        "units": coming.len(), "landing": rolled.landing, "turn": turn,
    }))))
}

/// The end of the Finnish Movement Phase (17.2): Allied units that came through Sweden or Norway
/// this game turn and are not in Finland are eliminated.
pub fn allied_in_finland(table: &mut Table<'_, Records>) -> Result<String, Refused> {
    let Some(arrival) = table.extra.allied.clone().filter(|a| a.turn == table.turn) else {
        return Ok("Allied units must be in Finland by now (17.2).".into());
    };
    table.extra.allied = None;
    if arrival.landing != AlliedLanding::SwedenOrNorway {
        return Ok("The Allied units landed on the Arctic coast (17.2, 20.4).".into());
    }
    let finland = &table.extra.borders.agreed.finland;
    if finland.is_empty() {
        return Ok("Allied units not in Finland now are eliminated (17.2): enter Finland's hexes (enter-countries) for the server to do it.".into());
    }
    let outside: Vec<UnitId> = arrival
        .units
        .iter()
        .filter(|id| {
            table
                .roster
                .units
                .get(*id)
                .is_some_and(|u| !finland.contains(u.location.trim()))
        })
        .cloned()
        .collect();
    let mut names = Vec::new();
    for id in &outside {
        names.push(table.roster.units[id].name.clone());
        table
            .roster
            .remove(Role::Umpire, table.moment, id, "not in Finland, 17.2")
            .map_err(|e| Refused::of(&e))?;
    }
    Ok(if names.is_empty() {
        "Every Allied unit is in Finland (17.2).".into()
    } else {
        format!(
            "Not in Finland by the end of the Finnish Movement Phase, eliminated (17.2): {}.",
            names.join(", ")
        )
    })
}

#[cfg(test)]
#[path = "landings_tests.rs"]
mod tests;
