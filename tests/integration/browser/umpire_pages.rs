//! The umpire's pages around the board, in a browser (37): the map picture sent and the grid
//! fitted on it by dragging two markers, the grid drawn over the picture as they move; a chart
//! entered by pasting spreadsheet cells into its grid, a bad cell marked in place. Screenshots go
//! to `target/screenshots/umpire-*.png`.

use super::{click, driver, sign_in, sized_browser};
use crate::common::{Sides, TestApp};
use crate::games::assisted::map_picture::png_with_secret;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

async fn keep(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(format!("umpire-{name}.png")), png).expect("writes the screenshot");
}

async fn table_of(game: &str, pack: &str) -> Sides {
    let app = Arc::new(TestApp::spawn().await);
    let campaign = json!({"name": "Umpired", "game": game, "scenario": {"pack": pack}});
    Sides::open(&app, campaign, "").await
}

/// How far, in screen pixels, the centre of hex `hex` of the grid over the picture lies from
/// the centre of marker `marker`.
async fn miss(b: &Client, hex: &str, marker: &str) -> f64 {
    b.execute(
        r##"const hex = [...document.querySelectorAll("#fit-grid .hex")].find((h) => h.dataset.hex === arguments[0]);
           const h = hex.querySelector("polygon").getBoundingClientRect();
           const m = document.getElementById(arguments[1]).getBoundingClientRect();
           return Math.hypot(h.x + h.width / 2 - (m.x + m.width / 2), h.y + h.height / 2 - (m.y + m.height / 2));"##,
        vec![json!(hex), json!(marker)],
    )
    .await
    .expect("measures")
    .as_f64()
    .expect("a distance")
}

async fn value_of(b: &Client, id: &str) -> String {
    field_value(b, Locator::Id(id)).await
}

async fn field_value(b: &Client, locator: Locator<'_>) -> String {
    b.find(locator)
        .await
        .expect("the field")
        .prop("value")
        .await
        .expect("its value")
        .unwrap_or_default()
}

#[tokio::test]
async fn the_grid_is_fitted_on_the_map_picture_by_dragging_two_markers() {
    let Some(driver) = driver().await else { return };
    let t = table_of("winter_war", "winter-war-historical").await;
    let b = sized_browser(&driver, 1280, 900).await;
    sign_in(&b, &t.app, "umpire").await;
    let page = format!("{}/campaigns/{}/table/map-picture", t.app.url, t.id);
    b.goto(&page).await.expect("opens the picture page");
    let file = std::env::temp_dir().join(format!("motti-map-{}.png", t.id));
    std::fs::write(&file, png_with_secret(1600, 1200)).expect("writes the picture");
    b.find(Locator::Id("picture"))
        .await
        .expect("the file field")
        .send_keys(file.to_str().expect("a path"))
        .await
        .expect("chooses the file");
    click(&b, "picture-send").await;
    b.wait()
        .for_element(Locator::Id("marker-a"))
        .await
        .expect("the picture with its markers");
    std::fs::remove_file(&file).ok();
    let hex_a = the_grid_is_over_the_picture_at_once(&b).await;
    // Marker A dragged 80 px right and 50 down: its fields follow, and so does the grid.
    let x_before: f64 = value_of(&b, "x_a").await.parse().expect("a number");
    b.execute(
        "document.getElementById('marker-a').scrollIntoView({ block: 'center' });",
        vec![],
    )
    .await
    .expect("scrolls to marker A");
    let marker = b.find(Locator::Id("marker-a")).await.expect("marker A");
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: marker,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(Duration::from_millis(200)),
            x: 80.0,
            y: 50.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    b.perform_actions(drag).await.expect("drags marker A");
    let x_after: f64 = value_of(&b, "x_a").await.parse().expect("a number");
    assert!(
        x_after > x_before + 40.0,
        "marker A moved right: {x_before} to {x_after}"
    );
    let off = miss(&b, &hex_a, "marker-a").await;
    assert!(off < 2.0, "the grid followed marker A: {off} px off");
    keep(&b, "map-picture-fitting").await;
    let (x_a, y_a) = (value_of(&b, "x_a").await, value_of(&b, "y_a").await);
    click(&b, "fit-send").await;
    b.wait()
        .for_element(Locator::XPath(
            "//p[contains(., 'The grid is fitted to it')]",
        ))
        .await
        .expect("the fit kept");
    assert_eq!(value_of(&b, "x_a").await, x_a, "the fit is kept as dragged");
    assert_eq!(value_of(&b, "y_a").await, y_a);
    b.goto(&format!("{}/campaigns/{}/table", t.app.url, t.id))
        .await
        .expect("opens the table");
    b.wait()
        .for_element(Locator::Id("board"))
        .await
        .expect("the board");
    let board = b
        .find(Locator::Css("#board svg.board"))
        .await
        .expect("the board")
        .html(false)
        .await
        .expect("its drawing");
    assert!(
        board.contains("class=\"map-picture\""),
        "the board lies over the picture"
    );
    b.execute("document.getElementById('board').scrollIntoView();", vec![])
        .await
        .expect("scrolls to the board");
    keep(&b, "map-picture-fitted-board").await;
    // A player sees the picture, but neither the fit form nor the grid over it.
    let finn = sized_browser(&driver, 390, 800).await;
    sign_in(&finn, &t.app, "finn").await;
    finn.goto(&page).await.expect("opens the picture page");
    finn.wait()
        .for_element(Locator::Id("map-picture"))
        .await
        .expect("the picture");
    assert!(finn.find(Locator::Id("fit-form")).await.is_err());
    assert!(finn.find(Locator::Id("fit-overlay")).await.is_err());
    for browser in [b, finn] {
        browser.close().await.ok();
    }
}

/// The grid is drawn over the picture at once, hex A under marker A and hex B under B; returns
/// hex A.
async fn the_grid_is_over_the_picture_at_once(b: &Client) -> String {
    let shown: bool = b
        .execute(
            "return !document.getElementById('fit-overlay').hidden",
            vec![],
        )
        .await
        .expect("reads")
        .as_bool()
        .expect("a flag");
    assert!(
        shown,
        "the grid is over the picture before anything is sent"
    );
    let (hex_a, hex_b) = (value_of(b, "hex_a").await, value_of(b, "hex_b").await);
    for (hex, marker) in [(&hex_a, "marker-a"), (&hex_b, "marker-b")] {
        let off = miss(b, hex, marker).await;
        assert!(off < 2.0, "{hex} lies {off} px from {marker}");
    }
    hex_a
}

/// Red Winter's CRT: cells copied from a spreadsheet (a header of odds, then a row per 2d6
/// total) pasted into the first odds field spread right and down; a bad cell is marked in
/// place when the chart is refused, and once mended the chart is entered.
#[tokio::test]
async fn a_chart_is_pasted_into_its_grid_and_a_bad_cell_is_marked_in_place() {
    let Some(driver) = driver().await else { return };
    let app = Arc::new(TestApp::spawn().await);
    let t = Sides::open(&app, json!({"name": "Charted", "game": "red_winter"}), "").await;
    let b = sized_browser(&driver, 390, 900).await;
    sign_in(&b, &app, "umpire").await;
    b.goto(&format!("{}/campaigns/{}/table", app.url, t.id))
        .await
        .expect("opens the table");
    click(&b, "chart-crt").await;
    b.wait()
        .for_element(Locator::Id("chart-grid"))
        .await
        .expect("the chart's grid");
    // The odds row, then the 2d6 totals' rows without their keys (the rules fix them): pasted
    // from the column keys' first field, the first line fills the keys and the rest the cells.
    let mut cells = vec!["1:2\t1:1\t2:1".to_owned()];
    for roll in 2..=12 {
        let first = if roll == 7 { "oops" } else { "1/1" };
        cells.push(format!("{first}\t0/1\t0/2"));
    }
    // The keys' row sits above the cells: paste the odds there, then the cells from row 0.
    b.execute(
        r#"const paste = (name, text) => {
             const field = document.querySelector(`[name='${name}']`);
             const data = new DataTransfer();
             data.setData("text/plain", text);
             field.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
           };
           paste("col-0", arguments[0]);
           paste("cell-0-0", arguments[1]);"#,
        vec![json!(cells[0]), json!(cells[1..].join("\n"))],
    )
    .await
    .expect("pastes");
    assert_eq!(field_value(&b, Locator::Css("[name='col-2']")).await, "2:1");
    assert_eq!(
        field_value(&b, Locator::Css("[name='cell-5-0']")).await,
        "oops",
        "row 7 is the sixth"
    );
    assert_eq!(
        field_value(&b, Locator::Css("[name='cell-10-2']")).await,
        "0/2"
    );
    click(&b, "enter-chart").await;
    b.wait()
        .for_element(Locator::Id("chart-problems"))
        .await
        .expect("the refusal");
    let marked = b
        .find(Locator::Css("[name='cell-5-0'][aria-invalid='true']"))
        .await;
    assert!(marked.is_ok(), "the bad cell is marked in place");
    assert_eq!(
        field_value(&b, Locator::Css("[name='cell-10-2']")).await,
        "0/2",
        "nothing typed is lost"
    );
    keep(&b, "chart-refused-phone").await;
    let field = b
        .find(Locator::Css("[name='cell-5-0']"))
        .await
        .expect("the bad cell");
    field.clear().await.expect("clears");
    field.send_keys("1/1").await.expect("types");
    click(&b, "enter-chart").await;
    b.wait()
        .for_element(Locator::Id("charts"))
        .await
        .expect("back on the table");
    let page = b.source().await.expect("the page");
    assert!(
        page.contains("version 1"),
        "the CRT is entered: {}",
        &page[..page.len().min(400)]
    );
    b.close().await.ok();
}
