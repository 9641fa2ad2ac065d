//! Scenario packs for the assisted games: a documented, versioned TOML format (read by serde,
//! written back by the same types, so a pack round-trips) that gives a scenario's map grid,
//! terrain, named places and regions, each side's setup in hexes, boxes or placement groups
//! with their constraints, the turn track, the reinforcements with their entry areas and
//! conditions, the victory levels, objectives and sudden death, and the options. Errors name
//! the line and the key. [`loaded::LoadedPack`] answers what the integration asks of a pack.
//!
//! The format is documented in README.md ("Scenario packs for the assisted games") and by the
//! templates under `scenarios/assisted/`.

pub mod area;
mod check;
pub mod error;
pub mod loaded;

use crate::core::domain::{Game, Side};
use crate::games::assisted::board::grid::GridSpec;
use crate::games::assisted::board::symbol::Symbol;
use crate::games::assisted::roster::AttrValue;
use area::{Area, Condition};
use error::{PackError, PackErrors};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The pack format this server reads and writes.
pub const FORMAT: u32 = 1;

/// Winter War's Historical scenario (25.1), as shipped.
pub const WINTER_WAR_HISTORICAL: &str =
    include_str!("../../../../../scenarios/assisted/winter-war-historical.toml");
/// Winter War's Free Setup scenario (25.2), as shipped.
pub const WINTER_WAR_FREE_SETUP: &str =
    include_str!("../../../../../scenarios/assisted/winter-war-free-setup.toml");
/// The template of a Red Winter pack: every field its rules use, values to be entered.
pub const RED_WINTER_TEMPLATE: &str =
    include_str!("../../../../../scenarios/assisted/red-winter-template.toml");
/// A small, made-up Red Winter example.
pub const RED_WINTER_EXAMPLE: &str =
    include_str!("../../../../../scenarios/assisted/red-winter-example.toml");
/// The template of an A Winter War pack.
pub const A_WINTER_WAR_TEMPLATE: &str =
    include_str!("../../../../../scenarios/assisted/a-winter-war-template.toml");
/// A small, made-up A Winter War example.
pub const A_WINTER_WAR_EXAMPLE: &str =
    include_str!("../../../../../scenarios/assisted/a-winter-war-example.toml");

fn is_false(b: &bool) -> bool {
    !*b
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// A whole pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    /// The pack format, [`FORMAT`].
    pub format: u32,
    /// Which game it is for, by code among the product's games.
    #[serde(with = "game_code")]
    pub game: Game,
    /// What the scenario is.
    pub scenario: About,
    /// The map's grid.
    pub map: GridSpec,
    /// How counters print their values.
    pub counters: CounterFace,
    /// The terrain the group has entered, by kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<Terrain>,
    /// Named places: cities, towns, fortification lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Place>,
    /// Named regions: countries, the two sides of a weather line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<Region>,
    /// Off-map boxes and displays beside the turn track.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<OffMapBox>,
    /// Nationalities, with their counters' colours.
    pub nationalities: Vec<Nationality>,
    /// Unit types, with their symbols.
    pub unit_types: Vec<UnitType>,
    /// The game's flags the pack's conditions name (Timoshenko, Finnish morale).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
    /// The options a campaign may choose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OptionSpec>,
    /// The two sides: setup order, where their units set up, colours.
    pub sides: Vec<SideSpec>,
    /// The setup, group by group.
    pub setup: Vec<Group>,
    /// The turn track.
    pub turns: Vec<Turn>,
    /// The reinforcements, turn by turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcement>,
    /// How the game is won.
    pub victory: Victory,
}

/// `[scenario]`: what the scenario is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct About {
    /// Its code, e.g. `historical`.
    pub code: String,
    /// Its name, e.g. "Historical".
    pub name: String,
    /// What it is, in a few sentences.
    pub description: String,
    /// Where in the rules it comes from, e.g. "25.1".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rule: String,
    /// True for an example whose facts are invented: never a published scenario.
    #[serde(default, skip_serializing_if = "is_false")]
    pub made_up: bool,
    /// True for a template whose values are placeholders to be entered.
    #[serde(default, skip_serializing_if = "is_false")]
    pub template: bool,
    /// Special rules and readings, one per entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// `[counters]`: how counters print their values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterFace {
    /// The value codes printed along a counter's foot, in order, e.g. `["af", "df", "mf"]`.
    pub printed: Vec<String>,
    /// What joins them, e.g. `-` for 20-12-2.
    #[serde(default = "dash")]
    pub joiner: String,
}

fn dash() -> String {
    "-".into()
}

/// How a kind of terrain is drawn, which also says whether it lies on hexes or hexsides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Draw {
    /// Fills the hex.
    Fill,
    /// A dot in the hex (a town).
    Dot,
    /// A ring inside the hex's edge (a fortification).
    Ring,
    /// Along the edge two hexes share (a river, a border).
    Edge,
    /// From centre to centre across the edge (a road, a railway).
    Path,
}

impl Draw {
    /// Whether it lies on hexsides rather than hexes.
    pub fn on_hexsides(self) -> bool {
        matches!(self, Draw::Edge | Draw::Path)
    }
}

/// `[[terrain]]`: one kind of terrain and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// Its code, e.g. `forest`.
    pub code: String,
    /// Its name, e.g. "Forest".
    pub name: String,
    /// How it is drawn.
    pub draw: Draw,
    /// Its colour, `#rrggbb`.
    pub colour: String,
    /// The hexes that have it (hex kinds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    /// The hexsides that have it, as pairs of neighbouring hexes (hexside kinds).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<[String; 2]>,
}

/// `[[places]]`: a named place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// Its code, e.g. `leningrad`.
    pub code: String,
    /// Its name, e.g. "Leningrad".
    pub name: String,
    /// What it is, e.g. "city" or "fortification line".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Its hexes.
    pub hexes: Vec<String>,
}

/// `[[regions]]`: a named part of the map. With neither `hexes` nor `area` the pack leaves it
/// for the group to enter from its map, and placements it decides are recorded unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// Its code, e.g. `finland`.
    pub code: String,
    /// Its name, e.g. "Finland".
    pub name: String,
    /// Its hexes, listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    /// Its hexes, as a rule over places and other regions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// Where the region comes from, or what the group should enter.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl Region {
    /// Whether the pack gives the region's hexes.
    pub fn is_given(&self) -> bool {
        !self.hexes.is_empty() || self.area.is_some()
    }
}

/// What an off-map box holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxKind {
    /// Units waiting to arrive.
    Reinforcements,
    /// Units eliminated (a dead pool).
    Eliminated,
    /// Any other display (air and naval staging, a holding box).
    Display,
}

/// `[[boxes]]`: an off-map box or display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffMapBox {
    /// Its code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// What it holds.
    pub kind: BoxKind,
    /// Whose it is, if one side's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Whether the other side may not look inside (Winter War 7.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden_from_enemy: bool,
    /// The rule that gives it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rule: String,
}

/// `[[nationalities]]`: a nationality and its counters' colours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nationality {
    /// Its code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// The side that plays it.
    pub side: Side,
    /// Its counters' colour, `#rrggbb`.
    pub colour: String,
    /// The colour of the print on them, `#rrggbb`.
    pub ink: String,
}

/// `[[unit_types]]`: a unit type and its symbol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Its code.
    pub code: String,
    /// Its name.
    pub name: String,
    /// Its symbol.
    pub symbol: Symbol,
    /// Up to four letters printed in the symbol box (NKVD, HQ).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub letters: String,
}

/// `[[flags]]`: a game flag conditions may name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    /// Its code, as the game declares it.
    pub code: String,
    /// Its name.
    pub name: String,
    /// The rule that sets it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rule: String,
}

/// `[[options]]`: an option a campaign may choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    /// Its code, as the game's options name it.
    pub code: String,
    /// Its name.
    pub name: String,
    /// The rule it comes from.
    pub rule: String,
    /// Chosen unless the campaign says otherwise.
    #[serde(default, skip_serializing_if = "is_false")]
    pub default: bool,
    /// Fixed by the scenario: the campaign may not change it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub locked: bool,
    /// What it does, in a sentence.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// `[[sides]]`: one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Which side.
    pub side: Side,
    /// Its name in this scenario.
    pub name: String,
    /// 1 if it sets up first, 2 if second.
    pub sets_up: u32,
    /// Where every unit of its setup must be (on top of each group's own area).
    #[serde(default, rename = "where", skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// What the rules ask that the server does not check, one per entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One line of units: a count of alike units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitLine {
    /// What they are, e.g. "Infantry Corps".
    pub name: String,
    /// Their type, by code.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// How many.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
    /// Each unit's own name, when the pack gives them (as many as `count`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Their nationality, by code (the side's first nationality if left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nationality: Option<String>,
    /// Their size, e.g. `XXX`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub size: String,
    /// Their printed values by code, e.g. `{ af = 20, df = 12, mf = 2 }`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, AttrValue>,
    /// The values on their reduced side, for units with two steps.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reduced: BTreeMap<String, AttrValue>,
    /// They start on their reduced side.
    #[serde(default, skip_serializing_if = "is_false")]
    pub starts_reduced: bool,
    /// A marker of the game (a turn marker, a naval marker) rather than a unit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub marker: bool,
    /// Only when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Where these units must be, on top of their group's area.
    #[serde(default, rename = "where", skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// A rule or reading about them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// `[[setup]]`: a group of units that set up together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Its code.
    pub code: String,
    /// Whose units they are.
    pub side: Side,
    /// Its name, e.g. "Leningrad group".
    pub name: String,
    /// The rule that places it.
    pub rule: String,
    /// Where its units set up.
    #[serde(rename = "where")]
    pub area: Area,
    /// Only when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// What the rules ask that the server does not check.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The units.
    pub units: Vec<UnitLine>,
}

/// Day or night.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    /// A day turn.
    Day,
    /// A night turn.
    Night,
}

/// `[[turns]]`: one box of the turn track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Its number, from the first turn on, one by one.
    pub number: u32,
    /// Its label, e.g. "GT 1" or "Dec I 39".
    pub label: String,
    /// Day or night, where the rules have them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Light>,
    /// The weather, where the rules fix it by turn.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub weather: String,
    /// The side that plays first this turn, when the track says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Side>,
    /// The track's other entries by code (LOS range, ammunition, replacement points).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, AttrValue>,
    /// The turn is played only when this holds (a variable game length).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// What happens at it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// When reinforcements arrive: a turn, or a turn rolled at the start of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "a turn number or a roll such as { roll = \"1d6\" }"
)]
pub enum Arrival {
    /// On this turn.
    Turn(u32),
    /// On the turn a roll gives.
    Rolled {
        /// The dice, e.g. `1d6`.
        roll: String,
    },
}

/// A change of arrival turn under a condition (A Winter War's Opt F and G: two turns earlier).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shift {
    /// When it applies.
    pub when: Condition,
    /// Turns later (negative: earlier).
    pub turns: i32,
}

/// `[[reinforcements]]`: units that arrive on a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// Whose.
    pub side: Side,
    /// When.
    pub turn: Arrival,
    /// The rule that schedules them.
    pub rule: String,
    /// Where they enter.
    #[serde(rename = "where")]
    pub area: Area,
    /// Only when this holds (at the start of their turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Changes of their turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shifts: Vec<Shift>,
    /// What the rules ask that the server does not check.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The units.
    pub units: Vec<UnitLine>,
}

/// How the victory score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Soviet points less Finnish points.
    SovietMinusFinnish,
    /// Finnish points less Soviet points.
    FinnishMinusSoviet,
}

/// `[victory]`: how the game is won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The rule.
    pub rule: String,
    /// How the score is counted.
    pub score: Score,
    /// What the rules say that the pack cannot (a chart not in the text).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The levels, from the lowest score to the highest, every score in exactly one.
    pub levels: Vec<Level>,
    /// Points for hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    /// Points added or taken for options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<Adjustment>,
    /// Ways to win at once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sudden_death: Vec<SuddenDeath>,
}

/// `[[victory.levels]]`: a level of victory over a band of scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The lowest score in the band; none for the lowest band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
    /// The highest score in the band; none for the highest band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<i64>,
    /// Its name, e.g. "Soviet Strategic Victory".
    pub name: String,
    /// Who wins; none for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
}

/// `[[victory.objectives]]`: points for controlling hexes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Its name.
    pub name: String,
    /// The hexes.
    #[serde(rename = "where")]
    pub area: Area,
    /// The side that scores for controlling them.
    pub side: Side,
    /// The points.
    pub points: i64,
}

/// `[[victory.adjustments]]`: points for an option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    /// The side whose total changes.
    pub side: Side,
    /// Points added (negative: taken away).
    pub points: i64,
    /// When.
    pub when: Condition,
    /// The rule.
    pub rule: String,
    /// Whether it also counts for the historical outcome (A Winter War keeps two totals).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub historical: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// What a sudden death tests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Test {
    /// The side controls every hex of the area.
    ControlAll(Area),
    /// The side's units occupy or are next to at least `at_least` hexes of the area.
    OccupyOrAdjacent {
        /// The hexes.
        area: Area,
        /// How many.
        at_least: u32,
    },
}

/// `[[victory.sudden_death]]`: a way to win at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuddenDeath {
    /// Who wins.
    pub side: Side,
    /// The victory's name.
    pub name: String,
    /// The rule.
    pub rule: String,
    /// The test.
    pub test: Test,
}

/// Reads a pack: its size and nesting measured first, then its TOML, then every reference and
/// bound checked. Errors name the line and the key.
pub fn parse(source: &str) -> Result<Pack, PackErrors> {
    let (pack, tree) = error::read(source)?;
    check::check(&pack).map_err(|faults| error::locate(source, &tree, faults))?;
    Ok(pack)
}

/// Writes a pack back as TOML; reading the text gives the same pack.
pub fn export(pack: &Pack) -> Result<String, PackError> {
    let body = toml::to_string_pretty(pack).map_err(|e| PackError {
        line: 0,
        key: String::new(),
        message: format!("the pack could not be written as TOML: {e}"),
    })?;
    Ok(format!(
        "# A motti scenario pack (format {FORMAT}) for {}: {}.\n\n{body}",
        pack.game.title(),
        pack.scenario.name
    ))
}

/// A pack's game as its code, read among the product's games (`games::registry`).
mod game_code {
    use crate::core::domain::Game;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(game: &Game, s: S) -> Result<S::Ok, S::Error> {
        game.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let code = String::deserialize(d)?;
        crate::games::registry::product_game(&code).ok_or_else(|| {
            let codes: Vec<String> = crate::games::registry::GAMES
                .iter()
                .map(|m| format!("`{}`", m.game().code()))
                .collect();
            D::Error::custom(format!(
                "unknown variant `{code}`, expected one of {}",
                codes.join(", ")
            ))
        })
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_setup;
