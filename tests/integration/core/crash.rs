//! Crash safety: the real `motti` binary is killed with SIGKILL in the middle of a storm of dice
//! rolls from several clients and of WoNS orders, started again on the same database, and every
//! roll it answered 2xx is there exactly once, the numbering has no gaps, the last order answered
//! is the one kept, and the campaign still loads and verifies.

use crate::common::{MottiProcess, TestApp, free_port, migrated_database, motti_command};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Clients rolling at once, and the most rolls each makes.
const CLIENTS: usize = 6;
const ROLLS_EACH: usize = 150;
/// Acknowledged rolls after which the server is killed.
const KILL_AFTER: usize = 60;

/// One client's storm: rolls until `ROLLS_EACH` or the server stops answering; returns the
/// purposes (unique per roll) it was answered 2xx for, with the roll numbers it was given.
async fn storm(
    url: String,
    id: String,
    token: String,
    client: usize,
    acked: Arc<AtomicUsize>,
) -> Vec<(String, u64)> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    let mut answered = Vec::new();
    for i in 0..ROLLS_EACH {
        let purpose = format!("storm c{client} r{i}");
        let sent = http
            .post(format!("{url}/api/v1/campaigns/{id}/rolls"))
            .bearer_auth(&token)
            .json(&json!({"dice": "2d6", "purpose": purpose}))
            .send()
            .await;
        let Ok(res) = sent else { break };
        if !res.status().is_success() {
            break;
        }
        let Ok(roll) = res.json::<Value>().await else {
            break;
        };
        let k = roll["k"].as_u64().expect("a roll number");
        answered.push((purpose, k));
        acked.fetch_add(1, Ordering::SeqCst);
    }
    answered
}

/// Actions a platoon may be ordered without further choices.
const PLAIN_ACTIONS: [&str; 5] = [
    "defend",
    "consolidate_defenses",
    "advance",
    "retreat",
    "build_bonfire",
];

/// The Soviet storm of orders: one platoon's order flips between two legal actions; returns the
/// last action answered 2xx and the one sent after it, whose answer never came.
async fn order_storm(
    url: String,
    id: String,
    token: String,
    platoon: String,
    actions: [String; 2],
) -> (Option<String>, Option<String>) {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    let mut answered = None;
    for i in 0..ROLLS_EACH {
        let action = actions[i % 2].clone();
        let sent = http
            .put(format!("{url}/api/v1/campaigns/{id}/wons/orders/{platoon}"))
            .bearer_auth(&token)
            .json(&json!({"action": action}))
            .send()
            .await;
        match sent {
            Ok(res) if res.status().is_success() => answered = Some(action),
            Ok(res) => panic!("order refused: {}", res.text().await.unwrap_or_default()),
            Err(_) => return (answered, Some(action)),
        }
    }
    (answered, None)
}

/// A Soviet platoon with two plain legal actions, from the Soviet view.
async fn flippable_platoon(app: &TestApp, id: &str, soviet: &str) -> (String, [String; 2]) {
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}/wons/view"), Some(soviet))
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    for p in view["platoons"].as_array().expect("platoons") {
        let legal: Vec<String> = p["legal_actions"]
            .as_array()
            .expect("legal actions")
            .iter()
            .filter_map(|a| a.as_str())
            .filter(|a| PLAIN_ACTIONS.contains(a))
            .map(str::to_owned)
            .collect();
        if let [a, b, ..] = legal.as_slice() {
            let platoon = p["id"].as_str().expect("an id").to_owned();
            return (platoon, [a.clone(), b.clone()]);
        }
    }
    panic!("no Soviet platoon has two plain legal actions: {view}");
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_roll_and_applies_none_twice() {
    let (db_name, db_url) = migrated_database().await;
    let port = free_port();
    let server = MottiProcess::start(&db_url, port).await;
    let app = TestApp::attach(format!("http://127.0.0.1:{port}"), db_name).await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let (_, finn) = app.user("finn").await;
    let id = app.campaign(&umpire, "wons").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    app.join(&umpire, &id, &finn, "finnish").await;

    let (platoon, actions) = flippable_platoon(&app, &id, &soviet).await;
    let orders = tokio::spawn(order_storm(
        app.url.clone(),
        id.clone(),
        soviet.clone(),
        platoon.clone(),
        actions,
    ));
    let acked = Arc::new(AtomicUsize::new(0));
    let tokens = [&umpire, &soviet, &finn];
    let storms: Vec<_> = (0..CLIENTS)
        .map(|c| {
            tokio::spawn(storm(
                app.url.clone(),
                id.clone(),
                tokens[c % tokens.len()].clone(),
                c,
                acked.clone(),
            ))
        })
        .collect();
    let waited = tokio::time::timeout(Duration::from_secs(60), async {
        while acked.load(Ordering::SeqCst) < KILL_AFTER {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(
        waited.is_ok(),
        "the storm got {KILL_AFTER} rolls answered within a minute"
    );
    server.kill().await;
    let mut answered = BTreeMap::new();
    for s in storms {
        for (purpose, k) in s.await.expect("a storm ends") {
            answered.insert(purpose, k);
        }
    }
    let (last_order, unanswered_order) = orders.await.expect("the order storm ends");
    assert!(
        last_order.is_some(),
        "some order was answered before the kill"
    );
    assert!(
        answered.len() < CLIENTS * ROLLS_EACH,
        "the kill came mid-storm ({} answered)",
        answered.len()
    );

    let server = MottiProcess::start(&db_url, port).await;
    let (status, export) = app
        .get(
            &format!("/api/v1/campaigns/{id}/dice/export"),
            Some(&umpire),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{export}");
    let rolls = export["rolls"].as_array().expect("rolls");
    let numbers: Vec<u64> = rolls.iter().filter_map(|r| r["k"].as_u64()).collect();
    let expected: Vec<u64> = (0..rolls.len() as u64).collect();
    assert_eq!(numbers, expected, "roll numbers run from 0 without gaps");
    let mut stored: BTreeMap<String, u64> = BTreeMap::new();
    for roll in rolls {
        let purpose = roll["purpose"]
            .as_str()
            .expect("a public purpose")
            .to_owned();
        let k = roll["k"].as_u64().expect("k");
        assert!(
            stored.insert(purpose.clone(), k).is_none(),
            "'{purpose}' was applied twice"
        );
    }
    for (purpose, k) in &answered {
        assert_eq!(
            stored.get(purpose),
            Some(k),
            "the answered roll '{purpose}' (#{k}) is kept as answered"
        );
    }
    eprintln!(
        "crash test: {} rolls answered before the kill, {} stored",
        answered.len(),
        stored.len()
    );
    // A roll under way at the kill may have committed without its answer arriving; nothing
    // else is stored.
    assert!(
        stored.len() - answered.len() <= CLIENTS,
        "{} stored, {} answered",
        stored.len(),
        answered.len()
    );

    // The order kept is the last one answered, or the one whose answer the kill cut off.
    let (status, own) = app
        .get(
            &format!("/api/v1/campaigns/{id}/wons/orders"),
            Some(&soviet),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{own}");
    let kept = own["orders"][&platoon]["action"]
        .as_str()
        .map(str::to_owned);
    eprintln!(
        "crash test: order kept {kept:?}, last answered {last_order:?}, cut off {unanswered_order:?}"
    );
    assert!(
        kept == last_order || (kept.is_some() && kept == unanswered_order),
        "kept {kept:?}, last answered {last_order:?}, cut off {unanswered_order:?}"
    );

    // The campaign loads for everyone, rolls go on where they stopped, and the chain verifies.
    for token in tokens {
        let (status, view) = app
            .get(&format!("/api/v1/campaigns/{id}"), Some(token))
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["dice"]["rolls"], rolls.len());
    }
    let (status, next) = app
        .post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&soviet),
            json!({"dice": "1d6", "purpose": "after the crash"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{next}");
    assert_eq!(next["k"], rolls.len());
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{id}/finish"),
            Some(&umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, export) = app
        .get(
            &format!("/api/v1/campaigns/{id}/dice/export"),
            Some(&umpire),
        )
        .await;
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "motti-crash-{}.json",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::write(&file, export.to_string()).expect("writes the export");
    let (ok, out) = motti_command(&db_url, &["verify", file.to_str().expect("a path")]).await;
    std::fs::remove_file(&file).ok();
    assert!(ok, "the export verifies after the crash: {out}");
    server.kill().await;
}
