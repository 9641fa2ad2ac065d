//! The end of an assisted game, from its scenario pack: victory points counted from the hexes
//! units enter, the result at the end of the last turn, a sudden death, a concession; the
//! campaign ends with its game, every die revealed and no form left.

use crate::common::Sides;
use crate::games::assisted::client::DeskTable;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;

/// A campaign of Red Winter's made-up example pack: the Finnish garrison, two Soviet rifle
/// companies and a machine gun in H4/H5, the crossroads (D4) worth 5 Soviet points.
async fn crossroads(suffix: &str) -> DeskTable {
    let app = Arc::new(crate::common::TestApp::spawn().await);
    let campaign = json!({
        "name": format!("Crossroads {suffix}"),
        "game": "red_winter",
        "scenario": { "pack": "red-winter-example" },
    });
    DeskTable(Sides::open(&app, campaign, suffix).await)
}

async fn move_to(t: &DeskTable, token: &str, name: &str, hex: &str) -> Value {
    let view = t.table(token).await;
    let id = DeskTable::unit_id(&view, name);
    t.expect(
        token,
        Method::PATCH,
        &format!("units/{id}"),
        json!({ "location": hex }),
        StatusCode::OK,
    )
    .await
}

async fn status(t: &DeskTable) -> String {
    let (_, campaign) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.umpire))
        .await;
    campaign["status"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn the_last_turn_ends_the_game_on_points_and_the_campaign_with_it() {
    let t = crossroads("points").await;
    let before = t.table(&t.soviet).await;
    assert_eq!(before["victory"]["score"], 0, "{}", before["victory"]);
    move_to(&t, &t.soviet, "1/999 (made up)", "D4").await;
    // The unit moves on; the crossroads stays Soviet (the side that entered it last).
    move_to(&t, &t.soviet, "1/999 (made up)", "E4").await;
    for token in [&t.soviet, &t.finn, &t.umpire] {
        let view = t.table(token).await;
        assert_eq!(view["victory"]["soviet"], 5, "{}", view["victory"]);
        assert_eq!(view["victory"]["lines"][0]["held"], true);
    }
    let mut view = Value::Null;
    for _ in 0..200 {
        view = t.advance(&t.umpire).await;
        if view["finished"] == true {
            break;
        }
    }
    assert_eq!(view["outcome"]["title"], "Soviet victory", "{view}");
    assert_eq!(view["outcome"]["winner"], "soviet");
    assert_eq!(view["outcome"]["score"], 5);
    assert_eq!(status(&t).await, "finished");
    // Nothing more can be done; the dice are revealed to everyone.
    let (code, _) = t
        .call(&t.soviet, Method::POST, "table/advance", json!({}))
        .await;
    assert_eq!(code, StatusCode::CONFLICT);
    let export = t.export(&t.finn).await;
    let text = export.to_string();
    assert!(text.contains("\"seed\""), "{export}");
    assert!(
        !text.contains("\"seed\":null"),
        "every seed is revealed: {export}"
    );
    let (_, events) = t
        .app
        .get(&t.path("table/events?limit=500"), Some(&t.finn))
        .await;
    assert!(
        events
            .to_string()
            .contains("Soviet victory, with a score of 5."),
        "{events}"
    );
}

#[tokio::test]
async fn a_sudden_death_ends_the_game_at_once() {
    let t = crossroads("sudden").await;
    let view = move_to(&t, &t.soviet, "2/999 (made up)", "A4").await;
    assert_eq!(view["finished"], true, "{view}");
    assert_eq!(view["outcome"]["title"], "Soviet breakthrough (made up)");
    assert!(view["outcome"]["score"].is_null());
    assert_eq!(status(&t).await, "finished");
    let finn = t.table(&t.finn).await;
    assert!(
        finn["now"]
            .as_str()
            .unwrap()
            .starts_with("The game is over. The Soviet player met a sudden death condition"),
        "{}",
        finn["now"]
    );
}

#[tokio::test]
async fn a_player_concedes_and_the_umpire_may_not() {
    let t = crossroads("concede").await;
    let umpire = t
        .expect(
            &t.umpire,
            Method::POST,
            "table/concede",
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    assert!(umpire.to_string().contains("ends the campaign"), "{umpire}");
    assert_eq!(status(&t).await, "open");
    let view = t
        .expect(
            &t.finn,
            Method::POST,
            "table/concede",
            json!({}),
            StatusCode::OK,
        )
        .await;
    assert_eq!(view["outcome"]["winner"], "soviet", "{view}");
    assert_eq!(view["outcome"]["title"], "Soviet victory by concession");
    assert_eq!(status(&t).await, "finished");
    t.expect(
        &t.soviet,
        Method::POST,
        "table/concede",
        json!({}),
        StatusCode::CONFLICT,
    )
    .await;

    // The page shows the result in words and no form that can no longer be used.
    let browser = t.app.signed_in("finnconcede", "victory test").await;
    let page = t
        .app
        .html(&browser, &format!("/campaigns/{}/table", t.id))
        .await;
    assert!(page.contains("Soviet victory by concession"), "{page}");
    assert!(page.contains("verify these dice"), "{page}");
    for gone in [
        "/table/advance",
        "/table/concede",
        "/units/import",
        "/markers",
        "/edit",
    ] {
        assert!(!page.contains(gone), "{gone} is still offered");
    }
}

#[tokio::test]
async fn reinforcements_arrive_by_themselves_at_the_start_of_their_turn() {
    // The example's Finnish rifle company 2/JR99 arrives in A4 on turn 2.
    let t = crossroads("reinforced").await;
    let named = |view: &Value| {
        view["units"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["name"] == "2/JR99 (made up)" && u["location"] == "A4")
    };
    assert!(!named(&t.table(&t.finn).await));
    let mut view = t.table(&t.umpire).await;
    while view["turn"] == 1 {
        view = t.advance(&t.umpire).await;
    }
    assert!(named(&view), "{}", view["units"]);
    assert!(named(&t.table(&t.finn).await));
    let (_, events) = t
        .app
        .get(&t.path("table/events?limit=500"), Some(&t.finn))
        .await;
    assert!(
        events
            .to_string()
            .contains("2/JR99 (made up), infantry, added at A4"),
        "{events}"
    );
}

#[tokio::test]
async fn an_eliminated_unit_goes_to_the_dead_pool_with_when_and_why() {
    let t = crossroads("fallen").await;
    let view = t.table(&t.soviet).await;
    let id = DeskTable::unit_id(&view, "Machine gun company");
    t.expect(
        &t.soviet,
        Method::POST,
        &format!("units/{id}/remove"),
        json!({ "reason": "eliminated in combat" }),
        StatusCode::OK,
    )
    .await;
    // Red Winter hides nothing: both sides and the umpire read it in the dead pool.
    for token in [&t.soviet, &t.finn, &t.umpire] {
        let view = t.table(token).await;
        let fallen = view["fallen"].as_array().expect("the dead pool");
        assert_eq!(fallen.len(), 1, "{view}");
        assert_eq!(fallen[0]["unit"]["name"], "Machine gun company");
        assert_eq!(fallen[0]["reason"], "eliminated in combat");
        assert!(
            !view["units"]
                .as_array()
                .unwrap()
                .iter()
                .any(|u| u["name"] == "Machine gun company")
        );
    }
    let browser = t.app.signed_in("finnfallen", "victory test").await;
    let page = t
        .app
        .html(&browser, &format!("/campaigns/{}/table", t.id))
        .await;
    assert!(page.contains("Dead pool (1)"), "{page}");
}
