//! A combat's result applied on the roster. The base rules' result codes are not in our text
//! (AWW-A1), so the server does not read the code: after each combat, each side owes the result
//! applied to its own units that fought (those eliminated, those retreating and where to), and
//! the combat phase waits until both have said so (or the umpire waives it).

use super::Records;
use crate::core::domain::{Role, Side};
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table, refused};
use crate::games::assisted::declarations::Owed;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{Unit, UnitId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One side's part of a combat's result, still to be applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToApply {
    /// Whose units.
    pub side: Side,
    /// The result as the CRT gives it.
    pub result: String,
    /// The defending hex.
    pub hex: String,
    /// Whether this side attacked.
    pub attacker: bool,
    /// Its units that fought.
    pub units: Vec<UnitId>,
}

impl ToApply {
    /// What it owes, for the table.
    pub fn owed(&self) -> Owed {
        Owed {
            side: self.side,
            what: format!("the result {} applied to its units", self.result),
            from: format!(
                "the combat against {}, as the {}",
                self.hex,
                if self.attacker {
                    "attacker"
                } else {
                    "defender"
                }
            ),
            units: self.units.clone(),
        }
    }
}

/// Whether `unit` leaving play pays part of a result still to be applied (its side's, with the
/// unit among those that fought); the result stays owed until the side says it is applied.
pub fn pays(owed: &[ToApply], unit: &Unit) -> bool {
    owed.iter()
        .any(|o| o.side == unit.side && o.units.contains(&unit.id))
}

/// What a side does to apply its part of the last combat's result.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
pub struct ApplyIn {
    /// The units the result eliminates, by id.
    #[serde(default)]
    pub eliminated: Vec<String>,
    /// Where each retreating unit ends, by unit id.
    #[serde(default)]
    pub retreats: BTreeMap<String, String>,
}

fn against(message: String) -> Refused {
    refused(RefusalKind::AgainstTheRules, "not_allowed", message)
}

/// Applies the caller's oldest part of a result still owed (the umpire's: the oldest of any
/// side): the units named are eliminated or retreat to the hexes given; every unit named must
/// have fought in that combat on that side, and a retreat must end on a hex of the map.
pub fn apply(
    p: ApplyIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let at = table
        .extra
        .to_apply
        .iter()
        .position(|o| table.by.side().is_none_or(|s| o.side == s))
        .ok_or_else(|| {
            refused(
                RefusalKind::NotNow,
                "nothing_owed",
                "Your side has no combat result to apply now.",
            )
        })?;
    let owed = table.extra.to_apply[at].clone();
    let fought = |id: &str| -> Result<UnitId, Refused> {
        UnitId::parse(id)
            .ok()
            .filter(|id| owed.units.contains(id))
            .ok_or_else(|| {
                against(format!(
                    "Only the {} units that fought against {} take its result {}.",
                    owed.side.adjective(),
                    owed.hex,
                    owed.result
                ))
            })
    };
    let eliminated = p
        .eliminated
        .iter()
        .map(|id| fought(id))
        .collect::<Result<Vec<_>, _>>()?;
    let mut retreats = Vec::new();
    for (id, hex) in &p.retreats {
        let id = fought(id)?;
        if eliminated.contains(&id) {
            return Err(against(
                "A unit eliminated does not retreat as well: name it once.".into(),
            ));
        }
        let hex = hex.trim();
        let to = match table.map {
            Some(map) => map.grid.parse(hex).ok().map(|h| map.grid.id(h)),
            None => (!hex.is_empty()).then(|| hex.to_owned()),
        }
        .ok_or_else(|| against(format!("'{hex}' is not a hex of this map.")))?;
        retreats.push((id, to));
    }
    let mut work = Working::new();
    let why = format!("the result {} against {}", owed.result, owed.hex);
    for id in &eliminated {
        if let Some(unit) = table.roster.units.get(id) {
            work.step(format!("{} is eliminated ({why})", unit.name));
            table
                .roster
                .remove(Role::Umpire, table.moment, id, &why)
                .map_err(|e| Refused::of(&e))?;
        }
    }
    for (id, to) in &retreats {
        table
            .roster
            .relocate(table.spec, Role::Umpire, table.moment, id, to)
            .map_err(|e| Refused::of(&e))?;
        work.step(format!(
            "{} retreats to {to} ({why})",
            table.roster.units[id].name
        ));
    }
    if eliminated.is_empty() && retreats.is_empty() {
        work.step(format!(
            "The {} side's units are not touched by {why}",
            owed.side.adjective()
        ));
    }
    table.extra.to_apply.remove(at);
    Ok(Acted::public(work.done(serde_json::json!({
        "applied": owed.result,
        "hex": owed.hex,
        "eliminated": eliminated.iter().map(UnitId::as_str).collect::<Vec<_>>(),
        "retreats": retreats.iter().map(|(id, to)| (id.as_str().to_owned(), to.clone())).collect::<BTreeMap<_, _>>(),
    }))))
}
