//! The event log's numbering: each side counts only the events it may read, so the numbers it
//! gets never betray how many were hidden from it.

use crate::common::Sides;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn numbers(c: &Sides, token: &str, before: Option<i64>) -> Vec<i64> {
    let mut url = format!("/api/v1/campaigns/{}/wons/events?limit=500", c.id);
    if let Some(before) = before {
        url.push_str(&format!("&before={before}"));
    }
    let (status, events) = c.app.get(&url, Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{events}");
    events
        .as_array()
        .expect("a list")
        .iter()
        .map(|e: &Value| e["seq"].as_i64().expect("seq"))
        .collect()
}

#[tokio::test]
async fn each_side_numbers_only_the_events_it_may_read() {
    let c = Sides::new("wons", None).await;
    // Two Hours forced by the umpire: fatigue and sightings are told to one side each.
    for _ in 0..2 {
        let (status, body) = c
            .app
            .post(
                &format!("/api/v1/campaigns/{}/wons/resolve", c.id),
                Some(&c.umpire),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let all = numbers(&c, &c.umpire, None).await;
    let soviet = numbers(&c, &c.soviet, None).await;
    let finnish = numbers(&c, &c.finn, None).await;
    assert!(
        soviet.len() < all.len() && finnish.len() < all.len(),
        "some events are hidden from each side ({} / {} / {})",
        soviet.len(),
        finnish.len(),
        all.len()
    );
    for list in [&all, &soviet, &finnish] {
        let expected: Vec<i64> = (0..list.len() as i64).rev().collect();
        assert_eq!(list, &expected, "newest first, numbered without gaps");
    }
    // Paging uses the reader's own numbers.
    let older = numbers(&c, &c.finn, Some(finnish[1])).await;
    assert_eq!(older, finnish[2..].to_vec());
}
