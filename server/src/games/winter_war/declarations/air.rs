//! Winter War's air missions against the roster (12.0–12.3): an air unit flies once a game turn
//! from its staging display to a hex no other friendly air unit attacks, rolls on its column of
//! the entered Air Attack Table, and the result is applied at once: the defenders suppressed
//! (DS), one unit of their owner's choice eliminated and the rest suppressed (D1), the air unit
//! eliminated (AA) or put on the Turn Record Track two game turns on (AR), a town or city
//! interdicted (12.2). Interdicted hexes take no Finnish reinforcements until the markers go at
//! the end of the Finnish Combat Phase (12.2.2).

use super::Records;
use super::fog::{self, refused};
use super::results::Pending;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::winter_war::rules::procedures_charts::{AirOutcome, air_attack};
use crate::games::winter_war::rules::sequence::LAST_TURN;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A unit waiting on the Turn Record Track to come back into play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Returning {
    /// The unit.
    pub unit: UnitId,
    /// The game turn it comes back on.
    pub turn: u32,
    /// Where it comes back to (its staging display).
    pub to: String,
}

/// The Turn Record Track box of game turn `turn`, where units wait unseen by the enemy (7.3).
pub fn track_box(turn: u32) -> String {
    format!("Track, GT {turn}")
}

/// Whether a unit waits on the Turn Record Track.
fn on_track(u: &Unit) -> bool {
    u.location.starts_with("Track, GT")
}

/// Puts unit `id` in the Turn Record Track box of game turn `turn`, to come back to `to` as
/// that turn begins (12.3, 17.2, 17.3).
pub fn to_track(
    table: &mut Table<'_, Records>,
    id: &UnitId,
    turn: u32,
    to: &str,
) -> Result<(), Refused> {
    table.extra.returning.push(Returning {
        unit: id.clone(),
        turn,
        to: to.to_owned(),
    });
    table
        .roster
        .relocate(table.spec, Role::Umpire, table.moment, id, &track_box(turn))
        .map_err(|e| Refused::of(&e))?;
    Ok(())
}

/// An air mission.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionIn {
    /// Your air unit, by id: it flies from its staging display and comes back to it.
    pub air_unit: String,
    /// The hex it attacks.
    pub hex: String,
    /// A communication attack on a Finnish town or city (the Soviets only, 12.2); otherwise a
    /// tactical attack on the enemy ground units in the hex (12.1).
    #[serde(default)]
    pub communication: bool,
    /// The hex is clear terrain or ice, where a (DS) suppresses (12.1.1). In the freeze, lake
    /// hexes (not Lake Ladoga) and the Baltic ice count as ice and marsh as clear (21.1).
    #[serde(default)]
    pub clear_or_ice: bool,
}

/// The side whose air phase `phase` is (6.0: the Soviet Air & Naval Attack Phase, the Finnish
/// Air Attack Phase).
pub fn air_side(phase: &str) -> Option<Side> {
    match phase {
        "soviet_air_naval" => Some(Side::Soviet),
        "finnish_air" => Some(Side::Finnish),
        _ => None,
    }
}

fn not_allowed(message: String) -> Refused {
    refused(RefusalKind::AgainstTheRules, "not_allowed", message)
}

/// Whether a unit is an air unit (its type says so).
pub fn is_air(u: &Unit) -> bool {
    u.unit_type.trim().eq_ignore_ascii_case("air")
}

/// The Air Attack Table column of `u`'s mission: its nationality and the mission (12.1).
fn column(u: &Unit, communication: bool) -> Result<&'static str, Refused> {
    let volunteer = matches!(u.attributes.get("flag"),
        Some(AttrValue::Text(t)) if t.trim().eq_ignore_ascii_case("volunteer"));
    Ok(match (u.side, communication) {
        (Side::Soviet, false) => "Soviet tactical",
        (Side::Soviet, true) => "Soviet communication",
        (Side::Finnish, true) => {
            return Err(not_allowed(
                "Only the Soviet player attacks communications (12.0, 12.2); a Finnish air unit attacks enemy ground units.".into(),
            ));
        }
        (Side::Finnish, false) if volunteer => "Volunteer tactical",
        (Side::Finnish, false) => "Finnish tactical",
    })
}

/// The air unit that flies: the side's own, not yet flown this game turn (12.0).
fn air_unit(table: &Table<'_, Records>, id: &str, side: Side) -> Result<Unit, Refused> {
    let unit = UnitId::parse(id)
        .ok()
        .and_then(|id| table.roster.units.get(&id))
        .filter(|u| u.side == side)
        .ok_or_else(|| {
            refused(
                RefusalKind::NoSuchThing,
                "no_such_unit",
                format!("You have no unit '{id}' on the roster."),
            )
        })?;
    if !is_air(unit) {
        return Err(not_allowed(format!(
            "{} is not an air unit: only air units fly missions (12.0).",
            unit.name
        )));
    }
    if on_track(unit) {
        return Err(refused(
            RefusalKind::NotNow,
            "on_the_track",
            format!(
                "{} is on the Turn Record Track ({}) and flies again from its staging display when it comes back (12.3).",
                unit.name, unit.location
            ),
        ));
    }
    if !super::off_map(unit) {
        return Err(not_allowed(format!(
            "{} is at {}: air units fly from their staging display (12.0).",
            unit.name, unit.location
        )));
    }
    if table.extra.flown.contains(&unit.id) {
        return Err(refused(
            RefusalKind::NotNow,
            "already_flown",
            format!(
                "{} has flown its mission of this game turn: an air unit flies one mission a game turn (12.0).",
                unit.name
            ),
        ));
    }
    Ok(unit.clone())
}

/// The enemy ground units on the map in `hex`.
fn ground_units(table: &Table<'_, Records>, enemy: Side, hex: &str) -> Vec<UnitId> {
    table
        .roster
        .units
        .values()
        .filter(|u| u.side == enemy && !is_air(u) && !super::off_map(u) && u.location.trim() == hex)
        .map(|u| u.id.clone())
        .collect()
}

/// The mission's target: a hex of the map, no other friendly air unit there this phase (12.0),
/// enemy ground units there for a tactical attack (12.1), a hex outside the Soviet Union for a
/// communication attack (12.2).
fn target(
    table: &Table<'_, Records>,
    p: &MissionIn,
    side: Side,
) -> Result<(String, Vec<UnitId>), Refused> {
    let parsed = fog::hex(&p.hex)?;
    let hex = fog::grid().map_or_else(|| p.hex.trim().to_owned(), |g| g.id(parsed));
    if table
        .extra
        .air_hexes
        .contains(&(side.code().to_owned(), hex.clone()))
    {
        return Err(not_allowed(format!(
            "A {} air unit has attacked {hex} already: no more than one air unit is deployed in a hex (12.0).",
            side.adjective()
        )));
    }
    if p.communication {
        if table.extra.borders.agreed.soviet_union.contains(&hex) {
            return Err(not_allowed(format!(
                "{hex} is in the Soviet Union: communication attacks strike Finnish towns and cities (12.2)."
            )));
        }
        return Ok((hex, Vec::new()));
    }
    let defenders = ground_units(table, side.enemy(), &hex);
    if defenders.is_empty() {
        return Err(not_allowed(format!(
            "No {} ground unit is on the map in {hex}: a tactical air attack is made on a hex holding enemy ground units (12.1).",
            side.enemy().adjective()
        )));
    }
    Ok((hex, defenders))
}

fn suppress(table: &mut Table<'_, Records>, ids: &[UnitId]) -> Result<(), Refused> {
    for id in ids {
        if !table.roster.units[id].markers.contains("suppressed") {
            table
                .roster
                .mark(table.spec, Role::Umpire, table.moment, id, "suppressed")
                .map_err(|e| Refused::of(&e))?;
        }
    }
    Ok(())
}

/// AR (12.3): the air unit waits on the Turn Record Track two game turns on, or leaves play on
/// the second to last and the last game turns.
fn recycle(table: &mut Table<'_, Records>, air: &Unit, work: &mut Working) -> Result<(), Refused> {
    if table.turn + 1 >= LAST_TURN {
        work.step(format!(
            "{} is removed from play: an AR on the second to last or last game turn (12.3)",
            air.name
        ));
        table
            .roster
            .remove(
                Role::Umpire,
                table.moment,
                &air.id,
                "AR late in the game, 12.3",
            )
            .map_err(|e| Refused::of(&e))?;
        return Ok(());
    }
    let turn = table.turn + 2;
    to_track(table, &air.id, turn, &air.location)?;
    work.step(format!(
        "{} goes to the GT {turn} box of the Turn Record Track and comes back then (12.3)",
        air.name
    ));
    Ok(())
}

/// Applies the mission's `outcome`.
fn apply(
    table: &mut Table<'_, Records>,
    outcome: AirOutcome,
    (air, hex, communication): (&Unit, &str, bool),
    defenders: &[UnitId],
    work: &mut Working,
) -> Result<(), Refused> {
    let enemy = air.side.enemy();
    match outcome {
        AirOutcome::Suppressed | AirOutcome::OneUnitLost if communication => {
            work.step("units in a hex a communication attack targets are never affected (12.2)");
        }
        AirOutcome::Suppressed => {
            suppress(table, defenders)?;
            work.step(format!(
                "the {} units in {hex} are suppressed (12.1.1)",
                enemy.adjective()
            ));
        }
        AirOutcome::OneUnitLost => {
            suppress(table, defenders)?;
            table.extra.pending.push(Pending::AirLoss {
                side: enemy,
                units: defenders.to_vec(),
            });
            work.step(format!(
                "the {} player eliminates one of its units in {hex}, which may break down first, and the rest stay suppressed (12.1.1); take-result",
                enemy.adjective()
            ));
        }
        AirOutcome::AirUnitLost => {
            work.step(format!("{} is eliminated (12.1.1)", air.name));
            table
                .roster
                .remove(Role::Umpire, table.moment, &air.id, "AA, 12.1.1")
                .map_err(|e| Refused::of(&e))?;
        }
        AirOutcome::AirUnitRecycled => recycle(table, air, work)?,
        AirOutcome::Interdicted if communication => {
            table.extra.interdicted.insert(hex.to_owned());
            work.step(format!(
                "{hex} is interdicted until the end of the Finnish player turn: no Finnish reinforcements deploy there and no rail movement enters or leaves it (12.2.2)"
            ));
        }
        AirOutcome::Interdicted | AirOutcome::NoEffect => {
            work.step("no effect");
        }
    }
    Ok(())
}

/// Whether the campaign's map shows `hex` as clear or ice, or, in the freeze, as a lake hex
/// (not Lake Ladoga), Baltic ice or marsh, which then count as ice or clear (12.1.1, 21.1).
fn open_ground(table: &Table<'_, Records>, hex: &str, work: &mut Working) -> bool {
    let Some(map) = table.map else { return false };
    let features = map.features_at(hex);
    let has = |codes: &[&str]| features.iter().any(|f| codes.contains(&f.as_str()));
    if has(&["clear", "ice"]) {
        work.step(format!("the map shows {hex} as clear or ice (12.1.1)"));
        return true;
    }
    let frozen = table.extra.flags.freeze
        && has(&["lake", "frozen_lake", "baltic_ice", "marsh"])
        && !has(&["lake_ladoga", "ladoga"]);
    if frozen {
        work.step(format!(
            "in the freeze {hex}'s lake, ice or marsh counts as ice or clear (21.1 items 2 and 3)"
        ));
    }
    frozen
}

/// Flies one air mission and applies its result (12.0–12.3).
pub fn fly(
    p: MissionIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    let Some(side) = air_side(table.phase) else {
        return Err(refused(
            RefusalKind::NotNow,
            "wrong_phase",
            format!(
                "Air missions are flown in the Soviet Air & Naval Attack Phase and the Finnish Air Attack Phase (6.0, 12.0); it is now {}.",
                table.moment
            ),
        ));
    };
    let air = air_unit(table, &p.air_unit, side)?;
    let (hex, defenders) = target(table, &p, side)?;
    let col = column(&air, p.communication)?;
    if !table.extra.pending.is_empty() {
        return Err(refused(
            RefusalKind::NotNow,
            "result_pending",
            "The last result is still to be taken (take-result).",
        ));
    }
    let suppressed = !defenders.is_empty()
        && defenders
            .iter()
            .all(|id| table.roster.units[id].markers.contains("suppressed"));
    let mut work = Working::new();
    let open = p.clear_or_ice || open_ground(table, &hex, &mut work);
    work.step(format!(
        "{} attacks {hex} ({col}, 12.{})",
        air.name,
        if p.communication { 2 } else { 1 }
    ));
    let outcome = work.take(
        air_attack(dice, table.charts, side, col, suppressed, open).map_err(|e| Refused::of(&e))?,
    );
    table.extra.flown.insert(air.id.clone());
    table
        .extra
        .air_hexes
        .insert((side.code().to_owned(), hex.clone()));
    apply(
        table,
        outcome,
        (&air, &hex, p.communication),
        &defenders,
        &mut work,
    )?;
    Ok(Acted::public(work.done(serde_json::json!({
        "hex": hex, "column": col, "outcome": outcome,
    }))))
}

/// The start of a game turn: every air unit may fly again, and the units whose Turn Record Track
/// box this is come back to their staging display (12.3).
pub fn new_turn(table: &mut Table<'_, Records>) -> Result<Option<String>, Refused> {
    table.extra.flown.clear();
    table.extra.air_hexes.clear();
    let (due, later): (Vec<Returning>, Vec<Returning>) = std::mem::take(&mut table.extra.returning)
        .into_iter()
        .partition(|r| r.turn <= table.turn);
    table.extra.returning = later;
    let mut back = Vec::new();
    for r in due {
        if !table.roster.units.contains_key(&r.unit) {
            continue;
        }
        table
            .roster
            .relocate(table.spec, Role::Umpire, table.moment, &r.unit, &r.to)
            .map_err(|e| Refused::of(&e))?;
        back.push(format!("{} to {}", table.roster.units[&r.unit].name, r.to));
    }
    Ok((!back.is_empty()).then(|| {
        format!(
            "Back from the Turn Record Track (12.3): {}.",
            back.join(", ")
        )
    }))
}

/// Severe Climate (17.3 item 3): no air operations next game turn; every air unit available in a
/// staging display goes to the Turn Record Track two game turns on.
pub fn ground_all(table: &mut Table<'_, Records>, work: &mut Working) -> Result<(), Refused> {
    let turn = table.turn + 2;
    let available: Vec<(UnitId, String)> = table
        .roster
        .units
        .values()
        .filter(|u| is_air(u) && super::off_map(u) && !on_track(u))
        .map(|u| (u.id.clone(), u.location.clone()))
        .collect();
    for (id, to) in &available {
        to_track(table, id, turn, to)?;
    }
    work.step(format!(
        "Severe Climate: {} air unit(s) go to the GT {turn} box of the Turn Record Track (17.3)",
        available.len()
    ));
    Ok(())
}

/// 12.2.2: a Finnish unit deployed from off the map (a reinforcement) may not be placed in an
/// interdicted town or city.
pub fn may_deploy(unit: &Unit, to: &str, extra: &Records) -> Result<(), Refused> {
    if unit.side != Side::Finnish || !super::off_map(unit) {
        return Ok(());
    }
    let hex = fog::hex(to)
        .ok()
        .and_then(|h| fog::grid().map(|g| g.id(h)))
        .unwrap_or_else(|| to.trim().to_owned());
    if extra.interdicted.contains(&hex) {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "interdicted",
            format!(
                "{hex} is interdicted: no Finnish reinforcement deploys there until the end of the Finnish player turn (12.2.2)."
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
#[path = "air_tests.rs"]
mod tests;
