//! The table every assisted game shares, through the API and pages: views per role, the catalogue
//! of calculations with their schemas, units imported and marked, charts entered, versioned and
//! shared between campaigns as published sets.

use super::client::DeskTable;
use crate::common::{TestApp, error_code, error_message};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;

/// The assisted games.
pub const GAMES: [&str; 3] = ["red_winter", "winter_war", "a_winter_war"];

/// One CSV line of a unit for `view`'s roster: the first type, every required attribute at its
/// smallest value.
pub fn unit_csv(view: &Value, side: &str, name: &str, location: &str) -> (String, String) {
    let roster = &view["roster"];
    let kind = roster["types"][0].as_str().unwrap_or("infantry");
    let mut header = vec!["side", "name", "type", "location"];
    let mut line = vec![
        side.to_owned(),
        name.to_owned(),
        kind.to_owned(),
        location.to_owned(),
    ];
    for attr in roster["attributes"].as_array().expect("attributes") {
        if attr["required"] == true {
            header.push(attr["code"].as_str().expect("code"));
            line.push(match attr["kind"]["type"].as_str() {
                Some("number") => attr["kind"]["min"].to_string(),
                _ => "x".into(),
            });
        }
    }
    (header.join(","), line.join(","))
}

/// A complete chart for `spec` when its columns are fixed (entered rows are die totals 1 to 8):
/// every cell the first value its grammar accepts.
pub fn fixed_chart_csv(spec: &Value) -> Option<String> {
    let keys = |k: &Value| -> Option<Vec<String>> {
        (k["by"] == "fixed").then(|| {
            k["keys"]
                .as_array()
                .expect("keys")
                .iter()
                .map(|s| s.as_str().expect("key").to_owned())
                .collect()
        })
    };
    let rows = keys(&spec["rows"]).unwrap_or_else(|| (1..=8).map(|n| n.to_string()).collect());
    let columns = keys(&spec["columns"])?;
    let cell = &spec["cell"];
    let value = match cell["cell"].as_str()? {
        "code" => cell["codes"][0].as_str()?.to_owned(),
        "number" | "range" => cell["min"].to_string(),
        "losses" => "0/0".into(),
        _ => "x".into(),
    };
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut csv = std::iter::once(quote("roll"))
        .chain(columns.iter().map(|c| quote(c)))
        .collect::<Vec<_>>()
        .join(",");
    for row in rows {
        csv.push('\n');
        csv.push_str(
            &std::iter::once(quote(&row))
                .chain(columns.iter().map(|_| quote(&value)))
                .collect::<Vec<_>>()
                .join(","),
        );
    }
    Some(csv)
}

#[tokio::test]
async fn every_assisted_game_opens_its_table_and_lists_its_calculations_with_schemas() {
    let app = Arc::new(TestApp::spawn().await);
    for (n, game) in GAMES.iter().enumerate() {
        let t = DeskTable::on(&app, game, None, &n.to_string()).await;
        for (token, role) in [
            (&t.umpire, "umpire"),
            (&t.soviet, "soviet"),
            (&t.finn, "finnish"),
        ] {
            let view = t.table(token).await;
            assert_eq!(view["role"], role, "{game}");
            assert!(
                view["moment"].as_str().is_some_and(|m| m.len() > 3),
                "{game}: {view}"
            );
            assert!(
                view["now"].as_str().is_some_and(|m| m.len() > 10),
                "{game}: {view}"
            );
        }
        let list = t
            .expect(
                &t.soviet,
                Method::GET,
                "calculations",
                Value::Null,
                StatusCode::OK,
            )
            .await;
        let list = list.as_array().expect("list");
        assert!(list.len() >= 3, "{game} lists {} calculations", list.len());
        for c in list {
            assert!(
                c["schema"]["properties"].is_object() || c["schema"]["type"] == "object",
                "{game}: {c}"
            );
            assert!(!c["rule"].as_str().expect("rule").is_empty());
        }
        let (status, body) = t
            .call(
                &t.soviet,
                Method::POST,
                "calculations/no-such-thing",
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        // Parameters that do not fit are a 422 that says where.
        let first = list[0]["name"].as_str().expect("name");
        let (status, body) = t
            .call(
                &t.soviet,
                Method::POST,
                &format!("calculations/{first}"),
                json!([1, 2]),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{game} {first}: {body}"
        );
        assert_eq!(error_code(&body), "invalid_params");
        let charts = t
            .expect(&t.finn, Method::GET, "charts", Value::Null, StatusCode::OK)
            .await;
        assert!(!charts.as_array().expect("charts").is_empty(), "{game}");
        // The pages: the table, a calculation's form and the rules page.
        let browser = app.signed_in(&format!("finn{n}"), "pages").await;
        let page = app
            .html(&browser, &format!("/campaigns/{}/table", t.id))
            .await;
        assert!(page.contains("id=\"now\""), "{game}: {page}");
        let form = app
            .html(
                &browser,
                &format!("/campaigns/{}/table/calculation/{first}", t.id),
            )
            .await;
        assert!(form.contains("id=\"run\""), "{game}: {form}");
        let rules = app
            .html(&browser, &format!("/campaigns/{}/table/rules", t.id))
            .await;
        assert!(rules.contains("id=\"readings\""), "{game}");
    }
    // A WoNS campaign has no table.
    let (_, umpire) = app.user("wons-umpire").await;
    let wons = app.campaign(&umpire, "wons").await;
    let (status, _) = app
        .get(
            &format!("/api/v1/campaigns/{wons}/calculations"),
            Some(&umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn units_are_imported_by_their_own_side_and_refusals_name_line_and_column() {
    let t = DeskTable::new("red_winter", None).await;
    let view = t.table(&t.umpire).await;
    let (header, finn) = unit_csv(&view, "finnish", "2/JR16", "0412");
    let (_, soviet) = unit_csv(&view, "soviet", "1/609", "0815");
    // A side adds only its own units.
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "units/import",
            json!({"format": "csv", "text": format!("{header}\n{finn}\n{soviet}\n")}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        t.table(&t.umpire).await["units"]
            .as_array()
            .expect("units")
            .is_empty(),
        "nothing was added"
    );
    let view = t.units(&t.finn, &format!("{header}\n{finn}\n")).await;
    assert_eq!(view["units"].as_array().expect("units").len(), 1);
    t.units(&t.soviet, &format!("{header}\n{soviet}\n")).await;
    refusals_name_the_line_and_column(&t, &header, &finn).await;
    let id = markers_are_the_sides_own(&t, &view).await;
    the_change_form_and_the_history(&t, &id).await;
}

/// A refusal names the line and the column.
async fn refusals_name_the_line_and_column(t: &DeskTable, header: &str, finn: &str) {
    let bad = format!(
        "{header}\n{finn}\n{}\n",
        finn.replacen("finnish", "purple", 1)
    );
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "units/import",
            json!({"format": "csv", "text": bad}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_message(&body).contains("line 3, column 'side'"),
        "{body}"
    );
    // Hostile text: NUL, deep JSON.
    let (status, _) = t
        .call(
            &t.finn,
            Method::POST,
            "units/import",
            json!({"format": "csv", "text": format!("{header}\n{}\u{0}\n", finn)}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "units/import",
            json!({"format": "json", "text": deep}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

/// Markers: the side marks its own unit; the enemy cannot touch it.
async fn markers_are_the_sides_own(t: &DeskTable, view: &Value) -> String {
    let id = DeskTable::unit_id(&t.table(&t.finn).await, "2/JR16");
    let marker = view["roster"]["markers"][0]["code"]
        .as_str()
        .expect("a marker")
        .to_owned();
    let after = t
        .expect(
            &t.finn,
            Method::POST,
            &format!("units/{id}/markers"),
            json!({"marker": marker, "on": true}),
            StatusCode::OK,
        )
        .await;
    assert!(
        after["units"][0]["markers"]
            .as_array()
            .expect("markers")
            .iter()
            .any(|m| m == &json!(marker))
    );
    let (status, _) = t
        .call(
            &t.soviet,
            Method::POST,
            &format!("units/{id}/markers"),
            json!({"marker": marker, "on": false}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    id
}

/// The page's change form: a new place and CS, then values the roster refuses.
async fn the_change_form_and_the_history(t: &DeskTable, id: &str) {
    let browser = t.app.signed_in("finn", "edit").await;
    let edit = format!("{}/campaigns/{}/table/units/{id}/edit", t.app.url, t.id);
    let post = |fields: Vec<(&'static str, &'static str)>| {
        let browser = browser.clone();
        let edit = edit.clone();
        async move {
            browser
                .post(&edit)
                .form(&fields)
                .send()
                .await
                .expect("posts")
        }
    };
    let done = post(vec![("name", ""), ("location", "0415"), ("attr-cs", "3")]).await;
    assert_eq!(done.status(), StatusCode::SEE_OTHER);
    let after = t.table(&t.finn).await;
    assert_eq!(after["units"][0]["location"], "0415", "{after}");
    assert_eq!(after["units"][0]["attributes"]["cs"], 3);
    let refused = post(vec![("attr-cs", "three")]).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .text()
            .await
            .expect("page")
            .contains("is not a whole number")
    );
    let refused = post(vec![("attr-cs", "999")]).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let soviet = t.app.signed_in("soviet", "edit").await;
    let theirs = soviet
        .post(&edit)
        .form(&[("location", "0001")])
        .send()
        .await
        .expect("posts");
    assert_eq!(
        theirs.status(),
        StatusCode::NOT_FOUND,
        "not the Soviets' unit"
    );
    // The history of the Finns' own units is theirs.
    let history = t.table(&t.finn).await["history"]
        .as_array()
        .expect("history")
        .len();
    assert_eq!(history, 3, "added, marked and moved");
}

#[tokio::test]
async fn charts_are_versioned_and_a_published_set_starts_another_campaign() {
    let app = Arc::new(TestApp::spawn().await);
    let t = DeskTable::on(&app, "red_winter", None, "").await;
    let charts = t
        .expect(
            &t.umpire,
            Method::GET,
            "charts",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    let (code, csv) = charts
        .as_array()
        .expect("charts")
        .iter()
        .find_map(|c| {
            fixed_chart_csv(&c["spec"])
                .map(|csv| (c["code"].as_str().expect("code").to_owned(), csv))
        })
        .expect("a chart with fixed keys");
    // Only the umpire enters charts; a refused chart names what is wrong.
    let (status, _) = t
        .call(
            &t.soviet,
            Method::PUT,
            &format!("charts/{code}"),
            json!({"format": "csv", "text": csv}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = t
        .call(
            &t.umpire,
            Method::PUT,
            &format!("charts/{code}"),
            json!({"format": "csv", "text": "roll\n"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    t.chart(&code, &csv).await;
    let view = t.chart(&code, &csv).await;
    let status_of = |v: &Value| {
        v["charts"]
            .as_array()
            .expect("charts")
            .iter()
            .find(|c| c["code"] == code.as_str())
            .expect("chart")["version"]
            .clone()
    };
    assert_eq!(status_of(&view), json!(2));
    a_published_set_starts_another_campaign(&app, &t, status_of).await;
}

/// Published, then entered in another campaign of the same game by another umpire.
async fn a_published_set_starts_another_campaign(
    app: &Arc<TestApp>,
    t: &DeskTable,
    status_of: impl Fn(&Value) -> Value,
) {
    let (status, body) = t
        .call(
            &t.soviet,
            Method::POST,
            "charts/publish",
            json!({"name": "Tolvajärvi, printed 2012"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let set = t
        .expect(
            &t.umpire,
            Method::POST,
            "charts/publish",
            json!({"name": "Tolvajärvi, printed 2012"}),
            StatusCode::CREATED,
        )
        .await;
    let (status, body) = t
        .call(
            &t.umpire,
            Method::POST,
            "charts/publish",
            json!({"name": "Tolvajärvi, printed 2012"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let other = DeskTable::on(app, "red_winter", None, "2").await;
    let listed = other
        .expect(
            &other.umpire,
            Method::GET,
            "chart-sets",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    assert_eq!(listed[0]["name"], "Tolvajärvi, printed 2012");
    assert_eq!(listed[0]["published_by"], "umpire");
    let view = other
        .expect(
            &other.umpire,
            Method::POST,
            "charts/from-set",
            json!({"chart_set": set["id"]}),
            StatusCode::OK,
        )
        .await;
    assert_eq!(status_of(&view), json!(1));
    // A set of another game is not offered to a Winter War campaign.
    let ww = DeskTable::on(app, "winter_war", None, "3").await;
    let (status, body) = ww
        .call(
            &ww.umpire,
            Method::POST,
            "charts/from-set",
            json!({"chart_set": set["id"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

#[tokio::test]
async fn phases_end_for_the_side_waited_for_and_the_umpire_ends_them_for_everyone() {
    let t = DeskTable::new("red_winter", None).await;
    let before = t.table(&t.umpire).await;
    let waiting: Vec<String> = before["waiting_for"]
        .as_array()
        .expect("waiting")
        .iter()
        .map(|r| r.as_str().expect("role").to_owned())
        .collect();
    assert!(!waiting.is_empty(), "{before}");
    // Someone not waited for is refused and nothing changes.
    for (token, role) in [(&t.soviet, "soviet"), (&t.finn, "finnish")] {
        if !waiting.iter().any(|w| w == role) {
            let (status, body) = t
                .call(token, Method::POST, "table/advance", json!({}))
                .await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
        }
    }
    assert_eq!(t.table(&t.umpire).await["moment"], before["moment"]);
    let after = t.advance(&t.umpire).await;
    assert_ne!(after["moment"], before["moment"]);
    let log = t
        .expect(
            &t.finn,
            Method::GET,
            "table/events",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    assert!(
        log.as_array()
            .expect("log")
            .iter()
            .any(|e| e["kind"] == "advanced"),
        "{log}"
    );
}
