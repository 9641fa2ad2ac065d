//! Where a unit may not go (18.1, 18.2): asked when a side moves a unit or adds one, against the
//! campaign's map. While the group has not entered the A Line's hexes from its map, the players
//! keep 18.1 themselves.

use crate::core::domain::Side;
use crate::games::assisted::board::hex::Hex;
use crate::games::assisted::catalogue::{Refused, refused};
use crate::games::assisted::pack::area::{Spot, Verdict};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Roster, Unit};

/// The hex `to` names on `map`: a hex id, or a place of one hex (Leningrad).
pub(super) fn hex_of(map: &LoadedPack, to: &str) -> Option<Hex> {
    if let Ok(hex) = map.grid.parse(to) {
        return Some(hex);
    }
    let place = map
        .pack
        .places
        .iter()
        .find(|p| p.code == to.trim() || p.name.eq_ignore_ascii_case(to.trim()))?;
    match map.place(&place.code).as_slice() {
        [hex] => Some(*hex),
        _ => None,
    }
}

/// A unit's printed attack, defence and movement factors.
fn factors(unit: &Unit) -> (i64, i64, i64) {
    let n = |c: &str| match unit.attributes.get(c) {
        Some(AttrValue::Number(n)) => *n,
        _ => 0,
    };
    (n("af"), n("df"), n("mf"))
}

/// 18.1 and 18.2 for `unit` entering `to`: only Soviet units enter Leningrad (18.2 item 1);
/// north of the A Line no Soviet 20-12-2 corps (item 2) nor Finnish 6-6-2 division (item 3)
/// enters, and one unit stands in a hex (item 1).
pub fn may_enter(
    unit: &Unit,
    to: &str,
    roster: &Roster,
    map: Option<&LoadedPack>,
) -> Result<(), Refused> {
    let Some(map) = map else { return Ok(()) };
    let Some(hex) = hex_of(map, to) else {
        return Ok(());
    };
    if unit.side != Side::Soviet && map.place("leningrad").contains(&hex) {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "soviet_only_leningrad",
            format!(
                "{} cannot enter Leningrad: only Soviet units may enter or stack there (18.2).",
                unit.name
            ),
        ));
    }
    if map.region_verdict("north_of_a_line", &Spot::Hex(hex)) != Verdict::Inside {
        return Ok(());
    }
    let barred = match (unit.side, factors(unit)) {
        (Side::Soviet, (20, 12, 2)) => Some("Soviet 20-12-2 corps"),
        (Side::Finnish, (6, 6, 2)) => Some("Finnish 6-6-2 divisions"),
        _ => None,
    };
    if let Some(kind) = barred {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "barred_north_of_a_line",
            format!(
                "{} cannot go to {}: {kind} may not be deployed in or enter hexes north of the A Line (18.1).",
                unit.name,
                map.grid.id(hex)
            ),
        ));
    }
    let there = roster
        .units
        .values()
        .find(|u| u.id != unit.id && hex_of(map, &u.location) == Some(hex));
    if let Some(other) = there {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "one_unit_north_of_a_line",
            format!(
                "{} cannot go to {}: {} stands there, and north of the A Line a hex holds one unit (18.1).",
                unit.name,
                map.grid.id(hex),
                other.name
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
#[path = "entry_tests.rs"]
mod tests;
