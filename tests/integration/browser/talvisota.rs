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

/// The turn and phase the page shows, or `None` once the game's outcome is shown.
async fn where_the_game_stands(b: &Client) -> Option<String> {
    if b.find(Locator::Id("outcome")).await.is_ok() {
        return None;
    }
    Some(format!(
        "{} / {}",
        text(b, "state-h").await,
        text(b, "phase").await
    ))
}

/// Clicks `selector` and waits until the page shows the game moved on (another turn or phase,
/// or its outcome); panics with the page's text when it does not.
async fn move_on(b: &Client, selector: &str) -> Option<String> {
    let before = where_the_game_stands(b).await;
    css(b, selector).await;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let Ok(now) = tokio::time::timeout(Duration::from_secs(5), where_the_game_stands(b)).await
        else {
            continue;
        };
        if now != before {
            return now;
        }
    }
    let page = b
        .find(Locator::Css("main"))
        .await
        .expect("main")
        .text()
        .await
        .unwrap_or_default();
    panic!("{selector} did not move the game on from {before:?}:\n{page}");
}

#[tokio::test]
async fn one_person_creates_and_plays_a_solo_game_to_its_end() {
    let Some(driver) = driver().await else { return };
    let app = crate::common::TestApp::spawn().await;
    app.user("ilmari").await;
    let b = sized_browser(&driver, 420, 900).await;
    sign_in(&b, &app, "ilmari").await;

    // One account creates the solo game: it plays the Soviets, the server the Finns.
    b.goto(&format!("{}/campaigns", app.url))
        .await
        .expect("opens the campaign list");
    super::fill(&b, "name", "Suomussalmi alone").await;
    css(&b, "#game option[value=talvisota]").await;
    css(&b, "#solo").await;
    css(&b, "#create-campaign").await;
    b.wait()
        .for_element(Locator::Id("invite-role"))
        .await
        .expect("the campaign page with its invite form");
    let html = b.source().await.expect("html");
    assert!(
        !html.contains(r#"<option value="finnish""#),
        "the server's Finnish role is not offered"
    );
    assert!(html.contains(r#"<option value="soviet""#));
    let page = format!(
        "{}/talvisota",
        b.current_url()
            .await
            .expect("url")
            .as_str()
            .trim_end_matches('/')
    );

    b.goto(&page).await.expect("opens the game");
    let mut stand = move_on(&b, "#advance").await;
    let mut steps = 0;
    while stand.is_some() {
        steps += 1;
        assert!(steps < 100, "the game did not end: {stand:?}");
        let html = b.source().await.expect("html");
        assert!(
            !html.contains("id=\"place-finnish\""),
            "no Finnish sheet for a person"
        );
        let next = if html.contains("id=\"organise\"") {
            "#organise"
        } else if html.contains("id=\"place-soviet\"") {
            "#place-soviet"
        } else if html.contains("id=\"solo\"") {
            "#solo"
        } else if let Some(at) = html.find("id=\"resolve-") {
            let id = &html[at + 4..];
            let id = &id[..id.find('"').expect("an id")];
            stand = move_on(&b, &format!("#{id}")).await;
            continue;
        } else {
            panic!("nothing to do at {stand:?}");
        };
        stand = move_on(&b, next).await;
    }
    let outcome = text(&b, "outcome").await;
    assert!(!outcome.is_empty());
    assert_eq!(text(&b, "phase").await, "game over", "{outcome}");
    // Where the game ends, the dice may be verified and the story read.
    let after = text(&b, "after-the-end").await;
    assert!(after.contains("verify these dice"), "{after}");
    assert!(after.contains("after-action report"), "{after}");
    b.find(Locator::LinkText("verify these dice"))
        .await
        .expect("the link")
        .click()
        .await
        .expect("follows it");
    b.wait()
        .for_element(Locator::Id("verify"))
        .await
        .expect("the dice tray's verification");
    b.close().await.ok();
}
