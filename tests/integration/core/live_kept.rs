//! Live streams opened from an access the process keeps: they take no database connection, and
//! never follow a campaign on an access that has ended or with a version the campaign has
//! moved past.

use super::live::next_change;
use crate::common::{Sides, TestApp};
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

/// Opens `campaign`'s live stream with the bearer `token`, telling `last` as the last event's
/// id when given; answers whatever the server does, within `wait`.
async fn open(
    app: &TestApp,
    campaign: &str,
    token: &str,
    last: Option<i64>,
    wait: Duration,
) -> reqwest::Response {
    let mut req = app
        .api()
        .get(format!("{}/campaigns/{campaign}/live", app.url))
        .bearer_auth(token);
    if let Some(last) = last {
        req = req.header("last-event-id", last.to_string());
    }
    tokio::time::timeout(wait, req.send())
        .await
        .expect("the server answers in time")
        .expect("opens")
}

/// Rolls a public die in `campaign` as `umpire` until `stream` speaks (the listener listens),
/// then reads what else it says.
async fn listening(app: &TestApp, campaign: &str, umpire: &str, stream: &mut reqwest::Response) {
    for _ in 0..20 {
        roll(app, campaign, umpire).await;
        if next_change(stream, Duration::from_millis(500))
            .await
            .is_some()
        {
            while next_change(stream, Duration::from_millis(300))
                .await
                .is_some()
            {}
            return;
        }
    }
    panic!("the live listener never spoke");
}

/// Reads `stream` until it tells version `version` or a later one: every note before it has
/// then been told, so none is still on its way to move the campaign's mark.
async fn heard(stream: &mut reqwest::Response, version: i64) {
    let until = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::time::Instant::now() < until {
        let Some(said) = next_change(stream, Duration::from_secs(30)).await else {
            break;
        };
        let told = said
            .lines()
            .filter_map(|line| line.strip_prefix("id:"))
            .filter_map(|id| id.trim().parse::<i64>().ok())
            .max();
        if told.is_some_and(|told| told >= version) {
            return;
        }
    }
    panic!("the stream never told version {version}");
}

/// The pool size of the servers whose every connection a test holds.
const SMALL_POOL: u32 = 3;

/// A server with a pool of [`SMALL_POOL`] connections, an umpire's token and WoNS campaign,
/// and the umpire's stream of it, heard speaking (the listener listens).
async fn umpires_campaign_on_a_small_pool() -> (TestApp, String, String, reqwest::Response) {
    let app = TestApp::spawn_with(|c| c.db_pool = SMALL_POOL).await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    let mut first = open(&app, &id, &umpire, None, Duration::from_secs(10)).await;
    assert_eq!(first.status(), StatusCode::OK);
    listening(&app, &id, &umpire, &mut first).await;
    (app, umpire, id, first)
}

/// Every connection of the server's pool of `size`, held until dropped.
async fn hold_every_connection(
    app: &TestApp,
    size: u32,
) -> Vec<sqlx::pool::PoolConnection<sqlx::Postgres>> {
    let mut held = Vec::new();
    for _ in 0..size {
        held.push(app.db.acquire().await.expect("a connection"));
    }
    held
}

/// Rolls a die in `campaign` as `umpire` and checks that `stream` tells the change.
async fn follows(app: &TestApp, campaign: &str, umpire: &str, stream: &mut reqwest::Response) {
    roll(app, campaign, umpire).await;
    let said = next_change(stream, Duration::from_secs(5))
        .await
        .expect("the stream follows the campaign");
    assert!(said.contains("event: changed"), "{said}");
}

/// A public roll in `campaign` by `umpire`.
async fn roll(app: &TestApp, campaign: &str, umpire: &str) {
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{campaign}/rolls"),
            Some(umpire),
            json!({"dice": "1d6", "visibility": "public"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
}

/// The campaign's version as the holder of `token` reads it.
async fn version(app: &TestApp, campaign: &str, token: &str) -> i64 {
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{campaign}"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["version"].as_i64().expect("a version")
}

/// Whether `stream` ends within five seconds (what it says before is not looked at: the change
/// that ended the access may be told before the note that it ended).
async fn ends(stream: &mut reqwest::Response) -> bool {
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while tokio::time::Instant::now() < until {
        match tokio::time::timeout(Duration::from_secs(5), stream.chunk()).await {
            Ok(Ok(None) | Err(_)) => return true,
            Ok(Ok(Some(_))) => continue,
            Err(_) => break,
        }
    }
    false
}

/// Whether `status` refuses a credential that is no longer current: a page's route (the stream
/// is one) sends the caller to sign in.
fn refused_sign_in(status: StatusCode) -> bool {
    status == StatusCode::SEE_OTHER || status == StatusCode::UNAUTHORIZED
}

#[tokio::test]
async fn a_stream_whose_access_is_kept_opens_while_every_database_connection_is_held() {
    let (app, umpire, id, mut first) = umpires_campaign_on_a_small_pool().await;

    // The campaign page's read keeps the access, and the page's stream finds it; a second
    // stream (or a reconnection) finds the one its first stream kept.
    for kept_by in ["the page", "a stream"] {
        roll(&app, &id, &umpire).await;
        let rolled = version(&app, &id, &umpire).await;
        heard(&mut first, rolled).await;
        let read = match kept_by {
            "the page" => {
                let page = app
                    .api()
                    .get(format!("{}/campaigns/{id}", app.url))
                    .bearer_auth(&umpire)
                    .send()
                    .await
                    .expect("the page");
                assert_eq!(page.status(), StatusCode::OK);
                page.text().await.expect("html");
                None
            }
            _ => Some(open(&app, &id, &umpire, None, Duration::from_secs(10)).await),
        };
        let held = hold_every_connection(&app, SMALL_POOL).await;
        // A stream that did not trust the kept access would wait for a connection and be
        // refused (503) when the pool gives up after 5 seconds; a busy machine may take longer
        // than that to answer at all, so the wait is long and the status tells which it was.
        let mut stream = open(&app, &id, &umpire, None, Duration::from_secs(30)).await;
        assert_eq!(
            stream.status(),
            StatusCode::OK,
            "the stream opened from {kept_by}'s kept access with every connection held"
        );
        drop(held);
        follows(&app, &id, &umpire, &mut stream).await;
        drop(read);
    }
}

#[tokio::test]
async fn a_stream_opened_on_a_kept_access_that_ended_never_follows_the_campaign() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    let mut umpires = open(app, &c.id, &c.umpire, None, Duration::from_secs(10)).await;
    listening(app, &c.id, &c.umpire, &mut umpires).await;

    // The Soviet player's stream keeps their access; the umpire removes them, and a stream
    // opened at once, before or after this process heard of it, is refused or ends.
    let mut before = open(app, &c.id, &c.soviet, None, Duration::from_secs(10)).await;
    assert_eq!(before.status(), StatusCode::OK);
    let soviet_id = c.participant_id("soviet").await;
    let (status, body) = app
        .delete(
            &format!("/api/v1/campaigns/{}/participants/{soviet_id}", c.id),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let mut after = open(app, &c.id, &c.soviet, None, Duration::from_secs(10)).await;
    roll(app, &c.id, &c.umpire).await;
    if after.status() == StatusCode::OK {
        assert!(
            ends(&mut after).await,
            "a stream opened on the removed player's kept access ends"
        );
    } else {
        assert_eq!(after.status(), StatusCode::NOT_FOUND);
    }
    assert!(ends(&mut before).await, "the open stream ends");
    // Once this process heard of it, nothing of theirs is kept.
    let again = open(app, &c.id, &c.soviet, None, Duration::from_secs(10)).await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);

    // A revoked token: the same.
    let (status, second) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "finn", "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    let token = second["token"].as_str().expect("token");
    let mut before = open(app, &c.id, token, None, Duration::from_secs(10)).await;
    assert_eq!(before.status(), StatusCode::OK);
    let (status, body) = app
        .delete(
            &format!("/api/v1/tokens/{}", second["id"].as_str().expect("id")),
            Some(&c.finn),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let mut after = open(app, &c.id, token, None, Duration::from_secs(10)).await;
    roll(app, &c.id, &c.umpire).await;
    if after.status() == StatusCode::OK {
        assert!(
            ends(&mut after).await,
            "a stream opened on the revoked token's kept access ends"
        );
    } else {
        assert!(refused_sign_in(after.status()), "{}", after.status());
    }
    assert!(ends(&mut before).await, "the open stream ends");
    let again = open(app, &c.id, token, None, Duration::from_secs(10)).await;
    assert!(refused_sign_in(again.status()), "{}", again.status());
}

#[tokio::test]
async fn a_stream_reconnecting_after_a_change_told_since_its_access_was_kept_hears_it_at_once() {
    let c = Sides::new("wons", None).await;
    let app = &c.app;
    let mut umpires = open(app, &c.id, &c.umpire, None, Duration::from_secs(10)).await;
    listening(app, &c.id, &c.umpire, &mut umpires).await;

    // Finn's stream reads and keeps the access at this version.
    let seen = version(app, &c.id, &c.finn).await;
    let mut stream = open(app, &c.id, &c.finn, Some(seen), Duration::from_secs(10)).await;
    assert_eq!(stream.status(), StatusCode::OK);
    assert_eq!(
        next_change(&mut stream, Duration::from_millis(500)).await,
        None,
        "nothing missed"
    );
    // A change the Finns see is told (the stream hears it), and the stream closes.
    roll(app, &c.id, &c.umpire).await;
    let said = next_change(&mut stream, Duration::from_secs(5))
        .await
        .expect("the change is told");
    let now = version(app, &c.id, &c.finn).await;
    assert!(now > seen);
    assert!(said.contains(&format!("id: {now}")), "{said}");
    drop(stream);

    // A page that saw only the older version reconnects: the kept access's campaign row is
    // older than the change told, so it is read afresh and the page hears of it at once.
    let mut behind = open(app, &c.id, &c.finn, Some(seen), Duration::from_secs(10)).await;
    assert_eq!(behind.status(), StatusCode::OK);
    let caught = next_change(&mut behind, Duration::from_secs(2))
        .await
        .expect("a reconnection that missed a change hears of it at once");
    assert!(caught.contains(&format!("id: {now}")), "{caught}");
    // And one that saw it hears nothing, from the access kept afresh.
    let mut current = open(app, &c.id, &c.finn, Some(now), Duration::from_secs(10)).await;
    assert_eq!(
        next_change(&mut current, Duration::from_millis(1000)).await,
        None,
        "nothing is told twice"
    );
}

#[tokio::test]
async fn a_listener_that_lost_its_connection_trusts_no_access_kept_before() {
    let app = TestApp::spawn_with(|c| c.db_pool = SMALL_POOL).await;
    let (_, umpire) = app.user("umpire").await;
    let (_, other) = app.user("other").await;
    let id = app.campaign(&umpire, "wons").await;
    let elsewhere = app.campaign(&other, "wons").await;
    let mut first = open(&app, &id, &umpire, None, Duration::from_secs(10)).await;
    listening(&app, &id, &umpire, &mut first).await;
    let mut watch = open(&app, &elsewhere, &other, None, Duration::from_secs(10)).await;
    listening(&app, &elsewhere, &other, &mut watch).await;
    // A stream keeps the umpire's access.
    let _kept = open(&app, &id, &umpire, None, Duration::from_secs(10)).await;

    // The listener's connection is cut: notes told meanwhile are lost. It listens again (the
    // other campaign's stream hears its rolls), and nothing of this campaign changed.
    let cut: Vec<bool> = sqlx::query_scalar(
        "select pg_terminate_backend(pid) from pg_stat_activity \
         where datname = current_database() and query like 'LISTEN%'",
    )
    .fetch_all(&app.db)
    .await
    .expect("cuts the listener");
    assert_eq!(cut, [true], "one listener");
    listening(&app, &elsewhere, &other, &mut watch).await;

    // The access kept before is not trusted: with every connection held, the stream cannot
    // open.
    let held = hold_every_connection(&app, SMALL_POOL).await;
    let stream = app
        .api()
        .get(format!("{}/campaigns/{id}/live", app.url))
        .bearer_auth(&umpire)
        .send()
        .await
        .expect("answers");
    assert_eq!(stream.status(), StatusCode::SERVICE_UNAVAILABLE);
    drop(held);
    let stream = open(&app, &id, &umpire, None, Duration::from_secs(10)).await;
    assert_eq!(stream.status(), StatusCode::OK, "read afresh");
}

/// `GET path` as the browser whose sign-in cookie is `cookie`, waiting at most 30 seconds.
async fn as_browser(app: &TestApp, cookie: &str, path: &str) -> reqwest::Response {
    let req = app
        .api()
        .get(format!("{}{path}", app.url))
        .header("cookie", cookie);
    tokio::time::timeout(Duration::from_secs(30), req.send())
        .await
        .expect("the server answers in time")
        .expect("answers")
}

#[tokio::test]
async fn a_browsers_stream_opens_on_its_pages_sign_in_and_access_while_every_connection_is_held() {
    let (app, umpire, id, mut first) = umpires_campaign_on_a_small_pool().await;
    let signin = app
        .api()
        .post(format!("{}/signin", app.url))
        .header("sec-fetch-site", "same-origin")
        .header("origin", &app.url)
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(signin.status(), StatusCode::SEE_OTHER);
    let cookie = signin.headers()["set-cookie"]
        .to_str()
        .expect("text")
        .split(';')
        .next()
        .expect("a cookie")
        .to_owned();
    roll(&app, &id, &umpire).await;
    let rolled = version(&app, &id, &umpire).await;
    heard(&mut first, rolled).await;

    // The page's read keeps the sign-in its session holds with the access: its stream loads
    // neither the session nor the access.
    let page = as_browser(&app, &cookie, &format!("/campaigns/{id}")).await;
    assert_eq!(page.status(), StatusCode::OK);
    page.text().await.expect("html");
    let held = hold_every_connection(&app, SMALL_POOL).await;
    let mut stream = as_browser(&app, &cookie, &format!("/campaigns/{id}/live")).await;
    assert_eq!(
        stream.status(),
        StatusCode::OK,
        "the page's stream opened with every connection held"
    );
    drop(held);
    follows(&app, &id, &umpire, &mut stream).await;

    // Signed out, the same cookie opens nothing, kept or not.
    let out = app
        .api()
        .post(format!("{}/signout", app.url))
        .header("sec-fetch-site", "same-origin")
        .header("origin", &app.url)
        .header("cookie", &cookie)
        .send()
        .await
        .expect("signs out");
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    assert!(ends(&mut stream).await, "the signed-out page's stream ends");
    let again = as_browser(&app, &cookie, &format!("/campaigns/{id}/live")).await;
    assert!(refused_sign_in(again.status()), "{}", again.status());
}
