//! Sign-up, sign-in, sign-out and API tokens.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn sign_up_then_token_then_authenticated_call() {
    let app = TestApp::spawn().await;
    let (id, token) = app.user("ilmari").await;
    assert_eq!(id.len(), 36);
    let (status, list) = app.get("/api/v1/campaigns", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!([]));
}

#[tokio::test]
async fn bad_usernames_and_passwords_are_422_with_a_message() {
    let app = TestApp::spawn().await;
    for (username, password, code) in [
        ("ab", "long enough pw", "invalid_username"),
        ("Upper", "long enough pw", "invalid_username"),
        (
            &"x".repeat(33) as &str,
            "long enough pw",
            "invalid_username",
        ),
        ("valid_name", "short", "weak_password"),
        ("valid_name", "123456789", "weak_password"),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/users",
                None,
                json!({"username": username, "password": password}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{username}/{password}: {body}"
        );
        assert_eq!(error_code(&body), code);
    }
}

#[tokio::test]
async fn duplicate_username_is_409() {
    let app = TestApp::spawn().await;
    app.user("aino").await;
    let (status, body) = app
        .post(
            "/api/v1/users",
            None,
            json!({"username": "aino", "password": "another password"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "username_taken");
}

#[tokio::test]
async fn wrong_password_gets_no_token_and_bad_tokens_are_refused() {
    let app = TestApp::spawn().await;
    app.user("väinö".replace('ä', "a").replace('ö', "o").as_str())
        .await;
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "vaino", "password": "not the password"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "wrong_credentials");
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "nobody", "password": "not the password"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "wrong_credentials");
    let (status, body) = app.get("/api/v1/campaigns", Some("motti_forged")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "bad_token");
    let (status, body) = app.get("/api/v1/campaigns", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&body), "not_signed_in");
}

#[tokio::test]
async fn browser_sign_up_sign_out_sign_in() {
    let app = TestApp::spawn().await;
    let browser = app.browser();
    let res = browser
        .post(format!("{}/signup", app.url))
        .form(&[
            ("username", "lotta"),
            ("password", "correct horse battery"),
            ("next", ""),
        ])
        .send()
        .await
        .expect("signs up");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let cookie = res
        .headers()
        .get("set-cookie")
        .expect("a session cookie")
        .to_str()
        .expect("text")
        .to_owned();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(
        !cookie.contains("Secure"),
        "not Secure unless configured: {cookie}"
    );
    let page = browser
        .get(format!("{}/campaigns", app.url))
        .send()
        .await
        .expect("list");
    assert_eq!(page.status(), StatusCode::OK);
    assert!(
        page.text()
            .await
            .expect("html")
            .contains("Signed in as <strong>lotta</strong>")
    );

    let out = browser
        .post(format!("{}/signout", app.url))
        .send()
        .await
        .expect("signs out");
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    let page = browser
        .get(format!("{}/campaigns", app.url))
        .send()
        .await
        .expect("list");
    assert_eq!(
        page.status(),
        StatusCode::SEE_OTHER,
        "signed out: sent to sign in"
    );
    assert_eq!(page.headers()["location"], "/signin?next=/campaigns");

    let res = browser
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "lotta"),
            ("password", "correct horse battery"),
            ("next", "/campaigns"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/campaigns");
    let page = browser
        .get(format!("{}/campaigns", app.url))
        .send()
        .await
        .expect("list");
    assert_eq!(page.status(), StatusCode::OK);
}

#[tokio::test]
async fn secure_cookies_when_configured() {
    let app = TestApp::spawn_with(|c| c.secure_cookies = true).await;
    let res = app
        .browser()
        .post(format!("{}/signup", app.url))
        .form(&[("username", "lotta"), ("password", "correct horse battery")])
        .send()
        .await
        .expect("signs up");
    let cookie = res.headers()["set-cookie"]
        .to_str()
        .expect("text")
        .to_owned();
    assert!(cookie.contains("Secure"), "{cookie}");
}

#[tokio::test]
async fn sign_up_form_errors_are_shown_next_to_the_field() {
    let app = TestApp::spawn().await;
    let browser = app.browser();
    let res = browser
        .post(format!("{}/signup", app.url))
        .form(&[("username", "ok_name"), ("password", "short")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = res.text().await.expect("html");
    assert!(html.contains(r#"id="password-error""#), "{html}");
    assert!(html.contains("at least 10 characters"));
    assert!(html.contains(r#"value="ok_name""#), "the username is kept");

    app.user("taken").await;
    let res = browser
        .post(format!("{}/signup", app.url))
        .form(&[("username", "taken"), ("password", "long enough password")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(
        res.text()
            .await
            .expect("html")
            .contains(r#"id="username-error""#)
    );
}
