//! The assisted games from a phone: a Red Winter combat resolved against the roster from its
//! form, and one calculation each of Winter War and A Winter War, every step shown on the page.

use super::{click, driver, fill, sign_in, sized_browser};
use crate::games::assisted::client::DeskTable;
use crate::games::assisted::red_winter::advance_to;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;

async fn choose(b: &Client, css: &str) {
    b.find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("{css}"))
        .click()
        .await
        .expect("chooses");
}

async fn steps(b: &Client) -> String {
    b.wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the answer's steps")
        .text()
        .await
        .expect("text")
}

async fn keep(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

/// Whether the page is no wider than the phone's screen.
async fn fits(b: &Client) -> bool {
    let wide = b
        .execute(
            "return document.documentElement.scrollWidth <= window.innerWidth + 1;",
            vec![],
        )
        .await
        .expect("measures");
    wide.as_bool().unwrap_or(false)
}

#[tokio::test]
async fn a_red_winter_combat_is_resolved_from_the_page_on_a_phone() {
    let Some(driver) = driver().await else { return };
    let t = DeskTable::new("red_winter", None).await;
    let crt = std::iter::once("roll,1:2,1:1,2:1".to_string())
        .chain((2..=12).map(|r| format!("{r},1/1,1/1,0/1")))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;
    let soviet = t
        .units(
            &t.soviet,
            "side,name,type,location,cs,ma,steps\nsoviet,1/609,infantry,0815,8,4,2",
        )
        .await;
    let finn = t
        .units(
            &t.finn,
            "side,name,type,location,cs,ma,steps\nfinnish,1/JR16,infantry,0814,4,4,2",
        )
        .await;
    advance_to(&t, 1, "First Player Combat Phase").await;
    let b = sized_browser(&driver, 390, 900).await;
    sign_in(&b, &t.app, "soviet").await;
    b.goto(&format!("{}/campaigns/{}/table", t.app.url, t.id))
        .await
        .expect("opens the table");
    let now = b
        .find(Locator::Id("now"))
        .await
        .expect("what to do now")
        .text()
        .await
        .expect("text");
    assert!(now.contains("Combat Phase"), "{now}");
    assert!(fits(&b).await, "the table is wider than the phone");
    keep(&b, "red-winter-table.png").await;
    b.goto(&format!(
        "{}/campaigns/{}/table/action/resolve-combat",
        t.app.url, t.id
    ))
    .await
    .expect("opens the combat form");
    choose(&b, "#f-fight option[value=combat]").await;
    // The units are ticked by name; their ids are only the boxes' values.
    let attacker = DeskTable::unit_id(&soviet, "1/609");
    let defender = DeskTable::unit_id(&finn, "1/JR16");
    choose(
        &b,
        &format!(r#"input[name="attackers[0].units"][value="{attacker}"]"#),
    )
    .await;
    fill(&b, "f-attackers-0-hex", "0815").await;
    fill(&b, "f-hex", "0814").await;
    choose(
        &b,
        &format!(r#"input[name="defenders"][value="{defender}"]"#),
    )
    .await;
    choose(&b, "#f-shifts-fight option[value=combat]").await;
    choose(&b, "#f-shifts-attacker option[value=soviet]").await;
    keep(&b, "red-winter-combat-form.png").await;
    click(&b, "run").await;
    let shown = steps(&b).await;
    assert!(shown.contains("8 against 4"), "{shown}");
    assert!(shown.contains("2:1"), "{shown}");
    let charts = b
        .find(Locator::Id("charts-read"))
        .await
        .expect("charts read")
        .text()
        .await
        .expect("text");
    assert!(charts.contains("crt version 1"), "{charts}");
    assert!(fits(&b).await, "the answer is wider than the phone");
    keep(&b, "red-winter-combat.png").await;
    // The roster followed: the losses are owed, and the log tells the Finns.
    let view = t.table(&t.finn).await;
    assert_eq!(
        view["records"]["pending"]
            .as_array()
            .expect("pending")
            .len(),
        1,
        "{view}"
    );
    b.close().await.ok();
}

#[tokio::test]
async fn one_calculation_of_each_europa_game_on_a_phone() {
    let Some(driver) = driver().await else { return };
    for (game, name, fields, expected) in [
        (
            "winter_war",
            "victory",
            vec![("f-soviet", "95"), ("f-finnish", "10")],
            "Soviet Operational Victory",
        ),
        (
            "a_winter_war",
            "distance-modifier",
            vec![("f-hexes", "11")],
            "-3",
        ),
    ] {
        let t = DeskTable::new(game, None).await;
        let b = sized_browser(&driver, 390, 900).await;
        sign_in(&b, &t.app, "finn").await;
        b.goto(&format!(
            "{}/campaigns/{}/table/calculation/{name}",
            t.app.url, t.id
        ))
        .await
        .expect("opens the form");
        for (id, value) in fields {
            fill(&b, id, value).await;
        }
        click(&b, "run").await;
        let shown = steps(&b).await;
        assert!(shown.contains(expected), "{game}: {shown}");
        assert!(fits(&b).await, "{game}: the page is wider than the phone");
        keep(&b, &format!("{game}-calculation.png")).await;
        b.close().await.ok();
    }
}

/// 25.1 and 24.2: a Historical campaign's table shows each side the board on a phone, and the
/// Finnish page's drawing holds no Soviet unit's name (face down under fog of war).
#[tokio::test]
async fn a_historical_campaign_shows_each_side_its_board_on_a_phone() {
    let Some(driver) = driver().await else { return };
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let campaign = json!({
        "name": "Historical board",
        "game": "winter_war",
        "scenario": {
            "pack": "winter-war-historical",
            "options": { "fog_of_war": true, "historical": true },
        },
    });
    let t = DeskTable(crate::common::Sides::open(&app, campaign, "").await);
    for (who, own, hidden) in [
        ("finn", "Ski Battalion", ["Tank Corps", "Naval Brigade"]),
        ("soviet", "Tank Corps", ["Ski Battalion", "Ski Company"]),
    ] {
        let b = sized_browser(&driver, 390, 900).await;
        sign_in(&b, &t.app, who).await;
        b.goto(&format!("{}/campaigns/{}/table", t.app.url, t.id))
            .await
            .expect("opens the table");
        let board = b
            .find(Locator::Css("#board svg"))
            .await
            .expect("the board")
            .html(false)
            .await
            .expect("its drawing");
        assert!(board.contains(own), "{who} sees their own {own}");
        for name in hidden {
            assert!(!board.contains(name), "{who}'s board shows {name}");
        }
        assert!(fits(&b).await, "{who}'s page is wider than the phone");
        b.execute("document.getElementById('board').scrollIntoView();", vec![])
            .await
            .expect("scrolls to the board");
        keep(&b, &format!("winter-war-historical-board-{who}.png")).await;
        b.close().await.expect("closes");
    }
}
