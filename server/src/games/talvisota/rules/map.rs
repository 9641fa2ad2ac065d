//! The Talvisota map: spaces, connections, fronts and logistics centres, loaded and checked from TOML.

use super::datafile::{self, DataTable};
use super::error::DataError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A space's identifier, e.g. `koivisto`.
pub type SpaceId = String;

/// The most spaces a map may have (the published map has about fifty).
pub const MAX_SPACES: usize = 500;
/// The most connections a map may have.
pub const MAX_CONNECTIONS: usize = 2_000;
/// The largest drawing position across or down.
pub const MAX_POSITION: u32 = 10_000;
/// The largest defensive value of a space.
pub const MAX_VALUE: u32 = 99;

/// The default map shipped with the server (an approximation, not the published map).
pub const DEFAULT_MAP_TOML: &str = include_str!("../../../../../scenarios/talvisota/map.toml");

/// Whose territory a space is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    /// A red space: Soviet territory.
    Soviet,
    /// A blue space: a Finnish city.
    Finnish,
}

/// One of the three Soviet fronts (rule 1.1); every space belongs to one.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Front {
    /// Murmansk and Kandalaksha; one combat strategy box.
    Lapland,
    /// Belomorsk and Petrozavodsk; two boxes.
    Ladoga,
    /// Leningrad; two boxes.
    Karelian,
}

impl Front {
    /// Every front, north to south.
    pub const ALL: [Front; 3] = [Front::Lapland, Front::Ladoga, Front::Karelian];

    /// The front's name: "Lapland", "Ladoga", "Karelian".
    pub fn name(self) -> &'static str {
        match self {
            Front::Lapland => "Lapland",
            Front::Ladoga => "Ladoga",
            Front::Karelian => "Karelian",
        }
    }

    /// How many combat strategy boxes each command sheet has for this front (rule 1.5).
    pub fn strategy_boxes(self) -> usize {
        match self {
            Front::Lapland => 1,
            Front::Ladoga | Front::Karelian => 2,
        }
    }

    fn parse(text: &str, line: usize) -> Result<Self, DataError> {
        match text {
            "lapland" => Ok(Front::Lapland),
            "ladoga" => Ok(Front::Ladoga),
            "karelian" => Ok(Front::Karelian),
            _ => Err(DataError::at(
                line,
                format!("front `{text}` must be lapland, ladoga or karelian"),
            )),
        }
    }
}

/// What a connection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConnectionKind {
    /// A trail or road.
    Road,
    /// A railway.
    Rail,
    /// A route across the frozen gulf.
    Ice,
}

/// One space of the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Space {
    /// Identifier.
    pub id: SpaceId,
    /// Printed name.
    pub name: String,
    /// Soviet (red) or Finnish (blue).
    pub nation: Nation,
    /// The front it belongs to.
    pub front: Front,
    /// Defensive value and morale loss when seized (Finnish spaces only, rule 1.3.1).
    pub value: u32,
    /// 0 for none, else which Finnish defence line (dotted outline, rule 8) it is on.
    pub defence_line: u32,
    /// A Soviet logistics centre (rule 1.1).
    pub logistics_centre: bool,
    /// Drawing position across.
    pub x: u32,
    /// Drawing position down.
    pub y: u32,
}

/// A connection between two spaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Connection {
    /// One end.
    pub from: SpaceId,
    /// The other end.
    pub to: SpaceId,
    /// Road, rail or ice.
    pub kind: ConnectionKind,
    /// The first turn it can be used (1 = December I 1939).
    pub opens_turn: u32,
}

/// The whole map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameMap {
    /// A title for pages.
    pub title: String,
    /// True when this is not the published map (pages must say so).
    pub approximation: bool,
    /// Every space, in file order.
    pub spaces: Vec<Space>,
    /// Every connection, in file order.
    pub connections: Vec<Connection>,
}

impl GameMap {
    /// The default map.
    pub fn default_map() -> Result<GameMap, DataError> {
        GameMap::from_toml(DEFAULT_MAP_TOML)
    }

    /// Reads and checks a map file; the error names the line to fix.
    pub fn from_toml(text: &str) -> Result<GameMap, DataError> {
        let tables = datafile::parse(text)?;
        let mut map = GameMap {
            title: String::from("Talvisota map"),
            approximation: false,
            spaces: Vec::new(),
            connections: Vec::new(),
        };
        let mut lines: BTreeMap<SpaceId, usize> = BTreeMap::new();
        for table in &tables {
            match table.name.as_str() {
                "" => {
                    map.title = table.text_or("title", "Talvisota map")?;
                    map.approximation = table.flag_or("approximation", false)?;
                }
                "space" => {
                    if map.spaces.len() == MAX_SPACES {
                        return Err(DataError::at(
                            table.line,
                            format!("a map has at most {MAX_SPACES} spaces"),
                        ));
                    }
                    let space = read_space(table)?;
                    if lines.insert(space.id.clone(), table.line).is_some() {
                        return Err(DataError::at(
                            table.line,
                            format!("space `{}` is defined twice", space.id),
                        ));
                    }
                    map.spaces.push(space);
                }
                "connection" => {
                    if map.connections.len() == MAX_CONNECTIONS {
                        return Err(DataError::at(
                            table.line,
                            format!("a map has at most {MAX_CONNECTIONS} connections"),
                        ));
                    }
                    map.connections.push(read_connection(table, &lines)?);
                }
                other => {
                    return Err(DataError::at(
                        table.line,
                        format!("unknown table [[{other}]]: use [[space]] or [[connection]]"),
                    ));
                }
            }
        }
        check_map(&map, &tables, &lines)?;
        Ok(map)
    }

    /// The space with this id.
    pub fn space(&self, id: &str) -> Option<&Space> {
        self.spaces.iter().find(|s| s.id == id)
    }

    /// The spaces connected to `id` by a connection open on `turn`.
    pub fn neighbours(&self, id: &str, turn: u32) -> Vec<&str> {
        self.connections
            .iter()
            .filter(|c| c.opens_turn <= turn.max(1))
            .filter_map(|c| {
                if c.from == id {
                    Some(c.to.as_str())
                } else if c.to == id {
                    Some(c.from.as_str())
                } else {
                    None
                }
            })
            .collect()
    }

    /// The kind of the connection joining `a` and `b` open on `turn`, if any.
    pub fn connection_kind(&self, a: &str, b: &str, turn: u32) -> Option<ConnectionKind> {
        self.connections
            .iter()
            .filter(|c| c.opens_turn <= turn.max(1))
            .find(|c| (c.from == a && c.to == b) || (c.from == b && c.to == a))
            .map(|c| c.kind)
    }

    /// Whether `a` and `b` are joined by a connection open on `turn`.
    pub fn adjacent(&self, a: &str, b: &str, turn: u32) -> bool {
        self.neighbours(a, turn).contains(&b)
    }
}

fn read_space(table: &DataTable) -> Result<Space, DataError> {
    let (id, _) = table.text("id")?;
    let (nation_text, nation_line) = table.text("nation")?;
    let nation = match nation_text.as_str() {
        "soviet" => Nation::Soviet,
        "finnish" => Nation::Finnish,
        _ => {
            return Err(DataError::at(
                nation_line,
                format!("nation `{nation_text}` must be soviet or finnish"),
            ));
        }
    };
    let (front_text, front_line) = table.text("front")?;
    let defence_line = table.count_or("defence_line", 0)?;
    if defence_line > 3 {
        return Err(DataError::at(
            table.line,
            format!("space `{id}`: defence_line must be 0 to 3"),
        ));
    }
    let logistics_centre = table.flag_or("logistics_centre", false)?;
    if logistics_centre && nation != Nation::Soviet {
        return Err(DataError::at(
            table.line,
            format!("space `{id}`: only Soviet spaces can be logistics centres"),
        ));
    }
    Ok(Space {
        name: table.text_or("name", &id)?,
        nation,
        front: Front::parse(&front_text, front_line)?,
        value: table.count_or_at_most("value", 0, MAX_VALUE)?,
        defence_line,
        logistics_centre,
        x: table.count_or_at_most("x", 0, MAX_POSITION)?,
        y: table.count_or_at_most("y", 0, MAX_POSITION)?,
        id,
    })
}

fn read_connection(
    table: &DataTable,
    lines: &BTreeMap<SpaceId, usize>,
) -> Result<Connection, DataError> {
    let (from, from_line) = table.text("from")?;
    let (to, to_line) = table.text("to")?;
    for (end, line) in [(&from, from_line), (&to, to_line)] {
        if !lines.contains_key(end) {
            return Err(DataError::at(
                line,
                format!("connection joins `{end}`, which is not a space defined above"),
            ));
        }
    }
    if from == to {
        return Err(DataError::at(
            table.line,
            format!("connection joins `{from}` to itself"),
        ));
    }
    let (kind_text, kind_line) = table.text("kind")?;
    let kind = match kind_text.as_str() {
        "road" => ConnectionKind::Road,
        "rail" => ConnectionKind::Rail,
        "ice" => ConnectionKind::Ice,
        _ => {
            return Err(DataError::at(
                kind_line,
                format!("kind `{kind_text}` must be road, rail or ice"),
            ));
        }
    };
    let opens_turn = table.count_or("opens_turn", 1)?;
    if !(1..=8).contains(&opens_turn) {
        return Err(DataError::at(
            table.line,
            "opens_turn must be 1 to 8".to_string(),
        ));
    }
    Ok(Connection {
        from,
        to,
        kind,
        opens_turn,
    })
}

fn check_map(
    map: &GameMap,
    tables: &[DataTable],
    lines: &BTreeMap<SpaceId, usize>,
) -> Result<(), DataError> {
    if map.space("helsinki").is_none() {
        return Err(DataError::at(
            0,
            "the map needs a space with id `helsinki` (rule 1.2)".to_string(),
        ));
    }
    if !map.spaces.iter().any(|s| s.logistics_centre) {
        return Err(DataError::at(
            0,
            "the map needs at least one Soviet logistics centre (rule 1.1)".to_string(),
        ));
    }
    let mut seen = BTreeSet::new();
    for (connection, table) in map
        .connections
        .iter()
        .zip(tables.iter().filter(|t| t.name == "connection"))
    {
        let key = if connection.from < connection.to {
            (connection.from.clone(), connection.to.clone())
        } else {
            (connection.to.clone(), connection.from.clone())
        };
        if !seen.insert(key) {
            return Err(DataError::at(
                table.line,
                format!(
                    "`{}`–`{}` is connected twice",
                    connection.from, connection.to
                ),
            ));
        }
    }
    // Every space must be reachable from the first one, counting connections not yet open.
    let Some(first) = map.spaces.first() else {
        return Err(DataError::at(0, "the map has no spaces".to_string()));
    };
    let mut neighbours: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for c in &map.connections {
        neighbours.entry(&c.from).or_default().push(&c.to);
        neighbours.entry(&c.to).or_default().push(&c.from);
    }
    let mut reached = BTreeSet::from([first.id.as_str()]);
    let mut queue = VecDeque::from([first.id.as_str()]);
    while let Some(id) = queue.pop_front() {
        for next in neighbours.get(id).into_iter().flatten() {
            if reached.insert(next) {
                queue.push_back(next);
            }
        }
    }
    for space in &map.spaces {
        if !reached.contains(space.id.as_str()) {
            let line = lines.get(&space.id).copied().unwrap_or(0);
            return Err(DataError::at(
                line,
                format!(
                    "space `{}` cannot be reached from `{}` by any connection",
                    space.id, first.id
                ),
            ));
        }
    }
    Ok(())
}
