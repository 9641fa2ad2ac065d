//! Managing an account: named and expiring tokens, revoking them, signed-in browsers, and
//! changing the password, through the API and the pages.

use crate::common::{TestApp, error_code};
use reqwest::{Client, StatusCode};
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

async fn token(app: &TestApp, body: serde_json::Value) -> (StatusCode, serde_json::Value) {
    app.post("/api/v1/tokens", None, body).await
}

async fn page(browser: &Client, app: &TestApp, path: &str) -> (StatusCode, String) {
    let res = browser
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .expect("page");
    (res.status(), res.text().await.expect("html"))
}

#[tokio::test]
async fn tokens_are_named_listed_used_and_revoked() {
    let app = TestApp::spawn().await;
    let (_, first) = app.user("aino").await;
    let (status, named) = token(
        &app,
        json!({"username": "aino", "password": PASSWORD, "name": "ci runner", "expires_in_days": 30}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{named}");
    assert_eq!(named["name"], "ci runner");
    assert!(named["expires_at"].is_string(), "{named}");
    let secret = named["token"].as_str().expect("token");

    let (status, list) = app.get("/api/v1/tokens", Some(secret)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), 2);
    let names: Vec<&str> = list.iter().filter_map(|t| t["name"].as_str()).collect();
    assert!(names.contains(&"API token"), "the default name: {names:?}");
    let used = list
        .iter()
        .find(|t| t["name"] == "ci runner")
        .expect("listed");
    assert!(
        used["last_used_at"].is_string(),
        "the list call used it: {used}"
    );
    assert_eq!(used["expired"], false);
    assert!(used.get("token").is_none(), "the secret is never listed");
    let unused = list
        .iter()
        .find(|t| t["name"] == "API token")
        .expect("listed");
    assert!(unused["last_used_at"].is_null(), "{unused}");

    // Another person cannot revoke it, and learns nothing: 404.
    let (_, stranger) = app.user("stranger").await;
    let id = named["id"].as_str().expect("id");
    let (status, body) = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&stranger))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error_code(&body), "not_found");
    let (status, _) = app.get("/api/v1/tokens", Some(secret)).await;
    assert_eq!(status, StatusCode::OK, "still works");

    let (status, _) = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&first))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = app.get("/api/v1/campaigns", Some(secret)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "bad_token");
    let (status, _) = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(&first))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "already revoked");
}

#[tokio::test]
async fn expired_tokens_answer_bad_token_and_bad_expiries_are_refused() {
    let app = TestApp::spawn().await;
    app.user("aino").await;
    let (status, made) = token(
        &app,
        json!({"username": "aino", "password": PASSWORD, "expires_at": "2030-01-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["expires_at"], "2030-01-01T00:00:00Z");
    let secret = made["token"].as_str().expect("token");
    assert_eq!(
        app.get("/api/v1/tokens", Some(secret)).await.0,
        StatusCode::OK
    );
    // Time passes: the token's expiry is now behind us.
    sqlx::query("update api_tokens set expires_at = now() - interval '1 second' where name = 'API token' and expires_at is not null")
        .execute(&app.db)
        .await
        .expect("ages the token");
    let (status, body) = app.get("/api/v1/tokens", Some(secret)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "bad_token");

    for bad in [
        json!({"expires_in_days": 0}),
        json!({"expires_in_days": 5, "expires_at": "2030-01-01T00:00:00Z"}),
        json!({"expires_at": "next tuesday"}),
        json!({"expires_at": "2001-01-01T00:00:00Z"}),
        json!({"name": "x".repeat(101)}),
    ] {
        let mut body = bad.clone();
        body["username"] = json!("aino");
        body["password"] = json!(PASSWORD);
        let (status, answer) = token(&app, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        error_code(&answer);
    }
    let (_, list) = app.get("/api/v1/tokens", None).await;
    assert!(list["error"].is_object(), "listing needs a caller");
}

#[tokio::test]
async fn the_tokens_page_shows_a_new_token_once_and_revokes() {
    let app = TestApp::spawn().await;
    app.user("aino").await;
    let browser = app.signed_in("aino", "Phone browser").await;
    let res = browser
        .post(format!("{}/account/tokens", app.url))
        .form(&[("name", "laptop script"), ("expires_in_days", "soon")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = res.text().await.expect("html");
    assert!(html.contains(r#"id="token-days-error""#), "{html}");
    assert!(
        html.contains(r#"value="laptop script""#),
        "the name is kept"
    );

    let res = browser
        .post(format!("{}/account/tokens", app.url))
        .form(&[("name", "laptop script"), ("expires_in_days", "7")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/account/tokens");
    let (status, html) = page(&browser, &app, "/account/tokens").await;
    assert_eq!(status, StatusCode::OK);
    let shown = html
        .split(r#"<code id="new-token" class="hash">"#)
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .expect("the new token is shown")
        .to_owned();
    assert!(shown.starts_with("motti_"), "{shown}");
    assert!(html.contains("laptop script"));
    let (status, _) = app.get("/api/v1/tokens", Some(&shown)).await;
    assert_eq!(status, StatusCode::OK, "the shown token works");
    let (_, again) = page(&browser, &app, "/account/tokens").await;
    assert!(!again.contains(&shown), "shown only once");

    let (_, list) = app.get("/api/v1/tokens", Some(&shown)).await;
    let id = list
        .as_array()
        .and_then(|l| l.iter().find(|t| t["name"] == "laptop script"))
        .and_then(|t| t["id"].as_str())
        .expect("listed")
        .to_owned();
    let res = browser
        .post(format!("{}/account/tokens/{id}/revoke", app.url))
        .send()
        .await
        .expect("revokes");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        app.get("/api/v1/tokens", Some(&shown)).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (_, html) = page(&browser, &app, "/account/tokens").await;
    assert!(!html.contains("laptop script"));
}

#[tokio::test]
async fn browsers_are_listed_and_signed_out_elsewhere_or_everywhere() {
    let app = TestApp::spawn().await;
    app.user("aino").await;
    let phone = app.signed_in("aino", "Phone browser").await;
    let laptop = app.signed_in("aino", "Laptop browser").await;
    let (status, html) = page(&phone, &app, "/account").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Phone browser") && html.contains("Laptop browser"),
        "{html}"
    );
    assert_eq!(html.matches("this browser").count(), 1);

    let res = phone
        .post(format!("{}/account/sessions/others/end", app.url))
        .send()
        .await
        .expect("ends");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (status, html) = page(&phone, &app, "/account").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Signed out 1 other browser(s)."), "{html}");
    assert!(!html.contains("Laptop browser"));
    let (status, _) = page(&laptop, &app, "/account").await;
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "the laptop is sent to sign in"
    );

    let res = phone
        .post(format!("{}/account/sessions/end", app.url))
        .send()
        .await
        .expect("ends");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (status, _) = page(&phone, &app, "/account").await;
    assert_eq!(status, StatusCode::SEE_OTHER, "signed out here too");
    let left: (i64,) = sqlx::query_as("select count(*) from user_sessions")
        .fetch_one(&app.db)
        .await
        .expect("counts");
    assert_eq!(left.0, 0);
}

#[tokio::test]
async fn changing_the_password_ends_other_sessions_and_may_revoke_tokens() {
    let app = TestApp::spawn().await;
    let (_, first) = app.user("aino").await;
    let browser = app.signed_in("aino", "Laptop browser").await;

    let (status, body) = app
        .put(
            "/api/v1/password",
            Some(&first),
            json!({"old_password": "not my password", "new_password": "a much better one"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&body), "wrong_password");
    let (status, body) = app
        .put(
            "/api/v1/password",
            Some(&first),
            json!({"old_password": PASSWORD, "new_password": "short"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&body), "weak_password");
    assert_eq!(
        page(&browser, &app, "/account").await.0,
        StatusCode::OK,
        "nothing changed"
    );

    let (status, _) = app
        .put(
            "/api/v1/password",
            Some(&first),
            json!({"old_password": PASSWORD, "new_password": "a much better one"}),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        page(&browser, &app, "/account").await.0,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.get("/api/v1/tokens", Some(&first)).await.0,
        StatusCode::OK,
        "tokens kept"
    );
    let (status, _) = token(&app, json!({"username": "aino", "password": PASSWORD})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old password is gone");

    let (status, _) = app
        .put(
            "/api/v1/password",
            Some(&first),
            json!({"old_password": "a much better one", "new_password": "the third password", "revoke_tokens": true}),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = app.get("/api/v1/tokens", Some(&first)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "bad_token");
}

#[tokio::test]
async fn the_password_form_keeps_this_browser_and_shows_errors_by_the_field() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("aino").await;
    let here = app.signed_in("aino", "Laptop browser").await;
    let there = app.signed_in("aino", "Phone browser").await;
    let res = here
        .post(format!("{}/account/password", app.url))
        .form(&[
            ("old_password", "wrong one!!"),
            ("new_password", "a much better one"),
            ("revoke_tokens", "on"),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = res.text().await.expect("html");
    assert!(html.contains(r#"id="old-password-error""#), "{html}");
    assert!(html.contains("checked"), "the choice is kept");

    let res = here
        .post(format!("{}/account/password", app.url))
        .form(&[
            ("old_password", PASSWORD),
            ("new_password", "a much better one"),
            ("revoke_tokens", "on"),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (status, html) = page(&here, &app, "/account").await;
    assert_eq!(status, StatusCode::OK, "this browser stays signed in");
    assert!(html.contains("every API token was revoked"), "{html}");
    assert_eq!(
        page(&there, &app, "/account").await.0,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.get("/api/v1/tokens", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_browser_away_for_fourteen_days_is_signed_out_and_no_longer_listed() {
    let app = TestApp::spawn().await;
    app.user("aino").await;
    let old = app.signed_in("aino", "Old browser").await;
    let new = app.signed_in("aino", "New browser").await;
    sqlx::query("update user_sessions set last_seen_at = now() - interval '15 days' where user_agent = 'Old browser'")
        .execute(&app.db)
        .await
        .expect("ages the sign-in");
    assert_eq!(page(&old, &app, "/account").await.0, StatusCode::SEE_OTHER);
    let (status, html) = page(&new, &app, "/account").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("Old browser"), "{html}");
}

#[tokio::test]
async fn password_change_attempts_are_rate_limited() {
    let app = TestApp::spawn_with(|c| c.auth_rate = 2).await;
    let (_, token) = app.user("aino").await;
    // Making the account and its token took the two attempts of this minute.
    let (status, body) = app
        .put(
            "/api/v1/password",
            Some(&token),
            json!({"old_password": "guess number one", "new_password": "a much better one"}),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(error_code(&body), "rate_limited");
}
