//! The scenario pack library from a browser: a pack pasted with a mistake comes back with the
//! problem's line and key beside the text box, is fixed, imported and published, and a campaign
//! started from it on the new-campaign form has its units on the table's board. Screenshots at a
//! desktop's width and a phone's.

use super::{click, driver, fill, sign_in, sized_browser};
use crate::common::TestApp;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;

/// The made-up Red Winter example with one unit and the scenario renamed.
fn fixed() -> String {
    include_str!("../../../scenarios/assisted/red-winter-example.toml")
        .replacen("1/JR99 (made up)", "1/JR42 (from the library)", 1)
        .replacen(
            "name = \"Crossroads (made-up example)\"",
            "name = \"Library crossroads\"",
            1,
        )
}

/// The fixed pack with a count that is not a number (line 122, `setup[1].units[0].count`).
fn with_mistake() -> String {
    fixed().replacen("count = 2\n", "count = \"two\"\n", 1)
}

async fn keep(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

/// Puts `text` in the pack's text box (typing five thousand letters one by one takes long).
async fn paste(b: &Client, text: &str) {
    b.execute(
        "document.getElementById('pack-text').value = arguments[0];",
        vec![json!(text)],
    )
    .await
    .expect("pastes");
}

async fn text_of(b: &Client, css: &str) -> String {
    b.wait()
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("{css}"))
        .text()
        .await
        .expect("text")
}

/// Whether the page is no wider than the window.
async fn fits(b: &Client) -> bool {
    b.execute(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1;",
        vec![],
    )
    .await
    .expect("measures")
    .as_bool()
    .unwrap_or(false)
}

/// Imports the pack with its mistake, reads the refusal, imports it fixed and publishes it.
async fn import_and_publish(b: &Client, app: &TestApp, width: &str) {
    b.goto(&format!("{}/packs", app.url))
        .await
        .expect("opens the library");
    click(b, "import-pack").await;
    let mistake = with_mistake();
    paste(b, &mistake).await;
    click(b, "import-send").await;
    let error = text_of(b, "#text-error").await;
    assert!(
        error.contains("Line 122, at setup[1].units[0].count"),
        "{error}"
    );
    let kept = b
        .find(Locator::Id("pack-text"))
        .await
        .expect("the text box")
        .prop("value")
        .await
        .expect("value")
        .unwrap_or_default();
    assert_eq!(
        kept.replace("\r\n", "\n"),
        mistake,
        "the text comes back as pasted"
    );
    let described = b
        .find(Locator::Id("pack-text"))
        .await
        .expect("the text box")
        .attr("aria-describedby")
        .await
        .expect("attr")
        .unwrap_or_default();
    assert!(described.contains("text-error"), "{described}");
    assert!(fits(b).await, "the refused import is wider than the window");
    // The error sits below the text box: show them together.
    b.execute(
        "document.getElementById('pack-text').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolls");
    keep(b, &format!("pack-import-refused-{width}.png")).await;

    paste(b, &fixed()).await;
    click(b, "import-send").await;
    let mine = text_of(b, "#my-packs").await;
    assert!(mine.contains("Library crossroads"), "{mine}");
    b.find(Locator::Css(
        "button[aria-label='Publish Library crossroads']",
    ))
    .await
    .expect("the publish button")
    .click()
    .await
    .expect("publishes");
    b.wait()
        .for_element(Locator::Css(
            "button[aria-label='Withdraw Library crossroads']",
        ))
        .await
        .expect("published: it may be withdrawn");
    let mine = text_of(b, "#my-packs").await;
    assert!(mine.contains("Published"), "{mine}");
    assert!(fits(b).await, "the library is wider than the window");
    keep(b, &format!("pack-library-{width}.png")).await;
}

#[tokio::test]
async fn a_pack_imported_with_a_mistake_is_fixed_published_and_started_from() {
    let Some(driver) = driver().await else { return };
    let app = TestApp::spawn().await;
    app.user("author").await;
    app.user("reader").await;

    // On a phone: the refusal and the library must read on a narrow screen.
    let phone = sized_browser(&driver, 390, 844).await;
    sign_in(&phone, &app, "reader").await;
    import_and_publish(&phone, &app, "phone").await;
    phone.close().await.ok();

    let b = sized_browser(&driver, 1280, 900).await;
    sign_in(&b, &app, "author").await;
    import_and_publish(&b, &app, "desktop").await;

    // The new-campaign form offers the pack among the author's own, and the reader's among
    // those published by others.
    let others = "//select[@id='pack']/optgroup[@label='Published by others']/option[contains(., 'by reader')]";
    start_from(&b, &app, "Yours", Some(others), "desktop").await;
    b.close().await.ok();

    // On a phone, the reader starts from the author's pack, published by another.
    let phone = sized_browser(&driver, 390, 844).await;
    sign_in(&phone, &app, "reader").await;
    start_from(&phone, &app, "Published by others", None, "phone").await;
    phone.close().await.ok();
}

/// Starts a campaign from the pack called Library crossroads in the scenario choice's `group`
/// (seeing the choice `also` offered), and finds the pack's unit on the table's board.
async fn start_from(b: &Client, app: &TestApp, group: &str, also: Option<&str>, width: &str) {
    b.goto(&format!("{}/campaigns", app.url))
        .await
        .expect("opens the campaigns");
    fill(b, "name", "Library game").await;
    b.find(Locator::Css("#game option[value=red_winter]"))
        .await
        .expect("Red Winter")
        .click()
        .await
        .expect("chooses the game");
    let choice = format!(
        "//select[@id='pack']/optgroup[@label='{group}']/option[contains(., 'Library crossroads')]"
    );
    b.find(Locator::XPath(&choice))
        .await
        .unwrap_or_else(|_| panic!("the pack offered under {group}"))
        .click()
        .await
        .expect("chooses the pack");
    if let Some(also) = also {
        b.find(Locator::XPath(also))
            .await
            .unwrap_or_else(|_| panic!("{also} offered too"));
    }
    b.execute(
        "document.querySelector('label[for=pack]').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolls");
    keep(b, &format!("pack-new-campaign-{width}.png")).await;
    click(b, "create-campaign").await;
    // The form leads to the new campaign's page.
    b.wait()
        .for_element(Locator::Css("a[href$='/table']"))
        .await
        .expect("the campaign's page");
    let url = b.current_url().await.expect("the campaign's address");
    b.goto(&format!("{}{}/table", app.url, url.path()))
        .await
        .expect("opens the table");
    let counter = b
        .wait()
        .for_element(Locator::Css(
            "#board [aria-label*='1/JR42 (from the library)']",
        ))
        .await
        .expect("the pack's unit on the board");
    let label = counter
        .attr("aria-label")
        .await
        .expect("label")
        .unwrap_or_default();
    assert!(label.contains("Finnish"), "{label}");
    assert!(fits(b).await, "the table is wider than the window");
    b.execute(
        "document.getElementById('board-h').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolls");
    keep(b, &format!("pack-campaign-board-{width}.png")).await;
}
