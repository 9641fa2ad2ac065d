//! Hostile data files: deep nesting, huge sizes, NUL and odd values are refused with a line, never a crash.

use crate::core::nesting::{MAX_BYTES, MAX_DEPTH};
use crate::games::talvisota::rules::counters::CounterSet;
use crate::games::talvisota::rules::datafile::{DataValue, parse};
use crate::games::talvisota::rules::map::GameMap;

#[test]
fn ten_thousand_deep_arrays_and_inline_tables_are_refused_by_depth() {
    for open in ["[", "{a = "] {
        let close = if open == "[" { "]" } else { "}" };
        let text = format!(
            "title = \"x\"\nx = {}{}\n",
            open.repeat(10_000),
            close.repeat(10_000)
        );
        let e = GameMap::from_toml(&text).expect_err("too deep");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("10000 deep"), "{}", e.message);
        let e = CounterSet::from_toml(&text).expect_err("too deep");
        assert_eq!(e.line, 2);
    }
}

#[test]
fn the_toml_parser_itself_stops_deep_nesting_without_recursing() {
    // The limit holds even without the scanner in front: the crate refuses past its own depth.
    let text = format!("x = {}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert!(toml::de::DeTable::parse(&text).is_err());
    let text = format!("x = {}1{}", "{a = ".repeat(10_000), "}".repeat(10_000));
    assert!(toml::de::DeTable::parse(&text).is_err());
}

#[test]
fn nesting_up_to_the_limit_is_read() {
    let text = format!("x = {}1{}\n", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let tables = parse(&text).expect("within the limit");
    let mut value = &tables[0].fields[0].value;
    let mut depth = 0;
    while let DataValue::List(items) = value {
        depth += 1;
        value = &items[0];
    }
    assert_eq!((depth, value), (MAX_DEPTH, &DataValue::Integer(1)));
}

#[test]
fn a_huge_file_is_refused_before_parsing() {
    let text = format!("title = \"{}\"\n", "a".repeat(MAX_BYTES));
    let e = GameMap::from_toml(&text).expect_err("too large");
    assert_eq!(e.line, 0);
    assert!(e.message.contains("at most"), "{}", e.message);
}

#[test]
fn nul_and_control_characters_are_refused_with_their_line() {
    for bad in ["\0", "\u{1b}", "\u{7f}"] {
        let text = format!("title = \"x\"\n[[space]]\nid = \"a{bad}b\"\n");
        let e = GameMap::from_toml(&text).expect_err("control character");
        assert_eq!(e.line, 3, "{bad:?}: {}", e.message);
    }
    let e = GameMap::from_toml("title = \"x\"\n\0\n").expect_err("bare NUL");
    assert_eq!(e.line, 2);
}

#[test]
fn invalid_utf8_never_reaches_the_parser() {
    // Uploads arrive as JSON or form strings; bytes that are not UTF-8 cannot become a `&str`.
    let bytes: &[u8] = b"title = \"\xff\xfe\"\n";
    assert!(toml::from_slice::<toml::Table>(bytes).is_err());
}

#[test]
fn plain_tables_floats_and_dates_are_refused_with_their_line() {
    let e = GameMap::from_toml("title = \"x\"\n\n[space]\nid = \"a\"\n").expect_err("[space]");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("[[name]]"), "{}", e.message);
    for value in ["1.5", "1979-05-27", "99999999999999999999", "{ a = 1 }"] {
        let e = parse(&format!("[[space]]\nid = \"a\"\nx = {value}\n")).expect_err(value);
        assert_eq!(e.line, 3, "{value}: {}", e.message);
        assert!(e.message.contains("`x`"), "{value}: {}", e.message);
    }
}

#[test]
fn tables_keep_file_order_and_lines() {
    let text = "title = \"t\"\n[[space]]\nid = \"a\"\n[[connection]]\nfrom = \"a\"\n[[space]]\nid = \"b\"\n";
    let tables = parse(text).expect("valid");
    let order: Vec<(&str, usize)> = tables.iter().map(|t| (t.name.as_str(), t.line)).collect();
    assert_eq!(
        order,
        [("", 0), ("space", 2), ("connection", 4), ("space", 6)]
    );
    assert_eq!(tables[3].fields[0].line, 7);
}

#[test]
fn every_number_at_its_extremes_is_refused_or_read_and_set_up_never_a_crash() {
    use crate::games::talvisota::rules::counters::DEFAULT_COUNTERS_TOML;
    use crate::games::talvisota::rules::map::DEFAULT_MAP_TOML;
    use crate::games::talvisota::rules::{GameOptions, new_game};
    for (file, text) in [
        ("map", DEFAULT_MAP_TOML),
        ("counters", DEFAULT_COUNTERS_TOML),
    ] {
        let numbers = crate::core::lines::whole_numbers(text);
        assert!(numbers.len() > 20, "the {file} file's numbers are found");
        for range in numbers {
            let line = text[..range.start].matches('\n').count() + 1;
            for extreme in ["0", "101", "4294967295", "18446744073709551615"] {
                let changed = format!("{}{extreme}{}", &text[..range.start], &text[range.end..]);
                let set_up = std::panic::catch_unwind(|| {
                    let (map, counters) = match file {
                        "map" => (GameMap::from_toml(&changed)?, CounterSet::default_set()?),
                        _ => (GameMap::default_map()?, CounterSet::from_toml(&changed)?),
                    };
                    new_game(map, counters, GameOptions::default());
                    Ok::<_, crate::games::talvisota::rules::DataError>(())
                });
                assert!(
                    set_up.is_ok(),
                    "{file} line {line} set to {extreme} crashed"
                );
            }
        }
    }
}

#[test]
fn counts_that_would_lay_out_more_counters_than_a_game_are_refused() {
    for (text, words) in [
        (
            "[[unit]]\nside = \"soviet\"\nkind = \"fus\"\nstrength = 3\ncount = 101\n",
            "at most 100",
        ),
        (
            "[[unit]]\nside = \"soviet\"\nkind = \"fus\"\nstrength = 100\ncount = 1\n",
            "at most 99",
        ),
        ("possession_markers = 4294967295\n", "at most 100"),
    ] {
        let e = CounterSet::from_toml(text).expect_err(words);
        assert!(e.message.contains(words), "{}", e.message);
    }
    let many =
        "[[unit]]\nside = \"soviet\"\nkind = \"fus\"\nstrength = 3\ncount = 100\n".repeat(10);
    let e = CounterSet::from_toml(&many).expect_err("1,000 counters");
    assert!(
        e.message.contains("more than 1000 counters"),
        "{}",
        e.message
    );
    assert_eq!(e.line, 46);
}

#[test]
fn escaped_control_characters_and_long_texts_are_refused_with_their_line() {
    for text in [
        "title = \"a\\u0000b\"",
        "title = \"a\\nb\"",
        "title = \"a\\u001bb\"",
    ] {
        let e = GameMap::from_toml(&format!("\n{text}\n")).expect_err(text);
        assert_eq!(e.line, 2, "{text}");
        assert!(e.message.contains("control character"), "{}", e.message);
    }
    let e = GameMap::from_toml(&format!("title = \"{}\"\n", "a".repeat(201))).expect_err("long");
    assert!(e.message.contains("at most 200"), "{}", e.message);
}
