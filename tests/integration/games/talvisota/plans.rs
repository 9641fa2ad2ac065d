//! Plans a Talvisota player makes from their view, shared by the tests that play whole games
//! and by the benchmark suite, which plays a solo game to its end.

use serde_json::{Value, json};

/// Where a unit stands on the map, if it is on the map.
pub fn at(unit: &Value) -> Option<&str> {
    (unit["location"]["box"] == "space")
        .then(|| unit["location"]["at"].as_str())
        .flatten()
}

/// Whether a unit is on its side's command sheet.
pub fn on_sheet(unit: &Value) -> bool {
    unit["location"]["box"] == "sheet"
}

/// Moves sending every unit on the command sheet of the side's `view` to Leningrad.
pub fn sheet_to_leningrad(view: &Value) -> Vec<Value> {
    view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| on_sheet(u))
        .map(|u| json!({"unit": u["id"], "to": "leningrad"}))
        .collect()
}

/// Who holds a space, as the board shows it.
pub fn soviet_holds(board: &Value, space: &str) -> bool {
    let spaces = board["map"]["spaces"].as_array().expect("spaces");
    let Some(s) = spaces.iter().find(|s| s["id"] == space) else {
        return false;
    };
    if s["nation"] == "soviet" {
        return true;
    }
    let units = board["map_units"].as_array().expect("units");
    let here = |side: &str| {
        units
            .iter()
            .any(|u| u["side"] == side && at(u) == Some(space))
    };
    !here("finnish")
        && (here("soviet")
            || board["possession_markers"]
                .as_array()
                .expect("markers")
                .iter()
                .any(|m| m == space))
}

/// A prudent advance from the space with the most Soviet units into a Finnish-held neighbour
/// across a road or rail, if there is one.
pub fn soviet_plan(view: &Value) -> Option<Value> {
    let board = &view["board"];
    let turn = board["turn"].as_u64().expect("turn");
    let units = view["units"].as_array().expect("units");
    let mut spaces: Vec<(&str, Vec<&str>)> = Vec::new();
    for u in units {
        if let Some(space) = at(u) {
            match spaces.iter_mut().find(|(s, _)| *s == space) {
                Some((_, list)) => list.push(u["id"].as_str().expect("id")),
                None => spaces.push((space, vec![u["id"].as_str().expect("id")])),
            }
        }
    }
    spaces.sort_by_key(|(_, list)| std::cmp::Reverse(list.len()));
    for (from, list) in spaces {
        if !soviet_holds(board, from) {
            continue;
        }
        for c in board["map"]["connections"].as_array().expect("connections") {
            if c["kind"] == "ice" || c["opens_turn"].as_u64().expect("opens") > turn {
                continue;
            }
            let other = if c["from"] == from {
                c["to"].as_str()
            } else if c["to"] == from {
                c["from"].as_str()
            } else {
                None
            };
            let Some(target) = other else { continue };
            if soviet_holds(board, target) {
                continue;
            }
            let engaged: Vec<&str> = list.iter().take(3).copied().collect();
            return Some(json!({"allocations": [{
                "strategy": "prudent_advance", "from": from, "targets": [target], "units": engaged
            }]}));
        }
    }
    None
}
