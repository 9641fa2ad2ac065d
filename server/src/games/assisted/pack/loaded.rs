//! A checked pack with its map worked out: the grid built, places and regions resolved to
//! hexes, and the answers a campaign asks of its pack: where a unit may set up or enter, which
//! setup groups and reinforcements apply, what arrives on a turn, the last turn, the level of
//! victory for a score.

use super::area::{Area, Facts, Resolved, Spot, SpotSet, Verdict};
use super::error::PackErrors;
use super::{Arrival, Group, Pack, Reinforcement, UnitLine};
use crate::core::domain::Side;
use crate::games::assisted::board::grid::Grid;
use crate::games::assisted::board::hex::Hex;
use std::collections::BTreeMap;

/// A pack ready for play.
#[derive(Clone, Debug)]
pub struct LoadedPack {
    /// The pack as read.
    pub pack: Pack,
    /// Its grid.
    pub grid: Grid,
    /// Every hex of the map, in the order of their spot indices.
    hexes: Vec<Hex>,
    /// The index of each hex.
    index: BTreeMap<Hex, usize>,
    places: BTreeMap<String, SpotSet>,
    regions: BTreeMap<String, Resolved>,
}

/// Which reinforcements arrive on a turn, with the turn each lands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arriving<'a> {
    /// The entry in the pack (its index in `reinforcements`).
    pub index: usize,
    /// The entry.
    pub entry: &'a Reinforcement,
    /// Its units that arrive (those whose own condition holds).
    pub units: Vec<&'a UnitLine>,
}

impl LoadedPack {
    /// Reads and checks a pack and works out its map.
    pub fn read(source: &str) -> Result<LoadedPack, PackErrors> {
        let pack = super::parse(source)?;
        LoadedPack::new(pack).map_err(|message| {
            PackErrors(vec![super::error::PackError {
                line: 0,
                key: "map".into(),
                message,
            }])
        })
    }

    /// Works out the map of a pack that passed the checks of [`super::parse`]; a pack built
    /// another way whose grid is unusable is refused with the sentence saying why.
    pub fn new(pack: Pack) -> Result<LoadedPack, String> {
        let grid = Grid::new(pack.map.clone()).map_err(|e| e.to_string())?;
        let hexes: Vec<Hex> = grid.hexes().collect();
        let index = hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect();
        let mut loaded = LoadedPack {
            pack,
            grid,
            hexes,
            index,
            places: BTreeMap::new(),
            regions: BTreeMap::new(),
        };
        let places = loaded
            .pack
            .places
            .iter()
            .map(|p| (p.code.clone(), loaded.hex_set(&p.hexes)))
            .collect();
        loaded.places = places;
        // Regions name regions (never in a circle: the checks refuse that), so each is worked
        // out once all it names are.
        let mut waiting: Vec<super::Region> = loaded.pack.regions.clone();
        while !waiting.is_empty() {
            let before = waiting.len();
            let mut still = Vec::new();
            for region in waiting {
                let mut named = Vec::new();
                if let Some(area) = &region.area {
                    super::area::region_refs(area, &mut named);
                }
                if named.iter().all(|n| loaded.regions.contains_key(*n)) {
                    let resolved = loaded.region(&region);
                    loaded.regions.insert(region.code.clone(), resolved);
                } else {
                    still.push(region);
                }
            }
            if still.len() == before {
                break;
            }
            waiting = still;
        }
        Ok(loaded)
    }

    /// How many spots there are: the hexes, then the boxes.
    fn len(&self) -> usize {
        self.hexes.len() + self.pack.boxes.len()
    }

    /// The index of a spot.
    pub fn spot_index(&self, spot: &Spot) -> Option<usize> {
        match spot {
            Spot::Hex(h) => self.index.get(h).copied(),
            Spot::Box(code) => self
                .pack
                .boxes
                .iter()
                .position(|b| &b.code == code)
                .map(|i| self.hexes.len() + i),
        }
    }

    /// The spot with an index.
    pub fn spot(&self, i: usize) -> Option<Spot> {
        match self.hexes.get(i) {
            Some(h) => Some(Spot::Hex(*h)),
            None => self
                .pack
                .boxes
                .get(i - self.hexes.len())
                .map(|b| Spot::Box(b.code.clone())),
        }
    }

    fn hex_set(&self, ids: &[String]) -> SpotSet {
        let mut set = SpotSet::empty(self.len());
        for id in ids {
            if let Some(i) = self.grid.parse(id).ok().and_then(|h| self.index.get(&h)) {
                set.insert(*i);
            }
        }
        set
    }

    fn all_hexes(&self) -> SpotSet {
        let mut set = SpotSet::empty(self.len());
        (0..self.hexes.len()).for_each(|i| set.insert(i));
        set
    }

    /// Works out a region whose named regions are worked out.
    fn region(&self, region: &super::Region) -> Resolved {
        if let Some(area) = &region.area {
            self.resolve(area)
        } else if !region.hexes.is_empty() {
            Resolved::exactly(self.hex_set(&region.hexes))
        } else {
            // Left for the group to enter: anywhere on the map may be in it.
            Resolved {
                sure: SpotSet::empty(self.len()),
                possible: self.all_hexes(),
            }
        }
    }

    /// An area worked out against the map.
    pub fn resolve(&self, area: &Area) -> Resolved {
        let len = self.len();
        match area {
            Area::Map => Resolved::exactly(self.all_hexes()),
            Area::Hexes(ids) => Resolved::exactly(self.hex_set(ids)),
            Area::Place(code) => Resolved::exactly(self.place_set(code)),
            Area::Places(codes) => codes
                .iter()
                .fold(Resolved::exactly(SpotSet::empty(len)), |all, c| {
                    all.or(&Resolved::exactly(self.place_set(c)))
                }),
            Area::Region(code) => self.regions.get(code).cloned().unwrap_or_else(|| Resolved {
                sure: SpotSet::empty(len),
                possible: SpotSet::empty(len),
            }),
            Area::InBox(code) => {
                let mut set = SpotSet::empty(len);
                if let Some(i) = self.spot_index(&Spot::Box(code.clone())) {
                    set.insert(i);
                }
                Resolved::exactly(set)
            }
            Area::Within { reach, of } => {
                let of = self.resolve(of);
                Resolved {
                    sure: self.near(&of.sure, *reach),
                    possible: self.near(&of.possible, *reach),
                }
            }
            Area::AnyOf(list) => list
                .iter()
                .fold(Resolved::exactly(SpotSet::empty(len)), |all, a| {
                    all.or(&self.resolve(a))
                }),
            Area::AllOf(list) => {
                let everywhere = Resolved::exactly(SpotSet::full(len));
                list.iter()
                    .fold(everywhere, |all, a| all.and(&self.resolve(a)))
            }
            Area::Except { area, minus } => self.resolve(area).except(&self.resolve(minus)),
        }
    }

    /// The hexes within `reach` of the hexes of a set.
    fn near(&self, set: &SpotSet, reach: u32) -> SpotSet {
        let from = set
            .iter()
            .filter_map(|i| self.hexes.get(i).copied())
            .collect();
        let mut out = SpotSet::empty(self.len());
        for hex in self.grid.within(&from, reach) {
            if let Some(i) = self.index.get(&hex) {
                out.insert(*i);
            }
        }
        out
    }

    fn place_set(&self, code: &str) -> SpotSet {
        self.places
            .get(code)
            .cloned()
            .unwrap_or_else(|| SpotSet::empty(self.len()))
    }

    /// Whether `spot` is in `area`.
    pub fn verdict(&self, area: &Area, spot: &Spot) -> Verdict {
        match self.spot_index(spot) {
            Some(i) => self.resolve(area).verdict(i),
            None => Verdict::Outside,
        }
    }

    /// Whether `spot` is in the region `code`.
    pub fn region_verdict(&self, code: &str, spot: &Spot) -> Verdict {
        self.verdict(&Area::Region(code.into()), spot)
    }

    /// Whether the pack gives every hex of the region `code`.
    pub fn region_known(&self, code: &str) -> bool {
        self.regions.get(code).is_some_and(Resolved::is_known)
    }

    /// The spots an area surely holds, for showing where a unit may go.
    pub fn spots(&self, resolved: &Resolved) -> Vec<Spot> {
        resolved.sure.iter().filter_map(|i| self.spot(i)).collect()
    }

    /// The hexes of a named place.
    pub fn place(&self, code: &str) -> Vec<Hex> {
        self.places
            .get(code)
            .map(|set| {
                set.iter()
                    .filter_map(|i| self.hexes.get(i).copied())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// What the map has at `hex` as the pack gives it: the codes of the terrain that fills or
    /// marks the hex, then the kinds of the places it is part of ("city"); empty for a hex that
    /// is not on the map.
    pub fn features_at(&self, hex: &str) -> Vec<String> {
        let Ok(at) = self.grid.parse(hex) else {
            return Vec::new();
        };
        if !self.grid.contains(at) {
            return Vec::new();
        }
        let is_here = |text: &String| self.grid.parse(text).is_ok_and(|h| h == at);
        let terrain = self
            .pack
            .terrain
            .iter()
            .filter(|t| !t.draw.on_hexsides() && t.hexes.iter().any(is_here))
            .map(|t| t.code.clone());
        let places = self
            .pack
            .places
            .iter()
            .filter(|p| !p.kind.is_empty() && self.place(&p.code).contains(&at))
            .map(|p| p.kind.clone());
        terrain.chain(places).collect()
    }

    /// Where a unit of a setup group may be placed: the side's area, the group's and the
    /// unit's own, all at once.
    pub fn placement(&self, group: &Group, unit: &UnitLine, spot: &Spot) -> Verdict {
        let side_area = self
            .pack
            .sides
            .iter()
            .find(|s| s.side == group.side)
            .and_then(|s| s.area.as_ref());
        // A box is never in the side's country: the side's area binds units on the map.
        let side = match (side_area, spot) {
            (Some(area), Spot::Hex(_)) => self.verdict(area, spot),
            _ => Verdict::Inside,
        };
        let own = unit
            .area
            .as_ref()
            .map_or(Verdict::Inside, |a| self.verdict(a, spot));
        side.and(self.verdict(&group.area, spot)).and(own)
    }

    /// The setup groups of `side` that apply, each with the units that apply in it.
    pub fn setup(&self, side: Side, facts: &Facts<'_>) -> Vec<(&Group, Vec<&UnitLine>)> {
        self.pack
            .setup
            .iter()
            .filter(|g| g.side == side && g.when.as_ref().is_none_or(|c| c.holds(facts)))
            .map(|g| (g, applying(&g.units, facts)))
            .filter(|(_, units)| !units.is_empty())
            .collect()
    }

    /// The turn a reinforcement lands on, with its shifts applied; `rolled` gives the turns
    /// rolled at the start of the game for entries whose turn is a roll (by index).
    pub fn arrival_turn(
        &self,
        index: usize,
        facts: &Facts<'_>,
        rolled: &BTreeMap<usize, u32>,
    ) -> Option<u32> {
        let entry = self.pack.reinforcements.get(index)?;
        let base = match &entry.turn {
            Arrival::Turn(n) => *n,
            Arrival::Rolled { .. } => *rolled.get(&index)?,
        };
        let shift: i64 = entry
            .shifts
            .iter()
            .filter(|s| s.when.holds(facts))
            .map(|s| i64::from(s.turns))
            .sum();
        let first = self.pack.turns.first().map_or(1, |t| t.number);
        // Moved before the first turn, units arrive at the start (A Winter War's Opt G).
        let landed = (i64::from(base) + shift).max(i64::from(first));
        u32::try_from(landed).ok()
    }

    /// What arrives for `side` at the start of `turn`: the entries landing then whose
    /// condition holds now, each with the units whose own condition holds.
    pub fn arrivals(
        &self,
        side: Side,
        turn: u32,
        facts: &Facts<'_>,
        rolled: &BTreeMap<usize, u32>,
    ) -> Vec<Arriving<'_>> {
        self.pack
            .reinforcements
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                r.side == side
                    && self.arrival_turn(*i, facts, rolled) == Some(turn)
                    && r.when.as_ref().is_none_or(|c| c.holds(facts))
            })
            .map(|(index, entry)| Arriving {
                index,
                entry,
                units: applying(&entry.units, facts),
            })
            .filter(|a| !a.units.is_empty())
            .collect()
    }

    /// The reinforcement entries due by the start of `turn` and not yet `done`, by index: those
    /// whose condition holds now arrive (with the units whose own condition holds); the others
    /// are `None`, passed over for good (a parenthesised unit not received, Winter War 25.1).
    /// An entry whose turn is still to be rolled (not in `rolled`) is not due.
    pub fn due(
        &self,
        turn: u32,
        facts: &Facts<'_>,
        rolled: &BTreeMap<usize, u32>,
        done: &std::collections::BTreeSet<usize>,
    ) -> Vec<(usize, Option<Arriving<'_>>)> {
        self.pack
            .reinforcements
            .iter()
            .enumerate()
            .filter(|(i, _)| !done.contains(i))
            .filter(|(i, _)| {
                self.arrival_turn(*i, facts, rolled)
                    .is_some_and(|t| t <= turn)
            })
            .map(|(index, entry)| {
                let arrives = entry.when.as_ref().is_none_or(|c| c.holds(facts));
                let arriving = arrives.then(|| Arriving {
                    index,
                    entry,
                    units: applying(&entry.units, facts),
                });
                (index, arriving)
            })
            .collect()
    }

    /// The last turn to be played as things stand: the last turn of the track that is played
    /// unconditionally or whose condition holds.
    pub fn last_turn(&self, facts: &Facts<'_>) -> u32 {
        self.pack
            .turns
            .iter()
            .filter(|t| t.when.as_ref().is_none_or(|c| c.holds(facts)))
            .map(|t| t.number)
            .max()
            .unwrap_or(0)
    }

    /// The level of victory a score gives.
    pub fn level(&self, score: i64) -> Option<&super::Level> {
        self.pack
            .victory
            .levels
            .iter()
            .find(|l| l.from.is_none_or(|from| score >= from) && l.to.is_none_or(|to| score <= to))
    }

    /// The points options add to `side`'s total: for the player victory, and for the
    /// historical outcome (A Winter War counts the latter without its option deductions).
    pub fn adjustment(&self, side: Side, facts: &Facts<'_>) -> (i64, i64) {
        self.pack
            .victory
            .adjustments
            .iter()
            .filter(|a| a.side == side && a.when.holds(facts))
            .fold((0, 0), |(all, history), a| {
                (
                    all + a.points,
                    history + if a.historical { a.points } else { 0 },
                )
            })
    }
}

fn applying<'a>(units: &'a [UnitLine], facts: &Facts<'_>) -> Vec<&'a UnitLine> {
    units
        .iter()
        .filter(|u| u.when.as_ref().is_none_or(|c| c.holds(facts)))
        .collect()
}
