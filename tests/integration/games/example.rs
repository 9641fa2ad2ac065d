//! The example game joins a server by one line in its list of games, and is then created,
//! joined and played over HTTP like any game; a server without that line does not know it.

use crate::common::TestApp;
use motti::games::example::EXAMPLE;
use motti::games::registry::{GAMES, Module};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::LazyLock;

/// The product's games and the example game.
static PLAYED: LazyLock<Vec<&'static dyn Module>> = LazyLock::new(|| {
    GAMES
        .iter()
        .copied()
        .chain([&EXAMPLE as &dyn Module]) // The one line that adds the game.
        .collect()
});

fn unit(id: &str, side: &str, name: &str, strength: i64, hex: &str) -> Value {
    json!({
        "id": id, "side": side, "name": name, "unit_type": "infantry",
        "attributes": {"strength": strength}, "location": hex, "markers": [],
    })
}

/// Two units a side and the fire table: what the example game starts from.
fn scenario() -> Value {
    json!({
        "units": [
            unit("9a3f0c1e5b7d4e2f8a6c0b1d3e5f7a9c", "soviet", "1st Rifle Company", 6, "B2"),
            unit("1b2c3d4e5f60718293a4b5c6d7e8f901", "soviet", "Tank Platoon Zhukov", 3, "B3"),
            unit("4d1e6f2a-3b7c-4d8e-9f0a-1b2c3d4e5f60", "finnish", "Ski Patrol Kivi", 4, "C2"),
            unit("7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b", "finnish", "Gun Battery Sisu", 2, "C2"),
        ],
        "fire_table": {
            "rows": ["1", "2", "3", "4", "5", "6"],
            "columns": ["weak", "strong"],
            "cells": cells(),
        },
    })
}

/// The fire table's cells, row by row (weak, strong).
fn cells() -> Value {
    json!([
        ["none", "none"],
        ["none", "none"],
        ["none", "suppressed"],
        ["none", "suppressed"],
        ["suppressed", "suppressed"],
        ["suppressed", "eliminated"],
    ])
}

/// `role`'s view of the example campaign `id`, through its holder's `token`.
async fn view(app: &TestApp, id: &str, token: &str, role: &str) -> Value {
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{id}/example"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body[role].clone()
}

async fn end_phase(app: &TestApp, id: &str, token: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/campaigns/{id}/example/end-phase"),
        Some(token),
        json!({}),
    )
    .await
}

#[tokio::test]
async fn the_example_game_added_by_one_line_is_created_joined_and_played_over_http() {
    let app = TestApp::spawn_playing(&PLAYED).await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("ivan").await;
    let (_, finn) = app.user("finn").await;

    // The new-campaign form offers it, by the title it declares.
    let browser = app.signed_in("umpire", "test").await;
    let form = app.html(&browser, "/campaigns").await;
    assert!(
        form.contains(r#"<option value="example">The example game</option>"#),
        "the form offers the example game"
    );

    let (status, created) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Kollaa", "game": "example", "scenario": scenario()}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["game"], "example", "{created}");
    assert_eq!(created["module"]["available"], true, "{created}");

    app.join(&umpire, &id, &soviet, "soviet").await;
    app.join(&umpire, &id, &finn, "finnish").await;

    // Each side sees its own units by name and the enemy's only through the fog of war.
    let red = view(&app, &id, &soviet, "Soviet").await;
    let text = red.to_string();
    assert!(text.contains("1st Rifle Company"), "{text}");
    assert!(!text.contains("Ski Patrol Kivi"), "{text}");
    assert_eq!(red["enemy"].as_array().expect("enemy").len(), 2, "{red}");
    let white = view(&app, &id, &finn, "Finnish").await;
    let text = white.to_string();
    assert!(text.contains("Gun Battery Sisu"), "{text}");
    assert!(!text.contains("Tank Platoon Zhukov"), "{text}");
    assert_eq!(white["turn"]["waiting"], json!(["soviet", "finnish"]));

    // Both sides end the orders phase; the umpire's combat phase follows.
    let (status, answered) = end_phase(&app, &id, &soviet).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    assert_eq!(answered["Soviet"]["turn"]["waiting"], json!(["finnish"]));
    let (status, again) = end_phase(&app, &id, &soviet).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    let white = view(&app, &id, &finn, "Finnish").await;
    assert_eq!(white["turn"]["waiting"], json!(["finnish"]), "{white}");
    let (status, answered) = end_phase(&app, &id, &finn).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    let umpire_view = view(&app, &id, &umpire, "Umpire").await;
    assert_eq!(umpire_view["turn"]["waiting"], json!(["umpire"]));
    assert_eq!(umpire_view["units"].as_array().expect("units").len(), 4);
    let red = view(&app, &id, &soviet, "Soviet").await;
    assert_eq!(red["turn"]["waiting"], json!(["umpire"]), "{red}");

    // The campaign list names its game; another game's routes answer 404 for it.
    let (status, list) = app.get("/api/v1/campaigns", Some(&soviet)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list[0]["game"], "example", "{list}");
    let (status, _) = app
        .get(&format!("/api/v1/campaigns/{id}/talvisota"), Some(&soviet))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_server_without_the_line_does_not_know_the_example_game() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Kollaa", "game": "example", "scenario": scenario()}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, _) = app
        .post(
            "/api/v1/campaigns/00000000-0000-0000-0000-000000000000/example/end-phase",
            Some(&umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
