//! NUL and control characters in every free-text field: 422 naming the field, and nothing changes.

use crate::common::{Sides, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};

const HOSTILE: [&str; 3] = ["a\u{0}b", "a\u{1b}[2Jb", "a\u{7f}b"];

/// How many rows the campaign's tables hold, to show a refused command changed nothing.
async fn footprint(c: &Sides) -> Vec<i64> {
    let mut counts = Vec::new();
    for query in [
        "select count(*) from campaigns",
        "select count(*) from rolls",
        "select count(*) from game_events",
        "select count(*) from participants where client_seed is not null",
        "select count(*) from invites",
        "select count(*) from users",
        "select count(*) from api_tokens",
    ] {
        counts.push(
            sqlx::query_scalar::<_, i64>(query)
                .fetch_one(&c.app.db)
                .await
                .expect("counts"),
        );
    }
    counts
}

fn refused(what: &str, status: StatusCode, body: &Value) {
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{what}: {body}");
    assert!(
        ["invalid_field", "invalid_text"].contains(&error_code(body)),
        "{what}: {body}"
    );
}

#[tokio::test]
async fn control_characters_in_api_bodies_are_refused_and_change_nothing() {
    let c = Sides::new("wons", None).await;
    let (status, body) = c
        .app
        .post(
            "/api/v1/users",
            None,
            json!({"username": "token-maker", "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let before = footprint(&c).await;
    let id = &c.id;
    for bad in HOSTILE {
        let (status, body) = c
            .app
            .post(
                "/api/v1/tokens",
                None,
                json!({"username": "token-maker", "password": "correct horse battery", "name": bad}),
            )
            .await;
        refused("token name", status, &body);
        assert!(body.to_string().contains("name"), "names the field: {body}");
        // A name no account can have is an unknown name, not a server error.
        let (status, body) = c
            .app
            .post(
                "/api/v1/tokens",
                None,
                json!({"username": bad, "password": "correct horse battery"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "token username: {body}");

        let (status, body) = c
            .app
            .post(
                "/api/v1/campaigns",
                Some(&c.umpire),
                json!({"name": bad, "game": "wons"}),
            )
            .await;
        refused("campaign name", status, &body);
        assert!(body.to_string().contains("name"), "names the field: {body}");

        let (status, body) = c
            .app
            .post(
                "/api/v1/users",
                None,
                json!({"username": bad, "password": "correct horse battery"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "username: {body}");

        let (status, body) = c
            .app
            .put(
                &format!("/api/v1/campaigns/{id}/client-seed"),
                Some(&c.finn),
                json!({"seed": bad}),
            )
            .await;
        refused("client seed", status, &body);
        assert!(body.to_string().contains("seed"), "names the field: {body}");

        let (status, body) = c
            .app
            .post(
                &format!("/api/v1/campaigns/{id}/rolls"),
                Some(&c.umpire),
                json!({"dice": "1d6", "purpose": bad}),
            )
            .await;
        refused("roll purpose", status, &body);
        assert!(
            body.to_string().contains("purpose"),
            "names the field: {body}"
        );

        for correction in [
            json!({"path": "/hour", "value": 3, "reason": bad}),
            json!({"path": format!("/hour{bad}"), "value": 3, "reason": "typo"}),
            json!({"path": "/note", "value": bad, "reason": "typo"}),
        ] {
            let (status, body) = c
                .app
                .post(
                    &format!("/api/v1/campaigns/{id}/wons/corrections"),
                    Some(&c.umpire),
                    correction.clone(),
                )
                .await;
            refused(&format!("correction {correction}"), status, &body);
        }
    }
    assert_eq!(footprint(&c).await, before, "nothing changed");
    // A reason may span lines.
    let (status, body) = c
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/corrections"),
            Some(&c.umpire),
            json!({"path": "/hour", "value": 3, "reason": "a typo\n\tin the hour"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn control_characters_in_forms_and_paths_are_refused() {
    let c = Sides::new("wons", None).await;
    let before = footprint(&c).await;
    let browser = c.app.browser();
    let res = browser
        .post(format!("{}/signin", c.app.url))
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for bad in HOSTILE {
        for form in [
            [("name", bad), ("game", "wons"), ("scenario", "")],
            [("name", "Kollaa"), ("game", "wons"), ("scenario", bad)],
        ] {
            let res = browser
                .post(format!("{}/campaigns", c.app.url))
                .form(&form)
                .send()
                .await
                .expect("posts");
            assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{form:?}");
        }
        let res = browser
            .post(format!("{}/campaigns/{}/client-seed", c.app.url, c.id))
            .form(&[("seed", bad)])
            .send()
            .await
            .expect("posts");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    for path in [
        "/invites/abc%00",
        "/invites/%1b%5b2J",
        "/invites/x%7F/accept",
    ] {
        let res = browser
            .get(format!("{}{path}", c.app.url))
            .send()
            .await
            .expect("answers");
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        let res = browser
            .post(format!("{}{path}", c.app.url))
            .send()
            .await
            .expect("answers");
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let res = c
        .app
        .api()
        .get(format!("{}/api/v1/campaigns/{}%00", c.app.url, c.id))
        .bearer_auth(&c.umpire)
        .send()
        .await
        .expect("answers");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(footprint(&c).await, before, "nothing changed");
}
