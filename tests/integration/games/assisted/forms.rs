//! The assisted games' pages ask for nothing in JSON and show no id: every page of every game
//! walked as each role, and the combat, losses, roster and new-campaign forms posted as a person
//! fills them in, from typed fields.

use super::client::DeskTable;
use super::red_winter::advance_to;
use crate::common::{Sides, TestApp};
use reqwest::{Client, StatusCode};
use serde_json::json;
use std::sync::Arc;

/// Each assisted game with the shipped scenario its walk starts from (so the pages hold units).
const GAMES: [(&str, &str); 3] = [
    ("red_winter", "red-winter-example"),
    ("winter_war", "winter-war-historical"),
    ("a_winter_war", "a-winter-war-example"),
];

/// The page's text as a person reads it: no tags, attributes, scripts or styles.
fn visible_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        text.push_str(&rest[..start]);
        let tag = &rest[start..];
        let skip_to = ["<script", "<style"]
            .iter()
            .find(|t| tag.starts_with(**t))
            .map(|t| format!("</{}>", &t[1..]));
        rest = match skip_to {
            Some(close) => tag.find(&close).map_or("", |i| &tag[i + close.len()..]),
            None => tag.find('>').map_or("", |i| &tag[i + 1..]),
        };
        text.push(' ');
    }
    text.push_str(rest);
    text
}

/// Every run of exactly 32 hex digits in `text`.
fn hex_ids(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        let before = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        let after = bytes
            .get(i + run)
            .is_none_or(|b| !b.is_ascii_alphanumeric());
        if run == 32 && before && after {
            found.push(text[i..i + run].to_owned());
        }
        i += run.max(1);
    }
    found
}

/// What the page's forms ask: the text inside every form (labels, hints, legends, options) and
/// every placeholder.
fn form_words(html: &str) -> String {
    let mut words = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<form") {
        let form = &rest[start..];
        let end = form.find("</form>").unwrap_or(form.len());
        words.push(visible_text(&form[..end]));
        rest = &form[end..];
    }
    let mut rest = html;
    while let Some(at) = rest.find("placeholder=\"") {
        let value = &rest[at + 13..];
        let end = value.find('"').unwrap_or(value.len());
        words.push(value[..end].to_owned());
        rest = &value[end..];
    }
    words.join("\n")
}

/// The problems of one page: a form asking for JSON, an id shown.
fn problems_of(who: &str, path: &str, html: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let asked = form_words(html);
    if let Some(at) = asked.to_lowercase().find("json") {
        let around: String = asked[at.saturating_sub(60)..].chars().take(120).collect();
        problems.push(format!("{who} {path}: a form asks for JSON: …{around}…"));
    }
    for id in hex_ids(&visible_text(html)) {
        problems.push(format!("{who} {path}: shows the id {id}"));
    }
    problems
}

/// The calculation, procedure and action pages the table links to.
fn entry_links(table: &str, campaign: &str) -> Vec<String> {
    links_to(
        table,
        campaign,
        &["/calculation/", "/procedure/", "/action/"],
    )
}

/// The table's links to its pages whose paths hold one of `kinds`.
fn links_to(table: &str, campaign: &str, kinds: &[&str]) -> Vec<String> {
    let prefix = format!("href=\"/campaigns/{campaign}/table/");
    let mut links = Vec::new();
    let mut rest = table;
    while let Some(at) = rest.find(&prefix) {
        let href = &rest[at + 6..];
        let end = href.find('"').unwrap_or(href.len());
        let link = &href[..end];
        if kinds.iter().any(|k| link.contains(k)) && !links.iter().any(|l| l == link) {
            links.push(link.to_owned());
        }
        rest = &href[end..];
    }
    links
}

/// Every page of every assisted game, as the umpire, the Soviet and the Finnish player: the
/// campaign list with its new-campaign form, the campaign, the table, the rules, and every
/// calculation, procedure and action form, shown fresh and refused; no form field asks for
/// JSON and no 32-digit id is shown (an id may be a choice's value, never its words).
#[tokio::test]
async fn no_page_of_an_assisted_game_asks_for_json_or_shows_an_id() {
    // The checks themselves find what they look for.
    let asking = r#"<form><label for="a">The attacking stacks.</label><span class="hint">As JSON.</span></form>"#;
    assert_eq!(problems_of("x", "/", asking).len(), 1);
    let showing = r#"<p>Unit 0123456789abcdef0123456789abcdef</p><option value="0123456789abcdef0123456789abcdef">1/609</option>"#;
    assert_eq!(problems_of("x", "/", showing).len(), 1);
    let app = Arc::new(TestApp::spawn().await);
    let mut problems = Vec::new();
    for (n, (game, pack)) in GAMES.iter().enumerate() {
        let campaign =
            json!({"name": format!("Walk {game}"), "game": game, "scenario": {"pack": pack}});
        let sides = Sides::open(&app, campaign, &n.to_string()).await;
        let t = DeskTable(sides);
        // Something in the log and the history: a phase ended.
        t.advance(&t.umpire).await;
        let mut entries_seen = 0;
        for who in ["umpire", "soviet", "finn"] {
            let browser = app.signed_in(&format!("{who}{n}"), "walk").await;
            let table_path = format!("/campaigns/{}/table", t.id);
            let table = app.html(&browser, &table_path).await;
            assert!(table.contains("id=\"now\""), "{game} {who}: {table}");
            let mut pages = vec![
                "/campaigns".to_owned(),
                format!("/campaigns/{}", t.id),
                format!("/campaigns/{}/table/rules", t.id),
            ];
            let links = entry_links(&table, &t.id);
            assert!(!links.is_empty(), "{game} {who}: the table links no entry");
            let charts = links_to(&table, &t.id, &["/table/charts/"]);
            assert!(!charts.is_empty(), "{game} {who}: the table links no chart");
            pages.extend(charts);
            problems.extend(problems_of(who, &table_path, &table));
            for path in pages.drain(..) {
                let html = app.html(&browser, &path).await;
                problems.extend(problems_of(who, &path, &html));
            }
            for link in links {
                let html = app.html(&browser, &link).await;
                assert!(html.contains("id=\"run\""), "{game} {who} {link}: {html}");
                problems.extend(problems_of(who, &link, &html));
                // Refused as sent empty: the form comes back, still asking for no JSON.
                let res = browser
                    .post(format!("{}{link}", app.url))
                    .form(&[("", "")])
                    .send()
                    .await
                    .expect("posts");
                let status = res.status();
                assert!(!status.is_server_error(), "{game} {who} {link}: {status}");
                let html = res.text().await.expect("html");
                problems.extend(problems_of(who, &format!("{link} (posted)"), &html));
                entries_seen += 1;
            }
        }
        assert!(
            entries_seen > 10,
            "{game}: only {entries_seen} entries walked"
        );
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

async fn post_form(
    browser: &Client,
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String) {
    let res = browser
        .post(format!("{}{path}", app.url))
        .form(fields)
        .send()
        .await
        .expect("posts");
    let status = res.status();
    (status, res.text().await.expect("html"))
}

/// 8.0 and 8.5: a Red Winter Combat resolved from the combat form's typed fields (units ticked
/// by name, hexes typed, the kind of fight chosen), the defender's losses taken from the losses
/// form, and a refused form coming back filled in with the message beside the field.
#[tokio::test]
async fn the_combat_and_losses_forms_run_from_typed_fields() {
    let t = DeskTable::new("red_winter", None).await;
    let crt = std::iter::once("roll,1:2,1:1,2:1".to_string())
        .chain((2..=12).map(|r| format!("{r},1/1,1/1,0/1")))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;
    let soviet = t
        .units(
            &t.soviet,
            "side,name,type,location,cs,ma,steps\nsoviet,1/609,infantry,0815,8,4,2",
        )
        .await;
    let finn = t
        .units(
            &t.finn,
            "side,name,type,location,cs,ma,steps\nfinnish,1/JR16,infantry,0814,4,4,2",
        )
        .await;
    let (attacker, defender) = (
        DeskTable::unit_id(&soviet, "1/609"),
        DeskTable::unit_id(&finn, "1/JR16"),
    );
    advance_to(&t, 1, "First Player Combat Phase").await;
    let browser = t.app.signed_in("soviet", "forms").await;
    let path = format!("/campaigns/{}/table/action/resolve-combat", t.id);
    let form = t.app.html(&browser, &path).await;
    // The units are offered by name, their ids only as the boxes' values.
    assert!(form.contains(&format!("value=\"{attacker}\"")), "{form}");
    assert!(form.contains("1/609 (0815)"), "{form}");
    assert!(form.contains("1/JR16 (Finnish, 0814)"), "{form}");
    assert!(hex_ids(&visible_text(&form)).is_empty(), "{form}");
    // Refused: the attacking stack's hex is missing; the form comes back as filled in.
    let mut fields = vec![
        ("fight", "combat"),
        ("attackers[0].units", attacker.as_str()),
        ("hex", "0814"),
        ("defenders", defender.as_str()),
        ("shifts.fight", "combat"),
        ("shifts.attacker", "soviet"),
    ];
    let (status, page) = post_form(&browser, &t.app, &path, &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("id=\"f-attackers-0-hex-error\">Fill this in."),
        "the message is beside the field: {page}"
    );
    assert!(
        page.contains(&format!("value=\"{attacker}\" checked")),
        "the ticks are kept: {page}"
    );
    assert!(
        page.contains("value=\"0814\""),
        "the defending hex is kept: {page}"
    );
    assert!(
        t.table(&t.finn).await["records"]["pending"]
            .as_array()
            .is_none_or(Vec::is_empty)
    );
    // Filled in: the combat runs against the roster and the answer names the units.
    fields.push(("attackers[0].hex", "0815"));
    let (status, page) = post_form(&browser, &t.app, &path, &fields).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("8 against 4"), "{page}");
    assert!(hex_ids(&visible_text(&page)).is_empty(), "{page}");
    let pending = t.table(&t.finn).await["records"]["pending"].clone();
    assert_eq!(pending.as_array().map(Vec::len), Some(1), "{pending}");
    // The Finn takes the step the CRT gave from the losses form: the unit chosen by name.
    let finn_browser = t.app.signed_in("finn", "forms").await;
    let losses = format!("/campaigns/{}/table/action/take-losses", t.id);
    let form = t.app.html(&finn_browser, &losses).await;
    assert!(form.contains("1/JR16 (0814)"), "{form}");
    let (status, page) = post_form(
        &finn_browser,
        &t.app,
        &losses,
        &[("steps[0]", defender.as_str())],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let view = t.table(&t.umpire).await;
    let steps = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["name"] == "1/JR16")
        .expect("1/JR16")["attributes"]["steps"]
        .clone();
    assert_eq!(steps, json!(1), "{view}");
}

/// 2.0: one unit added from the roster's typed form (name, type, hex, values, markers); a
/// refused one comes back filled in with the message.
#[tokio::test]
async fn one_unit_is_added_from_typed_fields() {
    let t = DeskTable::new("red_winter", None).await;
    let browser = t.app.signed_in("finn", "forms").await;
    let path = format!("/campaigns/{}/table/units/add", t.id);
    let table = t
        .app
        .html(&browser, &format!("/campaigns/{}/table", t.id))
        .await;
    assert!(table.contains("id=\"add-unit\""), "{table}");
    let (status, page) = post_form(
        &browser,
        &t.app,
        &path,
        &[
            ("name", "2/JR16"),
            ("type", "infantry"),
            ("location", "0614"),
            ("attr-cs", "99"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("id=\"add-error\""), "{page}");
    assert!(
        page.contains("value=\"2/JR16\""),
        "the name is kept: {page}"
    );
    let (status, page) = post_form(
        &browser,
        &t.app,
        &path,
        &[
            ("name", "2/JR16"),
            ("type", "infantry"),
            ("location", "0614"),
            ("attr-cs", "4"),
            ("attr-ma", "4"),
            ("attr-steps", "2"),
            ("marker", "dug_in"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let view = t.table(&t.finn).await;
    let unit = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["name"] == "2/JR16")
        .cloned()
        .expect("the unit");
    assert_eq!(unit["side"], "finnish");
    assert_eq!(unit["location"], "0614");
    assert_eq!(unit["attributes"]["cs"], 4);
    assert_eq!(unit["markers"], json!(["dug_in"]));
}

/// Opt D and the scenario's own options: A Winter War started from the new-campaign form's
/// tick boxes, each labelled with its rule.
#[tokio::test]
async fn a_campaigns_options_are_ticked_on_the_new_campaign_form() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("ilmari").await;
    let browser = app.signed_in("ilmari", "forms").await;
    let page = app.html(&browser, "/campaigns").await;
    assert!(
        page.contains("name=\"option.a_winter_war.airborne\""),
        "{page}"
    );
    assert!(page.contains("Opt D: airborne operations"), "{page}");
    assert!(
        page.contains("name=\"option.winter_war.fog_of_war\""),
        "{page}"
    );
    assert!(!form_words(&page).to_lowercase().contains("json"), "{page}");
    let res = browser
        .post(format!("{}/campaigns", app.url))
        .form(&[
            ("name", "Airborne"),
            ("game", "a_winter_war"),
            ("option.a_winter_war.airborne", "on"),
            ("option.a_winter_war.supply_effects", "on"),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"]
        .to_str()
        .expect("location")
        .to_owned();
    let id = location.trim_start_matches("/campaigns/");
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}/table"), Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["options"]["airborne"], json!(true), "{view}");
    assert_eq!(view["options"]["supply_effects"], json!(true), "{view}");
    assert_eq!(view["options"]["foreign_aid"], json!(false), "{view}");
    // A refused number comes back beside its field, the ticks kept.
    let (status, page) = post_form(
        &browser,
        &app,
        "/campaigns",
        &[
            ("name", "Short"),
            ("game", "red_winter"),
            ("option.red_winter.first_player", "finnish"),
            ("option.red_winter.last_turn", "many"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(
        page.contains("id=\"f-option-red_winter-last_turn-error\""),
        "{page}"
    );
    assert!(page.contains("value=\"finnish\" selected"), "{page}");
}

/// The CRT typed into its grid (the 2d6 totals are the rules' own rows, the odds typed as
/// column keys) with three bad cells comes back as typed, each bad cell marked in place and one
/// line for their kind of problem; pasted from a spreadsheet instead, the text is kept and its bad
/// cells marked in the grid too; entered whole, every side may read it and only the umpire enter it.
#[tokio::test]
async fn a_chart_is_entered_in_its_grid_and_a_refused_one_comes_back_marked_in_place() {
    let t = DeskTable::new("red_winter", None).await;
    let umpire = t.app.signed_in("umpire", "forms").await;
    let path = format!("/campaigns/{}/table/charts/crt", t.id);
    let page = t.app.html(&umpire, &path).await;
    assert!(page.contains("<th scope=\"row\">12</th>"), "{page}");
    assert!(
        page.contains("name=\"col-0\""),
        "the odds are typed: {page}"
    );
    assert!(
        !page.contains("name=\"row-0\""),
        "the 2d6 rows are the rules' own"
    );
    let mut grid: Vec<(String, String)> = vec![
        ("row_slots".into(), "11".into()),
        ("column_slots".into(), "10".into()),
        ("col-0".into(), "1:1".into()),
        ("col-1".into(), "2:1".into()),
    ];
    for i in 0..11 {
        for j in 0..2 {
            grid.push((format!("cell-{i}-{j}"), "1/1".into()));
        }
    }
    let mut bad = grid.clone();
    for (name, text) in [
        ("cell-1-0", "lots"),
        ("cell-7-0", "many"),
        ("cell-1-1", "0-1"),
    ] {
        bad.iter_mut().find(|(n, _)| n == name).expect("a cell").1 = text.into();
    }
    let fields = |pairs: &[(String, String)]| -> Vec<(String, String)> { pairs.to_vec() };
    let res = umpire
        .post(format!("{}{path}", t.app.url))
        .form(&fields(&bad))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    let marked = |page: &str, name: &str| {
        page.split(&format!("name=\"{name}\""))
            .nth(1)
            .and_then(|rest| rest.split('>').next())
            .is_some_and(|attrs| attrs.contains("aria-invalid=\"true\""))
    };
    for name in ["cell-1-0", "cell-7-0", "cell-1-1"] {
        assert!(marked(&page, name), "{name} is marked: {page}");
    }
    assert!(!marked(&page, "cell-2-0"), "a good cell is not marked");
    assert!(page.contains("value=\"lots\""), "kept as typed");
    let problems = page
        .split("id=\"chart-problems\"")
        .nth(1)
        .and_then(|s| s.split("</div>").next())
        .unwrap_or_default()
        .to_owned();
    assert_eq!(problems.matches("<li").count(), 1, "{problems}");
    assert!(
        problems.contains("3 cells must be attacker/defender losses"),
        "{problems}"
    );
    // Pasted from a spreadsheet: tab-separated, kept as pasted, its bad cells marked.
    let mut pasted = "roll\t1:1\t2:1".to_string();
    for roll in 2..=12 {
        let cells = if roll == 9 { "many\t1/1" } else { "1/1\t0/1" };
        pasted.push_str(&format!("\n{roll}\t{cells}"));
    }
    let (status, page) = post_form(&umpire, &t.app, &path, &[("text", &pasted)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("many\t1/1"), "the text comes back as pasted");
    assert!(marked(&page, "cell-7-0"), "row 9 is the eighth: {page}");
    a_player_reads_the_chart_and_the_umpire_enters_it(&t, &umpire, &path, &grid, fields).await;
}

/// A player reads the chart but may not enter it.
async fn a_player_reads_the_chart_and_the_umpire_enters_it(
    t: &DeskTable,
    umpire: &Client,
    path: &str,
    grid: &[(String, String)],
    fields: impl Fn(&[(String, String)]) -> Vec<(String, String)>,
) {
    let finn = t.app.signed_in("finn", "forms").await;
    let res = finn
        .post(format!("{}{path}", t.app.url))
        .form(&fields(grid))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = umpire
        .post(format!("{}{path}", t.app.url))
        .form(&fields(grid))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let view = t.table(&t.umpire).await;
    assert!(
        view["charts"]
            .as_array()
            .expect("charts")
            .iter()
            .any(|c| c["code"] == "crt" && c["version"] == 1),
        "{}",
        view["charts"]
    );
    let page = t.app.html(&finn, path).await;
    assert!(page.contains("<th scope=\"col\">2:1</th>"), "{page}");
    assert!(
        !page.contains("<input type=\"text\""),
        "the player's page has no fields"
    );
    let umpire_page = t.app.html(umpire, path).await;
    assert!(
        umpire_page.contains("value=\"2:1\""),
        "the grid opens with the chart"
    );
    assert!(umpire_page.contains("name=\"col-3\""), "two spare odds");
}
