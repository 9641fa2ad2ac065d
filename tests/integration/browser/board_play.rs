//! The assisted games played on their boards by three browsers, as a group would (37): the
//! umpire sets a campaign up from a shipped pack on the new-campaign page, each side puts its
//! counters on the board and moves them by tapping, an attack is made by selecting counters and
//! tapping the enemy's hex (its form opens filled in), and the losses owed are taken by tapping
//! the counters that owe them. One side plays at 1280 px, the other on a 390 px phone;
//! screenshots go to `target/screenshots/board-*.png`.

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

/// Red Winter on the made-up Crossroads pack: set up from the pack, both sides place their
/// counters by tapping, the Soviets move two companies up and attack the village with both,
/// selected on the board; each side then pays the step it owes by tapping its counter.
#[tokio::test]
async fn red_winter_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "red_winter", "red-winter-example").await;
    keep(&umpire, "red-winter-umpire-start").await;
    // The group enters its CRT: every result costs each side one step (8.4's form, X/Y).
    let crt = std::iter::once("roll,1:4,1:3,1:2,1:1,2:1,3:1,4:1,5:1,6:1".to_string())
        .chain((2..=12).map(|r| format!("{r},1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1")))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;

    let soviet_view = t.table(&t.soviet).await;
    let first = id_of(&soviet_view, "1/999 (made up)");
    let second = id_of(&soviet_view, "2/999 (made up)");
    let finn_view = t.table(&t.finn).await;
    let village = id_of(&finn_view, "1/JR99 (made up)");

    // Set-up: each side puts its counters down by tapping.
    let finn = player(&driver, &t, "finn", 390).await;
    move_by_tapping(&finn, &village, "D4").await;
    keep(&finn, "red-winter-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    move_by_tapping(&soviet, &first, "H4").await;
    move_by_tapping(&soviet, &second, "H5").await;

    // The Soviets play first: in their Action Phase, up to the village.
    advance_to(&t, 1, "First Player Action Phase").await;
    open_table(&soviet, &t).await;
    move_by_tapping(&soviet, &first, "E4").await;
    move_by_tapping(&soviet, &second, "E5").await;
    keep(&soviet, "red-winter-soviet-moved").await;
    advance_to(&t, 1, "First Player Combat Phase").await;

    // The attack: both companies selected on the board, then the village.
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "Choose more attackers").await;
    tap(&soviet, &counter(&second)).await;
    let said = card(&soviet).await;
    assert!(
        said.contains("1/999") && said.contains("2/999"),
        "both attackers on the card: {said}"
    );
    tap(&soviet, &counter(&village)).await;
    keep(&soviet, "red-winter-soviet-attack-chosen").await;
    choose_on_card(&soviet, "Resolve a Combat or Assault against the roster").await;
    soviet
        .wait()
        .for_element(Locator::Css("input[name='hex']"))
        .await
        .expect("the combat form");
    let mut attackers: Vec<String> = Vec::new();
    for i in 0..2 {
        let ticked = form_values(&soviet, &format!("attackers[{i}].units")).await;
        attackers.extend(
            ticked
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str().map(str::to_owned)),
        );
    }
    attackers.sort();
    let mut both = vec![first.clone(), second.clone()];
    both.sort();
    assert_eq!(attackers, both, "both attackers ticked, each in its stack");
    assert_eq!(form_values(&soviet, "hex").await, json!(["D4"]));
    assert_eq!(form_values(&soviet, "defenders").await, json!([village]));
    keep(&soviet, "red-winter-soviet-combat-form").await;
    for choice in [
        "#f-fight option[value=combat]",
        "#f-shifts-fight option[value=combat]",
        "#f-shifts-attacker option[value=soviet]",
    ] {
        if let Ok(option) = soviet.find(Locator::Css(choice)).await {
            option.click().await.expect("chooses");
        }
    }
    click(&soviet, "run").await;
    soviet
        .wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the combat's steps");
    keep(&soviet, "red-winter-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 2, "each side owes a step: {owed_now:?}");

    // The Finns pay their step by tapping their company on the phone.
    open_table(&finn, &t).await;
    let chit = finn
        .find(Locator::Css(&format!(
            "#board .piece:has(.counter[data-unit='{village}']) .chit.alert"
        )))
        .await;
    assert!(chit.is_ok(), "the company that owes is marked on the board");
    tap(&finn, &counter(&village)).await;
    keep(&finn, "red-winter-finn-owes-phone").await;
    choose_on_card(&finn, "It takes a loss").await;
    choose_on_card(&finn, "Take your side's losses").await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the losses form");
    assert_eq!(form_values(&finn, "steps[0]").await, json!([village]));
    keep(&finn, "red-winter-finn-losses-form-phone").await;
    click(&finn, "run").await;
    finn.wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the losses taken");
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 1, "the Finns paid: {owed_now:?}");
    assert!(owed_now[0].contains("Soviet"), "{owed_now:?}");

    // The Soviets pay theirs with the first company.
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "It takes a loss").await;
    choose_on_card(&soviet, "Take your side's losses").await;
    soviet
        .wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the losses form");
    click(&soviet, "run").await;
    soviet
        .wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the losses taken");
    assert!(owed(&t).await.is_empty(), "nothing owed any more");
    let view = t.table(&t.umpire).await;
    let reduced = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| {
            u["markers"]
                .as_array()
                .is_some_and(|m| m.contains(&json!("reduced")))
        })
        .count();
    assert!(reduced >= 2, "a company of each side is reduced: {view}");
    open_table(&umpire, &t).await;
    keep(&umpire, "red-winter-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}

/// Every Winter War ground combat drives the defenders back a hex (DW, 14.2): a retreat owed.
const WINTER_WAR_CRT: &str = "roll,≤49%,50-99%,100-199%,≥200%
1,DW,DW,DW,DW
2,DW,DW,DW,DW
3,DW,DW,DW,DW
4,DW,DW,DW,DW
5,DW,DW,DW,DW
6,DW,DW,DW,DW";

/// No random event on any roll.
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

/// Winter War on the Historical pack: set up from the pack, two Soviet units moved next to a
/// Finnish one by tapping, then selected together to declare and resolve a ground combat (both
/// forms open filled in); the Finns take the retreat they owe by tapping their counter and the
/// hex it ends in.
#[tokio::test]
async fn winter_war_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "winter_war", "winter-war-historical").await;
    keep(&umpire, "winter-war-umpire-start").await;
    t.chart("crt", WINTER_WAR_CRT).await;
    t.chart("finnish_events", NO_EVENTS).await;
    t.chart("soviet_events", NO_EVENTS).await;

    let defender = fighters(&t.table(&t.finn).await, "af")[0].clone();
    let soviets = fighters(&t.table(&t.soviet).await, "af");
    let (first, second) = (soviets[0].clone(), soviets[1].clone());

    // Set-up: the Finns put a unit down on an empty hex in the middle of the map, the Soviets
    // one of theirs next to it.
    let finn = player(&driver, &t, "finn", 390).await;
    let middle = finn
        .execute(
            r##"const taken = new Set([...document.querySelectorAll("#board .stack")].map((s) => s.dataset.hex));
               const hexes = [...document.querySelectorAll("#board .hex")].filter((h) => !taken.has(h.dataset.hex));
               return hexes[Math.floor(hexes.length / 2)].dataset.hex;"##,
            vec![],
        )
        .await
        .expect("reads the board");
    let hex = middle.as_str().expect("a hex").to_owned();
    move_by_tapping(&finn, &defender, &hex).await;
    keep(&finn, "winter-war-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    let room = empty_neighbours(&soviet, &hex).await;
    assert!(room.len() >= 3, "room around {hex}: {room:?}");
    move_by_tapping(&soviet, &first, &room[0]).await;

    // The Soviet Ground Movement Phase: the second unit comes up by tapping.
    advance_to(&t, 1, "Soviet Ground Movement Phase").await;
    open_table(&soviet, &t).await;
    move_by_tapping(&soviet, &second, &room[1]).await;
    keep(&soviet, "winter-war-soviet-moved").await;

    // The combat: both units selected, the Finnish hex tapped; declared, then resolved.
    advance_to(&t, 1, "Soviet Combat Phase").await;
    for (i, action) in [
        "Declare a ground combat",
        "Resolve a ground combat against the roster",
    ]
    .into_iter()
    .enumerate()
    {
        open_table(&soviet, &t).await;
        tap(&soviet, &counter(&first)).await;
        choose_on_card(&soviet, "Choose more attackers").await;
        tap(&soviet, &counter(&second)).await;
        tap(
            &soviet,
            &format!("#board .stack[data-hex='{hex}'] .counter[data-side='finnish']"),
        )
        .await;
        if i == 0 {
            keep(&soviet, "winter-war-soviet-attack-chosen").await;
        }
        choose_on_card(&soviet, action).await;
        soviet
            .wait()
            .for_element(Locator::Id("run"))
            .await
            .expect("the combat's form");
        let mut ticked: Vec<String> =
            serde_json::from_value(form_values(&soviet, "attackers").await).expect("ticks");
        ticked.sort();
        let mut both = vec![first.clone(), second.clone()];
        both.sort();
        assert_eq!(ticked, both, "{action}: both attackers ticked");
        assert_eq!(form_values(&soviet, "hex").await, json!([hex]));
        click(&soviet, "run").await;
        answered(&soviet, action).await;
    }
    keep(&soviet, "winter-war-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 1, "{owed_now:?}");
    assert!(owed_now[0].contains("retreat of 1 hex"), "{owed_now:?}");

    // The Finns retreat by tapping their counter and a hex away from the attackers.
    let away = empty_neighbours(&finn, &hex)
        .await
        .into_iter()
        .find(|h| *h != room[0] && *h != room[1])
        .expect("a hex to retreat to");
    open_table(&finn, &t).await;
    tap(&finn, &counter(&defender)).await;
    keep(&finn, "winter-war-finn-owes-phone").await;
    choose_on_card(&finn, "It retreats: tap the hex").await;
    tap(&finn, &hex_css(&away)).await;
    choose_on_card(
        &finn,
        "Take your side's combat result: retreats and exchange losses",
    )
    .await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the result's form");
    keep(&finn, "winter-war-finn-result-form-phone").await;
    click(&finn, "run").await;
    finn.wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the retreat taken");
    assert!(owed(&t).await.is_empty(), "the retreat is paid");
    assert_eq!(
        location(&t, &defender).await,
        away,
        "the unit retreated there"
    );
    open_table(&umpire, &t).await;
    keep(&umpire, "winter-war-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}

/// A Winter War on the made-up Isthmus pack: set up from the pack, the Finns' division put on
/// the line and two Soviet units brought up to it by tapping, then selected together and the
/// combat resolved on the group's CRT from its form, opened filled in. The base rules' result
/// codes are not in our text, so each side applies the result to its own units: the Finns retreat
/// by tapping their counter and a hex on the phone, the Soviets, untouched by a DR, apply it with
/// nothing named; then nothing is owed.
#[tokio::test]
async fn a_winter_war_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "a_winter_war", "a-winter-war-example").await;
    keep(&umpire, "a-winter-war-umpire-start").await;
    // A CRT of the shape a Europa CRT has (odds 1:3 to 5:1, rolls 1 to 6), every cell "DR".
    let columns = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"];
    let crt = std::iter::once(format!("roll,{}", columns.join(",")))
        .chain((1..=6).map(|r| format!("{r},{}", vec!["DR"; columns.len()].join(","))))
        .collect::<Vec<_>>()
        .join("\n");
    t.chart("crt", &crt).await;
    let soviets = fighters(&t.table(&t.soviet).await, "attack");
    let (first, second) = (soviets[0].clone(), soviets[1].clone());

    // Set-up: the Finns hold the line, the Soviets gather at their depot.
    let finn = player(&driver, &t, "finn", 390).await;
    let defender = on_top(&finn, &fighters(&t.table(&t.finn).await, "attack")).await;
    // The pack sets the division up on the line (two hexes) by name; the Finns put it on one.
    let line = "99:0405";
    move_by_tapping(&finn, &defender, line).await;
    assert_eq!(location(&t, &defender).await, line);
    keep(&finn, "a-winter-war-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    move_by_tapping(&soviet, &first, "99:0907").await;
    move_by_tapping(&soviet, &second, "99:0906").await;

    // The Soviet movement phase: both come up to the line.
    advance_to(&t, 1, "Soviet movement phase").await;
    open_table(&soviet, &t).await;
    let room = empty_neighbours(&soviet, line).await;
    assert!(room.len() >= 2, "room next to the line: {room:?}");
    move_by_tapping(&soviet, &first, &room[0]).await;
    move_by_tapping(&soviet, &second, &room[1]).await;
    keep(&soviet, "a-winter-war-soviet-moved").await;

    // The combat: both selected, then the line's hex.
    advance_to(&t, 1, "Soviet combat phase").await;
    open_table(&soviet, &t).await;
    tap(&soviet, &counter(&first)).await;
    choose_on_card(&soviet, "Choose more attackers").await;
    tap(&soviet, &counter(&second)).await;
    tap(&soviet, &format!("#board .stack[data-hex='{line}']")).await;
    keep(&soviet, "a-winter-war-soviet-attack-chosen").await;
    choose_on_card(&soviet, "Resolve a combat against the roster").await;
    soviet
        .wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the combat's form");
    let mut ticked: Vec<String> =
        serde_json::from_value(form_values(&soviet, "attackers").await).expect("ticks");
    ticked.sort();
    let mut both = vec![first.clone(), second.clone()];
    both.sort();
    assert_eq!(ticked, both, "both attackers ticked");
    assert_eq!(form_values(&soviet, "hex").await, json!([line]));
    keep(&soviet, "a-winter-war-soviet-combat-form").await;
    click(&soviet, "run").await;
    answered(&soviet, "The combat").await;
    let said = soviet
        .find(Locator::Id("steps"))
        .await
        .expect("steps")
        .text()
        .await
        .expect("text");
    assert!(said.contains("DR"), "the CRT's cell is read: {said}");
    keep(&soviet, "a-winter-war-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(
        owed_now.len(),
        2,
        "each side applies its part: {owed_now:?}"
    );
    assert!(owed_now[1].contains("the result DR"), "{owed_now:?}");

    open_table(&finn, &t).await;
    let away = empty_neighbours(&finn, line)
        .await
        .into_iter()
        .next()
        .expect("a hex to retreat to");
    tap(&finn, &counter(&defender)).await;
    keep(&finn, "a-winter-war-finn-owes-phone").await;
    choose_on_card(&finn, "It retreats: tap the hex").await;
    tap(&finn, &hex_css(&away)).await;
    choose_on_card(
        &finn,
        "Apply your side's combat result: units eliminated and retreats",
    )
    .await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the result's form");
    click(&finn, "run").await;
    answered(&finn, "The Finnish part of the result").await;
    assert_eq!(
        location(&t, &defender).await,
        away,
        "the division retreated"
    );
    soviet
        .goto(&format!(
            "{}/campaigns/{}/table/action/apply-result",
            t.app.url, t.id
        ))
        .await
        .expect("opens the result's form");
    click(&soviet, "run").await;
    answered(&soviet, "The Soviet part of the result").await;
    assert!(owed(&t).await.is_empty(), "both parts applied");
    open_table(&finn, &t).await;
    keep(&finn, "a-winter-war-finn-after-phone").await;
    open_table(&umpire, &t).await;
    keep(&umpire, "a-winter-war-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}
