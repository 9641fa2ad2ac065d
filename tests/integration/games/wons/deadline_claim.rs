//! A passed orders deadline is acted on once: two processes' watchers on the same campaigns, and
//! a ready mark that resolves the Hour between the watcher's look and its lock, each leave
//! exactly one Hour resolved and no platoon Defending by default in the Hour after.

use super::client::WonsTable;
use crate::common::TestApp;
use motti::db::campaigns::PastDeadline;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;

/// Sets every listed campaign's orders deadline to one moment a minute ago.
async fn deadline_passed_a_minute_ago(app: &TestApp, ids: &[String]) {
    sqlx::query(
        "update campaigns set orders_deadline = date_trunc('second', now()) - interval '1 minute' \
         where id = any($1::uuid[])",
    )
    .bind(ids)
    .execute(&app.db)
    .await
    .expect("sets the deadlines");
}

/// The Hour the umpire's view shows.
async fn hour(c: &WonsTable) -> u64 {
    c.view(&c.umpire).await["campaign"]["hour"]
        .as_u64()
        .expect("hour")
}

/// The sentences of the umpire's log that say an Hour resolved, and those that say a side's
/// platoons Defend for want of orders.
async fn resolutions_and_defaults(c: &WonsTable) -> (Vec<String>, Vec<String>) {
    let events = c.events(&c.umpire).await;
    let sentences: Vec<String> = events
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["sentence"].as_str().map(str::to_owned))
        .collect();
    let said = |what: &str| {
        sentences
            .iter()
            .filter(|s| s.contains(what))
            .cloned()
            .collect::<Vec<_>>()
    };
    (said(" resolves."), said("No orders were given"))
}

#[tokio::test]
async fn two_processes_watching_the_same_deadlines_resolve_each_hour_once() {
    let app = TestApp::spawn_without_watchers().await;
    let (_, umpire) = app.user("umpire").await;
    let mut ids = Vec::new();
    for _ in 0..24 {
        ids.push(app.campaign(&umpire, "wons").await);
    }
    deadline_passed_a_minute_ago(&app, &ids).await;
    let (one, two) = (app.another_process().await, app.another_process().await);
    let (a, b) = tokio::join!(
        motti::games::registry::act_on_deadlines(&one),
        motti::games::registry::act_on_deadlines(&two),
    );
    let (a, b) = (a.expect("looks"), b.expect("looks"));
    assert_eq!(a.max(b), ids.len(), "a watcher found every passed deadline");
    for id in &ids {
        let read = |tail: &'static str| {
            let path = format!("/api/v1/campaigns/{id}/wons/{tail}");
            let app = &app;
            let umpire = &umpire;
            async move {
                let (status, body) = app.get(&path, Some(umpire)).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                body
            }
        };
        let view = read("view").await;
        let resolved = read("events?limit=500")
            .await
            .as_array()
            .expect("events")
            .iter()
            .filter(|e| {
                e["sentence"]
                    .as_str()
                    .is_some_and(|s| s.ends_with(" resolves."))
            })
            .count();
        assert_eq!(
            (view["campaign"]["hour"].as_u64(), resolved),
            (Some(2), 1),
            "campaign {id}: one Hour resolved (the watchers found {a} and {b})"
        );
    }
}

/// Every platoon of the side of `token` is ordered to Defend.
async fn defend_everywhere(c: &WonsTable, token: &str) {
    let view = c.view(token).await;
    for p in view["platoons"].as_array().expect("platoons") {
        let platoon = p["id"].as_str().expect("id");
        let (status, body) = c.order(token, platoon, json!({"action": "defend"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn a_ready_mark_between_the_watchers_look_and_its_lock_leaves_the_next_hour_alone() {
    let app = Arc::new(TestApp::spawn_without_watchers().await);
    // One campaign without a pace (the resolution drops the deadline) and one with a pace of an
    // hour (the resolution sets the next Hour's).
    let unpaced = WonsTable::open(&app, "Summa", "a").await;
    let paced = WonsTable::open(&app, "Taipale", "b").await;
    let (status, body) = app
        .put(
            &format!("/api/v1/campaigns/{}/pace", paced.id),
            Some(&paced.umpire),
            json!({"pace_minutes": 60}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for c in [&unpaced, &paced] {
        let soviet = c.view(&c.soviet).await;
        let (status, body) = c.defend_and_ready(&c.soviet, &soviet).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        defend_everywhere(c, &c.finn).await;
    }
    deadline_passed_a_minute_ago(&app, &[unpaced.id.clone(), paced.id.clone()]).await;

    // The watcher looks and sees both deadlines passed ...
    let watcher = app.another_process().await;
    let seen: Vec<PastDeadline> = motti::db::campaigns::past_deadlines(&watcher.db)
        .await
        .expect("looks");
    assert_eq!(seen.len(), 2, "{seen:?}");
    // ... the Finns mark ready, and the Hour resolves with both sides' orders ...
    for c in [&unpaced, &paced] {
        let (status, body) = c.ready(&c.finn).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(hour(c).await, 2);
    }
    // ... then the watcher acts on what it saw.
    for due in &seen {
        let game = motti::games::registry::game(&watcher, &due.game).expect("a game");
        let module = motti::games::registry::module(&watcher, game).expect("WoNS is played");
        module
            .deadline_passed(&watcher, due)
            .await
            .expect("acts or leaves it");
    }
    for c in [&unpaced, &paced] {
        assert_eq!(hour(c).await, 2, "{}: Hour 2 waits for its orders", c.id);
        let (resolved, defaults) = resolutions_and_defaults(c).await;
        assert_eq!(resolved.len(), 1, "{}: {resolved:?}", c.id);
        assert_eq!(
            defaults,
            Vec::<String>::new(),
            "{}: no platoon Defends by default",
            c.id
        );
        let soviet = c.view(&c.soviet).await;
        assert_eq!(
            soviet["orders"]["ready"],
            Value::Bool(false),
            "{}: the Soviet orders for Hour 2 are still to give",
            c.id
        );
    }
}
