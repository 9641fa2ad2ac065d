//! Every page type for each role (the assisted games' entry forms by one calculation and one
//! action of Red Winter), at a desktop's width (1280 px) and a phone's (390 px): a
//! screenshot of each into `target/screenshots/tour/`, no serious or critical violation by
//! axe-core, and every page's HTML valid to the Nu HTML checker (`vnu`). `.ci/run` installs
//! axe-core and vnu from npm into `target/tools/`; without them the checks say so loudly (and
//! fail in CI).

use super::{driver, sign_in, sized_browser};
use crate::common::{Sides, TestApp};
use crate::games::wons::client::WonsTable;
use fantoccini::{Client, Locator};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const WIDTHS: [(u32, u32, &str); 2] = [(1280, 900, "desktop"), (390, 844, "phone")];

fn tools() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tools/node_modules")
}

/// axe-core's script, or a loud note (a failure in CI) that it is missing.
fn axe_source() -> Option<String> {
    let path = tools().join("axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(_) => {
            let message = format!(
                "ACCESSIBILITY CHECK DID NOT RUN: {} is missing. Install it with: \
                 npm install --prefix target/tools axe-core@4.14.1 vnu-jar@26.9.27",
                path.display()
            );
            assert!(std::env::var_os("CI").is_none(), "{message}");
            eprintln!("\n*** {message} ***\n");
            None
        }
    }
}

/// Another campaign of `game` on the table's server, with the same umpire and players.
async fn another(sides: &Sides, name: &str, game: &str) -> String {
    another_with(sides, json!({"name": name, "game": game})).await
}

/// Another campaign as `campaign` says, on the table's server, with the same umpire and players.
async fn another_with(sides: &Sides, campaign: Value) -> String {
    let app: &TestApp = &sides.app;
    let (status, created) = app
        .post("/api/v1/campaigns", Some(&sides.umpire), campaign)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_owned();
    app.join(&sides.umpire, &id, &sides.soviet, "soviet").await;
    app.join(&sides.umpire, &id, &sides.finn, "finnish").await;
    id
}

/// `tail` of campaign `id`'s API as the holder of `token`, which must succeed.
async fn ok(sides: &Sides, token: &str, id: &str, tail: &str, body: Value) -> Value {
    let (status, answer) = sides
        .app
        .post(&format!("/api/v1/campaigns/{id}/{tail}"), Some(token), body)
        .await;
    assert_eq!(status, StatusCode::OK, "{tail}: {answer}");
    answer
}

/// Talvisota's first turn up to the Finnish harassment: the Soviet player organises and fills
/// the command sheet, the Finn answers it, and every combat is revealed, so the pages carry a
/// command sheet and a combat report.
async fn talvisota_to_harassment(sides: &Sides, id: &str) {
    use crate::games::talvisota::client::finnish_plan;
    use crate::games::talvisota::plans::{sheet_to_leningrad, soviet_plan};
    ok(sides, &sides.umpire, id, "talvisota/advance", json!({})).await;
    let path = format!("/api/v1/campaigns/{id}/talvisota/view");
    let soviet = sides.app.get(&path, Some(&sides.soviet)).await.1;
    let moves = sheet_to_leningrad(&soviet);
    let soviet = ok(
        sides,
        &sides.soviet,
        id,
        "talvisota/organisation",
        json!({ "moves": moves }),
    )
    .await;
    let plan = soviet_plan(&soviet).expect("an attack on the first turn");
    ok(sides, &sides.soviet, id, "talvisota/soviet-sheet", plan).await;
    let finn = sides.app.get(&path, Some(&sides.finn)).await.1;
    ok(
        sides,
        &sides.finn,
        id,
        "talvisota/finnish-sheet",
        finnish_plan(&finn),
    )
    .await;
    let soviet = sides.app.get(&path, Some(&sides.soviet)).await.1;
    for a in soviet["sheet"]["allocations"]
        .as_array()
        .expect("the sheet")
    {
        ok(
            sides,
            &sides.soviet,
            id,
            "talvisota/combats",
            json!({"placement": a["placement"]}),
        )
        .await;
    }
}

/// Ends `times` phases of assisted campaign `id` as the umpire, so its log has something to say.
async fn advance_assisted(sides: &Sides, id: &str, times: usize) {
    for _ in 0..times {
        ok(sides, &sides.umpire, id, "table/advance", json!({})).await;
    }
}

/// The serious and critical violations axe-core finds on the page, one line each.
async fn axe(b: &Client, source: &str) -> Vec<String> {
    // A script run by the driver is not held to the page's Content-Security-Policy, which
    // refuses inline scripts.
    b.execute(&format!("{source}\nreturn typeof axe;"), Vec::new())
        .await
        .expect("axe-core loads");
    let found = b
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations
               .filter(v => v.impact === 'serious' || v.impact === 'critical')
               .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' +
                    v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))))
               .catch(e => done(['axe failed: ' + e]));",
            Vec::new(),
        )
        .await
        .expect("axe-core runs");
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A Chrome DevTools command through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct Cdp(&'static str, Value);

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.0, "params": self.1});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// A screenshot of the whole page, however long, at the window's width.
async fn shoot(b: &Client, width: u32, height: u32, file: &Path) {
    let full = b
        .execute("return document.documentElement.scrollHeight", Vec::new())
        .await
        .ok()
        .and_then(|v| v.as_u64())
        .unwrap_or(u64::from(height));
    let tall = u32::try_from(full).unwrap_or(height).clamp(height, 9000);
    let metrics = |h: u32| json!({"width": width, "height": h, "deviceScaleFactor": 1, "mobile": width < 500});
    b.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", metrics(tall)))
        .await
        .expect("the page grows to its length");
    let png = b.screenshot().await.expect("a screenshot");
    std::fs::write(file, png).expect("writes the screenshot");
    b.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", metrics(height)))
        .await
        .expect("the page goes back to the window");
}

#[tokio::test]
async fn every_page_for_every_role_at_both_widths() {
    let Some(driver) = driver().await else { return };
    let axe_js = axe_source();
    let wons = WonsTable::contact().await;
    wons.open_battle_at_c().await;
    let talvisota = another(&wons, "Mannerheim Line", "talvisota").await;
    let red_winter = another(&wons, "Kollaa front", "red_winter").await;
    // A WoNS campaign whose Hour is open for orders: the side pages carry their order forms.
    let wons_orders = another(&wons, "Raate road", "wons").await;
    // Winter War from its shipped Historical pack, so its table shows the board.
    let winter_war = another_with(
        &wons,
        json!({"name": "Salla", "game": "winter_war",
               "scenario": {"pack": "winter-war-historical",
                            "options": {"fog_of_war": true, "historical": true}}}),
    )
    .await;
    // A Winter War with its earlier start (Opt H), whose log tells of construction finished.
    let a_winter_war = another_with(
        &wons,
        json!({"name": "Petsamo", "game": "a_winter_war",
               "scenario": {"options": {"earlier_start": true}}}),
    )
    .await;
    // Talvisota's first turn up to the harassment: the map holds counters, the pages a command
    // sheet and a combat report.
    talvisota_to_harassment(&wons, &talvisota).await;
    // The assisted games' logs say what ended and what comes next.
    for id in [&red_winter, &winter_war, &a_winter_war] {
        advance_assisted(&wons, id, 12).await;
    }
    // A scenario pack the umpire imported and published: the library lists it, its owner edits
    // its text, the players read it.
    let (status, pack) = wons
        .app
        .post(
            "/api/v1/packs",
            Some(&wons.umpire),
            json!({"game": "red_winter",
                   "text": include_str!("../../../scenarios/assisted/red-winter-example.toml")}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{pack}");
    let pack = pack["id"].as_str().unwrap_or_default().to_owned();
    let (status, published) = wons
        .app
        .post(
            &format!("/api/v1/packs/{pack}/publish"),
            Some(&wons.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{published}");
    let base = wons.app.url.clone();
    let (status, invite) = wons
        .app
        .post(
            &format!("/api/v1/campaigns/{}/invites", wons.id),
            Some(&wons.umpire),
            json!({"role": "soviet"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{invite}");
    let invite_code = invite["code"].as_str().unwrap_or_default().to_owned();

    let mut pages: Vec<(Option<&str>, String, String)> = Vec::new();
    for (name, path) in [
        ("home", "/".to_owned()),
        ("signin", "/signin".to_owned()),
        ("signup", "/signup".to_owned()),
        ("verify", "/dice/verify".to_owned()),
        ("wons-rules", "/games/wons/rules".to_owned()),
        ("talvisota-rules", "/talvisota/rules".to_owned()),
        ("invite", format!("/invites/{invite_code}")),
        ("not-found", "/no-such-page".to_owned()),
    ] {
        pages.push((None, name.to_owned(), path));
    }
    for role in ["umpire", "soviet", "finn"] {
        let mut add = |name: &str, path: String| pages.push((Some(role), name.to_owned(), path));
        add("your-move", "/".into());
        add("campaigns", "/campaigns".into());
        add("account", "/account".into());
        add("tokens", "/account/tokens".into());
        add("notifications", "/account/notifications".into());
        add("packs", "/packs".into());
        add("pack-import", "/packs/import".into());
        add("pack-page", format!("/packs/{pack}"));
        for (game, id, tail) in [
            ("wons", &wons.id, "wons"),
            ("talvisota", &talvisota, "talvisota"),
            ("red-winter", &red_winter, "table"),
        ] {
            add(&format!("{game}-campaign"), format!("/campaigns/{id}"));
            add(&format!("{game}-game"), format!("/campaigns/{id}/{tail}"));
            add(&format!("{game}-dice"), format!("/campaigns/{id}/dice"));
            add(&format!("{game}-talk"), format!("/campaigns/{id}/talk"));
            add(
                &format!("{game}-replay"),
                format!("/campaigns/{id}/replay?step=0"),
            );
        }
        add("wons-heroes", format!("/campaigns/{}/heroes", wons.id));
        // The after-action report is the umpire's while the campaign goes on.
        if role == "umpire" {
            add("wons-report", format!("/campaigns/{}/report", wons.id));
        }
        add(
            "wons-battles",
            format!("/campaigns/{}/wons/battles", wons.id),
        );
        add("wons-orders", format!("/campaigns/{wons_orders}/wons"));
        add("winter-war-game", format!("/campaigns/{winter_war}/table"));
        add(
            "a-winter-war-game",
            format!("/campaigns/{a_winter_war}/table"),
        );
        add(
            "a-winter-war-sequence",
            format!("/campaigns/{a_winter_war}/table/sequence"),
        );
        add(
            "red-winter-rules",
            format!("/campaigns/{red_winter}/table/rules"),
        );
        add(
            "red-winter-calculation",
            format!("/campaigns/{red_winter}/table/calculation/attack-strength"),
        );
        add(
            "red-winter-action",
            format!("/campaigns/{red_winter}/table/action/resolve-combat"),
        );
    }

    // `MOTTI_TOUR=wons-game` visits only the pages whose file name holds that text.
    if let Ok(only) = std::env::var("MOTTI_TOUR") {
        pages.retain(|(role, name, _)| {
            format!("{}-{name}", role.unwrap_or("visitor")).contains(&only)
        });
    }
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots/tour");
    std::fs::create_dir_all(&shots).expect("screenshot directory");
    let html_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/html-check");
    let _ = std::fs::remove_dir_all(&html_dir);
    std::fs::create_dir_all(&html_dir).expect("HTML directory");
    let mut problems: Vec<String> = Vec::new();
    for (width, height, label) in WIDTHS {
        let mut signed_in: Option<&str> = None;
        let mut b = sized_browser(&driver, width, height).await;
        for (role, name, path) in &pages {
            if *role != signed_in {
                b.close().await.ok();
                b = sized_browser(&driver, width, height).await;
                if let Some(user) = role {
                    sign_in(&b, &wons.app, user).await;
                }
                signed_in = *role;
            }
            let who = role.unwrap_or("visitor");
            let started = std::time::Instant::now();
            b.goto(&format!("{base}{path}"))
                .await
                .expect("opens the page");
            eprintln!("{path}: opened in {:?}", started.elapsed());
            b.wait()
                .for_element(Locator::Css("main"))
                .await
                .expect("the page's main part");
            let file = format!("{who}-{name}-{label}");
            // A page wider than the screen makes a phone zoom out or scroll sideways; name
            // what sticks out.
            let wide = b
                .execute(
                    "const w = arguments[0]; const out = [];
                     for (const e of document.querySelectorAll('body *')) {
                       const r = e.getBoundingClientRect();
                       let inside = false;
                       for (let a = e.parentElement; a && !inside; a = a.parentElement) {
                         inside = ['auto', 'scroll'].includes(getComputedStyle(a).overflowX);
                       }
                       if (r.right > w + 1 && !inside) {
                         out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                                  (e.className && e.className.baseVal === undefined ? '.' + e.className : '') +
                                  ' (' + Math.round(r.right) + ' px)');
                       }
                     }
                     return out.slice(0, 4);",
                    vec![json!(width)],
                )
                .await
                .expect("the width");
            if let Some(out) = wide.as_array().filter(|a| !a.is_empty()) {
                problems.push(format!("{file} ({path}): wider than the screen: {out:?}"));
            }
            let size = b
                .execute(
                    "return [document.documentElement.outerHTML.length, document.documentElement.scrollHeight]",
                    Vec::new(),
                )
                .await
                .expect("the page's size");
            eprintln!("{file}: {} bytes of HTML, {} px tall", size[0], size[1]);
            shoot(&b, width, height, &shots.join(format!("{file}.png"))).await;
            if let Some(js) = &axe_js {
                for v in axe(&b, js).await {
                    problems.push(format!("{file} ({path}): {v}"));
                }
            }
            if label == "desktop" {
                // The driver gives the document without its doctype.
                let html = format!("<!DOCTYPE html>\n{}", b.source().await.expect("the HTML"));
                std::fs::write(html_dir.join(format!("{file}.html")), html).expect("writes HTML");
            }
            // The words are the same at both widths.
            if label == "desktop" {
                for found in codes_shown(&b).await {
                    problems.push(format!("{file} ({path}): {found}"));
                }
            }
        }
        b.close().await.ok();
    }
    problems.extend(validate_html(&html_dir));
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Words people may read although they look like codes. Add a word only when it is really
/// prose, never to let an id through.
const PROSE: &[&str] = &["32-bit", "64-bit"];

/// The ids and codes the page shows people, one line each with the words around them: its
/// text with every `<details>` opened, what its fields hold and what its lists offer. What the
/// page marks as code (`<code>`, `<kbd>`, `<samp>`: an API path, a file format's field, a dice
/// expression to type) is meant to be read as such and is left out, as is a text box marked as
/// holding a file's source text (`textarea.source`, a scenario pack's TOML); the page is not used
/// after.
async fn codes_shown(b: &Client) -> Vec<String> {
    let found = b
        .execute(
            r#"for (const d of document.querySelectorAll('details')) d.open = true;
               for (const c of document.querySelectorAll('code, kbd, samp')) c.remove();
               const parts = [document.body.innerText];
               for (const e of document.querySelectorAll('textarea:not(.source), input:not([type])')) {
                 if (e.value) parts.push(e.value);
               }
               for (const e of document.querySelectorAll('input[type=text], input[type=search]')) {
                 if (e.value) parts.push(e.value);
               }
               for (const o of document.querySelectorAll('option')) parts.push(o.textContent);
               const text = parts.join('\n');
               const allow = arguments[0];
               const kinds = [
                 ['a code in snake_case', /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g],
                 ['an id', /\b(?=[a-z0-9-]*[0-9])(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)+\b/g],
                 ['a 32-digit hex id', /\b[0-9a-f]{32}\b/g],
                 ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g],
                 ['a code in brackets', /\((?=[a-z0-9_-]*[a-z])(?:[a-z0-9]+[_-])+[a-z0-9]+\)/g],
                 ['Rust debug output', /\b(?:Some|Ok|Err)\(|\b[A-Z][A-Za-z]+ \{ [a-z_]+: /g],
               ];
               const out = [];
               for (const [kind, re] of kinds) {
                 for (const m of text.matchAll(re)) {
                   if (allow.includes(m[0])) continue;
                   const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)
                     .replace(/\s+/g, ' ');
                   const line = kind + ' “' + m[0] + '” in “…' + around + '…”';
                   if (!out.includes(line)) out.push(line);
                 }
               }
               return out.slice(0, 20);"#,
            vec![json!(PROSE)],
        )
        .await
        .expect("the page's words");
    found
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(|s| format!("shows {s}")))
                .collect()
        })
        .unwrap_or_default()
}

/// The Nu HTML checker's errors for every page saved in `dir`, one line each.
fn validate_html(dir: &Path) -> Vec<String> {
    let jar = tools().join("vnu-jar/build/dist/vnu.jar");
    if !jar.exists() {
        let message = format!(
            "HTML CHECK DID NOT RUN: {} is missing. Install it with: npm install --prefix target/tools vnu-jar@26.9.27",
            jar.display()
        );
        assert!(std::env::var_os("CI").is_none(), "{message}");
        eprintln!("\n*** {message} ***\n");
        return Vec::new();
    }
    let out = std::process::Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(["--errors-only", "--format", "gnu", "--skip-non-html"])
        .arg(dir)
        .output()
        .expect("java runs the Nu HTML checker (install default-jre-headless)");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .chain(String::from_utf8_lossy(&out.stdout).lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.replace(&format!("{}/", dir.display()), ""))
        .collect()
}
