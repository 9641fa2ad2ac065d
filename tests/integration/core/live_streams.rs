//! Live streams' lives: they end when access ends, a user holds at most twenty, notes that change
//! nothing are dropped, other campaigns wake none, and a closed connection (or HTTP/2 stream)
//! leaves the hub.

use super::live::next_change;
use crate::common::{Sides, TestApp};
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Opens `campaign`'s live stream with `client` (a bearer token when given).
async fn open_stream(
    app: &TestApp,
    client: &reqwest::Client,
    campaign: &str,
    token: Option<&str>,
) -> reqwest::Response {
    let mut req = client.get(format!("{}/campaigns/{campaign}/live", app.url));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.expect("opens");
    assert_eq!(res.status(), StatusCode::OK);
    res
}

/// Waits until this process's listener hears notes: rolls in the campaign until the umpire's
/// stream speaks.
async fn listening(app: &TestApp, campaign: &str, umpire: &str) {
    let mut stream = open_stream(app, &app.api(), campaign, Some(umpire)).await;
    for _ in 0..20 {
        app.post(
            &format!("/api/v1/campaigns/{campaign}/rolls"),
            Some(umpire),
            json!({"dice": "1d6"}),
        )
        .await;
        if next_change(&mut stream, Duration::from_millis(500))
            .await
            .is_some()
        {
            return;
        }
    }
    panic!("the live listener never spoke");
}

/// Asserts that `stream` ends within five seconds (anything it says before is ignored).
async fn ends(stream: &mut reqwest::Response, what: &str) {
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while tokio::time::Instant::now() < until {
        match tokio::time::timeout(Duration::from_secs(5), stream.chunk()).await {
            Ok(Ok(None) | Err(_)) => return,
            Ok(Ok(Some(_))) => continue,
            Err(_) => break,
        }
    }
    panic!("the stream outlived {what}");
}

#[tokio::test]
async fn streams_end_when_their_access_ends() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    listening(app, &c.id, &c.umpire).await;

    // The umpire removes the Soviet player: their open stream ends, and no new one opens.
    let mut soviet = open_stream(app, &app.api(), &c.id, Some(&c.soviet)).await;
    let soviet_id = c.participant_id("soviet").await;
    let (status, body) = app
        .delete(
            &format!("/api/v1/campaigns/{}/participants/{soviet_id}", c.id),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    ends(&mut soviet, "the player's removal").await;
    let res = app
        .api()
        .get(format!("{}/campaigns/{}/live", app.url, c.id))
        .bearer_auth(&c.soviet)
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // A revoked token: its stream ends; the same user's stream on another token goes on.
    let (status, second) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "finn", "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    let second_token = second["token"].as_str().expect("token");
    let mut revoked = open_stream(app, &app.api(), &c.id, Some(second_token)).await;
    let mut kept = open_stream(app, &app.api(), &c.id, Some(&c.finn)).await;
    let (status, body) = app
        .delete(
            &format!("/api/v1/tokens/{}", second["id"].as_str().expect("id")),
            Some(&c.finn),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    ends(&mut revoked, "its token's revocation").await;
    assert!(
        next_change(&mut kept, Duration::from_millis(500))
            .await
            .is_none(),
        "the other token's stream stays open and silent"
    );

    // Signing out everywhere ends the browsers' streams.
    let browser = app.signed_in("finn", "first").await;
    let other = app.signed_in("finn", "second").await;
    let mut first_stream = open_stream(app, &browser, &c.id, None).await;
    let mut second_stream = open_stream(app, &other, &c.id, None).await;
    let res = browser
        .post(format!("{}/account/sessions/end", app.url))
        .send()
        .await
        .expect("signs out");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    ends(&mut first_stream, "signing out everywhere").await;
    ends(&mut second_stream, "signing out everywhere").await;

    // Changing the password ends every browser's stream, and with revoke_tokens every token's.
    let browser = app.signed_in("finn", "third").await;
    let mut browser_stream = open_stream(app, &browser, &c.id, None).await;
    let (status, body) = app
        .put(
            "/api/v1/password",
            Some(&c.finn),
            json!({"old_password": "correct horse battery", "new_password": "another horse battery", "revoke_tokens": true}),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    ends(&mut browser_stream, "the password change").await;
    ends(&mut kept, "the password change revoking every token").await;
}

#[tokio::test]
async fn a_user_holds_at_most_twenty_streams_at_once() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    let mut open = Vec::new();
    for _ in 0..motti::web::live::STREAMS_PER_USER {
        open.push(open_stream(&app, &app.api(), &id, Some(&umpire)).await);
    }
    let res = app
        .api()
        .get(format!("{}/campaigns/{id}/live", app.url))
        .bearer_auth(&umpire)
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // A page's stream: the error page says what to do.
    let body = res.text().await.expect("text");
    assert!(
        body.contains("You have 20 live pages open already; close some"),
        "{body}"
    );
    // Another user is not held back, and a closed stream frees its place.
    let (_, other) = app.user("other").await;
    let res = app
        .api()
        .get(format!("{}/campaigns/{id}/live", app.url))
        .bearer_auth(&other)
        .send()
        .await
        .expect("sends");
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "not theirs, not refused for load"
    );
    drop(open.pop());
    // The server learns of the hang-up from the connection itself: nothing need change in the
    // campaign for the place to be freed.
    let mut reopened = false;
    for _ in 0..50 {
        let res = app
            .api()
            .get(format!("{}/campaigns/{id}/live", app.url))
            .bearer_auth(&umpire)
            .send()
            .await
            .expect("sends");
        if res.status() == StatusCode::OK {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reopened, "a closed stream frees its place");
}

#[tokio::test]
async fn a_note_that_reads_as_no_change_is_dropped_and_the_listener_goes_on() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    listening(&app, &id, &umpire).await;
    let mut stream = open_stream(&app, &app.api(), &id, Some(&umpire)).await;
    for bad in [
        "not-a-uuid umpire".to_owned(),
        format!("{id} spectator"),
        "access not-a-uuid".to_owned(),
    ] {
        sqlx::query("select pg_notify($1, $2)")
            .bind(motti::core::live::CHANNEL)
            .bind(&bad)
            .execute(&app.db)
            .await
            .expect("notifies");
    }
    app.post(
        &format!("/api/v1/campaigns/{id}/rolls"),
        Some(&umpire),
        json!({"dice": "1d6"}),
    )
    .await;
    assert!(
        next_change(&mut stream, Duration::from_secs(5))
            .await
            .is_some(),
        "the listener still hears changes after notes it cannot read"
    );
}

#[tokio::test]
async fn a_change_wakes_no_stream_of_another_campaign() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, other) = app.user("other").await;
    let changed = app.campaign(&umpire, "wons").await;
    let quiet = app.campaign(&other, "wons").await;
    listening(&app, &changed, &umpire).await;
    let mut here = open_stream(&app, &app.api(), &changed, Some(&umpire)).await;
    let mut there = Vec::new();
    for _ in 0..3 {
        there.push(open_stream(&app, &app.api(), &quiet, Some(&other)).await);
    }
    let hub = app.live();
    let (changed_id, quiet_id) = (
        changed.parse().expect("an id"),
        quiet.parse().expect("an id"),
    );
    assert_eq!(hub.streams(quiet_id), 3);
    for _ in 0..5 {
        app.post(
            &format!("/api/v1/campaigns/{changed}/rolls"),
            Some(&umpire),
            json!({"dice": "1d6"}),
        )
        .await;
        let said = next_change(&mut here, Duration::from_secs(5))
            .await
            .expect("the changed campaign's stream hears each change");
        assert!(said.contains(&changed), "{said}");
    }
    assert!(hub.wakes(changed_id) >= 5, "{}", hub.wakes(changed_id));
    assert_eq!(
        hub.wakes(quiet_id),
        0,
        "no stream of the other campaign woke"
    );
    for stream in &mut there {
        assert_eq!(next_change(stream, Duration::from_millis(200)).await, None);
    }
    // The other campaign's streams still hear their own campaign, each woken once.
    app.post(
        &format!("/api/v1/campaigns/{quiet}/rolls"),
        Some(&other),
        json!({"dice": "1d6"}),
    )
    .await;
    for stream in &mut there {
        assert!(
            next_change(stream, Duration::from_secs(5)).await.is_some(),
            "a stream of the other campaign hears its own change"
        );
    }
    assert_eq!(hub.wakes(quiet_id), 3);
}

#[tokio::test]
async fn a_stream_leaves_the_hub_as_soon_as_its_connection_closes() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    let campaign = id.parse().expect("an id");
    let hub = app.live();
    let client = app.api();
    let stream = open_stream(&app, &client, &id, Some(&umpire)).await;
    assert_eq!(hub.streams(campaign), 1);
    assert_eq!(hub.rooms(), 2, "the campaign's umpires and the user's own");
    drop(stream);
    drop(client);
    // Nothing changes in the campaign: the server learns of the hang-up from the connection.
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while hub.rooms() > 0 {
        assert!(
            tokio::time::Instant::now() < until,
            "the stream outlived its connection by five seconds: {} rooms",
            hub.rooms()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(hub.streams(campaign), 0);
}

#[tokio::test]
async fn streams_share_an_http2_connection_as_behind_the_load_balancer_and_each_leaves_alone() {
    // The load balancer speaks HTTP/2 without TLS to the processes (`scripts/deployment`), many
    // pages' streams on one connection: each hears its change, and one closed leaves the others.
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    let campaign = id.parse().expect("an id");
    let hub = app.live();
    listening(&app, &id, &umpire).await;
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .expect("a client");
    let mut streams = Vec::new();
    for _ in 0..5 {
        let stream = open_stream(&app, &h2, &id, Some(&umpire)).await;
        assert_eq!(stream.version(), reqwest::Version::HTTP_2);
        streams.push(stream);
    }
    assert_eq!(hub.streams(campaign), 5);
    app.post(
        &format!("/api/v1/campaigns/{id}/rolls"),
        Some(&umpire),
        json!({"dice": "1d6"}),
    )
    .await;
    for stream in &mut streams {
        let said = next_change(stream, Duration::from_secs(5))
            .await
            .expect("each stream hears the roll");
        assert!(
            said.contains("event: changed") && said.contains(&id),
            "{said}"
        );
    }
    drop(streams.pop());
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while hub.streams(campaign) > 4 {
        assert!(
            tokio::time::Instant::now() < until,
            "a stream closed on a shared connection kept its seat"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(hub.streams(campaign), 4, "the others stay");
}
