//! Where a pack puts things and when: areas of the map or boxes (a named place, a region, the
//! hexes within five of a city, any of two cities, a box), conditions (an option chosen, a game
//! flag such as Timoshenko), and the verdict a spot gets against an area: inside, outside, or
//! not checkable because the pack leaves part of the map for the group to enter.

use crate::games::assisted::board::hex::Hex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A set of hexes or boxes, written in a pack as a small rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Area {
    /// Any hex of the map.
    Map,
    /// These hexes, by id.
    Hexes(Vec<String>),
    /// The hexes of a named place, by code.
    Place(String),
    /// The hexes of any of these places (units may be split between them).
    Places(Vec<String>),
    /// A region, by code.
    Region(String),
    /// An off-map box, by code.
    #[serde(rename = "box")]
    InBox(String),
    /// The hexes within `reach` hexes of an area's hexes.
    Within {
        /// How many hexes away, at most.
        reach: u32,
        /// From where.
        of: Box<Area>,
    },
    /// In any of these areas.
    AnyOf(Vec<Area>),
    /// In every one of these areas.
    AllOf(Vec<Area>),
    /// In the first area and not the second.
    Except {
        /// The area.
        area: Box<Area>,
        /// What is taken out of it.
        minus: Box<Area>,
    },
}

/// The codes of the regions an area names, directly or inside its rules.
pub fn region_refs<'a>(area: &'a Area, out: &mut Vec<&'a str>) {
    match area {
        Area::Region(code) => out.push(code),
        Area::Within { of, .. } => region_refs(of, out),
        Area::AnyOf(list) | Area::AllOf(list) => list.iter().for_each(|a| region_refs(a, out)),
        Area::Except { area, minus } => {
            region_refs(area, out);
            region_refs(minus, out);
        }
        Area::Map | Area::Hexes(_) | Area::Place(_) | Area::Places(_) | Area::InBox(_) => {}
    }
}

/// When something applies: an option of the campaign, a flag of the game, or a combination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// The campaign plays this option (by the pack's option code).
    Option(String),
    /// The game's flag holds (by the pack's flag code), e.g. Timoshenko in command.
    Flag(String),
    /// The condition does not hold.
    Not(Box<Condition>),
    /// Every condition holds.
    All(Vec<Condition>),
    /// At least one condition holds.
    Any(Vec<Condition>),
}

impl Condition {
    /// Whether the condition holds, given the options chosen and the flags that hold.
    pub fn holds(&self, facts: &Facts<'_>) -> bool {
        match self {
            Condition::Option(code) => facts.options.contains(code),
            Condition::Flag(code) => facts.flags.contains(code),
            Condition::Not(inner) => !inner.holds(facts),
            Condition::All(all) => all.iter().all(|c| c.holds(facts)),
            Condition::Any(any) => any.iter().any(|c| c.holds(facts)),
        }
    }

    /// Every option and flag code the condition names, as (is an option, code).
    pub fn names(&self, out: &mut Vec<(bool, String)>) {
        match self {
            Condition::Option(code) => out.push((true, code.clone())),
            Condition::Flag(code) => out.push((false, code.clone())),
            Condition::Not(inner) => inner.names(out),
            Condition::All(list) | Condition::Any(list) => {
                list.iter().for_each(|c| c.names(out));
            }
        }
    }
}

/// What a campaign knows when it asks what applies: its options and the game's flags.
#[derive(Clone, Copy, Debug)]
pub struct Facts<'a> {
    /// The option codes chosen.
    pub options: &'a BTreeSet<String>,
    /// The flag codes that hold now.
    pub flags: &'a BTreeSet<String>,
}

/// A place a unit may be: a hex of the map or an off-map box.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    /// A hex.
    Hex(Hex),
    /// A box, by code.
    Box(String),
}

/// A set of spots by their index in the map's list of spots (hexes, then boxes), one bit
/// each, so a pack's areas cost a few kilobytes however large they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpotSet(Vec<u64>);

impl SpotSet {
    /// An empty set of `len` possible spots.
    pub fn empty(len: usize) -> SpotSet {
        SpotSet(vec![0; len.div_ceil(64)])
    }

    /// Every one of `len` spots.
    pub fn full(len: usize) -> SpotSet {
        let mut set = SpotSet::empty(len);
        (0..len).for_each(|i| set.insert(i));
        set
    }

    /// Adds spot `i`.
    pub fn insert(&mut self, i: usize) {
        if let Some(word) = self.0.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    /// Whether spot `i` is in.
    pub fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The spots in, by index.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }

    fn zip(&self, other: &SpotSet, f: impl Fn(u64, u64) -> u64) -> SpotSet {
        SpotSet(
            self.0
                .iter()
                .zip(&other.0)
                .map(|(a, b)| f(*a, *b))
                .collect(),
        )
    }
}

/// An area worked out against the map: the spots surely in it, and the spots that may be in
/// it (those in a region the pack leaves for the group to enter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// Spots the area surely holds.
    pub sure: SpotSet,
    /// Spots the area may hold; a superset of `sure`.
    pub possible: SpotSet,
}

impl Resolved {
    /// An area known exactly.
    pub fn exactly(spots: SpotSet) -> Resolved {
        Resolved {
            possible: spots.clone(),
            sure: spots,
        }
    }

    /// Whether the area is known exactly.
    pub fn is_known(&self) -> bool {
        self.sure == self.possible
    }

    /// The verdict of the spot with index `i`.
    pub fn verdict(&self, i: usize) -> Verdict {
        if self.sure.contains(i) {
            Verdict::Inside
        } else if self.possible.contains(i) {
            Verdict::Unchecked
        } else {
            Verdict::Outside
        }
    }

    /// In either area.
    pub fn or(&self, other: &Resolved) -> Resolved {
        Resolved {
            sure: self.sure.zip(&other.sure, |a, b| a | b),
            possible: self.possible.zip(&other.possible, |a, b| a | b),
        }
    }

    /// In both areas.
    pub fn and(&self, other: &Resolved) -> Resolved {
        Resolved {
            sure: self.sure.zip(&other.sure, |a, b| a & b),
            possible: self.possible.zip(&other.possible, |a, b| a & b),
        }
    }

    /// In `self` and not in `minus`.
    pub fn except(&self, minus: &Resolved) -> Resolved {
        Resolved {
            sure: self.sure.zip(&minus.possible, |a, b| a & !b),
            possible: self.possible.zip(&minus.sure, |a, b| a & !b),
        }
    }
}

/// Whether a spot is in an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// It is.
    Inside,
    /// It is not.
    Outside,
    /// The pack leaves the part of the map that decides it for the group to enter: the server
    /// records the placement and shows it as unchecked.
    Unchecked,
}

impl Verdict {
    /// Both must hold: outside beats unchecked beats inside.
    pub fn and(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::Outside, _) | (_, Verdict::Outside) => Verdict::Outside,
            (Verdict::Unchecked, _) | (_, Verdict::Unchecked) => Verdict::Unchecked,
            _ => Verdict::Inside,
        }
    }
}
