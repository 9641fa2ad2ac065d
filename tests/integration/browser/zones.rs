//! A deadline set at 10:00 by an umpire in Helsinki (the browser's clock and the account's zone)
//! reads 10:00 on every page that shows it.

use super::wons::wait_for_text;
use super::{browser, click, driver_in_zone, sign_in};
use crate::common::Sides;
use fantoccini::{Client, Locator};

const HELSINKI: &str = "Europe/Helsinki";

/// The text of `#id` on page `path`.
async fn text_on(b: &Client, url: &str, id: &str) -> String {
    b.goto(url).await.expect("opens");
    b.wait()
        .for_element(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("#{id} on {url}"))
        .text()
        .await
        .expect("text")
}

#[tokio::test]
async fn a_deadline_set_at_ten_in_helsinki_reads_ten_on_every_page() {
    let Some(driver) = driver_in_zone(Some(HELSINKI)).await else {
        return;
    };
    let c = Sides::new("wons", None).await;
    let b = browser(&driver).await;
    sign_in(&b, &c.app, "umpire").await;

    // The account settings start at the browser's zone; the umpire keeps it.
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
    assert_eq!(guessed.as_deref(), Some(HELSINKI));
    click(&b, "set-time-zone").await;
    let notice = wait_for_text(&b, "notice", |t| t.contains(HELSINKI)).await;
    assert!(
        notice.contains("Times are now shown and read in Europe/Helsinki"),
        "{notice}"
    );

    // The campaign page's one deadline control says which zone it reads; the umpire types
    // 10:00 the day after tomorrow.
    let campaign = format!("{}/campaigns/{}", c.app.url, c.id);
    let label = text_on(&b, &campaign, "deadline-form").await;
    assert!(
        label.contains("This turn's orders due (Europe/Helsinki)"),
        "{label}"
    );
    let day = (time::OffsetDateTime::now_utc() + time::Duration::days(2)).date();
    let typed = format!("{day}T10:00");
    b.execute(
        "document.getElementById('deadline-at').value = arguments[0];",
        vec![serde_json::json!(typed)],
    )
    .await
    .expect("fills the date and time");
    click(&b, "set-deadline").await;
    let words = day
        .format(time::macros::format_description!(
            "[weekday repr:short] [day padding:none] [month repr:short] 10:00"
        ))
        .expect("formats");
    let shown = wait_for_text(&b, "deadline", |t| t.contains(&words)).await;
    assert!(shown.contains("(Europe/Helsinki)"), "{shown}");

    // Stored as the instant it is: 10:00 in Helsinki.
    let (_, pace) = c
        .app
        .get(&format!("/api/v1/campaigns/{}/pace", c.id), Some(&c.umpire))
        .await;
    let stored = time::OffsetDateTime::parse(
        pace["deadline"].as_str().expect("a deadline"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    let offset = if stored.to_offset(time::macros::offset!(+2)).hour() == 10 {
        time::macros::offset!(+2)
    } else {
        time::macros::offset!(+3)
    };
    let local = stored.to_offset(offset);
    assert_eq!(
        (local.date(), local.hour(), local.minute()),
        (day, 10, 0),
        "{pace}"
    );

    // The form holds it as typed, and every page that shows it reads 10:00.
    b.goto(&campaign).await.expect("reloads");
    let value = b
        .find(Locator::Id("deadline-at"))
        .await
        .expect("the field")
        .prop("value")
        .await
        .expect("value");
    assert_eq!(value.as_deref(), Some(typed.as_str()));
    let home = text_on(&b, &format!("{}/", c.app.url), "main").await;
    let list = text_on(&b, &format!("{}/campaigns", c.app.url), "main").await;
    let game = text_on(&b, &format!("{campaign}/wons"), "deadline").await;
    // The umpire's page folds its log: open it, as a reader would.
    text_on(&b, &format!("{campaign}/wons"), "log").await;
    b.find(Locator::Css("#log > summary"))
        .await
        .expect("the log's summary")
        .click()
        .await
        .expect("opens the log");
    let log = b
        .find(Locator::Id("log"))
        .await
        .expect("the log")
        .text()
        .await
        .expect("text");
    for (page, text) in [("home", &home), ("list", &list), ("game", &game)] {
        assert!(text.contains(&words), "{page}: {words} in {text}");
        assert!(text.contains("(Europe/Helsinki)"), "{page}: {text}");
    }
    assert!(
        log.contains(&format!("The umpire set the deadline to {words}")),
        "{log}"
    );
    b.close().await.ok();
}
