//! The assisted games from a phone: a Red Winter combat resolved against the roster from its
//! form, one calculation each of Winter War and A Winter War, every step shown on the page, and
//! units moved by pointing at the board, with a finger and with the keyboard.

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

/// A Winter War campaign called `name`, started from the Historical pack with fog of war, on a
/// server of its own, with an umpire and both players.
async fn historical(name: &str) -> DeskTable {
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let campaign = json!({
        "name": name,
        "game": "winter_war",
        "scenario": {
            "pack": "winter-war-historical",
            "options": { "fog_of_war": true, "historical": true },
        },
    });
    DeskTable(crate::common::Sides::open(&app, campaign, "").await)
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
    let t = historical("Historical board").await;
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

/// The first counter of `side` that may be picked up (its unit's id), and an empty hex of the
/// board away from its edge, as the page's drawing has them.
async fn a_counter_and_an_empty_hex(b: &Client, side: &str) -> (String, String) {
    let found = b
        .execute(
            r##"
            const own = new Set([...document.querySelectorAll("#move-unit option")].map((o) => o.value));
            const counter = [...document.querySelectorAll(`#board .counter[data-side="${arguments[0]}"][data-unit]`)]
                .find((c) => own.has(c.dataset.unit));
            const taken = new Set([...document.querySelectorAll("#board .stack")].map((s) => s.dataset.hex));
            const hexes = [...document.querySelectorAll("#board .hex")].filter((h) => !taken.has(h.dataset.hex));
            const empty = hexes[Math.floor(hexes.length / 2)];
            return [counter.dataset.unit, empty.dataset.hex];
            "##,
            vec![json!(side)],
        )
        .await
        .expect("reads the board");
    serde_json::from_value(found).expect("a unit and a hex")
}

/// Where the move form says the unit `id` is ("Name (place)").
async fn where_is(b: &Client, id: &str) -> String {
    let text = b
        .find(Locator::Css(&format!("#move-unit option[value='{id}']")))
        .await
        .expect("the unit in the move form")
        .text()
        .await
        .expect("its text");
    text.rsplit_once(" (")
        .map(|(_, place)| place.trim_end_matches(')').to_owned())
        .unwrap_or(text)
}

async fn the_counter(b: &Client, id: &str) -> fantoccini::elements::Element {
    b.find(Locator::Css(&format!("#board .counter[data-unit='{id}']")))
        .await
        .expect("the counter")
}

/// Presses `key` (a WebDriver key code) on the element that has the focus.
async fn press(b: &Client, key: &str) {
    b.active_element()
        .await
        .expect("the focused element")
        .send_keys(key)
        .await
        .expect("types");
}

/// 37 (the board): during set-up the Finnish player picks up a counter with a finger and puts it
/// down on a hex next to it on a phone; then with the keyboard (Enter, an arrow key, Enter) on a
/// desktop; the server moves the unit each time. A place that is on no board is refused beside
/// the form, which comes back as typed; the Soviet player's board offers no Finnish counter to
/// pick up.
#[tokio::test]
async fn units_are_moved_by_pointing_at_the_board() {
    let Some(driver) = driver().await else { return };
    let t = historical("Pointing").await;
    let table = format!("{}/campaigns/{}/table", t.app.url, t.id);

    let b = sized_browser(&driver, 390, 900).await;
    sign_in(&b, &t.app, "finn").await;
    b.goto(&table).await.expect("opens the table");
    let (unit, to) = a_counter_and_an_empty_hex(&b, "finnish").await;
    let from = where_is(&b, &unit).await;
    let name = the_counter(&b, &unit)
        .await
        .attr("aria-label")
        .await
        .expect("its label")
        .unwrap_or_default();
    let counter = the_counter(&b, &unit).await;
    counter.click().await.expect("picks it up");
    let card = b.find(Locator::Id("unit-card")).await.expect("the card");
    assert!(card.is_displayed().await.expect("shown"), "the card rises");
    assert!(
        card.text().await.expect("text").contains(&name),
        "the card names the unit"
    );
    b.execute(
        "document.querySelector(`#board .counter[data-unit='${arguments[0]}']`).scrollIntoView({ block: 'center' });",
        vec![json!(unit)],
    )
    .await
    .expect("scrolls to the counter");
    keep(&b, "winter-war-pointing-picked-up-phone.png").await;
    // A finger taps a hex it sees: the card at the foot of a phone's screen covers the last
    // lines, so the hex is brought to the middle first.
    b.execute(
        "document.getElementById(`hex-${arguments[0]}`).scrollIntoView({ block: 'center' });",
        vec![json!(to)],
    )
    .await
    .expect("scrolls to the hex");
    b.find(Locator::Id(&format!("hex-{to}")))
        .await
        .expect("the empty hex")
        .click()
        .await
        .expect("puts it down");
    b.wait()
        .for_element(Locator::Css(&format!("#board .stack[data-hex='{to}']")))
        .await
        .expect("the counter on its new hex");
    assert_eq!(where_is(&b, &unit).await, to, "moved from {from} to {to}");
    assert!(fits(&b).await, "the page is wider than the phone");
    keep(&b, "winter-war-pointing-moved-phone.png").await;

    // The zoom buttons: the whole map fits the frame's width and keeps its shape; zooming in
    // makes it larger again.
    let measure = r##"const f = document.getElementById("board"), m = f.querySelector("svg");
        const r = m.getBoundingClientRect(), v = m.viewBox.baseVal;
        return [r.width, f.clientWidth, r.height / r.width, v.height / v.width];"##;
    b.find(Locator::Css("[data-zoom='fit']"))
        .await
        .expect("the whole-map button")
        .click()
        .await
        .expect("zooms out");
    let fit: Vec<f64> = serde_json::from_value(b.execute(measure, vec![]).await.expect("measures"))
        .expect("numbers");
    assert!(
        fit[0] <= fit[1] + 1.0,
        "the whole map is wider than its frame: {fit:?}"
    );
    // Its height follows its width (the frame's padding aside), not the drawing's full height.
    assert!(
        (fit[2] / fit[3] - 1.0).abs() < 0.05,
        "the map lost its shape: {fit:?}"
    );
    b.find(Locator::Css("[data-zoom='in']"))
        .await
        .expect("the zoom-in button")
        .click()
        .await
        .expect("zooms in");
    let closer: Vec<f64> =
        serde_json::from_value(b.execute(measure, vec![]).await.expect("measures"))
            .expect("numbers");
    assert!(
        closer[0] > fit[0] * 1.3,
        "zooming in did not enlarge the map: {closer:?}"
    );

    // The form below the board, without pointing: a place on no board comes back refused.
    fill(&b, "move-to", "Behind the sofa").await;
    click(&b, "move").await;
    let error = b
        .wait()
        .for_element(Locator::Id("move-error"))
        .await
        .expect("the refusal beside the form")
        .text()
        .await
        .expect("text");
    assert!(error.contains("Behind the sofa"), "{error}");
    let typed = b
        .find(Locator::Id("move-to"))
        .await
        .expect("the field")
        .prop("value")
        .await
        .expect("its value");
    assert_eq!(typed.as_deref(), Some("Behind the sofa"), "kept as typed");
    b.close().await.expect("closes");

    // The keyboard, on a desktop: Enter picks the counter up, an arrow key walks to the next
    // hex, Enter puts it down.
    let b = sized_browser(&driver, 1280, 900).await;
    sign_in(&b, &t.app, "finn").await;
    b.goto(&table).await.expect("opens the table");
    let before = where_is(&b, &unit).await;
    b.execute(
        "document.querySelector(`#board .counter[data-unit='${arguments[0]}']`).focus();",
        vec![json!(unit)],
    )
    .await
    .expect("focuses the counter");
    press(&b, "\u{e007}").await; // Enter
    let focused = b
        .execute("return document.activeElement.dataset.hex || null;", vec![])
        .await
        .expect("reads the focus");
    assert_eq!(
        focused.as_str(),
        Some(before.as_str()),
        "the focus goes to the counter's hex"
    );
    press(&b, "\u{e014}").await; // Arrow right
    let target = b
        .execute("return document.activeElement.dataset.hex || null;", vec![])
        .await
        .expect("reads the focus");
    let target = target.as_str().expect("a hex has the focus").to_owned();
    assert_ne!(target, before, "the arrow key walks to another hex");
    press(&b, "\u{e007}").await;
    b.wait()
        .for_element(Locator::Css(&format!("#board .stack[data-hex='{target}']")))
        .await
        .expect("the counter on the hex the keys chose");
    assert_eq!(where_is(&b, &unit).await, target);
    let mut focused = serde_json::Value::Null;
    for _ in 0..40 {
        focused = b
            .execute(
                "return document.activeElement.dataset.unit || null;",
                vec![],
            )
            .await
            .expect("reads the focus");
        if focused.as_str() == Some(unit.as_str()) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        focused.as_str(),
        Some(unit.as_str()),
        "the counter just moved has the focus again"
    );
    keep(&b, "winter-war-pointing-keyboard.png").await;
    b.close().await.expect("closes");

    // The other side: no Finnish counter may be picked up on the Soviet board.
    let b = sized_browser(&driver, 1280, 900).await;
    sign_in(&b, &t.app, "soviet").await;
    b.goto(&table).await.expect("opens the table");
    let offered = b
        .execute(
            r##"const own = new Set([...document.querySelectorAll("#move-unit option")].map((o) => o.value));
               return [...document.querySelectorAll('#board .counter[data-side="finnish"][data-unit]')]
                 .filter((c) => own.has(c.dataset.unit)).length;"##,
            vec![],
        )
        .await
        .expect("reads the board");
    assert_eq!(
        offered.as_i64(),
        Some(0),
        "a Finnish counter may be picked up by the Soviets"
    );
    b.close().await.expect("closes");
}

/// Moves unit `unit` to `to` with the form below the board, as the signed-in player.
async fn move_with_the_form(b: &Client, unit: &str, to: &str) {
    b.execute(
        "document.getElementById('move-unit').value = arguments[0];",
        vec![json!(unit)],
    )
    .await
    .expect("chooses the unit");
    fill(b, "move-to", to).await;
    click(b, "move").await;
    b.wait()
        .for_element(Locator::Css(&format!("#board .stack[data-hex='{to}']")))
        .await
        .expect("the unit on its hex");
}

/// 37 (the board): in the Finnish Combat Phase a Finnish counter pointed at a hex that holds
/// Soviet units offers the attacks of the rules (Winter War's declaration and resolution of a
/// ground combat) beside a plain move; an attack's form opens with the counter ticked as the
/// attacker and the hex filled in. In the set-up no attack is offered: the rules give none then.
#[tokio::test]
async fn pointing_at_an_enemy_hex_opens_the_attack_filled_in() {
    let Some(driver) = driver().await else { return };
    let t = historical("Pointing at the enemy").await;
    let table = format!("{}/campaigns/{}/table", t.app.url, t.id);

    // During the set-up the Soviets stand on an empty hex, the Finns next to it.
    let b = sized_browser(&driver, 1280, 900).await;
    sign_in(&b, &t.app, "soviet").await;
    b.goto(&table).await.expect("opens the table");
    let (soviet_unit, target) = a_counter_and_an_empty_hex(&b, "soviet").await;
    let next_to = b
        .execute(
            r##"const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
               const [x, y] = centre(document.getElementById(`hex-${arguments[0]}`));
               return [...document.querySelectorAll("#board .hex")]
                 .filter((h) => h.dataset.hex !== arguments[0])
                 .map((h) => { const [hx, hy] = centre(h); return [Math.hypot(hx - x, hy - y), h.dataset.hex]; })
                 .sort((a, b) => a[0] - b[0])[0][1];"##,
            vec![json!(target)],
        )
        .await
        .expect("finds a neighbour");
    let next_to = next_to.as_str().expect("a hex").to_owned();
    move_with_the_form(&b, &soviet_unit, &target).await;
    b.close().await.expect("closes");

    let b = sized_browser(&driver, 390, 900).await;
    sign_in(&b, &t.app, "finn").await;
    b.goto(&table).await.expect("opens the table");
    let (unit, _) = a_counter_and_an_empty_hex(&b, "finnish").await;
    move_with_the_form(&b, &unit, &next_to).await;
    let set_up = b.find(Locator::Id("board-attacks")).await.is_err();
    assert!(set_up, "the set-up offers no attack");
    t.chart("finnish_events", super::board_play::NO_EVENTS)
        .await;
    t.chart("soviet_events", super::board_play::NO_EVENTS).await;
    advance_to(&t, 1, "Finnish Combat Phase").await;
    b.goto(&table).await.expect("opens the table again");
    the_counter(&b, &unit)
        .await
        .click()
        .await
        .expect("picks it up");
    b.execute(
        "document.querySelector(`#board .stack[data-hex='${arguments[0]}']`).scrollIntoView({ block: 'center' });",
        vec![json!(target)],
    )
    .await
    .expect("scrolls to the enemy");
    b.find(Locator::Css(&format!(
        "#board .stack[data-hex='{target}'] .counter[data-side='soviet']"
    )))
    .await
    .expect("the face-down Soviet counter")
    .click()
    .await
    .expect("points at the enemy's hex");
    let offered = b
        .find(Locator::Id("unit-card-choices"))
        .await
        .expect("the card's choices")
        .text()
        .await
        .expect("text");
    assert!(offered.contains("Declare a ground combat"), "{offered}");
    assert!(offered.contains("Move there"), "{offered}");
    keep(&b, "winter-war-pointing-attack-phone.png").await;
    b.find(Locator::LinkText("Declare a ground combat"))
        .await
        .expect("the declaration")
        .click()
        .await
        .expect("opens it");
    let hex = b
        .wait()
        .for_element(Locator::Css("input[name='hex']"))
        .await
        .expect("the form's hex")
        .prop("value")
        .await
        .expect("its value");
    assert_eq!(hex.as_deref(), Some(target.as_str()));
    let ticked = b
        .execute(
            "return [...document.querySelectorAll(\"input[name='attackers']:checked\")].map((i) => i.value);",
            vec![],
        )
        .await
        .expect("reads the ticks");
    assert_eq!(
        ticked,
        json!([unit]),
        "the counter pointed at attacks, alone"
    );
    b.close().await.expect("closes");
}
