//! Red Winter's Victory Point bid (17.0.2) from two browsers: each side seals its bid on the
//! table page, sees only the other's commitment meanwhile, and both read both bids and the points
//! once the second is in; a bid that is no number comes back beside its field.

use super::{click, driver, fill, sign_in, sized_browser};
use crate::common::Sides;
use crate::games::assisted::client::DeskTable;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;

async fn keep(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

async fn section(b: &Client) -> String {
    b.find(Locator::Id("sealed-vp_bid"))
        .await
        .expect("the bid's section")
        .text()
        .await
        .expect("text")
}

#[tokio::test]
async fn both_sides_seal_their_victory_point_bids_from_the_table_page() {
    let Some(driver) = driver().await else { return };
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let campaign = json!({
        "name": "Crossroads bid",
        "game": "red_winter",
        "scenario": { "pack": "red-winter-example" },
    });
    let t = DeskTable(Sides::open(&app, campaign, "").await);
    let table = format!("{}/campaigns/{}/table", t.app.url, t.id);
    let soviet = sized_browser(&driver, 1280, 900).await;
    sign_in(&soviet, &t.app, "soviet").await;
    let finn = sized_browser(&driver, 390, 900).await;
    sign_in(&finn, &t.app, "finn").await;

    soviet.goto(&table).await.expect("opens the table");
    fill(&soviet, "seal-vp_bid", "lots").await;
    // The number field refuses letters in the browser itself; the server refuses what gets past.
    soviet
        .execute(
            "document.getElementById('seal-vp_bid').type = 'text'; document.getElementById('seal-vp_bid').value = 'lots';",
            vec![],
        )
        .await
        .expect("types letters");
    click(&soviet, "seal-vp_bid-send").await;
    let error = soviet
        .wait()
        .for_element(Locator::Id("seal-error"))
        .await
        .expect("the refusal beside the field")
        .text()
        .await
        .expect("text");
    assert!(error.contains("whole number"), "{error}");
    let kept = soviet
        .find(Locator::Id("seal-vp_bid"))
        .await
        .expect("the field")
        .attr("value")
        .await
        .expect("value");
    // A number field shows no letters, but the page sends back what was typed.
    assert_eq!(kept.as_deref(), Some("lots"), "what was typed comes back");
    fill(&soviet, "seal-vp_bid", "7").await;
    click(&soviet, "seal-vp_bid-send").await;
    soviet
        .wait()
        .for_element(Locator::XPath(
            "//section[@id='sealed-vp_bid']//li[contains(., 'yours, sealed')]",
        ))
        .await
        .expect("the Soviet bid sealed");
    keep(&soviet, "sealed-bid-soviet-sealed.png").await;

    finn.goto(&table).await.expect("opens the table");
    let seen = section(&finn).await;
    assert!(seen.contains("Soviet: sealed"), "{seen}");
    assert!(
        !seen.contains("Soviet: 7"),
        "the Finns read the Soviet bid: {seen}"
    );
    let source = finn.source().await.expect("source");
    assert!(
        !source.contains("yours, sealed"),
        "the Finns read a Soviet value"
    );
    keep(&finn, "sealed-bid-finnish-before.png").await;
    fill(&finn, "seal-vp_bid", "3").await;
    click(&finn, "seal-vp_bid-send").await;
    let result = finn
        .wait()
        .for_element(Locator::Id("sealed-vp_bid-result"))
        .await
        .expect("the result")
        .text()
        .await
        .expect("text");
    assert!(result.contains("Finnish side receives 7"), "{result}");
    let shown = section(&finn).await;
    assert!(
        shown.contains("Soviet: 7") && shown.contains("Finnish: 3"),
        "{shown}"
    );
    keep(&finn, "sealed-bid-finnish-revealed.png").await;
    soviet.goto(&table).await.expect("reloads");
    assert!(section(&soviet).await.contains("Finnish: 3"));
    keep(&soviet, "sealed-bid-soviet-revealed.png").await;
}
