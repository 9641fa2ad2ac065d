use super::area::{Facts, Spot, Verdict};
use super::error::{LineIndex, MAX_ERRORS};
use super::loaded::LoadedPack;
use super::{
    A_WINTER_WAR_EXAMPLE, A_WINTER_WAR_TEMPLATE, RED_WINTER_EXAMPLE, RED_WINTER_TEMPLATE,
    WINTER_WAR_FREE_SETUP, WINTER_WAR_HISTORICAL, export, parse,
};
use crate::games::assisted::board::hex::Hex;
use std::collections::BTreeSet;

mod seed;

const SHIPPED: [(&str, &str); 6] = [
    ("winter-war-historical", WINTER_WAR_HISTORICAL),
    ("winter-war-free-setup", WINTER_WAR_FREE_SETUP),
    ("red-winter-template", RED_WINTER_TEMPLATE),
    ("red-winter-example", RED_WINTER_EXAMPLE),
    ("a-winter-war-template", A_WINTER_WAR_TEMPLATE),
    ("a-winter-war-example", A_WINTER_WAR_EXAMPLE),
];

pub(super) fn loaded(text: &str) -> LoadedPack {
    LoadedPack::read(text).unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| (*c).to_string()).collect()
}

pub(super) fn facts<'a>(options: &'a BTreeSet<String>, flags: &'a BTreeSet<String>) -> Facts<'a> {
    Facts { options, flags }
}

/// Checks where `unit` of `group` may be placed, hex by hex.
pub(super) fn check_placements(
    pack: &LoadedPack,
    group: &super::Group,
    unit: &super::UnitLine,
    cases: &[(&str, Verdict)],
) {
    for (id, verdict) in cases {
        let spot = Spot::Hex(pack.grid.parse(id).expect("hex"));
        assert_eq!(pack.placement(group, unit, &spot), *verdict, "{id}");
    }
}

/// The first error of `text`, as (line, key, message).
fn refusal(text: &str) -> (usize, String, String) {
    let errors = parse(text).expect_err("refused");
    let e = &errors.0[0];
    (e.line, e.key.clone(), e.message.clone())
}

#[test]
fn every_shipped_pack_reads_and_round_trips_through_export() {
    for (name, text) in SHIPPED {
        let pack = parse(text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let written = export(&pack).expect("written");
        let again = parse(&written).unwrap_or_else(|e| panic!("{name} again:\n{e}\n{written}"));
        assert_eq!(again, pack, "{name}");
        assert!(
            written.starts_with("# A motti scenario pack (format 1)"),
            "{name}"
        );
    }
}

#[test]
fn templates_and_examples_say_what_they_are() {
    for (name, text) in SHIPPED {
        let about = parse(text).expect("reads").scenario;
        assert_eq!(about.template, name.ends_with("template"), "{name}");
        assert_eq!(about.made_up, name.ends_with("example"), "{name}");
        if about.made_up {
            assert!(about.name.contains("made-up"), "{name}: {}", about.name);
        }
    }
    assert_eq!(
        parse(RED_WINTER_TEMPLATE).expect("rw").game.code(),
        "red_winter"
    );
    assert_eq!(
        parse(A_WINTER_WAR_EXAMPLE).expect("aww").game.code(),
        "a_winter_war"
    );
}

#[test]
fn a_syntax_error_names_its_line() {
    let text = WINTER_WAR_HISTORICAL.replacen("[map]", "[map\n", 1);
    let line = text.lines().position(|l| l == "[map").expect("there") + 1;
    let (at, _, message) = refusal(&text);
    assert_eq!(at, line, "{message}");
}

#[test]
fn a_wrong_type_or_unknown_key_names_the_line_and_the_key() {
    let text = RED_WINTER_EXAMPLE.replacen("count = 2", "count = \"two\"", 1);
    let line = text
        .lines()
        .position(|l| l == "count = \"two\"")
        .expect("there")
        + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!(
        (at, key.as_str()),
        (line, "setup[1].units[0].count"),
        "{message}"
    );
    // Said in words, not in the program's type names.
    assert!(
        message.contains("expected a whole number, 0 or more") && !message.contains("u32"),
        "{message}"
    );

    let text = RED_WINTER_EXAMPLE.replacen("last = \"H8\"", "last = \"H8\"\ncolumns = 8", 1);
    let line = text
        .lines()
        .position(|l| l == "columns = 8")
        .expect("there")
        + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!(at, line, "{key}: {message}");
    assert!(message.contains("unknown field `columns`"), "{message}");

    let text = RED_WINTER_EXAMPLE
        .replacen("made_up = true\n", "", 1)
        .replacen("name = \"Crossroads (made-up example)\"\n", "", 1);
    let (_, key, message) = refusal(&text);
    assert!(message.contains("missing field `name`"), "{key}: {message}");
}

#[test]
fn a_bad_hex_or_reference_names_the_line_and_the_key() {
    let text = RED_WINTER_EXAMPLE.replacen(
        "where = { hexes = [\"H4\", \"H5\"] }",
        "where = { hexes = [\"H4\", \"J5\"] }",
        1,
    );
    let line = text
        .lines()
        .position(|l| l.contains("\"J5\""))
        .expect("there")
        + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!((at, key.as_str()), (line, "setup[1].where.hexes[1]"));
    assert_eq!(message, "hex J5 is off the map, which runs from A1 to H8");

    let text = RED_WINTER_EXAMPLE.replacen(
        "{ place = \"crossroads\" } } }",
        "{ place = \"kitchen\" } } }",
        1,
    );
    let line = text
        .lines()
        .position(|l| l.contains("\"kitchen\""))
        .expect("there")
        + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!((at, key.as_str()), (line, "setup[0].where.within.of"));
    assert!(
        message.contains("there is no place `kitchen`") && message.contains("crossroads"),
        "{message}"
    );

    let text = RED_WINTER_EXAMPLE.replacen("type = \"mg\"", "type = \"tank\"", 1);
    let (_, key, message) = refusal(&text);
    assert_eq!(key, "setup[1].units[1].type");
    assert!(message.contains("no unit type `tank`"), "{message}");

    let text =
        RED_WINTER_EXAMPLE.replacen("sides = [[\"D1\", \"D2\"]", "sides = [[\"D1\", \"D3\"]", 1);
    let (_, key, message) = refusal(&text);
    assert_eq!(key, "terrain[3].sides[0]");
    assert!(message.contains("not neighbours"), "{message}");
}

#[test]
fn a_turn_that_is_neither_a_number_nor_a_roll_says_what_it_may_be() {
    let text = RED_WINTER_EXAMPLE.replacen("turn = 2\n", "turn = \"soon\"\n", 1);
    let line = text
        .lines()
        .position(|l| l == "turn = \"soon\"")
        .expect("there")
        + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!(
        (at, key.as_str()),
        (line, "reinforcements[0].turn"),
        "{message}"
    );
    assert!(message.contains("a turn number or"), "{message}");
}

#[test]
fn every_line_taken_out_of_a_pack_is_read_or_refused_with_a_line_on_the_text() {
    // Each line of the example left out in turn: never a panic, and every error points into
    // the text that was given.
    let lines: Vec<&str> = RED_WINTER_EXAMPLE.lines().collect();
    for i in 0..lines.len() {
        let text = [&lines[..i], &lines[i + 1..]].concat().join("\n");
        if let Err(errors) = parse(&text) {
            for e in errors.0 {
                assert!(e.line <= lines.len(), "without line {}: {e}", i + 1);
                assert!(!e.message.is_empty());
            }
        }
    }
}

#[test]
fn victory_levels_must_cover_every_score_once() {
    let text = RED_WINTER_EXAMPLE.replacen("from = 5", "from = 6", 1);
    let line = text.lines().position(|l| l == "from = 6").expect("there") + 1;
    let (at, key, message) = refusal(&text);
    assert_eq!((at, key.as_str()), (line, "victory.levels[1].from"));
    assert!(message.contains("must be 5"), "{message}");
}

#[test]
fn many_faults_are_reported_each_with_its_line_up_to_a_limit() {
    let bad: Vec<String> = (0..3000).map(|i| format!("\"Z{i}\"")).collect();
    let text = RED_WINTER_EXAMPLE.replacen(
        "hexes = [\"A1\", \"A2\", \"B1\", \"G7\", \"H8\"]",
        &format!("hexes = [\n{}\n]", bad.join(",\n")),
        1,
    );
    let errors = parse(&text).expect_err("refused").0;
    assert_eq!(errors.len(), MAX_ERRORS, "{errors:?}");
    let first = text.lines().position(|l| l == "\"Z0\",").expect("there") + 1;
    for (i, e) in errors.iter().enumerate() {
        assert_eq!(e.line, first + i, "{e}");
        assert_eq!(e.key, format!("terrain[0].hexes[{i}]"));
    }
}

#[test]
fn line_starts_are_found_by_search() {
    let text = "a\nbb\n\nccc\n";
    let index = LineIndex::new(text);
    assert_eq!(
        (0..text.len()).map(|i| index.line(i)).collect::<Vec<_>>(),
        vec![1, 1, 2, 2, 2, 3, 4, 4, 4, 4]
    );
    let long = "x\n".repeat(200_000);
    let index = LineIndex::new(&long);
    assert_eq!(index.line(long.len() - 1), 200_000);
    assert_eq!(index.line(0), 1);
}

#[test]
fn hostile_texts_are_refused_before_parsing() {
    let deep = format!("format = 1\nx = {}{}", "[".repeat(40), "]".repeat(40));
    let errors = parse(&deep).expect_err("deep").0;
    assert_eq!(errors[0].line, 2);
    assert!(
        errors[0].message.contains("40 deep"),
        "{}",
        errors[0].message
    );

    let huge = format!("{WINTER_WAR_HISTORICAL}\n#{}", "x".repeat(600 * 1024));
    let errors = parse(&huge).expect_err("huge").0;
    assert!(
        errors[0].message.contains("at most 512 KiB"),
        "{}",
        errors[0].message
    );

    let nul =
        WINTER_WAR_HISTORICAL.replacen("name = \"Historical\"", "name = \"Histo\u{0}rical\"", 1);
    let line = nul
        .lines()
        .position(|l| l.contains('\u{0}'))
        .expect("there")
        + 1;
    let errors = parse(&nul).expect_err("nul").0;
    assert_eq!(errors[0].line, line);
    assert!(
        errors[0].message.contains("U+0000"),
        "{}",
        errors[0].message
    );

    assert!(parse("").is_err());
    assert!(parse("format = 1").is_err());
}

/// The example on a 200 by 100 map with `regions` regions, each the whole map widened by 60.
fn widened(regions: usize) -> String {
    let mut text = RED_WINTER_EXAMPLE.replacen("last = \"H8\"", "last = \"GR100\"", 1);
    for i in 0..regions {
        text.push_str(&format!(
            "\n[[regions]]\ncode = \"r{i}\"\nname = \"Region {i}\"\narea = {{ within = {{ reach = 60, of = \"map\" }} }}\n"
        ));
    }
    text
}

#[test]
fn a_large_map_with_many_rules_is_bounded() {
    let many = widened(101);
    let errors = parse(&many).expect_err("too many searches").0;
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("at most 100 `within` rules")),
        "{errors:?}"
    );
    let pack = loaded(&widened(10));
    assert_eq!(pack.grid.hexes().count(), 20_000);
    let everywhere = Spot::Hex(Hex::new(200, 100));
    assert_eq!(pack.region_verdict("r9", &everywhere), Verdict::Inside);
    let too_big = RED_WINTER_EXAMPLE.replacen("last = \"H8\"", "last = \"GR101\"", 1);
    let errors = parse(&too_big).expect_err("too many hexes").0;
    assert!(errors[0].message.contains("at most 20000"), "{errors:?}");
}
