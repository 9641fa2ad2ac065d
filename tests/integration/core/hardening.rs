//! A database out of connections answers 503 with Retry-After; caching and transport headers.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::Value;

#[tokio::test]
async fn a_pool_with_its_only_connection_held_answers_503_with_retry_after() {
    let app = TestApp::spawn_with(|c| c.db_pool = 1).await;
    let (_, token) = app.user("umpire").await;
    let held = app.db.acquire().await.expect("takes the only connection");

    let res = app
        .api()
        .get(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers()["retry-after"], "5");
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "busy");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("Try again"))
    );

    let res = app
        .browser()
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers()["retry-after"], "5");
    assert!(
        res.headers()["content-type"]
            .to_str()
            .is_ok_and(|t| t.starts_with("text/html"))
    );
    assert!(res.text().await.expect("page").contains("busy"));

    // A signed-in page: the session store cannot load the session either.
    drop(held);
    let browser = app.browser();
    let res = browser
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let held = app
        .db
        .acquire()
        .await
        .expect("takes the only connection again");
    let res = browser
        .get(format!("{}/campaigns", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers()["retry-after"], "5");

    drop(held);
    let (status, _) = app.get("/api/v1/campaigns", Some(&token)).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "answers again once a connection is free"
    );
}

#[tokio::test]
async fn pages_and_json_are_never_cached_and_hsts_follows_secure_cookies() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    let res = app
        .api()
        .get(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "no-store");
    assert!(res.headers().get("strict-transport-security").is_none());

    let browser = app.browser();
    browser
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    let res = browser
        .get(format!("{}/campaigns", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let res = app
        .api()
        .get(format!("{}/static/motti.css", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.headers()["cache-control"], "public, max-age=3600");

    let secure = TestApp::spawn_with(|c| c.secure_cookies = true).await;
    let res = secure
        .api()
        .get(format!("{}/healthz", secure.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=31536000"
    );
}

#[tokio::test]
async fn a_path_parameter_that_is_not_well_formed_answers_like_an_unknown_one() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    let api = |method: reqwest::Method, path: &str| {
        app.api()
            .request(method, format!("{}{path}", app.url))
            .bearer_auth(&token)
    };
    for (method, path) in [
        (reqwest::Method::DELETE, "/api/v1/tokens/not-a-uuid"),
        (
            reqwest::Method::DELETE,
            "/api/v1/tokens/00000000-0000-4000-8000-000000000000",
        ),
    ] {
        let res = api(method, path).send().await.expect("answers");
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "not_found", "{path}");
    }
    // A page says the same, as a page.
    let browser = app.signed_in("umpire", "test").await;
    let res = browser
        .post(format!("{}/account/tokens/not-a-uuid/revoke", app.url))
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .is_ok_and(|ct| ct.starts_with("text/html"))
    );
    // A malformed query is still a malformed request.
    let (_, made) = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            serde_json::json!({"name": "Paths", "game": "wons"}),
        )
        .await;
    let campaign = made["id"].as_str().expect("an id");
    let res = api(
        reqwest::Method::GET,
        &format!("/api/v1/campaigns/{campaign}/rolls?after=soon"),
    )
    .send()
    .await
    .expect("answers");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}
