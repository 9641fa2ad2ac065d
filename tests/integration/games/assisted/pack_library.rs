//! Imported scenario packs through the API: refusals naming the line and key, hostile input,
//! export, replacement, publishing and reuse by another user, and a campaign started from an
//! imported pack with its own copy of the text.

use crate::common::{TestApp, error_code, error_message};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The made-up Red Winter example as shipped.
const EXAMPLE: &str = include_str!("../../../../scenarios/assisted/red-winter-example.toml");

/// The example with a count that is not a number (line 122, `setup[1].units[0].count`).
fn with_mistake() -> String {
    EXAMPLE.replacen("count = 2\n", "count = \"two\"\n", 1)
}

/// The example under another scenario name.
fn renamed(name: &str) -> String {
    EXAMPLE.replacen(
        "name = \"Crossroads (made-up example)\"",
        &format!("name = \"{name}\""),
        1,
    )
}

async fn import(app: &TestApp, token: &str, game: &str, text: &str) -> (StatusCode, Value) {
    app.post(
        "/api/v1/packs",
        Some(token),
        json!({"game": game, "text": text}),
    )
    .await
}

/// The text `GET /api/v1/packs/{id}` answers, with its status and content type.
async fn export(app: &TestApp, token: &str, id: &str) -> (StatusCode, String, String) {
    let res = app
        .api()
        .get(format!("{}/api/v1/packs/{id}", app.url))
        .bearer_auth(token)
        .send()
        .await
        .expect("request");
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (status, kind, res.text().await.expect("text"))
}

#[tokio::test]
async fn an_imported_pack_with_a_mistake_is_refused_naming_its_line_and_key() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("editor").await;
    let (status, body) = import(&app, &token, "red_winter", &with_mistake()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "invalid_pack");
    let message = error_message(&body);
    assert!(message.contains("line 122"), "{message}");
    assert!(message.contains("setup[1].units[0].count"), "{message}");

    // A pack of another game than the one chosen.
    let (status, body) = import(&app, &token, "winter_war", EXAMPLE).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "wrong_game");
    assert!(error_message(&body).contains("Red Winter"), "{body}");

    // Nothing was kept.
    let (_, list) = app.get("/api/v1/packs", Some(&token)).await;
    assert!(
        list.as_array()
            .expect("list")
            .iter()
            .all(|p| p["source"] == "shipped"),
        "{list}"
    );
}

#[tokio::test]
async fn hostile_packs_get_a_clear_422() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("hostile").await;
    let deep = format!(
        "format = 1\nx = {}1{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let huge = format!("format = 1\nx = [{}1]\n", "1, ".repeat(200_000));
    let big_comment = format!("# {}\n", "a".repeat(600 * 1024));
    let nul = EXAMPLE.replacen("made_up = true", "made_up = true\0", 1);
    let bell = EXAMPLE.replacen("[map]", "[map]\u{7}", 1);
    let cases: [(&str, &str, &str); 7] = [
        ("deep nesting", &deep, "nest"),
        ("a huge array", &huge, "512 KiB"),
        ("over 512 KiB", &big_comment, "512 KiB"),
        ("a NUL character", &nul, "U+0000"),
        ("a control character", &bell, "U+0007"),
        ("an empty text", "   \n", "empty"),
        ("not TOML", "this is = = not toml", "line 1"),
    ];
    for (what, text, says) in cases {
        let (status, body) = import(&app, &token, "red_winter", text).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{what}: {body}");
        assert!(error_message(&body).contains(says), "{what}: {body}");
    }
    // A game that takes no pack, and an unknown one.
    for game in ["wons", "chess"] {
        let (status, body) = import(&app, &token, game, EXAMPLE).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{game}: {body}");
        assert_eq!(error_code(&body), "unknown_game", "{body}");
    }
    // A body past any pack's size is refused without a 500.
    let (status, body) = import(&app, &token, "red_winter", &"a".repeat(3 * 1024 * 1024)).await;
    assert!(status.is_client_error(), "{status} {body}");
}

#[tokio::test]
async fn a_pack_exports_as_imported_and_is_replaced_by_its_owner_only() {
    let app = TestApp::spawn().await;
    let (_, owner) = app.user("owner").await;
    let (_, other) = app.user("other").await;
    let (status, pack) = import(&app, &owner, "red_winter", EXAMPLE).await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    assert_eq!(pack["title"], "Crossroads (made-up example)");
    assert_eq!(pack["source"], "mine");
    let id = pack["id"].as_str().expect("id").to_owned();

    let (status, kind, text) = export(&app, &owner, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/toml"), "{kind}");
    assert_eq!(text, EXAMPLE, "the export is the text as imported");

    // Shipped packs and templates export too.
    let (status, _, text) = export(&app, &other, "red-winter-template").await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("game = \"red_winter\""), "{text}");
    let (status, _, _) = export(&app, &other, "winter-war-historical").await;
    assert_eq!(status, StatusCode::OK);

    // Replacing: a mistake changes nothing; a good text replaces the old one.
    let path = format!("/api/v1/packs/{id}");
    let (status, body) = app
        .put(&path, Some(&owner), json!({"text": with_mistake()}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("line 122"), "{body}");
    let (_, _, text) = export(&app, &owner, &id).await;
    assert_eq!(text, EXAMPLE);
    let (status, body) = app
        .put(
            &path,
            Some(&owner),
            json!({"text": renamed("Second crossroads")}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["title"], "Second crossroads");

    // Another user neither sees nor changes an unpublished pack.
    let (status, _, _) = export(&app, &other, &id).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.put(&path, Some(&other), json!({"text": EXAMPLE})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .post(&format!("{path}/publish"), Some(&other), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = export(&app, &other, &uuid::Uuid::new_v4().to_string()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The names of the units on the umpire's roster of campaign `id`.
async fn unit_names(app: &TestApp, token: &str, id: &str) -> Vec<String> {
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}/table"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let mut names: Vec<String> = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter_map(|u| u["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn a_published_pack_starts_another_users_campaign_which_keeps_its_own_copy() {
    let app = TestApp::spawn().await;
    let (_, author) = app.user("author").await;
    let (_, umpire) = app.user("umpire").await;
    let text = EXAMPLE.replacen("1/JR99 (made up)", "1/JR77 (imported)", 1);
    let (_, pack) = import(&app, &author, "red_winter", &text).await;
    let id = pack["id"].as_str().expect("id").to_owned();
    let campaign =
        |name: &str| json!({"name": name, "game": "red_winter", "scenario": {"pack": id}});

    // Not yet published: the umpire may not start from it, and does not see it listed.
    let (status, body) = app
        .post("/api/v1/campaigns", Some(&umpire), campaign("Too early"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_pack");
    let (_, list) = app.get("/api/v1/packs", Some(&umpire)).await;
    assert!(!list.to_string().contains(&id), "{list}");

    let (status, body) = app
        .post(
            &format!("/api/v1/packs/{id}/publish"),
            Some(&author),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["published"], true);
    let (_, list) = app.get("/api/v1/packs", Some(&umpire)).await;
    let listed = list
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["id"] == id.as_str())
        .expect("listed");
    assert_eq!(listed["source"], "published");
    assert_eq!(listed["owner"], "author");

    // Started from it: the setup's units are on the roster, as from a shipped pack.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            campaign("From the library"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let campaign_id = body["id"].as_str().expect("id").to_owned();
    let names = unit_names(&app, &umpire, &campaign_id).await;
    assert!(names.iter().any(|n| n == "1/JR77 (imported)"), "{names:?}");
    assert!(names.iter().any(|n| n == "2/999 (made up)"), "{names:?}");
    let (status, _) = app
        .get(
            &format!("/campaigns/{campaign_id}/board.svg"),
            Some(&umpire),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "the imported pack's board is drawn");

    // The author edits and withdraws the pack: the campaign keeps what it started from.
    let (status, _) = app
        .put(
            &format!("/api/v1/packs/{id}"),
            Some(&author),
            json!({"text": EXAMPLE}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .post(
            &format!("/api/v1/packs/{id}/unpublish"),
            Some(&author),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(unit_names(&app, &umpire, &campaign_id).await, names);
    let (status, _, _) = export(&app, &umpire, &id).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "withdrawn: 404 to others");

    // The author still starts from their own unpublished pack.
    let (status, body) = app
        .post("/api/v1/campaigns", Some(&author), campaign("My own"))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let names = unit_names(&app, &author, body["id"].as_str().expect("id")).await;
    assert!(names.iter().any(|n| n == "1/JR99 (made up)"), "{names:?}");
}
