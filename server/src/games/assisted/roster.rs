//! Each side's units with game-declared attributes and markers, an audited history of every
//! change, and what each side sees of the other's units through the game's visibility rule.

use super::refusal::{RefusalKind, code_problem, label_problem};
use crate::core::domain::{Role, Side};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The most units each side's roster holds. The limit counts only the adding side's units, so
/// that a full roster tells nothing about how many units the enemy has.
pub const MAX_UNITS: usize = 2000;

/// The most changes a roster keeps in its history (the newest); the campaign's log keeps them
/// all.
pub const MAX_HISTORY: usize = 300;

/// An opaque unit id: 32 lowercase hex digits or a hyphenated uuid, made by the caller from
/// fresh randomness (never a counter, so it betrays nothing about other units).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(String);

impl UnitId {
    /// Accepts 32 hex digits or a 36-character uuid, in lowercase.
    pub fn parse(text: &str) -> Result<UnitId, RosterError> {
        let hex = text.chars().filter(|&c| c != '-').collect::<String>();
        let dashes_ok = text.len() == 32
            || (text.len() == 36 && [8, 13, 18, 23].iter().all(|&i| text.as_bytes()[i] == b'-'));
        if dashes_ok
            && hex.len() == 32
            && hex
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
        {
            Ok(UnitId(text.to_string()))
        } else {
            Err(RosterError::BadId {
                id: text.chars().take(40).collect(),
            })
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id of component `n` of this unit broken down: 32 hex digits of a SHA-256 of the unit's
    /// id and `n`, so components never meet another unit's id by chance.
    pub fn component(&self, n: usize) -> UnitId {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(format!("motti component\0{}\0{n}", self.0));
        UnitId(digest.iter().take(16).map(|b| format!("{b:02x}")).collect())
    }

    /// The id a unit a side adds is kept under: 32 hex digits of a SHA-256 of the side and the id
    /// given, so that ids are scoped per side. No side can choose an id that meets one of the
    /// enemy's, so adding a unit never tells whether an enemy unit holds an id.
    pub fn scoped(&self, side: Side) -> UnitId {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(format!("motti unit id\0{}\0{}", side.code(), self.0));
        UnitId(digest.iter().take(16).map(|b| format!("{b:02x}")).collect())
    }
}

/// The values an attribute takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AttrKind {
    /// A whole number from `min` to `max`.
    Number {
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
    },
    /// One line of text of at most `max_chars` characters.
    Text {
        /// Longest accepted.
        max_chars: usize,
    },
}

/// One attribute units of this game carry (CS, movement, steps, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttrSpec {
    /// Its code, e.g. `cs`.
    pub code: String,
    /// Its name for people, e.g. "CS".
    pub name: String,
    /// Its values.
    pub kind: AttrKind,
    /// Whether every unit must have it.
    pub required: bool,
}

/// A marker units may carry (suppressed, dug in, fired, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerSpec {
    /// Its code, e.g. `dug_in`.
    pub code: String,
    /// Its name for people, e.g. "Dug-In".
    pub name: String,
    /// The phases in which the unit's owner puts it on or takes it off, by what they are for
    /// (a Dug-In marker in a movement phase); in setup the owner places any marker, and
    /// otherwise only the umpire (or a rule the server applies) does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed_in: Vec<super::sequence::Activity>,
}

impl MarkerSpec {
    /// A marker its owner places in phases for `placed_in`.
    pub fn new(code: &str, name: &str, placed_in: &[super::sequence::Activity]) -> MarkerSpec {
        MarkerSpec {
            code: code.into(),
            name: name.into(),
            placed_in: placed_in.to_vec(),
        }
    }
}

/// What a game's rosters look like.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterSpec {
    /// The unit types; empty accepts any type name.
    pub types: Vec<String>,
    /// The attributes.
    pub attributes: Vec<AttrSpec>,
    /// The markers.
    pub markers: Vec<MarkerSpec>,
}

/// An attribute's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum AttrValue {
    /// A number.
    Number(i64),
    /// Text.
    Text(String),
}

impl std::fmt::Display for AttrValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AttrValue::Number(n) => write!(f, "{n}"),
            AttrValue::Text(t) => f.write_str(t),
        }
    }
}

/// One unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its opaque id.
    pub id: UnitId,
    /// Whose it is.
    pub side: Side,
    /// Its name, e.g. "2/JR16".
    pub name: String,
    /// Its type.
    pub unit_type: String,
    /// Its attributes by code.
    pub attributes: BTreeMap<String, AttrValue>,
    /// Where it is: a hex id, a box or a track, as free text.
    pub location: String,
    /// The markers it carries, by code.
    pub markers: BTreeSet<String>,
}

/// A change to one unit's name, type, attributes or location; `None` keeps what is there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitEdit {
    /// A new name.
    pub name: Option<String>,
    /// A new type.
    pub unit_type: Option<String>,
    /// Attributes to set (`Some`) or clear (`None`).
    #[serde(default)]
    pub attributes: BTreeMap<String, Option<AttrValue>>,
    /// A new location.
    pub location: Option<String>,
}

/// One audited change: who, when, what, before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Who made it.
    pub by: Role,
    /// When, in game time ("Dec I 39, Soviet movement phase").
    pub moment: String,
    /// Whose unit it is.
    pub side: Side,
    /// The unit.
    pub unit: UnitId,
    /// What changed, before → after, for people.
    pub sentence: String,
    /// The unit before (none when added).
    pub before: Option<Unit>,
    /// The unit after (none when removed).
    pub after: Option<Unit>,
}

/// Why a roster change was refused, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    /// The id is not an opaque random id.
    #[error("`{id}` is not a unit id: use 32 lowercase hex digits or a uuid")]
    BadId {
        /// The id given (cut to 40 characters).
        id: String,
    },
    /// The id is already taken (among the side's own units when a side adds).
    #[error("a unit with id `{id}` already exists")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// No such unit, or not the caller's to change.
    #[error("there is no unit `{id}` among yours")]
    NoSuchUnit {
        /// The id.
        id: String,
    },
    /// A field's value is unusable.
    #[error("{field} {problem}")]
    BadField {
        /// The field, e.g. "attribute `cs`".
        field: String,
        /// What is wrong.
        problem: String,
    },
    /// The side's roster is full.
    #[error("your side already has {MAX_UNITS} units, the most a side may have")]
    Full,
}

impl RosterError {
    /// A stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            RosterError::BadId { .. } => "bad_unit_id",
            RosterError::DuplicateId { .. } => "duplicate_unit_id",
            RosterError::NoSuchUnit { .. } => "no_such_unit",
            RosterError::BadField { .. } => "bad_unit_field",
            RosterError::Full => "roster_full",
        }
    }

    /// Whether it is a missing unit or a change against the rules.
    pub fn kind(&self) -> RefusalKind {
        match self {
            RosterError::NoSuchUnit { .. } => RefusalKind::NoSuchThing,
            _ => RefusalKind::AgainstTheRules,
        }
    }
}

fn bad(field: impl Into<String>, problem: impl Into<String>) -> RosterError {
    RosterError::BadField {
        field: field.into(),
        problem: problem.into(),
    }
}

impl RosterSpec {
    /// Checks a declaration: unit types, attributes and markers with well-formed unique codes
    /// and names, and number ranges whose smallest value is not above the largest.
    pub fn validate(&self) -> Result<(), RosterError> {
        let mut seen = BTreeSet::new();
        for t in &self.types {
            if let Some(p) = label_problem(t, 40)
                .or_else(|| (!seen.insert(t.as_str())).then(|| "is declared twice".into()))
            {
                return Err(bad(format!("unit type `{t}`"), p));
            }
        }
        let codes = self
            .attributes
            .iter()
            .map(|a| (&a.code, &a.name, "attribute"))
            .chain(self.markers.iter().map(|m| (&m.code, &m.name, "marker")));
        let mut seen = BTreeSet::new();
        for (code, name, what) in codes {
            let problem = code_problem(code)
                .or_else(|| label_problem(name, 40).map(|p| format!("has a name that {p}")))
                .or_else(|| (!seen.insert(code.as_str())).then(|| "is declared twice".into()));
            if let Some(p) = problem {
                return Err(bad(format!("{what} `{code}`"), p));
            }
        }
        for a in &self.attributes {
            let problem = match a.kind {
                AttrKind::Number { min, max } if min > max => Some(format!(
                    "runs from {min} to {max}; the smallest value must not be above the largest"
                )),
                AttrKind::Text { max_chars } if !(1..=200).contains(&max_chars) => {
                    Some("must allow 1 to 200 characters".to_string())
                }
                _ => None,
            };
            if let Some(p) = problem {
                return Err(bad(format!("attribute `{}`", a.code), p));
            }
        }
        Ok(())
    }

    /// Checks a unit against the declared shape, naming the first field at fault.
    pub fn check(&self, unit: &Unit) -> Result<(), RosterError> {
        if let Some(p) = label_problem(&unit.name, 60) {
            return Err(bad("the name", p));
        }
        if let Some(p) = label_problem(&unit.unit_type, 40) {
            return Err(bad("the type", p));
        }
        if !self.types.is_empty() && !self.types.contains(&unit.unit_type) {
            return Err(bad(
                "the type",
                format!(
                    "`{}` is not one of {}",
                    unit.unit_type,
                    self.types.join(", ")
                ),
            ));
        }
        if let Some(p) = label_problem(&unit.location, 40) {
            return Err(bad("the location", p));
        }
        for (code, value) in &unit.attributes {
            let spec = self
                .attributes
                .iter()
                .find(|a| &a.code == code)
                .ok_or_else(|| {
                    bad(
                        format!("attribute `{code}`"),
                        "is not an attribute of this game",
                    )
                })?;
            match (&spec.kind, value) {
                (AttrKind::Number { min, max }, AttrValue::Number(n))
                    if (min..=max).contains(&n) => {}
                (AttrKind::Number { min, max }, _) => {
                    return Err(bad(
                        format!("attribute `{code}`"),
                        format!("must be a whole number from {min} to {max}"),
                    ));
                }
                (AttrKind::Text { max_chars }, AttrValue::Text(t)) => {
                    if let Some(p) = label_problem(t, *max_chars) {
                        return Err(bad(format!("attribute `{code}`"), p));
                    }
                }
                (AttrKind::Text { .. }, AttrValue::Number(_)) => {
                    return Err(bad(format!("attribute `{code}`"), "must be text"));
                }
            }
        }
        if let Some(missing) = self
            .attributes
            .iter()
            .find(|a| a.required && !unit.attributes.contains_key(&a.code))
        {
            return Err(bad(format!("attribute `{}`", missing.code), "is required"));
        }
        if let Some(marker) = unit
            .markers
            .iter()
            .find(|m| !self.markers.iter().any(|s| &&s.code == m))
        {
            return Err(bad(
                format!("marker `{marker}`"),
                "is not a marker of this game",
            ));
        }
        Ok(())
    }

    fn attr_name<'a>(&'a self, code: &'a str) -> &'a str {
        self.attributes
            .iter()
            .find(|a| a.code == code)
            .map_or(code, |a| a.name.as_str())
    }

    fn marker_name<'a>(&'a self, code: &'a str) -> &'a str {
        self.markers
            .iter()
            .find(|m| m.code == code)
            .map_or(code, |m| m.name.as_str())
    }

    /// What changed between two versions of a unit, e.g. "CS 4 → 3; location H12 → H13".
    pub fn describe(&self, before: &Unit, after: &Unit) -> String {
        let mut parts = Vec::new();
        let mut pair = |what: &str, b: &str, a: &str| {
            if b != a {
                parts.push(format!("{what} {b} → {a}"));
            }
        };
        pair("name", &before.name, &after.name);
        pair("type", &before.unit_type, &after.unit_type);
        pair("location", &before.location, &after.location);
        let codes: BTreeSet<_> = before
            .attributes
            .keys()
            .chain(after.attributes.keys())
            .collect();
        let show = |v: Option<&AttrValue>| v.map_or("none".to_string(), AttrValue::to_string);
        for code in codes {
            let (b, a) = (before.attributes.get(code), after.attributes.get(code));
            if b != a {
                parts.push(format!(
                    "{} {} → {}",
                    self.attr_name(code),
                    show(b),
                    show(a)
                ));
            }
        }
        for m in after.markers.difference(&before.markers) {
            parts.push(format!("marked {}", self.marker_name(m)));
        }
        for m in before.markers.difference(&after.markers) {
            parts.push(format!("{} removed", self.marker_name(m)));
        }
        if parts.is_empty() {
            "nothing changed".into()
        } else {
            parts.join("; ")
        }
    }
}

#[path = "roster_book.rs"]
mod book;
pub use book::{Glimpse, Roster, SeenUnit, Sight};

#[cfg(test)]
#[path = "roster_tests.rs"]
mod tests;
