//! The Finnish Provisional Company brought into play against the roster (12.8): the server
//! checks the day, the Soviets' reach west and, on a campaign's map, Pajari's distance from
//! Lutikkamökki and the hex the company is put in.

use super::Records;
use super::inputs::*;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit, UnitId};
use crate::games::red_winter::rules::provisional::{
    LUTIKKAMOKKI, ProvisionalCase, in_or_west_of_column_i, may_create_provisional,
};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The Provisional Company brought into play.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ProvisionalIn {
    /// The Provisional Company, by id: a Finnish infantry company marked as a Variable
    /// Reinforcement (`vr` 1), waiting off the map.
    pub unit: String,
    /// The hex it is put in: Pajari's, or one next to it.
    pub hex: String,
    /// On a campaign without a map: the Finnish player has checked that Pajari is within 4 hexes
    /// of Lutikkamökki (E13). On a map the server counts the hexes itself.
    #[serde(default)]
    pub pajari_near_lutikkamokki: bool,
}

/// Whether a Soviet unit stands, or has stood as far as the roster's history tells, in hex
/// column I or west of it (12.8).
pub(super) fn soviets_seen_west(table: &Table<'_, Records>) -> bool {
    table
        .roster
        .units
        .values()
        .filter(|u| u.side == Side::Soviet)
        .map(|u| u.location.as_str())
        .chain(
            table
                .roster
                .history
                .iter()
                .filter(|c| c.side == Side::Soviet)
                .filter_map(|c| c.after.as_ref().map(|u| u.location.as_str())),
        )
        .any(in_or_west_of_column_i)
}

/// Hexes from `a` to `b` on the campaign's map, when it has one and both are its hexes.
fn hexes_apart(table: &Table<'_, Records>, a: &str, b: &[String]) -> Result<Option<u32>, Refused> {
    let Some(map) = table.map else {
        return Ok(None);
    };
    let read = |hex: &str| map.grid.parse(hex).map_err(|e| against(format!("{e}.")));
    let from = read(a)?;
    let mut nearest = None;
    for hex in b {
        let d = map.grid.distance(from, read(hex)?);
        nearest = Some(nearest.map_or(d, |n: u32| n.min(d)));
    }
    Ok(nearest)
}

fn pajari(table: &Table<'_, Records>) -> Result<Unit, Refused> {
    table
        .roster
        .units
        .values()
        .find(|u| u.side == Side::Finnish && u.unit_type == "leader")
        .cloned()
        .ok_or_else(|| {
            against(
                "Pajari is not in play, and the Provisional Company is created with him (12.8)."
                    .into(),
            )
        })
}

/// Brings the Provisional Company into play (12.8) in the Finnish Action Phase: at full
/// strength, in Pajari's hex or next to it, once the three conditions hold.
pub(super) fn create(
    p: ProvisionalIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_action"], "the Finnish Action Phase (12.8)")?;
    if table.by == Role::Soviet {
        return Err(against(
            "The Finnish player brings the Provisional Company into play (12.8).".into(),
        ));
    }
    let id = UnitId::parse(&p.unit).map_err(|_| no_unit(&p.unit))?;
    let unit = table
        .roster
        .units
        .get(&id)
        .cloned()
        .ok_or_else(|| no_unit(&p.unit))?;
    if unit.side != Side::Finnish || unit.unit_type != "infantry" || printed(&unit, "vr") != 1 {
        return Err(against(format!(
            "{} is not the Provisional Company: a Finnish infantry company marked as a Variable Reinforcement (vr 1) (12.8).",
            unit.name
        )));
    }
    let pajari = pajari(table)?;
    if soviets_seen_west(table) {
        table.extra.soviets_reached_column_i = true;
    }
    let lutikkamokki: Vec<String> = match table.map {
        Some(map) => {
            let place = map.place("lutikkamokki");
            if place.is_empty() {
                vec![LUTIKKAMOKKI.to_string()]
            } else {
                place.into_iter().map(|h| map.grid.id(h)).collect()
            }
        }
        None => vec![LUTIKKAMOKKI.to_string()],
    };
    let case = ProvisionalCase {
        turn: table.turn,
        first_night: table.extra.first_night,
        soviets_reached_column_i: table.extra.soviets_reached_column_i,
        pajari_to_lutikkamokki: hexes_apart(table, &pajari.location, &lutikkamokki)?,
        placed_from_pajari: hexes_apart(table, &p.hex, std::slice::from_ref(&pajari.location))?,
        created: table.extra.provisional_in_play,
    };
    if table.map.is_none() && !p.pajari_near_lutikkamokki {
        return Err(against(
            "This campaign has no map to count hexes on: check that Pajari is within 4 hexes of Lutikkamökki (E13), and say so with pajari_near_lutikkamokki (12.8)."
                .into(),
        ));
    }
    let mut work = Working::new();
    work.take(may_create_provisional(&case).map_err(|e| Refused::of(&e))?);
    let edit = UnitEdit {
        location: Some(p.hex.trim().to_string()),
        attributes: BTreeMap::from([("steps".to_string(), Some(AttrValue::Number(2)))]),
        ..UnitEdit::default()
    };
    table
        .roster
        .edit(table.spec, Role::Umpire, table.moment, &id, edit)
        .map_err(|e| Refused::of(&e))?;
    if unit.markers.contains("reduced") {
        table
            .roster
            .unmark(table.spec, Role::Umpire, table.moment, &id, "reduced")
            .map_err(|e| Refused::of(&e))?;
    }
    table.extra.provisional_in_play = true;
    work.step(format!(
        "{} comes into play in {} at full strength, with its full MA this turn (12.8)",
        unit.name,
        p.hex.trim()
    ));
    Ok(Acted::public(
        work.done(serde_json::json!({"hex": p.hex.trim()})),
    ))
}
