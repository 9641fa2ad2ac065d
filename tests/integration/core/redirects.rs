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
