//! Reconstitution against the roster (13.2.1): replacement points bring an infantry company back
//! from the dead pool, onto the map or into a later turn's Turn Track box.

use super::Records;
use super::inputs::*;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, UnitEdit, UnitId};
use crate::games::red_winter::rules::calc_resources::{
    Replacement, reconstitution_hex, replacement_cost,
};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A company reconstituted.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ReconstituteIn {
    /// The eliminated infantry company in the dead pool, by id.
    pub unit: String,
    /// At full strength (3 RP) rather than reduced (2 RP).
    #[serde(default)]
    pub full: bool,
    /// The hex it is put in now.
    #[serde(default)]
    pub hex: Option<String>,
    /// Instead of a hex: the later turn it enters as a normal reinforcement.
    #[serde(default)]
    pub to_turn: Option<u32>,
}

fn index(side: Side) -> usize {
    match side {
        Side::Soviet => 0,
        Side::Finnish => 1,
    }
}

/// Hexes from `hex` to the nearest friendly supply source and to the nearest enemy unit on the
/// campaign's map; `None` each without a map.
fn distances(
    table: &Table<'_, Records>,
    side: Side,
    hex: &str,
) -> Result<(Option<u32>, Option<u32>), Refused> {
    let Some(map) = table.map else {
        return Ok((None, None));
    };
    let at = map.grid.parse(hex).map_err(|e| against(format!("{e}.")))?;
    let source = match side {
        Side::Soviet => "soviet_supply_source",
        Side::Finnish => "finnish_supply_source",
    };
    let to_source = map
        .place(source)
        .into_iter()
        .map(|h| map.grid.distance(at, h))
        .min();
    let nearest_enemy = table
        .roster
        .units
        .values()
        .filter(|u| u.side != side)
        .filter_map(|u| map.grid.parse(&u.location).ok())
        .map(|h| map.grid.distance(at, h))
        .min();
    Ok((to_source, nearest_enemy))
}

/// Reconstitution (13.2.1) in the owner's Reset Phase: 2 of this turn's replacement points bring
/// an eliminated infantry company back reduced, 3 at full strength, to a hex or to a later turn.
pub(super) fn reconstitute(
    p: ReconstituteIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_reset"], "your Reset Phase (13.2.1)")?;
    let id = UnitId::parse(&p.unit).map_err(|_| no_unit(&p.unit))?;
    let fallen = table
        .roster
        .fallen
        .iter()
        .rev()
        .find(|f| f.unit.id == id && table.by.side().is_none_or(|s| s == f.unit.side))
        .map(|f| f.unit.clone())
        .ok_or_else(|| Refused {
            kind: RefusalKind::NoSuchThing,
            code: "not_in_dead_pool",
            message: "That unit is not in your dead pool.".into(),
        })?;
    if fallen.unit_type != "infantry" || table.extra.out_of_game.contains(&id) {
        return Err(against(format!(
            "{} cannot be reconstituted: only an infantry company eliminated in play comes back (13.2, 13.2.1).",
            fallen.name
        )));
    }
    let (what, steps) = if p.full {
        (Replacement::ReconstituteFull, 2)
    } else {
        (Replacement::ReconstituteReduced, 1)
    };
    let mut work = Working::new();
    let cost = work.take(replacement_cost(what));
    let i = index(fallen.side);
    let points = table.extra.replacement_points[i];
    if points < cost {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "no_replacement_points",
            message: format!(
                "The {} player has {points} replacement point(s) left this turn; this costs {cost} (13.2.1).",
                fallen.side.adjective()
            ),
        });
    }
    let location = match (&p.hex, p.to_turn) {
        (Some(hex), None) => {
            let (to_source, nearest_enemy) = distances(table, fallen.side, hex)?;
            work.take(reconstitution_hex(to_source, nearest_enemy).map_err(|e| Refused::of(&e))?);
            hex.trim().to_string()
        }
        (None, Some(turn)) if turn > table.turn => {
            work.step(format!(
                "it enters on turn {turn} as a normal reinforcement (13.2.1)"
            ));
            format!("Turn Track, turn {turn}")
        }
        _ => {
            return Err(against(format!(
                "Say either the hex {} is put in, or a later turn (to_turn) on which it enters (13.2.1).",
                fallen.name
            )));
        }
    };
    table.extra.replacement_points[i] -= cost;
    table
        .roster
        .bring_back(table.spec, Role::Umpire, table.moment, &id, &location)
        .map_err(|e| Refused::of(&e))?;
    let edit = UnitEdit {
        attributes: BTreeMap::from([("steps".to_string(), Some(AttrValue::Number(steps)))]),
        ..UnitEdit::default()
    };
    table
        .roster
        .edit(table.spec, Role::Umpire, table.moment, &id, edit)
        .map_err(|e| Refused::of(&e))?;
    if !p.full {
        table
            .roster
            .mark(table.spec, Role::Umpire, table.moment, &id, "reduced")
            .map_err(|e| Refused::of(&e))?;
    }
    let left = table.extra.replacement_points[i];
    work.step(format!(
        "{} is reconstituted {} in {location}; {left} replacement point(s) left this turn",
        fallen.name,
        if p.full {
            "at full strength"
        } else {
            "reduced"
        }
    ));
    Ok(Acted::public(work.done(
        serde_json::json!({"location": location, "left": left}),
    )))
}
