//! Live play in a real browser: a change made through one server process updates a page held
//! open on another without a reload and without losing what the reader typed; deadlines count
//! down in the reader's own time zone; "Your move" as a player sees it.

use super::{browser, click, driver, driver_in_zone, sign_in, sized_browser};
use crate::common::{MottiProcess, Sides, TestApp, free_port, migrated_database};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

async fn text_of(b: &Client, id: &str) -> String {
    match b.find(Locator::Id(id)).await {
        Ok(el) => el.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

fn save(png: Vec<u8>, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

#[tokio::test]
async fn a_change_through_one_process_updates_a_page_held_open_on_another() {
    let Some(driver) = driver().await else { return };
    let (db_name, db_url) = migrated_database().await;
    let (port_a, port_b) = (free_port(), free_port());
    let _a = MottiProcess::start(&db_url, port_a).await;
    let _b = MottiProcess::start(&db_url, port_b).await;
    let app = Arc::new(TestApp::attach(format!("http://127.0.0.1:{port_b}"), db_name).await);
    let c = Sides::open(&app, json!({"name": "Taipale", "game": "wons"}), "").await;

    // The umpire holds the campaign page open on process B and starts typing a client seed.
    let b = browser(&driver).await;
    sign_in(&b, &app, "umpire").await;
    b.goto(&format!("{}/campaigns/{}", app.url, c.id))
        .await
        .expect("opens the campaign");
    assert!(text_of(&b, "waiting").await.contains("the Soviet player"));
    let seed = b
        .find(Locator::Id("client-seed"))
        .await
        .expect("the seed field");
    seed.send_keys("typed-but-not-sent").await.expect("types");

    // The Soviets mark their orders ready through process A.
    let started = Instant::now();
    let answer = reqwest::Client::new()
        .post(format!(
            "http://127.0.0.1:{port_a}/api/v1/campaigns/{}/wons/ready",
            c.id
        ))
        .bearer_auth(&c.soviet)
        .json(&json!({"confirm_defaults": true}))
        .send()
        .await
        .expect("sends");
    assert!(answer.status().is_success());
    let mut updated = None;
    for _ in 0..100 {
        let waiting = text_of(&b, "waiting").await;
        if !waiting.is_empty() && !waiting.contains("the Soviet player") {
            updated = Some(started.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let took = updated.expect("the page updated itself within five seconds");
    eprintln!("a change on process A reached the page on process B in {took:?}");
    let kept = b
        .find(Locator::Id("client-seed"))
        .await
        .expect("the seed field")
        .prop("value")
        .await
        .expect("value");
    assert_eq!(
        kept.as_deref(),
        Some("typed-but-not-sent"),
        "the typing survived"
    );
    assert!(
        b.current_url()
            .await
            .expect("url")
            .as_str()
            .ends_with(&c.id)
    );
    save(b.screenshot().await.expect("png"), "campaign-live.png");
    b.close().await.ok();
}

#[tokio::test]
async fn deadlines_count_down_in_the_readers_own_time_zone_and_your_move_leads() {
    let Some(driver) = driver_in_zone(Some("Asia/Tokyo")).await else {
        return;
    };
    let c = Sides::new("wons", None).await;
    let due = time::OffsetDateTime::now_utc() + time::Duration::hours(3);
    let (status, body) = c
        .app
        .put(
            &format!("/api/v1/campaigns/{}/deadline", c.id),
            Some(&c.umpire),
            json!({"at": due.format(&time::format_description::well_known::Rfc3339).expect("formats")}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    let b = sized_browser(&driver, 420, 900).await;
    sign_in(&b, &c.app, "finn").await;
    // The account's zone starts at the browser's own; saving it makes it the account's.
    b.goto(&format!("{}/account", c.app.url))
        .await
        .expect("account");
    let guessed = b
        .find(Locator::Id("time-zone"))
        .await
        .expect("the zone list")
        .prop("value")
        .await
        .expect("value");
    assert_eq!(guessed.as_deref(), Some("Asia/Tokyo"));
    click(&b, "set-time-zone").await;
    b.wait()
        .for_element(Locator::Id("notice"))
        .await
        .expect("saved");
    b.goto(&format!("{}/", c.app.url)).await.expect("home");
    let title = b.title().await.expect("title");
    assert!(title.starts_with("(1) Your move"), "{title}");
    let shown = b
        .find(Locator::Css("#waiting-for-you time[data-countdown]"))
        .await
        .expect("the deadline")
        .text()
        .await
        .expect("text");
    let tokyo = due.to_offset(time::macros::offset!(+9));
    let clock = format!("{:02}:{:02} JST (Asia/Tokyo)", tokyo.hour(), tokyo.minute());
    assert!(shown.contains(&clock), "Tokyo time {clock} in '{shown}'");
    assert!(
        shown.contains("(in 2 h") || shown.contains("(in 3 h"),
        "{shown}"
    );
    assert!(!shown.contains("UTC"), "{shown}");
    save(b.screenshot().await.expect("png"), "your-move-phone.png");
    click(&b, "waiting-for-you").await;
    b.close().await.ok();
}
