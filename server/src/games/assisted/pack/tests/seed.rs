//! The shipped Winter War packs checked against the rules' own text (section 25): every setup
//! group's units and hexes, and every reinforcement turn, read from the text here.

use super::super::area::{Area, Condition};
use super::super::{Arrival, Group, Pack, UnitLine, parse};
use super::{WINTER_WAR_FREE_SETUP, WINTER_WAR_HISTORICAL};
use crate::core::domain::Side;
use std::collections::BTreeMap;
use std::path::PathBuf;

const SEED: &str = "004_d072fe9deb67fd84.txt";

/// The rules text, found in `MOTTI_SEEDS`, else in `shared/seeds` beside an ancestor of the
/// crate, else in `/work/shared/seeds` (so a clone made elsewhere still finds it);
/// the test fails, never skips, when it is not there.
fn seed_text() -> String {
    let from_env = std::env::var_os("MOTTI_SEEDS").map(PathBuf::from);
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared").join("seeds"))
        .chain([PathBuf::from("/work/shared/seeds")])
        .find(|dir| dir.join(SEED).is_file());
    let dir = from_env.or(beside).unwrap_or_else(|| {
        panic!("the Winter War rules ({SEED}) are in no shared/seeds beside this tree; set MOTTI_SEEDS to their folder")
    });
    std::fs::read_to_string(dir.join(SEED)).expect("the seed reads")
}

const WORDS: [&str; 10] = [
    "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
];

/// A unit as the text counts it: its printed values ("20-12-2"), or "air" for an air unit.
type Tally = BTreeMap<(String, bool), u32>;

/// The counted items ("Two 20-12-2 Infantry Corps", "One Air Unit") in `text`, with whether
/// each stands inside parentheses.
fn items(text: &str) -> Vec<(u32, String, bool)> {
    let mut found = Vec::new();
    let tokens: Vec<(usize, &str)> = text
        .split_whitespace()
        .scan(0usize, |depth, word| {
            let before = *depth;
            *depth += word.matches('(').count();
            *depth = depth.saturating_sub(word.matches(')').count());
            Some((before + usize::from(word.starts_with('(')), word))
        })
        .collect();
    for (i, (depth, word)) in tokens.iter().enumerate() {
        let word = word.trim_start_matches('(');
        let Some(n) = WORDS.iter().position(|w| *w == word) else {
            continue;
        };
        let Some((_, next)) = tokens.get(i + 1) else {
            continue;
        };
        let next = next.trim_end_matches([',', ')', ':', '.']);
        let what = if next.split('-').count() == 3 {
            next.to_string()
        } else if next == "Air" {
            "air".to_string()
        } else {
            continue;
        };
        found.push((n as u32 + 1, what, *depth > 0));
    }
    found
}

fn tally(list: &[(u32, String, bool)]) -> Tally {
    let mut out = Tally::new();
    for (n, what, bracketed) in list {
        *out.entry((what.clone(), *bracketed)).or_default() += n;
    }
    out
}

/// The text of a setup heading: its own line from the heading on, and the lines after it that
/// count units.
fn group_text<'a>(seed: &'a str, heading: &str) -> (&'a str, Vec<&'a str>) {
    let at = seed
        .find(heading)
        .unwrap_or_else(|| panic!("`{heading}` is in the text"));
    let mut lines = seed[at..].lines();
    let first = lines.next().unwrap_or_default();
    let more = lines
        // A heading may run onto the next line ("... and\n1937): Five 6-6-2 ...") or carry a
        // sentence; the list ends at an empty line or the next heading.
        .take_while(|l| {
            WORDS.iter().any(|w| l.starts_with(&format!("{w} ")))
                || l.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_lowercase())
        })
        .collect();
    (first, more)
}

fn printed(unit: &UnitLine) -> String {
    if unit.unit_type == "air" {
        return "air".into();
    }
    ["af", "df", "mf"]
        .iter()
        .map(|code| {
            unit.values
                .get(*code)
                .map(ToString::to_string)
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether a condition names an option (units of the optional rules are not in section 25).
fn optional(condition: Option<&Condition>) -> bool {
    let mut names = Vec::new();
    if let Some(c) = condition {
        c.names(&mut names);
    }
    names.iter().any(|(is_option, _)| *is_option)
}

/// A group's units that section 25 lists (its optional-rule units left out).
fn group_tally(group: &Group) -> Tally {
    let mut out = Tally::new();
    for unit in group.units.iter().filter(|u| !u.marker) {
        let negated = matches!(&unit.when, Some(Condition::Not(_)));
        if optional(unit.when.as_ref()) && !negated {
            continue;
        }
        *out.entry((printed(unit), false)).or_default() += unit.count;
    }
    out
}

/// The hexes a group's area names through places and hex lists, as printed.
fn named_hexes(pack: &Pack, area: &Area, out: &mut Vec<String>) {
    let place = |code: &str, out: &mut Vec<String>| {
        if let Some(p) = pack.places.iter().find(|p| p.code == code) {
            out.extend(p.hexes.iter().cloned());
        }
    };
    match area {
        Area::Hexes(ids) => out.extend(ids.iter().cloned()),
        Area::Place(code) => place(code, out),
        Area::Places(codes) => codes.iter().for_each(|c| place(c, out)),
        Area::Within { of, .. } => named_hexes(pack, of, out),
        _ => {}
    }
}

fn group<'a>(pack: &'a Pack, code: &str) -> &'a Group {
    pack.setup
        .iter()
        .find(|g| g.code == code)
        .unwrap_or_else(|| panic!("group {code}"))
}

/// Checks that the groups `codes` hold, together, the units the text lists under `heading`,
/// and that the hexes the heading names are those the groups name.
fn check_group(seed: &str, pack: &Pack, heading: &str, codes: &[&str]) {
    let (first, more) = group_text(seed, heading);
    let mut listed = items(first);
    listed.extend(more.iter().flat_map(|l| items(l)));
    let mut ours = Tally::new();
    let mut hexes = Vec::new();
    for code in codes {
        let g = group(pack, code);
        for (k, n) in group_tally(g) {
            *ours.entry(k).or_default() += n;
        }
        named_hexes(pack, &g.area, &mut hexes);
    }
    assert_eq!(ours, tally(&listed), "{heading}");
    let mut printed: Vec<String> = std::iter::once(first)
        .chain(more.iter().copied())
        .collect::<Vec<_>>()
        .join(" ")
        .split(|c: char| !c.is_ascii_digit() && c != '-')
        .filter(|w| w.len() == 4 && w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect();
    printed.sort();
    hexes.sort();
    hexes.dedup();
    assert_eq!(hexes, printed, "{heading}: hexes");
}

/// Each reinforcement turn the text lists for one side, as a tally per turn.
fn schedule(seed: &str, start: &str, end: &str) -> BTreeMap<u32, Tally> {
    let from = seed.find(start).expect("the schedule is in the text");
    let to = from + seed[from..].find(end).expect("the schedule ends");
    let block = &seed[from..to];
    let mut turns = BTreeMap::new();
    for part in block.split("GT ").skip(1) {
        let (number, rest) = part.split_once(':').expect("GT n:");
        let turn: u32 = number.trim().parse().expect("a turn number");
        // The armoured train's placement sentence follows its item; it counts nothing.
        turns.insert(turn, tally(&items(rest)));
    }
    turns
}

/// Each reinforcement turn of `side` in the pack, outside the optional rules.
fn pack_schedule(pack: &Pack, side: Side) -> BTreeMap<u32, Tally> {
    let mut turns: BTreeMap<u32, Tally> = (1..=11).map(|t| (t, Tally::new())).collect();
    for r in pack.reinforcements.iter().filter(|r| r.side == side) {
        if optional(r.when.as_ref()) {
            continue;
        }
        let Arrival::Turn(turn) = r.turn else {
            continue;
        };
        let bracketed = r.when.is_some();
        for unit in &r.units {
            *turns
                .entry(turn)
                .or_default()
                .entry((printed(unit), bracketed))
                .or_default() += unit.count;
        }
    }
    turns
}

fn check_reinforcements(seed: &str, pack: &Pack) {
    let soviet = schedule(
        seed,
        "Soviet Reinforcements: The Soviet",
        "Designer’s Note: The breakdown",
    );
    let finnish = schedule(seed, "GT 1: None\nGT 2: One 0-1-3 HQ", "25.2 Scenario 2");
    assert_eq!(soviet.len(), 11);
    assert_eq!(finnish.len(), 11);
    let drop_empty = |m: BTreeMap<u32, Tally>| -> BTreeMap<u32, Tally> {
        m.into_iter().filter(|(_, t)| !t.is_empty()).collect()
    };
    assert_eq!(
        drop_empty(pack_schedule(pack, Side::Soviet)),
        drop_empty(soviet),
        "Soviet reinforcements"
    );
    assert_eq!(
        drop_empty(pack_schedule(pack, Side::Finnish)),
        drop_empty(finnish),
        "Finnish reinforcements"
    );
}

#[test]
fn the_historical_pack_holds_every_unit_hex_and_reinforcement_of_25_1() {
    let seed = seed_text();
    let pack = parse(WINTER_WAR_HISTORICAL).expect("reads");
    for (heading, codes) in [
        ("Leningrad (Hex 1840):", &["leningrad"][..]),
        ("Peytrozavodsk (Hex 2533):", &["petrozavodsk"]),
        (
            "Belomorsk (Hex 2624) & Kandalaksha (Hex 2116):",
            &["belomorsk_kandalaksha"],
        ),
        ("Murmansk (Hex 2111):", &["murmansk"]),
        ("Mannerheim Line Hexes:", &["mannerheim_line"]),
        ("Oulu (Hex 1123):", &["oulu"]),
        ("Ladoga Line Hexes 2132, 2134:", &["ladoga_line"]),
        ("In any Hex South of the A Line:", &["south_of_a_line"]),
        ("In any Hex North of the A Line:", &["north_of_a_line"]),
        (
            "In any Hex in Finland:",
            &["anywhere_in_finland", "coast_defence"],
        ),
    ] {
        check_group(&seed, &pack, heading, codes);
    }
    check_reinforcements(&seed, &pack);
    // Three air units for the Soviets and one for the Finns, in their displays (25.1.1, 25.1.2).
    assert_eq!(
        group_tally(group(&pack, "soviet_displays")),
        tally(&[(3, "air".into(), false)])
    );
    assert_eq!(
        group_tally(group(&pack, "finnish_displays")),
        tally(&[(1, "air".into(), false)])
    );
}

#[test]
fn the_free_setup_pack_holds_every_unit_and_reinforcement_of_25_2() {
    let seed = seed_text();
    let pack = parse(WINTER_WAR_FREE_SETUP).expect("reads");
    let section = |from: &str, to: &str| -> Tally {
        let a = seed.find(from).expect("section");
        let b = a + seed[a..].find(to).expect("section end");
        tally(&items(&seed[a..b]))
    };
    let soviet = section("Four 0-1-2 HQs", "Soviet Reinforcements: See Scenario 1.");
    let mut ours = group_tally(group(&pack, "soviet_forces"));
    assert_eq!(ours, soviet, "25.2.1");
    let finnish = section(
        "Seven 6-6-2 Infantry Divisions",
        "Finnish Reinforcements: See Scenario 1.",
    );
    ours = group_tally(group(&pack, "finnish_forces"));
    for (k, n) in group_tally(group(&pack, "coast_defence")) {
        *ours.entry(k).or_default() += n;
    }
    assert_eq!(ours, finnish, "25.2.2");
    check_reinforcements(&seed, &pack);
}

#[test]
fn the_reader_of_the_text_counts_what_it_should() {
    let found =
        items("GT 5: (Two 2-1-2 Regiments, One 2-1-3 Tank Brigade) One Air Unit, Six 0-1-0 Coast");
    assert_eq!(
        found,
        vec![
            (2, "2-1-2".to_string(), true),
            (1, "2-1-3".to_string(), true),
            (1, "air".to_string(), false),
            (6, "0-1-0".to_string(), false),
        ]
    );
    assert_eq!(items("Deploy the armored train in any city"), vec![]);
    assert_eq!(
        items("One 4-2-R Armored\nTrain."),
        vec![(1, "4-2-R".to_string(), false)]
    );
}
