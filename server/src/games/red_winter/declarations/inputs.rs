//! What Red Winter's resolutions read from the roster: each unit's values and markers, with the
//! overrides a side gives (and their reasons, which both sides read), and the checks every
//! resolution shares (the phase, whose units).

use super::Records;
use crate::core::domain::Side;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Refused, Table};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::play::event::who;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitId};
use crate::games::red_winter::rules::calc_shifts::Fight;
use crate::games::red_winter::rules::calc_strength::Piece;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One input taken from the roster, replaced for this resolution with the reason given.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct Override {
    /// The unit's id.
    pub unit: String,
    /// The attribute (`cs`, `steps`, `ma`, `ras`, `boxed`, `parenthesized`, `indirect`) or
    /// marker (`dug_in`, `retreated`, `suppressed`…) replaced.
    pub attribute: String,
    /// The value used instead (for a marker, 1 on and 0 off).
    pub value: i64,
    /// Why, shown to both sides.
    pub reason: String,
}

/// The units in use, with every override applied and explained.
pub(super) struct Taken<'a> {
    units: &'a BTreeMap<UnitId, Unit>,
    overrides: Vec<Override>,
}

pub(super) fn no_unit(what: &str) -> Refused {
    Refused {
        kind: RefusalKind::NoSuchThing,
        code: "no_such_unit",
        message: format!("There is no unit '{what}' on the roster."),
    }
}

pub(super) fn against(message: String) -> Refused {
    Refused {
        kind: RefusalKind::AgainstTheRules,
        code: "not_allowed",
        message,
    }
}

impl<'a> Taken<'a> {
    pub(super) fn new(
        table: &'a Table<'_, Records>,
        overrides: Vec<Override>,
        work: &mut Working,
    ) -> Result<Self, Refused> {
        for o in &overrides {
            let id = UnitId::parse(&o.unit).map_err(|_| no_unit(&o.unit))?;
            let unit = table
                .roster
                .units
                .get(&id)
                .ok_or_else(|| no_unit(&o.unit))?;
            if o.reason.trim().is_empty() {
                return Err(against(format!(
                    "Say why {}'s {} is overridden.",
                    unit.name, o.attribute
                )));
            }
            work.step(format!(
                "{} overrides {}'s {} with {}: {}",
                who(table.by),
                unit.name,
                o.attribute,
                o.value,
                o.reason.trim()
            ));
        }
        Ok(Taken {
            units: &table.roster.units,
            overrides,
        })
    }

    pub(super) fn unit(&self, id: &str) -> Result<&'a Unit, Refused> {
        let parsed = UnitId::parse(id).map_err(|_| no_unit(id))?;
        self.units.get(&parsed).ok_or_else(|| no_unit(id))
    }

    pub(super) fn value(&self, unit: &Unit, code: &str) -> i64 {
        if let Some(o) = self
            .overrides
            .iter()
            .find(|o| o.unit == unit.id.as_str() && o.attribute == code)
        {
            return o.value;
        }
        printed(unit, code)
    }

    pub(super) fn flag(&self, unit: &Unit, code: &str) -> bool {
        self.value(unit, code) != 0
    }

    pub(super) fn piece(&self, unit: &Unit) -> Piece {
        Piece {
            name: unit.name.clone(),
            cs: u32::try_from(self.value(unit, "cs")).unwrap_or(0),
            boxed: self.flag(unit, "boxed"),
            parenthesized: self.flag(unit, "parenthesized"),
            armored: unit.side == Side::Soviet
                && matches!(unit.unit_type.as_str(), "tank" | "armored_car"),
            retreated: self.flag(unit, "retreated"),
        }
    }
}

/// A unit's value from the roster: a number it carries, on its reduced side when it is marked
/// reduced and has one (8.5.1), or 1 or 0 for a marker it does or does not carry.
pub(super) fn printed(unit: &Unit, code: &str) -> i64 {
    let number = |code: &str| match unit.attributes.get(code) {
        Some(AttrValue::Number(n)) => Some(*n),
        _ => None,
    };
    if matches!(code, "cs" | "ma" | "ras")
        && unit.markers.contains("reduced")
        && let Some(n) = number(&format!("reduced_{code}"))
    {
        return n;
    }
    number(code).unwrap_or_else(|| i64::from(unit.markers.contains(code)))
}

/// The Hotel's hex as the rule book names it (5.2.5), for a campaign without a map.
pub(super) const HOTEL: &str = "M16";

/// Whether `hex` is the Hotel (5.2.5): the hexes of the place `hotel` on the campaign's map, when
/// it has one (a map without that place has no Hotel); the rule book's M16 otherwise.
pub(super) fn is_hotel(map: Option<&LoadedPack>, hex: &str) -> bool {
    match map {
        Some(map) => map
            .grid
            .parse(hex)
            .is_ok_and(|h| map.place("hotel").contains(&h)),
        None => hex.trim().eq_ignore_ascii_case(HOTEL),
    }
}

/// Refuses outside the phases `suffixes` name (`_combat`, `_action`), saying when it may be done.
pub(super) fn in_phase(
    table: &Table<'_, Records>,
    suffixes: &[&str],
    when: &str,
) -> Result<(), Refused> {
    if suffixes.iter().any(|s| table.phase.ends_with(s)) {
        return Ok(());
    }
    Err(Refused {
        kind: RefusalKind::NotNow,
        code: "wrong_phase",
        message: format!("This is done in {when}; it is now {}.", table.moment),
    })
}

pub(super) fn owner_side(units: &[&Unit]) -> Result<Side, Refused> {
    let side = units
        .first()
        .map(|u| u.side)
        .ok_or_else(|| against("Name at least one unit on each side.".into()))?;
    if units.iter().any(|u| u.side != side) {
        return Err(against(
            "Every unit of one side of an attack must be that side's.".into(),
        ));
    }
    Ok(side)
}

/// Losses a side owes after an attack, to be taken by its owner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingLosses {
    /// Whose losses.
    pub side: Side,
    /// The kind of attack.
    pub fight: Fight,
    /// Whether the side attacked.
    pub attacker: bool,
    /// How many.
    pub losses: u32,
    /// The units that share them, by id.
    pub units: Vec<UnitId>,
    /// Steps only (a Ranged Attack's, or as the fight requires).
    pub steps_only: bool,
    /// Who rolled on the Sub-Zero Loss Table, when the cold, not an attack, costs these steps
    /// (16.3): the stack's hex or the unit under a Night Raid marker, as the log names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cold: Option<String>,
}
