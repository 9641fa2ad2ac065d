//! The assisted games played on their boards by three browsers, as a group would (37): the
//! umpire sets a campaign up from a shipped pack on the new-campaign page, each side puts its
//! counters on the board and moves them by tapping, an attack is made by selecting counters and
//! tapping the enemy's hex (its form opens filled in), and the losses owed are taken by tapping
//! the counters that owe them. One side plays at 1280 px, the other on a 390 px phone;
//! screenshots go to `target/screenshots/board-*.png`. One file per game; the helpers are here.

use super::{click, driver, sign_in, sized_browser};
use crate::common::{Sides, TestApp};
use crate::games::assisted::client::DeskTable;
use crate::games::assisted::red_winter::advance_to;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;

async fn keep(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(format!("board-{name}.png")), png).expect("writes the screenshot");
}

/// The umpire creates a campaign of `game` from the shipped pack `pack` on the new-campaign
/// page; both players join through invites. The umpire's browser stays open on the table.
async fn set_up(driver: &super::Driver, game: &str, pack: &str) -> (DeskTable, Client) {
    let app = Arc::new(TestApp::spawn().await);
    let (_, umpire) = app.user("umpire").await;
    let (_, soviet) = app.user("soviet").await;
    let (_, finn) = app.user("finn").await;
    let b = sized_browser(driver, 1280, 900).await;
    sign_in(&b, &app, "umpire").await;
    b.goto(&format!("{}/campaigns", app.url))
        .await
        .expect("opens the campaigns");
    super::fill(&b, "name", "Played on the board").await;
    for choice in [
        format!("#game option[value={game}]"),
        format!("#pack option[value='{pack}']"),
    ] {
        b.find(Locator::Css(&choice))
            .await
            .unwrap_or_else(|_| panic!("{choice}"))
            .click()
            .await
            .expect("chooses");
        // With the game chosen, only its scenarios may be chosen.
        let offered = b
            .execute(
                "return [...document.querySelectorAll('#pack option[data-when]')].filter((o) => !o.disabled).map((o) => o.dataset.when);",
                vec![],
            )
            .await
            .expect("reads the choices");
        let offered: Vec<String> = serde_json::from_value(offered).expect("games");
        assert!(
            !offered.is_empty() && offered.iter().all(|g| g == game),
            "{game}: {offered:?}"
        );
    }
    click(&b, "create-campaign").await;
    b.wait()
        .for_element(Locator::Css("a[href$='/table']"))
        .await
        .expect("the campaign's page");
    let url = b.current_url().await.expect("the campaign's address");
    let id = url
        .path()
        .trim_start_matches("/campaigns/")
        .trim_end_matches('/')
        .to_owned();
    app.join(&umpire, &id, &soviet, "soviet").await;
    app.join(&umpire, &id, &finn, "finnish").await;
    let t = DeskTable(Sides {
        app,
        id,
        umpire,
        soviet,
        finn,
    });
    open_table(&b, &t).await;
    (t, b)
}

async fn open_table(b: &Client, t: &DeskTable) {
    b.goto(&format!("{}/campaigns/{}/table", t.app.url, t.id))
        .await
        .expect("opens the table");
    b.wait()
        .for_element(Locator::Id("board"))
        .await
        .expect("the board");
}

/// A player's browser at `width`, signed in and on the table.
async fn player(driver: &super::Driver, t: &DeskTable, name: &str, width: u32) -> Client {
    let b = sized_browser(driver, width, 900).await;
    sign_in(&b, &t.app, name).await;
    open_table(&b, t).await;
    b
}

/// Taps the element `css` (scrolled to the middle of the screen first, as a finger would).
async fn tap(b: &Client, css: &str) {
    b.execute(
        "document.querySelector(arguments[0]).scrollIntoView({ block: 'center', inline: 'center' });",
        vec![json!(css)],
    )
    .await
    .unwrap_or_else(|_| panic!("scrolls to {css}"));
    b.find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("{css}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("taps {css}: {e}"));
}

/// A hex of the board (its id may hold a colon, as A Winter War's "99:0404" does).
fn hex_css(hex: &str) -> String {
    format!("#board [id='hex-{hex}']")
}

fn counter(id: &str) -> String {
    format!("#board .counter[data-unit='{id}']")
}

/// Taps a counter, then a hex or box; waits for the page that shows the counter there.
async fn move_by_tapping(b: &Client, id: &str, to: &str) {
    tap(b, &counter(id)).await;
    // A hex that holds counters is tapped where a finger would: on its stack.
    let stack = format!("#board .stack[data-hex='{to}']");
    if b.find(Locator::Css(&stack)).await.is_ok() {
        tap(b, &stack).await;
    } else {
        tap(b, &hex_css(to)).await;
    }
    b.wait()
        .for_element(Locator::Css(&format!(
            "#board .stack[data-hex='{to}'] .counter[data-unit='{id}']"
        )))
        .await
        .unwrap_or_else(|_| panic!("the unit on {to}"));
}

async fn card(b: &Client) -> String {
    b.find(Locator::Id("unit-card"))
        .await
        .expect("the card")
        .text()
        .await
        .expect("its text")
}

/// Follows the card's choice called `words`.
async fn choose_on_card(b: &Client, words: &str) {
    let choices = b
        .find_all(Locator::Css("#unit-card-choices > *"))
        .await
        .expect("the card's choices");
    let mut offered = Vec::new();
    for choice in choices {
        let text = choice.text().await.expect("its words");
        if text.trim() == words {
            choice.click().await.expect("chooses");
            return;
        }
        offered.push(text);
    }
    panic!("the card offers {words}, not only {offered:?}");
}

/// The values of the ticked boxes and filled fields called `name` on the form shown.
async fn form_values(b: &Client, name: &str) -> Value {
    b.execute(
        "return [...document.querySelectorAll(`[name='${arguments[0]}']`)]
           .filter((i) => i.type === 'checkbox' ? i.checked : i.value !== '')
           .map((i) => i.value);",
        vec![json!(name)],
    )
    .await
    .expect("reads the form")
}

/// Waits for the entry's answer; a refusal fails the test with the page's own words.
async fn answered(b: &Client, what: &str) {
    if b.wait()
        .at_most(std::time::Duration::from_secs(10))
        .for_element(Locator::Id("steps"))
        .await
        .is_err()
    {
        let said = b
            .execute(
                "return [...document.querySelectorAll('[role=alert], .field-error, .error')].map((e) => e.textContent.trim()).join(' | ');",
                vec![],
            )
            .await
            .unwrap_or_default();
        panic!("{what} was not answered: {said}");
    }
}

/// The owner's unit named `name` in the view.
fn id_of(view: &Value, name: &str) -> String {
    DeskTable::unit_id(view, name)
}

async fn owed(t: &DeskTable) -> Vec<String> {
    serde_json::from_value(t.table(&t.umpire).await["owed"].clone()).expect("owed")
}

mod a_winter_war;
mod red_winter;
mod winter_war;

/// Every Winter War ground combat drives the defenders back a hex (DW, 14.2): a retreat owed.
const WINTER_WAR_CRT: &str = "roll,≤49%,50-99%,100-199%,≥200%
1,DW,DW,DW,DW
2,DW,DW,DW,DW
3,DW,DW,DW,DW
4,DW,DW,DW,DW
5,DW,DW,DW,DW
6,DW,DW,DW,DW";

/// An event table with no event on any roll (made up: the players enter their own).
pub(super) const NO_EVENTS: &str = "roll,1-10
1,-
2,-
3,-
4,-
5,-
6,-";

/// The empty hexes next to `hex` on the board, nearest first (read from where the page draws
/// them, as a player's eye would).
async fn empty_neighbours(b: &Client, hex: &str) -> Vec<String> {
    let found = b
        .execute(
            r##"const centre = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
               const here = document.getElementById(`hex-${arguments[0]}`);
               const [x, y] = centre(here);
               const size = here.getBoundingClientRect().height;
               const taken = new Set([...document.querySelectorAll("#board .stack")].map((s) => s.dataset.hex));
               return [...document.querySelectorAll("#board .hex")]
                 .filter((h) => h !== here && !taken.has(h.dataset.hex))
                 .map((h) => { const [hx, hy] = centre(h); return [Math.hypot(hx - x, hy - y), h.dataset.hex]; })
                 .filter(([d]) => d < size * 1.2)
                 .sort((a, b) => a[0] - b[0])
                 .map(([, h]) => h);"##,
            vec![json!(hex)],
        )
        .await
        .expect("reads the board");
    serde_json::from_value(found).expect("hexes")
}

/// The first of `ids` whose counter a tap on its middle reaches (not one under another).
async fn on_top(b: &Client, ids: &[String]) -> String {
    let found = b
        .execute(
            r##"for (const id of arguments[0]) {
                 const c = document.querySelector(`#board .counter[data-unit="${id}"]`);
                 if (!c) continue;
                 c.scrollIntoView({ block: "center", inline: "center" });
                 const r = c.getBoundingClientRect();
                 const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                 if (hit && c.contains(hit)) return id;
               }
               return null;"##,
            vec![json!(ids)],
        )
        .await
        .expect("reads the board");
    found.as_str().expect("a counter on top").to_owned()
}

/// The reader's own ground units that may attack: an attack value (`attack`), and neither air,
/// naval, a marker, a headquarters nor static (Winter War 13.0).
fn fighters(view: &Value, attack: &str) -> Vec<String> {
    view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| {
            let strength = u["attributes"][attack].as_i64().unwrap_or(0);
            let kind = u["unit_type"].as_str().unwrap_or("");
            strength > 0
                && !["air", "naval", "marker", "hq"].contains(&kind)
                && !u["markers"]
                    .as_array()
                    .is_some_and(|m| m.contains(&json!("static")))
        })
        .filter_map(|u| u["id"].as_str().map(str::to_owned))
        .collect()
}

/// Where the roster says unit `id` stands, as the umpire reads it.
async fn location(t: &DeskTable, id: &str) -> String {
    let view = t.table(&t.umpire).await;
    view["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["id"] == id)
        .and_then(|u| u["location"].as_str())
        .unwrap_or_else(|| panic!("unit {id} in {view}"))
        .to_owned()
}
