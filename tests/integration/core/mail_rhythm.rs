//! How many mails a campaign sends, counted at a real SMTP server: a WoNS campaign of six Hours
//! and a Winter War game turn. Each player gets at most one mail per Hour or phase they are
//! awaited in, none about their own action, the first move too; what happened in between goes
//! with the next mail; the umpire gets one daily digest.

use crate::common::{Sides, SmtpSink, TestApp, confirm_address};
use crate::games::assisted::client::DeskTable;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// A server that sends every 100 ms and gathers digests for an hour (the test ages them).
async fn mailing_app(smtp: &SmtpSink) -> Arc<TestApp> {
    let url = smtp.url();
    Arc::new(
        TestApp::spawn_with(|c| {
            c.notify.smtp_url = Some(url);
            c.notify.interval_ms = 100;
            c.notify.digest_secs = 3600;
        })
        .await,
    )
}

/// Adds `address` for every campaign of the holder of `token` (the default delivery) and
/// confirms it.
async fn mail_to(app: &TestApp, smtp: &SmtpSink, token: &str, address: &str) {
    let (status, target) = app
        .post(
            "/api/v1/notifications",
            Some(token),
            json!({"kind": "email", "address": address}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{target}");
    assert_eq!(target["confirmed"], false, "{target}");
    confirm_address(app, smtp, address).await;
}

/// The subjects of the mails to `address`, but its confirmation.
fn subjects(smtp: &SmtpSink, address: &str) -> Vec<String> {
    let mut found: Vec<String> = smtp
        .to(address)
        .iter()
        .filter_map(|m| {
            // The header, unfolded.
            let mut lines = m
                .lines()
                .skip_while(|l| !l.to_ascii_lowercase().starts_with("subject:"));
            let mut subject = lines.next()?["subject:".len()..].trim().to_owned();
            for more in lines.take_while(|l| l.starts_with([' ', '\t'])) {
                subject.push(' ');
                subject.push_str(more.trim());
            }
            Some(subject)
        })
        .filter(|s| !s.contains("confirm your address"))
        .collect();
    found.sort();
    found
}

/// Lets the sender finish what is due, then answers the mails to `address` but its confirmation.
async fn settled(smtp: &SmtpSink, address: &str) -> Vec<String> {
    tokio::time::sleep(Duration::from_millis(800)).await;
    smtp.to(address)
        .into_iter()
        .filter(|m| !m.contains("/notifications/confirm/"))
        .collect()
}

/// Sends the umpire's digest as a day's wait would: the rows gathered for it are made a day old.
async fn a_day_passes(app: &TestApp, address: &str) {
    sqlx::query(
        "update notify_outbox o set created_at = o.created_at - interval '1 day' \
         from notify_targets t where t.id = o.target_id and t.address = $1",
    )
    .bind(address)
    .execute(&app.db)
    .await
    .expect("ages the digest");
}

fn ready(c: &str) -> String {
    format!("/api/v1/campaigns/{c}/wons/ready")
}

#[tokio::test]
async fn six_hours_of_wons_mail_each_player_once_per_hour_awaited_and_the_umpire_one_digest() {
    let smtp = SmtpSink::start().await;
    let app = mailing_app(&smtp).await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let (_, finn) = app.user("finn").await;
    // The Finn confirms his address before he joins; the Soviet after.
    mail_to(&app, &smtp, &finn, "finn@example.org").await;
    mail_to(&app, &smtp, &umpire, "ump@example.org").await;
    let (status, created) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Taipale", "game": "wons"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let c = created["id"].as_str().expect("id").to_owned();
    app.join(&umpire, &c, &soviet, "soviet").await;
    app.join(&umpire, &c, &finn, "finnish").await;
    // A day per Hour: each new Hour's mail says when it is due.
    let (status, body) = app
        .put(
            &format!("/api/v1/campaigns/{c}/pace"),
            Some(&umpire),
            json!({"pace_minutes": 1440}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    mail_to(&app, &smtp, &soviet, "ivan@example.org").await;
    // The first move is mailed to both, whichever way round they came.
    for address in ["finn@example.org", "ivan@example.org"] {
        smtp.wait_for(address, "Your move in Taipale: orders for Hour 1", 15)
            .await;
    }

    let mut last_ready = BTreeMap::new();
    for hour in 1..=6u32 {
        // Who marks ready last (and so resolves the Hour) alternates.
        let (first, last) = if hour % 2 == 1 {
            (&soviet, &finn)
        } else {
            (&finn, &soviet)
        };
        if hour == 2 {
            // The Soviet marks ready and takes it back: he is awaited again, and not mailed.
            let (status, body) = app
                .post(&ready(&c), Some(&soviet), json!({"confirm_defaults": true}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = app.delete(&ready(&c), Some(&soviet)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = app
            .post(&ready(&c), Some(first), json!({"confirm_defaults": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if hour == 3 {
            // The umpire tells the Finns where a Soviet platoon is: news, not a mail of its own.
            let (status, body) = app
                .post(
                    &format!("/api/v1/campaigns/{c}/wons/reveal"),
                    Some(&umpire),
                    json!({"side": "finnish", "reveal": {"kind": "platoon", "id": "sov-6"}}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = app
            .post(&ready(&c), Some(last), json!({"confirm_defaults": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let waiting = if hour % 2 == 1 {
            "ivan@example.org"
        } else {
            "finn@example.org"
        };
        let next = format!("Your move in Taipale: orders for Hour {}", hour + 1);
        smtp.wait_for(waiting, &next, 15).await;
        last_ready.insert(hour, waiting);
    }

    // Each player: the first move, then one mail for each Hour the other side resolved; none for
    // the Hours they resolved themselves, none for taking a ready mark back.
    let hours = |address: &str| -> Vec<u32> {
        let mut found: Vec<u32> = subjects(&smtp, address)
            .iter()
            .map(|s| {
                let at = s.find("orders for Hour ").expect(s) + "orders for Hour ".len();
                s[at..]
                    .split(|ch: char| !ch.is_ascii_digit())
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect(s)
            })
            .collect();
        found.sort_unstable();
        found
    };
    let ivan = settled(&smtp, "ivan@example.org").await;
    let finns = settled(&smtp, "finn@example.org").await;
    assert_eq!(hours("ivan@example.org"), [1, 2, 4, 6], "{ivan:#?}");
    assert_eq!(hours("finn@example.org"), [1, 3, 5, 7], "{finns:#?}");
    assert_eq!(ivan.len(), 4);
    assert_eq!(finns.len(), 4);
    // Subjects say what to do and by when, in UTC until the reader chooses a zone.
    let due = (time::OffsetDateTime::now_utc() + time::Duration::days(1))
        .format(time::macros::format_description!(
            "[weekday repr:short] [day padding:none] [month repr:short]"
        ))
        .expect("formats");
    for subject in subjects(&smtp, "ivan@example.org")
        .iter()
        .chain(&subjects(&smtp, "finn@example.org"))
        .filter(|s| !s.contains("orders for Hour 1,"))
    {
        assert!(subject.contains(&format!(", due {due} ")), "{subject}");
        assert!(subject.ends_with(" UTC"), "{subject}");
    }
    // What happened while a player was away comes with the next mail: the Finns hear of the
    // Soviet-resolved Hours 4 and the umpire's word with the mail for Hour 5.
    let hour5 = finns
        .iter()
        .find(|m| m.contains("orders for Hour 5"))
        .expect("the mail for Hour 5");
    assert!(hour5.contains("While you were away"), "{hour5}");
    assert!(
        hour5.contains("The umpire tells you: enemy platoon"),
        "{hour5}"
    );
    assert!(hour5.contains("Hour 4, "), "{hour5}");
    assert!(
        ivan.iter().all(|m| !m.contains("The umpire tells you")),
        "the Soviets never hear what the Finns were told"
    );
    assert_eq!(last_ready.len(), 6);

    // The umpire: nothing until the day is out, then one digest with all six Hours.
    assert!(settled(&smtp, "ump@example.org").await.is_empty());
    a_day_passes(&app, "ump@example.org").await;
    let digest = smtp
        .wait_for("ump@example.org", "since the last digest", 15)
        .await;
    let umpires = settled(&smtp, "ump@example.org").await;
    assert_eq!(umpires.len(), 1, "one digest: {umpires:#?}");
    assert_eq!(
        digest.matches("has resolved in Taipale").count(),
        6,
        "{digest}"
    );
    assert!(!digest.contains("The umpire tells you"), "not his own word");
}

/// Where the Winter War campaign of `t` stands, as its umpire's list shows it.
async fn standing(t: &DeskTable) -> Value {
    let (status, list) = t.app.get("/api/v1/campaigns", Some(&t.umpire)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .expect("campaigns")
        .iter()
        .find(|c| c["id"] == t.id.as_str())
        .expect("the campaign")["standing"]
        .clone()
}

fn awaits<'a>(standing: &'a Value, role: &str) -> Option<&'a str> {
    standing["awaited"]
        .as_array()?
        .iter()
        .find(|a| a["role"] == role)
        .and_then(|a| a["what"].as_str())
}

/// The subject of the mail that says `what` is awaited at `standing` (a phase names its turn),
/// and the words of its text.
fn your_move(standing: &Value, what: &str) -> (String, String) {
    let turn = standing["turn"].as_str().expect("a turn");
    (
        format!("Your move in Suomussalmi: {what}, {turn}"),
        format!("Suomussalmi waits for you: {what}, {turn}."),
    )
}

#[tokio::test]
async fn a_winter_war_turn_mails_each_player_once_per_phase_awaited_never_of_their_own_move() {
    let smtp = SmtpSink::start().await;
    let app = mailing_app(&smtp).await;
    let t = DeskTable(
        Sides::open(
            &app,
            json!({"name": "Suomussalmi", "game": "winter_war"}),
            "",
        )
        .await,
    );
    mail_to(&app, &smtp, &t.soviet, "ivan@example.org").await;
    mail_to(&app, &smtp, &t.finn, "finn@example.org").await;
    mail_to(&app, &smtp, &t.umpire, "ump@example.org").await;
    let addresses = [
        ("soviet", "ivan@example.org"),
        ("finnish", "finn@example.org"),
    ];
    // What each player should hear: the move awaited from them when they confirmed, then each
    // new thing awaited from them that someone else's move brought.
    let mut expected: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut now = standing(&t).await;
    for (role, address) in addresses {
        if let Some(what) = awaits(&now, role) {
            let (subject, text) = your_move(&now, what);
            smtp.wait_for(address, &text, 15).await;
            expected.entry(address).or_default().push(subject);
        }
    }
    let start_turn = now["turn"].clone();
    let mut phases = 0;
    while now["turn"] == start_turn {
        phases += 1;
        assert!(phases < 60, "the turn never ended: {now}");
        // The first player awaited ends the phase (or their part in it).
        let (role, token) = [("soviet", &t.soviet), ("finnish", &t.finn)]
            .into_iter()
            .find(|(role, _)| awaits(&now, role).is_some())
            .unwrap_or_else(|| panic!("nobody awaited: {now}"));
        t.advance(token).await;
        let next = standing(&t).await;
        for (other, address) in addresses {
            let what = awaits(&next, other);
            let fresh = next["turn"] != now["turn"] || what != awaits(&now, other);
            if let (Some(what), true, false) = (what, fresh, other == role) {
                let (subject, text) = your_move(&next, what);
                smtp.wait_for(address, &text, 15).await;
                expected.entry(address).or_default().push(subject);
            }
        }
        now = next;
    }
    assert!(phases >= 4, "a game turn has phases: {phases}");
    for (_, address) in addresses {
        let mails = settled(&smtp, address).await;
        let mut want: Vec<String> = expected
            .get(address)
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        want.sort();
        let got = subjects(&smtp, address);
        assert_eq!(got.len(), mails.len());
        assert_eq!(got, want, "{address}: {mails:#?}");
        let mut unique = got.clone();
        unique.dedup();
        assert_eq!(unique, got, "one mail per phase awaited");
        assert!(
            got.len() < phases,
            "{address}: fewer mails ({}) than phases ({phases})",
            got.len()
        );
    }
    // The umpire: one digest once the day is out.
    assert!(settled(&smtp, "ump@example.org").await.is_empty());
    a_day_passes(&app, "ump@example.org").await;
    smtp.wait_for("ump@example.org", "since the last digest", 15)
        .await;
    assert_eq!(settled(&smtp, "ump@example.org").await.len(), 1);
}

/// A mail's times are in its reader's own zone: the Finn, who chose Europe/Helsinki on his
/// account page, reads the next Hour's deadline in Helsinki time; the Soviet, who chose none,
/// in UTC, saying so.
#[tokio::test]
async fn a_deadline_in_a_mail_reads_in_the_readers_own_zone() {
    let smtp = SmtpSink::start().await;
    let app = mailing_app(&smtp).await;
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let (_, finn) = app.user("finn").await;
    let browser = app.signed_in("finn", "zone test").await;
    let res = browser
        .post(format!("{}/account/time-zone", app.url))
        .form(&[("time_zone", "Europe/Helsinki")])
        .send()
        .await
        .expect("sets the zone");
    assert!(
        res.status().is_redirection() || res.status().is_success(),
        "{}",
        res.status()
    );
    mail_to(&app, &smtp, &finn, "finn@example.org").await;
    mail_to(&app, &smtp, &soviet, "ivan@example.org").await;
    let (status, created) = app
        .post(
            "/api/v1/campaigns",
            Some(&umpire),
            json!({"name": "Taipale", "game": "wons"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let c = created["id"].as_str().expect("id").to_owned();
    app.join(&umpire, &c, &soviet, "soviet").await;
    app.join(&umpire, &c, &finn, "finnish").await;
    let (status, body) = app
        .put(
            &format!("/api/v1/campaigns/{c}/pace"),
            Some(&umpire),
            json!({"pace_minutes": 1440}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Each resolves an Hour in turn, so that each is mailed about the other's (never their own).
    for token in [&finn, &soviet] {
        let (status, body) = app
            .post(&ready(&c), Some(token), json!({"confirm_defaults": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, pace) = app
        .get(&format!("/api/v1/campaigns/{c}/pace"), Some(&umpire))
        .await;
    let at = time::OffsetDateTime::parse(
        pace["deadline"].as_str().expect("the Hour 2 deadline"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("a time");
    let helsinki = motti::core::zone::Zone::of(Some("Europe/Helsinki")).words(at);
    assert_ne!(helsinki, motti::core::zone::Zone::of(None).words(at));
    assert!(helsinki.ends_with("(Europe/Helsinki)"), "{helsinki}");
    let finn_mail = smtp
        .wait_for("finn@example.org", "orders for Hour 2", 15)
        .await;
    for token in [&soviet, &finn] {
        let (status, body) = app
            .post(&ready(&c), Some(token), json!({"confirm_defaults": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, pace) = app
        .get(&format!("/api/v1/campaigns/{c}/pace"), Some(&umpire))
        .await;
    let at3 = time::OffsetDateTime::parse(
        pace["deadline"].as_str().expect("the Hour 3 deadline"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("a time");
    let utc = motti::core::zone::Zone::of(None).words(at3);
    let ivan_mail = smtp
        .wait_for("ivan@example.org", "orders for Hour 3", 15)
        .await;
    let unfolded = |m: &str| m.replace("\r\n ", " ").replace("\n ", " ");
    assert!(
        unfolded(&finn_mail).contains(&helsinki),
        "{helsinki} in {finn_mail}"
    );
    assert!(!unfolded(&finn_mail).contains(" UTC"), "{finn_mail}");
    assert!(unfolded(&ivan_mail).contains(&utc), "{utc} in {ivan_mail}");
    assert!(!finn_mail.contains('\u{27e6}') && !ivan_mail.contains('\u{27e6}'));
}
