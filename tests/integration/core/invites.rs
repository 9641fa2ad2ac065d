//! Invite links with uses and expiry, withdrawal, and removing participants, through the API
//! and the campaign pages.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn make(app: &TestApp, umpire: &str, id: &str, body: Value) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/campaigns/{id}/invites"),
        Some(umpire),
        body,
    )
    .await
}

async fn accept(app: &TestApp, code: &str, token: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/invites/{code}/accept"),
        Some(token),
        json!({}),
    )
    .await
}

fn code(invite: &Value) -> String {
    invite["code"].as_str().expect("a code").to_owned()
}

#[tokio::test]
async fn an_invite_is_single_use_and_lasts_a_week_by_default() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, first) = app.user("first").await;
    let (_, second) = app.user("second").await;
    let id = app.campaign(&umpire, "wons").await;
    let (status, invite) = make(&app, &umpire, &id, json!({"role": "soviet"})).await;
    assert_eq!(status, StatusCode::CREATED, "{invite}");
    assert_eq!(invite["uses_left"], 1);
    assert_eq!(invite["state"], "open");
    let expires = time::OffsetDateTime::parse(
        invite["expires_at"].as_str().expect("an expiry"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    let days = (expires - time::OffsetDateTime::now_utc()).whole_hours();
    assert!(
        (167..=168).contains(&days),
        "about seven days: {days} hours"
    );

    let invite = code(&invite);
    assert_eq!(accept(&app, &invite, &first).await.0, StatusCode::OK);
    let (status, again) = accept(&app, &invite, &first).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "accepting twice is harmless: {again}"
    );
    let (status, body) = accept(&app, &invite, &second).await;
    assert_eq!(status, StatusCode::GONE);
    assert_eq!(error_code(&body), "invite_used_up");
    assert_eq!(
        app.get(&format!("/api/v1/campaigns/{id}"), Some(&second))
            .await
            .0,
        StatusCode::NOT_FOUND,
        "nothing changed for the refused person"
    );
    let (_, list) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&umpire))
        .await;
    assert_eq!(list[0]["uses_left"], 0);
    assert_eq!(list[0]["state"], "used_up");
}

#[tokio::test]
async fn chosen_uses_and_expiry_are_kept_and_checked() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    let (status, invite) = make(
        &app,
        &umpire,
        &id,
        json!({"role": "finnish", "uses": 2, "expires_in_days": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{invite}");
    let invite = code(&invite);
    for name in ["one", "two"] {
        let (_, token) = app.user(name).await;
        let (status, joined) = accept(&app, &invite, &token).await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["role"], "finnish");
    }
    let (_, three) = app.user("three").await;
    assert_eq!(accept(&app, &invite, &three).await.0, StatusCode::GONE);

    for bad in [
        json!({"role": "soviet", "uses": 0}),
        json!({"role": "soviet", "uses": 101}),
        json!({"role": "soviet", "expires_in_days": 0}),
        json!({"role": "soviet", "expires_in_days": 366}),
    ] {
        let (status, body) = make(&app, &umpire, &id, bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        error_code(&body);
    }

    // Time passes: an expired invite admits nobody, in the API and on its page.
    let (_, fresh) = make(&app, &umpire, &id, json!({"role": "soviet", "uses": 5})).await;
    let fresh = code(&fresh);
    sqlx::query("update invites set expires_at = now() - interval '1 minute' where code = $1")
        .bind(&fresh)
        .execute(&app.db)
        .await
        .expect("ages the invite");
    let (status, body) = accept(&app, &fresh, &three).await;
    assert_eq!(status, StatusCode::GONE);
    assert_eq!(error_code(&body), "invite_expired");
    app.user("viewer").await;
    let browser = app.signed_in("viewer", "Laptop browser").await;
    let res = browser
        .get(format!("{}/invites/{fresh}", app.url))
        .send()
        .await
        .expect("opens");
    assert_eq!(res.status(), StatusCode::GONE);
    let html = res.text().await.expect("html");
    assert!(html.contains("This invite link has expired"), "{html}");
    assert!(!html.contains("accept-invite"), "no button to join");
}

#[tokio::test]
async fn the_umpire_lists_and_withdraws_invites() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, player) = app.user("player").await;
    let id = app.campaign(&umpire, "wons").await;
    let (_, kept) = make(&app, &umpire, &id, json!({"role": "finnish"})).await;
    let (_, gone) = make(&app, &umpire, &id, json!({"role": "soviet"})).await;
    let (status, list) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&umpire))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list.as_array().expect("a list").len(), 2);
    assert!(
        list[0]["url"]
            .as_str()
            .expect("url")
            .ends_with(&code(&list[0]))
    );

    let gone = code(&gone);
    let path = format!("/api/v1/campaigns/{id}/invites/{gone}");
    app.join(&umpire, &id, &player, "soviet").await;
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&player))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(
        app.delete(&path, Some(&player)).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.delete(&path, Some(&umpire)).await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.delete(&path, Some(&umpire)).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, newcomer) = app.user("newcomer").await;
    let (status, body) = accept(&app, &gone, &newcomer).await;
    assert_eq!(status, StatusCode::GONE);
    assert_eq!(error_code(&body), "invite_withdrawn");
    let (_, list) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&umpire))
        .await;
    let codes: Vec<String> = list.as_array().expect("a list").iter().map(code).collect();
    assert!(
        codes.contains(&code(&kept)) && !codes.contains(&gone),
        "{codes:?}"
    );
}

#[tokio::test]
async fn invites_from_before_uses_and_expiry_stay_unlimited() {
    let app = TestApp::spawn().await;
    let (umpire_id, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "wons").await;
    sqlx::query("insert into invites (code, campaign_id, role, created_by) values ('oldlink', $1::uuid, 'finnish', $2::uuid)")
        .bind(&id)
        .bind(&umpire_id)
        .execute(&app.db)
        .await
        .expect("an invite as stored before");
    for name in ["one", "two", "three"] {
        let (_, token) = app.user(name).await;
        assert_eq!(accept(&app, "oldlink", &token).await.0, StatusCode::OK);
    }
    let (_, list) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&umpire))
        .await;
    assert!(
        list[0]["uses_left"].is_null() && list[0]["expires_at"].is_null(),
        "{list}"
    );
}

#[tokio::test]
async fn a_removed_participant_is_a_stranger_but_stays_in_the_record() {
    let app = TestApp::spawn().await;
    let (umpire_id, umpire) = app.user("umpire").await;
    let (soviet_id, soviet) = app.user("soviet").await;
    let id = app.campaign(&umpire, "wons").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    let (status, _) = app
        .put(
            &format!("/api/v1/campaigns/{id}/client-seed"),
            Some(&soviet),
            json!({"seed": "red star"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&soviet),
            json!({"dice": "1d6", "purpose": "before"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);

    let remove = |who: &str| format!("/api/v1/campaigns/{id}/participants/{who}");
    assert_eq!(
        app.delete(&remove(&umpire_id), Some(&soviet)).await.0,
        StatusCode::FORBIDDEN
    );
    let (status, body) = app.delete(&remove(&umpire_id), Some(&umpire)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "cannot_remove_yourself");
    assert_eq!(
        app.delete(&remove(&soviet_id), Some(&umpire)).await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.delete(&remove(&soviet_id), Some(&umpire)).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.delete(&remove(&uuid::Uuid::new_v4().to_string()), Some(&umpire))
            .await
            .0,
        StatusCode::NOT_FOUND
    );

    // To the removed player the campaign is as if it did not exist.
    for path in [
        format!("/api/v1/campaigns/{id}"),
        format!("/api/v1/campaigns/{id}/rolls"),
        format!("/api/v1/campaigns/{id}/dice/export"),
    ] {
        let (status, body) = app.get(&path, Some(&soviet)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(error_code(&body), "not_found");
    }
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&soviet),
            json!({"dice": "1d6", "purpose": "after"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (_, mine) = app.get("/api/v1/campaigns", Some(&soviet)).await;
    assert_eq!(mine.as_array().expect("a list").len(), 0);

    // The record keeps their roll and client seed; the participant list drops them.
    let (_, view) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&umpire))
        .await;
    let people = view["participants"].as_array().expect("participants");
    assert!(
        people.iter().all(|p| p["user_id"] != soviet_id.as_str()),
        "{view}"
    );
    assert!(
        view["dice"]["client_seeds"]
            .as_array()
            .expect("seeds")
            .iter()
            .any(|s| s["seed"] == "red star"),
        "{view}"
    );
    assert_eq!(view["dice"]["rolls"], 1);

    // Only an invite for the same role brings them back.
    let (_, finnish) = make(&app, &umpire, &id, json!({"role": "finnish"})).await;
    let (status, body) = accept(&app, &code(&finnish), &soviet).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "removed_participant");
    app.join(&umpire, &id, &soviet, "soviet").await;
    let (status, view) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&soviet))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["my_role"], "soviet");
}

#[tokio::test]
async fn the_campaign_page_makes_lists_withdraws_and_removes() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let id = app.campaign(&umpire, "wons").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    let browser = app.signed_in("umpire", "Laptop browser").await;
    let page = |b: &reqwest::Client| {
        let url = format!("{}/campaigns/{id}", app.url);
        let b = b.clone();
        async move {
            let res = b.get(url).send().await.expect("page");
            (res.status(), res.text().await.expect("html"))
        }
    };

    let res = browser
        .post(format!("{}/campaigns/{id}/invites", app.url))
        .form(&[
            ("role", "finnish"),
            ("uses", "many"),
            ("expires_in_days", "3"),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = res.text().await.expect("html");
    assert!(html.contains(r#"id="invite-uses-error""#), "{html}");
    assert!(html.contains(r#"value="many""#) && html.contains(r#"value="finnish" selected"#));

    let res = browser
        .post(format!("{}/campaigns/{id}/invites", app.url))
        .form(&[("role", "finnish"), ("uses", "3"), ("expires_in_days", "3")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // The live page fetching itself again (set off by the new invite, and maybe at the server
    // before the page the browser loads next) shows the link but leaves it for that page.
    let refreshed = browser
        .get(format!("{}/campaigns/{id}", app.url))
        .header("X-Motti-Refresh", "1")
        .send()
        .await
        .expect("refreshes")
        .text()
        .await
        .expect("html");
    assert!(
        refreshed.contains(r#"id="invite-link""#),
        "shown on a refresh"
    );
    let (_, html) = page(&browser).await;
    assert!(
        html.contains(r#"id="invite-link""#),
        "the new link is shown"
    );
    let (_, list) = app
        .get(&format!("/api/v1/campaigns/{id}/invites"), Some(&umpire))
        .await;
    assert_eq!(list[0]["uses_left"], 3);
    let made = code(&list[0]);
    let (_, again) = page(&browser).await;
    assert!(!again.contains(r#"id="invite-link""#), "shown once");
    assert!(again.contains(&made), "but listed");

    let res = browser
        .post(format!(
            "{}/campaigns/{id}/invites/{made}/withdraw",
            app.url
        ))
        .send()
        .await
        .expect("withdraws");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, html) = page(&browser).await;
    assert!(!html.contains(&made));

    assert!(html.contains(r#"id="remove-soviet""#));
    assert!(
        !html.contains(r#"id="remove-umpire""#),
        "no button to remove oneself"
    );
    let (soviet_row,): (uuid::Uuid,) =
        sqlx::query_as("select id from users where username = 'soviet'")
            .fetch_one(&app.db)
            .await
            .expect("the soviet");
    let res = browser
        .post(format!(
            "{}/campaigns/{id}/participants/{soviet_row}/remove",
            app.url
        ))
        .send()
        .await
        .expect("removes");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        app.get(&format!("/api/v1/campaigns/{id}"), Some(&soviet))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
}
