//! The roster itself: adding, editing, removing and marking units with an audited history, and
//! each side's view of it.

use super::{Change, MAX_HISTORY, MAX_UNITS, RosterError, RosterSpec, Unit, UnitEdit, UnitId};
use crate::core::domain::{Role, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every unit of both sides and the history of changes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// The units by id.
    pub units: BTreeMap<UnitId, Unit>,
    /// Every change, oldest first.
    pub history: Vec<Change>,
    /// The dead pool: units removed from play, with when and why, oldest first (the newest
    /// `MAX_FALLEN`; a game has only so many counters).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallen: Vec<Fallen>,
}

/// The most units the dead pool keeps (the newest).
pub const MAX_FALLEN: usize = 2 * MAX_UNITS;

/// A unit in the dead pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fallen {
    /// The unit as it was when it left play.
    pub unit: Unit,
    /// When, in game time.
    pub moment: String,
    /// Why, as given.
    pub reason: String,
    /// Who removed it.
    pub by: Role,
}

/// What a side makes out of an enemy unit it only glimpses (fog of war: flag and size).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Glimpse {
    /// The attribute codes shown.
    pub attributes: Vec<String>,
    /// The marker codes shown.
    pub markers: Vec<String>,
    /// Whether the type is shown.
    pub unit_type: bool,
    /// Whether the location is shown.
    pub location: bool,
}

/// How much of an enemy unit a side sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sight {
    /// Everything, id and name included.
    Full,
    /// Only what the glimpse lists; never the id or the name.
    Partial(Glimpse),
    /// Nothing: the unit is left out.
    Hidden,
}

/// An enemy unit as a side sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenUnit {
    /// Its id, when fully seen.
    pub id: Option<UnitId>,
    /// Its side (its flag is always seen).
    pub side: Side,
    /// Its name, when fully seen.
    pub name: Option<String>,
    /// Its type, when shown.
    pub unit_type: Option<String>,
    /// The attributes shown.
    pub attributes: BTreeMap<String, super::AttrValue>,
    /// Its location, when shown.
    pub location: Option<String>,
    /// The markers shown.
    pub markers: Vec<String>,
}

impl SeenUnit {
    /// What `sight` shows of `unit`; `None` when it is hidden.
    pub fn of(unit: &Unit, sight: &Sight) -> Option<SeenUnit> {
        match sight {
            Sight::Hidden => None,
            Sight::Full => Some(SeenUnit {
                id: Some(unit.id.clone()),
                side: unit.side,
                name: Some(unit.name.clone()),
                unit_type: Some(unit.unit_type.clone()),
                attributes: unit.attributes.clone(),
                location: Some(unit.location.clone()),
                markers: unit.markers.iter().cloned().collect(),
            }),
            Sight::Partial(g) => Some(SeenUnit {
                id: None,
                side: unit.side,
                name: None,
                unit_type: g.unit_type.then(|| unit.unit_type.clone()),
                attributes: unit
                    .attributes
                    .iter()
                    .filter(|(k, _)| g.attributes.contains(k))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                location: g.location.then(|| unit.location.clone()),
                markers: unit
                    .markers
                    .iter()
                    .filter(|m| g.markers.contains(m))
                    .cloned()
                    .collect(),
            }),
        }
    }
}

/// Whether `by` may change units of `side`: their own side, or the umpire.
fn may_change(by: Role, side: Side) -> bool {
    by == Role::Umpire || by.side() == Some(side)
}

impl Roster {
    /// A unit `by` may change, or `NoSuchUnit` (the same refusal for an enemy's unit, so ids
    /// cannot be probed).
    pub fn unit_for(&self, by: Role, id: &UnitId) -> Result<&Unit, RosterError> {
        self.units
            .get(id)
            .filter(|u| may_change(by, u.side))
            .ok_or_else(|| RosterError::NoSuchUnit {
                id: id.as_str().into(),
            })
    }

    fn record(
        &mut self,
        by: Role,
        moment: &str,
        sentence: String,
        before: Option<Unit>,
        after: Option<Unit>,
    ) -> Result<&Change, RosterError> {
        let unit = after
            .as_ref()
            .or(before.as_ref())
            .ok_or_else(|| RosterError::NoSuchUnit { id: String::new() })?;
        let change = Change {
            by,
            moment: moment.into(),
            side: unit.side,
            unit: unit.id.clone(),
            sentence,
            before,
            after,
        };
        match &change.after {
            Some(u) => self.units.insert(u.id.clone(), u.clone()),
            None => self.units.remove(&change.unit),
        };
        self.history.push(change);
        if self.history.len() > MAX_HISTORY {
            // The campaign's log keeps every change for good; the state keeps the newest, so that
            // it does not grow with the length of the campaign.
            let excess = self.history.len() - MAX_HISTORY;
            self.history.drain(..excess);
        }
        self.history.last().ok_or(RosterError::Full)
    }

    /// Adds `unit` for `by` at `moment`. A side's unit is kept under its id scoped to the side
    /// (`UnitId::scoped`); the umpire's under the id given. The duplicate check and the limit look
    /// only at the unit's own side, so neither answers anything about the enemy's units.
    pub fn add(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        mut unit: Unit,
    ) -> Result<&Change, RosterError> {
        UnitId::parse(unit.id.as_str())?;
        if !may_change(by, unit.side) {
            return Err(RosterError::BadField {
                field: "the side".into(),
                problem: format!("must be your own ({})", by.code()),
            });
        }
        let given = unit.id.clone();
        if by.side().is_some() {
            unit.id = given.scoped(unit.side);
        }
        // A side's scoped id meets another side's only by finding a SHA-256 preimage.
        if self.units.contains_key(&unit.id) {
            return Err(RosterError::DuplicateId {
                id: given.as_str().into(),
            });
        }
        if self.units.values().filter(|u| u.side == unit.side).count() >= MAX_UNITS {
            return Err(RosterError::Full);
        }
        spec.check(&unit)?;
        let sentence = format!(
            "{} {}, {}, added at {}.",
            unit.side.adjective(),
            unit.name,
            unit.unit_type.replace('_', " "),
            unit.location
        );
        self.record(by, moment, sentence, None, Some(unit))
    }

    /// Applies `edit` to unit `id`.
    pub fn edit(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        id: &UnitId,
        edit: UnitEdit,
    ) -> Result<&Change, RosterError> {
        let before = self.unit_for(by, id)?.clone();
        let mut after = before.clone();
        if let Some(name) = edit.name {
            after.name = name;
        }
        if let Some(t) = edit.unit_type {
            after.unit_type = t;
        }
        if let Some(location) = edit.location {
            after.location = location;
        }
        for (code, value) in edit.attributes {
            match value {
                Some(v) => after.attributes.insert(code, v),
                None => after.attributes.remove(&code),
            };
        }
        self.replace(spec, by, moment, before, after)
    }

    /// Puts `marker` on unit `id`.
    pub fn mark(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        id: &UnitId,
        marker: &str,
    ) -> Result<&Change, RosterError> {
        let before = self.unit_for(by, id)?.clone();
        let mut after = before.clone();
        after.markers.insert(marker.into());
        self.replace(spec, by, moment, before, after)
    }

    /// Takes `marker` off unit `id`.
    pub fn unmark(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        id: &UnitId,
        marker: &str,
    ) -> Result<&Change, RosterError> {
        let before = self.unit_for(by, id)?.clone();
        if !before.markers.contains(marker) {
            return Err(RosterError::BadField {
                field: format!("marker `{marker}`"),
                problem: format!("is not on {}", before.name),
            });
        }
        let mut after = before.clone();
        after.markers.remove(marker);
        self.replace(spec, by, moment, before, after)
    }

    fn replace(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        before: Unit,
        after: Unit,
    ) -> Result<&Change, RosterError> {
        spec.check(&after)?;
        let sentence = format!(
            "{} {}: {}.",
            before.side.adjective(),
            before.name,
            spec.describe(&before, &after)
        );
        self.record(by, moment, sentence, Some(before), Some(after))
    }

    /// Moves unit `id` to `location` (a hex, a box, a Turn Track box), as any edit.
    pub fn relocate(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        id: &UnitId,
        location: &str,
    ) -> Result<&Change, RosterError> {
        let edit = UnitEdit {
            location: Some(location.to_owned()),
            ..UnitEdit::default()
        };
        self.edit(spec, by, moment, id, edit)
    }

    /// Removes unit `id` (eliminated, withdrawn, or entered in error).
    pub fn remove(
        &mut self,
        by: Role,
        moment: &str,
        id: &UnitId,
        reason: &str,
    ) -> Result<&Change, RosterError> {
        let before = self.unit_for(by, id)?.clone();
        let sentence = format!(
            "{} {} removed to the dead pool: {reason}.",
            before.side.adjective(),
            before.name
        );
        self.fallen.push(Fallen {
            unit: before.clone(),
            moment: moment.into(),
            reason: reason.into(),
            by,
        });
        if self.fallen.len() > MAX_FALLEN {
            let excess = self.fallen.len() - MAX_FALLEN;
            self.fallen.drain(..excess);
        }
        self.record(by, moment, sentence, Some(before), None)
    }

    /// Brings unit `id` back from the dead pool to `location` (a game's rule that reconstitutes
    /// it): it leaves the pool and rejoins the roster under its own id, without the markers it
    /// fell with.
    pub fn bring_back(
        &mut self,
        spec: &RosterSpec,
        by: Role,
        moment: &str,
        id: &UnitId,
        location: &str,
    ) -> Result<&Change, RosterError> {
        let at = self
            .fallen
            .iter()
            .rposition(|f| &f.unit.id == id && may_change(by, f.unit.side))
            .ok_or_else(|| RosterError::NoSuchUnit {
                id: id.as_str().into(),
            })?;
        if self.units.contains_key(id) {
            return Err(RosterError::DuplicateId {
                id: id.as_str().into(),
            });
        }
        let mut unit = self.fallen[at].unit.clone();
        unit.location = location.into();
        unit.markers.clear();
        spec.check(&unit)?;
        self.fallen.remove(at);
        let sentence = format!(
            "{} {} brought back from the dead pool to {location}.",
            unit.side.adjective(),
            unit.name
        );
        self.record(by, moment, sentence, None, Some(unit))
    }

    /// Takes a unit out of play without its going to the dead pool (broken down into its
    /// components, which take its place).
    pub fn take_apart(
        &mut self,
        by: Role,
        moment: &str,
        id: &UnitId,
        reason: &str,
    ) -> Result<&Change, RosterError> {
        let before = self.unit_for(by, id)?.clone();
        let sentence = format!(
            "{} {} taken apart: {reason}.",
            before.side.adjective(),
            before.name
        );
        self.record(by, moment, sentence, Some(before), None)
    }

    /// A side's own units, by name.
    pub fn own(&self, side: Side) -> Vec<&Unit> {
        let mut units: Vec<_> = self.units.values().filter(|u| u.side == side).collect();
        units.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        units
    }

    /// The enemy's units as `viewer` sees them through the game's `sight` rule; glimpsed units
    /// are sorted by what is shown, so their order betrays nothing.
    pub fn seen_by(&self, viewer: Side, sight: &dyn Fn(Side, &Unit) -> Sight) -> Vec<SeenUnit> {
        let mut seen: Vec<_> = self
            .units
            .values()
            .filter(|u| u.side != viewer)
            .filter_map(|u| SeenUnit::of(u, &sight(viewer, u)))
            .collect();
        seen.sort_by(|a, b| {
            let key = |s: &SeenUnit| {
                (
                    s.id.is_none(),
                    s.location.clone(),
                    s.unit_type.clone(),
                    s.name.clone(),
                    serde_json::to_string(&s.attributes).unwrap_or_default(),
                )
            };
            key(a).cmp(&key(b))
        });
        seen
    }

    /// The changes `viewer` may read: those to their own side's units.
    pub fn history_for(&self, viewer: Side) -> Vec<&Change> {
        self.history.iter().filter(|c| c.side == viewer).collect()
    }
}
