//! Live updates: an open stream hears of a change made through another request.

use crate::common::{Sides, TestApp};
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

/// Reads the stream until it speaks or `wait` passes; `None` when it stayed silent.
pub(super) async fn next_change(stream: &mut reqwest::Response, wait: Duration) -> Option<String> {
    match tokio::time::timeout(wait, stream.chunk()).await {
        Ok(read) => read
            .expect("reads")
            .map(|chunk| String::from_utf8_lossy(&chunk).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test]
async fn a_sides_stream_and_version_move_only_on_what_that_side_may_see() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    let version = |token: String| {
        let path = format!("/api/v1/campaigns/{}", c.id);
        async move {
            let (status, campaign) = app.get(&path, Some(&token)).await;
            assert_eq!(status, StatusCode::OK, "{campaign}");
            campaign["version"].as_i64().expect("a version")
        }
    };
    let roll = |visibility: &'static str| {
        let path = format!("/api/v1/campaigns/{}/rolls", c.id);
        let umpire = c.umpire.clone();
        async move {
            let (status, body) = app
                .post(
                    &path,
                    Some(&umpire),
                    json!({"dice": "1d6", "visibility": visibility}),
                )
                .await;
            assert!(status.is_success(), "{body}");
        }
    };
    let mut stream = app
        .api()
        .get(format!("{}/campaigns/{}/live", app.url, c.id))
        .bearer_auth(&c.finn)
        .send()
        .await
        .expect("opens");
    assert_eq!(stream.status(), StatusCode::OK);
    // The listener may still be connecting: roll in public until the stream speaks.
    let mut heard = false;
    for _ in 0..20 {
        roll("public").await;
        if next_change(&mut stream, Duration::from_millis(500))
            .await
            .is_some()
        {
            heard = true;
            break;
        }
    }
    assert!(heard, "the Finnish stream hears a public roll");
    while next_change(&mut stream, Duration::from_millis(500))
        .await
        .is_some()
    {}

    let finnish_before = version(c.finn.clone()).await;
    let soviet_before = version(c.soviet.clone()).await;
    let umpire_before = version(c.umpire.clone()).await;
    // The Soviets save a private order and the umpire rolls a hidden die.
    let (status, body) = app
        .put(
            &format!("/api/v1/campaigns/{}/wons/orders/sov-1", c.id),
            Some(&c.soviet),
            json!({"action": "defend"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    roll("umpire").await;
    let silent = next_change(&mut stream, Duration::from_millis(1500)).await;
    assert_eq!(silent, None, "the Finnish stream stays silent");
    assert_eq!(version(c.finn.clone()).await, finnish_before);
    assert!(
        version(c.soviet.clone()).await > soviet_before,
        "the Soviets' own order moves their version"
    );
    assert!(version(c.umpire.clone()).await >= umpire_before + 2);

    // A public change reaches the Finns.
    roll("public").await;
    let spoken = next_change(&mut stream, Duration::from_secs(5))
        .await
        .expect("a public change fires the stream");
    assert!(spoken.contains("event: changed"), "{spoken}");
    assert!(
        !spoken.contains("soviet") && !spoken.contains("umpire"),
        "the event carries nothing more than the campaign: {spoken}"
    );
    assert_eq!(version(c.finn.clone()).await, finnish_before + 1);
}

#[tokio::test]
async fn finishing_the_campaign_reaches_both_sides_streams() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    let mut streams = Vec::new();
    for token in [&c.soviet, &c.finn] {
        let stream = app
            .api()
            .get(format!("{}/campaigns/{}/live", app.url, c.id))
            .bearer_auth(token)
            .send()
            .await
            .expect("opens");
        assert_eq!(stream.status(), StatusCode::OK);
        streams.push(stream);
    }
    // Wait until the listener hears public changes, then drain what it heard.
    let roll = format!("/api/v1/campaigns/{}/rolls", c.id);
    let mut heard = false;
    for _ in 0..20 {
        app.post(&roll, Some(&c.umpire), json!({"dice": "1d6"}))
            .await;
        if next_change(&mut streams[1], Duration::from_millis(500))
            .await
            .is_some()
        {
            heard = true;
            break;
        }
    }
    assert!(heard, "the stream hears a public roll");
    for stream in &mut streams {
        while next_change(stream, Duration::from_millis(300))
            .await
            .is_some()
        {}
    }
    let before = app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.finn))
        .await
        .1["version"]
        .as_i64()
        .expect("version");
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{}/finish", c.id),
            Some(&c.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for stream in &mut streams {
        let spoken = next_change(stream, Duration::from_secs(5))
            .await
            .expect("the end reaches every side");
        assert!(spoken.contains("event: changed"), "{spoken}");
    }
    let after = app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.finn))
        .await
        .1["version"]
        .as_i64()
        .expect("version");
    // Finishing a WoNS campaign also decides victory, logged in the same commit.
    assert!(after > before, "{before} -> {after}");
    let (_, view) = app
        .get(
            &format!("/api/v1/campaigns/{}/wons/view", c.id),
            Some(&c.finn),
        )
        .await;
    assert!(
        view["campaign"]["result"]["sentence"].is_string(),
        "finishing decided the campaign: {view}"
    );
}

/// Reads a stream until it speaks or `wait` passes, collecting what it said.
async fn heard_within(stream: &mut reqwest::Response, wait: Duration) -> Option<String> {
    next_change(stream, wait).await
}

#[tokio::test]
async fn a_change_through_one_process_reaches_a_stream_on_another_and_reconnects_catch_up() {
    use crate::common::{MottiProcess, free_port, migrated_database};
    let (db_name, db_url) = migrated_database().await;
    let (port_a, port_b) = (free_port(), free_port());
    let _a = MottiProcess::start(&db_url, port_a).await;
    let _b = MottiProcess::start(&db_url, port_b).await;
    let app =
        std::sync::Arc::new(TestApp::attach(format!("http://127.0.0.1:{port_b}"), db_name).await);
    let c = Sides::open(&app, json!({"name": "Taipale", "game": "wons"}), "").await;
    let live = format!("http://127.0.0.1:{port_b}/campaigns/{}/live", c.id);
    let mut stream = app
        .api()
        .get(&live)
        .bearer_auth(&c.finn)
        .send()
        .await
        .expect("opens on B");
    assert_eq!(stream.status(), StatusCode::OK);
    // Give B's listener a moment, then act through A.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = std::time::Instant::now();
    let answer = app
        .api()
        .post(format!(
            "http://127.0.0.1:{port_a}/api/v1/campaigns/{}/wons/ready",
            c.id
        ))
        .bearer_auth(&c.soviet)
        .json(&json!({"confirm_defaults": true}))
        .send()
        .await
        .expect("sends to A");
    assert!(answer.status().is_success());
    let said = heard_within(&mut stream, Duration::from_secs(5))
        .await
        .expect("the stream on B heard the change made on A");
    eprintln!("process A to a stream on B: {:?}", started.elapsed());
    assert!(said.contains("event: changed"), "{said}");
    let version: i64 = said
        .lines()
        .find_map(|l| l.strip_prefix("id: "))
        .and_then(|v| v.trim().parse().ok())
        .expect("the event's id is the reader's version");
    let (_, campaign) = app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.finn))
        .await;
    assert_eq!(campaign["version"], version);

    // A reconnection from an older id hears at once; from the current one it hears nothing.
    let mut behind = app
        .api()
        .get(&live)
        .bearer_auth(&c.finn)
        .header("last-event-id", (version - 1).to_string())
        .send()
        .await
        .expect("reopens");
    let caught = heard_within(&mut behind, Duration::from_secs(2))
        .await
        .expect("a reconnection that missed a change hears of it at once");
    assert!(caught.contains(&format!("id: {version}")), "{caught}");
    let mut current = app
        .api()
        .get(&live)
        .bearer_auth(&c.finn)
        .header("last-event-id", version.to_string())
        .send()
        .await
        .expect("reopens");
    assert_eq!(
        heard_within(&mut current, Duration::from_millis(1500)).await,
        None,
        "nothing is told twice"
    );
}
