//! Campaigns, invites, roles, and 404 for non-participants.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn creator_is_umpire_and_unknown_games_are_422() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("mannerheim").await;
    let (status, body) = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            json!({"name": "Summa", "game": "wons"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(body["my_role"], "umpire");
    assert_eq!(body["status"], "open");
    assert_eq!(body["game"], "wons");
    assert_eq!(body["dice"]["epoch"], 0);
    assert_eq!(
        body["dice"]["scheme"], "v2",
        "a new campaign starts at a v2 epoch"
    );
    for audience in ["public", "soviet", "finnish", "umpire"] {
        let commitment = body["dice"]["commitments"][audience].as_str().expect("hex");
        assert_eq!(commitment.len(), 64);
    }
    assert_eq!(body["dice"]["client_seeds"], json!([]));
    assert!(body["created_at"].as_str().expect("time").ends_with('Z'));

    for bad in [
        json!({"name": "x", "game": "chess"}),
        json!({"name": "  ", "game": "wons"}),
        json!({"game": "wons"}),
    ] {
        let (status, body) = app
            .post("/api/v1/campaigns", Some(&token), bad.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        error_code(&body);
    }
    let (status, list) = app.get("/api/v1/campaigns", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list.as_array().expect("list").len(), 1);
}

#[tokio::test]
async fn every_game_can_be_created_and_says_whether_it_plays() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    for game in [
        "wons",
        "talvisota",
        "red_winter",
        "winter_war",
        "a_winter_war",
    ] {
        let id = app.campaign(&token, game).await;
        let (status, body) = app
            .get(&format!("/api/v1/campaigns/{id}"), Some(&token))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(body["module"]["message"].as_str().expect("message").len() > 10);
    }
}

#[tokio::test]
async fn invites_give_roles_one_per_user() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (soviet_id, soviet) = app.user("meretskov").await;
    let (_, finn) = app.user("oesch").await;
    let (_, finn2) = app.user("talvela").await;
    let id = app.campaign(&umpire, "talvisota").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    app.join(&umpire, &id, &finn, "finnish").await;
    app.join(&umpire, &id, &finn2, "finnish").await;

    let (_, body) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&soviet))
        .await;
    assert_eq!(body["my_role"], "soviet");
    let people = body["participants"].as_array().expect("participants");
    assert_eq!(people.len(), 4);
    assert!(
        people
            .iter()
            .any(|p| p["user_id"] == soviet_id.as_str() && p["role"] == "soviet")
    );

    // One role per user per campaign: a second invite for another role is refused.
    let (_, invite) = app
        .post(
            &format!("/api/v1/campaigns/{id}/invites"),
            Some(&umpire),
            json!({"role": "finnish"}),
        )
        .await;
    assert!(
        invite["url"]
            .as_str()
            .expect("url")
            .ends_with(invite["code"].as_str().expect("code"))
    );
    let (status, body) = app
        .post(
            &format!(
                "/api/v1/invites/{}/accept",
                invite["code"].as_str().expect("code")
            ),
            Some(&soviet),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "already_participant");

    // Only the umpire invites; unknown roles and codes are refused.
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{id}/invites"),
            Some(&soviet),
            json!({"role": "soviet"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error_code(&body), "forbidden");
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{id}/invites"),
            Some(&umpire),
            json!({"role": "swedish"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app
        .post("/api/v1/invites/nonsense/accept", Some(&soviet), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn non_participants_get_404_everywhere() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, outsider) = app.user("outsider").await;
    let id = app.campaign(&umpire, "wons").await;
    let missing = uuid::Uuid::new_v4();
    for campaign in [id.clone(), missing.to_string(), "not-a-uuid".into()] {
        let (status, body) = app
            .get(&format!("/api/v1/campaigns/{campaign}"), Some(&outsider))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{campaign}");
        assert_eq!(error_code(&body), "not_found");
        for path in ["invites", "finish"] {
            let (status, _) = app
                .post(
                    &format!("/api/v1/campaigns/{campaign}/{path}"),
                    Some(&outsider),
                    json!({"role": "soviet"}),
                )
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, _) = app
            .put(
                &format!("/api/v1/campaigns/{campaign}/client-seed"),
                Some(&outsider),
                json!({"seed": "x"}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    // The page too.
    let browser = app.browser();
    browser
        .post(format!("{}/signup", app.url))
        .form(&[
            ("username", "peeker"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs up");
    let page = browser
        .get(format!("{}/campaigns/{id}", app.url))
        .send()
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    assert!(page.text().await.expect("html").contains("404"));
}

#[tokio::test]
async fn finishing_is_for_the_umpire_and_happens_once() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let id = app.campaign(&umpire, "wons").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{id}/finish"),
            Some(&soviet),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let revealed = || async {
        let row: (bool,) = sqlx::query_as(
            "select revealed_at is not null from dice_epochs where campaign_id = $1::uuid",
        )
        .bind(&id)
        .fetch_one(&app.db)
        .await
        .expect("epoch 0");
        row.0
    };
    assert!(!revealed().await, "the seed stays secret while open");
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{id}/finish"),
            Some(&umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "finished");
    assert!(revealed().await, "finishing reveals the seed");
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{id}/finish"),
            Some(&umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "finished");
}

#[tokio::test]
async fn client_seeds_are_public_to_the_campaign() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (soviet_id, soviet) = app.user("soviet").await;
    let id = app.campaign(&umpire, "wons").await;
    app.join(&umpire, &id, &soviet, "soviet").await;
    let path = format!("/api/v1/campaigns/{id}/client-seed");
    for (seed, expected) in [
        ("motti".to_owned(), StatusCode::OK),
        (String::new(), StatusCode::UNPROCESSABLE_ENTITY),
        ("x".repeat(201), StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let (status, body) = app.put(&path, Some(&soviet), json!({ "seed": seed })).await;
        assert_eq!(status, expected, "{body}");
    }
    let (_, body) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&umpire))
        .await;
    assert_eq!(
        body["dice"]["client_seeds"],
        json!([{"role": "soviet", "participant_id": soviet_id, "seed": "motti"}])
    );
}

#[tokio::test]
async fn the_new_campaign_form_starts_a_solo_talvisota_and_keeps_a_refusal_filled_in() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("ilmari").await;
    let browser = app.signed_in("ilmari", "Desk browser").await;
    // A pack in the box of a game that takes none comes back with the box and ticks kept.
    let res = browser
        .post(format!("{}/campaigns", app.url))
        .form(&[
            ("name", "Suomussalmi"),
            ("game", "talvisota"),
            ("solo", "on"),
            ("scenario", "title = \"x\""),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(
        page.contains("Talvisota takes its counter set from the scenario packs"),
        "{page}"
    );
    assert!(
        page.contains("title = &#34;x&#34;") || page.contains("title = &quot;x&quot;"),
        "{page}"
    );
    assert!(
        page.contains(r#"id="solo" checked"#),
        "the tick is kept: {page}"
    );
    // Ticked solo play starts a solo game.
    let res = browser
        .post(format!("{}/campaigns", app.url))
        .form(&[
            ("name", "Suomussalmi"),
            ("game", "talvisota"),
            ("solo", "on"),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, list) = app.get("/api/v1/campaigns", Some(&token)).await;
    let id = list[0]["id"].as_str().expect("the new campaign").to_owned();
    let (_, view) = app
        .get(
            &format!("/api/v1/campaigns/{id}/talvisota/view"),
            Some(&token),
        )
        .await;
    assert_eq!(view["board"]["solo"], true, "{view}");
    // The pack format the form links to is served.
    let format = app.html(&browser, "/static/wons-pack.toml").await;
    assert!(format.contains("[[ladder]]"));
}

/// A stored game or role code that names nothing motti knows is an error naming the value when
/// read, never WoNS or the Soviet side by default (the CHECK constraints are dropped here to
/// play a row written by a later version, or by hand).
#[tokio::test]
async fn a_stored_code_that_names_no_game_or_role_is_an_error_never_a_default() {
    let app = TestApp::spawn().await;
    let (umpire_id, umpire) = app.user("umpire").await;
    let id = app.campaign(&umpire, "talvisota").await;
    let campaign = uuid::Uuid::parse_str(&id).expect("an id");
    let user = uuid::Uuid::parse_str(&umpire_id).expect("an id");
    for sql in [
        "alter table campaigns drop constraint if exists campaigns_game_check",
        "alter table participants drop constraint participants_role_check",
        "alter table campaigns drop constraint campaigns_status_check",
    ] {
        sqlx::query(sql).execute(&app.db).await.expect(sql);
    }

    sqlx::query("update campaigns set game = 'chess' where id = $1")
        .bind(campaign)
        .execute(&app.db)
        .await
        .expect("stores a bad game");
    // The row reads; the server's games read its game, and know none called 'chess'.
    let read = motti::db::campaigns::membership(&app.db, campaign, user, false)
        .await
        .expect("the row reads")
        .expect("the umpire takes part");
    let error = motti::games::registry::held(motti::games::registry::GAMES)
        .of_membership(&read, user)
        .expect_err("a game code naming no game is not read as WoNS");
    assert!(
        error.to_string().contains("'chess' names no game"),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains(&format!("campaign {campaign}, user {user}")),
        "the error names the row: {error}"
    );
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&umpire))
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert!(
        !body.to_string().contains("chess"),
        "the answer shows no internals: {body}"
    );

    sqlx::query("update campaigns set game = 'talvisota' where id = $1")
        .bind(campaign)
        .execute(&app.db)
        .await
        .expect("puts the game back");
    sqlx::query("update participants set role = 'observer' where campaign_id = $1")
        .bind(campaign)
        .execute(&app.db)
        .await
        .expect("stores a bad role");
    let read = motti::db::campaigns::membership(&app.db, campaign, user, false).await;
    let error = read.expect_err("a role code naming no role is not read as Soviet");
    assert!(
        error.to_string().contains("'observer' names no role"),
        "{error}"
    );
    assert!(
        error.to_string().contains(&campaign.to_string()),
        "the error names the row: {error}"
    );
    // Joining again does not take the requested role for the stored one it cannot read.
    let joined =
        motti::db::campaigns::join(&app.db, campaign, user, motti::core::domain::Role::Finnish)
            .await;
    let error = joined.expect_err("an unreadable role is not taken for the one asked");
    assert!(error.to_string().contains("'observer'"), "{error}");

    sqlx::query("update participants set role = 'umpire' where campaign_id = $1")
        .bind(campaign)
        .execute(&app.db)
        .await
        .expect("puts the role back");
    sqlx::query("update campaigns set status = 'paused' where id = $1")
        .bind(campaign)
        .execute(&app.db)
        .await
        .expect("stores a bad status");
    let read = motti::db::campaigns::membership(&app.db, campaign, user, false).await;
    let error = read.expect_err("a status naming neither open nor finished is not read as open");
    assert!(error.to_string().contains("'paused'"), "{error}");
    assert!(
        error.to_string().contains(&campaign.to_string()),
        "the error names the row: {error}"
    );
    let (status, _) = app
        .get(&format!("/api/v1/campaigns/{id}"), Some(&umpire))
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
}
