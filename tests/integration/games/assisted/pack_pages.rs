//! The scenario pack library's pages: importing a pack with a mistake brings the text back as
//! sent with each problem's line and key beside it, a fixed one is listed; editing keeps a
//! refused text; only the owner publishes, withdraws and edits; the shipped templates download
//! without signing in; the new-campaign form offers imported packs and starts from one; a Winter of
//! No Surrender pack goes the same way, its game chosen on the import form.

use crate::common::TestApp;
use reqwest::{Client, StatusCode};
use serde_json::json;

/// The made-up Red Winter example as shipped.
const EXAMPLE: &str = include_str!("../../../../scenarios/assisted/red-winter-example.toml");

/// The example with a count that is not a number (line 122, `setup[1].units[0].count`).
fn with_mistake() -> String {
    EXAMPLE.replacen("count = 2\n", "count = \"two\"\n", 1)
}

const BOUNDARY: &str = "pack-import-boundary-51c0";

/// A multipart body of the import form: the box's `text`, and `file` when given.
fn import_body(text: &str, file: Option<&str>) -> Vec<u8> {
    let mut body =
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n{text}\r\n");
    let (name, content) = file.map_or(("", ""), |f| ("pack.toml", f));
    body.push_str(&format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n{content}\r\n--{BOUNDARY}--\r\n"
    ));
    body.into_bytes()
}

/// Posts the import form; the status, where it leads and the page.
async fn import(
    app: &TestApp,
    b: &Client,
    text: &str,
    file: Option<&str>,
) -> (StatusCode, String, String) {
    let res = b
        .post(format!("{}/packs/import", app.url))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(import_body(text, file))
        .send()
        .await
        .expect("answers");
    answer(res).await
}

async fn answer(res: reqwest::Response) -> (StatusCode, String, String) {
    let status = res.status();
    let location = res
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (status, location, res.text().await.unwrap_or_default())
}

/// Posts a form of `fields` to `path`.
async fn form(app: &TestApp, b: &Client, path: &str, fields: &[(&str, &str)]) -> StatusCode {
    post_form(app, b, path, fields).await.0
}

async fn post_form(
    app: &TestApp,
    b: &Client,
    path: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String, String) {
    let res = b
        .post(format!("{}{path}", app.url))
        .form(fields)
        .send()
        .await
        .expect("answers");
    answer(res).await
}

/// The text in the page's text box, as the browser reads it.
fn textarea(page: &str) -> String {
    let start = page.find("<textarea").expect("a text box");
    let open = start + page[start..].find('>').expect("its tag ends") + 1;
    let close = page[open..].find("</textarea>").expect("it closes") + open;
    let inner = &page[open..close];
    // A browser drops the one line break that follows the tag.
    let inner = inner.strip_prefix('\n').unwrap_or(inner);
    inner
        .replace("&lt;", "<")
        .replace("&#60;", "<")
        .replace("&gt;", ">")
        .replace("&#62;", ">")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[tokio::test]
async fn an_import_with_a_mistake_comes_back_with_its_line_and_key_and_a_fixed_one_is_listed() {
    let app = TestApp::spawn().await;
    app.user("editor").await;
    let b = app.signed_in("editor", "test").await;
    let page = app.html(&b, "/packs").await;
    assert!(page.contains("You have imported no pack yet"), "{page}");
    assert!(
        page.contains("Start from the template for Red Winter"),
        "{page}"
    );

    let mistake = with_mistake();
    let (status, _, page) = import(&app, &b, &mistake, None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("Line 122, at <code>setup[1].units[0].count</code>"),
        "the problem names its line and key: {page}"
    );
    assert!(page.contains("id=\"text-error\""), "{page}");
    assert_eq!(textarea(&page), mistake, "the text comes back as sent");

    // Not a pack of an assisted game: the game line is named.
    let wons = EXAMPLE.replacen("game = \"red_winter\"", "game = \"wons\"", 1);
    let (status, _, page) = import(&app, &b, &wons, None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Line 5, at <code>game</code>"), "{page}");
    // A file past any pack's size is refused before it is read; a form that is no multipart
    // form is refused beside the box.
    let huge = "a".repeat(3 * 1024 * 1024);
    let (status, _, page) = import(&app, &b, "", Some(&huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(page.contains("larger than 2 MiB"), "{page}");
    let status = form(&app, &b, "/packs/import", &[("text", EXAMPLE)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _, page) = import(&app, &b, "  \n", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("The pack is empty"), "{page}");
    assert!(
        app.html(&b, "/packs")
            .await
            .contains("You have imported no pack yet"),
        "nothing refused was kept"
    );

    // The fixed text, chosen as a file (which counts over the box's old text).
    let (status, location, _) = import(&app, &b, &mistake, Some(EXAMPLE)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/packs");
    let page = app.html(&b, "/packs").await;
    assert!(page.contains("Crossroads (made-up example)"), "{page}");
    assert!(page.contains("Red Winter · by editor"), "{page}");
    assert!(page.contains(">Publish</button>"), "{page}");
}

#[tokio::test]
async fn an_edit_that_does_not_read_keeps_the_text_and_only_the_owner_changes_the_pack() {
    let app = TestApp::spawn().await;
    let (_, owner_token) = app.user("owner").await;
    app.user("other").await;
    let (status, pack) = app
        .post(
            "/api/v1/packs",
            Some(&owner_token),
            json!({"game": "red_winter", "text": EXAMPLE}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    let id = pack["id"].as_str().expect("id").to_owned();
    let path = format!("/packs/{id}");
    let owner = app.signed_in("owner", "test").await;
    let other = app.signed_in("other", "test").await;

    let page = app.html(&owner, &path).await;
    assert_eq!(textarea(&page), EXAMPLE, "the owner edits the text");
    let mistake = with_mistake();
    let (status, _, page) = post_form(&app, &owner, &path, &[("text", &mistake)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("Line 122, at <code>setup[1].units[0].count</code>"),
        "{page}"
    );
    assert_eq!(textarea(&page), mistake, "the refused text comes back");
    let renamed = EXAMPLE.replacen(
        "name = \"Crossroads (made-up example)\"",
        "name = \"Second crossroads\"",
        1,
    );
    let (status, location, _) = post_form(&app, &owner, &path, &[("text", &renamed)]).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/packs")
    );
    assert!(
        app.html(&owner, "/packs")
            .await
            .contains("Second crossroads")
    );
    // A pack keeps its game.
    let other_game = renamed.replacen("game = \"red_winter\"", "game = \"winter_war\"", 1);
    let (status, _, page) = post_form(&app, &owner, &path, &[("text", &other_game)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("a pack keeps its game"), "{page}");

    // Unpublished, the pack is nobody else's to see or change.
    let get = |b: &Client, p: String| {
        let req = b.get(format!("{}{p}", app.url));
        async move { req.send().await.expect("answers").status() }
    };
    assert_eq!(get(&other, path.clone()).await, StatusCode::NOT_FOUND);
    assert_eq!(
        get(&other, format!("{path}.toml")).await,
        StatusCode::NOT_FOUND
    );
    for tail in ["", "/publish", "/unpublish"] {
        let status = form(&app, &other, &format!("{path}{tail}"), &[("text", EXAMPLE)]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{tail}");
    }
    let anonymous = app.browser();
    let status = form(&app, &anonymous, &format!("{path}/publish"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "sign in first");

    // Published by its owner: others read it (without a form) and download it, and still do not
    // change it.
    let status = form(&app, &owner, &format!("{path}/publish"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let page = app.html(&other, &path).await;
    assert!(page.contains("Second crossroads"), "{page}");
    assert!(!page.contains("<textarea"), "only the owner edits: {page}");
    assert!(app.html(&other, "/packs").await.contains("by owner"));
    assert_eq!(
        get(&other, format!("{path}.toml")).await,
        StatusCode::OK,
        "a published pack downloads"
    );
    for tail in ["", "/unpublish"] {
        let status = form(&app, &other, &format!("{path}{tail}"), &[("text", EXAMPLE)]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{tail}");
    }
    let status = form(&app, &owner, &format!("{path}/unpublish"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(get(&other, path.clone()).await, StatusCode::NOT_FOUND);
    assert_eq!(
        get(&app.browser(), "/packs/no-such-pack".into()).await,
        StatusCode::SEE_OTHER,
        "a pack's page asks a visitor to sign in"
    );
}

#[tokio::test]
async fn the_shipped_templates_and_scenarios_download_without_signing_in() {
    let app = TestApp::spawn().await;
    let visitor = app.api();
    let res = visitor
        .get(format!("{}/packs/red-winter-template.toml", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::OK);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        header("content-type").starts_with("application/toml"),
        "{}",
        header("content-type")
    );
    assert_eq!(
        header("content-disposition"),
        "attachment; filename=\"red-winter-template.toml\""
    );
    let text = res.text().await.expect("text");
    assert_eq!(
        text,
        include_str!("../../../../scenarios/assisted/red-winter-template.toml")
    );
    for (file, status) in [
        ("a-winter-war-template.toml", StatusCode::OK),
        ("winter-war-historical.toml", StatusCode::OK),
        ("no-such-pack.toml", StatusCode::SEE_OTHER),
        (
            "00000000-0000-4000-8000-000000000001.toml",
            StatusCode::SEE_OTHER,
        ),
    ] {
        let res = visitor
            .get(format!("{}/packs/{file}", app.url))
            .send()
            .await
            .expect("answers");
        assert_eq!(res.status(), status, "{file}");
    }
    // Signed in, a name that is no pack is simply not there.
    app.user("reader").await;
    let reader = app.signed_in("reader", "test").await;
    let res = reader
        .get(format!("{}/packs/no-such-pack.toml", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_new_campaign_form_offers_imported_packs_and_starts_from_one() {
    let app = TestApp::spawn().await;
    let (_, author) = app.user("author").await;
    let (_, umpire) = app.user("umpire").await;
    let mine = EXAMPLE
        .replacen("1/JR99 (made up)", "1/JR55 (mine)", 1)
        .replacen(
            "name = \"Crossroads (made-up example)\"",
            "name = \"My crossroads\"",
            1,
        );
    let (_, pack) = app
        .post(
            "/api/v1/packs",
            Some(&umpire),
            json!({"game": "red_winter", "text": mine}),
        )
        .await;
    let my_id = pack["id"].as_str().expect("id").to_owned();
    let (_, pack) = app
        .post(
            "/api/v1/packs",
            Some(&author),
            json!({"game": "red_winter", "text": EXAMPLE}),
        )
        .await;
    let published = pack["id"].as_str().expect("id").to_owned();
    let (status, _) = app
        .post(
            &format!("/api/v1/packs/{published}/publish"),
            Some(&author),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    let b = app.signed_in("umpire", "test").await;
    let page = app.html(&b, "/campaigns").await;
    for wanted in [
        "<optgroup label=\"Shipped\">",
        "<optgroup label=\"Yours\">",
        "<optgroup label=\"Published by others\">",
        &format!(
            "<option value=\"{my_id}\" data-when=\"red_winter\">Red Winter: My crossroads</option>"
        ),
        &format!(
            "<option value=\"{published}\" data-when=\"red_winter\">Red Winter: Crossroads (made-up example), by author</option>"
        ),
    ] {
        assert!(page.contains(wanted), "{wanted} in {page}");
    }

    let (status, location, page) = post_form(
        &app,
        &b,
        "/campaigns",
        &[
            ("name", "From my pack"),
            ("game", "red_winter"),
            ("pack", &my_id),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let id = location.trim_start_matches("/campaigns/").to_owned();
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}/table"), Some(&umpire))
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(view.to_string().contains("1/JR55 (mine)"), "{view}");

    // Another game's campaign cannot start from a Red Winter pack: the form says so.
    let (status, _, page) = post_form(
        &app,
        &b,
        "/campaigns",
        &[
            ("name", "Wrong game"),
            ("game", "winter_war"),
            ("pack", &my_id),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("no Winter War scenario pack"), "{page}");
    assert!(
        page.contains(&format!(
            "<option value=\"{my_id}\" data-when=\"red_winter\" selected>"
        )),
        "the choice is kept: {page}"
    );
}

/// The WoNS demonstration pack as shipped.
const WONS: &str = include_str!("../../../../scenarios/wons-demo.toml");

/// Posts the import form with the game chosen: the status, where it leads and the page.
async fn import_for(
    app: &TestApp,
    b: &Client,
    game: &str,
    text: &str,
) -> (StatusCode, String, String) {
    let body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"game\"\r\n\r\n{game}\r\n{}",
        String::from_utf8(import_body(text, None)).expect("text")
    );
    let res = b
        .post(format!("{}/packs/import", app.url))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(body)
        .send()
        .await
        .expect("answers");
    answer(res).await
}

#[tokio::test]
async fn a_wons_pack_is_imported_on_the_page_and_a_campaign_starts_from_it_on_the_form() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("editor").await;
    let b = app.signed_in("editor", "test").await;
    let page = app.html(&b, "/packs/import").await;
    assert!(
        page.contains("<option value=\"wons\">Winter of No Surrender (a scenario pack)</option>"),
        "{page}"
    );
    assert!(
        page.contains("<option value=\"talvisota\">Talvisota 1939-1940 (a counter set)</option>"),
        "{page}"
    );

    // Without its game chosen, a WoNS pack is refused: it names none.
    let (status, _, page) = import(&app, &b, WONS, None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("The text names no game"), "{page}");

    // With a mistake: the WoNS reader's line and key beside the text, the game kept.
    let mistake = WONS.replacen("start_hour = 6", "start_hour = \"six\"", 1);
    let (status, _, page) = import_for(&app, &b, "wons", &mistake).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("Line 36, at <code>start_hour</code>"),
        "the problem names its line and key: {page}"
    );
    assert!(page.contains("<option value=\"wons\" selected>"), "{page}");
    assert_eq!(textarea(&page), mistake, "the text comes back as sent");

    let text = WONS.replacen("name = \"Forest Road\"", "name = \"Ravine Track\"", 1);
    let (status, location, page) = import_for(&app, &b, "wons", &text).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    assert_eq!(location, "/packs");
    let page = app.html(&b, "/packs").await;
    assert!(page.contains("The Road to Rautu (demonstration)"), "{page}");
    assert!(
        page.contains("Winter of No Surrender · by editor"),
        "{page}"
    );
    assert!(
        page.contains("Start from the Winter of No Surrender demonstration pack"),
        "{page}"
    );

    // The new-campaign form offers it, and a WoNS campaign starts from it.
    let (_, list) = app.get("/api/v1/packs", Some(&token)).await;
    let id = list
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["game"] == "wons")
        .and_then(|p| p["id"].as_str())
        .expect("listed")
        .to_owned();
    let page = app.html(&b, "/campaigns").await;
    let offered = format!(
        "<option value=\"{id}\" data-when=\"wons\">Winter of No Surrender: The Road to Rautu (demonstration)</option>"
    );
    assert!(page.contains(&offered), "{page}");
    let (status, _, page) = post_form(
        &app,
        &b,
        "/campaigns",
        &[
            ("name", "Both"),
            ("game", "wons"),
            ("pack", &id),
            ("scenario", WONS),
        ],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a pack chosen and one pasted"
    );
    assert!(page.contains("not both"), "{page}");
    let (status, location, page) = post_form(
        &app,
        &b,
        "/campaigns",
        &[
            ("name", "From the library"),
            ("game", "wons"),
            ("pack", &id),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let campaign = location.trim_start_matches("/campaigns/").to_owned();
    let (status, view) = app
        .get(
            &format!("/api/v1/campaigns/{campaign}/wons/view"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(view.to_string().contains("Ravine Track"), "{view}");
}

#[tokio::test]
async fn a_talvisota_campaign_starts_from_a_counter_set_chosen_on_the_form() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    let counters = include_str!("../../../../scenarios/talvisota/counters.toml")
        .replace("Tank brigade", "Armoured brigade (our set)");
    let (status, pack) = app
        .post(
            "/api/v1/packs",
            Some(&token),
            json!({"game": "talvisota", "text": counters}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    let id = pack["id"].as_str().expect("id").to_owned();
    let b = app.signed_in("umpire", "test").await;
    let page = app.html(&b, "/campaigns").await;
    assert!(
        page.contains(&format!(
            "<option value=\"{id}\" data-when=\"talvisota\">Talvisota 1939-1940: Talvisota default counters</option>"
        )),
        "{page}"
    );
    let (status, location, page) = post_form(
        &app,
        &b,
        "/campaigns",
        &[
            ("name", "Our counters"),
            ("game", "talvisota"),
            ("pack", &id),
            ("solo", "on"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let campaign = location.trim_start_matches("/campaigns/").to_owned();
    let (status, view) = app
        .get(
            &format!("/api/v1/campaigns/{campaign}/talvisota/view"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(
        view.to_string().contains("Armoured brigade (our set)"),
        "{view}"
    );
}
