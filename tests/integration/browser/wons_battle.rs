//! A battle through the pages: the umpire assigns support points, the Finnish player (on a
//! phone-sized screen) buys support, both sides report their parts alike, each reads its own
//! casualties, and the Finns roll to capture what the Soviets left behind.

use super::wons::wait_for_text;
use super::{browser, click, driver, fill, sign_in, sized_browser};
use crate::games::wons::client::WonsTable;
use fantoccini::{Client, Locator};
use std::path::Path;

/// Scrolls `b` to the element with id `id`.
async fn scroll_to(b: &Client, id: &str) {
    let script = format!("document.getElementById('{id}')?.scrollIntoView()");
    b.execute(&script, vec![]).await.expect("scrolls");
}

/// Keeps a screenshot of what `b` shows in target/screenshots, for people to look at.
async fn keep_screenshot(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

/// Types `value` into the number field found by `xpath`.
async fn fill_at(b: &Client, xpath: &str, value: &str) {
    let field = b
        .find(Locator::XPath(xpath))
        .await
        .unwrap_or_else(|_| panic!("field {xpath}"));
    field.clear().await.ok();
    field.send_keys(value).await.expect("types");
}

/// The killed field of `element`'s `role` row in the report form.
fn killed(element: &str, role: &str) -> String {
    format!(
        "//tr[.//input[@value='{element}'] and .//input[@value='{role}']]//input[contains(@id, '-killed')]"
    )
}

#[tokio::test]
async fn a_battle_is_supported_reported_and_decided_through_the_pages() {
    let Some(driver) = driver().await else { return };
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let url = format!("{}/campaigns/{}/wons", c.app.url, c.id);
    let umpire = browser(&driver).await;
    let finn = sized_browser(&driver, 420, 900).await;
    let soviet = browser(&driver).await;
    sign_in(&umpire, &c.app, "umpire").await;
    sign_in(&finn, &c.app, "finn").await;
    sign_in(&soviet, &c.app, "soviet").await;

    // The umpire gives the Finns three support points.
    umpire.goto(&url).await.expect("opens the game");
    umpire
        .find(Locator::Css("#points-side-1 option[value=finnish]"))
        .await
        .expect("the Finnish side is offered")
        .click()
        .await
        .expect("selects");
    fill(&umpire, "points-1", "3").await;
    click(&umpire, "assign-points-1").await;
    wait_for_text(&umpire, "battle-1", |t| t.contains("3 (0 spent)")).await;

    // The Finn buys one smoke pot for the platoon.
    finn.goto(&url).await.expect("opens the game");
    wait_for_text(&finn, "battle-1-points", |t| t.contains("3 assigned")).await;
    fill_at(
        &finn,
        "//tr[.//input[@value='fin-smoke']]//input[@type='number']",
        "1",
    )
    .await;
    click(&finn, "buy-1").await;
    wait_for_text(&finn, "battle-1-points", |t| t.contains("1 spent")).await;
    scroll_to(&finn, "battle-1").await;
    keep_screenshot(&finn, "wons-battle-sheet.png").await;
    let widths = finn
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth, Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 12).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(' | ')];",
            vec![],
        )
        .await
        .expect("widths");
    let (page, window) = (widths[0].as_i64(), widths[1].as_i64());
    assert!(
        page <= window,
        "the page fits a phone's width ({page:?} wide in {window:?}); wide tables scroll inside their card: {}",
        widths[2]
    );

    // The Finn reports: the Finns won after four Turns, one rifleman of the 1st Section killed,
    // the smoke used, Force Morale 2 at the end.
    click(&finn, "winner-1-finnish").await;
    fill(&finn, "turns-1", "4").await;
    fill_at(&finn, &killed("1st Section", "rifleman"), "1").await;
    fill(&finn, "b1-finnish-fm", "2").await;
    finn.find(Locator::XPath(
        "//label[contains(., 'Smoke pots')]/input[@type='checkbox']",
    ))
    .await
    .expect("the smoke pot can be reported used")
    .click()
    .await
    .expect("ticks");
    click(&finn, "report-1").await;
    wait_for_text(&finn, "battle-1-reported", |t| {
        t.contains("The Finnish side reported the Finnish side won after 4 Turn(s).")
    })
    .await;

    // The Soviet player sees that report's winner and Turns and sends the same, with the mortar
    // crew's loss and the mortar left on the field.
    soviet.goto(&url).await.expect("opens the game");
    wait_for_text(&soviet, "battle-1-reported", |t| {
        t.contains("The Finnish side reported the Finnish side won after 4 Turn(s).")
    })
    .await;
    click(&soviet, "winner-1-finnish").await;
    fill(&soviet, "turns-1", "4").await;
    fill_at(&soviet, &killed("Light Mortar Team", "mortar_crew"), "1").await;
    fill_at(
        &soviet,
        "//tr[.//input[@value='light_mortar']]//input[@type='number']",
        "1",
    )
    .await;
    click(&soviet, "report-1").await;
    wait_for_text(&soviet, "battle-1", |t| t.contains("Report of the battle")).await;
    let outcome = wait_for_text(&soviet, "battle-1-outcome", |t| {
        t.contains("Light Mortar Team (mortar crew): 1 killed")
    })
    .await;
    assert!(!outcome.contains("rifleman"), "{outcome}");

    the_finns_read_the_outcome_and_roll_for_the_mortar(&url, &umpire, &finn, &soviet).await;
    for b in [umpire, finn, soviet] {
        b.close().await.ok();
    }
}

/// The Finnish page shows the battle decided with its own casualties, not the Soviets'; then
/// the Finns roll for the mortar the Soviets left behind, both sides read the roll, and the
/// umpire's page is kept.
async fn the_finns_read_the_outcome_and_roll_for_the_mortar(
    url: &str,
    umpire: &Client,
    finn: &Client,
    soviet: &Client,
) {
    finn.goto(url).await.expect("reloads");
    let outcome = wait_for_text(finn, "battle-1-outcome", |t| {
        t.contains("The Finnish side won after 4 full Turn(s).")
    })
    .await;
    assert!(
        outcome.contains("1st Section (rifleman): 1 killed")
            && outcome.contains("Support used: Smoke pots."),
        "{outcome}"
    );
    let source = finn.source().await.expect("html");
    assert!(
        !source.contains("Light Mortar Team") && !source.contains("mortar crew"),
        "the Finns never read the Soviet casualties"
    );

    // The Finns roll for the mortar the Soviets left behind.
    finn.find(Locator::XPath(
        "//ul[@id='battle-1-devices']/li[.//button[@id='capture-b1-d1']]//summary",
    ))
    .await
    .expect("the capture form of the mortar")
    .click()
    .await
    .expect("opens it");
    click(finn, "capture-b1-d1").await;
    wait_for_text(finn, "battle-1-devices", |t| {
        t.contains("The Finnish side rolled")
    })
    .await;
    soviet.goto(url).await.expect("reloads");
    wait_for_text(soviet, "battle-1-devices", |t| {
        t.contains("The Finnish side rolled")
    })
    .await;

    umpire.goto(url).await.expect("reloads");
    scroll_to(umpire, "battle-1").await;
    keep_screenshot(umpire, "wons-battle-umpire.png").await;
}
