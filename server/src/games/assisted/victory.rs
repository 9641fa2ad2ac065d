//! Victory at an assisted table, from the campaign's scenario pack (`[victory]`): who holds each
//! hex (the side that entered it last, unless an enemy unit stands next to it), the points the
//! pack's objectives and adjustments give, the sudden deaths that end a game at once, and the
//! result of a game that has ended. Pure: the table calls these after every command.

use crate::core::domain::Side;
use crate::games::assisted::board::hex::Hex;
use crate::games::assisted::pack::area::{Area, Facts, Resolved, Spot};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::pack::{Score, SuddenDeath, Test};
use crate::games::assisted::roster::Roster;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The hexes units have entered, by the hex's id as the map prints it, with the side that
/// entered each last. A hex stays with that side when its units leave (Winter War 5.3).
pub type Entered = BTreeMap<String, Side>;

/// Who holds a hex now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// The side holds it.
    Held(Side),
    /// A side holds it but an enemy unit stands next to it: neither holds it (5.4).
    Disputed,
    /// No unit has entered it and it is in neither side's country.
    Nobody,
    /// No unit has entered it and the pack leaves the country it lies in for the group to enter.
    Unknown,
}

/// The board as victory reads it: the units' hexes and the hexes entered.
pub struct Standing<'a> {
    loaded: &'a LoadedPack,
    entered: &'a Entered,
    occupied: BTreeMap<Hex, Vec<Side>>,
    countries: Vec<(Side, Resolved)>,
}

impl<'a> Standing<'a> {
    /// Reads the roster's units on map hexes (units in boxes or off the map do not count).
    pub fn new(loaded: &'a LoadedPack, entered: &'a Entered, roster: &Roster) -> Standing<'a> {
        let occupied = occupied(loaded, roster);
        let countries = loaded
            .pack
            .sides
            .iter()
            .filter_map(|s| s.area.as_ref().map(|a| (s.side, loaded.resolve(a))))
            .collect();
        Standing {
            loaded,
            entered,
            occupied,
            countries,
        }
    }

    /// Records the hexes the units stand in now as entered by their side (a hex both sides
    /// stand in keeps its last entry); answers the hexes whose entry changed.
    pub fn enter(loaded: &LoadedPack, entered: &mut Entered, roster: &Roster) -> Vec<String> {
        let mut changed = Vec::new();
        for (hex, sides) in occupied(loaded, roster) {
            if let [side] = sides[..] {
                let id = loaded.grid.id(hex);
                if entered.get(&id) != Some(&side) {
                    entered.insert(id.clone(), side);
                    changed.push(id);
                }
            }
        }
        changed
    }

    fn occupies(&self, hex: Hex, side: Side) -> bool {
        self.occupied.get(&hex).is_some_and(|s| s.contains(&side))
    }

    /// Who holds `hex`: the side that entered it last, or, when none has, the side whose
    /// country (the pack's setup area of the side) it lies in; neither when an enemy unit
    /// stands next to it.
    pub fn holder(&self, hex: Hex) -> Holder {
        let by_entry = self.entered.get(&self.loaded.grid.id(hex)).copied();
        let side = match by_entry {
            Some(side) => side,
            None => {
                let Some(i) = self.loaded.spot_index(&Spot::Hex(hex)) else {
                    return Holder::Nobody;
                };
                let inside = self
                    .countries
                    .iter()
                    .find(|(_, area)| area.sure.contains(i));
                match inside {
                    Some((side, _)) => *side,
                    None if self.countries.iter().any(|(_, a)| a.possible.contains(i)) => {
                        return Holder::Unknown;
                    }
                    None => return Holder::Nobody,
                }
            }
        };
        let enemy_next = self
            .loaded
            .grid
            .neighbours(hex)
            .into_iter()
            .any(|n| self.occupies(n, side.enemy()));
        if enemy_next {
            Holder::Disputed
        } else {
            Holder::Held(side)
        }
    }

    /// The hexes of an area, when the pack gives all of them.
    fn hexes(&self, area: &Area) -> Option<Vec<Hex>> {
        let resolved = self.loaded.resolve(area);
        resolved.is_known().then(|| {
            self.loaded
                .spots(&resolved)
                .into_iter()
                .filter_map(|s| match s {
                    Spot::Hex(h) => Some(h),
                    Spot::Box(_) => None,
                })
                .collect()
        })
    }

    /// The points each side has now, objective by objective.
    pub fn tally(&self, facts: &Facts<'_>) -> Tally {
        let victory = &self.loaded.pack.victory;
        let mut tally = Tally::default();
        for objective in &victory.objectives {
            let Some(hexes) = self.hexes(&objective.area) else {
                tally.unchecked.push(objective.name.clone());
                continue;
            };
            let held = !hexes.is_empty()
                && hexes
                    .iter()
                    .all(|h| self.holder(*h) == Holder::Held(objective.side));
            if held {
                *tally.points_mut(objective.side) += objective.points;
            }
            tally.lines.push(TallyLine {
                name: objective.name.clone(),
                side: objective.side,
                points: objective.points,
                held,
            });
        }
        for side in [Side::Soviet, Side::Finnish] {
            let (adjusted, _) = self.loaded.adjustment(side, facts);
            *tally.points_mut(side) += adjusted;
            tally.adjusted.push((side, adjusted));
        }
        tally.rescore(victory.score);
        tally
    }

    /// The first of the pack's sudden deaths that holds now, if any; and the names of those
    /// that cannot be judged because the pack leaves their hexes for the group to enter.
    pub fn sudden_death(&self) -> (Option<&'a SuddenDeath>, Vec<String>) {
        let mut unjudged = Vec::new();
        for sudden in &self.loaded.pack.victory.sudden_death {
            let holds = match &sudden.test {
                Test::ControlAll(area) => self.hexes(area).map(|hexes| {
                    !hexes.is_empty()
                        && hexes
                            .iter()
                            .all(|h| self.holder(*h) == Holder::Held(sudden.side))
                }),
                Test::OccupyOrAdjacent { area, at_least } => self.hexes(area).map(|hexes| {
                    let reached = hexes
                        .iter()
                        .filter(|h| {
                            self.occupies(**h, sudden.side)
                                || self
                                    .loaded
                                    .grid
                                    .neighbours(**h)
                                    .into_iter()
                                    .any(|n| self.occupies(n, sudden.side))
                        })
                        .count();
                    reached >= *at_least as usize
                }),
            };
            match holds {
                Some(true) => return (Some(sudden), unjudged),
                Some(false) => {}
                None => unjudged.push(sudden.name.clone()),
            }
        }
        (None, unjudged)
    }
}

/// The sides whose units stand in each map hex (units in boxes or off the map do not count).
fn occupied(loaded: &LoadedPack, roster: &Roster) -> BTreeMap<Hex, Vec<Side>> {
    let mut occupied: BTreeMap<Hex, Vec<Side>> = BTreeMap::new();
    for unit in roster.units.values() {
        if let Ok(hex) = loaded.grid.parse(unit.location.trim()) {
            let sides = occupied.entry(hex).or_default();
            if !sides.contains(&unit.side) {
                sides.push(unit.side);
            }
        }
    }
    occupied
}

/// One objective's line in the tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TallyLine {
    /// The objective's name.
    pub name: String,
    /// The side that scores for it.
    pub side: Side,
    /// Its points.
    pub points: i64,
    /// Whether that side holds every hex of it now.
    pub held: bool,
}

/// The victory points as they stand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The Soviet total.
    pub soviet: i64,
    /// The Finnish total.
    pub finnish: i64,
    /// The score the levels read (the pack says which total is taken from which).
    pub score: i64,
    /// The objectives.
    pub lines: Vec<TallyLine>,
    /// The points options add to each side.
    pub adjusted: Vec<(Side, i64)>,
    /// Objectives the pack leaves for the group to enter the hexes of: not counted.
    pub unchecked: Vec<String>,
}

impl Tally {
    /// Adds `points` to `side` for `name` (a line that always counts, such as a Victory Point
    /// bid), and scores again as `score` says.
    pub fn award(&mut self, side: Side, points: i64, name: String, score: Score) {
        *self.points_mut(side) += points;
        self.lines.push(TallyLine {
            name,
            side,
            points,
            held: true,
        });
        self.rescore(score);
    }

    fn rescore(&mut self, score: Score) {
        self.score = match score {
            Score::SovietMinusFinnish => self.soviet - self.finnish,
            Score::FinnishMinusSoviet => self.finnish - self.soviet,
        };
    }

    fn points_mut(&mut self, side: Side) -> &mut i64 {
        match side {
            Side::Soviet => &mut self.soviet,
            Side::Finnish => &mut self.finnish,
        }
    }
}

/// How a game ended and who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; none for a draw or when the pack's levels name none.
    pub winner: Option<Side>,
    /// The result's name, e.g. "Finnish Morale Victory (the historical result)".
    pub title: String,
    /// How the game ended, as a clause without its full stop ("The game's last turn ended").
    pub how: String,
    /// The final score, when points decided it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
}

impl Outcome {
    /// The result the victory points give, the game having ended as `how` says.
    pub fn on_points(loaded: &LoadedPack, tally: &Tally, how: String) -> Outcome {
        let level = loaded.level(tally.score);
        Outcome {
            winner: level.and_then(|l| l.winner),
            title: level
                .map(|l| l.name.clone())
                .unwrap_or_else(|| format!("A score of {}", tally.score)),
            how,
            score: Some(tally.score),
        }
    }

    /// A sudden death victory.
    pub fn sudden(sudden: &SuddenDeath) -> Outcome {
        Outcome {
            winner: Some(sudden.side),
            title: sudden.name.clone(),
            how: format!(
                "The {} player met a sudden death condition ({})",
                sudden.side.adjective(),
                sudden.rule
            ),
            score: None,
        }
    }

    /// `side` concedes: the other side wins.
    pub fn concession(side: Side) -> Outcome {
        Outcome {
            winner: Some(side.enemy()),
            title: format!("{} victory by concession", side.enemy().adjective()),
            how: format!("The {} player conceded", side.adjective()),
            score: None,
        }
    }

    /// The result in one sentence.
    pub fn sentence(&self) -> String {
        match self.score {
            Some(score) => format!("{}: {}, with a score of {score}.", self.how, self.title),
            None => format!("{}: {}.", self.how, self.title),
        }
    }
}

#[cfg(test)]
#[path = "victory_tests.rs"]
mod tests;
