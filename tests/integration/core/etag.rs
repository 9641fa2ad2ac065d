//! Conditional requests on the game views: each reader's `ETag` moves with what that reader may
//! see, and only with it; a matching `If-None-Match` gets `304 Not Modified` and no body.

use crate::common::Sides;
use reqwest::StatusCode;
use serde_json::json;

/// The ETag of the WoNS view as the holder of `token` reads it, checking the answer's caching.
async fn tag(s: &Sides, token: &str) -> String {
    let res = s
        .app
        .api()
        .get(format!("{}/api/v1/campaigns/{}/wons/view", s.app.url, s.id))
        .bearer_auth(token)
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "private, no-cache");
    res.headers()["etag"]
        .to_str()
        .expect("an ASCII tag")
        .to_owned()
}

/// The status and body of the WoNS view asked with `If-None-Match: tag`.
async fn ask_again(s: &Sides, token: &str, tag: &str) -> (StatusCode, String) {
    let res = s
        .app
        .api()
        .get(format!("{}/api/v1/campaigns/{}/wons/view", s.app.url, s.id))
        .bearer_auth(token)
        .header("if-none-match", tag)
        .send()
        .await
        .expect("answers");
    (res.status(), res.text().await.expect("a body"))
}

#[tokio::test]
async fn a_view_is_not_sent_again_while_its_readers_version_stands() {
    let s = Sides::new("wons", None).await;
    let soviet = tag(&s, &s.soviet).await;
    let (status, body) = ask_again(&s, &s.soviet, &soviet).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty(), "{body}");
    // Another tag (an older one) gets the whole view.
    let (status, body) = ask_again(&s, &s.soviet, "\"stale\"").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.starts_with('{'), "{body}");
    // Readers of different roles never share a tag.
    let finn = tag(&s, &s.finn).await;
    let umpire = tag(&s, &s.umpire).await;
    assert_ne!(soviet, finn);
    assert_ne!(soviet, umpire);
    assert_ne!(finn, umpire);
    let (status, _) = ask_again(&s, &s.finn, &soviet).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the Soviet tag is no use to the Finn"
    );
}

#[tokio::test]
async fn a_side_only_roll_moves_that_sides_tag_and_not_the_other_sides() {
    let s = Sides::new("wons", None).await;
    let soviet = tag(&s, &s.soviet).await;
    let finn = tag(&s, &s.finn).await;
    // A roll shown to its own side only.
    let (status, roll) = s
        .roll(&s.soviet, json!({"dice": "1d6", "visibility": "side"}))
        .await;
    assert!(status.is_success(), "{roll}");
    assert_ne!(tag(&s, &s.soviet).await, soviet, "the roller's tag moves");
    assert_eq!(
        tag(&s, &s.finn).await,
        finn,
        "the Finnish tag tells nothing of a Soviet side-only roll"
    );
    let (status, _) = ask_again(&s, &s.finn, &finn).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    // A roll everyone sees moves everyone's tag.
    let (status, roll) = s
        .roll(&s.soviet, json!({"dice": "1d6", "visibility": "public"}))
        .await;
    assert!(status.is_success(), "{roll}");
    assert_ne!(tag(&s, &s.finn).await, finn);
    let (status, body) = ask_again(&s, &s.finn, &finn).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A Soviet platoon and one of its legal actions, from the Soviet view.
async fn soviet_order(s: &Sides) -> (String, String) {
    let (status, view) = s
        .app
        .get(
            &format!("/api/v1/campaigns/{}/wons/view", s.id),
            Some(&s.soviet),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    for p in view["platoons"].as_array().expect("platoons") {
        let action = p["legal_actions"]
            .as_array()
            .and_then(|a| a.iter().filter_map(|a| a.as_str()).find(|a| *a == "defend"));
        if let (Some(id), Some(action)) = (p["id"].as_str(), action) {
            return (id.to_owned(), action.to_owned());
        }
    }
    panic!("no Soviet platoon may defend: {view}");
}

#[tokio::test]
async fn a_secret_order_moves_only_its_sides_tag() {
    let s = Sides::new("wons", None).await;
    let (platoon, action) = soviet_order(&s).await;
    let soviet = tag(&s, &s.soviet).await;
    let finn = tag(&s, &s.finn).await;
    let (status, body) = s
        .app
        .put(
            &format!("/api/v1/campaigns/{}/wons/orders/{platoon}", s.id),
            Some(&s.soviet),
            json!({"action": action}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    assert_ne!(
        tag(&s, &s.soviet).await,
        soviet,
        "the side's own order shows"
    );
    assert_eq!(
        tag(&s, &s.finn).await,
        finn,
        "the Finnish tag tells nothing of a Soviet order"
    );
}
