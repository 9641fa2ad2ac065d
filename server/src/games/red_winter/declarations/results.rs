//! Results the rules apply to the roster beyond a combat's losses: AT Fire hits (11.1), a
//! Recovery roll (13.3) and a replacement point spent (13.2), each changing the units and the
//! records it touches.

use super::Records;
use super::inputs::*;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit, UnitId};
use crate::games::red_winter::rules::procedures::{AtFire, AtRange, at_fire};
use crate::games::red_winter::rules::procedures_charts::{Recovery, recovery};
use crate::games::red_winter::rules::sequence::NIGHT;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

fn set_steps(table: &mut Table<'_, Records>, id: &UnitId, steps: i64) -> Result<(), Refused> {
    let edit = UnitEdit {
        attributes: BTreeMap::from([("steps".to_string(), Some(AttrValue::Number(steps)))]),
        ..UnitEdit::default()
    };
    table
        .roster
        .edit(table.spec, Role::Umpire, table.moment, id, edit)
        .map(|_| ())
        .map_err(|e| Refused::of(&e))
}

/// Takes one step from a unit (8.5.1): a full unit is reduced, a reduced or one-step unit is
/// eliminated; answers what happened.
pub(super) fn lose_step(
    table: &mut Table<'_, Records>,
    id: &UnitId,
    why: &str,
) -> Result<String, Refused> {
    let unit = table
        .roster
        .units
        .get(id)
        .cloned()
        .ok_or_else(|| no_unit(id.as_str()))?;
    let steps = printed(&unit, "steps");
    if steps <= 1 || unit.markers.contains("reduced") {
        table
            .roster
            .remove(Role::Umpire, table.moment, id, why)
            .map_err(|e| Refused::of(&e))?;
        return Ok(format!(
            "{} loses its last step and is eliminated",
            unit.name
        ));
    }
    set_steps(table, id, steps - 1)?;
    table
        .roster
        .mark(table.spec, Role::Umpire, table.moment, id, "reduced")
        .map_err(|e| Refused::of(&e))?;
    Ok(format!("{} is reduced", unit.name))
}

/// Flips a reduced unit back to full strength (13.2, 13.3).
fn restore(table: &mut Table<'_, Records>, unit: &Unit) -> Result<(), Refused> {
    set_steps(table, &unit.id, printed(unit, "steps") + 1)?;
    table
        .roster
        .unmark(table.spec, Role::Umpire, table.moment, &unit.id, "reduced")
        .map(|_| ())
        .map_err(|e| Refused::of(&e))
}

/// The caller's own unit, by id.
fn own<'a>(table: &'a Table<'_, Records>, id: &str) -> Result<&'a Unit, Refused> {
    let parsed = UnitId::parse(id).map_err(|_| no_unit(id))?;
    let unit = table.roster.units.get(&parsed).ok_or_else(|| no_unit(id))?;
    if table.by.side().is_some_and(|s| s != unit.side) {
        return Err(no_unit(id));
    }
    Ok(unit)
}

/// One die of AT Fire: its target, and the entered ATFT row for the target's type, if any.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct AtTargetIn {
    /// The armored unit fired at, by id.
    pub unit: String,
    /// The ATFT modifier row for its type (e.g. an armored car), as entered.
    #[serde(default)]
    pub row: Option<String>,
}

/// A Finnish AT gun's fire against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct AtFireIn {
    /// The AT gun, by id.
    pub gun: String,
    /// The range: two hexes, adjacent, or against an Assault from the defender's hex.
    pub range: AtRange,
    /// The target of each die, one per step of the gun, declared in order (11.1).
    pub targets: Vec<AtTargetIn>,
}

/// AT Fire (11.0 to 11.3) against the roster: each hit takes a step from its target.
pub(super) fn at_fire_on_roster(
    p: AtFireIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(
        table,
        &["_combat", "_action"],
        "a Combat Phase, or against an Assault (11.0)",
    )?;
    let gun = own(table, &p.gun)?.clone();
    if gun.unit_type != "at_gun" || gun.side != Side::Finnish {
        return Err(against(format!(
            "{} is not a Finnish AT gun; only they make AT Fire (11.0).",
            gun.name
        )));
    }
    if gun.markers.contains("at_fire") {
        return Err(against(format!(
            "{} has made its AT Fire this phase (11.0).",
            gun.name
        )));
    }
    let mut targets = Vec::new();
    for t in &p.targets {
        let parsed = UnitId::parse(&t.unit).map_err(|_| no_unit(&t.unit))?;
        let unit = table
            .roster
            .units
            .get(&parsed)
            .ok_or_else(|| no_unit(&t.unit))?;
        if unit.side != Side::Soviet || !matches!(unit.unit_type.as_str(), "tank" | "armored_car") {
            return Err(against(format!(
                "{} is not Soviet armor; AT Fire is made at armored units (11.0).",
                unit.name
            )));
        }
        targets.push((parsed, unit.name.clone(), t.row.clone()));
    }
    let fire = AtFire {
        gun: gun.name.clone(),
        side: gun.side,
        steps: u32::try_from(printed(&gun, "steps")).unwrap_or(0),
        range: p.range,
        targets: targets
            .iter()
            .map(|(_, name, row)| (name.clone(), row.clone()))
            .collect(),
    };
    let mut work = Working::new();
    let shots = work.take(at_fire(table.charts, dice, &fire).map_err(|e| Refused::of(&e))?);
    let mut hits = 0;
    for (shot, (id, name, _)) in shots.iter().zip(&targets) {
        if !shot.hit {
            continue;
        }
        hits += 1;
        if table.roster.units.contains_key(id) {
            work.step(lose_step(table, id, "eliminated by AT Fire")?);
        } else {
            work.step(format!("{name} is already gone; the hit is lost"));
        }
    }
    table
        .roster
        .mark(table.spec, Role::Umpire, table.moment, &gun.id, "at_fire")
        .map_err(|e| Refused::of(&e))?;
    Ok(Acted::public(work.done(serde_json::json!({
        "hits": hits, "shots": serde_json::to_value(&shots).unwrap_or_default(),
    }))))
}

/// A Recovery attempt against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct RecoverIn {
    /// The reduced infantry company, by id.
    pub unit: String,
    /// It is out of supply (−1).
    #[serde(default)]
    pub out_of_supply: bool,
    /// It is stacked with Pajari (+1).
    #[serde(default)]
    pub pajari: bool,
    /// Its side has the morale bonus this turn (+1).
    #[serde(default)]
    pub morale_bonus: bool,
}

/// Recovery (13.3) against the roster: a reduced infantry company that has not acted rolls; on
/// a success it flips to full strength; either way it has taken its action.
pub(super) fn recover_on_roster(
    p: RecoverIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_action"], "your Action Phase (13.3)")?;
    let unit = own(table, &p.unit)?.clone();
    if unit.unit_type != "infantry" || !unit.markers.contains("reduced") {
        return Err(against(format!(
            "{} is not a reduced infantry company and cannot attempt Recovery (13.3).",
            unit.name
        )));
    }
    if unit.markers.contains("acted") {
        return Err(against(format!(
            "{} has taken its action this phase (13.3).",
            unit.name
        )));
    }
    let attempt = Recovery {
        unit: unit.name.clone(),
        side: unit.side,
        out_of_supply: p.out_of_supply,
        night: table.turn_kind == NIGHT,
        pajari: p.pajari,
        morale_bonus: p.morale_bonus,
    };
    let mut work = Working::new();
    let (reading, recovered) =
        work.take(recovery(table.charts, dice, &attempt).map_err(|e| Refused::of(&e))?);
    if recovered {
        restore(table, &unit)?;
    }
    table
        .roster
        .mark(table.spec, Role::Umpire, table.moment, &unit.id, "acted")
        .map_err(|e| Refused::of(&e))?;
    Ok(Acted::public(work.done(serde_json::json!({
        "recovered": recovered, "reading": reading,
    }))))
}

/// A replacement point spent on a unit.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ReplaceIn {
    /// The reduced, in-supply infantry company, by id.
    pub unit: String,
}

/// A replacement point spent in the Reset Phase (13.2): one of this turn's points flips a
/// reduced infantry company (in supply: the players' check) to full strength.
pub(super) fn replace_on_roster(
    p: ReplaceIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_reset"], "your Reset Phase (13.2)")?;
    let unit = own(table, &p.unit)?.clone();
    if unit.unit_type != "infantry" || !unit.markers.contains("reduced") {
        return Err(against(format!(
            "{} is not a reduced infantry company; replacement points replenish infantry steps only (13.2).",
            unit.name
        )));
    }
    let i = match unit.side {
        Side::Soviet => 0,
        Side::Finnish => 1,
    };
    if table.extra.replacement_points[i] == 0 {
        return Err(Refused {
            kind: crate::games::assisted::refusal::RefusalKind::NotNow,
            code: "no_replacement_points",
            message: format!(
                "The {} player has no replacement points left this turn (13.2).",
                unit.side.adjective()
            ),
        });
    }
    table.extra.replacement_points[i] -= 1;
    restore(table, &unit)?;
    let left = table.extra.replacement_points[i];
    let mut work = Working::new();
    work.step(format!(
        "{} takes a replacement point and flips to full strength; {left} left this turn (13.2)",
        unit.name
    ));
    Ok(Acted::public(work.done(serde_json::json!({"left": left}))))
}
