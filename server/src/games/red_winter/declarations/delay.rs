//! A reinforcement held back against the roster (13.1.2, 13.1.3): the unit that has just
//! arrived goes to the Turn Track box of the turn it enters instead.

use super::Records;
use super::inputs::*;
use crate::core::domain::Role;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::roster::UnitId;
use crate::games::red_winter::rules::reinforcements::{Delay, delayed_entry};
use schemars::JsonSchema;
use serde::Deserialize;

/// A reinforcement held back.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct DelayIn {
    /// The reinforcement that arrived this turn, by id.
    pub unit: String,
    /// Held back by choice to this later turn (13.1.2).
    #[serde(default)]
    pub to_turn: Option<u32>,
    /// Delayed a turn because an enemy unit occupies its entry hex (13.1.3).
    #[serde(default)]
    pub involuntary: bool,
}

/// Where a unit delayed to `turn` waits on the Turn Track.
pub(super) fn waiting_box(turn: u32) -> String {
    format!("Turn Track, turn {turn}")
}

/// Where the phasing side's reinforcements wait to enter in its Action Phase: its reinforcements
/// box when the scenario pack has one, else a box named for them beside the map.
fn ready_box(table: &Table<'_, Records>, side: crate::core::domain::Side) -> String {
    table
        .map
        .and_then(|m| {
            m.pack.boxes.iter().find(|b| {
                b.kind == crate::games::assisted::pack::BoxKind::Reinforcements
                    && b.side == Some(side)
            })
        })
        .map_or_else(
            || format!("{} reinforcements", side.adjective()),
            |b| b.name.clone(),
        )
}

/// The start of `side`'s Action Phase: its units delayed (13.1.2, 13.1.3) or reconstituted
/// (13.2.1) to this turn come off the Turn Track to where its reinforcements wait, and enter from
/// there as a normal reinforcement (13.1). `None` when there were none.
pub(super) fn enter_delayed(
    table: &mut Table<'_, Records>,
    side: crate::core::domain::Side,
) -> Result<Option<String>, Refused> {
    let waiting = waiting_box(table.turn);
    let units: Vec<(UnitId, String)> = table
        .roster
        .units
        .values()
        .filter(|u| u.side == side && u.location == waiting)
        .map(|u| (u.id.clone(), u.name.clone()))
        .collect();
    if units.is_empty() {
        return Ok(None);
    }
    let to = ready_box(table, side);
    for (id, _) in &units {
        table
            .roster
            .relocate(table.spec, Role::Umpire, table.moment, id, &to)
            .map_err(|e| Refused::of(&e))?;
    }
    let names: Vec<&str> = units.iter().map(|(_, n)| n.as_str()).collect();
    Ok(Some(format!(
        "{} units due this turn come off the Turn Track into {to}, to enter this Action Phase as reinforcements: {} (13.1).",
        side.adjective(),
        names.join(", ")
    )))
}

/// The game turn a roster moment ("Dec 8, 0800, First Player Action Phase") falls in, as its
/// text before the phase's name (a turn's label may hold a comma; these phases' names do not).
fn turn_of(moment: &str) -> &str {
    moment.rsplit_once(", ").map_or(moment, |(turn, _)| turn)
}

/// Holds back a reinforcement that arrived this turn (13.1.2, 13.1.3) in its owner's Action
/// Phase: it leaves its entry hex for the Turn Track box of the turn it enters instead.
pub(super) fn delay(
    p: DelayIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_action"], "your Action Phase (13.1)")?;
    let id = UnitId::parse(&p.unit).map_err(|_| no_unit(&p.unit))?;
    let unit = table
        .roster
        .units
        .get(&id)
        .filter(|u| table.by.side().is_none_or(|s| s == u.side))
        .cloned()
        .ok_or_else(|| no_unit(&p.unit))?;
    // Arrived this turn: the roster added it in this game turn.
    let arrived =
        table.roster.history.iter().any(|c| {
            c.unit == id && c.before.is_none() && turn_of(&c.moment) == turn_of(table.moment)
        });
    if !arrived || unit.markers.contains("acted") {
        return Err(against(format!(
            "{} is not a reinforcement that arrived this turn and has yet to act; only those are held back (13.1).",
            unit.name
        )));
    }
    let delay = match (p.to_turn, p.involuntary) {
        (Some(to_turn), false) => Delay::Voluntary { to_turn },
        (None, true) => Delay::Involuntary,
        _ => {
            return Err(against(
                "Say either to_turn, the turn it enters instead (13.1.2), or involuntary, when an enemy unit holds its entry hex (13.1.3)."
                    .into(),
            ));
        }
    };
    let same_hex = |a: &str, b: &str| match table.map {
        Some(map) => map
            .grid
            .parse(a)
            .is_ok_and(|h| map.grid.parse(b).is_ok_and(|g| g == h)),
        None => a.trim().eq_ignore_ascii_case(b.trim()),
    };
    let held = table
        .roster
        .units
        .values()
        .any(|u| u.side != unit.side && same_hex(&u.location, &unit.location));
    let mut work = Working::new();
    let turn = work.take(delayed_entry(table.turn, delay, held).map_err(|e| Refused::of(&e))?);
    table
        .roster
        .relocate(
            table.spec,
            Role::Umpire,
            table.moment,
            &id,
            &waiting_box(turn),
        )
        .map_err(|e| Refused::of(&e))?;
    work.step(format!(
        "{} waits on the Turn Track for turn {turn}, leaving {}",
        unit.name, unit.location
    ));
    Ok(Acted::public(work.done(serde_json::json!({"turn": turn}))))
}
