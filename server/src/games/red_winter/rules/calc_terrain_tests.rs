use super::super::charts::{TERRAIN_COLUMNS, chart_spec};
use super::*;
use crate::core::domain::Role;
use crate::games::assisted::charts::RawChart;

/// INVENTED test data, not the real Map Key.
fn invented_map_key() -> ChartSet {
    let rows = [
        ("forest", ["2", "P", "P", "yes"]),
        ("frozen lake", ["2", "1", "1", "no"]),
        ("village", ["1", "1", "2", "yes"]),
    ];
    let raw = RawChart {
        rows: rows.iter().map(|(k, _)| (*k).to_string()).collect(),
        columns: TERRAIN_COLUMNS.iter().map(|c| (*c).to_string()).collect(),
        cells: rows
            .iter()
            .map(|(_, c)| c.iter().map(|s| (*s).to_string()).collect())
            .collect(),
    };
    let mut charts = ChartSet::default();
    let spec = chart_spec(TERRAIN).expect("declared");
    charts
        .enter(&spec, raw, Role::Umpire, "setup")
        .expect("entered");
    charts
}

fn entry(terrain: &str, road: Option<OverrunRoad>) -> HexEntry {
    HexEntry {
        terrain: terrain.into(),
        road,
        into_ezoc: false,
        leaving_ezoc: false,
    }
}

fn cost(mover: Mover, e: &HexEntry) -> Option<u32> {
    hex_cost(&invented_map_key(), mover, e)
        .expect("costs")
        .value
}

#[test]
fn the_map_key_roads_and_skis() {
    assert_eq!(cost(Mover::Other, &entry("forest", None)), Some(4));
    assert_eq!(
        cost(Mover::Other, &entry("forest", Some(OverrunRoad::Secondary))),
        Some(1)
    );
    assert_eq!(
        cost(Mover::FinnishSki, &entry("frozen lake", None)),
        Some(2)
    );
    assert_eq!(cost(Mover::Other, &entry("frozen lake", None)), Some(4));
    assert_eq!(half_mp(1), "½");
    assert_eq!(half_mp(3), "1½");
    assert_eq!(half_mp(4), "2");
}

#[test]
fn enemy_zocs_cost_the_terrain_and_one_more_to_leave() {
    let mut into = entry("forest", Some(OverrunRoad::Primary));
    into.into_ezoc = true;
    assert_eq!(cost(Mover::Other, &into), Some(4), "no road into an eZOC");
    let mut out = entry("forest", Some(OverrunRoad::Primary));
    out.leaving_ezoc = true;
    let e = hex_cost(&invented_map_key(), Mover::Other, &out).expect("costs");
    assert_eq!(e.value, Some(3), "½ by road plus 1 to leave");
    assert_eq!(e.steps[1], "leaving an enemy ZOC costs 1 MP more (7.1): 1½");
}

#[test]
fn armor_keeps_to_the_roads_and_villages() {
    assert_eq!(
        cost(Mover::Tank, &entry("forest", Some(OverrunRoad::Secondary))),
        Some(2)
    );
    assert_eq!(
        cost(
            Mover::ArmoredCar,
            &entry("forest", Some(OverrunRoad::Secondary))
        ),
        Some(4)
    );
    assert_eq!(
        cost(
            Mover::ArmoredCar,
            &entry("forest", Some(OverrunRoad::Primary))
        ),
        Some(1)
    );
    assert_eq!(cost(Mover::Tank, &entry("frozen lake", None)), None);
    assert_eq!(cost(Mover::ArmoredCar, &entry("village", None)), Some(4));
    let unknown = hex_cost(&invented_map_key(), Mover::Other, &entry("swamp", None));
    assert!(matches!(unknown, Err(RulesError::Chart(_))));
}
