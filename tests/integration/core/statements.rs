//! The SQL statements a request runs do not grow with the campaign's history: a roll, each
//! side's view as JSON and as a page, the umpire's page, the event log and the dice list run as
//! many statements after many Hours, battles and rolls as early in the campaign.

use crate::common::statements::counted;
use crate::games::wons::client::WonsTable;
use reqwest::StatusCode;
use serde_json::json;

/// Each request of the list with the statements it ran.
async fn measure(c: &WonsTable) -> Vec<(&'static str, Vec<String>)> {
    let api = c.app.api();
    let at = |tail: &str| format!("{}{tail}", c.app.url);
    let id = &c.id;
    let requests = [
        (
            "roll",
            api.post(at(&format!("/api/v1/campaigns/{id}/rolls")))
                .bearer_auth(&c.soviet)
                .json(&json!({"dice": "2d6", "purpose": "counted"})),
        ),
        (
            "soviet view",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/view")))
                .bearer_auth(&c.soviet),
        ),
        (
            "finnish view",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/view")))
                .bearer_auth(&c.finn),
        ),
        (
            "soviet page",
            api.get(at(&format!("/campaigns/{id}/wons")))
                .bearer_auth(&c.soviet),
        ),
        (
            "umpire page",
            api.get(at(&format!("/campaigns/{id}/wons")))
                .bearer_auth(&c.umpire),
        ),
        (
            "events",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/events?limit=20")))
                .bearer_auth(&c.finn),
        ),
        (
            "dice tray",
            api.get(at(&format!("/campaigns/{id}/dice")))
                .bearer_auth(&c.finn),
        ),
        (
            "rolls",
            api.get(at(&format!("/api/v1/campaigns/{id}/rolls?limit=20")))
                .bearer_auth(&c.finn),
        ),
    ];
    let mut counts = Vec::new();
    for (name, request) in requests {
        let (status, body, statements) = counted(request).await;
        assert!(status.is_success(), "{name}: {status} {body}");
        assert!(
            !statements.is_empty(),
            "{name}: the counter hears the server's statements"
        );
        counts.push((name, statements));
    }
    counts
}

/// Plays `hours` Hours in which both sides Defend, and `rolls` dice-tray rolls.
async fn play(c: &WonsTable, hours: usize, rolls: usize) {
    for _ in 0..hours {
        for token in [&c.soviet, &c.finn] {
            let view = c.view(token).await;
            let (status, body) = c.defend_and_ready(token, &view).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    for i in 0..rolls {
        let (status, body) = c
            .app
            .post(
                &format!("/api/v1/campaigns/{}/rolls", c.id),
                Some(&c.finn),
                json!({"dice": "1d6", "purpose": format!("roll {i}")}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
}

#[tokio::test]
async fn a_request_runs_as_many_statements_after_a_long_history_as_early_on() {
    let c = WonsTable::contact().await;
    // A battle fought and decided, then a few Hours: the early campaign.
    c.open_battle_at_c().await;
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 5})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    play(&c, 2, 5).await;
    let early = measure(&c).await;
    // Many more Hours and rolls.
    play(&c, 24, 150).await;
    let later = measure(&c).await;
    for ((name, before), (_, after)) in early.iter().zip(&later) {
        println!(
            "{name}: {} statements early, {} later",
            before.len(),
            after.len()
        );
        if std::env::var("SHOW_SQL").is_ok() {
            println!("{after:#?}");
        }
        assert_eq!(
            before.len(),
            after.len(),
            "{name} does no more work as the history grows: {before:#?} {after:#?}"
        );
        let bound = match *name {
            "roll" => 7,
            "dice tray" => 10,
            _ => 4,
        };
        assert!(after.len() <= bound, "{name}: {after:#?}");
    }
}
