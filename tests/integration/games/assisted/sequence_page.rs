//! A Winter War's sequence of play edited on a page by the umpire (its text lacks the base
//! rules' phase list): phases renamed, reordered, added and removed with typed fields, a refused
//! change coming back as typed, and the players reading it.

use crate::games::assisted::client::DeskTable;
use reqwest::StatusCode;
use serde_json::Value;

async fn post(
    browser: &reqwest::Client,
    url: &str,
    fields: &[(String, String)],
) -> (StatusCode, String) {
    let res = browser.post(url).form(fields).send().await.expect("posts");
    let status = res.status();
    (status, res.text().await.expect("page"))
}

/// The form's fields as the page offers them: every phase kept in its place.
fn as_shown(sequence: &Value) -> Vec<(String, String)> {
    let mut fields = vec![
        ("last_turn".to_string(), sequence["last_turn"].to_string()),
        ("first_player".to_string(), "soviet".to_string()),
    ];
    for (k, kind) in sequence["kinds"]
        .as_array()
        .expect("kinds")
        .iter()
        .enumerate()
    {
        for (i, p) in kind["phases"]
            .as_array()
            .expect("phases")
            .iter()
            .enumerate()
        {
            let key = format!("k{k}p{i}");
            fields.push((format!("{key}-order"), (i + 1).to_string()));
            fields.push((
                format!("{key}-name"),
                p["name"].as_str().unwrap_or_default().into(),
            ));
            fields.push((
                format!("{key}-instructions"),
                p["instructions"].as_str().unwrap_or_default().into(),
            ));
            fields.push((
                format!("{key}-actor"),
                p["actor"].as_str().unwrap_or_default().into(),
            ));
            for a in p["activities"].as_array().into_iter().flatten() {
                fields.push((
                    format!("{key}-activity"),
                    a.as_str().unwrap_or_default().into(),
                ));
            }
        }
    }
    fields
}

fn set(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    fields.retain(|(k, _)| k != name);
    fields.push((name.to_string(), value.to_string()));
}

#[tokio::test]
async fn the_umpire_edits_the_sequence_of_play_on_a_page_and_the_players_read_it() {
    let t = DeskTable::new("a_winter_war", None).await;
    let sequence = t.table(&t.umpire).await;
    let sequence = {
        let (_, s) = t.app.get(&t.path("table/sequence"), Some(&t.umpire)).await;
        assert!(sequence["moment"].is_string());
        s
    };
    let phases = |s: &Value| -> Vec<String> {
        s["kinds"][0]["phases"]
            .as_array()
            .expect("phases")
            .iter()
            .map(|p| p["name"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    let before = phases(&sequence);
    let movement = before
        .iter()
        .position(|n| n == "Soviet movement phase")
        .expect("a Soviet movement phase");
    let finnish_air = before
        .iter()
        .position(|n| n == "Finnish air phase")
        .expect("a Finnish air phase");
    let url = format!("{}/campaigns/{}/table/sequence", t.app.url, t.id);
    let umpire = t.app.signed_in("umpire", "sequence").await;
    let page = t
        .app
        .html(&umpire, &format!("/campaigns/{}/table/sequence", t.id))
        .await;
    assert!(page.contains("Save the sequence of play"), "{page}");
    assert!(!page.contains("{\""), "the page asks for no JSON");

    // A place that is no number comes back beside its field, with every typed name kept.
    let mut fields = as_shown(&sequence);
    set(
        &mut fields,
        &format!("k0p{movement}-name"),
        "Soviet road and rail movement",
    );
    set(&mut fields, &format!("k0p{movement}-order"), "second");
    let (status, page) = post(&umpire, &url, &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.contains(&format!("id=\"k0p{movement}-error\"")),
        "{page}"
    );
    assert!(page.contains("value=\"Soviet road and rail movement\""));
    assert!(page.contains("value=\"second\""));

    // Renamed, a new phase third, the Finnish air phase removed.
    set(
        &mut fields,
        &format!("k0p{movement}-order"),
        &(movement + 1).to_string(),
    );
    set(&mut fields, &format!("k0p{finnish_air}-remove"), "yes");
    set(&mut fields, "k0new-name", "Soviet naval phase");
    set(&mut fields, "k0new-order", "3");
    set(&mut fields, "k0new-actor", "soviet");
    set(&mut fields, "k0new-activity", "combat");
    let (status, page) = post(&umpire, &url, &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    let (_, after) = t.app.get(&t.path("table/sequence"), Some(&t.finn)).await;
    let names = phases(&after);
    assert!(
        names.contains(&"Soviet road and rail movement".to_string()),
        "{names:?}"
    );
    assert!(
        !names.contains(&"Finnish air phase".to_string()),
        "{names:?}"
    );
    assert_eq!(names.len(), before.len());
    let naval = names
        .iter()
        .position(|n| n == "Soviet naval phase")
        .expect("added");
    assert_eq!(naval, 2, "{names:?}");
    assert_eq!(
        after["kinds"][0]["phases"][naval]["activities"],
        serde_json::json!(["combat"])
    );
    // The players read it, and the log says it changed.
    let finn = t.app.signed_in("finn", "sequence").await;
    let page = t
        .app
        .html(&finn, &format!("/campaigns/{}/table/sequence", t.id))
        .await;
    assert!(page.contains("Soviet naval phase"));
    assert!(
        !page.contains("Save the sequence of play"),
        "only the umpire edits"
    );
    let log = t.everything_seen(&t.finn).await;
    assert!(
        log.contains("The umpire changed the sequence of play"),
        "in the log"
    );
    let res = finn.post(&url).form(&fields).send().await.expect("posts");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}
