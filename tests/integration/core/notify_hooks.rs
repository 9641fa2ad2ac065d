//! Webhooks through the real server: hanging hooks that hold up no one else, targets paused after
//! failing, the filter of special addresses, IPv6 literals, and sending a test from the page.

use super::notify::{add_mail, add_target, notified_app};
use crate::common::{
    SmtpSink, TestApp, confirm_address, confirm_queued, free_port, hanging_hook, hook_receiver,
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::atomic::Ordering;
use std::time::Duration;

async fn send_test(app: &TestApp, token: &str, id: &str) {
    let (status, body) = app
        .post(
            &format!("/api/v1/notifications/{id}/test"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
}

#[tokio::test]
async fn sixty_hanging_hooks_of_one_account_do_not_hold_up_another_users_mail() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let (hoarder_id, hoarder) = app.user("hoarder").await;
    let (hang, accepted) = hanging_hook().await;
    // A user's targets are capped: twenty, then a sentence.
    for n in 0..20 {
        add_target(
            &app,
            &hoarder,
            json!({"kind": "webhook", "address": format!("{hang}?n={n}")}),
        )
        .await;
    }
    let (status, body) = app
        .post(
            "/api/v1/notifications",
            Some(&hoarder),
            json!({"kind": "webhook", "address": format!("{hang}?n=20")}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["code"], "too_many_targets", "{body}");
    // Forty more straight into the database (as if the cap had once been higher): sixty hanging
    // hooks of one account, each with three messages due.
    sqlx::query(
        "insert into notify_targets (id, user_id, kind, address, confirmed_at) \
         select gen_random_uuid(), $1::uuid, 'webhook', $2 || '?n=' || g, now() \
         from generate_series(21, 60) g",
    )
    .bind(&hoarder_id)
    .bind(&hang)
    .execute(&app.db)
    .await
    .expect("adds hooks");
    sqlx::query(
        "insert into notify_outbox (id, target_id, subject, body) \
         select gen_random_uuid(), t.id, 'A test from motti', 'into the void' \
         from notify_targets t, generate_series(1, 3) where t.user_id = $1::uuid",
    )
    .bind(&hoarder_id)
    .execute(&app.db)
    .await
    .expect("queues");
    for _ in 0..50 {
        if accepted.load(Ordering::SeqCst) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        accepted.load(Ordering::SeqCst) > 0,
        "the hanging hooks are being called"
    );

    // Another user's mail still arrives within seconds.
    let (_, bystander) = app.user("bystander").await;
    let target = add_mail(
        &app,
        &smtp,
        &bystander,
        json!({"kind": "email", "address": "bystander@example.org"}),
    )
    .await;
    send_test(&app, &bystander, target["id"].as_str().expect("id")).await;
    let started = std::time::Instant::now();
    smtp.wait_for("bystander@example.org", "A test from motti", 5)
        .await;
    assert!(started.elapsed() < Duration::from_secs(5));
    // Only the hoarder's own deliveries wait: at most two of them are in flight at once.
    let (busy,): (i64,) = sqlx::query_as(
        "select count(*) from notify_targets where user_id = $1::uuid and busy_until > now()",
    )
    .bind(&hoarder_id)
    .fetch_one(&app.db)
    .await
    .expect("counts");
    assert!(
        busy <= motti::notify::dispatch::PER_USER,
        "{busy} in flight"
    );
    assert!(
        accepted.load(Ordering::SeqCst) <= 2,
        "two connections at most"
    );
}

#[tokio::test]
async fn a_target_that_keeps_failing_is_paused_its_owner_told_and_a_test_resumes_it() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let (_, token) = app.user("flaky").await;
    add_mail(
        &app,
        &smtp,
        &token,
        json!({"kind": "email", "address": "flaky@example.org"}),
    )
    .await;
    let (hook, hooked) = hook_receiver().await;
    hooked.fail_first.store(1000, Ordering::SeqCst);
    let target = add_target(&app, &token, json!({"kind": "webhook", "address": hook})).await;
    let id = target["id"].as_str().expect("id");
    send_test(&app, &token, id).await;
    hooked.wait_for("A test from motti", 10).await;
    // Its failures in a row so far, short of the last one (the backoff is skipped to save time).
    sqlx::query(
        "update notify_targets set failures = $2 - 1, next_attempt_at = now() where id = $1::uuid",
    )
    .bind(id)
    .bind(motti::notify::dispatch::PAUSE_AFTER)
    .execute(&app.db)
    .await
    .expect("fails on");
    let told = smtp.wait_for("flaky@example.org", "are paused", 15).await;
    assert!(told.contains(&hook), "{told}");
    let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
    let paused = &targets[1];
    assert_eq!(paused["paused"], true, "{targets}");
    let browser = app.signed_in("flaky", "notifications").await;
    let page = app.html(&browser, "/account/notifications").await;
    assert!(page.contains(&format!("id=\"paused-{id}\"")), "{page}");
    // Nothing more goes to it while paused; a test resumes it.
    let calls = hooked.requests.lock().expect("lock").len();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(hooked.requests.lock().expect("lock").len(), calls);
    hooked.fail_first.store(0, Ordering::SeqCst);
    send_test(&app, &token, id).await;
    for _ in 0..100 {
        let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
        if targets[1]["paused"] == false && targets[1]["last_error"].is_null() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the test did not resume the target");
}

#[tokio::test]
async fn the_webhook_filter_refuses_special_addresses_by_literal_and_by_name() {
    let smtp = SmtpSink::start().await;
    let url = smtp.url();
    let app = TestApp::spawn_with(|c| {
        c.notify.smtp_url = Some(url);
        c.notify.interval_ms = 100;
    })
    .await;
    let (_, token) = app.user("prober").await;
    let (hook, hooked) = hook_receiver().await;
    let port = hook.rsplit(':').next().expect("port");
    // Addresses written out are refused when added, with a sentence.
    for literal in [
        format!("http://127.0.0.1:{port}"),
        format!("http://0.0.0.0:{port}"),
        format!("http://[::1]:{port}"),
        format!("http://[::ffff:127.0.0.1]:{port}"),
        format!("http://[::127.0.0.1]:{port}"),
        format!("http://[64:ff9b::7f00:1]:{port}"),
        format!("http://[2002:7f00:1::]:{port}"),
        "http://198.18.0.1/hook".to_owned(),
        "http://240.0.0.1/hook".to_owned(),
        "http://192.0.0.8/hook".to_owned(),
        "http://169.254.169.254/latest".to_owned(),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/notifications",
                Some(&token),
                json!({"kind": "webhook", "address": literal}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{literal}: {body}"
        );
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("only public addresses")),
            "{body}"
        );
    }
    // A name is looked up once when sending, and refused when it names a special address; the
    // receiver is never called, and the owner reads only that it failed and why.
    let named = hook.replace("127.0.0.1", "localhost");
    let target = add_target(&app, &token, json!({"kind": "webhook", "address": named})).await;
    let id = target["id"].as_str().expect("id");
    send_test(&app, &token, id).await;
    let mut shown = Value::Null;
    for _ in 0..100 {
        let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
        if targets[0]["last_outcome"] == "failed" {
            shown = targets[0].clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        shown["last_error"],
        "failed: the webhook's host is a local, private or reserved address, which this server does not call",
        "{shown}"
    );
    assert!(hooked.bodies().is_empty(), "the receiver was never called");
}

#[tokio::test]
async fn an_ipv6_literal_webhook_is_delivered_and_the_outcome_is_only_delivered() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let (_, token) = app.user("sixer").await;
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let listener = tokio::net::TcpListener::bind("[::1]:0")
        .await
        .expect("binds on ::1");
    let port = listener.local_addr().expect("address").port();
    let kept = std::sync::Arc::clone(&seen);
    let receiver = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |body: String| async move {
            kept.lock().expect("lock").push(body);
            StatusCode::NO_CONTENT
        }),
    );
    tokio::spawn(async move { axum::serve(listener, receiver).await });
    let target = add_target(
        &app,
        &token,
        json!({"kind": "webhook", "address": format!("http://[::1]:{port}/hook")}),
    )
    .await;
    send_test(&app, &token, target["id"].as_str().expect("id")).await;
    for _ in 0..100 {
        let (_, targets) = app.get("/api/v1/notifications", Some(&token)).await;
        if targets[0]["last_outcome"] == "delivered" {
            assert!(seen.lock().expect("lock")[0].contains("A test from motti"));
            assert_eq!(targets[0]["last_error"], Value::Null);
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the IPv6 hook was not delivered: {:?}",
        seen.lock().expect("lock")
    );
}

/// Presses *Send a test* for target `id` on the notifications page; answers the page.
async fn press_test(app: &TestApp, browser: &reqwest::Client, id: &str) -> String {
    let res = browser
        .post(format!("{}/account/notifications/{id}/test", app.url))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("html")
}

#[tokio::test]
async fn send_a_test_says_on_the_page_what_happened_and_nothing_goes_before_confirmation() {
    let smtp = SmtpSink::start().await;
    let app = notified_app(&smtp).await;
    let (_, token) = app.user("tester").await;
    let browser = app.signed_in("tester", "notifications").await;
    let target = add_target(
        &app,
        &token,
        json!({"kind": "email", "address": "tester@example.org"}),
    )
    .await;
    let id = target["id"].as_str().expect("id");
    assert_eq!(target["confirmed"], false, "{target}");
    smtp.wait_for("tester@example.org", "/notifications/confirm/", 15)
        .await;
    let page = app.html(&browser, "/account/notifications").await;
    assert!(page.contains(&format!("id=\"unconfirmed-{id}\"")), "{page}");
    // Before it is confirmed: refused, said beside it, and the link sent again.
    let page = press_test(&app, &browser, id).await;
    assert!(
        page.contains("Not sent: tester@example.org is not confirmed yet"),
        "{page}"
    );
    let (status, body) = app
        .post(
            &format!("/api/v1/notifications/{id}/test"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["code"], "unconfirmed", "{body}");
    for _ in 0..50 {
        if smtp.to("tester@example.org").len() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mails = smtp.to("tester@example.org");
    assert_eq!(mails.len(), 3, "three links, nothing else: {mails:#?}");
    assert!(mails.iter().all(|m| m.contains("/notifications/confirm/")));
    // A forged link confirms nothing.
    let forged = app
        .browser()
        .get(format!(
            "{}/notifications/confirm/{id}.{}",
            app.url,
            "00".repeat(32)
        ))
        .send()
        .await
        .expect("opens");
    assert_eq!(forged.status(), StatusCode::NOT_FOUND);
    // Confirmed: the test goes out, and the page says so.
    confirm_address(&app, &smtp, "tester@example.org").await;
    let page = press_test(&app, &browser, id).await;
    assert!(
        page.contains("Sent: the test went to tester@example.org."),
        "{page}"
    );
    assert!(
        !page.contains(&format!("id=\"unconfirmed-{id}\"")),
        "{page}"
    );
    smtp.wait_for("tester@example.org", "A test from motti", 5)
        .await;

    // A mail server that cannot be reached: the page says so in a sentence.
    let gone = format!("smtp://127.0.0.1:{}", free_port());
    let broken = TestApp::spawn_with(|c| {
        c.notify.smtp_url = Some(gone);
        c.notify.interval_ms = 100;
    })
    .await;
    let (_, token) = broken.user("unlucky").await;
    let browser = broken.signed_in("unlucky", "notifications").await;
    let target = add_target(
        &broken,
        &token,
        json!({"kind": "email", "address": "unlucky@example.org"}),
    )
    .await;
    confirm_queued(&broken, "unlucky@example.org").await;
    let page = press_test(&broken, &browser, target["id"].as_str().expect("id")).await;
    assert!(
        page.contains(
            "The test to unlucky@example.org was not delivered (failed: the mail server refused the message or could not be reached)"
        ),
        "{page}"
    );
}

/// The sender waits for the outbox's news rather than asking it on a clock: with a round every
/// 2 s, an idle sender asks again only after a minute (`notify::dispatch::FALLBACK_ROUNDS`), yet
/// a test sent to an idle server reaches its hook within seconds, woken by the notification the
/// outbox's trigger sends.
#[tokio::test]
async fn an_idle_sender_is_woken_by_the_outboxs_news_not_by_its_clock() {
    let smtp = SmtpSink::start().await;
    let url = smtp.url();
    let app = TestApp::spawn_with(|c| {
        c.notify.smtp_url = Some(url);
        c.notify.interval_ms = 2000;
        c.notify.webhooks_to_private = true;
    })
    .await;
    let (_, token) = app.user("waker").await;
    let (hook, hooked) = hook_receiver().await;
    let target = add_target(&app, &token, json!({"kind": "webhook", "address": hook})).await;
    let id = target["id"].as_str().expect("id");
    // Long enough for the sender to have found nothing to do and begun its long wait.
    tokio::time::sleep(Duration::from_secs(5)).await;
    send_test(&app, &token, id).await;
    // Well under the minute the sender would otherwise wait.
    for _ in 0..300 {
        if !hooked.bodies().is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the idle sender was not woken by the outbox's news within 30 s");
}
