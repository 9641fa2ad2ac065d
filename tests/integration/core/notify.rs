//! Notifications through real peers: an SMTP server and a webhook receiver. Each recipient gets
//! only what it may see; a failing hook is retried and its error shown; a digest gathers; an
//! unsubscribe link works signed out; a server killed between the commit and the send delivers
//! exactly once after a restart, with two processes sending.

use crate::common::{
    MottiProcess, Sides, SmtpSink, TestApp, confirm_address, confirm_queued, free_port,
    hook_receiver, migrated_database,
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub(super) async fn notified_app(smtp: &SmtpSink) -> Arc<TestApp> {
    let url = smtp.url();
    Arc::new(
        TestApp::spawn_with(|c| {
            c.notify.smtp_url = Some(url);
            c.notify.interval_ms = 100;
            c.notify.webhooks_to_private = true;
            c.notify.digest_secs = 1;
        })
        .await,
    )
}

pub(super) async fn add_target(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, target) = app.post("/api/v1/notifications", Some(token), body).await;
    assert_eq!(status, StatusCode::CREATED, "{target}");
    target
}

/// Adds an e-mail address and confirms it by the link mailed to it.
pub(super) async fn add_mail(app: &TestApp, smtp: &SmtpSink, token: &str, body: Value) -> Value {
    let target = add_target(app, token, body).await;
    let address = target["address"].as_str().expect("address").to_owned();
    confirm_address(app, smtp, &address).await;
    target
}

fn wons(c: &Sides, tail: &str) -> String {
    format!("/api/v1/campaigns/{}/wons/{tail}", c.id)
}

#[tokio::test]
async fn each_player_is_told_only_what_it_may_see_and_can_unsubscribe_signed_out() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let c = Sides::open(&app, json!({"name": "Taipale", "game": "wons"}), "").await;
    let (hook, hooked) = hook_receiver().await;
    add_mail(
        &app,
        &smtp,
        &c.soviet,
        json!({"kind": "email", "address": "ivan@example.org"}),
    )
    .await;
    add_mail(
        &app,
        &smtp,
        &c.umpire,
        json!({"kind": "email", "address": "ump@example.org"}),
    )
    .await;
    add_target(
        &app,
        &c.finn,
        json!({"kind": "webhook", "address": hook, "format": "discord", "campaign_id": c.id}),
    )
    .await;
    // Bad addresses are refused with a sentence.
    for (body, code) in [
        (
            json!({"kind": "email", "address": "not an address"}),
            "invalid_address",
        ),
        (
            json!({"kind": "webhook", "address": "ftp://x.org/h"}),
            "invalid_address",
        ),
        (
            json!({"kind": "webhook", "address": hook, "format": "teams"}),
            "invalid_format",
        ),
        (json!({"kind": "pigeon", "address": "x"}), "invalid_kind"),
        (
            json!({"kind": "email", "address": "a@b.org", "campaign_id": uuid::Uuid::new_v4()}),
            "unknown_campaign",
        ),
    ] {
        let (status, answer) = app
            .post("/api/v1/notifications", Some(&c.soviet), body)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }

    // A secret at the Soviet table, then both sides ready: the Hour resolves.
    let secret = format!("sekret{}", uuid::Uuid::new_v4().simple());
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{}/talk/soviet", c.id),
            Some(&c.soviet),
            json!({"body": format!("Attack at dawn {secret}")}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    for token in [&c.soviet, &c.finn] {
        let (status, body) = app
            .post(
                &wons(&c, "ready"),
                Some(token),
                json!({"confirm_defaults": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    // The Soviets hear of their next move with the news of the Hour in one mail; the Finns, whose
    // ready resolved the Hour, hear nothing of it.
    let resolved = smtp
        .wait_for(
            "ivan@example.org",
            "Your move in Taipale: orders for Hour 2",
            15,
        )
        .await;
    assert!(
        resolved.contains("Hour 1, 1940-02-11 06:00, Darkness has resolved"),
        "{resolved}"
    );
    assert!(resolved.contains("/unsubscribe/"), "{resolved}");
    smtp.wait_for("ump@example.org", &secret, 15).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        hooked.bodies().iter().all(|b| !b.contains("Hour 2")),
        "{:#?}",
        hooked.bodies()
    );
    // The author is not told of their own words, and the Finns never read the Soviet table.
    assert!(
        smtp.to("ivan@example.org")
            .iter()
            .all(|m| !m.contains(&secret))
    );
    assert!(hooked.bodies().iter().all(|b| !b.contains(&secret)));
    assert!(
        hooked
            .bodies()
            .iter()
            .all(|b| !b.contains("Attack at dawn"))
    );

    // The umpire tells the Finns where a Soviet platoon is: only the Finns hear of it.
    let (status, body) = app
        .post(
            &wons(&c, "reveal"),
            Some(&c.umpire),
            json!({"side": "finnish", "reveal": {"kind": "platoon", "id": "sov-6"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // It waits for the Finns' next move: the Soviets' ready resolves Hour 2.
    for token in [&c.finn, &c.soviet] {
        let (status, body) = app
            .post(
                &wons(&c, "ready"),
                Some(token),
                json!({"confirm_defaults": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let discord = hooked
        .wait_for("Your move in Taipale: orders for Hour 3", 15)
        .await;
    assert!(discord.contains("\"content\""), "a Discord body: {discord}");
    assert!(
        discord.contains("The umpire tells you: enemy platoon"),
        "{discord}"
    );
    assert!(discord.contains("has resolved"), "{discord}");
    assert_eq!(hooked.bodies().len(), 1, "one message: {discord}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        smtp.messages()
            .iter()
            .all(|m| !m.contains("The umpire tells you")),
        "neither the Soviets nor the umpire who did it are told"
    );

    // An invite link can be sent to someone with an account here.
    let (_, kersti) = app.user("kersti").await;
    add_mail(
        &app,
        &smtp,
        &kersti,
        json!({"kind": "email", "address": "kersti@example.org"}),
    )
    .await;
    let invites = format!("/api/v1/campaigns/{}/invites", c.id);
    let (status, answer) = app
        .post(
            &invites,
            Some(&c.umpire),
            json!({"role": "umpire", "username": "nobody-here"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"]["code"], "unknown_user");
    let (status, invite) = app
        .post(
            &invites,
            Some(&c.umpire),
            json!({"role": "umpire", "username": "kersti"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{invite}");
    let mail = smtp
        .wait_for("kersti@example.org", "umpire invites you to Taipale", 15)
        .await;
    assert!(
        mail.contains(invite["code"].as_str().expect("code")),
        "{mail}"
    );

    // The unsubscribe link works without signing in: a GET asks, a POST stops the messages.
    let link = resolved
        .split_whitespace()
        .find(|w| w.contains("/unsubscribe/"))
        .expect("a link")
        .to_owned();
    let path = &link[link.find("/unsubscribe/").expect("path")..];
    let stranger = app.browser();
    let page = stranger
        .get(format!("{}{path}", app.url))
        .send()
        .await
        .expect("opens");
    assert_eq!(page.status(), StatusCode::OK);
    let res = stranger
        .post(format!("{}{path}", app.url))
        .header("origin", &app.url)
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("html").contains("unsubscribed"));
    let (_, targets) = app.get("/api/v1/notifications", Some(&c.soviet)).await;
    assert_eq!(targets[0]["active"], false, "{targets}");
    let forged = path.replace(&path[path.len() - 4..], "0000");
    let res = stranger
        .get(format!("{}{forged}", app.url))
        .send()
        .await
        .expect("opens");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_failing_hook_is_retried_with_its_error_shown_and_a_digest_gathers() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let (_, token) = app.user("watcher").await;
    let (hook, hooked) = hook_receiver().await;
    hooked.fail_first.store(1, Ordering::SeqCst);
    let target = add_target(&app, &token, json!({"kind": "webhook", "address": hook})).await;
    let id = target["id"].as_str().expect("id");
    let (status, _) = app
        .post(
            &format!("/api/v1/notifications/{id}/test"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let mut shown = None;
    for _ in 0..50 {
        let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
        if let Some(e) = targets[0]["last_error"].as_str() {
            shown = Some(e.to_owned());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Only that it failed, never what the receiver answered.
    assert_eq!(
        shown.as_deref(),
        Some("failed: the webhook did not accept the message")
    );
    let browser = app.signed_in("watcher", "notifications").await;
    let page = app.html(&browser, "/account/notifications").await;
    assert!(
        page.contains("The last delivery failed: failed: the webhook did not accept the message"),
        "{page}"
    );
    // The retry comes five seconds later and succeeds, with the same idempotency key.
    hooked.wait_for("A test from motti", 1).await;
    for _ in 0..100 {
        if hooked.requests.lock().expect("lock").len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let requests = hooked.requests.lock().expect("lock").clone();
    assert_eq!(requests.len(), 2, "one failure, one retry: {requests:?}");
    assert_eq!(requests[0].0, requests[1].0, "the same key both times");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
    assert_eq!(targets[0]["last_error"], Value::Null, "{targets}");
    assert!(targets[0]["last_sent_at"].is_string());

    // A digest: two messages gathered into one mail.
    let digest = add_mail(
        &app,
        &smtp,
        &token,
        json!({"kind": "email", "address": "digest@example.org", "digest": true}),
    )
    .await;
    let did = digest["id"].as_str().expect("id");
    for _ in 0..2 {
        app.post(
            &format!("/api/v1/notifications/{did}/test"),
            Some(&token),
            json!({}),
        )
        .await;
    }
    let mail = smtp
        .wait_for("digest@example.org", "2 notifications", 15)
        .await;
    assert_eq!(mail.matches("A test from motti").count(), 2, "{mail}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        smtp.to("digest@example.org")
            .iter()
            .filter(|m| m.contains("A test from motti"))
            .count(),
        1,
        "one digest, not two mails"
    );

    // Delivered rows are forgotten after a week; newer ones stay.
    let count = || async {
        sqlx::query_as::<_, (i64,)>("select count(*) from notify_outbox")
            .fetch_one(&app.db)
            .await
            .expect("counts")
            .0
    };
    let before = count().await;
    assert!(before >= 3, "{before}");
    sqlx::query(
        "update notify_outbox set sent_at = now() - interval '8 days' where target_id = $1::uuid",
    )
    .bind(did)
    .execute(&app.db)
    .await
    .expect("ages the digest's rows");
    let pruned = motti::db::notify::prune(&app.db).await.expect("prunes");
    assert_eq!(pruned, 3, "the two tests and the confirmation link");
    assert_eq!(count().await, before - 3);
}

#[tokio::test]
async fn a_server_killed_before_it_sends_delivers_exactly_once_after_restart() {
    let smtp = SmtpSink::start().await;
    let (db_name, db_url) = migrated_database().await;
    let env = |send: &str| {
        vec![
            ("MOTTI_SMTP_URL", smtp.url()),
            ("MOTTI_NOTIFY", send.to_owned()),
            ("MOTTI_NOTIFY_INTERVAL_MS", "100".to_owned()),
        ]
    };
    // A server that commits changes but never gets to send (as if it died first).
    let port = free_port();
    let silent = MottiProcess::start_with(&db_url, port, &env("false")).await;
    let app = Arc::new(TestApp::attach(format!("http://127.0.0.1:{port}"), db_name.clone()).await);
    let c = Sides::open(&app, json!({"name": "Taipale", "game": "wons"}), "").await;
    add_target(
        &app,
        &c.finn,
        json!({"kind": "email", "address": "finn@example.org"}),
    )
    .await;
    confirm_queued(&app, "finn@example.org").await;
    // The Finns are ready first; the Soviets' ready resolves the Hour (the Finns are told of it,
    // not the Soviets, who did it).
    for token in [&c.finn, &c.soviet] {
        let (status, body) = app
            .post(
                &wons(&c, "ready"),
                Some(token),
                json!({"confirm_defaults": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let queued: (i64,) = sqlx::query_as("select count(*) from notify_outbox where sent_at is null")
        .fetch_one(&app.db)
        .await
        .expect("counts");
    assert!(
        queued.0 >= 3,
        "the first move, the resolution and the next move were committed with the changes"
    );
    silent.kill().await;
    assert!(
        smtp.messages().is_empty(),
        "nothing was sent before the kill"
    );

    // Two servers start on the same database; each notice goes out once, by one of them.
    let a = MottiProcess::start_with(&db_url, free_port(), &env("true")).await;
    let b = MottiProcess::start_with(&db_url, free_port(), &env("true")).await;
    smtp.wait_for("finn@example.org", "has resolved", 15).await;
    smtp.wait_for("finn@example.org", "Your move in Taipale", 15)
        .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mails = smtp.to("finn@example.org");
    let (unsent,): (i64,) =
        sqlx::query_as("select count(*) from notify_outbox where sent_at is null")
            .fetch_one(&app.db)
            .await
            .expect("counts");
    assert_eq!(unsent, 0, "every notice went out");
    assert_eq!(
        mails.len(),
        1,
        "the notices went once, gathered in one mail: {mails:#?}"
    );
    let mut ids: Vec<&str> = mails
        .iter()
        .filter_map(|m| {
            m.lines()
                .find(|l| l.to_ascii_lowercase().starts_with("message-id:"))
        })
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), mails.len(), "no Message-ID twice");
    a.kill().await;
    b.kill().await;
}

#[tokio::test]
async fn the_awaited_are_warned_before_a_deadline_and_everyone_hears_the_end() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let c = Sides::open(&app, json!({"name": "Taipale", "game": "wons"}), "").await;
    add_mail(
        &app,
        &smtp,
        &c.soviet,
        json!({"kind": "email", "address": "ivan@example.org"}),
    )
    .await;
    add_mail(
        &app,
        &smtp,
        &c.finn,
        json!({"kind": "email", "address": "finn@example.org"}),
    )
    .await;
    // The Finns are ready; the Soviets are not. A deadline five seconds away: at four, the
    // Soviets (still awaited) are warned, the Finns are not.
    let (status, body) = app
        .post(
            &wons(&c, "ready"),
            Some(&c.finn),
            json!({"confirm_defaults": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let at = (time::OffsetDateTime::now_utc() + time::Duration::seconds(5))
        .format(&time::format_description::well_known::Rfc3339)
        .expect("formats");
    let (status, body) = app
        .put(
            &format!("/api/v1/campaigns/{}/deadline", c.id),
            Some(&c.umpire),
            json!({ "at": at }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let warning = smtp.wait_for("ivan@example.org", "due soon", 15).await;
    assert!(warning.contains("orders for Hour 1"), "{warning}");
    assert!(
        smtp.to("finn@example.org")
            .iter()
            .all(|m| !m.contains("due soon"))
    );

    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{}/finish", c.id),
            Some(&c.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for address in ["ivan@example.org", "finn@example.org"] {
        let ended = smtp.wait_for(address, "Taipale has ended", 15).await;
        assert!(ended.contains("motti verify"), "{ended}");
    }
}
