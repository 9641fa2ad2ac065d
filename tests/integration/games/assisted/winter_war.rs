//! Winter War through the API with the fog of war: the Finns read everything they receive and
//! find neither the units on the Soviet displays nor the face-down ones until a combat is
//! declared or Radio Intelligence examines them; a combat resolved against the roster.

use super::client::DeskTable;
use super::red_winter::advance_to;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const CRT: &str = "roll,≤49%,50-99%,100-199%,≥200%
1,AW,AW,DW,DE
2,AW,DW,DW,DE
3,AW,DW,DW,DE
4,AW,DW,DW,DE
5,AW,DW,DW,DE
6,AW,DW,DW,DE";

/// What the Finns receive, as one text: the API, the log, the dice and the pages.
async fn finns_see(t: &DeskTable) -> String {
    let mut seen = t.everything_seen(&t.finn).await;
    let browser = t.app.signed_in("finn", "leak test").await;
    for page in ["table", "table/rules"] {
        seen.push_str(
            &t.app
                .html(&browser, &format!("/campaigns/{}/{page}", t.id))
                .await,
        );
    }
    seen.push_str(&t.app.html(&browser, &format!("/campaigns/{}", t.id)).await);
    seen
}

#[tokio::test]
async fn the_fog_of_war_hides_what_the_finns_may_not_see_until_it_is_revealed() {
    let t = DeskTable::new("winter_war", Some(json!({"fog_of_war": true}))).await;
    // A CRT whose bands leave a gap is refused, naming the rule.
    let (status, body) = t
        .call(
            &t.umpire,
            Method::PUT,
            "charts/crt",
            json!({"format": "csv", "text": CRT.replace("100-199%", "120-199%")}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.to_string().contains("14.0"), "{body}");
    t.chart("crt", CRT).await;
    let soviets = "side,name,type,location,markers,af,df,mf,size,flag
soviet,163rd Rifle,infantry,2020,,6,4,2,XX,Soviet
soviet,44th Motorized,infantry,track:GT5,,6,4,3,XX,Soviet
soviet,54th Mountain,mountain,3030,inside_enemy_country,6,4,2,XX,Soviet";
    let soviet_view = t.units(&t.soviet, soviets).await;
    let finn_view = t.units(&t.finn, "side,name,type,location,af,df,mf,size,flag\nfinnish,9th Division,infantry,2021,6,6,2,XX,Finnish").await;
    let rifle = DeskTable::unit_id(&soviet_view, "163rd Rifle");
    let motorized = DeskTable::unit_id(&soviet_view, "44th Motorized");
    let ninth = DeskTable::unit_id(&finn_view, "9th Division");

    // The Finns see the 54th (inside Finland) in full, the 163rd face down, the 44th not at all.
    let view = t.table(&t.finn).await;
    assert_eq!(
        view["units"][0]["id"],
        ninth.as_str(),
        "their own unit, in full"
    );
    let enemy = view["enemy_units"].as_array().expect("enemy");
    assert_eq!(enemy.len(), 2, "{view}");
    assert!(enemy.iter().any(|u| u["name"] == "54th Mountain"));
    let face_down = enemy
        .iter()
        .find(|u| u["name"].is_null())
        .expect("a face-down stack");
    assert_eq!(face_down["location"], "2020");
    assert_eq!(face_down["attributes"], json!({"flag": "Soviet"}));
    let seen = finns_see(&t).await;
    for secret in [
        "163rd Rifle",
        "44th Motorized",
        "track:GT5",
        rifle.as_str(),
        motorized.as_str(),
    ] {
        assert!(!seen.contains(secret), "the Finns can read {secret}");
    }
    // Radio Intelligence: the Finns examine the stack in 2020; the Soviets are not told what.
    let answer = t
        .act(&t.finn, "radio-intelligence", json!({"hexes": ["2020"]}))
        .await;
    assert!(
        answer["steps"][0]
            .as_str()
            .expect("step")
            .contains("163rd Rifle"),
        "{answer}"
    );
    let view = t.table(&t.finn).await;
    assert!(
        view["enemy_units"]
            .as_array()
            .expect("enemy")
            .iter()
            .any(|u| u["name"] == "163rd Rifle")
    );
    let soviet_log = t
        .expect(
            &t.soviet,
            Method::GET,
            "table/events?limit=500",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    assert!(
        !soviet_log.to_string().contains("Radio Intelligence"),
        "{soviet_log}"
    );
    assert!(!finns_see(&t).await.contains("44th Motorized"));

    // The Soviets declare and resolve a combat in their combat phase: 6 against 6 is 100%.
    advance_to(&t, 1, "Soviet Combat Phase").await;
    let answer = t
        .act(
            &t.soviet,
            "resolve-combat",
            json!({"attackers": [rifle], "hex": "2021"}),
        )
        .await;
    assert_eq!(answer["result"]["column"], "100-199%", "{answer}");
    assert_eq!(answer["result"]["result"]["result"], "DW", "{answer}");
    assert_eq!(answer["charts"], json!([{"chart": "crt", "version": 1}]));
    // DW: the 9th Division owes a retreat of one hex; its owner says where, and the roster follows.
    let (status, body) = t
        .call(&t.finn, Method::POST, "actions/take-result", json!({}))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "where to is missing: {body}"
    );
    t.act(
        &t.finn,
        "take-result",
        json!({"retreats": {ninth.clone(): "2022"}}),
    )
    .await;
    let view = t.table(&t.finn).await;
    assert_eq!(view["units"][0]["location"], "2022", "{view}");
    assert_eq!(view["records"]["pending"], json!([]));
    // In the Finns' combat phase, naming a hidden unit is answered as for one that does not
    // exist, to the letter.
    advance_to(&t, 1, "Finnish Combat Phase").await;
    let (status, hidden) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/declare-combat",
            json!({"attackers": [motorized], "hex": "2020"}),
        )
        .await;
    let (status2, unknown) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/declare-combat",
            json!({"attackers": ["0123456789abcdef0123456789abcdef"], "hex": "2020"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{hidden}");
    assert_eq!(
        (status, hidden["error"]["code"].clone()),
        (status2, unknown["error"]["code"].clone())
    );
    assert_eq!(
        hidden["error"]["message"]
            .as_str()
            .map(|m| m.replace(motorized.as_str(), "X")),
        unknown["error"]["message"]
            .as_str()
            .map(|m| m.replace("0123456789abcdef0123456789abcdef", "X"))
    );
    // The displays stay the Soviets' secret to the end.
    assert!(!finns_see(&t).await.contains("44th Motorized"));
}

/// 25.1: a campaign started from the Historical pack draws its board for participants only;
/// a campaign started without a pack has none.
#[tokio::test]
async fn the_board_is_drawn_for_participants_only() {
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let campaign = serde_json::json!({
        "name": "Historical board",
        "game": "winter_war",
        "scenario": { "pack": "winter-war-historical" },
    });
    let t = crate::common::Sides::open(&app, campaign, "").await;
    let path = format!("/campaigns/{}/board.svg", t.id);
    let (status, _) = app.get(&path, Some(&t.finn)).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let (_, outsider) = app.user("outsider").await;
    let (status, _) = app.get(&path, Some(&outsider)).await;
    assert_eq!(status, reqwest::StatusCode::NOT_FOUND);

    let plain = crate::games::assisted::client::DeskTable::on(&app, "winter_war", None, "2").await;
    let (status, _) = app
        .get(
            &format!("/campaigns/{}/board.svg", plain.id),
            Some(&plain.finn),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::NOT_FOUND);

    let wrong = serde_json::json!({
        "name": "Wrong pack",
        "game": "winter_war",
        "scenario": { "pack": "red-winter-example" },
    });
    let (status, body) = app.post("/api/v1/campaigns", Some(&t.umpire), wrong).await;
    assert_eq!(status, reqwest::StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.to_string().contains("winter-war-historical"), "{body}");
}
