//! The Artillery Parks applied to the roster (12.4.3, 12.4.4): a Finnish company entering X28
//! costs the Soviets the 354th Regiment once and, once a turn, half their 76mm ammo, one 76mm
//! battalion and four turns of the others; a Soviet company entering the Finnish supply source
//! costs the Finns every artillery battery.

use super::Records;
use super::inputs::*;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::UnitId;
use crate::games::red_winter::rules::calc_resources::artillery_park;
use schemars::JsonSchema;
use serde::Deserialize;

/// The unit that entered the other side's park or supply source.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ParkIn {
    /// The infantry company that entered, by id.
    pub unit: String,
    /// The 76mm battalion the Soviets remove (12.4.3 b), by id; else the first on the roster.
    #[serde(default)]
    pub removed_battalion: Option<String>,
}

fn remove(table: &mut Table<'_, Records>, id: &UnitId, why: &str) -> Result<(), Refused> {
    table
        .roster
        .remove(Role::Umpire, table.moment, id, why)
        .map(|_| ())
        .map_err(|e| Refused::of(&e))
}

fn artillery(table: &Table<'_, Records>, side: Side, calibre: Option<i64>) -> Vec<UnitId> {
    table
        .roster
        .units
        .values()
        .filter(|u| u.side == side && u.unit_type == "artillery")
        .filter(|u| calibre.is_none_or(|c| (printed(u, "calibre") == 76) == (c == 76)))
        .map(|u| u.id.clone())
        .collect()
}

/// The Soviet Artillery Park (12.4.3): a full-strength Finnish infantry company in X28 is
/// removed from the game by its owner; event (a) once, event (b) once a turn.
pub(super) fn soviet_park(
    p: ParkIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_action"], "the Finnish Action Phase (12.4.3)")?;
    let unit = table
        .roster
        .units
        .get(&UnitId::parse(&p.unit).map_err(|_| no_unit(&p.unit))?)
        .cloned()
        .ok_or_else(|| no_unit(&p.unit))?;
    if unit.side != Side::Finnish
        || table.by == Role::Soviet
        || unit.unit_type != "infantry"
        || unit.markers.contains("reduced")
    {
        return Err(against(format!(
            "{} is not a full-strength Finnish infantry company; only one triggers the Artillery Park (12.4.3).",
            unit.name
        )));
    }
    let b_now = table.extra.park_b_turn != Some(table.turn);
    if table.extra.park_a_done && !b_now {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "park_done",
            message: "The Artillery Park has struck this turn already, and its event (a) is spent (12.4.3).".into(),
        });
    }
    let mut work = Working::new();
    remove(
        table,
        &unit.id,
        "removed from the game in the Soviet Artillery Park, not eliminated",
    )?;
    table.extra.out_of_game.push(unit.id.clone());
    work.step(format!(
        "{} is removed from the game, not eliminated (12.4.3)",
        unit.name
    ));
    if !table.extra.park_a_done {
        for id in artillery(table, Side::Soviet, Some(122)) {
            remove(
                table,
                &id,
                "the 354th Regiment is lost in the Artillery Park (12.4.3 a)",
            )?;
        }
        table.extra.park_a_done = true;
        work.step("event (a): every 354th Regiment unit is removed from the game");
    }
    if b_now {
        let park = work.take(artillery_park(table.extra.ammo[0], table.turn));
        table.extra.ammo[0] = park.left;
        let battalions = artillery(table, Side::Soviet, Some(76));
        let removed = match &p.removed_battalion {
            Some(id) => {
                let id = UnitId::parse(id).map_err(|_| no_unit(id))?;
                if !battalions.contains(&id) {
                    return Err(against(
                        "The battalion removed must be a Soviet 76mm artillery unit (12.4.3 b)."
                            .into(),
                    ));
                }
                Some(id)
            }
            None => battalions.first().cloned(),
        };
        if let Some(id) = &removed {
            remove(
                table,
                id,
                "a 76mm battalion is lost in the Artillery Park (12.4.3 b)",
            )?;
        }
        for id in battalions.iter().filter(|id| Some(*id) != removed.as_ref()) {
            table
                .roster
                .relocate(
                    table.spec,
                    Role::Umpire,
                    table.moment,
                    id,
                    &format!("Turn Track, turn {}", park.return_turn),
                )
                .map_err(|e| Refused::of(&e))?;
        }
        table.extra.park_b_turn = Some(table.turn);
    }
    Ok(Acted::public(work.done(serde_json::json!({
        "ammo": table.extra.ammo[0], "event_a": table.extra.park_a_done,
    }))))
}

/// The Finnish Artillery Park (12.4.4): a Soviet infantry company entering the Finnish supply
/// source removes every Finnish artillery battery from the game.
pub(super) fn finnish_park(
    p: ParkIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let unit = table
        .roster
        .units
        .get(&UnitId::parse(&p.unit).map_err(|_| no_unit(&p.unit))?)
        .cloned()
        .ok_or_else(|| no_unit(&p.unit))?;
    if unit.side != Side::Soviet || table.by == Role::Finnish || unit.unit_type != "infantry" {
        return Err(against(format!(
            "{} is not a Soviet infantry unit; only one triggers the Finnish Artillery Park (12.4.4).",
            unit.name
        )));
    }
    if table.extra.finnish_park_done {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "park_done",
            message: "The Finnish artillery is already gone (12.4.4).".into(),
        });
    }
    let batteries = artillery(table, Side::Finnish, None);
    for id in &batteries {
        remove(table, id, "lost in the Finnish Artillery Park (12.4.4)")?;
    }
    table.extra.finnish_park_done = true;
    let mut work = Working::new();
    work.step(format!(
        "{} enters the Finnish supply source: {} Finnish artillery batteries are removed from the game (12.4.4)",
        unit.name,
        batteries.len()
    ));
    Ok(Acted::public(
        work.done(serde_json::json!({"removed": batteries.len()})),
    ))
}

/// Why Pajari is caught (12.3.1).
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PajariCaught {
    /// He is forced to retreat into an enemy ZOC.
    RetreatIntoEzoc,
    /// Every unit in his hex is eliminated out of supply.
    HexEliminatedOutOfSupply,
}

/// Pajari caught, and where he goes if he gets away.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct PajariIn {
    /// What caught him.
    pub why: PajariCaught,
    /// The nearest friendly combat unit, by id, that he joins if he gets away.
    pub join: String,
}

/// Pajari's roll when he is caught (12.3.1): on a 1 he is captured or killed and leaves the
/// roster; otherwise he joins the nearest friendly combat unit the Finnish player names.
pub(super) fn pajari_caught(
    p: PajariIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn crate::dice::source::Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    if table.by == Role::Soviet {
        return Err(against(
            "The Finnish player rolls for Pajari (12.3.1).".into(),
        ));
    }
    let pajari = table
        .roster
        .units
        .values()
        .find(|u| u.side == Side::Finnish && u.unit_type == "leader")
        .cloned()
        .ok_or_else(|| against("Pajari is not on the roster (12.3.1).".into()))?;
    let join = table
        .roster
        .units
        .get(&UnitId::parse(&p.join).map_err(|_| no_unit(&p.join))?)
        .cloned()
        .ok_or_else(|| no_unit(&p.join))?;
    if join.side != Side::Finnish || join.unit_type == "leader" {
        return Err(against(format!(
            "{} is not a Finnish combat unit for Pajari to join (12.3.1).",
            join.name
        )));
    }
    let mut work = Working::new();
    work.step(match p.why {
        PajariCaught::RetreatIntoEzoc => "Pajari is forced to retreat into an enemy ZOC (12.3.1)",
        PajariCaught::HexEliminatedOutOfSupply => {
            "every unit in Pajari's hex is eliminated out of supply (12.3.1)"
        }
    });
    let fate = work.take(crate::games::red_winter::rules::procedures::pajari_loss(
        dice,
    ));
    let lost = fate == crate::games::red_winter::rules::procedures::PajariFate::Lost;
    if lost {
        remove(table, &pajari.id, "captured or killed (12.3.1)")?;
    } else {
        table
            .roster
            .relocate(
                table.spec,
                Role::Umpire,
                table.moment,
                &pajari.id,
                &join.location,
            )
            .map_err(|e| Refused::of(&e))?;
        work.step(format!("Pajari joins {} in {}", join.name, join.location));
    }
    Ok(Acted::public(work.done(serde_json::json!({"lost": lost}))))
}
