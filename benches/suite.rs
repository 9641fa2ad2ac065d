//! The benchmark suite: every figure is a ratio measured side by side in one run on this
//! machine, printed and written to `target/bench/<measure>.json` with its budget.
//!
//! `cargo bench --bench suite` runs it in full; `cargo bench --bench suite -- --quick` runs a
//! short version (shorter phases, a shorter generated campaign) in about two minutes.
//! `DATABASE_URL` names the PostgreSQL to use (default 127.0.0.1:5432 as `postgres`); the suite
//! makes a database of its own and drops it.
//!
//! For profiling one phase: `-- --rolls` runs figure 1 alone; `-- --hours` runs figure 4 alone
//! against a `motti` process of its own (so `perf record -p` can follow it), with
//! `MOTTI_BENCH_READERS` readers instead of 32; `-- --views` generates the two campaigns and
//! runs figures 2 and 3 alone (with the generation's own Hours per second);
//! `MOTTI_BENCH_TIMES=1` prints each request of the played Hours with its time.
//!
//! 1. rolls per second through the HTTP API against pgbench running the same transaction;
//! 2. the WoNS side view (JSON and page) under 32 clients against `/readyz`;
//! 3. the same views' median latency on a long campaign (1,000 Hours, 48 with `--quick`)
//!    against a 10-Hour one, both with a battle every four Hours, fought, reported and its
//!    prisoner interrogated;
//! 4. Hours resolved per second for 40 platoons while 32 clients read the side view, and those
//!    readers' median and p99 times (and, for context, Hours while the long campaign is
//!    generated);
//! 5. the peak resident memory of a server process of its own under the load of 2 (and of the
//!    suite's own process, which holds a server and the load clients);
//! 6. `motti verify`'s rate on an export of generated rolls;
//! 7. rolls through two server processes against one, and a change through one reaching a live
//!    stream held on the other;
//! 8. the browser's dice checker on 100,000 rolls;
//! 9. what the long campaign's story keeps for replay, per 1,000 Hours, and the median time to
//!    open a step from its middle.

#![warn(clippy::too_many_lines)]

#[path = "../tests/integration/common/long_campaign.rs"]
mod long_campaign;
mod support;

use long_campaign::{Phase, battle_report, bench_pack, orders};
use support::{Figure, Server, report};
#[path = "../tests/integration/games/talvisota/plans.rs"]
mod talvisota_plans;
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Executor, PgPool};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const ROLL_CLIENTS: usize = 16;
const ROLL_CAMPAIGNS: usize = 64;
const VIEW_CLIENTS: usize = 32;
/// Rolls added to the 10-Hour campaign's dice log: more than a page of the dice tray.
const SHORT_ROLLS: i64 = 100;

const PGBENCH_SCRIPT: &str = "\\set c random(1, 64)
BEGIN;
SELECT next_roll FROM bench_counters WHERE id = :c FOR UPDATE;
INSERT INTO bench_rolls (campaign, k, draws) SELECT :c, next_roll, '[[6, 4]]' FROM bench_counters WHERE id = :c;
UPDATE bench_counters SET next_roll = next_roll + 1 WHERE id = :c;
END;
";

/// How long and how large the run is.
struct Plan {
    quick: bool,
    /// Each throughput phase's length.
    seconds: u64,
    /// The long campaign's Hours.
    long_hours: usize,
    /// The rolls added to its dice log.
    long_rolls: i64,
    /// Requests per view for the latency comparison.
    samples: usize,
    /// Rolls in the export `motti verify` reads.
    verify_rolls: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let plan = if quick {
        Plan {
            quick,
            seconds: 4,
            long_hours: 48,
            long_rolls: 100_000,
            samples: 40,
            verify_rolls: 200_000,
        }
    } else {
        Plan {
            quick,
            seconds: 10,
            long_hours: 1000,
            long_rolls: 1_000_000,
            samples: 200,
            verify_rolls: 1_000_000,
        }
    };
    if std::env::args().any(|a| a == "--checkers") {
        // Figures 6 and 8 alone; they need no database.
        let figures = checkers_on(plan.verify_rolls).await?;
        return report(&figures, plan.quick);
    }
    let figures = support::on_own_database(|db_opts| {
        let plan = &plan;
        async move { run(&db_opts, plan).await }
    })
    .await?;
    report(&figures, plan.quick)
}

/// The server, its URL and three players' tokens.
#[derive(Clone)]
struct Table {
    url: String,
    /// What the server in this process keeps between requests; `None` for another process.
    caches: Option<motti::state::Caches>,
    http: reqwest::Client,
    umpire: String,
    soviet: String,
    finn: String,
}

impl Table {
    /// The same users, through the server at `url`.
    fn through(&self, url: &str) -> Arc<Table> {
        Arc::new(Table {
            url: url.to_owned(),
            caches: None,
            http: self.http.clone(),
            umpire: self.umpire.clone(),
            soviet: self.soviet.clone(),
            finn: self.finn.clone(),
        })
    }

    async fn send(
        &self,
        method: reqwest::Method,
        token: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<(reqwest::StatusCode, Value)> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.url))
            .bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let at = Instant::now();
        let res = request.send().await?;
        let status = res.status();
        let body = res.json().await.unwrap_or(Value::Null);
        if std::env::var_os("MOTTI_BENCH_TIMES").is_some() {
            eprintln!("{:?} {path} {status}", at.elapsed());
        }
        Ok((status, body))
    }

    async fn post(&self, token: &str, path: &str, body: Value) -> anyhow::Result<Value> {
        let (status, body) = self
            .send(reqwest::Method::POST, token, path, Some(body))
            .await?;
        anyhow::ensure!(status.is_success(), "POST {path}: {status} {body}");
        Ok(body)
    }

    /// A new WoNS campaign from `pack` with both players in it.
    async fn campaign(&self, name: &str, pack: &str) -> anyhow::Result<String> {
        self.campaign_of(json!({"name": name, "game": "wons", "scenario": pack}))
            .await
    }

    /// A new campaign as `body` describes it, with both players in it.
    async fn campaign_of(&self, body: Value) -> anyhow::Result<String> {
        // In a solo game the server plays the Finns: nobody is invited to their side.
        let solo = body["scenario"]["solo"] == true;
        let created = self.post(&self.umpire, "/api/v1/campaigns", body).await?;
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        for (token, role) in [(&self.soviet, "soviet"), (&self.finn, "finnish")] {
            if solo && role == "finnish" {
                continue;
            }
            let invite = self
                .post(
                    &self.umpire,
                    &format!("/api/v1/campaigns/{id}/invites"),
                    json!({ "role": role }),
                )
                .await?;
            let code = invite["code"].as_str().unwrap_or_default();
            self.post(token, &format!("/api/v1/invites/{code}/accept"), json!({}))
                .await?;
        }
        Ok(id)
    }
}

async fn user(http: &reqwest::Client, url: &str, name: &str) -> anyhow::Result<String> {
    let creds = json!({"username": name, "password": "benchmark password"});
    http.post(format!("{url}/api/v1/users"))
        .json(&creds)
        .send()
        .await?
        .error_for_status()?;
    let token: Value = http
        .post(format!("{url}/api/v1/tokens"))
        .json(&creds)
        .send()
        .await?
        .json()
        .await?;
    Ok(token["token"].as_str().unwrap_or_default().to_owned())
}

/// What `play` did.
struct Played {
    /// The Hours played.
    hours: usize,
    /// How long they took, the battles' reports and interrogations included.
    took: Duration,
    /// Battles fought and reported.
    battles: usize,
    /// Prisoners interrogated.
    interrogations: usize,
}

/// Plays `hours` Hours of campaign `id` in rounds of four Hours (see `Phase` and `orders`): a
/// battle opens at the start of every round, the umpire records it as the defender's win (see
/// `battle_report`), and the winning side's player interrogates the prisoner it took. Every
/// refused request is an error.
async fn play(t: &Table, id: &str, hours: usize) -> anyhow::Result<Played> {
    let started = Instant::now();
    let path = |tail: &str| format!("/api/v1/campaigns/{id}/wons/{tail}");
    let (mut battles, mut interrogations) = (0, 0);
    for hour in 0..hours {
        let phase = Phase::of(hour);
        let mut last = Value::Null;
        // Each side's view before the Hour and the platoon it chose.
        let mut sides = Vec::new();
        for (side, token) in [("soviet", &t.soviet), ("finnish", &t.finn)] {
            let (status, view) = t
                .send(reqwest::Method::GET, token, &path("view"), None)
                .await?;
            anyhow::ensure!(status.is_success(), "GET view: {status} {view}");
            if !view["campaign"]["result"].is_null() {
                return Ok(Played {
                    hours: hour,
                    took: started.elapsed(),
                    battles,
                    interrogations,
                });
            }
            let (given, chosen) = orders(&view, phase);
            let (status, refusal) = t
                .send(reqwest::Method::PUT, token, &path("orders"), Some(given))
                .await?;
            anyhow::ensure!(
                status.is_success(),
                "Hour {hour}: {side} orders refused ({status}): {refusal}"
            );
            last = t
                .post(token, &path("ready"), json!({"confirm_defaults": true}))
                .await?;
            sides.push((side, token, view, chosen));
        }
        for b in last["battles"].as_array().cloned().unwrap_or_default() {
            if b["status"] != "pending" && b["status"]["status"] != "pending" {
                continue;
            }
            let n = b["id"].as_u64().unwrap_or_default();
            let attacking = b["attacker"].as_str().unwrap_or_default();
            let Some((_, _, view, Some(attacker))) = sides.iter().find(|s| s.0 == attacking) else {
                anyhow::bail!(
                    "Hour {hour}: battle {n} by the {attacking} side, who ordered no attack"
                );
            };
            let (body, prisoner) = battle_report(n, attacking, attacker, view);
            t.post(&t.umpire, &path(&format!("battles/{n}/result")), body)
                .await?;
            battles += 1;
            let (_, captors, ..) = sides
                .iter()
                .find(|s| s.0 != attacking)
                .ok_or_else(|| anyhow::anyhow!("no side took the prisoner"))?;
            t.post(
                captors,
                &path(&format!("battles/{n}/interrogations")),
                json!({ "prisoner": prisoner }),
            )
            .await?;
            interrogations += 1;
        }
    }
    Ok(Played {
        hours,
        took: started.elapsed(),
        battles,
        interrogations,
    })
}

/// Adds `n` rolls to the campaign's dice log straight in the database (their chain is not
/// verifiable; the views read only the newest and the face counts).
async fn add_rolls(pool: &PgPool, id: &str, n: i64) -> anyhow::Result<()> {
    let id = uuid::Uuid::parse_str(id)?;
    sqlx::query(
        "insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, \
           visibility, roller_role, result, total, audience, digest) \
         select c.id, c.next_roll + g, c.dice_epoch, z, '[[6, 3]]', z, '1d6', 'bench', \
           'public', 'umpire', '{\"faces\": [3], \"total\": 3}', 3, 'public', z \
         from campaigns c, generate_series(0, $2 - 1) g, decode(repeat('00', 32), 'hex') z \
         where c.id = $1",
    )
    .bind(id)
    .bind(n)
    .execute(pool)
    .await?;
    sqlx::query(
        "insert into roll_counts (campaign_id, epoch, audience, count) \
         select id, dice_epoch, 'public', $2 from campaigns where id = $1 \
         on conflict (campaign_id, epoch, audience) do update set count = roll_counts.count + $2",
    )
    .bind(id)
    .bind(n)
    .execute(pool)
    .await?;
    sqlx::query("update campaigns set next_roll = next_roll + $2 where id = $1")
        .bind(id)
        .bind(n)
        .execute(pool)
        .await?;
    Ok(())
}

/// Requests per second and the 99th-percentile latency of `clients` clients getting `path`
/// for `seconds`.
async fn load(
    t: &Arc<Table>,
    base: &str,
    token: &str,
    path: &str,
    clients: usize,
    seconds: u64,
) -> anyhow::Result<(f64, Duration)> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (t, token) = (t.clone(), token.to_owned());
        let url = format!("{base}{path}");
        tasks.push(tokio::spawn(async move {
            let mut took = Vec::new();
            while Instant::now() < deadline {
                let at = Instant::now();
                // The whole answer is read, as a browser would, which also lets the
                // connection serve the next request.
                let res = t.http.get(&url).bearer_auth(&token).send().await;
                if let Ok(res) = res
                    && res.status().is_success()
                    && res.bytes().await.is_ok()
                {
                    took.push(at.elapsed());
                }
            }
            took
        }));
    }
    let started = Instant::now();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await?);
    }
    let rate = all.len() as f64 / started.elapsed().as_secs_f64();
    all.sort_unstable();
    let p99 = all
        .get(all.len().saturating_mul(99) / 100)
        .copied()
        .unwrap_or_default();
    Ok((rate, p99))
}

/// The time of one request for `path`, read to the end.
async fn timed(t: &Table, token: &str, path: &str) -> anyhow::Result<Duration> {
    let at = Instant::now();
    let res = t
        .http
        .get(format!("{}{path}", t.url))
        .bearer_auth(token)
        .send()
        .await?;
    anyhow::ensure!(res.status().is_success(), "{path}: {}", res.status());
    res.bytes().await?;
    Ok(at.elapsed())
}

/// The median latencies of `samples` sequential requests for each of two paths, taken in turn
/// (one of `a`, one of `b`, ...), so that both meet the same moments of a busy machine. With
/// `built`, this process's kept views and pages are forgotten before each request, and so are
/// its kept game states, so that each is built afresh from the stored document as after another
/// process's command; without, each path is asked once first, so that neither median counts a
/// build.
async fn medians(
    t: &Table,
    token: &str,
    (a, b): (&str, &str),
    samples: usize,
    built: bool,
) -> anyhow::Result<(Duration, Duration)> {
    let timed = async |path: &str| {
        if built && let Some(caches) = &t.caches {
            caches.views.forget_all();
            caches.states.forget_all();
        }
        timed(t, token, path).await
    };
    timed(a).await?;
    timed(b).await?;
    let (mut took_a, mut took_b) = (Vec::new(), Vec::new());
    for _ in 0..samples {
        took_a.push(timed(a).await?);
        took_b.push(timed(b).await?);
    }
    let median = |mut took: Vec<Duration>| {
        took.sort_unstable();
        took[took.len() / 2]
    };
    Ok((median(took_a), median(took_b)))
}

async fn run(db_opts: &PgConnectOptions, plan: &Plan) -> anyhow::Result<Vec<Figure>> {
    let pool = motti::connect(db_opts.to_url_lossy().as_ref()).await?;
    let t = table(&pool).await?;
    if let Some(figures) = alone(&t, &pool, db_opts, plan).await? {
        return Ok(figures);
    }
    let (mut figures, generated) = generate(&t, &pool, plan).await?;
    figures.extend(replay(&t, &pool, &generated, plan).await?);
    figures.extend(views_under_load(&t, &generated, plan).await?);
    figures.extend(long_vs_short(&t, &generated, plan).await?);
    figures.push(talvisota_view(&t, &pool, plan).await?);
    figures.extend(assisted_tables(&t, plan).await?);

    if std::env::args().any(|a| a == "--views") {
        // For the views and the generated campaigns: figures 2 and 3 alone.
        return Ok(figures);
    }

    // 4: an Hour's orders and resolution for 40 platoons while 32 clients read the side view.
    figures.extend(hours_under_readers(&t, &pool, plan).await?);

    // 1: rolls through the API against pgbench running the same transaction.
    let campaigns = roll_campaigns(&t).await?;
    figures.push(rolls_against_pgbench(&t, &campaigns, &pool, db_opts, plan.seconds).await?);

    // 5 and 7: the server as a process of its own, then two of them.
    figures.extend(processes(&t, db_opts, &generated.long, &campaigns, plan).await?);

    figures.extend(checkers_on(plan.verify_rolls).await?);
    Ok(figures)
}

/// A server in this process on `pool`, and its three players.
async fn table(pool: &PgPool) -> anyhow::Result<Arc<Table>> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    // Defaults, but for the reads built at once, which may be set to compare (`MOTTI_READS`).
    let mut config = motti::config::Config::from_lookup(|name| {
        (name == "MOTTI_READS")
            .then(|| std::env::var(name).ok())
            .flatten()
    })?;
    config.bind = addr;
    config.auth_rate = 0;
    config.notify.send = false;
    let state = motti::state(pool.clone(), config);
    let caches = Some(state.caches.clone());
    tokio::spawn(motti::serve(listener, state, std::future::pending()));
    let url = format!("http://{addr}");
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let t = Arc::new(Table {
        caches,
        umpire: user(&http, &url, "umpire").await?,
        soviet: user(&http, &url, "soviet").await?,
        finn: user(&http, &url, "finn").await?,
        url,
        http,
    });
    Ok(t)
}

/// The figures of a group run alone (`--games`, `--hours`, `--rolls`), or `None` for the whole
/// suite.
async fn alone(
    t: &Arc<Table>,
    pool: &PgPool,
    db_opts: &PgConnectOptions,
    plan: &Plan,
) -> anyhow::Result<Option<Vec<Figure>>> {
    let mut figures = Vec::new();
    if std::env::args().any(|a| a == "--games") {
        // Figure 3 for Talvisota and the assisted games alone.
        let mut figures = vec![talvisota_view(t, pool, plan).await?];
        figures.extend(assisted_tables(t, plan).await?);
        return Ok(Some(figures));
    }
    if std::env::args().any(|a| a == "--hours") {
        // For profiling an Hour under readers: this figure alone.
        let server = Server::start(&t.http, db_opts).await?;
        let other = t.through(&server.url);
        figures.extend(hours_under_readers(&other, pool, plan).await?);
        figures.push(Figure {
            measure: "hours_server_peak_memory_mb",
            value: server.peak_mb(),
            budget: None,
            detail: "VmHWM of the motti process while the Hours were played under readers: each new version's views replace the last instead of piling up".into(),
        });
        return Ok(Some(figures));
    }
    if std::env::args().any(|a| a == "--rolls") {
        // For profiling a roll: this figure alone, against a `motti` process of its own.
        let server = Server::start(&t.http, db_opts).await?;
        let other = t.through(&server.url);
        let campaigns = roll_campaigns(&other).await?;
        figures.push(rolls_against_pgbench(&other, &campaigns, pool, db_opts, plan.seconds).await?);
        return Ok(Some(figures));
    }

    Ok(None)
}

/// The two generated WoNS campaigns and what playing them made.
struct Generated {
    short: String,
    long: String,
    short_played: Played,
    hours: usize,
    interrogations: usize,
    events: i64,
    battles: i64,
}

/// Plays the 10-Hour campaign and the long one, and the Hours' rate while doing so.
async fn generate(
    t: &Arc<Table>,
    pool: &PgPool,
    plan: &Plan,
) -> anyhow::Result<(Vec<Figure>, Generated)> {
    let mut figures = Vec::new();
    // 3 and 4: a 10-Hour campaign and a long one, both with 20 platoons and a battle every four
    // Hours, fought, reported and its prisoner interrogated.
    let pack = bench_pack(11);
    let short = t.campaign("ten hours", &pack).await?;
    let long = t.campaign("long", &pack).await?;
    let short_played = play(t, &short, 10).await?;
    let Played {
        hours,
        took,
        interrogations,
        ..
    } = play(t, &long, plan.long_hours).await?;
    anyhow::ensure!(
        hours == plan.long_hours,
        "the long campaign ended after {hours} Hours"
    );
    add_rolls(pool, &long, plan.long_rolls).await?;
    // The short campaign's dice log gets the same kind of rolls, more than a page of the dice
    // tray, so that both trays show a full page of alike rolls and the comparison is of the
    // history's length alone.
    add_rolls(pool, &short, SHORT_ROLLS).await?;
    // Battles fought: those still in the state and those archived.
    let (events, battles): (i64, i64) = sqlx::query_as(
        "select (select count(*) from game_events where campaign_id = $1::uuid), \
                (select count(*) from json_array_elements(state->'battles')) \
                + (select count(*) from game_archive where campaign_id = $1::uuid) \
         from game_states where campaign_id = $1::uuid",
    )
    .bind(&long)
    .fetch_one(pool)
    .await?;
    figures.push(Figure {
        measure: "hours_per_second",
        value: hours as f64 / took.as_secs_f64(),
        budget: None,
        detail: format!(
            "{hours} Hours of 20 platoons with {battles} battles (each reported and its prisoner interrogated), one client, no readers, while the long campaign is generated (for context: the budget is on hours_per_second_under_readers)"
        ),
    });

    let generated = Generated {
        short,
        long,
        short_played,
        hours,
        interrogations,
        events,
        battles,
    };
    Ok((figures, generated))
}

/// Figure 9: what the long campaign keeps for replay, and opening a step from its middle.
async fn replay(
    t: &Arc<Table>,
    pool: &PgPool,
    g: &Generated,
    plan: &Plan,
) -> anyhow::Result<Vec<Figure>> {
    let Generated {
        short,
        long,
        hours,
        battles,
        ..
    } = g;
    let (hours, battles) = (*hours, *battles);
    let mut figures = Vec::new();
    // 9: the story the long campaign keeps for replay (a step for each Hour, the start, and one
    // just after each battle's result), per 1,000 Hours, and a step from the middle of each
    // campaign opened as the Soviet side saw it.
    let (steps, kept): (i64, i64) = sqlx::query_as(
        "select count(*), coalesce(sum(pg_column_size(state)), 0)::bigint \
         from game_steps where campaign_id = $1::uuid",
    )
    .bind(long)
    .fetch_one(pool)
    .await?;
    figures.push(Figure {
        measure: "replay_history_mb_per_1000_hours",
        value: kept as f64 / 1_048_576.0 * 1000.0 / hours as f64,
        budget: Some(("<=", 20.0)),
        detail: format!(
            "{steps} steps of {hours} Hours of 20 platoons with {battles} battles take {:.1} MB stored (lz4 where the server has it)",
            kept as f64 / 1_048_576.0
        ),
    });
    let (short_point, long_point) = medians(
        t,
        &t.soviet,
        (
            &format!("/api/v1/campaigns/{short}/replay/5"),
            &format!("/api/v1/campaigns/{long}/replay/{}", hours / 2),
        ),
        plan.samples,
        false,
    )
    .await?;
    figures.push(Figure {
        measure: "replay_point_ms",
        value: long_point.as_secs_f64() * 1000.0,
        budget: Some(("<=", 50.0)),
        detail: format!(
            "median of the Soviet view and log at Hour {} of {hours}, {long_point:?}, against {short_point:?} at Hour 5 of 10",
            hours / 2
        ),
    });

    Ok(figures)
}

/// Figure 2, and the suite's own peak memory.
async fn views_under_load(
    t: &Arc<Table>,
    g: &Generated,
    plan: &Plan,
) -> anyhow::Result<Vec<Figure>> {
    let (long, events) = (&g.long, g.events);
    let mut figures = Vec::new();
    // 2: the side view under load against /readyz through the same stack.
    let view = format!("/api/v1/campaigns/{long}/wons/view");
    let page = format!("/campaigns/{long}/wons");
    let (ready_rate, ready_p99) =
        load(t, &t.url, &t.soviet, "/readyz", VIEW_CLIENTS, plan.seconds).await?;
    for (measure, path) in [
        ("side_view_json_vs_readyz", &view),
        ("side_view_html_vs_readyz", &page),
    ] {
        let (rate, p99) = load(t, &t.url, &t.soviet, path, VIEW_CLIENTS, plan.seconds).await?;
        figures.push(Figure {
            measure,
            value: rate / ready_rate,
            budget: Some((">=", 0.5)),
            detail: format!(
                "{rate:.0}/s (p99 {p99:?}) against /readyz {ready_rate:.0}/s (p99 {ready_p99:?}); {VIEW_CLIENTS} clients, 20 platoons, {events} events"
            ),
        });
    }

    // Peak memory so far of this process, which holds a server and the load clients; the
    // budget is on a server process of its own (server_peak_memory_mb).
    let peak_kb: f64 = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0.0);
    figures.push(Figure {
        measure: "suite_peak_memory_mb",
        value: peak_kb / 1024.0,
        budget: None,
        detail: "VmHWM of the suite's own process, which holds a server and its load clients (for context: the budget is on server_peak_memory_mb)".into(),
    });

    Ok(figures)
}

/// Figure 3 for WoNS: each view on the long campaign against the 10-Hour one.
async fn long_vs_short(t: &Arc<Table>, g: &Generated, plan: &Plan) -> anyhow::Result<Vec<Figure>> {
    let Generated {
        short,
        long,
        short_played,
        hours,
        interrogations,
        events,
        battles,
    } = g;
    let mut figures = Vec::new();
    // 3: each view's median latency on the long campaign against the 10-Hour one, answered
    // from what the server keeps and built afresh (as after every command).
    // The event log and the dice tray are not kept: they are built on every request, so one
    // timing each says all.
    for (measures, tail) in [
        (
            &["long_vs_short_view_json", "long_vs_short_view_json_built"][..],
            "/api/v1/campaigns/{}/wons/view",
        ),
        (
            &["long_vs_short_view_html", "long_vs_short_view_html_built"],
            "/campaigns/{}/wons",
        ),
        (
            &[
                "long_vs_short_umpire_html",
                "long_vs_short_umpire_html_built",
            ],
            "/campaigns/{}/wons",
        ),
        (
            &["long_vs_short_events"],
            "/api/v1/campaigns/{}/wons/events?limit=50",
        ),
        (&["long_vs_short_dice_tray"], "/campaigns/{}/dice"),
    ] {
        let token = if measures[0].contains("umpire") {
            &t.umpire
        } else {
            &t.soviet
        };
        for (&measure, built) in measures.iter().zip([false, true]) {
            let (a, b) = medians(
                t,
                token,
                (&tail.replace("{}", short), &tail.replace("{}", long)),
                plan.samples,
                built,
            )
            .await?;
            let how = match (measures.len(), built) {
                (1, _) => "built on every request",
                (_, true) => "built afresh",
                (_, false) => "as kept",
            };
            figures.push(Figure {
                measure,
                value: b.as_secs_f64() / a.as_secs_f64(),
                budget: Some(("<=", 1.2)),
                detail: format!(
                    "median {b:?} at Hour {hours} ({battles} battles, {interrogations} interrogations, {events} events, {} rolls added) against {a:?} at Hour 10 ({} battles, {SHORT_ROLLS} rolls added), {how}",
                    plan.long_rolls, short_played.battles
                ),
            });
        }
    }

    Ok(figures)
}

/// Rolls in the export both checkers read for figure 8 (the issue's own size).
const CHECKER_ROLLS: usize = 100_000;

/// Figures 6 and 8: `motti verify` and the browser's checker, each on 100,000 generated rolls
/// (figure 6 also on the plan's larger export).
async fn checkers_on(n: usize) -> anyhow::Result<Vec<Figure>> {
    let (six, _) = verify_rate(n)?;
    let (_, native) = verify_rate(CHECKER_ROLLS)?;
    Ok(vec![six, browser_checker(CHECKER_ROLLS, native).await?])
}

/// Figure 3 for each assisted game: the table (its JSON view) of a campaign whose umpire has
/// ended `plan.long_hours` phases (or played to the game's end, if that comes first) against
/// one who has ended 10. The table is built on every request.
async fn assisted_tables(t: &Arc<Table>, plan: &Plan) -> anyhow::Result<Vec<Figure>> {
    let mut figures = Vec::new();
    for (game, measure) in [
        ("red_winter", "long_vs_short_red_winter_table"),
        ("winter_war", "long_vs_short_winter_war_table"),
        ("a_winter_war", "long_vs_short_a_winter_war_table"),
    ] {
        let mut played = Vec::new();
        for phases in [10, plan.long_hours] {
            let id = t
                .campaign_of(json!({"name": format!("{game} {phases}"), "game": game}))
                .await?;
            let mut ended = 0;
            while ended < phases {
                let (status, body) = t
                    .send(
                        reqwest::Method::POST,
                        &t.umpire,
                        &format!("/api/v1/campaigns/{id}/table/advance"),
                        None,
                    )
                    .await?;
                if status == reqwest::StatusCode::CONFLICT {
                    // The game is over.
                    break;
                }
                anyhow::ensure!(status.is_success(), "{game}: advance {status} {body}");
                ended += 1;
            }
            played.push((format!("/api/v1/campaigns/{id}/table"), ended));
        }
        let [(short, short_phases), (long, long_phases)] = &played[..] else {
            unreachable!("two campaigns per game")
        };
        let (a, b) = medians(t, &t.soviet, (short, long), plan.samples, false).await?;
        figures.push(Figure {
            measure,
            value: b.as_secs_f64() / a.as_secs_f64(),
            budget: Some(("<=", 1.2)),
            detail: format!(
                "median {b:?} after {long_phases} phases ended against {a:?} after {short_phases}, the Soviet player's table, built on every request"
            ),
        });
    }
    Ok(figures)
}

/// Figure 3 for Talvisota: the Soviet player's view of a solo game played to its end (at most
/// eight turns) against one at its first turn, built afresh on every request (the kept game
/// state forgotten, so that each request reads and decodes the stored one).
async fn talvisota_view(t: &Arc<Table>, pool: &PgPool, plan: &Plan) -> anyhow::Result<Figure> {
    let mut games = Vec::new();
    for whole in [false, true] {
        let id = t
            .campaign_of(json!({
                "name": format!("Talvisota {whole}"), "game": "talvisota", "scenario": {"solo": true}
            }))
            .await?;
        let at = |tail: &str| format!("/api/v1/campaigns/{id}/talvisota/{tail}");
        t.post(&t.umpire, &at("advance"), json!({})).await?;
        let turns = if whole { solo_game(t, &at).await? } else { 1 };
        let view = at("view");
        games.push((id, view, turns));
    }
    let [(_, short, _), (id, long, turns)] = &games[..] else {
        unreachable!("two games")
    };
    let (a, b) = medians(t, &t.soviet, (short, long), plan.samples, true).await?;
    let events: i64 =
        sqlx::query_scalar("select count(*) from game_events where campaign_id = $1::uuid")
            .bind(id)
            .fetch_one(pool)
            .await?;
    Ok(Figure {
        measure: "long_vs_short_talvisota_view",
        value: b.as_secs_f64() / a.as_secs_f64(),
        budget: Some(("<=", 1.2)),
        detail: format!(
            "median {b:?} for a solo game ended after {turns} turns ({events} events) against {a:?} at its first turn, the Soviet player's view, built afresh"
        ),
    })
}

/// Plays the solo Talvisota game whose API paths `at` gives to its end, the Soviet player
/// sending the command sheet to Leningrad and attacking where they can; answers the turns
/// played.
async fn solo_game(t: &Table, at: &impl Fn(&str) -> String) -> anyhow::Result<u64> {
    use talvisota_plans::{sheet_to_leningrad, soviet_plan};
    let view = async || -> anyhow::Result<Value> {
        let (status, view) = t
            .send(reqwest::Method::GET, &t.soviet, &at("view"), None)
            .await?;
        anyhow::ensure!(status.is_success(), "Talvisota view: {status} {view}");
        Ok(view)
    };
    for turn in 1..=8 {
        let soviet = view().await?;
        let moves = sheet_to_leningrad(&soviet);
        let soviet = t
            .post(&t.soviet, &at("organisation"), json!({ "moves": moves }))
            .await?;
        let sheet = soviet_plan(&soviet).unwrap_or(json!({"allocations": []}));
        let soviet = t.post(&t.soviet, &at("soviet-sheet"), sheet).await?;
        if soviet["board"]["phase"] == "finnish_placement" {
            t.post(&t.soviet, &at("solo"), json!({})).await?;
        }
        let soviet = view().await?;
        if soviet["board"]["phase"] == "combat" {
            for a in soviet["sheet"]["allocations"]
                .as_array()
                .into_iter()
                .flatten()
            {
                t.post(
                    &t.soviet,
                    &at("combats"),
                    json!({"placement": a["placement"]}),
                )
                .await?;
            }
        }
        if view().await?["board"]["phase"] == "finished" {
            return Ok(turn);
        }
        let after = t.post(&t.umpire, &at("solo"), json!({})).await?;
        if after["board"]["phase"] == "finished" {
            return Ok(turn);
        }
    }
    anyhow::bail!("the solo game did not end in eight turns")
}

/// Plays `wanted` Hours of `campaign` as a player elsewhere would: a thread and a connection
/// of its own, so that what is measured is the server's queue, not this process's, where the
/// readers' tasks run.
async fn play_apart(t: &Arc<Table>, campaign: &str, wanted: usize) -> anyhow::Result<Played> {
    let player = t.through(&t.url);
    let campaign = campaign.to_owned();
    tokio::task::spawn_blocking(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        runtime.block_on(async {
            let own = Table {
                http: reqwest::Client::new(),
                ..Arc::unwrap_or_clone(player)
            };
            play(&own, &campaign, wanted).await
        })
    })
    .await?
}

/// Hours per second for a campaign of 40 platoons while `VIEW_CLIENTS` clients read its
/// Soviet view without pause, and those readers' median and p99 times: both sides of the one
/// machine in one run.
async fn hours_under_readers(
    t: &Arc<Table>,
    pool: &PgPool,
    plan: &Plan,
) -> anyhow::Result<Vec<Figure>> {
    let forty = t.campaign("forty platoons", &bench_pack(31)).await?;
    let view = format!("{}/api/v1/campaigns/{forty}/wons/view", t.url);
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reads = Arc::new(AtomicU64::new(0));
    // Each reader's view times while the Hours are played, for the readers' median and p99.
    let waits = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut readers = Vec::new();
    let clients: usize = std::env::var("MOTTI_BENCH_READERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(VIEW_CLIENTS);
    for _ in 0..clients {
        let (t, view, stop, reads) = (t.clone(), view.clone(), stop.clone(), reads.clone());
        let waits = waits.clone();
        readers.push(tokio::spawn(async move {
            let mut took = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let at = Instant::now();
                let res = t.http.get(&view).bearer_auth(&t.soviet).send().await;
                if let Ok(res) = res
                    && res.status().is_success()
                    && res.bytes().await.is_ok()
                {
                    reads.fetch_add(1, Ordering::Relaxed);
                    took.push(at.elapsed());
                }
            }
            waits.lock().unwrap_or_else(|e| e.into_inner()).extend(took);
        }));
    }
    let wanted = std::env::var("MOTTI_BENCH_HOURS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if plan.quick { 16 } else { 64 });
    let played = play_apart(t, &forty, wanted).await;
    stop.store(true, Ordering::Relaxed);
    for r in readers {
        r.await?;
    }
    let mut waits = std::mem::take(&mut *waits.lock().unwrap_or_else(|e| e.into_inner()));
    waits.sort();
    let at = |q: f64| {
        waits
            .get(((waits.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or_default()
    };
    let Played {
        hours,
        took,
        interrogations,
        ..
    } = played?;
    anyhow::ensure!(
        hours == wanted,
        "the 40-platoon campaign ended after {hours} Hours"
    );
    let (platoons, battles, stored, text): (i64, i64, i32, i32) = sqlx::query_as(
        "select (select count(*) from json_each(state->'platoons')), \
                (select count(*) from json_array_elements(state->'battles')) \
                + (select count(*) from game_archive where campaign_id = $1::uuid), \
                pg_column_size(state), octet_length(state::text) \
         from game_states where campaign_id = $1::uuid",
    )
    .bind(&forty)
    .fetch_one(pool)
    .await?;
    let rate = reads.load(Ordering::Relaxed) as f64 / took.as_secs_f64();
    let (median, p99) = (at(0.5), at(0.99));
    let readers = format!(
        "{clients} clients reading the Soviet view without pause ({rate:.0} views a second) while {hours} Hours of 40 platoons were played"
    );
    Ok(vec![
        Figure {
            measure: "hours_per_second_under_readers",
            value: hours as f64 / took.as_secs_f64(),
            budget: Some((">=", 40.0)),
            detail: format!(
                "{hours} Hours of {platoons} platoons ({battles} battles, {interrogations} interrogations; state {} KB stored, {} KB as text) in {took:.2?}, each Hour both sides' views, orders and ready marks and every fourth a battle's report and interrogation, while {clients} clients read the Soviet view {rate:.0} times a second (median {median:.1?}, p99 {p99:.1?})",
                stored / 1024,
                text / 1024,
            ),
        },
        Figure {
            measure: "readers_median_ms_under_hours",
            value: median.as_secs_f64() * 1000.0,
            budget: Some(("<=", 20.0)),
            detail: readers.clone(),
        },
        Figure {
            measure: "readers_p99_ms_under_hours",
            value: p99.as_secs_f64() * 1000.0,
            budget: Some(("<=", 50.0)),
            detail: readers,
        },
    ])
}

/// 5: the peak memory of a server process while 32 clients read the side view and page of the
/// long campaign; 7: rolls through two processes against one, and a change made through one
/// reaching a live stream held on the other.
async fn processes(
    t: &Arc<Table>,
    db_opts: &PgConnectOptions,
    long: &str,
    campaigns: &Arc<Vec<String>>,
    plan: &Plan,
) -> anyhow::Result<Vec<Figure>> {
    let a = Server::start(&t.http, db_opts).await?;
    let mut served = Vec::new();
    for path in [
        format!("/api/v1/campaigns/{long}/wons/view"),
        format!("/campaigns/{long}/wons"),
    ] {
        let (rate, _) = load(t, &a.url, &t.soviet, &path, VIEW_CLIENTS, plan.seconds).await?;
        served.push(format!("{rate:.0}/s"));
    }
    let memory = Figure {
        measure: "server_peak_memory_mb",
        value: a.peak_mb(),
        budget: Some(("<=", 150.0)),
        detail: format!(
            "VmHWM of a motti process of its own after {VIEW_CLIENTS} clients read the long campaign's side view ({}) and page ({}) for {} s each",
            served[0], served[1], plan.seconds
        ),
    };

    let one = roll_rate(t, std::slice::from_ref(&a.url), campaigns, plan.seconds).await?;
    let b = Server::start(&t.http, db_opts).await?;
    let two = roll_rate(t, &[a.url.clone(), b.url.clone()], campaigns, plan.seconds).await?;
    let crossed = crosses(t, &a.url, &b.url, &campaigns[0]).await?;
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let processes = Figure {
        measure: "two_processes_vs_one",
        value: two / one,
        budget: None,
        detail: format!(
            "{two:.0} rolls/s through two motti processes (clients split between them) against {one:.0}/s through one, on {cores} cores shared with PostgreSQL and the clients (meaningful on 4 or more); a roll through one reached a live stream on the other in {crossed:.1?}"
        ),
    };
    drop((a, b));
    Ok(vec![memory, processes])
}

/// How long a roll made through server `a` takes to reach a live stream held on server `b`.
async fn crosses(t: &Table, a: &str, b: &str, campaign: &str) -> anyhow::Result<Duration> {
    let mut stream = t
        .http
        .get(format!("{b}/campaigns/{campaign}/live"))
        .bearer_auth(&t.umpire)
        .send()
        .await?;
    anyhow::ensure!(
        stream.status().is_success(),
        "live stream: {}",
        stream.status()
    );
    // The stream subscribes as it starts; give it a moment before the change.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let at = Instant::now();
    t.http
        .post(format!("{a}/api/v1/campaigns/{campaign}/rolls"))
        .bearer_auth(&t.umpire)
        .json(&json!({"dice": "1d6", "purpose": "crossing"}))
        .send()
        .await?
        .error_for_status()?;
    tokio::time::timeout(Duration::from_secs(10), async {
        let mut seen = String::new();
        while let Some(chunk) = stream.chunk().await? {
            seen.push_str(&String::from_utf8_lossy(&chunk));
            if seen.contains("changed") {
                return Ok(at.elapsed());
            }
        }
        anyhow::bail!("the live stream on the second process ended without the change")
    })
    .await
    .map_err(|_| {
        anyhow::anyhow!(
            "a roll through one process did not reach a stream on the other within 10 s"
        )
    })?
}

/// Creates the campaigns the roll phases roll in.
async fn roll_campaigns(t: &Table) -> anyhow::Result<Arc<Vec<String>>> {
    let mut campaigns = Vec::new();
    for i in 0..ROLL_CAMPAIGNS {
        let c = t
            .post(
                &t.umpire,
                "/api/v1/campaigns",
                json!({"name": format!("rolls {i}"), "game": "wons"}),
            )
            .await?;
        campaigns.push(c["id"].as_str().unwrap_or_default().to_owned());
    }
    Ok(Arc::new(campaigns))
}

/// Rolls per second through the API: `ROLL_CLIENTS` clients, each rolling one die at a time in
/// the campaigns in turn, client `c` through server `bases[c % bases.len()]`.
async fn roll_rate(
    t: &Arc<Table>,
    bases: &[String],
    campaigns: &Arc<Vec<String>>,
    seconds: u64,
) -> anyhow::Result<f64> {
    let done = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for c in 0..ROLL_CLIENTS {
        let (t, campaigns, done) = (t.clone(), campaigns.clone(), done.clone());
        let base = bases[c % bases.len()].clone();
        tasks.push(tokio::spawn(async move {
            let mut i = c;
            while Instant::now() < deadline {
                let id = &campaigns[i % ROLL_CAMPAIGNS];
                let res = t
                    .http
                    .post(format!("{base}/api/v1/campaigns/{id}/rolls"))
                    .bearer_auth(&t.umpire)
                    .json(&json!({"dice": "1d6", "purpose": "bench"}))
                    .send()
                    .await;
                // Read to the end, so that the connection serves the next roll.
                if let Ok(res) = res
                    && res.status().is_success()
                    && res.bytes().await.is_ok()
                {
                    done.fetch_add(1, Ordering::Relaxed);
                }
                i += ROLL_CLIENTS;
            }
        }));
    }
    let started = Instant::now();
    for task in tasks {
        task.await?;
    }
    Ok(done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64())
}

async fn rolls_against_pgbench(
    t: &Arc<Table>,
    campaigns: &Arc<Vec<String>>,
    pool: &PgPool,
    db_opts: &PgConnectOptions,
    seconds: u64,
) -> anyhow::Result<Figure> {
    let motti_rate = roll_rate(t, std::slice::from_ref(&t.url), campaigns, seconds).await?;

    pool.execute(
        "create table bench_counters (id int primary key, next_roll bigint not null default 0)",
    )
    .await?;
    pool.execute(
        "create table bench_rolls (campaign int, k bigint, draws jsonb, primary key (campaign, k))",
    )
    .await?;
    pool.execute("insert into bench_counters (id) select generate_series(1, 64)")
        .await?;
    let script = std::env::temp_dir().join(format!("motti-bench-{}.sql", std::process::id()));
    std::fs::write(&script, PGBENCH_SCRIPT)?;
    let out = tokio::process::Command::new(pgbench())
        .args([
            "-n",
            "-c",
            &ROLL_CLIENTS.to_string(),
            "-j",
            "2",
            "-T",
            &seconds.to_string(),
            "-f",
        ])
        .arg(&script)
        .args([
            "-h",
            db_opts.get_host(),
            "-p",
            &db_opts.get_port().to_string(),
            "-U",
            db_opts.get_username(),
        ])
        .arg(db_opts.get_database().unwrap_or("postgres"))
        .output()
        .await?;
    std::fs::remove_file(&script).ok();
    let text = String::from_utf8_lossy(&out.stdout);
    let pg_rate: f64 = text
        .lines()
        .find(|l| l.starts_with("tps = "))
        .and_then(|l| l.split_whitespace().nth(2))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "pgbench gave no tps: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            )
        })?;
    Ok(Figure {
        measure: "rolls_vs_pgbench",
        value: motti_rate / pg_rate,
        budget: Some((">=", 0.75)),
        detail: format!(
            "{motti_rate:.0} rolls/s through the API ({ROLL_CLIENTS} clients, {ROLL_CAMPAIGNS} campaigns, bearer tokens) against {pg_rate:.0}/s of pgbench's same transaction"
        ),
    })
}

/// Writes a valid export of `n` public rolls of 2d6 to a temporary file and returns its path.
fn generated_export(n: usize) -> anyhow::Result<std::path::PathBuf> {
    use motti::dice::audience::Audience;
    use motti::dice::entropy::EntropySet;
    use motti::dice::export::{Export, ExportEpoch, ExportRoll, ExportSeed};
    use motti::dice::live::LiveDice;
    use motti::dice::source::{Dice, RollSpec, Visibility};
    use motti::dice::v2::{EpochSeeds, chain_start};
    let id = uuid::Uuid::new_v4();
    let raw: [[u8; 32]; 4] = std::array::from_fn(|i| [i as u8 + 7; 32]);
    let seeds = EpochSeeds::new(raw);
    let entropy = EntropySet::from_lines(Vec::new());
    let mut export = Export::new(id);
    export.epochs.push(ExportEpoch::V2 {
        epoch: 0,
        seeds: Audience::ALL
            .iter()
            .map(|a| (*a, ExportSeed::new(&raw[usize::from(a.byte())], true)))
            .collect(),
    });
    export.add_entropy_set(&entropy);
    let (mut k, mut head) = (0, chain_start(id));
    while export.rolls.len() < n {
        let mut dice = LiveDice::new(id, 0, seeds.clone(), entropy.hash(), k, head);
        for _ in 0..10_000.min(n - export.rolls.len()) {
            dice.roll(RollSpec::d6s(
                "bench",
                motti::core::domain::Role::Umpire,
                Visibility::Public,
                2,
            ));
        }
        (k, head) = (dice.next_k(), dice.chain_head());
        let rolls = dice.into_rolls().map_err(|e| anyhow::anyhow!("{e:?}"))?;
        export.rolls.extend(rolls.iter().map(ExportRoll::visible));
    }
    let file = std::env::temp_dir().join(format!("motti-bench-export-{id}.json"));
    std::fs::write(&file, serde_json::to_vec(&export)?)?;
    Ok(file)
}

/// Times what `motti verify` does with an export of `n` generated rolls: read the file and
/// re-derive every roll.
fn verify_rate(n: usize) -> anyhow::Result<(Figure, Duration)> {
    let file = generated_export(n)?;
    let started = Instant::now();
    let read: motti::dice::export::Export = serde_json::from_slice(&std::fs::read(&file)?)?;
    let checked = motti::dice::verify::verify(&read).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let took = started.elapsed();
    std::fs::remove_file(&file).ok();
    anyhow::ensure!(
        checked.rolls == n,
        "verify checked {} of {n}",
        checked.rolls
    );
    Ok((
        Figure {
            measure: "verify_rolls_per_second",
            value: n as f64 / took.as_secs_f64(),
            budget: Some((">=", 200_000.0)),
            detail: format!("{n} rolls of 2d6 read from a file and re-derived in {took:?}"),
        },
        took,
    ))
}

/// Figure 8: the browser's dice checker (the offline file, opened from disk in headless
/// Chromium) on an export of `n` generated rolls, against `motti verify` on the same number
/// (`native`, measured just before in this run). Needs chromium and chromedriver.
async fn browser_checker(n: usize, native: Duration) -> anyhow::Result<Figure> {
    use fantoccini::{ClientBuilder, Locator};
    let file = generated_export(n)?;
    let page =
        std::env::temp_dir().join(format!("motti-bench-checker-{}.html", uuid::Uuid::new_v4()));
    std::fs::write(&page, motti::tray::pages::offline_checker()?)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let mut driver = std::process::Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    let outcome = async {
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let caps = serde_json::json!({"goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]}});
        let caps = caps.as_object().cloned().unwrap_or_default().into_iter().collect();
        let b = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await?;
        b.goto(&format!("file://{}", page.display())).await?;
        let input = b.find(Locator::Id("verify-file")).await?;
        let started = Instant::now();
        input.send_keys(&file.display().to_string()).await?;
        let verdict = loop {
            let shown = b
                .execute("const v = document.getElementById('verdict'); return v.hidden ? null : v.innerText;", vec![])
                .await?;
            if let Some(text) = shown.as_str() {
                break text.to_owned();
            }
            anyhow::ensure!(started.elapsed() < Duration::from_secs(600), "no verdict in ten minutes");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let took = started.elapsed();
        b.close().await.ok();
        anyhow::ensure!(verdict.starts_with("These dice check out."), "the checker said: {verdict}");
        Ok::<_, anyhow::Error>(took)
    }
    .await;
    driver.kill().ok();
    driver.wait().ok();
    std::fs::remove_file(&file).ok();
    std::fs::remove_file(&page).ok();
    let took = outcome?;
    Ok(Figure {
        measure: "browser_checker_vs_verify",
        value: took.as_secs_f64() / native.as_secs_f64(),
        budget: None,
        detail: format!(
            "{n} rolls checked in the browser in {took:.2?} ({:.0} rolls/s; the issue asks for 100,000 in under 10 s), against {native:.2?} for `motti verify`",
            n as f64 / took.as_secs_f64()
        ),
    })
}

fn pgbench() -> String {
    if let Some(path) = which("pgbench") {
        return path;
    }
    let mut found: Vec<_> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("bin/pgbench"))
                .filter(|p| p.exists())
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
        .pop()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "pgbench".into())
}

fn which(name: &str) -> Option<String> {
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(name))
            .find(|p| p.exists())
            .map(|p| p.display().to_string())
    })
}
