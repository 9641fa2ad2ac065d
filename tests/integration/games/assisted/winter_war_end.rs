//! Winter War from its scenario pack to its end through the API: the historical setup and
//! reinforcements, victory points from a hex the Soviets take, the result of 4.2 after the last
//! game turn, a sudden death victory (4.1) and a ceasefire (17.3).

use super::client::DeskTable;
use crate::common::{Sides, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;

/// The shipped historical pack, as its text.
const HISTORICAL: &str = include_str!("../../../../scenarios/assisted/winter-war-historical.toml");

/// A Combat Results Table. Made up: the seed prints no cells the tests rely on.
const CRT: &str = "roll,≤49%,50-99%,100-199%,≥200%
1,AW,AW,DW,DE
2,AW,DW,DW,DE
3,AW,DW,DW,DE
4,AW,DW,DW,DE
5,AW,DW,DW,DE
6,AW,DW,DW,DE";

/// An event table on which every roll of every game turn gives `event`. Made up: the seed's
/// Random Events Tables are printed on the map, not in the text.
fn every_roll(event: &str) -> String {
    let mut csv = "roll,1-10".to_owned();
    for roll in 1..=6 {
        csv.push_str(&format!("\n{roll},{event}"));
    }
    csv
}

/// The historical pack with the hexes the group would enter from the map, all made up:
/// Oulu (1123) as the one Finnish city, Leningrad, Petrozavodsk and Belomorsk as the Soviet
/// supply cities, and a Victory Point Chart of one line, Viipuri (1633) worth 70 Soviet points.
fn made_up_pack() -> String {
    let text = HISTORICAL
        .replacen(
            "note = \"Enter the hexes of the cities in Finland from the map.\"",
            "hexes = [\"1123\"] # made up",
            1,
        )
        .replacen(
            "note = \"Enter the Soviet cities that print a supply capacity (15.1, 15.3).\"",
            "hexes = [\"1840\", \"2533\", \"2624\"] # made up",
            1,
        )
        .replacen(
            "[[victory.sudden_death]]",
            "[[victory.objectives]] # made up: the map's chart is not in the text\nname = \"Viipuri (made up)\"\nwhere = { place = \"viipuri\" }\nside = \"soviet\"\npoints = 70\n\n[[victory.sudden_death]]",
            1,
        );
    for made in [
        "hexes = [\"1123\"] # made up",
        "hexes = [\"1840\", \"2533\", \"2624\"] # made up",
        "name = \"Viipuri (made up)\"",
    ] {
        assert!(
            text.contains(made),
            "the pack no longer has the line {made} replaces"
        );
    }
    text
}

/// A campaign of the made-up pack, imported and published by an author.
async fn made_up_campaign(suffix: &str) -> DeskTable {
    let app = Arc::new(TestApp::spawn().await);
    let (_, author) = app.user(&format!("author{suffix}")).await;
    let (status, pack) = app
        .post(
            "/api/v1/packs",
            Some(&author),
            json!({"game": "winter_war", "text": made_up_pack()}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    let id = pack["id"].as_str().expect("id").to_owned();
    let (status, body) = app
        .post(
            &format!("/api/v1/packs/{id}/publish"),
            Some(&author),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let campaign = json!({"name": format!("Winter War {suffix}"), "game": "winter_war",
        "scenario": {"pack": id}});
    let t = DeskTable(Sides::open(&app, campaign, suffix).await);
    t.chart("crt", CRT).await;
    t
}

/// Whether a pack's `when` holds at the start with no option chosen and no flag raised.
fn applies(when: Option<&toml::Value>) -> bool {
    match when {
        None => true,
        Some(w) => match w.get("not") {
            Some(inner) => !applies(Some(inner)),
            None => false,
        },
    }
}

/// The units of `side` in the pack's `table` (`setup`, or `reinforcements` of `turn`) that
/// apply with no option chosen, by name (markers are not units).
fn pack_units(side: &str, table: &str, turn: Option<i64>) -> Vec<String> {
    let pack: toml::Table = HISTORICAL.parse().expect("pack");
    let mut names = Vec::new();
    for group in pack[table].as_array().expect("groups") {
        if group["side"].as_str() != Some(side)
            || turn.is_some_and(|t| group["turn"].as_integer() != Some(t))
            || !applies(group.get("when"))
        {
            continue;
        }
        for unit in group
            .get("units")
            .and_then(|u| u.as_array())
            .into_iter()
            .flatten()
        {
            if unit.get("marker").and_then(|m| m.as_bool()) == Some(true)
                || !applies(unit.get("when"))
            {
                continue;
            }
            let count = unit.get("count").and_then(|c| c.as_integer()).unwrap_or(1);
            for _ in 0..count {
                names.push(unit["name"].as_str().expect("name").to_owned());
            }
        }
    }
    names
}

/// The names of the own units in `view`.
fn names(view: &Value) -> Vec<String> {
    view["units"]
        .as_array()
        .expect("units")
        .iter()
        .map(|u| u["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn count(list: &[String], name: &str) -> usize {
    list.iter().filter(|n| *n == name).count()
}

/// The level of 4.2 for a score (Soviet points less Finnish points).
fn level(score: i64) -> &'static str {
    match score {
        101.. => "Soviet Strategic Victory",
        81..=100 => "Soviet Operational Victory",
        61..=80 => "Soviet Tactical Victory",
        31..=60 => "Finnish Morale Victory",
        _ => "Finnish Strategic Victory",
    }
}

/// Moves the unit of `token`'s side named `name` to `hex`; returns the view.
async fn move_to(t: &DeskTable, token: &str, name: &str, hex: &str) -> Value {
    let id = DeskTable::unit_id(&t.table(token).await, name);
    move_id(t, token, &id, hex).await
}

/// Moves unit `id` to `hex` as the holder of `token`; returns the view.
async fn move_id(t: &DeskTable, token: &str, id: &str, hex: &str) -> Value {
    t.expect(
        token,
        Method::PATCH,
        &format!("units/{id}"),
        json!({ "location": hex }),
        StatusCode::OK,
    )
    .await
}

/// Everything after the end is refused: an advance and an action, each with a 409.
async fn nothing_more(t: &DeskTable) {
    let (code, body) = t
        .call(&t.umpire, Method::POST, "table/advance", json!({}))
        .await;
    assert_eq!(code, StatusCode::CONFLICT, "{body}");
    let (code, body) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/ceasefire",
            json!({"call": true}),
        )
        .await;
    assert_eq!(code, StatusCode::CONFLICT, "{body}");
}

/// Advances until turn `turn`'s `phase`, answering nothing but the phases.
async fn advance_to(t: &DeskTable, turn: u64, phase: &str) -> Value {
    for _ in 0..60 {
        let view = t.table(&t.umpire).await;
        if view["turn"] == turn && view["phase"] == phase {
            return view;
        }
        assert_ne!(view["finished"], true, "{view}");
        t.advance(&t.umpire).await;
    }
    panic!("never reached turn {turn}, {phase}");
}

#[tokio::test]
async fn the_historical_scenario_runs_eleven_turns_and_ends_on_the_points_of_4_2() {
    let t = made_up_campaign("points").await;
    // 25.0: every unit of the setup in place, per side.
    let soviet = t.table(&t.soviet).await;
    let finn = t.table(&t.finn).await;
    let soviet_setup = pack_units("soviet", "setup", None);
    let finnish_setup = pack_units("finnish", "setup", None);
    assert_eq!(names(&soviet).len(), soviet_setup.len(), "{soviet_setup:?}");
    assert_eq!(names(&finn).len(), finnish_setup.len(), "{finnish_setup:?}");
    assert_eq!(soviet["turn"], 1);
    assert_eq!(soviet["victory"]["score"], 0, "{}", soviet["victory"]);

    // The Soviets take Viipuri: the made-up chart's 70 points are theirs, and stay theirs
    // when the unit moves on (5.0: control is the side's that entered last).
    move_to(&t, &t.soviet, "Infantry Corps", "1633").await;
    move_to(&t, &t.soviet, "Infantry Corps", "1634").await;
    let view = t.table(&t.finn).await;
    assert_eq!(view["victory"]["soviet"], 70, "{}", view["victory"]);
    assert_eq!(view["victory"]["score"], 70, "{}", view["victory"]);

    // 25.0: the Soviet reinforcements of GT 2 arrive by themselves at its start.
    let before = names(&t.table(&t.soviet).await);
    advance_to(&t, 2, "Finnish Logistics Phase").await;
    let after = names(&t.table(&t.soviet).await);
    let arriving = pack_units("soviet", "reinforcements", Some(2));
    assert!(!arriving.is_empty());
    assert_eq!(after.len(), before.len() + arriving.len(), "{arriving:?}");
    for name in &arriving {
        assert_eq!(
            count(&after, name),
            count(&before, name) + count(&arriving, name),
            "{name}"
        );
    }

    // Every game turn to the last; the game ends after GT 11, on the points (4.2).
    let mut view = Value::Null;
    for _ in 0..400 {
        view = t.advance(&t.umpire).await;
        if view["finished"] == true {
            break;
        }
        assert!(view["turn"].as_u64().expect("turn") <= 11, "{view}");
    }
    assert_eq!(view["finished"], true, "{view}");
    assert_eq!(view["turn"], 11, "{view}");
    let score = view["outcome"]["score"].as_i64().expect("score");
    assert_eq!(score, 70, "{view}");
    assert_eq!(view["outcome"]["title"], level(score), "{view}");
    assert_eq!(view["outcome"]["winner"], "soviet", "{view}");
    nothing_more(&t).await;
}

#[tokio::test]
async fn three_soviet_supply_cities_reached_end_the_game_at_once_4_1() {
    let t = made_up_campaign("sudden").await;
    let view = t.table(&t.finn).await;
    let finns: Vec<String> = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| u["type"] != "air" && !u["name"].to_string().contains("Air"))
        .map(|u| u["id"].as_str().expect("id").to_owned())
        .collect();
    // Next to Leningrad (Finns may not enter it, 18.2), and in Petrozavodsk: two of the three
    // made-up supply cities reached, and the game goes on.
    move_id(&t, &t.finn, &finns[0], "1841").await;
    let view = move_id(&t, &t.finn, &finns[1], "2533").await;
    assert_ne!(view["finished"], true, "{view}");
    // The third, Belomorsk: a Finnish sudden death strategic victory.
    let view = move_id(&t, &t.finn, &finns[2], "2624").await;
    assert_eq!(view["finished"], true, "{view}");
    assert_eq!(
        view["outcome"]["title"], "Finnish Strategic Victory (sudden death)",
        "{view}"
    );
    assert_eq!(view["outcome"]["winner"], "finnish", "{view}");
    assert!(view["outcome"]["score"].is_null(), "{view}");
    let soviet = t.table(&t.soviet).await;
    assert_eq!(soviet["finished"], true);
    nothing_more(&t).await;
}

#[tokio::test]
async fn the_finns_may_call_a_ceasefire_when_it_comes_up_and_the_points_decide_17_3() {
    let t = made_up_campaign("ceasefire").await;
    t.chart("finnish_events", &every_roll("Ceasefire")).await;
    t.chart("soviet_events", &every_roll("No Event")).await;
    // Not yet come up: refused.
    let (code, body) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/ceasefire",
            json!({"call": true}),
        )
        .await;
    assert!(code.is_client_error(), "{code} {body}");
    assert!(
        body.to_string().contains("only when the event comes up"),
        "{body}"
    );
    move_to(&t, &t.soviet, "Infantry Corps", "1633").await;

    advance_to(&t, 1, "Finnish Event Segment").await;
    t.act(&t.finn, "roll-events", json!({})).await;
    // The Soviets may not call it.
    let (code, body) = t
        .call(
            &t.soviet,
            Method::POST,
            "actions/ceasefire",
            json!({"call": true}),
        )
        .await;
    assert!(code.is_client_error(), "{code} {body}");
    assert!(
        body.to_string().contains("Only the Finnish player"),
        "{body}"
    );
    // The Finns play on: the game goes on to the next turn.
    t.act(&t.finn, "ceasefire", json!({"call": false})).await;
    let view = advance_to(&t, 2, "Finnish Event Segment").await;
    assert_ne!(view["finished"], true, "{view}");
    // It comes up again, and this time the Finns call it: the game ends on the points.
    t.act(&t.finn, "roll-events", json!({})).await;
    t.act(&t.finn, "ceasefire", json!({"call": true})).await;
    let view = t.table(&t.umpire).await;
    assert_eq!(view["finished"], true, "{view}");
    assert_eq!(view["turn"], 2, "{view}");
    let score = view["outcome"]["score"].as_i64().expect("score");
    assert_eq!(score, 70, "Viipuri's made-up points: {view}");
    assert_eq!(view["outcome"]["title"], level(score), "{view}");
    assert!(
        view["outcome"].to_string().contains("ceasefire (17.3)"),
        "{view}"
    );
    nothing_more(&t).await;
}
