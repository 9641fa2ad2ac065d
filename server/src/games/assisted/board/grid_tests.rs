use super::{Grid, GridSpec, Numbering};
use crate::games::assisted::board::hex::{Hex, Orientation, Shifted};
use std::collections::BTreeSet;

fn digits(first: &str, last: &str) -> GridSpec {
    GridSpec {
        orientation: Orientation::FlatTop,
        shifted: Shifted::Even,
        numbering: Numbering::Digits,
        prefix: String::new(),
        separator: String::new(),
        column_digits: 2,
        row_digits: 2,
        first: first.into(),
        last: last.into(),
        absent: Vec::new(),
    }
}

fn winter_war() -> Grid {
    Grid::new(digits("0101", "3045")).expect("a good grid")
}

#[test]
fn four_digit_ids_read_and_print_column_then_row() {
    let grid = winter_war();
    let leningrad = grid.parse("1840").expect("Leningrad");
    assert_eq!(leningrad, Hex::new(18, 40));
    assert_eq!(grid.id(leningrad), "1840");
    assert_eq!(grid.id(Hex::new(1, 1)), "0101");
    assert_eq!(grid.parse(" 2111 "), Ok(Hex::new(21, 11)));
    for hex in grid.hexes() {
        assert_eq!(grid.parse(&grid.id(hex)), Ok(hex));
    }
    assert_eq!(grid.hexes().count(), 30 * 45);
}

#[test]
fn malformed_and_off_map_ids_are_refused_with_a_sentence() {
    let grid = winter_war();
    let form = grid.parse("184").expect_err("three digits");
    assert!(form.contains("`184` is not a hex id of this map"), "{form}");
    assert!(form.contains("like 0101"), "{form}");
    assert!(grid.parse("18a0").is_err());
    assert!(grid.parse("").is_err());
    assert!(grid.parse("-1840").is_err());
    assert!(grid.parse("18.40").is_err());
    let off = grid.parse("3146").expect_err("off the map");
    assert_eq!(off, "hex 3146 is off the map, which runs from 0101 to 3045");
    assert!(
        grid.parse("0001")
            .expect_err("row 0")
            .contains("off the map")
    );
    assert!(grid.parse("0100").is_err());
    // A long hostile id is cut in the sentence.
    let long = grid.parse(&"9".repeat(5000)).expect_err("long");
    assert!(long.len() < 200, "{long}");
}

#[test]
fn a_separator_and_a_prefix_are_part_of_the_form() {
    let mut spec = digits("01.01", "20.30");
    spec.separator = ".".into();
    let grid = Grid::new(spec).expect("dotted");
    assert_eq!(grid.parse("18.25"), Ok(Hex::new(18, 25)));
    assert_eq!(grid.id(Hex::new(3, 7)), "03.07");
    let refused = grid.parse("1825").expect_err("no dot");
    assert!(refused.contains("`.`"), "{refused}");

    let mut spec = digits("35:0101", "35:4830");
    spec.prefix = "35:".into();
    let europa = Grid::new(spec).expect("sheet 35");
    assert_eq!(europa.parse("35:2107"), Ok(Hex::new(21, 7)));
    assert_eq!(europa.id(Hex::new(46, 16)), "35:4616");
    assert!(
        europa
            .parse("2107")
            .expect_err("no prefix")
            .contains("`35:`")
    );
    assert!(europa.parse("36:2107").is_err());
}

#[test]
fn letter_columns_read_as_red_winter_writes_them() {
    let mut spec = digits("A1", "AB40");
    spec.numbering = Numbering::LetterNumber;
    spec.row_digits = 0;
    let grid = Grid::new(spec).expect("letters");
    assert_eq!(grid.parse("Q25"), Ok(Hex::new(17, 25)));
    assert_eq!(grid.parse("x1"), Ok(Hex::new(24, 1)));
    assert_eq!(grid.id(Hex::new(13, 16)), "M16");
    assert_eq!(grid.id(Hex::new(27, 3)), "AA3");
    assert_eq!(grid.parse("AB40"), Ok(Hex::new(28, 40)));
    assert_eq!(
        grid.parse("X01"),
        Err("`X01` is written X1 on this map".into())
    );
    assert!(
        grid.parse("AC1")
            .expect_err("column 29")
            .contains("off the map")
    );
    assert!(grid.parse("25Q").is_err());
    assert!(grid.parse("Q").is_err());
    assert!(grid.parse("ÄQ25").is_err());
}

#[test]
fn absent_hexes_are_neither_on_the_map_nor_neighbours() {
    let mut spec = digits("0101", "0505");
    spec.absent = vec!["0205".into(), "0405".into()];
    let grid = Grid::new(spec).expect("with gaps");
    assert!(!grid.contains(Hex::new(2, 5)));
    assert_eq!(
        grid.parse("0205"),
        Err("hex 0205 is not on this map (the map lists it as absent)".into())
    );
    assert_eq!(grid.hexes().count(), 23);
    assert!(!grid.neighbours(Hex::new(2, 4)).contains(&Hex::new(2, 5)));
}

#[test]
fn corner_hexes_have_fewer_neighbours_on_the_map() {
    let grid = winter_war();
    // Column 1 is odd, so not shifted: its top hex touches column 2's top hex only.
    assert_eq!(grid.neighbours(Hex::new(1, 1)).len(), 2);
    // Column 30 is even, shifted down: its top hex touches two hexes of column 29.
    assert_eq!(grid.neighbours(Hex::new(30, 1)).len(), 3);
    assert_eq!(grid.neighbours(Hex::new(30, 45)).len(), 2);
    assert_eq!(grid.neighbours(Hex::new(1, 45)).len(), 3);
    assert_eq!(grid.neighbours(Hex::new(15, 20)).len(), 6);
}

#[test]
fn within_five_hexes_of_a_city_counts_as_the_rules_do() {
    let grid = winter_war();
    let leningrad: BTreeSet<Hex> = [Hex::new(18, 40)].into();
    assert_eq!(grid.within(&leningrad, 5).len(), 91);
    let south: BTreeSet<Hex> = [Hex::new(18, 43)].into();
    let near = grid.within(&south, 5);
    for hex in grid.hexes() {
        assert_eq!(
            near.contains(&hex),
            grid.distance(hex, Hex::new(18, 43)) <= 5,
            "{}",
            grid.id(hex)
        );
    }
    // In the open it is 91 hexes; the map's south edge (row 45) cuts some off.
    assert!(near.len() < 91 && near.len() > 60, "{}", near.len());
    let centre: BTreeSet<Hex> = [Hex::new(15, 20)].into();
    assert_eq!(grid.within(&centre, 5).len(), 91);
    assert_eq!(grid.within(&centre, 0), centre);
    // Two cities: the union of both reaches.
    let both: BTreeSet<Hex> = [Hex::new(26, 24), Hex::new(21, 16)].into();
    let union = grid.within(&both, 5);
    assert!(union.contains(&Hex::new(21, 11)) && union.contains(&Hex::new(30, 24)));
    assert!(!union.contains(&Hex::new(21, 10)));
}

#[test]
fn a_bad_description_names_its_field() {
    let err = Grid::new(digits("3045", "0101")).expect_err("reversed");
    assert_eq!(err.field, "last");
    let err = Grid::new(digits("0101", "0101x")).expect_err("bad last");
    assert_eq!(err.field, "last");
    assert!(err.message.contains("0101x"), "{}", err.message);
    let mut spec = digits("001001", "250100");
    spec.column_digits = 3;
    spec.row_digits = 3;
    let err = Grid::new(spec.clone()).expect_err("too big");
    assert!(
        err.message.contains("250 columns; at most 200"),
        "{}",
        err.message
    );
    let mut spec = digits("0101", "0505");
    spec.separator = "x".into();
    assert_eq!(
        Grid::new(spec.clone()).expect_err("letter").field,
        "separator"
    );
    spec.separator.clear();
    spec.prefix = "<svg>".into();
    assert_eq!(Grid::new(spec.clone()).expect_err("markup").field, "prefix");
    spec.prefix = "35".into();
    assert_eq!(
        Grid::new(spec.clone()).expect_err("runs on").field,
        "prefix"
    );
    spec.prefix.clear();
    spec.absent = vec!["0101".into(), "0909".into()];
    assert_eq!(Grid::new(spec).expect_err("absent off").field, "absent[1]");
}
