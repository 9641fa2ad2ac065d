//! Imported scenario packs through the API: refusals naming the line and key, hostile input,
//! export, replacement, publishing and reuse by another user, and a campaign started from an
//! imported pack with its own copy of the text; the same for a Winter of No Surrender pack and a
//! Talvisota counter set.

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
    // The same limits hold whichever game's reader the text is for.
    for game in ["red_winter", "wons", "talvisota"] {
        for (what, text, says) in &cases {
            let (status, body) = import(&app, &token, game, text).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{game}, {what}: {body}"
            );
            assert!(
                error_message(&body).contains(says),
                "{game}, {what}: {body}"
            );
        }
    }
    // An unknown game.
    let (status, body) = import(&app, &token, "chess", EXAMPLE).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_game", "{body}");
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

/// The WoNS demonstration pack as shipped.
const WONS: &str = include_str!("../../../../scenarios/wons-demo.toml");

/// Talvisota's default counter set as shipped.
const COUNTERS: &str = include_str!("../../../../scenarios/talvisota/counters.toml");

/// Publishes pack `id` of `owner`.
async fn publish(app: &TestApp, owner: &str, id: &str) {
    let (status, body) = app
        .post(
            &format!("/api/v1/packs/{id}/publish"),
            Some(owner),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The view of campaign `id` of `game` as `token` reads it, as text.
async fn game_view(app: &TestApp, token: &str, id: &str, game: &str) -> String {
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}/{game}/view"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view.to_string()
}

#[tokio::test]
async fn a_wons_pack_is_imported_published_and_another_user_starts_from_it() {
    let app = TestApp::spawn().await;
    let (_, author) = app.user("author").await;
    let (_, umpire) = app.user("umpire").await;

    // A mistake is refused by the WoNS reader, naming the line and the key.
    let mistake = WONS.replacen("start_hour = 6", "start_hour = \"six\"", 1);
    let (status, body) = import(&app, &author, "wons", &mistake).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "invalid_pack");
    let message = error_message(&body);
    assert!(message.contains("line 36"), "{message}");
    assert!(message.contains("start_hour"), "{message}");

    // A good one: kept, listed with its game, exported as sent.
    let text = WONS.replacen("name = \"Forest Road\"", "name = \"Ravine Track\"", 1);
    let (status, pack) = import(&app, &author, "wons", &text).await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    assert_eq!(pack["game"], "wons");
    assert_eq!(pack["title"], "The Road to Rautu (demonstration)");
    let id = pack["id"].as_str().expect("id").to_owned();
    let (status, _, exported) = export(&app, &author, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(exported, text, "the export is the text as imported");

    // Unpublished: 404 to another user, and not theirs to start from.
    let (status, _, _) = export(&app, &umpire, &id).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let campaign = |name: &str| json!({"name": name, "game": "wons", "scenario": {"pack": id}});
    let (status, body) = app
        .post("/api/v1/campaigns", Some(&umpire), campaign("Too early"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_pack");

    publish(&app, &author, &id).await;
    let (_, list) = app.get("/api/v1/packs", Some(&umpire)).await;
    let listed = list
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["id"] == id.as_str())
        .expect("listed");
    assert_eq!(
        (&listed["game"], &listed["source"]),
        (&json!("wons"), &json!("published"))
    );

    // Started from it: the campaign's ladder is the pack's.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            campaign("From the library"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let campaign_id = body["id"].as_str().expect("id").to_owned();
    let view = game_view(&app, &umpire, &campaign_id, "wons").await;
    assert!(view.contains("Ravine Track"), "{view}");
    assert!(!view.contains("Forest Road"), "{view}");

    // A WoNS scenario is the pack alone; a Talvisota campaign cannot start from a WoNS pack.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Both", "game": "wons", "scenario": {"pack": id, "solo": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Other game", "game": "talvisota", "scenario": {"pack": id}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_pack");

    // Replaced and withdrawn by its author: the campaign keeps its ladder; the text as sent
    // still starts a campaign as before.
    let (status, body) = app
        .put(
            &format!("/api/v1/packs/{id}"),
            Some(&author),
            json!({"text": WONS}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = app
        .put(
            &format!("/api/v1/packs/{id}"),
            Some(&umpire),
            json!({"text": WONS}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "only the owner replaces it");
    let view = game_view(&app, &umpire, &campaign_id, "wons").await;
    assert!(view.contains("Ravine Track"), "{view}");
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "As text", "game": "wons", "scenario": text}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn a_talvisota_counter_set_is_imported_published_and_another_user_plays_with_it() {
    let app = TestApp::spawn().await;
    let (_, author) = app.user("author").await;
    let (_, umpire) = app.user("umpire").await;

    // A mistake is refused by the counter set's reader, naming the line and the key.
    let mistake = COUNTERS.replacen("strength = 3", "strength = \"three\"", 1);
    let (status, body) = import(&app, &author, "talvisota", &mistake).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "invalid_pack");
    let message = error_message(&body);
    assert!(message.contains("line 24"), "{message}");
    assert!(message.contains("at strength"), "{message}");
    // A WoNS pack is no counter set.
    let (status, body) = import(&app, &author, "talvisota", WONS).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    let text = COUNTERS
        .replace("Tank brigade", "Armoured brigade (our set)")
        .replacen(
            "title = \"Talvisota default counters\"",
            "title = \"Our counters\"",
            1,
        );
    let (status, pack) = import(&app, &author, "talvisota", &text).await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    assert_eq!(
        (&pack["game"], &pack["title"]),
        (&json!("talvisota"), &json!("Our counters"))
    );
    let id = pack["id"].as_str().expect("id").to_owned();
    let (_, _, exported) = export(&app, &author, &id).await;
    assert_eq!(exported, text, "the export is the text as imported");
    publish(&app, &author, &id).await;

    // Started from it with an option: the campaign's counters are the set's.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Our set", "game": "talvisota", "scenario": {"pack": id, "easy_recovery": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let campaign_id = body["id"].as_str().expect("id").to_owned();
    let view = game_view(&app, &umpire, &campaign_id, "talvisota").await;
    assert!(view.contains("Armoured brigade (our set)"), "{view}");
    // Both a pack and a counter set's text is one too many.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Both", "game": "talvisota", "scenario": {"pack": id, "counters": COUNTERS}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // Replaced by its author: the campaign keeps the set it started with.
    let (status, body) = app
        .put(
            &format!("/api/v1/packs/{id}"),
            Some(&author),
            json!({"text": COUNTERS}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let view = game_view(&app, &umpire, &campaign_id, "talvisota").await;
    assert!(view.contains("Armoured brigade (our set)"), "{view}");
    assert!(!view.contains("Tank brigade"), "{view}");
    // The old shape, counters as text, still starts a campaign.
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "As text", "game": "talvisota", "scenario": {"counters": text}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
