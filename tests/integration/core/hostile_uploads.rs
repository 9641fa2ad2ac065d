//! Every upload endpoint sent a 10,000-deep document: refused with a 4xx, and the server answers after.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::json;

fn deep(open: &str, close: &str) -> String {
    format!("x = {}1{}\n", open.repeat(10_000), close.repeat(10_000))
}

async fn still_answers(app: &TestApp, token: &str) {
    let (status, body) = app.get("/api/v1/campaigns", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let res = app
        .api()
        .get(format!("{}/healthz", app.url))
        .send()
        .await
        .expect("the server still answers");
    assert!(res.status().is_success());
}

#[tokio::test]
async fn deep_documents_to_every_upload_are_refused_and_the_server_lives() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    for (open, close) in [("[", "]"), ("{a = ", "}")] {
        let text = deep(open, close);
        let bodies = [
            json!({"name": "deep pack", "game": "wons", "scenario": text}),
            json!({"name": "deep map", "game": "talvisota", "scenario": {"map": text}}),
            json!({"name": "deep counters", "game": "talvisota", "scenario": {"counters": text}}),
        ];
        for body in bodies {
            let (status, answer) = app.post("/api/v1/campaigns", Some(&token), body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert_eq!(error_code(&answer), "invalid_scenario");
            let message = answer["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains("10000 deep"), "{message}");
            still_answers(&app, &token).await;
        }
    }
    // The JSON body itself 10,000 deep.
    let body = format!(
        "{{\"name\":\"x\",\"game\":\"talvisota\",\"scenario\":{}1{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let res = app
        .api()
        .post(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("sends");
    assert!(res.status().is_client_error(), "{}", res.status());
    still_answers(&app, &token).await;

    // The page form.
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
    let text = deep("[", "]");
    let res = browser
        .post(format!("{}/campaigns", app.url))
        .form(&[("name", "deep"), ("game", "wons"), ("scenario", &text)])
        .send()
        .await
        .expect("posts the form");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(page.contains("10000 deep"), "the page names the problem");
    still_answers(&app, &token).await;
    let (_, list) = app.get("/api/v1/campaigns", Some(&token)).await;
    assert_eq!(
        list.as_array().map(Vec::len),
        Some(0),
        "nothing was created"
    );
}

#[tokio::test]
async fn a_huge_pack_is_refused_with_a_sentence() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    let text = format!("# {}\n", "x".repeat(600 * 1024));
    let (status, answer) = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            json!({"name": "huge", "game": "talvisota", "scenario": {"map": text}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("at most"), "{message}");
}
