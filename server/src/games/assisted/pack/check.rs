//! Checks a pack read from TOML: every code well formed and unique, every reference to a
//! place, region, box, unit type, nationality, option or flag known, every hex on the map,
//! every bound kept; each fault by key path.

use super::area::{Area, Condition, region_refs};
use super::error::{Fault, Path};
use super::{Arrival, Draw, Pack, UnitLine};
use crate::core::domain::Side;
use crate::dice::expr::DiceExpression;
use crate::games::assisted::board::grid::{Grid, MAX_REACH};
use crate::games::assisted::refusal::{code_problem, label_problem};
use crate::games::assisted::roster::{AttrValue, MAX_UNITS};
use std::collections::{BTreeMap, BTreeSet};

/// The most entries any one list of a pack may have.
const MAX_ENTRIES: usize = 500;
/// The most hexes or hexsides one list may name (a terrain kind over a whole map).
const MAX_SPOTS: usize = 40_000;
/// The most `within` rules a pack may have (each is a search over the map).
const MAX_WITHINS: usize = 100;
/// The most turns a track may have.
const MAX_TURNS: usize = 200;
/// The largest number of points one entry may give.
const MAX_POINTS: i64 = 10_000;

struct Checker<'a> {
    pack: &'a Pack,
    grid: Option<Grid>,
    faults: Vec<Fault>,
    places: BTreeSet<&'a str>,
    regions: BTreeSet<&'a str>,
    boxes: BTreeSet<&'a str>,
    types: BTreeSet<&'a str>,
    nationalities: BTreeMap<&'a str, Side>,
    options: BTreeSet<&'a str>,
    flags: BTreeSet<&'a str>,
    units: u64,
    withins: usize,
}

/// Every fault of the pack, or nothing.
pub fn check(pack: &Pack) -> Result<(), Vec<Fault>> {
    let mut c = Checker {
        pack,
        grid: None,
        faults: Vec::new(),
        places: codes(&pack.places, |p| &p.code),
        regions: codes(&pack.regions, |r| &r.code),
        boxes: codes(&pack.boxes, |b| &b.code),
        types: codes(&pack.unit_types, |t| &t.code),
        nationalities: pack
            .nationalities
            .iter()
            .map(|n| (n.code.as_str(), n.side))
            .collect(),
        options: codes(&pack.options, |o| &o.code),
        flags: codes(&pack.flags, |f| &f.code),
        units: 0,
        withins: 0,
    };
    c.header();
    c.map();
    c.declarations();
    c.regions();
    c.sides_and_setup();
    c.turns_and_reinforcements();
    c.victory();
    if c.units > MAX_UNITS as u64 {
        c.fault(
            &Path::default().key("setup"),
            format!(
                "the pack has {} units in all; a campaign holds at most {MAX_UNITS}",
                c.units
            ),
        );
    }
    if c.faults.is_empty() {
        Ok(())
    } else {
        Err(c.faults)
    }
}

fn codes<'a, T>(items: &'a [T], code: impl Fn(&'a T) -> &'a String) -> BTreeSet<&'a str> {
    items.iter().map(|i| code(i).as_str()).collect()
}

fn root(key: &str) -> Path {
    Path::default().key(key)
}

impl<'a> Checker<'a> {
    fn fault(&mut self, path: &Path, message: impl Into<String>) {
        self.faults.push(Fault {
            path: path.clone(),
            message: message.into(),
        });
    }

    fn label(&mut self, path: &Path, text: &str, max: usize) {
        if let Some(p) = label_problem(text, max) {
            self.fault(path, p);
        }
    }

    fn code(&mut self, path: &Path, code: &str) {
        if let Some(p) = code_problem(code) {
            self.fault(path, p);
        }
    }

    fn long(&mut self, list: &Path, len: usize) -> bool {
        self.longer_than(list, len, MAX_ENTRIES)
    }

    fn longer_than(&mut self, list: &Path, len: usize, max: usize) -> bool {
        if len > max {
            self.fault(
                list,
                format!("has {len} entries; at most {max} are accepted"),
            );
            return true;
        }
        false
    }

    /// Checks a list of entries with a code and a name each: well formed and unique.
    fn named<T>(&mut self, key: &str, items: &'a [T], parts: impl Fn(&'a T) -> (&'a str, &'a str)) {
        let list = root(key);
        if self.long(&list, items.len()) {
            return;
        }
        let mut seen = BTreeSet::new();
        for (i, item) in items.iter().enumerate() {
            let (code, name) = parts(item);
            let at = list.at(i);
            self.code(&at.key("code"), code);
            if !seen.insert(code) {
                self.fault(&at.key("code"), format!("`{code}` is used twice in {key}"));
            }
            self.label(&at.key("name"), name, 80);
        }
    }

    fn colour(&mut self, path: &Path, text: &str) {
        let ok = text.len() == 7
            && text.starts_with('#')
            && text[1..].chars().all(|c| c.is_ascii_hexdigit());
        if !ok {
            self.fault(
                path,
                format!(
                    "`{}` is not a colour: write it #rrggbb, like #c8102e",
                    cut(text)
                ),
            );
        }
    }

    fn header(&mut self) {
        let p = self.pack;
        if p.format != super::FORMAT {
            self.fault(
                &root("format"),
                format!(
                    "this server reads pack format {}; the pack says {}",
                    super::FORMAT,
                    p.format
                ),
            );
        }
        let assisted: Vec<&str> = crate::games::registry::GAMES
            .iter()
            .filter(|m| m.play().is_some())
            .map(|m| m.game().code())
            .collect();
        if !assisted.contains(&p.game.code()) {
            let (last, others) = assisted.split_last().unwrap_or((&"", &[]));
            self.fault(
                &root("game"),
                format!(
                    "packs of this format are for {} or {last}",
                    others.join(", ")
                ),
            );
        }
        let s = root("scenario");
        self.code(&s.key("code"), &p.scenario.code);
        self.label(&s.key("name"), &p.scenario.name, 80);
        if p.scenario.description.trim().is_empty() || p.scenario.description.chars().count() > 4000
        {
            self.fault(
                &s.key("description"),
                "must say what the scenario is, in at most 4000 characters",
            );
        }
        for (i, note) in p.scenario.notes.iter().enumerate() {
            self.label(&s.key("notes").at(i), note, 1000);
        }
        let c = root("counters");
        if p.counters.printed.len() > 6 {
            self.fault(
                &c.key("printed"),
                "at most 6 values are printed on a counter",
            );
        }
        for (i, code) in p.counters.printed.iter().enumerate() {
            self.code(&c.key("printed").at(i), code);
        }
        if p.counters.joiner.chars().count() > 3
            || p.counters.joiner.chars().any(char::is_alphanumeric)
        {
            self.fault(
                &c.key("joiner"),
                "must be at most 3 marks such as `-`, not letters or digits",
            );
        }
    }

    fn map(&mut self) {
        match Grid::new(self.pack.map.clone()) {
            Ok(grid) => self.grid = Some(grid),
            Err(e) => {
                let mut path = root("map");
                let (key, index) = match e.field.split_once('[') {
                    Some((key, rest)) => (key, rest.trim_end_matches(']').parse().ok()),
                    None => (e.field.as_str(), None),
                };
                path = path.key(key);
                if let Some(i) = index {
                    path = path.at(i);
                }
                self.fault(&path, e.message);
            }
        }
    }

    fn hex(&mut self, path: &Path, id: &str) {
        if let Some(Err(message)) = self.grid.as_ref().map(|g| g.parse(id)) {
            self.fault(path, message);
        }
    }

    fn declarations(&mut self) {
        let p = self.pack;
        self.named("terrain", &p.terrain, |t| (&t.code, &t.name));
        self.named("places", &p.places, |t| (&t.code, &t.name));
        self.named("regions", &p.regions, |t| (&t.code, &t.name));
        self.named("boxes", &p.boxes, |t| (&t.code, &t.name));
        self.named("nationalities", &p.nationalities, |t| (&t.code, &t.name));
        self.named("unit_types", &p.unit_types, |t| (&t.code, &t.name));
        self.named("flags", &p.flags, |t| (&t.code, &t.name));
        self.named("options", &p.options, |t| (&t.code, &t.name));
        for (i, t) in p.terrain.iter().enumerate() {
            let at = root("terrain").at(i);
            self.colour(&at.key("colour"), &t.colour);
            self.terrain_spots(&at, t);
        }
        for (i, place) in p.places.iter().enumerate() {
            let at = root("places").at(i);
            if place.hexes.is_empty() {
                self.fault(&at.key("hexes"), "a place needs at least one hex");
            }
            if !place.kind.is_empty() {
                self.label(&at.key("kind"), &place.kind, 40);
            }
            for (j, id) in place.hexes.iter().enumerate() {
                self.hex(&at.key("hexes").at(j), id);
            }
        }
        for (i, n) in p.nationalities.iter().enumerate() {
            let at = root("nationalities").at(i);
            self.colour(&at.key("colour"), &n.colour);
            self.colour(&at.key("ink"), &n.ink);
        }
        for (i, t) in p.unit_types.iter().enumerate() {
            if t.letters.chars().count() > 4 || t.letters.chars().any(|c| !c.is_alphanumeric()) {
                self.fault(
                    &root("unit_types").at(i).key("letters"),
                    "must be at most 4 letters or digits",
                );
            }
        }
        for (i, o) in p.options.iter().enumerate() {
            self.label(&root("options").at(i).key("rule"), &o.rule, 40);
        }
    }

    fn terrain_spots(&mut self, at: &Path, t: &'a super::Terrain) {
        if self.longer_than(&at.key("hexes"), t.hexes.len(), MAX_SPOTS)
            || self.longer_than(&at.key("sides"), t.sides.len(), MAX_SPOTS)
        {
            return;
        }
        if t.draw.on_hexsides() {
            if !t.hexes.is_empty() {
                self.fault(&at.key("hexes"), "this terrain is drawn on hexsides: list `sides` as pairs of neighbouring hexes");
            }
            for (j, [a, b]) in t.sides.iter().enumerate() {
                let side = at.key("sides").at(j);
                let pair = self.grid.as_ref().map(|g| (g.parse(a), g.parse(b)));
                match pair {
                    Some((Ok(ha), Ok(hb)))
                        if !self
                            .grid
                            .as_ref()
                            .is_some_and(|g| g.layout().adjacent(ha, hb)) =>
                    {
                        self.fault(
                            &side,
                            format!("{a} and {b} are not neighbours, so they share no hexside"),
                        );
                    }
                    Some((Err(m), _)) | Some((_, Err(m))) => self.fault(&side, m),
                    _ => {}
                }
            }
        } else {
            if !t.sides.is_empty() {
                let how = if t.draw == Draw::Fill {
                    "fill"
                } else {
                    "dot or ring"
                };
                self.fault(
                    &at.key("sides"),
                    format!("this terrain is drawn as a {how} in hexes: list `hexes`"),
                );
            }
            for (j, id) in t.hexes.iter().enumerate() {
                self.hex(&at.key("hexes").at(j), id);
            }
        }
    }

    fn regions(&mut self) {
        let p = self.pack;
        for (i, r) in p.regions.iter().enumerate() {
            let at = root("regions").at(i);
            if !r.hexes.is_empty() && r.area.is_some() {
                self.fault(
                    &at.key("area"),
                    "give a region's `hexes` or its `area`, not both",
                );
            }
            if !self.longer_than(&at.key("hexes"), r.hexes.len(), MAX_SPOTS) {
                for (j, id) in r.hexes.iter().enumerate() {
                    self.hex(&at.key("hexes").at(j), id);
                }
            }
            if let Some(area) = &r.area {
                self.area(&at.key("area"), area);
            }
            if !r.note.is_empty() {
                self.label(&at.key("note"), &r.note, 1000);
            }
        }
        // A region may name others, but never itself through them.
        let refs: BTreeMap<&str, Vec<&str>> = p
            .regions
            .iter()
            .map(|r| {
                let mut names = Vec::new();
                if let Some(a) = &r.area {
                    region_refs(a, &mut names);
                }
                (r.code.as_str(), names)
            })
            .collect();
        for (i, r) in p.regions.iter().enumerate() {
            if reaches(
                &refs,
                r.code.as_str(),
                r.code.as_str(),
                &mut BTreeSet::new(),
            ) {
                self.fault(
                    &root("regions").at(i).key("area"),
                    format!("region `{}` is defined through itself", r.code),
                );
            }
        }
    }

    fn area(&mut self, path: &Path, area: &Area) {
        match area {
            Area::Map => {}
            Area::Hexes(ids) => {
                if ids.is_empty() {
                    self.fault(path, "lists no hexes");
                }
                if self.longer_than(path, ids.len(), MAX_SPOTS) {
                    return;
                }
                for (i, id) in ids.iter().enumerate() {
                    self.hex(&path.key("hexes").at(i), id);
                }
            }
            Area::Place(code) => self.known(path, "place", code, &self.places.clone()),
            Area::Places(codes) => {
                if codes.is_empty() {
                    self.fault(path, "lists no places");
                }
                for code in codes {
                    self.known(path, "place", code, &self.places.clone());
                }
            }
            Area::Region(code) => self.known(path, "region", code, &self.regions.clone()),
            Area::InBox(code) => self.known(path, "box", code, &self.boxes.clone()),
            Area::Within { reach, of } => {
                self.withins += 1;
                if self.withins == MAX_WITHINS + 1 {
                    self.fault(
                        path,
                        format!("a pack may have at most {MAX_WITHINS} `within` rules"),
                    );
                }
                if *reach > MAX_REACH {
                    self.fault(
                        &path.key("within").key("reach"),
                        format!("must be at most {MAX_REACH} hexes"),
                    );
                }
                self.area(&path.key("within").key("of"), of);
            }
            Area::AnyOf(list) | Area::AllOf(list) => {
                if list.is_empty() {
                    self.fault(path, "lists no areas");
                }
                let key = if matches!(area, Area::AnyOf(_)) {
                    "any_of"
                } else {
                    "all_of"
                };
                for (i, a) in list.iter().enumerate() {
                    self.area(&path.key(key).at(i), a);
                }
            }
            Area::Except { area, minus } => {
                self.area(&path.key("except").key("area"), area);
                self.area(&path.key("except").key("minus"), minus);
            }
        }
    }

    fn known(&mut self, path: &Path, what: &str, code: &str, among: &BTreeSet<&str>) {
        if !among.contains(code) {
            let list: Vec<&str> = among.iter().copied().take(12).collect();
            self.fault(
                path,
                format!(
                    "there is no {what} `{}` in this pack{}",
                    cut(code),
                    if list.is_empty() {
                        String::new()
                    } else {
                        format!(" (it has {})", list.join(", "))
                    }
                ),
            );
        }
    }

    fn condition(&mut self, path: &Path, condition: &Condition) {
        let mut names = Vec::new();
        condition.names(&mut names);
        for (is_option, code) in names {
            if is_option {
                self.known(path, "option", &code, &self.options.clone());
            } else {
                self.known(path, "flag", &code, &self.flags.clone());
            }
        }
    }

    fn units(&mut self, path: &Path, side: Side, lines: &'a [UnitLine]) {
        if lines.is_empty() {
            self.fault(path, "lists no units");
        }
        if self.long(path, lines.len()) {
            return;
        }
        for (i, u) in lines.iter().enumerate() {
            let at = path.at(i);
            self.label(&at.key("name"), &u.name, 60);
            self.known(
                &at.key("type"),
                "unit type",
                &u.unit_type,
                &self.types.clone(),
            );
            if !(1..=200).contains(&u.count) {
                self.fault(&at.key("count"), "must be 1 to 200");
            }
            self.units += u64::from(u.count);
            if !u.names.is_empty() && u.names.len() != u.count as usize {
                self.fault(
                    &at.key("names"),
                    format!("gives {} names for {} units", u.names.len(), u.count),
                );
            }
            for (j, name) in u.names.iter().enumerate() {
                self.label(&at.key("names").at(j), name, 60);
            }
            if let Some(n) = &u.nationality {
                match self.nationalities.get(n.as_str()) {
                    None => self.known(&at.key("nationality"), "nationality", n, &BTreeSet::new()),
                    Some(s) if *s != side => self.fault(
                        &at.key("nationality"),
                        format!(
                            "`{n}` is played by the {} side, not the {}",
                            s.code(),
                            side.code()
                        ),
                    ),
                    Some(_) => {}
                }
            }
            if !u.size.is_empty() {
                self.label(&at.key("size"), &u.size, 6);
            }
            for (key, values) in [("values", &u.values), ("reduced", &u.reduced)] {
                for (code, value) in values {
                    let v = at.key(key).key(code);
                    self.code(&v, code);
                    match value {
                        AttrValue::Number(n) if n.unsigned_abs() > 1000 => {
                            self.fault(&v, "must be from -1000 to 1000")
                        }
                        AttrValue::Text(t) => self.label(&v, t, 12),
                        AttrValue::Number(_) => {}
                    }
                }
            }
            if let Some(c) = &u.when {
                self.condition(&at.key("when"), c);
            }
            if let Some(a) = &u.area {
                self.area(&at.key("where"), a);
            }
        }
    }

    fn sides_and_setup(&mut self) {
        let p = self.pack;
        let sides: BTreeSet<&str> = p.sides.iter().map(|s| s.side.code()).collect();
        let order: BTreeSet<u32> = p.sides.iter().map(|s| s.sets_up).collect();
        if p.sides.len() != 2 || sides.len() != 2 {
            self.fault(
                &root("sides"),
                "list both sides, soviet and finnish, once each",
            );
        } else if order != BTreeSet::from([1, 2]) {
            self.fault(
                &root("sides"),
                "one side sets up first (sets_up = 1), the other second (2)",
            );
        }
        for (i, s) in p.sides.iter().enumerate() {
            let at = root("sides").at(i);
            self.label(&at.key("name"), &s.name, 80);
            if let Some(a) = &s.area {
                self.area(&at.key("where"), a);
            }
        }
        let list = root("setup");
        if self.long(&list, p.setup.len()) {
            return;
        }
        let mut seen = BTreeSet::new();
        for (i, g) in p.setup.iter().enumerate() {
            let at = list.at(i);
            self.code(&at.key("code"), &g.code);
            if !seen.insert(g.code.as_str()) {
                self.fault(
                    &at.key("code"),
                    format!("`{}` is used twice in setup", g.code),
                );
            }
            self.label(&at.key("name"), &g.name, 80);
            self.area(&at.key("where"), &g.area);
            if let Some(c) = &g.when {
                self.condition(&at.key("when"), c);
            }
            self.units(&at.key("units"), g.side, &g.units);
        }
    }

    fn turns_and_reinforcements(&mut self) {
        let p = self.pack;
        let list = root("turns");
        if p.turns.is_empty() || p.turns.len() > MAX_TURNS {
            self.fault(&list, format!("the track needs 1 to {MAX_TURNS} turns"));
            return;
        }
        let first = p.turns[0].number;
        for (i, t) in p.turns.iter().enumerate() {
            let at = list.at(i);
            if u64::from(t.number) != u64::from(first) + i as u64 {
                self.fault(
                    &at.key("number"),
                    format!(
                        "turns go one by one: expected {}",
                        u64::from(first) + i as u64
                    ),
                );
            }
            self.label(&at.key("label"), &t.label, 30);
            if let Some(c) = &t.when {
                self.condition(&at.key("when"), c);
            }
        }
        let last = u64::from(first) + p.turns.len() as u64 - 1;
        let list = root("reinforcements");
        if self.long(&list, p.reinforcements.len()) {
            return;
        }
        for (i, r) in p.reinforcements.iter().enumerate() {
            let at = list.at(i);
            match &r.turn {
                Arrival::Turn(n) if !(u64::from(first)..=last).contains(&u64::from(*n)) => {
                    self.fault(
                        &at.key("turn"),
                        format!("turn {n} is not on the track, which runs from {first} to {last}"),
                    );
                }
                Arrival::Rolled { roll } => {
                    if let Err(e) = DiceExpression::parse(roll) {
                        self.fault(&at.key("turn").key("roll"), e.to_string());
                    }
                }
                Arrival::Turn(_) => {}
            }
            self.area(&at.key("where"), &r.area);
            if let Some(c) = &r.when {
                self.condition(&at.key("when"), c);
            }
            for (j, s) in r.shifts.iter().enumerate() {
                if s.turns.unsigned_abs() > 20 {
                    self.fault(
                        &at.key("shifts").at(j).key("turns"),
                        "must be from -20 to 20",
                    );
                }
                self.condition(&at.key("shifts").at(j).key("when"), &s.when);
            }
            self.units(&at.key("units"), r.side, &r.units);
        }
    }

    fn victory(&mut self) {
        let v = &self.pack.victory;
        let at = root("victory");
        let levels = at.key("levels");
        if v.levels.is_empty() {
            self.fault(&levels, "list at least one level");
        }
        for (i, l) in v.levels.iter().enumerate() {
            let here = levels.at(i);
            self.label(&here.key("name"), &l.name, 80);
            let first = i == 0;
            let last = i + 1 == v.levels.len();
            if first != l.from.is_none() {
                self.fault(
                    &here.key("from"),
                    "only the lowest level has no `from`: every score must fall in a level",
                );
            }
            if last != l.to.is_none() {
                self.fault(
                    &here.key("to"),
                    "only the highest level has no `to`: every score must fall in a level",
                );
            }
            if let (Some(from), Some(to)) = (l.from, l.to)
                && from > to
            {
                self.fault(
                    &here.key("to"),
                    format!("the band runs from {from} down to {to}"),
                );
            }
            if let (Some(to), Some(next)) = (l.to, v.levels.get(i + 1).and_then(|n| n.from))
                && to.checked_add(1) != Some(next)
            {
                self.fault(
                    &levels.at(i + 1).key("from"),
                    format!(
                        "must be {} (the level before ends at {to}), so no score falls between levels or in two",
                        to.saturating_add(1)
                    ),
                );
            }
        }
        for (i, o) in v.objectives.iter().enumerate() {
            let here = at.key("objectives").at(i);
            self.label(&here.key("name"), &o.name, 80);
            self.area(&here.key("where"), &o.area);
            if o.points.abs() > MAX_POINTS {
                self.fault(
                    &here.key("points"),
                    format!("must be from -{MAX_POINTS} to {MAX_POINTS}"),
                );
            }
        }
        for (i, a) in v.adjustments.iter().enumerate() {
            let here = at.key("adjustments").at(i);
            if a.points.abs() > MAX_POINTS {
                self.fault(
                    &here.key("points"),
                    format!("must be from -{MAX_POINTS} to {MAX_POINTS}"),
                );
            }
            self.condition(&here.key("when"), &a.when);
        }
        for (i, s) in v.sudden_death.iter().enumerate() {
            let here = at.key("sudden_death").at(i);
            self.label(&here.key("name"), &s.name, 80);
            match &s.test {
                super::Test::ControlAll(a) => self.area(&here.key("test").key("control_all"), a),
                super::Test::OccupyOrAdjacent { area, at_least } => {
                    if *at_least == 0 {
                        self.fault(
                            &here.key("test").key("occupy_or_adjacent").key("at_least"),
                            "must be at least 1",
                        );
                    }
                    self.area(
                        &here.key("test").key("occupy_or_adjacent").key("area"),
                        area,
                    );
                }
            }
        }
    }
}

/// Whether `target` is reached from `from` through region references.
fn reaches<'a>(
    refs: &BTreeMap<&'a str, Vec<&'a str>>,
    from: &'a str,
    target: &str,
    seen: &mut BTreeSet<&'a str>,
) -> bool {
    let Some(next) = refs.get(from) else {
        return false;
    };
    next.iter()
        .any(|&n| n == target || (seen.insert(n) && reaches(refs, n, target, seen)))
}

/// At most 40 characters of a hostile text, for sentences.
fn cut(text: &str) -> String {
    text.chars().take(40).collect()
}
