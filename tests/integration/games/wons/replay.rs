//! Replay: every step of a WoNS campaign's story (each new Hour, the start, and just after each
//! battle's result) reads back, as each side and the umpire, exactly as that reader's view was
//! when the step began, however much was learned afterwards; during play a side may not look through the other's eyes or the
//! umpire's; after the end everyone may.

use super::client::WonsTable;
use reqwest::{Client, StatusCode};
use serde_json::Value;
use std::collections::BTreeMap;

const ROLES: [&str; 3] = ["soviet", "finnish", "umpire"];

impl WonsTable {
    fn token_of(&self, role: &str) -> &str {
        match role {
            "soviet" => &self.soviet,
            "finnish" => &self.finn,
            _ => &self.umpire,
        }
    }

    async fn step_count(&self) -> i64 {
        let path = format!("/api/v1/campaigns/{}/replay", self.id);
        let (status, body) = self.app.get(&path, Some(&self.umpire)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["count"].as_i64().expect("count")
    }

    /// When the last command began a new step, every reader's view as it is now, kept under
    /// that step's number.
    async fn keep_new_step(&self, kept: &mut BTreeMap<i64, Vec<Value>>) {
        let newest = self.step_count().await - 1;
        if kept.contains_key(&newest) {
            return;
        }
        let mut views = Vec::new();
        for role in ROLES {
            views.push(self.view(self.token_of(role)).await);
        }
        kept.insert(newest, views);
    }

    async fn replayed(&self, token: &str, n: i64, role: &str) -> (StatusCode, Value) {
        let path = format!("/api/v1/campaigns/{}/replay/{n}?as={role}", self.id);
        self.app.get(&path, Some(token)).await
    }
}

#[tokio::test]
async fn each_step_reads_back_as_each_reader_saw_it_then() {
    let c = WonsTable::long(2).await;
    let mut kept = BTreeMap::new();
    c.keep_new_step(&mut kept).await;
    // Twelve Hours, a battle opening at the start of every round of four (as the benchmark's
    // long campaign plays them).
    let battles = c
        .play_long_watching(0..12, async || c.keep_new_step(&mut kept).await)
        .await;
    assert!(battles >= 2, "the story holds battles ({battles})");
    assert_eq!(
        kept.len() as i64,
        c.step_count().await,
        "one step for the start, one for each new Hour and one after each battle, and no other"
    );
    assert_eq!(kept.len(), 13 + battles);
    let only = the_battle_steps(&c, battles).await;
    every_step_reads_back_as_then(&c, &kept).await;
    a_side_looks_only_through_its_own_eyes(&c, &kept).await;
    let b = the_replay_page(&c, battles, &only).await;
    let report = the_after_action_report(&c, &b, battles).await;
    after_the_end(&c, &b, &report, battles, &kept).await;
}

/// The replay lists a step per Hour and per battle; stepping by battle, each battle's step
/// shows it decided and the step before it pending. Returns the battle steps.
async fn the_battle_steps(c: &WonsTable, battles: usize) -> Vec<Value> {
    let steps = format!("/api/v1/campaigns/{}/replay", c.id);
    let (_, listed) = c.app.get(&steps, Some(&c.finn)).await;
    let listed = listed["steps"].as_array().expect("steps").clone();
    let of_kind = |kind: &str| listed.iter().filter(|s| s["kind"] == kind).count();
    assert_eq!((of_kind("turn"), of_kind("battle")), (13, battles));
    let (_, only) = c
        .app
        .get(&format!("{steps}?kind=battle"), Some(&c.soviet))
        .await;
    let only = only["steps"].as_array().expect("steps").clone();
    assert_eq!(only.len(), battles, "{only:?}");
    for (k, s) in only.iter().enumerate() {
        let label = s["label"].as_str().expect("a battle step has words");
        assert!(
            label.starts_with(&format!("After battle {} at ", k + 1)),
            "{label}"
        );
        // The battle's step keeps the state just after its result: the battle reads decided.
        let n = s["n"].as_i64().expect("n");
        let status_at = async |n: i64| {
            let (_, point) = c.replayed(&c.soviet, n, "soviet").await;
            point["view"]["battles"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|b| b["id"] == k as u64 + 1)
                .map(|b| b["status"]["status"].clone())
        };
        let after = status_at(n).await.expect("the battle is in the view");
        assert_ne!(after, "pending", "battle {}", k + 1);
        assert_eq!(
            status_at(n - 1).await.expect("the battle is in the view"),
            "pending",
            "the step before a battle step shows it pending"
        );
    }
    only
}

/// Long after, every step reads back as each reader saw it when it began.
async fn every_step_reads_back_as_then(c: &WonsTable, kept: &BTreeMap<i64, Vec<Value>>) {
    for (n, views) in kept {
        for (role, then) in ROLES.iter().zip(views) {
            let (status, point) = c.replayed(c.token_of(role), *n, role).await;
            assert_eq!(status, StatusCode::OK, "step {n} as {role}: {point}");
            assert_eq!(
                &point["view"], then,
                "step {n} as {role} differs from what it saw then"
            );
            // The log stops where the step began, and holds only what the reader could read.
            for e in point["log"].as_array().expect("log") {
                let audience = e["audience"].as_str().expect("audience");
                assert!(
                    *role == "umpire" || audience == "public" || audience == *role,
                    "step {n} shows {role} an entry for {audience}: {e}"
                );
            }
        }
    }
    let (_, first) = c.replayed(&c.soviet, 1, "soviet").await;
    let (_, now) = c.replayed(&c.soviet, 12, "soviet").await;
    assert!(
        first["log"].as_array().map_or(0, Vec::len) < now["log"].as_array().map_or(0, Vec::len)
            || first["log"] != now["log"],
        "an earlier step's log stops earlier"
    );
}

/// During play a side looks only through its own eyes.
async fn a_side_looks_only_through_its_own_eyes(c: &WonsTable, kept: &BTreeMap<i64, Vec<Value>>) {
    for (token, other) in [
        (&c.soviet, "finnish"),
        (&c.soviet, "umpire"),
        (&c.finn, "soviet"),
        (&c.finn, "umpire"),
    ] {
        let (status, body) = c.replayed(token, 3, other).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(body.to_string().contains("saw itself"), "{body}");
    }
    // Without `as`, a side gets its own view.
    let path = format!("/api/v1/campaigns/{}/replay/3", c.id);
    let (status, own) = c.app.get(&path, Some(&c.finn)).await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(own["role"], "finnish");
    assert_eq!(own["view"], kept[&3][1]);
    let (status, _) = c.replayed(&c.soviet, 99, "soviet").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The page: the board then, a slider over every step and the log, as the reader saw it.
async fn the_replay_page(c: &WonsTable, battles: usize, only: &[Value]) -> Client {
    let b = c.app.signed_in("soviet", "the Soviet browser").await;
    let page = c
        .app
        .html(&b, &format!("/campaigns/{}/replay?step=2", c.id))
        .await;
    assert!(
        page.contains(&format!("Step 3 of {}", 13 + battles)),
        "{page}"
    );
    // Stepping by battle: the first battle's step links to the next and back to none before.
    let first_battle = only[0]["n"].as_i64().expect("n");
    let page = c
        .app
        .html(
            &b,
            &format!("/campaigns/{}/replay?step={first_battle}", c.id),
        )
        .await;
    assert!(page.contains("After battle 1 at "), "{page}");
    assert!(!page.contains(r#"id="previous-battle""#), "{page}");
    let second = only[1]["n"].as_i64().expect("n");
    assert!(
        page.contains(&format!(
            r#"href="/campaigns/{}/replay?step={second}&amp;as=soviet" id="next-battle""#,
            c.id
        )),
        "{page}"
    );
    assert!(page.contains(r#"aria-current="step""#), "{page}");
    assert_eq!(
        page.matches("<option value=").count(),
        battles,
        "the slider marks each battle"
    );
    assert!(page.contains("<svg"), "the board is drawn");
    assert!(page.contains(r#"type="range""#));
    assert!(
        !page.contains("the Finnish player</option>"),
        "no other role is offered in play"
    );
    let refused = b
        .get(format!(
            "{}/campaigns/{}/replay?as=finnish",
            c.app.url, c.id
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    b
}

/// The after-action report: the umpire's at any time, a side's once the campaign has ended.
async fn the_after_action_report(c: &WonsTable, b: &Client, battles: usize) -> String {
    let report = format!("{}/campaigns/{}/report", c.app.url, c.id);
    let refused = b.get(&report).send().await.expect("request");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let umpire = c.app.signed_in("umpire", "the umpire's browser").await;
    let page = c
        .app
        .html(&umpire, &format!("/campaigns/{}/report", c.id))
        .await;
    assert!(page.contains("after-action report"), "{page}");
    // The boards after battles are the moments just after their results, not their declarations.
    assert!(
        page.contains("The start") && page.contains("After battle 1 at "),
        "{page}"
    );
    assert!(!page.contains("waits to be fought"), "{page}");
    assert!(page.matches("<svg").count() >= 4, "boards and dice charts");
    assert!(page.contains("Chi-square"), "{page}");
    let tracks = page
        .split("id=\"report-tracks\"")
        .nth(1)
        .expect("the fatigue charts");
    assert!(page.contains("Fatigue over the campaign"), "{page}");
    assert!(
        tracks.contains("1st Rifle Platoon: fatigue over the campaign"),
        "{tracks}"
    );
    assert!(tracks.matches("class=\"track\"").count() >= 6, "{tracks}");
    // Each battle on its card: where, both sides' platoons by name, the result, each side's
    // casualties and Force Morale at the end, and its heroes; names only, never an id.
    let told = page
        .split("id=\"report-battles\"")
        .nth(1)
        .expect("the battles");
    assert_eq!(
        told.matches("class=\"card battle-card\"").count(),
        battles,
        "{told}"
    );
    for n in 1..=battles {
        assert!(
            told.contains(&format!("Battle {n}: ")),
            "battle {n}: {told}"
        );
    }
    for words in [
        "1st Rifle Platoon",
        "1st Platoon, 3rd Company",
        "1 missing",
        "Force Morale at the end",
        "the initiative passed to the",
        "Heroes",
    ] {
        assert!(told.contains(words), "{words}: {told}");
    }
    for id in ["fin-r", "fin-1", "sov-"] {
        assert!(!told.contains(id), "the battles name {id}");
    }
    // The board where the initiative changed hands (every battle here is won by its defender),
    // and the decisive numbers.
    assert!(page.contains("The initiative passed to the"), "{page}");
    for number in [
        "Changes of initiative",
        "Battles the Finnish side won",
        "Men the Soviet side lost in them",
    ] {
        assert!(page.contains(number), "{number}: {page}");
    }
    assert!(
        page.matches("class=\"card board moment\"").count() <= 12,
        "the boards are bounded"
    );
    report
}

/// After the end, everyone sees everything.
async fn after_the_end(
    c: &WonsTable,
    b: &Client,
    report: &str,
    battles: usize,
    kept: &BTreeMap<i64, Vec<Value>>,
) {
    c.finish().await;
    let read = b.get(report).send().await.expect("request");
    assert_eq!(read.status(), StatusCode::OK);
    let file = b
        .get(format!("{report}?download=1"))
        .send()
        .await
        .expect("request");
    let disposition = file.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    let html = file.text().await.expect("body");
    assert!(
        html.contains("<style>") && html.contains("The end"),
        "{html}"
    );
    // One file: nothing it needs is fetched, and nothing runs.
    for outside in ["<script", "src=", "rel=\"stylesheet\"", "@import", "url("] {
        assert!(
            !html.contains(outside),
            "the report file refers to {outside}"
        );
    }
    // Names only, and each board with ids of its own beside the others.
    for id in ["sov-", "fin-1", "fin-r"] {
        assert!(!html.contains(id), "the report file names {id}");
    }
    let mut ids = std::collections::BTreeSet::new();
    for id in html
        .split(" id=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
    {
        assert!(ids.insert(id), "id {id} twice in the report file");
    }
    print_report(&html);
    open_offline(&html, battles).await;
    let (status, point) = c.replayed(&c.soviet, 3, "finnish").await;
    assert_eq!(status, StatusCode::OK, "{point}");
    assert_eq!(point["view"], kept[&3][1]);
    let (status, _) = c.replayed(&c.finn, 3, "umpire").await;
    assert_eq!(status, StatusCode::OK);
}

/// Opens the downloaded report from a file in headless Chromium with no network, and checks that
/// it asked for nothing outside itself, ran nothing, took its style from within, and drew its
/// battles, boards and charts.
async fn open_offline(html: &str, battles: usize) {
    let Some(driver) = crate::browser::driver().await else {
        return;
    };
    let file = std::env::temp_dir().join(format!(
        "motti-report-{}.html",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::write(&file, html).expect("writes the report");
    let b = crate::browser::offline_browser(&driver).await;
    b.goto(&format!("file://{}", file.display()))
        .await
        .expect("the file opens");
    let seen = b
        .execute(
            "const shown = s => s.getBoundingClientRect().width > 0;
             // A board comes drawn twice, wide and narrow, and the screen shows one of them.
             const blank = [...document.querySelectorAll('svg')]
                 .filter(s => getComputedStyle(s).display !== 'none' && !shown(s)).length;
             const card = document.querySelector('.battle-card');
             return {
               requests: performance.getEntriesByType('resource').map(r => r.name),
               scripts: document.scripts.length,
               outside: document.querySelectorAll('[src], link[href], object, iframe, embed').length,
               cards: document.querySelectorAll('.battle-card').length,
               boards: [...document.querySelectorAll('.moment svg')].filter(shown).length,
               tracks: [...document.querySelectorAll('svg.track')].filter(shown).length,
               dice: [...document.querySelectorAll('svg.histogram')].filter(shown).length,
               blank: blank,
               styled: card ? getComputedStyle(card).borderTopLeftRadius : '',
               text: document.body.innerText,
             };",
            vec![],
        )
        .await
        .expect("the page answers");
    let _ = b.close().await;
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        seen["requests"],
        serde_json::json!([]),
        "nothing is fetched"
    );
    assert_eq!(seen["scripts"], 0, "nothing runs");
    assert_eq!(seen["outside"], 0, "nothing is embedded from elsewhere");
    assert_eq!(seen["cards"], battles, "a card for each battle");
    assert!(seen["boards"].as_u64() >= Some(3), "boards: {seen}");
    assert!(seen["tracks"].as_u64() >= Some(6), "fatigue charts: {seen}");
    assert_eq!(
        seen["drawn"], seen["svgs"],
        "every drawing takes room on the page"
    );
    assert_eq!(seen["styled"], "6px", "the style inside the file applies");
    let text = seen["text"].as_str().expect("text");
    for words in [
        "Battle 1: ",
        "attackers",
        "defenders",
        "Casualties",
        "Chi-square",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
}

/// Prints the downloaded report to PDF with headless Chromium, the network shut off, and keeps
/// a screenshot of it beside the browser suite's.
fn print_report(html: &str) {
    let chromium = std::path::Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        let message = "REPORT PRINT DID NOT RUN: Chromium is missing (apt-get install chromium)";
        assert!(std::env::var_os("CI").is_none(), "{message}");
        eprintln!("\n*** {message} ***\n");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    let file = dir.join("after-action-report.html");
    std::fs::write(&file, html).expect("writes the report");
    let profile =
        std::env::temp_dir().join(format!("motti-report-{}", uuid::Uuid::new_v4().simple()));
    for out in [
        format!(
            "--print-to-pdf={}",
            dir.join("after-action-report.pdf").display()
        ),
        format!(
            "--screenshot={}",
            dir.join("after-action-report.png").display()
        ),
    ] {
        let status = std::process::Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-pdf-header-footer",
                // Networking off: any address at all would fail.
                "--proxy-server=127.0.0.1:9",
                "--proxy-bypass-list=<-loopback>",
                "--window-size=1280,3000",
                &format!("--user-data-dir={}", profile.display()),
                &out,
                &format!("file://{}", file.display()),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("chromium runs");
        assert!(status.success(), "chromium {out}");
    }
    let pdf = std::fs::read(dir.join("after-action-report.pdf")).expect("the PDF");
    assert!(
        pdf.starts_with(b"%PDF") && pdf.len() > 10_000,
        "a PDF of {} bytes",
        pdf.len()
    );
    let _ = std::fs::remove_dir_all(profile);
}

/// A side's report alone leaves the battle pending and makes no step; the other side's report
/// agreeing with it records the result, and the state after it becomes a battle step named for
/// the battle and its place, readable by both sides.
#[tokio::test]
async fn a_battle_step_is_kept_once_the_sides_reports_agree() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let before = c.step_count().await;
    let report = serde_json::json!({"winner": "finnish", "turns": 4});
    let (status, body) = c.post(&c.finn, "battles/1/result", report.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(c.step_count().await, before, "one side's report is no step");
    let (status, body) = c.post(&c.soviet, "battles/1/result", report).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(c.step_count().await, before + 1);
    for token in [&c.soviet, &c.finn] {
        let (status, point) = c.replayed(token, before, "").await;
        assert_eq!(status, StatusCode::OK, "{point}");
        assert_eq!(point["step"]["kind"], "battle", "{point}");
        let label = point["step"]["label"].as_str().expect("words");
        assert!(label.starts_with("After battle 1 at C "), "{label}");
        let battle = &point["view"]["battles"][0];
        assert_eq!(battle["status"]["status"], "decided", "{battle}");
    }
    let (_, listed) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{}/replay?kind=turn", c.id),
            Some(&c.finn),
        )
        .await;
    assert!(
        listed["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .all(|s| s["kind"] == "turn" && s["label"].is_null()),
        "{listed}"
    );
}
