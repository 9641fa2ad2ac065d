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

/// A Finnish Random Events Table on which every roll gives Radio Intelligence.
const RADIO_EVERY_ROLL: &str = "roll,1-10
1,Radio Intelligence
2,Radio Intelligence
3,Radio Intelligence
4,Radio Intelligence
5,Radio Intelligence
6,Radio Intelligence";

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
    t.chart("finnish_events", RADIO_EVERY_ROLL).await;
    // Finland's hexes, entered from the map by the umpire (24.2).
    t.act(
        &t.umpire,
        "enter-countries",
        json!({"finland": ["3030", "2021", "2022"], "soviet_union": ["1840"]}),
    )
    .await;
    let soviets = "side,name,type,location,markers,af,df,mf,size,flag
soviet,163rd Rifle,infantry,2020,,6,4,2,XX,Soviet
soviet,44th Motorized,infantry,track:GT5,,6,4,3,XX,Soviet
soviet,18th Rifle,infantry,2525,,6,4,2,XX,Soviet
soviet,54th Mountain,mountain,3030,,6,4,2,XX,Soviet";
    let soviet_view = t.units(&t.soviet, soviets).await;
    let finn_view = t.units(&t.finn, "side,name,type,location,af,df,mf,size,flag\nfinnish,9th Division,infantry,2021,6,6,2,XX,Finnish").await;
    let rifle = DeskTable::unit_id(&soviet_view, "163rd Rifle");
    let eighteenth = DeskTable::unit_id(&soviet_view, "18th Rifle");
    let motorized = DeskTable::unit_id(&soviet_view, "44th Motorized");
    let ninth = DeskTable::unit_id(&finn_view, "9th Division");

    // The Finns see the 54th (inside Finland) in full, the 163rd and the 18th face down, the 44th
    // not at all.
    let view = t.table(&t.finn).await;
    assert_eq!(
        view["units"][0]["id"],
        ninth.as_str(),
        "their own unit, in full"
    );
    let enemy = view["enemy_units"].as_array().expect("enemy");
    assert_eq!(enemy.len(), 3, "{view}");
    assert!(enemy.iter().any(|u| u["name"] == "54th Mountain"));
    let face_down = enemy
        .iter()
        .find(|u| u["name"].is_null() && u["location"] == "2020")
        .expect("a face-down stack");
    assert_eq!(face_down["location"], "2020");
    assert_eq!(face_down["attributes"], json!({"flag": "Soviet"}));
    let seen = finns_see(&t).await;
    for secret in [
        "163rd Rifle",
        "18th Rifle",
        "44th Motorized",
        "track:GT5",
        rifle.as_str(),
        eighteenth.as_str(),
        motorized.as_str(),
    ] {
        assert!(!seen.contains(secret), "the Finns can read {secret}");
    }
    the_soviets_attack_and_the_ninth_retreats(&t, &rifle, ninth).await;
    a_hidden_unit_is_answered_as_no_unit(&t, motorized).await;
    radio_intelligence_is_the_finns_own(&t).await;
}

/// Radio Intelligence before its event came up is refused (17.2).
async fn the_soviets_attack_and_the_ninth_retreats(t: &DeskTable, rifle: &str, ninth: String) {
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/radio-intelligence",
            json!({"hexes": ["2525"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The Soviets declare and resolve a combat in their combat phase: 6 against 6 is 100%.
    advance_to(t, 1, "Soviet Combat Phase").await;
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
}

/// In the Finns' combat phase, naming a hidden unit is answered as for one that does not
/// exist, to the letter.
async fn a_hidden_unit_is_answered_as_no_unit(t: &DeskTable, motorized: String) {
    advance_to(t, 1, "Finnish Combat Phase").await;
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
}

/// Radio Intelligence, rolled in the Finnish Event Segment: the Finns examine the stack in
/// 2525; the Soviets are not told what.
async fn radio_intelligence_is_the_finns_own(t: &DeskTable) {
    advance_to(t, 1, "Finnish Event Segment").await;
    t.act(&t.finn, "roll-events", json!({})).await;
    let answer = t
        .act(&t.finn, "radio-intelligence", json!({"hexes": ["2525"]}))
        .await;
    assert!(
        answer["steps"][0]
            .as_str()
            .expect("step")
            .contains("18th Rifle"),
        "{answer}"
    );
    let view = t.table(&t.finn).await;
    assert!(
        view["enemy_units"]
            .as_array()
            .expect("enemy")
            .iter()
            .any(|u| u["name"] == "18th Rifle")
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
    // The roll is public (17.1); what the Finns examined is theirs.
    assert!(
        soviet_log.to_string().contains("Radio Intelligence")
            && !soviet_log.to_string().contains("examines"),
        "{soviet_log}"
    );
    // The displays stay the Soviets' secret to the end.
    assert!(!finns_see(t).await.contains("44th Motorized"));
}

/// What a Finnish import of `csv` answers: the status, and the Finns' own units or the refusal.
async fn finnish_import(t: &DeskTable, csv: &str) -> (StatusCode, Value) {
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "units/import",
            json!({"format": "csv", "text": csv}),
        )
        .await;
    let answer = if status.is_success() {
        body["units"].clone()
    } else {
        body["error"].clone()
    };
    (status, answer)
}

#[tokio::test]
async fn a_finnish_import_answers_the_same_whether_or_not_soviet_units_exist() {
    // 7.3 and 24.2: the Finns learn nothing of hidden Soviet units from their own imports.
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let fog = Some(json!({"fog_of_war": true}));
    let hidden = DeskTable::on(&app, "winter_war", fog.clone(), "h").await;
    let alone = DeskTable::on(&app, "winter_war", fog, "a").await;
    let soviet_view = hidden
        .units(
            &hidden.soviet,
            "side,name,type,location,af,df,mf
soviet,44th Motorized,infantry,track:GT5,6,4,3
soviet,163rd Rifle,infantry,2020,6,4,2",
        )
        .await;
    // An id the Finns might have learned while the unit was revealed.
    let known = DeskTable::unit_id(&soviet_view, "44th Motorized");
    let csv =
        format!("side,id,name,type,location,af,df,mf\nfinnish,{known},JR 1,infantry,2021,2,2,2\n");
    let first = finnish_import(&hidden, &csv).await;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(first, finnish_import(&alone, &csv).await);
    // The same id again is refused alike: it is the Finns' own that holds it.
    let again = finnish_import(&hidden, &csv).await;
    assert_eq!(again.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", again.1);
    assert_eq!(again, finnish_import(&alone, &csv).await);
    assert!(!again.1.to_string().contains("Motorized"), "{}", again.1);
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
