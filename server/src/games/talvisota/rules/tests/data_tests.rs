//! The default map and counters, and the checks on an umpire's replacement files.

use crate::core::domain::Side;
use crate::games::talvisota::rules::counters::{CounterSet, UnitKind};
use crate::games::talvisota::rules::map::{ConnectionKind, GameMap, Nation};
use crate::games::talvisota::rules::support::SupportKind;

#[test]
fn default_map_loads_with_the_named_places() {
    let map = GameMap::default_map().expect("default map is valid");
    assert!(map.approximation);
    let value = |id: &str| map.space(id).expect(id).value;
    assert_eq!(value("kotka"), 2);
    assert_eq!(value("koivisto"), 2);
    assert!(map.space("koivisto").expect("koivisto").defence_line > 0);
    for centre in [
        "murmansk",
        "kandalaksha",
        "belomorsk",
        "petrozavodsk",
        "leningrad",
    ] {
        let s = map.space(centre).expect(centre);
        assert!(s.logistics_centre && s.nation == Nation::Soviet, "{centre}");
    }
    let lines: std::collections::BTreeSet<u32> = map
        .spaces
        .iter()
        .map(|s| s.defence_line)
        .filter(|l| *l > 0)
        .collect();
    assert_eq!(lines.len(), 3, "three Finnish defence lines");
    assert!(
        map.connections
            .iter()
            .any(|c| c.kind == ConnectionKind::Rail)
    );
}

#[test]
fn oranienbaum_koivisto_opens_in_march_i_1940() {
    let map = GameMap::default_map().expect("map");
    assert!(!map.adjacent("oranienbaum", "koivisto", 6));
    assert!(map.adjacent("oranienbaum", "koivisto", 7));
    assert!(map.adjacent("koivisto", "oranienbaum", 8));
}

#[test]
fn default_counters_follow_the_orders_of_battle() {
    let set = CounterSet::default_set().expect("default counters are valid");
    let count = |kind: UnitKind, turn: u32| {
        set.units
            .iter()
            .filter(|u| u.kind == kind && u.arrives_turn == turn)
            .map(|u| u.count)
            .sum::<u32>()
    };
    assert_eq!(
        (
            count(UnitKind::Fus, 1),
            count(UnitKind::Eli, 1),
            count(UnitKind::Meca, 1),
            count(UnitKind::Tan, 1)
        ),
        (13, 3, 4, 3)
    );
    assert_eq!(
        (
            count(UnitKind::Fus, 3),
            count(UnitKind::Eli, 3),
            count(UnitKind::Meca, 3),
            count(UnitKind::Tan, 3)
        ),
        (12, 3, 3, 3)
    );
    let finns: u32 = set
        .units
        .iter()
        .filter(|u| u.kind.side() == Side::Finnish)
        .map(|u| u.count)
        .sum();
    assert_eq!(finns, 27);
    let supports = |side: Side| {
        set.supports
            .iter()
            .filter(|s| s.kind.side() == side)
            .map(|s| s.count)
            .sum::<u32>()
    };
    assert_eq!((supports(Side::Soviet), supports(Side::Finnish)), (9, 8));
    assert_eq!(
        set.supports
            .iter()
            .find(|s| s.kind == SupportKind::Meretskov)
            .map(|s| s.arrives_turn),
        Some(3)
    );
    assert_eq!(
        (
            set.entrenchments,
            set.possession_markers,
            set.environment.len()
        ),
        (2, 4, 5)
    );
}

fn map_error(text: &str) -> (usize, String) {
    let e = GameMap::from_toml(text).expect_err("must be refused");
    (e.line, e.message)
}

const TWO: &str = "[[space]]\nid = \"leningrad\"\nnation = \"soviet\"\nfront = \"karelian\"\nlogistics_centre = true\n\n[[space]]\nid = \"helsinki\"\nnation = \"finnish\"\nfront = \"karelian\"\nvalue = 5\n";

#[test]
fn a_connection_to_an_unknown_space_names_its_line() {
    let text =
        format!("{TWO}\n[[connection]]\nfrom = \"leningrad\"\nto = \"tallinn\"\nkind = \"road\"\n");
    let (line, message) = map_error(&text);
    assert_eq!(line, 15);
    assert!(message.contains("tallinn"), "{message}");
}

#[test]
fn an_unreachable_space_names_its_line() {
    let (line, message) = map_error(TWO);
    assert_eq!(line, 7);
    assert!(
        message.contains("helsinki") && message.contains("reached"),
        "{message}"
    );
}

#[test]
fn a_negative_value_names_its_line() {
    let text = TWO.replace("value = 5", "value = -2");
    let (line, message) = map_error(&text);
    assert_eq!(line, 11);
    assert!(message.contains("non-negative"), "{message}");
}

#[test]
fn syntax_errors_name_their_line() {
    assert_eq!(map_error("title = \"x\"\n[space]\n").0, 2);
    assert_eq!(map_error("[[space]]\nid = \"a\nx = 1").0, 2);
    assert_eq!(map_error("[[space]]\nid\n").0, 2);
    let (line, message) = map_error(&format!("{TWO}id = \"again\"\n"));
    assert_eq!(line, 12);
    assert!(
        message.contains("duplicate") && message.contains("`id`"),
        "{message}"
    );
}

#[test]
fn a_valid_small_map_is_accepted() {
    let text = format!(
        "{TWO}\n[[connection]]\nfrom = \"leningrad\"\nto = \"helsinki\"\nkind = \"rail\"\nopens_turn = 3\n"
    );
    let map = GameMap::from_toml(&text).expect("valid");
    assert_eq!(map.connections[0].opens_turn, 3);
    assert!(!map.adjacent("leningrad", "helsinki", 2));
}

#[test]
fn counter_file_errors_name_their_line() {
    let base = "[[unit]]\nside = \"soviet\"\nkind = \"fus\"\nstrength = 2\ncount = 3\n\n[[unit]]\nside = \"finnish\"\nkind = \"div\"\nstrength = 3\ncount = 9\n";
    assert!(CounterSet::from_toml(base).is_ok());
    let e = CounterSet::from_toml(&base.replace("kind = \"div\"", "kind = \"fus\""))
        .expect_err("side mismatch");
    assert_eq!(e.line, 9);
    let e = CounterSet::from_toml(&base.replace("strength = 3", "strength = -3"))
        .expect_err("negative");
    assert_eq!(e.line, 10);
    let e = CounterSet::from_toml(&format!(
        "{base}\n[[support]]\nside = \"finnish\"\nkind = \"nkvd\"\ncount = 1\n"
    ))
    .expect_err("Soviet support on Finnish side");
    assert_eq!(e.line, 15);
    let e = CounterSet::from_toml(&format!(
        "{base}\n[[environment]]\nkind = \"rain\"\ncount = 1\n"
    ))
    .expect_err("unknown marker");
    assert_eq!(e.line, 14);
}

#[test]
fn default_finnish_values_follow_the_weakest_first_order() {
    let set = CounterSet::default_set().expect("counters");
    let worth = |k: UnitKind| {
        set.unit_type(k)
            .map(|u| u.strength + u.bonus + u.enemy_penalty)
            .expect("type")
    };
    let order = [
        UnitKind::Res,
        UnitKind::Sk,
        UnitKind::Wd,
        UnitKind::Sct,
        UnitKind::Div,
    ];
    assert!(
        order
            .windows(2)
            .all(|w| worth(w[0]) <= worth(w[1]) && w[0].weakness_rank() < w[1].weakness_rank())
    );
}
