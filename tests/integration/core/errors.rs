//! Error shapes, cross-site refusal, rate limiting, health probes, headers and the OpenAPI document.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn api_errors_have_the_documented_shape() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    // Unknown route, malformed JSON, wrong content type, wrong field type, wrong method.
    let (status, body) = app.get("/api/v1/nothing-here", Some(&token)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error_code(&body), "not_found");

    let res = app
        .api()
        .post(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        error_code(&res.json::<Value>().await.expect("json")),
        "bad_request"
    );

    let res = app
        .api()
        .post(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .body("name=x")
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        error_code(&res.json::<Value>().await.expect("json")),
        "unsupported_media_type"
    );

    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            json!({"name": 5, "game": "wons"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&body), "invalid_field");

    let res = app
        .api()
        .delete(format!("{}/api/v1/campaigns", app.url))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        error_code(&res.json::<Value>().await.expect("json")),
        "method_not_allowed"
    );

    let res = app
        .api()
        .post(format!("{}/api/v1/users", app.url))
        .header("content-type", "application/json")
        .body(vec![b' '; 3 * 1024 * 1024])
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        error_code(&res.json::<Value>().await.expect("json")),
        "too_large"
    );
}

#[tokio::test]
async fn pages_errors_are_html() {
    let app = TestApp::spawn().await;
    let res = app
        .browser()
        .get(format!("{}/no/such/page", app.url))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .expect("ct")
            .starts_with("text/html")
    );
    let html = res.text().await.expect("html");
    assert!(html.contains("404"), "{html}");
}

#[tokio::test]
async fn cross_site_posts_are_refused() {
    let app = TestApp::spawn().await;
    // A form posted from another site: the browser says so in Sec-Fetch-Site and Origin.
    let res = app
        .api()
        .post(format!("{}/signup", app.url))
        .header("sec-fetch-site", "cross-site")
        .header("origin", "https://evil.example")
        .form(&[
            ("username", "victim"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.expect("html").contains("403"));
    let res = app
        .api()
        .post(format!("{}/api/v1/users", app.url))
        .header("origin", "https://evil.example")
        .json(&json!({"username": "victim", "password": "correct horse battery"}))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        error_code(&res.json::<Value>().await.expect("json")),
        "forbidden"
    );
    // Nothing was created.
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "victim", "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The same post from our own pages goes through.
    let res = app
        .browser()
        .post(format!("{}/signup", app.url))
        .form(&[
            ("username", "victim"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn sign_in_attempts_are_rate_limited_per_address() {
    let app = TestApp::spawn_with(|c| c.auth_rate = 3).await;
    let attempt = || {
        app.post(
            "/api/v1/tokens",
            None,
            json!({"username": "nobody", "password": "wrong password"}),
        )
    };
    for _ in 0..3 {
        assert_eq!(attempt().await.0, StatusCode::UNAUTHORIZED);
    }
    let (status, body) = attempt().await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(error_code(&body), "rate_limited");
    // The page form shares the limit and answers with a page.
    let res = app
        .browser()
        .post(format!("{}/signin", app.url))
        .form(&[("username", "nobody"), ("password", "wrong password")])
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.headers()["retry-after"], "60");
    // Other routes are not limited.
    assert_eq!(app.get("/healthz", None).await.0, StatusCode::OK);
}

#[tokio::test]
async fn health_and_readiness() {
    let app = TestApp::spawn().await;
    let res = app
        .api()
        .get(format!("{}/healthz", app.url))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .api()
        .get(format!("{}/readyz", app.url))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.text().await.expect("text"), "ready");
}

#[tokio::test]
async fn security_headers_and_request_ids() {
    let app = TestApp::spawn().await;
    let res = app
        .api()
        .get(format!("{}/signin", app.url))
        .send()
        .await
        .expect("sends");
    let h = res.headers();
    let csp = h["content-security-policy"].to_str().expect("csp");
    assert!(
        csp.contains("script-src 'self'") && csp.contains("style-src 'self'"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"));
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(h["referrer-policy"], "same-origin");
    assert_eq!(h["x-request-id"].to_str().expect("id").len(), 36);
}

#[tokio::test]
async fn openapi_document_covers_every_api_route() {
    let app = TestApp::spawn().await;
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().expect("version").starts_with("3.1"));
    let paths = doc["paths"].as_object().expect("paths");
    for (path, method) in [
        ("/api/v1/users", "post"),
        ("/api/v1/tokens", "post"),
        ("/api/v1/tokens", "get"),
        ("/api/v1/tokens/{id}", "delete"),
        ("/api/v1/password", "put"),
        ("/api/v1/campaigns", "post"),
        ("/api/v1/campaigns", "get"),
        ("/api/v1/campaigns/{id}", "get"),
        ("/api/v1/campaigns/{id}/invites", "post"),
        ("/api/v1/campaigns/{id}/invites", "get"),
        ("/api/v1/campaigns/{id}/invites/{code}", "delete"),
        ("/api/v1/campaigns/{id}/participants/{user_id}", "delete"),
        ("/api/v1/invites/{code}/accept", "post"),
        ("/api/v1/campaigns/{id}/finish", "post"),
        ("/api/v1/campaigns/{id}/client-seed", "put"),
        ("/api/v1/openapi.json", "get"),
        ("/api/v1/campaigns/{id}/rolls", "post"),
        ("/api/v1/campaigns/{id}/rolls", "get"),
        ("/api/v1/campaigns/{id}/procedures", "get"),
        ("/api/v1/campaigns/{id}/procedures/{name}", "post"),
        ("/api/v1/campaigns/{id}/dice/rotate", "post"),
        ("/api/v1/campaigns/{id}/dice/reveal", "post"),
        ("/api/v1/campaigns/{id}/dice/export", "get"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing"
        );
    }
    // And every documented route exists: calling it never gives a bare routing 404/405.
    let (_, token) = app.user("umpire").await;
    for (path, item) in paths {
        for method in item.as_object().expect("methods").keys() {
            let url = format!(
                "{}{}",
                app.url,
                path.replace("{id}", &uuid::Uuid::new_v4().to_string())
                    .replace("{code}", "x")
                    .replace("{name}", "expression")
                    .replace("{user_id}", &uuid::Uuid::new_v4().to_string())
            );
            let req = app
                .api()
                .request(method.to_uppercase().parse().expect("method"), url)
                .bearer_auth(&token)
                .json(&json!({}));
            let res = req.send().await.expect("sends");
            assert_ne!(
                res.status(),
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path}"
            );
            if res.status() == StatusCode::NOT_FOUND {
                let body: Value = res.json().await.expect("json");
                assert_eq!(
                    error_code(&body),
                    "not_found",
                    "{method} {path} answers a handler's 404"
                );
            }
        }
    }
}

#[tokio::test]
async fn reloading_a_refused_forms_address_goes_back_to_its_page() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let id = uuid::Uuid::new_v4();
    for (address, page) in [
        (
            format!("/campaigns/{id}/wons/orders"),
            format!("/campaigns/{id}/wons"),
        ),
        (
            format!("/campaigns/{id}/dice/roll"),
            format!("/campaigns/{id}/dice"),
        ),
        (
            format!("/campaigns/{id}/invites"),
            format!("/campaigns/{id}"),
        ),
    ] {
        let res = client
            .get(format!("{}{address}", app.url))
            .send()
            .await
            .expect("sends");
        assert!(res.status().is_redirection(), "{address}: {}", res.status());
        assert_eq!(
            res.headers().get("location").and_then(|l| l.to_str().ok()),
            Some(page.as_str()),
            "{address}"
        );
    }
    // A form address asked for with another method, and the API, still answer 405.
    let res = client
        .put(format!("{}/campaigns/{id}/dice/roll", app.url))
        .send()
        .await
        .expect("sends");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
}

/// A sign-in through the API as the client `client` behind the proxy (the test itself).
async fn sign_in_from(app: &TestApp, client: &str, user: &str, password: &str) -> StatusCode {
    app.api()
        .post(format!("{}/api/v1/tokens", app.url))
        .header("x-forwarded-for", client)
        .json(&json!({"username": user, "password": password}))
        .send()
        .await
        .expect("sends")
        .status()
}

#[tokio::test]
async fn forty_wrong_guesses_at_one_account_through_the_proxy_lock_out_no_other_account() {
    let app = TestApp::spawn_with(|c| {
        c.auth_rate = 30;
        c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("cidr")];
    })
    .await;
    app.user("victim").await;
    app.user("bystander").await;
    // Every request comes from the one proxy address; X-Forwarded-For names the client.
    let mut answers = Vec::new();
    let began = std::time::Instant::now();
    // Each guess from another client address: only the account's own limit can stop them.
    for n in 0..40 {
        let client = format!("203.0.113.{n}");
        answers.push(sign_in_from(&app, &client, "victim", "wrong password!").await);
    }
    // The account had one sign-in already (its token), so 29 guesses are answered at once; the
    // limit then refills one every 2 seconds, so a slow run (the whole suite at once) may see a
    // guess answered after the first refusal, one for each 2 seconds the guesses took.
    let refills = (began.elapsed().as_secs_f64() / 2.0).ceil() as usize;
    let refused = answers
        .iter()
        .position(|s| *s == StatusCode::TOO_MANY_REQUESTS)
        .expect("the guesses are cut off");
    assert!((29..=29 + refills).contains(&refused), "{answers:?}");
    assert!(
        answers[..refused]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED)
    );
    let answered_after = answers[refused..]
        .iter()
        .filter(|s| **s == StatusCode::UNAUTHORIZED)
        .count();
    assert!(
        answers[refused..]
            .iter()
            .all(|s| *s == StatusCode::TOO_MANY_REQUESTS || *s == StatusCode::UNAUTHORIZED)
            && refused + answered_after <= 29 + refills,
        "{refills} refills: {answers:?}"
    );
    // Another account signs in through the same proxy at once.
    assert_eq!(
        sign_in_from(&app, "198.51.100.7", "bystander", "correct horse battery").await,
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn a_forwarded_address_from_an_untrusted_peer_is_not_believed() {
    let app = TestApp::spawn_with(|c| c.auth_rate = 3).await;
    for n in 0..3 {
        let status = sign_in_from(
            &app,
            &format!("203.0.113.{n}"),
            &format!("nobody{n}"),
            "wrong password!",
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        sign_in_from(&app, "203.0.113.99", "nobody9", "wrong password!").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
