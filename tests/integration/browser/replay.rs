//! Replay in the browser: a WoNS campaign of twelve Hours with battles is played while each
//! reader's game page is kept as it stood at every step (each new Hour and just after each
//! battle); then the Soviet player, the Finnish player and the umpire each step through the
//! replay page with its own controls (the next-step link, the slider, the next-battle link), and
//! every step shows the board exactly as that reader's page showed it then. The leak check: no
//! step of a side's replay (its page's text, attributes and embedded drawing, and the API's
//! answer for that step) names an enemy platoon, stack or log entry that the side's own page did
//! not show at that point.

use super::wons::wait_for_text;
use super::{driver, sign_in, sized_browser};
use crate::games::wons::client::WonsTable;
use fantoccini::{Client, Locator};
use reqwest::StatusCode;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The readers, in the order their pages are kept.
const ROLES: [&str; 3] = ["soviet", "finnish", "umpire"];

/// What a reader's game page and view showed at one step.
struct Seen {
    /// The text of each drawing of the board (wide, then narrow).
    board: Vec<String>,
    /// The page's whole source.
    source: String,
    /// The reader's view as the API answered it.
    view: Value,
}

/// The three readers' browsers, signed in, in the order of `ROLES`.
struct Readers {
    browsers: Vec<Client>,
}

fn token<'a>(c: &'a WonsTable, role: &str) -> &'a str {
    match role {
        "soviet" => &c.soviet,
        "finnish" => &c.finn,
        _ => &c.umpire,
    }
}

/// The text of every drawing under `selector` (`svg` elements), each drawing's text in one string.
async fn board_text(b: &Client, selector: &str) -> Vec<String> {
    let script = format!(
        "return Array.from(document.querySelectorAll('{selector} svg')).map(s => s.textContent);"
    );
    let texts = b.execute(&script, vec![]).await.expect("reads the board");
    texts
        .as_array()
        .expect("a list")
        .iter()
        .map(|t| t.as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn step_count(c: &WonsTable) -> i64 {
    let (status, body) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{}/replay", c.id),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["count"].as_i64().expect("count")
}

/// When the last command began a new step, every reader's game page and view as they stand now,
/// kept under that step's number.
async fn keep(c: &WonsTable, readers: &Readers, kept: &mut BTreeMap<i64, Vec<Seen>>) {
    let newest = step_count(c).await - 1;
    if kept.contains_key(&newest) {
        return;
    }
    let url = format!("{}/campaigns/{}/wons", c.app.url, c.id);
    let mut seen = Vec::new();
    for (role, b) in ROLES.iter().zip(&readers.browsers) {
        b.goto(&url).await.expect("opens the game");
        b.wait()
            .for_element(Locator::Id("ladder-h"))
            .await
            .expect("the ladder");
        seen.push(Seen {
            board: board_text(b, "section[aria-labelledby=ladder-h]").await,
            source: b.source().await.expect("html"),
            view: c.view(token(c, role)).await,
        });
    }
    kept.insert(newest, seen);
}

/// The names and ids of `side`'s enemy (its platoons and, for the Finns, the Soviet stacks) in
/// the umpire's view `umpire` that nothing the side had been shown by then (`page`: its game
/// pages and views) named.
fn hidden_from(side: &str, umpire: &Value, page: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (id, p) in umpire["state"]["platoons"]
        .as_object()
        .expect("the platoons")
    {
        if p["side"] != side {
            names.push(id.clone());
            names.push(p["name"].as_str().expect("a name").to_owned());
        }
    }
    if side == "finnish" {
        for s in umpire["state"]["stacks"].as_array().expect("the stacks") {
            names.push(s["id"].as_str().expect("an id").to_owned());
        }
    }
    names
        .into_iter()
        .filter(|n| !page.contains(n.as_str()) && !page.contains(&n.replace('&', "&amp;")))
        .collect()
}

/// The sentences of the log that `side` may not read: the enemy's and the umpire's own, less
/// any that the side also reads in an entry of its own or a public one.
async fn secret_sentences(c: &WonsTable, side: &str) -> Vec<String> {
    let mut events: Vec<Value> = Vec::new();
    loop {
        let before = events
            .last()
            .map(|e| format!("&before={}", e["seq"]))
            .unwrap_or_default();
        let (status, page) = c
            .app
            .get(
                &format!("/api/v1/campaigns/{}/wons/events?limit=500{before}", c.id),
                Some(&c.umpire),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let page = page.as_array().expect("events").clone();
        if page.is_empty() {
            break;
        }
        events.extend(page);
    }
    let readable = |e: &&Value| e["audience"] == "public" || e["audience"] == side;
    let read: Vec<&str> = events
        .iter()
        .filter(readable)
        .filter_map(|e| e["sentence"].as_str())
        .collect();
    events
        .iter()
        .filter(|e| !readable(e))
        .filter_map(|e| e["sentence"].as_str())
        .filter(|s| !read.contains(s) && s.len() > 12)
        .map(str::to_owned)
        .collect()
}

/// The replay page's step line, "Step n of count, …" (empty while a page is loading).
async fn shown_step(b: &Client) -> String {
    match b.find(Locator::Css("#step-h + p")).await {
        Ok(line) => line.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

async fn keep_screenshot(b: &Client, name: &str) {
    let png = b.screenshot().await.expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    std::fs::write(dir.join(name), png).expect("writes the screenshot");
}

/// Steps `b`, signed in as `role`, through every step of the replay from the first, with the
/// page's own controls, checking each step against what was `kept` during play.
async fn walk(c: &WonsTable, b: &Client, role: &str, kept: &BTreeMap<i64, Vec<Seen>>) -> usize {
    let at = ROLES.iter().position(|r| *r == role).expect("a role");
    let count = kept.len() as i64;
    let secrets = match role {
        "umpire" => Vec::new(),
        side => secret_sentences(c, side).await,
    };
    let mut hidden_seen = 0;
    b.goto(&format!(
        "{}/campaigns/{}/replay?step=0&as={role}",
        c.app.url, c.id
    ))
    .await
    .expect("opens the replay");
    for n in 0..count {
        // The link or form has led to the next page once it names the step.
        let expected = format!("Step {} of {count}", n + 1);
        let mut line = String::new();
        for _ in 0..50 {
            line = shown_step(b).await;
            if line.starts_with(&expected) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        assert!(line.starts_with(&expected), "{role}: {line}");
        let then = &kept[&n][at];
        let board = board_text(b, "#board").await;
        assert_eq!(
            board, then.board,
            "step {n}: the board {role} is shown is the one its page showed then"
        );
        let (status, point) = c
            .app
            .get(
                &format!("/api/v1/campaigns/{}/replay/{n}?as={role}", c.id),
                Some(token(c, role)),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{point}");
        assert_eq!(point["view"], then.view, "step {n} as {role}");
        if role != "umpire" {
            let page = b.source().await.expect("html");
            let answer = point.to_string();
            // What the side had been shown by then, on its page or in its view.
            let by_then: String = kept
                .range(..=n)
                .flat_map(|(_, seen)| [seen[at].source.clone(), seen[at].view.to_string()])
                .collect();
            let hidden = hidden_from(role, &kept[&n][2].view, &by_then);
            hidden_seen += hidden.len();
            for name in &hidden {
                assert!(
                    !page.contains(name.as_str()),
                    "step {n}: the {role} replay page names {name}, which its page did not show then"
                );
                assert!(
                    !answer.contains(&format!("\"{name}\"")),
                    "step {n}: the {role} replay answer names {name}"
                );
            }
            for sentence in &secrets {
                assert!(
                    !page.contains(sentence.as_str()) && !answer.contains(sentence.as_str()),
                    "step {n}: the {role} replay shows the log entry '{sentence}'"
                );
            }
        }
        if n + 1 == count {
            break;
        }
        if n == 2 {
            // The slider: one step on with the arrow key, then Show.
            let slider = b
                .find(Locator::Id("replay-step"))
                .await
                .expect("the slider");
            slider
                .send_keys("\u{e014}")
                .await
                .expect("moves the slider");
            b.find(Locator::Id("replay-show"))
                .await
                .expect("Show")
                .click()
                .await
                .expect("shows");
        } else {
            b.find(Locator::Id("next-step"))
                .await
                .expect("the next step")
                .click()
                .await
                .expect("steps on");
        }
    }
    hidden_seen
}

#[tokio::test]
async fn each_reader_replays_twelve_hours_as_it_saw_them_and_no_more() {
    let Some(driver) = driver().await else { return };
    let c = WonsTable::long(2).await;
    let mut browsers = Vec::new();
    for name in ["soviet", "finn", "umpire"] {
        let b = sized_browser(&driver, 1280, 1000).await;
        sign_in(&b, &c.app, name).await;
        browsers.push(b);
    }
    let readers = Readers { browsers };
    let mut kept = BTreeMap::new();
    keep(&c, &readers, &mut kept).await;
    let battles = c
        .play_long_watching(0..12, async || keep(&c, &readers, &mut kept).await)
        .await;
    assert!(battles >= 2, "{battles} battles");
    assert_eq!(kept.len(), 13 + battles, "a step for each Hour and battle");

    // During play a side may not look through the other's eyes, nor the umpire's.
    for (b, own, other) in [
        (&readers.browsers[0], "soviet", "finnish"),
        (&readers.browsers[1], "finnish", "soviet"),
        (&readers.browsers[1], "finnish", "umpire"),
    ] {
        b.goto(&format!(
            "{}/campaigns/{}/replay?step=3&as={other}",
            c.app.url, c.id
        ))
        .await
        .expect("asks");
        let page = b.source().await.expect("html");
        assert!(page.contains("saw itself"), "{own} as {other}: {page}");
        assert!(!page.contains("id=\"board\""), "{own} as {other}");
        let (status, body) = c
            .app
            .get(
                &format!("/api/v1/campaigns/{}/replay/3?as={other}", c.id),
                Some(token(&c, own)),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{own} as {other}: {body}");
    }

    // Each reader steps through the whole story.
    let mut hidden = BTreeMap::new();
    for (role, b) in ROLES.iter().zip(&readers.browsers) {
        hidden.insert(*role, walk(&c, b, role, &kept).await);
    }
    assert!(
        hidden["soviet"] > 0 && hidden["finnish"] > 0,
        "each side had enemies hidden from it at some step: {hidden:?}"
    );

    // Stepping by battle: from the start, the next-battle link leads to the first battle's step,
    // and on to the next.
    let soviet = &readers.browsers[0];
    soviet
        .goto(&format!(
            "{}/campaigns/{}/replay?step=0&as=soviet",
            c.app.url, c.id
        ))
        .await
        .expect("opens the replay");
    assert!(soviet.find(Locator::Id("previous-battle")).await.is_err());
    for k in 1..=2 {
        soviet
            .find(Locator::Id("next-battle"))
            .await
            .expect("the next battle")
            .click()
            .await
            .expect("steps to the battle");
        let title = wait_for_text(soviet, "step-battle", |t| {
            t.starts_with(&format!("After battle {k} at "))
        })
        .await;
        let current = soviet
            .find(Locator::Css("#replay-battles [aria-current=step]"))
            .await
            .expect("the battle is marked in the list")
            .text()
            .await
            .expect("text");
        assert!(current.contains(&title), "{current}");
    }
    keep_screenshot(soviet, "replay-soviet-1280.png").await;

    // The umpire may look through either side's eyes; the board is that side's.
    let umpire = &readers.browsers[2];
    umpire
        .goto(&format!(
            "{}/campaigns/{}/replay?step=5&as=finnish",
            c.app.url, c.id
        ))
        .await
        .expect("opens the replay");
    assert_eq!(board_text(umpire, "#board").await, kept[&5][1].board);
    keep_screenshot(umpire, "replay-umpire-1280.png").await;

    // On a phone the page fits the width; the board scrolls inside its card.
    let phone = sized_browser(&driver, 390, 844).await;
    sign_in(&phone, &c.app, "finn").await;
    phone
        .goto(&format!(
            "{}/campaigns/{}/replay?step=6&as=finnish",
            c.app.url, c.id
        ))
        .await
        .expect("opens the replay");
    let widths = phone
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .expect("widths");
    assert!(
        widths[0].as_i64() <= widths[1].as_i64(),
        "the page fits a phone: {widths}"
    );
    keep_screenshot(&phone, "replay-finnish-390.png").await;
    phone.close().await.ok();
    for b in readers.browsers {
        b.close().await.ok();
    }
}
