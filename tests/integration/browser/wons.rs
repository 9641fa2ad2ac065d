//! Two players give orders in their browsers; the Hour resolves; both pages show the new Hour.

use super::{browser, click, driver, sign_in};
use crate::games::wons::client::WonsTable;
use fantoccini::{Client, Locator};

/// Waits until the text of `#id` satisfies `done` (the form's answer has loaded), up to 15 s.
pub(crate) async fn wait_for_text(b: &Client, id: &str, done: impl Fn(&str) -> bool) -> String {
    let mut last = String::new();
    for _ in 0..75 {
        if let Ok(element) = b.find(Locator::Id(id)).await
            && let Ok(text) = element.text().await
        {
            if done(&text) {
                return text;
            }
            last = text;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("#{id} never showed what was expected; last: {last}");
}

async fn order_and_ready(b: &Client, url: &str, platoon: &str, ready_shows: impl Fn(&str) -> bool) {
    b.goto(url).await.expect("opens the game");
    b.find(Locator::Css(&format!(
        "#action-{platoon} option[value=defend]"
    )))
    .await
    .expect("Defend is offered")
    .click()
    .await
    .expect("selects");
    click(b, "give-orders").await;
    wait_for_text(b, &format!("platoon-{platoon}"), |t| t.contains("defend")).await;
    // The other platoons have no orders: ready without confirming their Defend is refused, and
    // the page says which platoons would Defend.
    click(b, "mark-ready").await;
    let refusal = b
        .wait()
        .for_element(Locator::Css("p.alert"))
        .await
        .expect("the refusal is shown")
        .text()
        .await
        .expect("text");
    assert!(refusal.contains("would Defend"), "{refusal}");
    click(b, "confirm-defaults").await;
    click(b, "mark-ready").await;
    wait_for_text(b, "ready-state", ready_shows).await;
}

#[tokio::test]
async fn both_sides_order_and_the_hour_turns() {
    let Some(driver) = driver().await else { return };
    let c = WonsTable::new().await;
    let url = format!("{}/campaigns/{}/wons", c.app.url, c.id);

    let s = browser(&driver).await;
    let f = browser(&driver).await;
    sign_in(&s, &c.app, "soviet").await;
    sign_in(&f, &c.app, "finn").await;
    order_and_ready(&s, &url, "sov-1", |t| {
        t.contains("Your orders are marked ready")
    })
    .await;
    // The second side's readiness resolves the Hour: its page comes back with new orders open.
    order_and_ready(&f, &url, "fin-1", |t| t.contains("not marked ready")).await;

    for b in [&s, &f] {
        b.goto(&url).await.expect("reloads");
        let hour = b
            .wait()
            .for_element(Locator::Id("hour"))
            .await
            .expect("the hour")
            .text()
            .await
            .expect("text");
        assert!(hour.starts_with("Hour 2"), "{hour}");
        let report = b
            .find(Locator::Id("report"))
            .await
            .expect("the last Hour's report")
            .text()
            .await
            .expect("text");
        assert!(!report.is_empty());
    }
    s.close().await.ok();
    f.close().await.ok();
}

#[tokio::test]
async fn the_order_form_warns_while_a_stack_would_split() {
    let Some(driver) = driver().await else { return };
    let c = WonsTable::new().await;
    let s = browser(&driver).await;
    sign_in(&s, &c.app, "soviet").await;
    s.goto(&format!("{}/campaigns/{}/wons", c.app.url, c.id))
        .await
        .expect("opens the game");
    let note = s
        .find(Locator::Css("#platoon-sov-1 [data-stack-note]"))
        .await
        .expect("the stack's note");
    assert!(
        !note.is_displayed().await.expect("shown?"),
        "hidden until a move is chosen"
    );
    let option = s
        .find(Locator::Css("#action-sov-1 option[value=advance]"))
        .await
        .expect("Advance is offered");
    option.click().await.expect("chooses Advance");
    assert!(note.is_displayed().await.expect("shown?"));
    let class = note.attr("class").await.expect("class").unwrap_or_default();
    assert!(
        class.contains("field-error"),
        "its stack-mate has not moved: {class}"
    );
    s.find(Locator::Css("#action-sov-2 option[value=advance]"))
        .await
        .expect("Advance for the stack-mate")
        .click()
        .await
        .expect("chooses Advance");
    let class = note.attr("class").await.expect("class").unwrap_or_default();
    assert!(
        !class.contains("field-error"),
        "the stack moves as one: {class}"
    );
    s.close().await.ok();
}
