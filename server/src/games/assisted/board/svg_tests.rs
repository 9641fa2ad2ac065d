use super::{Chit, Counter, Face, Label, Place, Scene, TrackTurn, Tray, render};
use crate::core::domain::Side;
use crate::games::assisted::board::grid::Grid;
use crate::games::assisted::board::symbol::Symbol;
use crate::games::assisted::pack::{self, Pack};
use roxmltree::{Document, Node};

const HOSTILE: &str = "<script>alert(\"x\")</script> & 'Sisu'";

fn example() -> (Pack, Grid) {
    let pack = pack::parse(pack::RED_WINTER_EXAMPLE).expect("example reads");
    let grid = Grid::new(pack.map.clone()).expect("grid");
    (pack, grid)
}

fn shown(name: &str, place: Place, side: Side) -> Counter {
    Counter {
        key: Some(format!("id-{}", name.len())),
        side,
        colour: "#e8eef5".into(),
        ink: "#1a1a1a".into(),
        place,
        face: Face::Shown {
            name: name.into(),
            type_name: "Infantry".into(),
            symbol: Symbol::Infantry,
            letters: String::new(),
            size: "I".into(),
            values: "4-0-5".into(),
            reduced: false,
        },
        chits: Vec::new(),
    }
}

fn blank(place: Place) -> Counter {
    Counter {
        key: None,
        side: Side::Soviet,
        colour: "#c9a27a".into(),
        ink: "#1a1a1a".into(),
        place,
        face: Face::Blank,
        chits: vec![Chit {
            name: "Laager".into(),
            short: String::new(),
            alert: false,
        }],
    }
}

fn scene<'a>(pack: &'a Pack, grid: &'a Grid, counters: Vec<Counter>) -> Scene<'a> {
    Scene {
        title: "Crossroads (made-up example): the board",
        grid,
        terrain: &pack.terrain,
        labels: vec![Label {
            name: "Crossroads village".into(),
            hex: grid.parse("D4").expect("D4"),
        }],
        marks: Vec::new(),
        counters,
        trays: vec![Tray {
            code: "dead_pool".into(),
            name: "Dead Pool".into(),
        }],
        turns: pack
            .turns
            .iter()
            .map(|t| TrackTurn {
                number: t.number,
                label: t.label.clone(),
            })
            .collect(),
        current_turn: Some(2),
    }
}

fn class_is(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

fn all<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants().filter(|n| class_is(n, class)).collect()
}

fn number(node: &Node<'_, '_>, attr: &str) -> f64 {
    node.attribute(attr)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{attr} on {node:?}"))
}

#[test]
fn every_hex_is_drawn_with_its_id_label_and_terrain() {
    let (pack, grid) = example();
    let svg = render(&scene(&pack, &grid, Vec::new()));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("role"), Some("group"));
    let title = root.first_element_child().expect("a title");
    assert_eq!(title.tag_name().name(), "title");
    assert_eq!(
        title.text(),
        Some("Crossroads (made-up example): the board")
    );
    let hexes = all(&doc, "hex");
    assert_eq!(hexes.len(), 64);
    let tab_stops = hexes
        .iter()
        .filter(|h| h.attribute("tabindex") == Some("0"))
        .count();
    assert_eq!(
        tab_stops, 1,
        "one hex takes Tab, the rest are reached by arrows"
    );
    assert!(
        hexes
            .iter()
            .all(|h| h.attribute("tabindex").is_some() && h.attribute("aria-label").is_some())
    );
    let d4 = hexes
        .iter()
        .find(|h| h.attribute("data-hex") == Some("D4"))
        .expect("D4");
    assert_eq!(
        d4.attribute("aria-label"),
        Some("Hex D4: Crossroads village, village")
    );
    let id_text = d4
        .descendants()
        .find(|n| class_is(n, "hex-id"))
        .and_then(|n| n.text());
    assert_eq!(id_text, Some("D4"));
    let fill = |id: &str| {
        hexes
            .iter()
            .find(|h| h.attribute("data-hex") == Some(id))
            .and_then(|h| h.children().find(|n| n.has_tag_name("polygon")))
            .and_then(|p| p.attribute("fill"))
            .map(str::to_string)
    };
    assert_eq!(fill("A1").as_deref(), Some("#b9d4a8"));
    assert_eq!(fill("F2").as_deref(), Some("#dcecf7"));
    assert_eq!(fill("C3").as_deref(), Some("#f4f1e8"));
    assert_eq!(all(&doc, "terrain-road").len(), 4);
    assert_eq!(all(&doc, "terrain-village").len(), 1);
    let place = all(&doc, "place");
    assert_eq!(place.len(), 1);
    assert_eq!(place[0].text(), Some("Crossroads village"));
}

#[test]
fn the_drawing_is_at_one_to_one_so_counters_stay_large_enough_to_tap() {
    let (pack, grid) = example();
    let svg = render(&scene(
        &pack,
        &grid,
        vec![shown(
            "1/JR99",
            Place::Hex(grid.parse("D4").expect("hex")),
            Side::Finnish,
        )],
    ));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let root = doc.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .expect("viewBox")
        .split(' ')
        .map(|v| v.parse().expect("number"))
        .collect();
    assert_eq!((view[0], view[1]), (0.0, 0.0));
    assert_eq!(number(&root, "width"), view[2]);
    assert_eq!(number(&root, "height"), view[3]);
    assert!(view[2] >= 360.0, "fits a phone's width: {}", view[2]);
    for counter in all(&doc, "counter") {
        let rect = counter
            .children()
            .find(|n| n.has_tag_name("rect"))
            .expect("a face");
        assert!(number(&rect, "width") >= 40.0 && number(&rect, "height") >= 40.0);
    }
}

#[test]
fn a_counter_shows_its_side_type_values_reduced_side_and_markers() {
    let (pack, grid) = example();
    let mut c = shown(
        "2/JR99",
        Place::Hex(grid.parse("C3").expect("hex")),
        Side::Finnish,
    );
    if let Face::Shown { reduced, .. } = &mut c.face {
        *reduced = true;
    }
    c.chits = vec![
        Chit {
            name: "Suppressed".into(),
            short: String::new(),
            alert: false,
        },
        Chit {
            name: "Dug-In".into(),
            short: "DI".into(),
            alert: false,
        },
    ];
    let svg = render(&scene(&pack, &grid, vec![c]));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let counter = all(&doc, "counter").pop().expect("a counter");
    // What is printed on it sits beside it in the same piece.
    let piece = all(&doc, "piece").pop().expect("a piece");
    assert_eq!(counter.attribute("data-side"), Some("finnish"));
    assert_eq!(counter.attribute("tabindex"), Some("0"));
    assert_eq!(
        counter.attribute("aria-label"),
        Some("Finnish 2/JR99, Infantry, 4-0-5, reduced; Suppressed; Dug-In")
    );
    let face = counter
        .children()
        .find(|n| n.has_tag_name("rect"))
        .expect("face");
    assert_eq!(face.attribute("fill"), Some("#e8eef5"));
    assert_eq!(
        piece
            .descendants()
            .filter(|n| class_is(n, "reduced"))
            .count(),
        1
    );
    let values = piece
        .descendants()
        .find(|n| class_is(n, "values"))
        .and_then(|n| n.text());
    assert_eq!(values, Some("4-0-5"));
    let symbol = piece
        .descendants()
        .find(|n| class_is(n, "symbol"))
        .expect("symbol");
    // The symbol box and infantry's two crossing lines.
    assert_eq!(
        symbol.children().filter(|n| n.has_tag_name("line")).count(),
        2
    );
    let chits: Vec<String> = piece
        .descendants()
        .filter(|n| class_is(n, "chit"))
        .filter_map(|n| {
            n.descendants()
                .find(|t| t.has_tag_name("text"))
                .and_then(|t| t.text())
                .map(str::to_string)
        })
        .collect();
    assert_eq!(chits, vec!["S".to_string(), "DI".to_string()]);
}

#[test]
fn a_stack_is_fanned_and_counted() {
    let (pack, grid) = example();
    let h5 = grid.parse("H5").expect("hex");
    let counters = (0..6)
        .map(|i| shown(&format!("Company {i}"), Place::Hex(h5), Side::Soviet))
        .collect();
    let svg = render(&scene(&pack, &grid, counters));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let stack = all(&doc, "stack").pop().expect("a stack");
    assert_eq!(stack.attribute("aria-label"), Some("6 units in hex H5"));
    let faces: Vec<(f64, f64)> = stack
        .descendants()
        .filter(|n| class_is(n, "counter"))
        .map(|c| {
            let r = c.children().find(|n| n.has_tag_name("rect")).expect("face");
            (number(&r, "x"), number(&r, "y"))
        })
        .collect();
    assert_eq!(faces.len(), 6);
    // The top counter (drawn last) sits highest; four positions fan out, four pixels apart.
    let xs: Vec<f64> = faces.iter().map(|f| f.0 - faces[5].0).collect();
    assert_eq!(xs, vec![12.0, 12.0, 12.0, 8.0, 4.0, 0.0]);
    let count = stack
        .descendants()
        .find(|n| class_is(n, "count"))
        .and_then(|g| g.descendants().find(|t| t.has_tag_name("text")))
        .and_then(|t| t.text());
    assert_eq!(count, Some("6"));
}

#[test]
fn a_face_down_unit_is_a_blank_counter_of_its_side_and_nothing_more() {
    let (pack, grid) = example();
    let hidden = blank(Place::Hex(grid.parse("H4").expect("hex")));
    let svg = render(&scene(&pack, &grid, vec![hidden]));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let counter = all(&doc, "counter").pop().expect("a counter");
    assert_eq!(
        counter.attribute("aria-label"),
        Some("Soviet unit, face down; Laager")
    );
    assert_eq!(counter.attribute("data-unit"), None);
    let face = counter
        .children()
        .find(|n| n.has_tag_name("rect"))
        .expect("face");
    assert_eq!(face.attribute("fill"), Some("#c9a27a"));
    let piece = all(&doc, "piece").pop().expect("a piece");
    for class in ["symbol", "values", "size", "letters", "reduced"] {
        assert_eq!(
            piece.descendants().filter(|n| class_is(n, class)).count(),
            0,
            "{class}"
        );
    }
    // Its only words: the label, and the visible marker's chit.
    let texts: Vec<&str> = piece
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(texts, vec!["Soviet unit, face down; Laager", "Laager", "L"]);
}

#[test]
fn names_are_escaped_and_never_become_markup() {
    let (pack, grid) = example();
    let mut hostile = shown(
        HOSTILE,
        Place::Hex(grid.parse("B2").expect("hex")),
        Side::Finnish,
    );
    hostile.key = Some("\"><script>".into());
    hostile.colour = "red\" onload=\"alert(1)".into();
    let mut tray_counter = shown(HOSTILE, Place::Box("dead_pool".into()), Side::Finnish);
    tray_counter.chits = vec![Chit {
        name: HOSTILE.into(),
        short: "<b>".into(),
        alert: true,
    }];
    let mut s = scene(&pack, &grid, vec![hostile, tray_counter]);
    s.title = HOSTILE;
    s.labels.push(Label {
        name: HOSTILE.into(),
        hex: grid.parse("A1").expect("hex"),
    });
    s.trays[0].name = HOSTILE.into();
    let svg = render(&s);
    assert!(!svg.contains("<script"), "{svg}");
    assert!(!svg.contains("<b>"));
    assert!(!svg.contains("onload=\""));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    assert!(
        doc.descendants()
            .all(|n| n.tag_name().name() != "script" && n.tag_name().name() != "b")
    );
    assert_eq!(
        doc.root_element()
            .first_element_child()
            .and_then(|t| t.text()),
        Some(HOSTILE)
    );
    let counter = all(&doc, "counter").into_iter().next().expect("counter");
    assert_eq!(counter.attribute("data-unit"), Some("\"><script>"));
    let face = counter
        .children()
        .find(|n| n.has_tag_name("rect"))
        .expect("face");
    assert_eq!(
        face.attribute("fill"),
        Some("#cccccc"),
        "a colour that is not #rrggbb is not used"
    );
    assert!(
        doc.descendants()
            .any(|n| n.is_text() && n.text() == Some(HOSTILE))
    );
}

#[test]
fn boxes_and_the_turn_track_hold_their_counters_below_the_map() {
    let (pack, grid) = example();
    let counters = vec![
        shown("In the pool", Place::Box("dead_pool".into()), Side::Finnish),
        shown("Arriving", Place::Turn(2), Side::Finnish),
        shown(
            "On the map",
            Place::Hex(grid.parse("A1").expect("hex")),
            Side::Finnish,
        ),
        shown("Nowhere", Place::Box("no_such_box".into()), Side::Finnish),
    ];
    let svg = render(&scene(&pack, &grid, counters));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let pool = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("box-dead_pool"))
        .expect("pool");
    assert_eq!(pool.attribute("aria-label"), Some("Dead Pool: 1 unit"));
    let in_pool: Vec<&str> = pool
        .descendants()
        .filter(|n| class_is(n, "counter"))
        .filter_map(|n| n.attribute("aria-label"))
        .collect();
    assert_eq!(in_pool, vec!["Finnish In the pool, Infantry, 4-0-5"]);
    let arriving = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("turn-2"))
        .expect("turn 2's box");
    assert_eq!(
        arriving.attribute("aria-label"),
        Some("Arriving on Morning: 1 unit")
    );
    let turns = all(&doc, "turn");
    assert_eq!(turns.len(), 3);
    let current: Vec<_> = turns.iter().filter(|t| class_is(t, "current")).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(
        current[0].attribute("aria-label"),
        Some("Morning, the turn being played")
    );
    // A counter in a box the pack lacks is not drawn anywhere.
    assert!(!svg.contains("Nowhere"));
    // Boxes lie below every hex.
    let map_bottom = all(&doc, "hex")
        .iter()
        .flat_map(|h| h.children().filter(|n| n.has_tag_name("polygon")))
        .flat_map(|p| {
            p.attribute("points")
                .unwrap_or_default()
                .split(' ')
                .map(|xy| {
                    xy.split(',')
                        .nth(1)
                        .unwrap_or("0")
                        .parse::<f64>()
                        .unwrap_or(0.0)
                })
                .collect::<Vec<_>>()
        })
        .fold(0.0, f64::max);
    let pool_top = pool
        .children()
        .find(|n| n.has_tag_name("rect"))
        .map(|r| number(&r, "y"))
        .expect("rect");
    assert!(pool_top > map_bottom);
}

#[test]
fn winter_war_s_board_draws_its_whole_grid() {
    let pack = pack::parse(pack::WINTER_WAR_HISTORICAL).expect("reads");
    let grid = Grid::new(pack.map.clone()).expect("grid");
    let scene = Scene {
        title: "Winter War, Historical",
        grid: &grid,
        terrain: &pack.terrain,
        labels: pack
            .places
            .iter()
            .map(|p| Label {
                name: p.name.clone(),
                hex: grid.parse(&p.hexes[0]).expect("hex"),
            })
            .collect(),
        marks: Vec::new(),
        counters: Vec::new(),
        trays: Vec::new(),
        turns: Vec::new(),
        current_turn: None,
    };
    let svg = render(&scene);
    let doc = Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(all(&doc, "hex").len(), 30 * 45);
    let leningrad = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("hex-1840"))
        .expect("1840");
    assert_eq!(
        leningrad.attribute("aria-label"),
        Some("Hex 1840: Leningrad")
    );
}

/// A counter that owes losses carries a red chit its owner sees at once, and its label says so.
#[test]
fn losses_owed_are_a_red_chit_on_the_counter_that_owes_them() {
    let (pack, grid) = example();
    let mut c = shown(
        "2/JR99",
        Place::Hex(grid.parse("C3").expect("hex")),
        Side::Finnish,
    );
    c.chits = vec![
        Chit {
            name: "Owes losses".into(),
            short: "!".into(),
            alert: true,
        },
        Chit::named("Suppressed"),
    ];
    let svg = render(&scene(&pack, &grid, vec![c]));
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let alerts = all(&doc, "alert");
    assert_eq!(alerts.len(), 1, "{svg}");
    assert!(class_is(&alerts[0], "chit"));
    let rect = alerts[0]
        .descendants()
        .find(|n| n.has_tag_name("rect"))
        .expect("the chit");
    assert_eq!(rect.attribute("fill"), Some("#b00020"));
    assert_eq!(all(&doc, "chit").len(), 2);
    let counter = all(&doc, "counter").pop().expect("a counter");
    let label = counter.attribute("aria-label").unwrap_or_default();
    assert!(label.ends_with("; Owes losses; Suppressed"), "{label}");
}

#[test]
fn a_marker_on_a_hex_is_outlined_there_and_named_for_a_screen_reader() {
    let (pack, grid) = example();
    let mut s = scene(&pack, &grid, Vec::new());
    s.marks = vec![Label {
        name: "Interdicted".into(),
        hex: grid.parse("D4").expect("D4"),
    }];
    let svg = render(&s);
    let doc = Document::parse(&svg).expect("well-formed SVG");
    let marks = all(&doc, "hex-mark");
    assert_eq!(marks.len(), 1);
    let title = marks[0]
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .expect("a title");
    assert_eq!(title, "Interdicted in D4");
    // The outline lies on D4 itself: its corners average to the hex's centre.
    let outline = marks[0]
        .descendants()
        .find(|n| n.has_tag_name("polygon"))
        .and_then(|n| n.attribute("points"))
        .expect("an outline");
    let corners: Vec<(f64, f64)> = outline
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    let n = corners.len() as f64;
    let centre = (
        corners.iter().map(|c| c.0).sum::<f64>() / n,
        corners.iter().map(|c| c.1).sum::<f64>() / n,
    );
    let d4 = doc
        .descendants()
        .find(|n| n.attribute("data-hex") == Some("D4") && class_is(n, "hex"))
        .expect("hex D4");
    let shape = d4
        .descendants()
        .find(|n| n.has_tag_name("polygon"))
        .and_then(|n| n.attribute("points"))
        .expect("D4's polygon");
    let hex: Vec<(f64, f64)> = shape
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    let hex_centre = (
        hex.iter().map(|c| c.0).sum::<f64>() / 6.0,
        hex.iter().map(|c| c.1).sum::<f64>() / 6.0,
    );
    assert!(
        (centre.0 - hex_centre.0).abs() < 0.5 && (centre.1 - hex_centre.1).abs() < 0.5,
        "{centre:?} against {hex_centre:?}"
    );
    let none = render(&scene(&pack, &grid, Vec::new()));
    assert!(!none.contains("hex-mark\""), "no marker, no outline");
}
