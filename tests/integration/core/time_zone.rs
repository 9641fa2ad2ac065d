//! The account's time zone: chosen in the account settings (an unknown zone refused with the
//! form as sent), every page's times shown in it, deadlines typed in it on the campaign page (the
//! campaign's one deadline control), and the "(n)" of campaigns waiting in game pages' titles.

use crate::common::Sides;
use reqwest::{Client, StatusCode};
use serde_json::Value;

async fn post_form(
    c: &Sides,
    browser: &Client,
    path: &str,
    form: &[(&str, &str)],
) -> (StatusCode, String) {
    let res = browser
        .post(format!("{}{path}", c.app.url))
        .form(form)
        .send()
        .await
        .expect("posts");
    let status = res.status();
    (status, res.text().await.expect("text"))
}

async fn deadline(c: &Sides) -> Value {
    let (status, pace) = c
        .app
        .get(&format!("/api/v1/campaigns/{}/pace", c.id), Some(&c.umpire))
        .await;
    assert_eq!(status, StatusCode::OK, "{pace}");
    pace["deadline"].clone()
}

async fn user_id(c: &Sides, name: &str) -> uuid::Uuid {
    motti::db::users::id_by_name(&c.app.db, name)
        .await
        .expect("reads")
        .expect("a user")
}

#[tokio::test]
async fn the_umpire_chooses_a_zone_and_types_and_reads_the_deadline_in_it() {
    let c = Sides::new("wons", None).await;
    let umpire = c.app.signed_in("umpire", "zones").await;
    let id = user_id(&c, "umpire").await;

    // Until one is chosen, UTC; the list starts at the browser's guess (the page's script).
    let page = c.app.html(&umpire, "/account").await;
    assert!(page.contains("data-guess-zone"), "{page}");
    assert!(page.contains(r#"<option value="" selected>UTC (none chosen)</option>"#));
    assert!(page.contains("<option>Europe/Helsinki</option>"));

    // An unknown zone is refused beside the field, the form as sent, and nothing is stored.
    let (status, page) = post_form(
        &c,
        &umpire,
        "/account/time-zone",
        &[("time_zone", "Mars/Olympus")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains(r#"id="time-zone-error""#), "{page}");
    assert!(
        page.contains("&#39;Mars/Olympus&#39; is not a time zone we know")
            || page.contains("'Mars/Olympus' is not a time zone we know"),
        "{page}"
    );
    assert!(
        page.contains(r#"<option value="Mars/Olympus" selected>"#),
        "{page}"
    );
    assert_eq!(
        motti::db::users::time_zone(&c.app.db, id)
            .await
            .expect("reads"),
        None
    );

    let (status, _) = post_form(
        &c,
        &umpire,
        "/account/time-zone",
        &[("time_zone", "Europe/Helsinki")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        motti::db::users::time_zone(&c.app.db, id)
            .await
            .expect("reads")
            .as_deref(),
        Some("Europe/Helsinki")
    );
    let page = c.app.html(&umpire, "/account").await;
    assert!(
        page.contains("<option selected>Europe/Helsinki</option>"),
        "{page}"
    );
    assert!(!page.contains("data-guess-zone"));
    the_deadline_is_typed_and_read_in_the_zone(&c, &umpire).await;
}

/// The campaign page's deadline form says which zone it reads.
async fn the_deadline_is_typed_and_read_in_the_zone(c: &Sides, umpire: &Client) {
    let campaign = format!("/campaigns/{}", c.id);
    let page = c.app.html(umpire, &campaign).await;
    assert!(
        page.contains("This turn&#39;s orders due (Europe/Helsinki)")
            || page.contains("This turn's orders due (Europe/Helsinki)"),
        "{page}"
    );

    // A time the clocks skip is refused, the form as typed, and nothing changes.
    let deadline_path = format!("{campaign}/deadline");
    let (status, page) = post_form(c, umpire, &deadline_path, &[("at", "2027-03-28T03:30")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.contains("does not happen in Europe/Helsinki"),
        "{page}"
    );
    assert!(page.contains(r#"value="2027-03-28T03:30""#), "{page}");
    assert!(page.contains(r#"id="deadline-at-error""#));
    assert_eq!(deadline(c).await, Value::Null);
    let (status, page) = post_form(c, umpire, &deadline_path, &[("at", "next week")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Write a date and time such as"), "{page}");
    let (status, _) = post_form(c, umpire, &deadline_path, &[("in_hours", "7")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // 10:00 typed in Helsinki is 08:00 UTC, and reads 10:00 on every page the umpire opens.
    // 15 January next year: always ahead, and always winter time (EET, two hours ahead of UTC).
    let year = time::OffsetDateTime::now_utc().year() + 1;
    let day = time::Date::from_calendar_date(year, time::Month::January, 15).expect("a date");
    let weekday = day
        .format(time::macros::format_description!("[weekday repr:short]"))
        .expect("formats");
    let (status, _) = post_form(
        c,
        umpire,
        &deadline_path,
        &[("at", &format!("{year}-01-15T10:00"))],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        deadline(c).await,
        format!("{year}-01-15T08:00:00Z").as_str()
    );
    let shown = format!("{weekday} 15 Jan 10:00 EET (Europe/Helsinki)");
    for path in [
        "/".to_owned(),
        "/campaigns".to_owned(),
        campaign.clone(),
        format!("{campaign}/wons"),
    ] {
        let page = c.app.html(umpire, &path).await;
        assert!(page.contains(&shown), "{path}: {page}");
    }
    let page = c.app.html(umpire, &campaign).await;
    assert!(
        page.contains(&format!(r#"value="{year}-01-15T10:00""#)),
        "the form holds it in the zone"
    );
    // The WoNS page has no deadline form of its own: it links to the campaign page's.
    let page = c.app.html(umpire, &format!("{campaign}/wons")).await;
    assert!(!page.contains("wons/deadline"));
    assert!(page.contains(&format!(r##"href="{campaign}#pace-h" id="deadline-link""##)));
    // The log keeps the moment in UTC and shows it in the reader's zone.
    assert!(
        page.contains(&format!("The umpire set the deadline to {shown}.")),
        "{page}"
    );

    // A player who chose no zone reads it in UTC, saying so.
    let soviet = c.app.signed_in("soviet", "zones").await;
    for path in [campaign.clone(), format!("{campaign}/wons")] {
        let page = c.app.html(&soviet, &path).await;
        let utc = format!("{weekday} 15 Jan 08:00 UTC");
        assert!(page.contains(&utc), "{path}: {page}");
    }

    // The quick buttons and removal.
    let before = time::OffsetDateTime::now_utc();
    let (status, _) = post_form(c, umpire, &deadline_path, &[("in_hours", "24")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let due = time::OffsetDateTime::parse(
        deadline(c).await.as_str().expect("a deadline"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339");
    let ahead = due - before;
    assert!(
        ahead >= time::Duration::hours(24)
            && ahead < time::Duration::hours(24) + time::Duration::minutes(1)
    );
    let (status, _) = post_form(c, umpire, &deadline_path, &[("at", ""), ("clear", "1")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(deadline(c).await, Value::Null);
}

#[tokio::test]
async fn game_pages_carry_the_count_of_campaigns_waiting_for_the_reader() {
    let c = Sides::new("wons", None).await;
    let soviet = c.app.signed_in("soviet", "titles").await;
    let umpire = c.app.signed_in("umpire", "titles").await;
    let campaign = format!("/campaigns/{}", c.id);
    // The new Hour waits for both sides' orders, not for the umpire.
    for path in [
        "/".to_owned(),
        "/campaigns".to_owned(),
        campaign.clone(),
        format!("{campaign}/wons"),
        format!("{campaign}/talk"),
        format!("{campaign}/dice"),
    ] {
        let page = c.app.html(&soviet, &path).await;
        assert!(page.contains("<title>(1) "), "{path}: {page}");
        let page = c.app.html(&umpire, &path).await;
        assert!(
            page.contains("<title>") && !page.contains("<title>("),
            "{path}"
        );
    }
    // A second campaign waiting for the Soviet player counts too, on the first one's page.
    let other = c.app.campaign(&c.umpire, "wons").await;
    c.app.join(&c.umpire, &other, &c.soviet, "soviet").await;
    let page = c.app.html(&soviet, &format!("{campaign}/wons")).await;
    assert!(page.contains("<title>(2) "), "{page}");
}
