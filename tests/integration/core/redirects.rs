//! `next` after sign-up and sign-in: only a path on this site is followed; the rest goes to the list.

use crate::common::TestApp;
use reqwest::StatusCode;

const HOSTILE: [&str; 7] = [
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/campaigns\u{0}",
    "/campaigns\u{1b}[2J",
];

#[tokio::test]
async fn sign_up_and_sign_in_never_leave_the_site() {
    let app = TestApp::spawn().await;
    for (i, next) in HOSTILE.iter().enumerate() {
        let name = format!("walker{i}");
        let res = app
            .browser()
            .post(format!("{}/signup", app.url))
            .form(&[
                ("username", name.as_str()),
                ("password", "correct horse battery"),
                ("next", next),
            ])
            .send()
            .await
            .expect("signs up");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(res.headers()["location"], "/campaigns", "{next:?}");
        let res = app
            .browser()
            .post(format!("{}/signin", app.url))
            .form(&[
                ("username", name.as_str()),
                ("password", "correct horse battery"),
                ("next", next),
            ])
            .send()
            .await
            .expect("signs in");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(res.headers()["location"], "/campaigns", "{next:?}");
    }
    let accounts: i64 = sqlx::query_scalar("select count(*) from users")
        .fetch_one(&app.db)
        .await
        .expect("counts");
    assert_eq!(accounts, HOSTILE.len() as i64);
    // A path on this site is still followed.
    let res = app
        .browser()
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "walker0"),
            ("password", "correct horse battery"),
            ("next", "/campaigns?x=1"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(res.headers()["location"], "/campaigns?x=1");
}

#[tokio::test]
async fn error_pages_know_who_is_signed_in_and_the_trays_seed_form_returns_to_the_tray() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("kersti").await;
    let id = app.campaign(&token, "wons").await;
    let browser = app.signed_in("kersti", "pages").await;
    let res = browser
        .get(format!("{}/campaigns/{}", app.url, uuid::Uuid::new_v4()))
        .send()
        .await
        .expect("opens");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let page = res.text().await.expect("html");
    assert!(
        page.contains("Signed in as <strong>kersti</strong>"),
        "{page}"
    );
    // Signed out, the same page offers to sign in.
    let page = app
        .html(&app.browser(), &format!("/campaigns/{id}/nothing-here"))
        .await;
    assert!(!page.contains("Signed in as"), "{page}");

    for (back, lands) in [
        ("tray", format!("/campaigns/{id}/dice")),
        ("", format!("/campaigns/{id}")),
    ] {
        let res = browser
            .post(format!("{}/campaigns/{id}/client-seed", app.url))
            .form(&[("seed", "my seed"), ("back", back)])
            .send()
            .await
            .expect("posts");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        assert_eq!(res.headers()["location"], lands.as_str());
    }
}
