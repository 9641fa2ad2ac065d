//! Talvisota's answers to bad input: roles, phases, rules, malformed bodies, bad replacement files.

use super::client::TalvisotaTable;
use crate::common::{error_code, error_message};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Everything a side can read about the game: its JSON view, its events and its page.
#[tokio::test]
async fn wrong_roles_phases_and_rules_are_refused_and_change_nothing() {
    let g = TalvisotaTable::new(None).await;
    let app = &g.app;
    // Before the first turn only the umpire may move the game on.
    for token in [&g.soviet, &g.finn] {
        let (status, body) = g.post(token, "advance", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(error_code(&body), "forbidden");
    }
    g.ok(&g.umpire, "advance", json!({})).await;
    let before = g.view(&g.umpire).await;
    let events_before = g.events(&g.umpire).await.len();
    let version = |c: Value| c["version"].clone();
    let (_, campaign) = app
        .get(&format!("/api/v1/campaigns/{}", g.id), Some(&g.umpire))
        .await;
    let version_before = version(campaign);

    let cases: Vec<(&str, &String, Value, StatusCode, &str)> = [
        wrong_roles(&g),
        wrong_phases(&g),
        against_the_rules(&g),
        wrong_shapes(&g),
    ]
    .into_iter()
    .flatten()
    .collect();
    for (tail, token, body, status, code) in cases {
        let (got, answer) = g.post(token, tail, body).await;
        assert_eq!(got, status, "{tail}: {answer}");
        assert_eq!(error_code(&answer), code, "{tail}: {answer}");
    }
    // A rule refusal names the rule.
    let (_, answer) = g
        .post(
            &g.soviet,
            "organisation",
            json!({"moves": [{"unit": "su-eli-1", "to": "helsinki"}]}),
        )
        .await;
    assert!(error_message(&answer).contains("rule 2.4"));
    // Malformed bodies.
    let url = format!("{}{}", app.url, g.path("organisation"));
    let res = app
        .api()
        .post(&url)
        .bearer_auth(&g.soviet)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .api()
        .post(&url)
        .bearer_auth(&g.soviet)
        .body("{}")
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, _) = app.get(&g.path("events?limit=0"), Some(&g.soviet)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Nothing changed.
    assert_eq!(g.view(&g.umpire).await, before);
    assert_eq!(g.events(&g.umpire).await.len(), events_before);
    let (_, campaign) = app
        .get(&format!("/api/v1/campaigns/{}", g.id), Some(&g.umpire))
        .await;
    assert_eq!(version(campaign), version_before);
    // Outsiders and other games see nothing.
    let (_, stranger) = app.user("stranger").await;
    let (status, _) = app.get(&g.path("view"), Some(&stranger)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let wons = app.campaign(&g.umpire, "wons").await;
    let (status, _) = app
        .get(
            &format!("/api/v1/campaigns/{wons}/talvisota/view"),
            Some(&g.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A request the game refuses: its path's tail, who sends it, its body, and the status and error
/// code of the answer.
type Case<'a> = (&'static str, &'a String, Value, StatusCode, &'static str);

/// Requests from a role the request is not for.
fn wrong_roles(g: &TalvisotaTable) -> Vec<Case<'_>> {
    vec![
        (
            "organisation",
            &g.finn,
            json!({}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "soviet-sheet",
            &g.umpire,
            json!({"allocations": []}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "finnish-sheet",
            &g.soviet,
            json!({"allocations": []}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "harassment",
            &g.soviet,
            json!({}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "combats",
            &g.finn,
            json!({"placement": "x"}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
        (
            "solo",
            &g.finn,
            json!({}),
            StatusCode::FORBIDDEN,
            "forbidden",
        ),
    ]
}

/// Wrong phase: the game waits for the organisation orders.
fn wrong_phases(g: &TalvisotaTable) -> Vec<Case<'_>> {
    vec![
        (
            "soviet-sheet",
            &g.soviet,
            json!({"allocations": []}),
            StatusCode::CONFLICT,
            "wrong_phase",
        ),
        (
            "combats",
            &g.soviet,
            json!({"placement": "placement-t1-s1"}),
            StatusCode::CONFLICT,
            "wrong_phase",
        ),
        (
            "finnish-sheet",
            &g.finn,
            json!({"allocations": []}),
            StatusCode::CONFLICT,
            "wrong_phase",
        ),
        (
            "solo",
            &g.soviet,
            json!({}),
            StatusCode::CONFLICT,
            "wrong_mode",
        ),
    ]
}

/// Against the rules.
fn against_the_rules(g: &TalvisotaTable) -> Vec<Case<'_>> {
    vec![
        (
            "organisation",
            &g.soviet,
            json!({"moves": [{"unit": "su-nothing-9", "to": "leningrad"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_piece",
        ),
        (
            "organisation",
            &g.soviet,
            json!({"moves": [{"unit": "su-eli-1", "to": "helsinki"}]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        (
            "organisation",
            &g.soviet,
            json!({"recover": ["su-eli-1"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unavailable",
        ),
    ]
}

/// Well-formed JSON of the wrong shape.
fn wrong_shapes(g: &TalvisotaTable) -> Vec<Case<'_>> {
    vec![
        (
            "organisation",
            &g.soviet,
            json!({"moves": "everything"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_field",
        ),
        (
            "combats",
            &g.soviet,
            json!({"strategy": "blitz"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_field",
        ),
    ]
}

#[tokio::test]
async fn replacement_maps_and_counters_are_checked_line_by_line() {
    let app = crate::common::TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let create = |scenario: Value| {
        app.post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Replacement", "game": "talvisota", "scenario": scenario}),
        )
    };
    let map = "title = \"Mine\"\napproximation = false\n\n[[space]]\nid = \"a\"\nname = \"A\"\nnation = \"atlantis\"\n";
    let (status, body) = create(json!({"map": map})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "invalid_scenario");
    let message = error_message(&body);
    assert!(message.contains("map, line "), "{message}");
    let (status, body) = create(json!({"counters": "title = \"x\"\n[[unit]]\nkind = 7\n"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("counter set"));
    let (status, body) = create(json!({"solo": "yes please"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = create(json!({"sollo": true})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // The shipped files, sent back as replacements, are accepted and marked as approximations.
    let map = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/talvisota/map.toml"
    ))
    .expect("map file");
    let (status, body) = create(json!({"map": map, "easy_recovery": true})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_str().expect("id");
    let (status, view) = app
        .get(
            &format!("/api/v1/campaigns/{id}/talvisota/view"),
            Some(&umpire),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["board"]["approximate_components"], true);
    assert_eq!(view["role"], "umpire");
    // Every piece carries id, side and kind.
    for list in ["units", "supports", "environment", "entrenchments"] {
        for piece in view[list].as_array().expect("list") {
            for key in ["id", "side", "kind"] {
                assert!(!piece[key].is_null(), "{list} piece without {key}: {piece}");
            }
        }
    }
}

#[tokio::test]
async fn the_api_document_lists_every_talvisota_route() {
    let app = crate::common::TestApp::spawn().await;
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    for tail in [
        "view",
        "events",
        "organisation",
        "soviet-sheet",
        "finnish-sheet",
        "combats",
        "harassment",
        "advance",
        "solo",
    ] {
        let path = format!("/api/v1/campaigns/{{id}}/talvisota/{tail}");
        assert!(doc["paths"][&path].is_object(), "{path} missing");
    }
}
