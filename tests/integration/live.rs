//! Live updates: an open stream hears of a change made through another request.

use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_roll_reaches_open_streams_of_that_campaign_only() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, outsider) = app.user("outsider").await;
    let id = app.campaign(&umpire, "wons").await;
    let other = app.campaign(&umpire, "wons").await;

    let res = app
        .api()
        .get(format!("{}/campaigns/{id}/live", app.url))
        .bearer_auth(&outsider)
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    let mut stream = app
        .api()
        .get(format!("{}/campaigns/{id}/live", app.url))
        .bearer_auth(&umpire)
        .send()
        .await
        .expect("opens");
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(
        stream.headers()["content-type"]
            .to_str()
            .expect("ct")
            .starts_with("text/event-stream")
    );
    // The listener may still be connecting: change the campaigns until the stream speaks.
    let mut chunk = None;
    for _ in 0..20 {
        app.post(
            &format!("/api/v1/campaigns/{other}/rolls"),
            Some(&umpire),
            json!({"dice": "1d6"}),
        )
        .await;
        app.post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&umpire),
            json!({"dice": "1d6"}),
        )
        .await;
        if let Ok(read) = tokio::time::timeout(Duration::from_millis(500), stream.chunk()).await {
            chunk = read.expect("reads");
            break;
        }
    }
    let chunk = chunk.expect("an event within ten seconds");
    let text = String::from_utf8_lossy(&chunk);
    assert!(text.contains("event: changed"), "{text}");
    assert!(text.contains(&id), "only this campaign's change: {text}");
    assert!(!text.contains(&other), "{text}");
}
