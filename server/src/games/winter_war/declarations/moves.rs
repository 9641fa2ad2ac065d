//! How far a unit may move in its Movement Phase, asked when its side moves it on the roster:
//! a suppressed unit never moves by rail and has half its movement (16.1), so it ends the phase
//! no further from where it began it than half its movement reaches along roads, or one hex
//! (10.0). The distance is read on the campaign's map; without one, the players keep the rule.

use super::entry::hex_of;
use crate::games::assisted::catalogue::{Refused, refused};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Roster, Unit};
use crate::games::winter_war::rules::movement::suppressed_reach;

/// Where `unit` began the phase at `moment`: before its first change of the phase, as the
/// roster's history keeps it (a history cut short only ever makes the move look shorter).
fn began_at<'a>(unit: &'a Unit, roster: &'a Roster, moment: &str) -> &'a str {
    roster
        .history
        .iter()
        .find(|c| c.unit == unit.id && c.moment == moment)
        .and_then(|c| c.before.as_ref().or(c.after.as_ref()))
        .map_or(unit.location.as_str(), |u| u.location.as_str())
}

/// 16.1 items 1 and 2 and 10.0 for `unit` moving to `to` in its Movement Phase at `moment`.
pub fn may_move(
    unit: &Unit,
    to: &str,
    roster: &Roster,
    map: Option<&LoadedPack>,
    moment: &str,
) -> Result<(), Refused> {
    if !unit.markers.contains("suppressed") {
        return Ok(());
    }
    let Some(map) = map else { return Ok(()) };
    let began = began_at(unit, roster, moment);
    // From a display or the turn track the unit comes onto the map rather than moving on it.
    let (Some(from), Some(hex)) = (hex_of(map, began), hex_of(map, to)) else {
        return Ok(());
    };
    let movement = match unit.attributes.get("mf") {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => return Ok(()),
    };
    let reach = suppressed_reach(movement).value;
    let distance = map.grid.distance(from, hex);
    if distance <= reach {
        return Ok(());
    }
    let (to, began) = (map.grid.id(hex), map.grid.id(from));
    let message = if reach == 0 {
        format!(
            "{} cannot move: with movement factor 0 it is static (10.0).",
            unit.name
        )
    } else {
        let hexes = |n: u32| format!("{n} hex{}", if n == 1 { "" } else { "es" });
        format!(
            "{} is suppressed: it cannot use rail movement and its movement factor {movement} is halved to {} (16.1), so this phase it may end at most {} from {began}, where it began the phase, even along roads or by the one-hex move of 10.0; {to} is {} away. Move it no further, or have the umpire correct its position.",
            unit.name,
            movement / 2,
            hexes(reach),
            hexes(distance),
        )
    };
    Err(refused(
        RefusalKind::AgainstTheRules,
        "suppressed_move",
        message,
    ))
}

#[cfg(test)]
#[path = "moves_tests.rs"]
mod tests;
