//! Live streams at scale: a `motti` process of its own holding a stream for every page of many
//! players, with the figures of the live budgets.
//!
//! `cargo bench --bench streams` runs it in full (about 20,000 streams, see `STREAMS_PER_CAMPAIGN`
//! and `campaigns`); `-- --quick` holds 2,000. `DATABASE_URL` as for the suite.
//!
//! The streams reach the process as they do behind the load balancer (`scripts/deployment`,
//! `docker-compose.yml`): HTTP/2 without TLS, many streams to a connection (`STREAMS_PER_CONNECTION`).
//! `-- --http1` opens a connection for every stream instead, as browsers talking to the process
//! directly do; the figures' names then end in `_http1`.
//!
//! 1. `stream_memory_kb`: what one open stream costs the process, its resident memory with every
//!    stream open less the same process's idle, divided by the streams;
//! 2. `change_to_streams_p99_ms`: with every stream open and 200 changes a second spread over the
//!    campaigns (a die rolled through the API), the time from sending a change until the last
//!    stream of its campaign hears it, p99 over the changes;
//! 3. `reconnect_storm_503`: the process is killed, every campaign changes through a second
//!    process meanwhile, the first comes back and every stream reconnects within 10 s with the
//!    `Last-Event-ID` it had: how many were refused with 503 (budget 0), beside how many missed
//!    the change (`reconnect_storm_missed`, budget 0).
//!
//! Users and their tokens are written to the database directly (a password hash per user would
//! cost minutes); campaigns are made through the API and their players added as an accepted
//! invitation would add them.

#![warn(clippy::too_many_lines)]

mod support;

use serde_json::json;
use sha2::Digest;
use sqlx::{ConnectOptions, PgPool};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::{Figure, Server, report};
use tokio::sync::mpsc;
use uuid::Uuid;

/// Each campaign's streams: its umpire's 6 pages, its Soviet player's 7 and its Finnish
/// player's 7. Every user takes part in three campaigns (umpire of one, Soviet in the next,
/// Finnish in the one after), so each holds 20 streams: the most one user may hold.
const STREAMS_PER_CAMPAIGN: usize = 20;
const PAGES: [(usize, usize); 3] = [(0, 6), (1, 7), (2, 7)];
/// Streams on one HTTP/2 connection: fewer than the 200 the server allows on one.
const STREAMS_PER_CONNECTION: usize = 180;
/// Changes a second while every stream is open.
const CHANGES_PER_SECOND: u64 = 200;
/// How long every stream takes to reconnect after the restart.
const STORM: Duration = Duration::from_secs(10);

/// Which part of the run a stream's event belongs to.
static PHASE: AtomicU8 = AtomicU8::new(OPENING);
const OPENING: u8 = 0;
const CHANGING: u8 = 1;
const STORMING: u8 = 2;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let http1 = std::env::args().any(|a| a == "--http1");
    let mut figures =
        support::on_own_database(|db| async move { run(db, quick, http1).await }).await?;
    if http1 {
        for f in &mut figures {
            f.measure = Box::leak(format!("{}_http1", f.measure).into_boxed_str());
        }
    }
    report(&figures, quick)
}

/// One campaign of the run: its id and its three players' tokens (umpire, Soviet, Finnish).
struct Campaign {
    id: Uuid,
    tokens: [String; 3],
}

/// One stream: whose page it is and the last event id it heard.
#[derive(Clone)]
struct Page {
    campaign: usize,
    stream: usize,
    token: String,
    id: Uuid,
}

/// What a stream heard: a `changed` event, its id, and when.
struct Heard {
    phase: u8,
    stream: usize,
    version: i64,
    at: Instant,
}

/// How many campaigns the run holds streams for: 1,000 (20,000 streams), or 100 when quick.
/// Over HTTP/1.1, a connection a stream, no more than the process's open-file limit allows with
/// room for its other files (over HTTP/2, 180 streams share a connection).
fn campaigns(quick: bool, http1: bool) -> usize {
    if quick {
        return 100;
    }
    if !http1 {
        return 1000;
    }
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| {
            l.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|n| n.parse::<usize>().ok())
        })
        .unwrap_or(1 << 20);
    (limit.saturating_sub(400) / STREAMS_PER_CAMPAIGN).min(1000)
}

/// The clients the streams are opened through: one HTTP/2 connection each, or, for `http1`, one
/// client whose connections each carry a stream.
fn stream_clients(streams: usize, http1: bool) -> anyhow::Result<Vec<reqwest::Client>> {
    if http1 {
        return Ok(vec![reqwest::Client::builder().build()?]);
    }
    (0..streams.div_ceil(STREAMS_PER_CONNECTION))
        .map(|_| Ok(reqwest::Client::builder().http2_prior_knowledge().build()?))
        .collect()
}

async fn run(
    db_opts: sqlx::postgres::PgConnectOptions,
    quick: bool,
    http1: bool,
) -> anyhow::Result<Vec<Figure>> {
    let pool = motti::connect(db_opts.to_url_lossy().as_ref()).await?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let mut server = Server::start(&http, &db_opts).await?;
    let n = campaigns(quick, http1);
    let table = setup(&http, &pool, &server.url, n).await?;
    let pages = pages_of(&table);
    let clients = stream_clients(pages.len(), http1)?;
    // The idle process: everything made, nothing open, a moment to settle.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let idle_mb = server.resident_mb();
    let (heard, mut hearing) = mpsc::unbounded_channel();
    let refused = Arc::new(AtomicU64::new(0));
    let opened = open_all(
        &clients,
        &server.url,
        &pages,
        None,
        Duration::ZERO,
        &heard,
        &refused,
    )
    .await?;
    anyhow::ensure!(
        refused.load(Ordering::SeqCst) == 0,
        "{} streams were refused while opening",
        refused.load(Ordering::SeqCst)
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    let open_mb = server.resident_mb();
    let streams = pages.len();
    let per_stream_kb = (open_mb - idle_mb) * 1024.0 / streams as f64;
    let mut figures = vec![Figure {
        measure: "stream_memory_kb",
        value: per_stream_kb,
        budget: Some(("<=", 8.0)),
        detail: format!(
            "{streams} streams of {n} campaigns held by one process: {open_mb:.1} MB resident against {idle_mb:.1} MB idle"
        ),
    }];

    PHASE.store(CHANGING, Ordering::SeqCst);
    let seconds = if quick { 4 } else { 10 };
    let sent = changes(&http, &server.url, &table, seconds).await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut events = Vec::new();
    while let Ok(h) = hearing.try_recv() {
        events.push(h);
    }
    figures.extend(change_figures(&sent, &events, &pages, streams, n));

    // The restart: the process dies and every stream with it; meanwhile every campaign changes
    // through a second process; the first comes back and every page reconnects.
    let other = Server::start(&http, &db_opts).await?;
    server.kill().await?;
    let mut last = vec![None; streams];
    for task in opened {
        let (stream, version) = task.await?;
        last[stream] = version;
    }
    for c in &table {
        roll(&http, &other.url, c, "while the first process is down").await?;
    }
    server.restart().await?;
    PHASE.store(STORMING, Ordering::SeqCst);
    let reopened = open_all(
        &clients,
        &server.url,
        &pages,
        Some(&last),
        STORM,
        &heard,
        &refused,
    )
    .await?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let mut told = vec![false; streams];
    while let Ok(h) = hearing.try_recv() {
        if h.phase == STORMING && last[h.stream].is_none_or(|v| h.version > v) {
            told[h.stream] = true;
        }
    }
    let missed = told.iter().filter(|t| !**t).count();
    figures.extend(storm_figures(
        streams,
        refused.load(Ordering::SeqCst),
        missed,
    ));
    for task in reopened {
        task.abort();
    }
    Ok(figures)
}

/// Every campaign's pages (`PAGES`), numbered.
fn pages_of(table: &[Campaign]) -> Vec<Page> {
    table
        .iter()
        .enumerate()
        .flat_map(|(c, campaign)| {
            PAGES.iter().flat_map(move |&(role, count)| {
                (0..count).map(move |_| (c, campaign.id, campaign.tokens[role].clone()))
            })
        })
        .enumerate()
        .map(|(stream, (campaign, id, token))| Page {
            campaign,
            stream,
            token,
            id,
        })
        .collect()
}

/// The figures of the reconnect storm: streams refused, and streams not told of the change.
fn storm_figures(streams: usize, refused: u64, missed: usize) -> Vec<Figure> {
    let storm = format!(
        "{streams} streams reconnecting evenly over {STORM:?} after a restart, each with its Last-Event-ID, after every campaign changed through another process: {refused} refused, {missed} not told of the change within 5 s"
    );
    vec![
        Figure {
            measure: "reconnect_storm_refused",
            value: refused as f64,
            budget: Some(("<=", 0.0)),
            detail: storm.clone(),
        },
        Figure {
            measure: "reconnect_storm_missed",
            value: missed as f64,
            budget: Some(("<=", 0.0)),
            detail: storm,
        },
    ]
}

/// Makes `n` users with tokens and `n` WoNS campaigns, user `c` the umpire of campaign `c`,
/// the Soviet player of `c + 1` and the Finnish player of `c + 2` (modulo `n`).
async fn setup(
    http: &reqwest::Client,
    pool: &PgPool,
    url: &str,
    n: usize,
) -> anyhow::Result<Vec<Campaign>> {
    let mut users = Vec::new();
    for u in 0..n {
        let id = Uuid::new_v4();
        let token = format!("motti_bench_{}", Uuid::new_v4().simple());
        let hash = sha2::Sha256::digest(token.as_bytes()).to_vec();
        sqlx::query(
            "insert into users (id, username, password_hash) values ($1, $2, 'no password')",
        )
        .bind(id)
        .bind(format!("player{u}"))
        .execute(pool)
        .await?;
        sqlx::query(
            "insert into api_tokens (token_hash, user_id, name) values ($1, $2, 'streams')",
        )
        .bind(hash)
        .bind(id)
        .execute(pool)
        .await?;
        users.push((id, token));
    }
    let users = Arc::new(users);
    let mut made = Vec::new();
    for c in 0..n {
        let (http, url, users, pool) = (http.clone(), url.to_owned(), users.clone(), pool.clone());
        made.push(tokio::spawn(async move {
            let created: serde_json::Value = http
                .post(format!("{url}/api/v1/campaigns"))
                .bearer_auth(&users[c].1)
                .json(&json!({"name": format!("streams {c}"), "game": "wons"}))
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            let id: Uuid = created["id"].as_str().unwrap_or_default().parse()?;
            for (offset, role) in [(1, "soviet"), (2, "finnish")] {
                sqlx::query(
                    "insert into participants (campaign_id, user_id, role) values ($1, $2, $3)",
                )
                .bind(id)
                .bind(users[(c + offset) % n].0)
                .bind(role)
                .execute(&pool)
                .await?;
            }
            let tokens = [0, 1, 2].map(|o| users[(c + o) % n].1.clone());
            anyhow::Ok(Campaign { id, tokens })
        }));
        // A few campaigns made at once.
        if made.len() % 8 == 0 {
            tokio::task::yield_now().await;
        }
    }
    let mut table = Vec::new();
    for m in made {
        table.push(m.await??);
    }
    Ok(table)
}

/// Opens a stream for every page, spread evenly over `over` (at once when zero), each with its
/// last event id from `last` when given; counts refusals in `refused`. Each stream's task tells
/// its `changed` events to `heard` and answers its page's number and last event id once its
/// connection ends.
async fn open_all(
    clients: &[reqwest::Client],
    url: &str,
    pages: &[Page],
    last: Option<&[Option<i64>]>,
    over: Duration,
    heard: &mpsc::UnboundedSender<Heard>,
    refused: &Arc<AtomicU64>,
) -> anyhow::Result<Vec<tokio::task::JoinHandle<(usize, Option<i64>)>>> {
    let started = Instant::now();
    let (open_tx, mut open_rx) = mpsc::unbounded_channel();
    let mut tasks = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let due = started + over.mul_f64(i as f64 / pages.len() as f64);
        tokio::time::sleep_until(due.into()).await;
        let seen = last.and_then(|l| l[page.stream]);
        let client = &clients[page.stream / STREAMS_PER_CONNECTION % clients.len()];
        tasks.push(tokio::spawn(follow(
            client.clone(),
            format!("{url}/campaigns/{}/live", page.id),
            page.clone(),
            seen,
            heard.clone(),
            open_tx.clone(),
            refused.clone(),
        )));
    }
    // Every stream answered, whatever it answered.
    for _ in 0..pages.len() {
        open_rx.recv().await;
    }
    Ok(tasks)
}

/// One page's stream: opens it, says so on `opened`, and tells each `changed` event to `heard`
/// until the connection ends.
async fn follow(
    http: reqwest::Client,
    url: String,
    page: Page,
    seen: Option<i64>,
    heard: mpsc::UnboundedSender<Heard>,
    opened: mpsc::UnboundedSender<()>,
    refused: Arc<AtomicU64>,
) -> (usize, Option<i64>) {
    let mut request = http.get(&url).bearer_auth(&page.token);
    if let Some(v) = seen {
        request = request.header("last-event-id", v.to_string());
    }
    let mut last = seen;
    let response = request.send().await;
    let _ = opened.send(());
    drop(opened);
    let mut response = match response {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => {
            if r.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                refused.fetch_add(1, Ordering::SeqCst);
            } else {
                eprintln!("stream {}: {}", page.stream, r.status());
                refused.fetch_add(1, Ordering::SeqCst);
            }
            return (page.stream, last);
        }
        Err(e) => {
            eprintln!("stream {}: {e}", page.stream);
            refused.fetch_add(1, Ordering::SeqCst);
            return (page.stream, last);
        }
    };
    let mut text = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        let at = Instant::now();
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            if let Some(version) = changed(&block) {
                last = Some(version);
                let _ = heard.send(Heard {
                    phase: PHASE.load(Ordering::SeqCst),
                    stream: page.stream,
                    version,
                    at,
                });
            }
        }
    }
    (page.stream, last)
}

/// The id of a `changed` event, if `block` is one that carries an id.
fn changed(block: &str) -> Option<i64> {
    let mut event = None;
    let mut id = None;
    for line in block.lines() {
        if let Some(v) = line.strip_prefix("event:") {
            event = Some(v.trim());
        } else if let Some(v) = line.strip_prefix("id:") {
            id = v.trim().parse().ok();
        }
    }
    (event == Some("changed")).then_some(id).flatten()
}

/// Rolls a die in campaign `c` as its umpire through the server at `url`.
async fn roll(
    http: &reqwest::Client,
    url: &str,
    c: &Campaign,
    purpose: &str,
) -> anyhow::Result<()> {
    http.post(format!("{url}/api/v1/campaigns/{}/rolls", c.id))
        .bearer_auth(&c.tokens[0])
        .json(&json!({"dice": "1d6", "purpose": purpose}))
        .send()
        .await?
        .error_for_status()?;
    Ok(())
}

/// `CHANGES_PER_SECOND` rolls a second for `seconds`, over the campaigns in turn: when each was
/// sent, by campaign, in order.
async fn changes(
    http: &reqwest::Client,
    url: &str,
    table: &[Campaign],
    seconds: u64,
) -> anyhow::Result<Vec<Vec<Instant>>> {
    let table: Arc<Vec<(Uuid, String)>> =
        Arc::new(table.iter().map(|c| (c.id, c.tokens[0].clone())).collect());
    let mut sent = vec![Vec::new(); table.len()];
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / CHANGES_PER_SECOND));
    let mut rolls = Vec::new();
    for i in 0..(seconds * CHANGES_PER_SECOND) as usize {
        tick.tick().await;
        let c = i % table.len();
        sent[c].push(Instant::now());
        let (http, url, table) = (http.clone(), url.to_owned(), table.clone());
        rolls.push(tokio::spawn(async move {
            let (id, token) = &table[c];
            http.post(format!("{url}/api/v1/campaigns/{id}/rolls"))
                .bearer_auth(token)
                .json(&json!({"dice": "1d6", "purpose": "a change"}))
                .send()
                .await?
                .error_for_status()?;
            anyhow::Ok(())
        }));
    }
    for r in rolls {
        r.await??;
    }
    Ok(sent)
}

/// The figures of the changes: for each change, the time until the last stream of its campaign
/// heard it (matched in order: a campaign changes once every few seconds).
fn change_figures(
    sent: &[Vec<Instant>],
    events: &[Heard],
    pages: &[Page],
    streams: usize,
    n: usize,
) -> Vec<Figure> {
    let mut by_stream: Vec<Vec<Instant>> = vec![Vec::new(); streams];
    for e in events.iter().filter(|e| e.phase == CHANGING) {
        by_stream[e.stream].push(e.at);
    }
    let mut last_heard: Vec<Vec<Option<Instant>>> =
        sent.iter().map(|s| vec![None; s.len()]).collect();
    let mut missed = 0usize;
    let mut each = Vec::new();
    for page in pages {
        let heard = &by_stream[page.stream];
        let c = page.campaign;
        for (k, at) in sent[c].iter().enumerate() {
            match heard.get(k) {
                Some(h) => {
                    each.push(h.saturating_duration_since(*at));
                    let slot = &mut last_heard[c][k];
                    *slot = Some(slot.map_or(*h, |s: Instant| s.max(*h)));
                }
                None => missed += 1,
            }
        }
    }
    let mut whole: Vec<Duration> = sent
        .iter()
        .zip(&last_heard)
        .flat_map(|(s, h)| s.iter().zip(h).filter_map(|(at, h)| h.map(|h| h - *at)))
        .collect();
    whole.sort();
    each.sort();
    let changes: usize = sent.iter().map(Vec::len).sum();
    let q = |v: &[Duration], p: f64| {
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let detail = format!(
        "{changes} changes at {CHANGES_PER_SECOND}/s over {n} campaigns, {streams} streams open: until the last stream of the campaign heard it, median {:.1?}, p99 {:.1?}, max {:.1?}; each stream, median {:.1?}, p99 {:.1?}; {missed} (stream, change) pairs not heard",
        q(&whole, 0.5),
        q(&whole, 0.99),
        whole.last().copied().unwrap_or_default(),
        q(&each, 0.5),
        q(&each, 0.99),
    );
    vec![
        Figure {
            measure: "change_to_streams_p99_ms",
            value: q(&whole, 0.99).as_secs_f64() * 1000.0,
            budget: Some(("<=", 50.0)),
            detail: detail.clone(),
        },
        Figure {
            measure: "change_to_streams_missed",
            value: missed as f64,
            budget: Some(("<=", 0.0)),
            detail,
        },
    ]
}
