//! Hostile uploads: every upload endpoint sent a 10,000-deep document is refused with a 4xx and
//! the server answers after; and every upload route fed the worst shapes that fit its size limit
//! (long arrays, a table on every line, huge single lines, nesting at the limit, NUL and control
//! characters), several at once, against the real binary, answers each within seconds while
//! `/readyz` keeps answering another client.

use crate::common::{
    MottiProcess, TestApp, error_code, error_message, free_port, migrated_database,
};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

fn deep(open: &str, close: &str) -> String {
    format!("x = {}1{}\n", open.repeat(10_000), close.repeat(10_000))
}

async fn still_answers(app: &TestApp, token: &str) {
    let (status, body) = app.get("/api/v1/campaigns", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let res = app
        .api()
        .get(format!("{}/healthz", app.url))
        .send()
        .await
        .expect("the server still answers");
    assert!(res.status().is_success());
}

#[tokio::test]
async fn deep_documents_to_every_upload_are_refused_and_the_server_lives() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    for (open, close) in [("[", "]"), ("{a = ", "}")] {
        let text = deep(open, close);
        let bodies = [
            json!({"name": "deep pack", "game": "wons", "scenario": text}),
            json!({"name": "deep map", "game": "talvisota", "scenario": {"map": text}}),
            json!({"name": "deep counters", "game": "talvisota", "scenario": {"counters": text}}),
        ];
        for body in bodies {
            let (status, answer) = app.post("/api/v1/campaigns", Some(&token), body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert_eq!(error_code(&answer), "invalid_scenario");
            let message = answer["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains("10000 deep"), "{message}");
            still_answers(&app, &token).await;
        }
    }
    // The JSON body itself 10,000 deep.
    let body = format!(
        "{{\"name\":\"x\",\"game\":\"talvisota\",\"scenario\":{}1{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let res = app
        .api()
        .post(format!("{}/api/v1/campaigns", app.url))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("sends");
    assert!(res.status().is_client_error(), "{}", res.status());
    still_answers(&app, &token).await;

    // The page form.
    let browser = app.browser();
    let res = browser
        .post(format!("{}/signin", app.url))
        .form(&[
            ("username", "umpire"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let text = deep("[", "]");
    let res = browser
        .post(format!("{}/campaigns", app.url))
        .form(&[("name", "deep"), ("game", "wons"), ("scenario", &text)])
        .send()
        .await
        .expect("posts the form");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(page.contains("10000 deep"), "the page names the problem");
    still_answers(&app, &token).await;
    let (_, list) = app.get("/api/v1/campaigns", Some(&token)).await;
    assert_eq!(
        list.as_array().map(Vec::len),
        Some(0),
        "nothing was created"
    );
}

#[tokio::test]
async fn a_huge_pack_is_refused_with_a_sentence() {
    let app = TestApp::spawn().await;
    let (_, token) = app.user("umpire").await;
    let text = format!("# {}\n", "x".repeat(600 * 1024));
    let (status, answer) = app
        .post(
            "/api/v1/campaigns",
            Some(&token),
            json!({"name": "huge", "game": "talvisota", "scenario": {"map": text}}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("at most"), "{message}");
}

/// How long an upload may take to be answered while the worst shapes arrive several at once, and
/// how long `/readyz` may take meanwhile: generous bounds, for the machine is shared; the figures
/// measured are printed.
const UPLOAD_WITHIN: Duration = Duration::from_secs(10);
const READY_WITHIN: Duration = Duration::from_secs(1);
/// How many copies of each shape arrive at once: more than the cores of a small machine.
const COPIES: usize = 3;
/// The size the shapes are built to: just under the 512 KiB a file may have.
const SIZE: usize = 500 * 1024;

/// The real binary on a database of its own, with an umpire's token.
struct Probe {
    app: TestApp,
    token: String,
    _server: MottiProcess,
}

impl Probe {
    async fn start() -> Probe {
        let (db_name, db_url) = migrated_database().await;
        let port = free_port();
        let server = MottiProcess::start(&db_url, port).await;
        let app = TestApp::attach(format!("http://127.0.0.1:{port}"), db_name).await;
        let (_, token) = app.user("umpire").await;
        Probe {
            app,
            token,
            _server: server,
        }
    }

    /// Sends `COPIES` of `body` to `path` at once while another client asks `/readyz` over and
    /// over: every copy is answered within `UPLOAD_WITHIN`, none with a 5xx, and `/readyz`
    /// within `READY_WITHIN` each time; answers the status and body of the first copy.
    async fn send(
        &self,
        shape: &str,
        method: Method,
        path: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        let stop = Arc::new(AtomicBool::new(false));
        let ready = tokio::spawn(watch_readyz(self.app.url.clone(), Arc::clone(&stop)));
        let mut copies = JoinSet::new();
        for _ in 0..COPIES {
            let request = self
                .app
                .api()
                .request(method.clone(), format!("{}{path}", self.app.url))
                .bearer_auth(&self.token)
                .json(&body);
            copies.spawn(async move {
                let started = Instant::now();
                let res = tokio::time::timeout(UPLOAD_WITHIN, request.send()).await;
                let took = started.elapsed();
                match res {
                    Ok(Ok(res)) => {
                        let status = res.status();
                        (
                            Some((status, res.json().await.unwrap_or(Value::Null))),
                            took,
                        )
                    }
                    _ => (None, took),
                }
            });
        }
        let mut first = None;
        let mut slowest = Duration::ZERO;
        while let Some(done) = copies.join_next().await {
            let (answer, took) = done.expect("the copy ran");
            slowest = slowest.max(took);
            let (status, body) = answer
                .unwrap_or_else(|| panic!("{shape} to {path}: no answer within {UPLOAD_WITHIN:?}"));
            assert!(
                !status.is_server_error(),
                "{shape} to {path}: {status} {body}"
            );
            first.get_or_insert((status, body));
        }
        stop.store(true, Ordering::Relaxed);
        let (ready_max, asked) = ready.await.expect("readyz watcher ran");
        println!(
            "{shape} to {path}: {COPIES} answered within {slowest:?}; /readyz asked {asked} times, slowest {ready_max:?}"
        );
        assert!(
            ready_max < READY_WITHIN,
            "{shape} to {path}: /readyz took {ready_max:?} while the uploads ran"
        );
        first.expect("at least one copy")
    }

    /// Creates a campaign of `game` with `scenario`, as `send`.
    async fn create(&self, shape: &str, game: &str, scenario: Value) -> (StatusCode, Value) {
        let body = json!({"name": shape, "game": game, "scenario": scenario});
        self.send(shape, Method::POST, "/api/v1/campaigns", body)
            .await
    }
}

/// Asks `/readyz` every 20 ms until `stop`; answers the slowest answer and how many were asked.
async fn watch_readyz(url: String, stop: Arc<AtomicBool>) -> (Duration, usize) {
    let client = reqwest::Client::new();
    let (mut slowest, mut asked) = (Duration::ZERO, 0);
    while !stop.load(Ordering::Relaxed) {
        let started = Instant::now();
        let answer =
            tokio::time::timeout(READY_WITHIN * 5, client.get(format!("{url}/readyz")).send())
                .await;
        let took = started.elapsed();
        assert!(
            matches!(&answer, Ok(Ok(res)) if res.status().is_success()),
            "/readyz did not answer within {took:?}"
        );
        slowest = slowest.max(took);
        asked += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (slowest, asked)
}

/// `line` repeated until the text reaches `SIZE`, after `head` and before `tail`.
fn filled(head: &str, line: &str, tail: &str) -> String {
    filled_to(SIZE, head, line, tail)
}

/// Control characters, which a JSON body carries as six-byte escapes: a sixth of `SIZE`, so
/// that the body stays within the 2 MiB a request may have and reaches the file's reader.
fn controls(head: &str, line: &str, tail: &str) -> String {
    filled_to(SIZE / 6, head, line, tail)
}

/// `line` repeated until the text reaches `size`, after `head` and before `tail`.
fn filled_to(size: usize, head: &str, line: &str, tail: &str) -> String {
    let mut text = String::from(head);
    while text.len() + line.len() + tail.len() < size {
        text.push_str(line);
    }
    text.push_str(tail);
    text
}

/// The worst TOML shapes for a file whose tables are called `table`.
fn toml_shapes(table: &str) -> Vec<(&'static str, String)> {
    let nest = format!("{}1{}", "[".repeat(16), "]".repeat(16));
    let mut keys = String::new();
    for n in 0.. {
        if keys.len() > SIZE - 40 {
            break;
        }
        keys.push_str(&format!("k{n} = {n}\n"));
    }
    let mut nested = String::new();
    for n in 0.. {
        if nested.len() > SIZE - 60 {
            break;
        }
        nested.push_str(&format!("n{n} = {nest}\n"));
    }
    vec![
        ("one long array", filled("x = [", "1,\n", "1]\n")),
        (
            "a table on every line",
            filled("", &format!("[[{table}]]\n"), ""),
        ),
        ("a key on every line", keys),
        ("one huge line", filled("title = \"", "a", "\"\n")),
        (
            "escaped control characters",
            filled("title = \"", "\\u0000\\u001b", "\"\n"),
        ),
        ("nesting at the limit on every line", nested),
        (
            "ten thousand deep at the end",
            filled("", "# padding\n", &deep("[", "]")),
        ),
        (
            "raw NUL and control characters",
            controls("", "\0\u{1b}\u{7f}\n", ""),
        ),
        ("an unclosed string", filled("title = \"", "a\\\"", "")),
    ]
}

/// The worst JSON shapes.
fn json_shapes() -> Vec<(&'static str, String)> {
    let nest = format!("{}1{}", "[".repeat(16), "]".repeat(16));
    vec![
        ("one long array", filled("[", "1,", "1]")),
        ("many keys", filled("{\"k\":1", ",\"k\":1", "}")),
        (
            "nesting at the limit, many times",
            filled("[", &format!("{nest},"), "1]"),
        ),
        ("one huge string", filled("\"", "a", "\"")),
        ("escaped NUL", filled("\"", "\\u0000", "\"")),
        ("ten thousand deep", deep("[", "]")),
        ("raw control characters", controls("[\"", "\u{1}", "\"]")),
    ]
}

/// The worst CSV shapes, after `header`.
fn csv_shapes(header: &str, row: &str) -> Vec<(&'static str, String)> {
    vec![
        ("one huge field", filled(&format!("{header}\n"), "a", "\n")),
        (
            "a row on every line",
            filled(&format!("{header}\n"), &format!("{row}\n"), ""),
        ),
        ("a column after column", filled("", "a,", "a\n")),
        (
            "NUL and control characters",
            controls(&format!("{header}\n"), "\0\u{1b},", "\n"),
        ),
        (
            "an unclosed quote",
            filled(&format!("{header}\n\""), "a", "\n"),
        ),
        ("empty lines", filled(&format!("{header}\n"), "\n", "")),
    ]
}

#[tokio::test]
async fn talvisota_maps_and_counter_sets_of_the_worst_shapes_are_answered_promptly() {
    let probe = Probe::start().await;
    for file in ["map", "counters"] {
        let table = if file == "map" { "space" } else { "unit" };
        for (shape, text) in toml_shapes(table) {
            let (status, body) = probe
                .create(shape, "talvisota", json!({ file: text }))
                .await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{file}, {shape}: {body}"
            );
            assert_eq!(error_code(&body), "invalid_scenario", "{file}, {shape}");
        }
    }
    // Files as large as a game may have are read, and one more of anything is refused.
    let (status, body) = probe
        .create("the largest map", "talvisota", json!({"map": map(500)}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = probe
        .create("one space too many", "talvisota", json!({"map": map(501)}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_message(&body).contains("at most 500 spaces"),
        "{body}"
    );
    for (text, refused) in [
        (counters(4, 100), None),
        (counters(5, 100), Some("1000 counters")),
        (counters(1, 101), Some("at most 100")),
        (counters(1, 4_294_967_295), Some("at most 100")),
    ] {
        let (status, body) = probe
            .create("counters", "talvisota", json!({"counters": text}))
            .await;
        match refused {
            None => assert_eq!(status, StatusCode::CREATED, "{body}"),
            Some(words) => {
                assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
                assert!(error_message(&body).contains(words), "{words}: {body}");
            }
        }
    }
}

/// A map of `spaces` spaces in a chain from Helsinki, the last a Soviet logistics centre.
fn map(spaces: usize) -> String {
    let mut text = String::from("title = \"Long\"\n");
    for n in 0..spaces {
        let id = if n == 0 {
            "helsinki".to_owned()
        } else {
            format!("s{n}")
        };
        let (nation, centre) = if n + 1 == spaces {
            ("soviet", "true")
        } else {
            ("finnish", "false")
        };
        text.push_str(&format!(
            "[[space]]\nid = \"{id}\"\nnation = \"{nation}\"\nfront = \"karelian\"\nlogistics_centre = {centre}\nx = {n}\ny = {n}\n"
        ));
    }
    for n in 1..spaces {
        let from = if n == 1 {
            "helsinki".to_owned()
        } else {
            format!("s{}", n - 1)
        };
        text.push_str(&format!(
            "[[connection]]\nfrom = \"{from}\"\nto = \"s{n}\"\nkind = \"road\"\n"
        ));
    }
    text
}

/// A counter set of `tables` tables of each side's first unit type, `count` counters each.
fn counters(tables: usize, count: u64) -> String {
    let mut text = String::new();
    for _ in 0..tables {
        for (side, kind) in [("soviet", "fus"), ("finnish", "div")] {
            text.push_str(&format!(
                "[[unit]]\nside = \"{side}\"\nkind = \"{kind}\"\nstrength = 3\ncount = {count}\n"
            ));
        }
    }
    text
}

#[tokio::test]
async fn wons_packs_of_the_worst_shapes_are_answered_promptly() {
    let probe = Probe::start().await;
    for (shape, text) in toml_shapes("platoons") {
        let (status, body) = probe.create(shape, "wons", json!(text)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{shape}: {body}");
        assert_eq!(error_code(&body), "invalid_scenario", "{shape}");
    }
    // The demonstration pack with as many more Finnish platoons as a pack may have.
    let demo = include_str!("../../../scenarios/wons-demo.toml");
    for (extra, created) in [(150, true), (1_000, false)] {
        let mut pack = demo.to_owned();
        for n in 0..extra {
            pack.push_str(&format!(
                "\n[[platoons]]\nid = \"fin-extra-{n}\"\nname = \"Extra {n}\"\nside = \"finnish\"\nstep = \"A\"\n\
                 [[platoons.toe]]\nname = \"Section\"\nkind = \"section\"\nmen = {{ rifle = 8 }}\n"
            ));
        }
        let (status, body) = probe.create("many platoons", "wons", json!(pack)).await;
        assert_eq!(
            status.is_success(),
            created,
            "{extra} more platoons: {status} {body}"
        );
    }
}

#[tokio::test]
async fn assisted_files_of_the_worst_shapes_are_answered_promptly() {
    let probe = Probe::start().await;
    for (shape, text) in json_shapes() {
        let (status, body) = probe.create(shape, "red_winter", json!(text)).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "scenario, {shape}: {body}"
        );
    }
    let id = probe.app.campaign(&probe.token, "red_winter").await;
    let units = format!("/api/v1/campaigns/{id}/units/import");
    let header = "side,name,type,location,cs,ma,steps";
    let row = "soviet,1/609,infantry,0815,4,4,2";
    for (format, shapes) in [("csv", csv_shapes(header, row)), ("json", json_shapes())] {
        for (shape, text) in shapes {
            let body = json!({"format": format, "text": text});
            let (status, answer) = probe.send(shape, Method::POST, &units, body).await;
            // A file of nothing but empty lines brings no units, which is no fault.
            let expected = match shape {
                "empty lines" => StatusCode::CREATED,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            assert_eq!(status, expected, "units {format}, {shape}: {answer}");
        }
    }
    let (_, charts) = probe
        .app
        .get(
            &format!("/api/v1/campaigns/{id}/charts"),
            Some(&probe.token),
        )
        .await;
    let code = charts[0]["code"].as_str().expect("a chart").to_owned();
    let chart = format!("/api/v1/campaigns/{id}/charts/{code}");
    for (format, shapes) in [
        ("csv", csv_shapes("roll,a,b", "1,x,y")),
        ("json", json_shapes()),
    ] {
        for (shape, text) in shapes {
            let body = json!({"format": format, "text": text});
            let (status, answer) = probe.send(shape, Method::PUT, &chart, body).await;
            assert!(
                status.is_client_error(),
                "chart {format}, {shape}: {status} {answer}"
            );
        }
    }
    let sequence = format!("/api/v1/campaigns/{id}/table/sequence");
    for (shape, text) in json_shapes() {
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        let (status, answer) = probe.send(shape, Method::PUT, &sequence, body).await;
        assert!(
            status.is_client_error(),
            "sequence, {shape}: {status} {answer}"
        );
    }
    // As many units as one import may bring are taken; one more is refused.
    for (rows, status) in [
        (500, StatusCode::CREATED),
        (501, StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let text = format!("{header}\n{}", format!("{row}\n").repeat(rows));
        let body = json!({"format": "csv", "text": text});
        let (answered, answer) = probe.send("many units", Method::POST, &units, body).await;
        assert_eq!(answered, status, "{rows} units: {answer}");
    }
}
