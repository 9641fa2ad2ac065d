//! Table talk played as the enemy would: side channels and private lines never reach the other
//! side (its channels, pages, lists, log and live stream are searched), text is escaped and
//! limited, a quoted log entry must be one every reader of the channel may read.

use crate::common::{Sides, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

fn talk(c: &Sides, channel: &str) -> String {
    format!("/api/v1/campaigns/{}/talk/{channel}", c.id)
}

async fn say(c: &Sides, token: &str, channel: &str, body: Value) -> (StatusCode, Value) {
    c.app.post(&talk(c, channel), Some(token), body).await
}

/// Everything the holder of `token` (user `name`) can read of the campaign's talk and pages.
async fn all_read_by(c: &Sides, token: &str, name: &str) -> String {
    let (_, channels) = c
        .app
        .get(&format!("/api/v1/campaigns/{}/talk", c.id), Some(token))
        .await;
    let mut seen = channels.to_string();
    for channel in channels.as_array().expect("channels") {
        let name = channel["name"].as_str().expect("name");
        let (status, messages) = c.app.get(&talk(c, name), Some(token)).await;
        assert_eq!(status, StatusCode::OK);
        seen.push_str(&messages.to_string());
    }
    let browser = c.app.signed_in(name, "talk").await;
    for path in [
        "/".to_owned(),
        "/campaigns".to_owned(),
        format!("/campaigns/{}", c.id),
        format!("/campaigns/{}/talk", c.id),
        format!("/campaigns/{}/wons", c.id),
    ] {
        seen.push_str(&c.app.html(&browser, &path).await);
    }
    for channel in channels.as_array().expect("channels") {
        let path = format!(
            "/campaigns/{}/talk?channel={}",
            c.id,
            channel["name"].as_str().expect("name")
        );
        seen.push_str(&c.app.html(&browser, &path).await);
    }
    seen
}

#[tokio::test]
async fn side_channels_and_private_lines_never_reach_the_other_side() {
    let c = Sides::new("wons", None).await;
    let soviet_id = c.participant_id("soviet").await;
    let finn_id = c.participant_id("finnish").await;
    let sov_secret = format!("plan-{}", uuid::Uuid::new_v4().simple());
    let line_secret = format!("line-{}", uuid::Uuid::new_v4().simple());
    let public = format!("hello-{}", uuid::Uuid::new_v4().simple());
    for (token, channel, text) in [
        (&c.soviet, "soviet".to_owned(), &sov_secret),
        (&c.umpire, format!("private-{soviet_id}"), &line_secret),
        (&c.soviet, format!("private-{soviet_id}"), &line_secret),
        (&c.finn, "public".to_owned(), &public),
    ] {
        let (status, body) = say(&c, token, &channel, json!({ "body": text })).await;
        assert_eq!(status, StatusCode::CREATED, "{channel}: {body}");
    }
    // The Finns cannot open the Soviet channel or the Soviet player's line, or write there.
    for channel in ["soviet".to_owned(), format!("private-{soviet_id}")] {
        let (status, _) = c.app.get(&talk(&c, &channel), Some(&c.finn)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{channel}");
        let (status, _) = say(&c, &c.finn, &channel, json!({"body": "hi"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{channel}");
    }
    // Nor can the Soviet player read the Finnish player's line.
    let (status, _) = c
        .app
        .get(&talk(&c, &format!("private-{finn_id}")), Some(&c.soviet))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let finn_reads = all_read_by(&c, &c.finn, "finn").await;
    assert!(finn_reads.contains(&public));
    for secret in [&sov_secret, &line_secret] {
        assert!(
            !finn_reads.contains(secret.as_str()),
            "the Finns read {secret}"
        );
    }
    let soviet_reads = all_read_by(&c, &c.soviet, "soviet").await;
    assert!(soviet_reads.contains(&sov_secret) && soviet_reads.contains(&line_secret));
    let umpire_reads = all_read_by(&c, &c.umpire, "umpire").await;
    for said in [&sov_secret, &line_secret, &public] {
        assert!(
            umpire_reads.contains(said.as_str()),
            "the umpire reads {said}"
        );
    }
}

#[tokio::test]
async fn messages_are_escaped_limited_and_quote_only_what_the_channel_shares() {
    let c = Sides::new("wons", None).await;
    for (body, code) in [
        (json!({"body": ""}), "empty_message"),
        (json!({"body": "   \n "}), "empty_message"),
        (json!({"body": "x".repeat(2001)}), "message_too_long"),
        (json!({"body": "nul\u{0}here"}), "invalid_field"),
    ] {
        let (status, answer) = say(&c, &c.soviet, "public", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(error_code(&answer), code, "{answer}");
    }
    // Two thousand characters of several bytes each are fine.
    let (status, _) = say(&c, &c.soviet, "public", json!({"body": "ä".repeat(2000)})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = say(
        &c,
        &c.soviet,
        "public",
        json!({"body": "<script>alert(1)</script> & <b>bold</b>"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let browser = c.app.signed_in("finn", "talk").await;
    let page = c
        .app
        .html(&browser, &format!("/campaigns/{}/talk", c.id))
        .await;
    assert!(page.contains("alert(1)"), "{page}");
    assert!(!page.contains("<script>alert(1)") && !page.contains("<b>bold</b>"));
    assert!(page.contains("&#60;script&#62;") || page.contains("&lt;script&gt;"));

    // A Soviet-only log entry may be quoted at the Soviet table, not in public.
    let (status, body) = c
        .app
        .put(
            &format!("/api/v1/campaigns/{}/wons/orders/sov-1", c.id),
            Some(&c.soviet),
            json!({"action": "defend"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, events) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{}/wons/events", c.id),
            Some(&c.soviet),
        )
        .await;
    let own = events
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["audience"] == "soviet")
        .cloned()
        .expect("a Soviet-only entry");
    let seq = own["seq"].as_i64().expect("seq");
    let (status, answer) = say(
        &c,
        &c.soviet,
        "public",
        json!({"body": "about that", "about": seq}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(error_code(&answer), "entry_not_shared");
    let (status, _) = say(
        &c,
        &c.soviet,
        "soviet",
        json!({"body": "about that", "about": seq}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, messages) = c.app.get(&talk(&c, "soviet"), Some(&c.umpire)).await;
    let about = messages[0]["about"].as_str().expect("about");
    assert!(about.contains(own["sentence"].as_str().expect("sentence")));
    for about in [json!(99_999), json!(i64::MAX), json!(-1), json!(i64::MIN)] {
        let (status, answer) = say(
            &c,
            &c.soviet,
            "soviet",
            json!({"body": "about nothing", "about": about}),
        )
        .await;
        assert_eq!(
            (status, error_code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, "no_such_entry"),
            "{about}: {answer}"
        );
    }

    // A refused form comes back with what was typed, the message beside the field.
    let res = browser
        .post(format!("{}/campaigns/{}/talk", c.app.url, c.id))
        .form(&[("channel", "public"), ("body", &"y".repeat(2001))])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(page.contains("talk-body-error") && page.contains("at most 2000 characters"));
    assert!(page.contains(&"y".repeat(2001)), "the text comes back");
}

#[tokio::test]
async fn unread_talk_is_counted_and_heard_live_only_where_it_may_be_read() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    let mut stream = app
        .api()
        .get(format!("{}/campaigns/{}/live", app.url, c.id))
        .bearer_auth(&c.finn)
        .send()
        .await
        .expect("opens");
    let mut heard = None;
    for _ in 0..20 {
        say(&c, &c.soviet, "public", json!({"body": "good morning"})).await;
        if let Ok(Some(chunk)) = tokio::time::timeout(Duration::from_millis(500), stream.chunk())
            .await
            .map(|read| read.expect("reads"))
        {
            heard = Some(String::from_utf8_lossy(&chunk).into_owned());
            break;
        }
    }
    let heard = heard.expect("the Finnish stream hears public talk");
    assert!(heard.contains("event: talk"), "{heard}");
    while tokio::time::timeout(Duration::from_millis(500), stream.chunk())
        .await
        .is_ok()
    {}
    say(&c, &c.soviet, "soviet", json!({"body": "secret"})).await;
    assert!(
        tokio::time::timeout(Duration::from_millis(1500), stream.chunk())
            .await
            .is_err(),
        "the Finnish stream stays silent on Soviet talk"
    );

    let finn_list = |c: &Sides| {
        let app = c.app.clone();
        async move {
            let browser = app.signed_in("finn", "list").await;
            app.html(&browser, "/campaigns").await
        }
    };
    let list = finn_list(&c).await;
    assert!(list.contains("unread message at the table"), "{list}");
    let (_, channels) = app
        .get(&format!("/api/v1/campaigns/{}/talk", c.id), Some(&c.finn))
        .await;
    assert!(channels[0]["unread"].as_i64().expect("unread") >= 1);
    // Reading the newest page marks the channel read.
    app.get(&talk(&c, "public"), Some(&c.finn)).await;
    let (_, channels) = app
        .get(&format!("/api/v1/campaigns/{}/talk", c.id), Some(&c.finn))
        .await;
    assert_eq!(channels[0]["unread"], 0);
    assert!(!finn_list(&c).await.contains("unread message"));
}
