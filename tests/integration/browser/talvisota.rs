//! One Talvisota turn played by two people in two headless Chromium windows.

use super::{driver, sign_in, sized_browser};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

async fn css(b: &Client, selector: &str) {
    b.find(Locator::Css(selector))
        .await
        .unwrap_or_else(|_| panic!("{selector}"))
        .click()
        .await
        .unwrap_or_else(|_| panic!("clicks {selector}"));
}

async fn text(b: &Client, id: &str) -> String {
    b.wait()
        .for_element(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("#{id}"))
        .text()
        .await
        .expect("text")
}

/// Waits until the page shows `expected` as the phase (the form's answer has loaded).
async fn wait_phase(b: &Client, expected: &str) {
    let mut seen = String::new();
    for _ in 0..100 {
        if let Ok(e) = b.find(Locator::Id("phase")).await {
            seen = e.text().await.unwrap_or_default();
            if seen == expected {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the page shows the phase '{seen}', not '{expected}'");
}

#[tokio::test]
async fn two_players_play_one_turn_in_their_browsers() {
    let Some(driver) = driver().await else { return };
    let g = crate::games::talvisota::client::TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let page = format!("{}/campaigns/{}/talvisota", g.app.url, g.id);
    let soviet = sized_browser(&driver, 420, 900).await;
    let finn = sized_browser(&driver, 420, 900).await;
    sign_in(&soviet, &g.app, "soviet").await;
    sign_in(&finn, &g.app, "finn").await;

    // Organisation: three elite divisions to Leningrad.
    soviet.goto(&page).await.expect("opens the game");
    wait_phase(&soviet, "organisation").await;
    for unit in ["su-eli-1", "su-eli-2", "su-eli-3"] {
        css(&soviet, &format!("input[name=move][value={unit}]")).await;
    }
    css(&soviet, "#org-to option[value=leningrad]").await;
    css(&soviet, "#organise").await;

    // The Soviet sheet: a prudent advance on Terijoki.
    soviet
        .wait()
        .for_element(Locator::Id("place-soviet"))
        .await
        .expect("the sheet form");
    css(&soviet, "#prudent_advance-from option[value=leningrad]").await;
    css(&soviet, "#prudent_advance-target1 option[value=terijoki]").await;
    for unit in ["su-eli-1", "su-eli-2", "su-eli-3"] {
        css(
            &soviet,
            &format!("input[name='prudent_advance.unit'][value={unit}]"),
        )
        .await;
    }
    css(&soviet, "#place-soviet").await;
    wait_phase(&soviet, "Finnish command sheet").await;

    // The Finn sees a face-down counter and answers it.
    finn.goto(&page).await.expect("opens the game");
    let html = finn.source().await.expect("html");
    assert!(html.contains("Soviet strategy (face down)"));
    assert!(!html.contains("PRUD"), "the Soviet strategy is hidden");
    css(&finn, "#f0-strategy option[value=defensive_position]").await;
    for unit in ["fi-res-1", "fi-res-2", "fi-res-3"] {
        css(&finn, &format!("input[name='f0.unit'][value={unit}]")).await;
    }
    css(&finn, "input[name='f0.ret'][value=fi-ret-1]").await;
    css(&finn, "#place-finnish").await;
    wait_phase(&finn, "combats").await;

    // The Soviet reveals and resolves the combat.
    soviet.goto(&page).await.expect("reloads");
    css(&soviet, "#resolve-placement-t1-s1").await;
    wait_phase(&soviet, "Finnish harassment").await;
    let html = soviet.source().await.expect("html");
    assert!(html.contains("Terijoki, round 1"), "the combat report");
    assert!(html.contains("DEFENSE"), "the Finnish strategy is revealed");

    // The Finn passes the harassment; the next turn begins.
    finn.goto(&page).await.expect("reloads");
    wait_phase(&finn, "Finnish harassment").await;
    css(&finn, "#harass").await;
    wait_phase(&finn, "organisation").await;
    assert!(text(&finn, "state-h").await.contains("December II 1939"));
    let log = text(&finn, "log").await;
    assert!(log.contains("Combat revealed at Terijoki"), "{log}");
    soviet.goto(&page).await.expect("reloads");
    assert!(text(&soviet, "state-h").await.starts_with("Turn 2"));
    // Keep a screenshot of the phone-sized page for people to look at.
    let png = soviet.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join("talvisota.png"), png).expect("writes the screenshot");
    let frame = soviet
        .find(Locator::Id("map-frame"))
        .await
        .expect("the map's frame");
    let png = frame.screenshot().await.expect("a screenshot of the map");
    // The frame opens on the defence lines, not on the map's empty corner.
    let scrolled = soviet
        .execute(
            "const f = document.getElementById('map-frame'); return f.scrollLeft + f.scrollTop;",
            Vec::new(),
        )
        .await
        .expect("the frame's scroll");
    assert!(scrolled.as_f64().unwrap_or(0.0) > 0.0, "{scrolled}");
    let map = soviet
        .find(Locator::Css("#map-frame svg"))
        .await
        .expect("the map");
    std::fs::write(dir.join("talvisota-map.png"), png).expect("writes the screenshot");
    // On the phone the map scrolls in its frame; the zoom buttons widen and narrow it.
    let before = map.rectangle().await.expect("the map's size").2;
    css(&soviet, "[data-zoom=in]").await;
    let after = map.rectangle().await.expect("the map's size").2;
    assert!(
        after > before,
        "zooming in widens the map: {before} -> {after}"
    );
    css(&soviet, "[data-zoom=fit]").await;
    let fit = map.rectangle().await.expect("the map's size").2;
    assert!(
        fit < after,
        "the whole map fits the frame again: {after} -> {fit}"
    );
    soviet.close().await.ok();
    finn.close().await.ok();
}

#[tokio::test]
async fn the_umpire_plays_an_absent_sides_default_from_the_game_page() {
    let Some(driver) = driver().await else { return };
    let g = crate::games::talvisota::client::TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let page = format!("{}/campaigns/{}/talvisota", g.app.url, g.id);
    let umpire = sized_browser(&driver, 1100, 1300).await;
    sign_in(&umpire, &g.app, "umpire").await;
    umpire.goto(&page).await.expect("opens the game");
    wait_phase(&umpire, "organisation").await;
    // The Soviet player is away: the umpire plays the Soviet side's default (a pass).
    css(&umpire, "#default-soviet").await;
    umpire
        .wait()
        .for_element(Locator::Id("pace-h"))
        .await
        .expect("back on the campaign page, by the pace");
    let view = g.view(&g.umpire).await;
    assert_ne!(view["board"]["phase"], "organisation", "{}", view["board"]);
    umpire.goto(&page).await.expect("opens the game again");
    let log = text(&umpire, "log").await;
    assert!(log.contains("default"), "{log}");
    umpire.close().await.ok();
}
