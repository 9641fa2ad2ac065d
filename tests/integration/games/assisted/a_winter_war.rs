//! A Winter War through the API: an airborne plan written a turn ahead stays the Soviets' secret
//! (the Finns read everything they receive and find nothing of it) until it is carried out,
//! when its whole history becomes theirs; the rule's constraints refuse a second plan.

use super::client::DeskTable;
use super::red_winter::advance_to;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[tokio::test]
async fn an_airborne_plan_is_the_soviets_secret_until_it_is_carried_out() {
    let t = DeskTable::new(
        "a_winter_war",
        Some(json!({"airborne": true, "supply_effects": true})),
    )
    .await;
    let soviets = t
        .units(&t.soviet, "side,name,type,location,markers,attack,defence,movement\nsoviet,201st Airborne Brigade,parachute,Leningrad,parachute,1,2,5")
        .await;
    t.units(
        &t.finn,
        "side,name,type,location,attack,defence,movement\nfinnish,JR 27,infantry,Kemi,3,3,2",
    )
    .await;
    let para = DeskTable::unit_id(&soviets, "201st Airborne Brigade");
    let start = t.table(&t.soviet).await;
    assert_eq!(start["phase"], "Soviet initial phase", "{start}");
    the_plan_is_written_in_secret(&t, &para).await;
    the_plan_is_carried_out(&t, &para).await;
    the_isolation_check_names_its_chart(&t).await;
}

/// Written in the Soviet initial phase: the log entry is the Soviets' alone.
async fn the_plan_is_written_in_secret(t: &DeskTable, para: &str) {
    let answer = t
        .act(
            &t.soviet,
            "write-airborne-plan",
            json!({"unit": para, "target": "Kemi airfield"}),
        )
        .await;
    assert!(
        answer["steps"][0]
            .as_str()
            .expect("step")
            .contains("Kemi airfield"),
        "{answer}"
    );
    let (status, body) = t
        .call(
            &t.soviet,
            Method::POST,
            "actions/write-airborne-plan",
            json!({"unit": para, "target": "Oulu"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "one plan per unit: {body}"
    );
    // The Finns cannot cancel, carry out or even learn of it.
    let (status, body) = t
        .call(
            &t.finn,
            Method::POST,
            "actions/cancel-airborne-plan",
            json!({"unit": para}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let seen = t.everything_seen(&t.finn).await;
    let browser = t.app.signed_in("finn", "leak test").await;
    let page = t
        .app
        .html(&browser, &format!("/campaigns/{}/table", t.id))
        .await;
    for secret in ["Kemi airfield", "planned to drop"] {
        assert!(!seen.contains(secret), "the Finns read {secret}");
        assert!(!page.contains(secret), "the Finns' page shows {secret}");
    }
    assert_eq!(t.table(&t.finn).await["records"]["plans"], json!([]));
    assert_eq!(
        t.table(&t.soviet).await["records"]["plans"][0]["target"],
        "Kemi airfield"
    );
}

/// Carried out in the next turn's Soviet air phase: now the Finns read it, history and all.
async fn the_plan_is_carried_out(t: &DeskTable, para: &str) {
    advance_to(t, 2, "Soviet air phase").await;
    let answer = t
        .act(&t.soviet, "execute-airborne-plan", json!({"unit": para}))
        .await;
    // The plan's history, then what the drop owns in its drop turn (Opt D.2).
    let steps = answer["steps"].as_array().expect("history");
    assert_eq!(steps.len(), 3, "{answer}");
    assert!(
        steps[2].as_str().is_some_and(|s| s.ends_with("(Opt D.2)")),
        "{answer}"
    );
    let plans = t.table(&t.finn).await["records"]["plans"].clone();
    assert_eq!(plans[0]["target"], "Kemi airfield", "{plans}");
    assert_eq!(plans[0]["status"], json!({"status": "executed"}));
    let log = t
        .expect(
            &t.finn,
            Method::GET,
            "table/events?limit=500",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    assert!(
        log.to_string()
            .contains("drops on Kemi airfield as planned"),
        "{log}"
    );
}

/// The rules' charts the text lacks, entered once: the Success Table for the isolation check,
/// whose roll names the chart version.
async fn the_isolation_check_names_its_chart(t: &DeskTable) {
    t.chart(
        "success_table",
        "roll,isolated\n1,F\n2,F\n3,S\n4,S\n5,S\n6,S",
    )
    .await;
    let roll = t
        .procedure(&t.umpire, "isolation-check", json!({"unit": "JR 27", "column": "isolated", "modifiers": {"far from any friendly unit": 9}}))
        .await;
    assert_eq!(
        roll["result"]["charts"],
        json!([{"chart": "success_table", "version": 1}]),
        "{roll}"
    );
    assert_eq!(
        roll["result"]["answer"]["result"], true,
        "a roll of 10 or more reads the last row, S: {roll}"
    );
}

#[tokio::test]
async fn the_umpire_edits_the_default_sequence_of_play() {
    let t = DeskTable::new("a_winter_war", None).await;
    let mut sequence = t
        .expect(
            &t.umpire,
            Method::GET,
            "table/sequence",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    let phases = sequence["kinds"][0]["phases"]
        .as_array()
        .expect("phases")
        .len();
    // Without the exploitation phases (the base rules the campaign plays may have none).
    let kept: Vec<Value> = sequence["kinds"][0]["phases"]
        .as_array()
        .expect("phases")
        .iter()
        .filter(|p| !p["code"].as_str().expect("code").ends_with("_exploitation"))
        .cloned()
        .collect();
    assert_eq!(kept.len(), phases - 2);
    sequence["kinds"][0]["phases"] = json!(kept);
    let (status, body) = t
        .call(&t.soviet, Method::PUT, "table/sequence", sequence.clone())
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "only the umpire: {body}"
    );
    let mut broken = sequence.clone();
    broken["kinds"][0]["phases"][1]["on_enter"] = json!(["no_such_hook"]);
    let (status, body) = t
        .call(&t.umpire, Method::PUT, "table/sequence", broken)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    t.expect(
        &t.umpire,
        Method::PUT,
        "table/sequence",
        sequence,
        StatusCode::OK,
    )
    .await;
    let now = t
        .expect(
            &t.umpire,
            Method::GET,
            "table/sequence",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        now["kinds"][0]["phases"].as_array().expect("phases").len(),
        phases - 2
    );
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
        log.to_string().contains("changed the sequence of play"),
        "{log}"
    );
}
