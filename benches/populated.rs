//! The pages of a populated database: a `motti` process of its own on a database holding 10,000
//! campaigns, 30,000 users and 10,000,000 rolls, with the figures of the populated budgets.
//!
//! `cargo bench --bench populated` runs it in full; `-- --quick` holds a tenth of everything.
//! `DATABASE_URL` as for the suite.
//!
//! The database is filled with SQL: the users and their tokens are written directly, one
//! campaign is made through the API (its game state, dice epoch and seeds real) and rolled in,
//! then cloned, row for row of every campaign-keyed table, into the others; three participants
//! each, the measured user the umpire of about twenty; the rolls copies of the template's, most
//! in the measured campaign and a few others, the counters (`roll_counts`, `dice_faces`,
//! `next_roll`) kept as rolling would keep them.
//!
//! 1. `populated_<route>_p99_ms`: the measured user's home page, campaign list (page and API)
//!    and dice tray (page and API) answering `REQUESTS` requests from `CLIENTS` clients at once,
//!    p99, beside `/readyz` measured the same way in the same run;
//! 2. `populated_seq_scans_on_big_tables`: every statement those requests run, explained by
//!    `auto_explain` in the PostgreSQL log on that database: how many plan nodes read a big table
//!    (`BIG_TABLES`) sequentially rather than through an index (budget 0).
//!
//! `MOTTI_BENCH_LINGER=<seconds>` holds the measured process that long before measuring, and
//! prints its address, process id, the measured campaign and the token, so another load tool or
//! a profiler can be pointed at the populated database.

#![warn(clippy::too_many_lines)]

mod support;

use serde_json::{Value, json};
use sha2::Digest;
use sqlx::{ConnectOptions, PgPool};
use std::io::{Read, Seek};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{Figure, Server, report};
use uuid::Uuid;

/// Requests to each route, and the clients sending them at once.
const REQUESTS: usize = 1000;
const CLIENTS: usize = 4;
/// Requests each client sends to a route before it is measured, not counted.
const WARM_UP: usize = 5;
/// The tables whose sequential scan a page must never need.
const BIG_TABLES: [&str; 8] = [
    "rolls",
    "campaigns",
    "participants",
    "users",
    "api_tokens",
    "game_events",
    "roll_counts",
    "dice_faces",
];
/// How many rolls the template campaign is rolled through the API before it is cloned.
const TEMPLATE_ROLLS: i64 = 4;

/// The sizes of the population.
struct Sizes {
    campaigns: i64,
    users: i64,
    rolls: i64,
    /// The measured campaign's rolls, and those of each of the few other busy campaigns.
    measured_rolls: i64,
    busy: i64,
    busy_rolls: i64,
    /// Campaigns the measured user umpires.
    measured_campaigns: i64,
}

impl Sizes {
    fn new(quick: bool) -> Sizes {
        let scale = if quick { 10 } else { 1 };
        Sizes {
            campaigns: 10_000 / scale,
            users: 30_000 / scale,
            rolls: 10_000_000 / scale,
            measured_rolls: 1_000_000 / scale,
            busy: 9,
            busy_rolls: 100_000 / scale,
            measured_campaigns: 20,
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let figures = support::on_own_database(|db| async move { run(db, quick).await }).await?;
    report(&figures, quick)
}

/// With `MOTTI_BENCH_LINGER` set, says where the measured process is and waits that many
/// seconds before the measurements.
async fn linger(server: &Server, campaign: Uuid, token: &str) {
    let Some(seconds) = std::env::var("MOTTI_BENCH_LINGER")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
    else {
        return;
    };
    println!(
        "lingering {seconds} s: {} (process {:?}), campaign {campaign}, token {token}",
        server.url,
        server.child.id()
    );
    tokio::time::sleep(Duration::from_secs(seconds)).await;
}

/// The routes measured: a figure's name and the path.
fn routes(campaign: Uuid) -> Vec<(&'static str, String)> {
    vec![
        ("home", "/".into()),
        ("campaigns", "/campaigns".into()),
        ("api_campaigns", "/api/v1/campaigns".into()),
        ("dice", format!("/campaigns/{campaign}/dice")),
        ("api_rolls", format!("/api/v1/campaigns/{campaign}/rolls")),
    ]
}

async fn run(
    db_opts: sqlx::postgres::PgConnectOptions,
    quick: bool,
) -> anyhow::Result<Vec<Figure>> {
    let pool = motti::connect(db_opts.to_url_lossy().as_ref()).await?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let sizes = Sizes::new(quick);
    let started = Instant::now();
    let (campaign, token) = {
        let server = Server::start(&http, &db_opts).await?;
        populate(&http, &pool, &server.url, &sizes).await?
    };
    let populated = started.elapsed();
    let counts: (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from campaigns), (select count(*) from users), (select count(*) from rolls)",
    )
    .fetch_one(&pool)
    .await?;
    println!(
        "populated in {populated:.1?}: {} campaigns, {} users, {} rolls",
        counts.0, counts.1, counts.2
    );
    let population = format!(
        "{} campaigns, {} users, {} rolls populated in {:.1} s",
        counts.0,
        counts.1,
        counts.2,
        populated.as_secs_f64()
    );

    let server = Server::start(&http, &db_opts).await?;
    linger(&server, campaign, &token).await;
    let mut routes = routes(campaign);
    for (name, path) in &routes {
        let res = http
            .get(format!("{}{path}", server.url))
            .bearer_auth(&token)
            .send()
            .await?;
        anyhow::ensure!(
            res.status().is_success(),
            "{name} ({path}) answered {}",
            res.status()
        );
    }
    routes.push(("readyz", "/readyz".into()));
    let requests = if quick { REQUESTS / 5 } else { REQUESTS };
    let mut measured = Vec::new();
    for (name, path) in &routes {
        measured.push((
            *name,
            measure(&http, &server.url, path, &token, requests).await?,
        ));
    }
    drop(server);
    let readyz = measured
        .iter()
        .find(|(n, _)| *n == "readyz")
        .map(|(_, m)| m.clone())
        .unwrap_or_default();
    let mut figures = Vec::new();
    for (name, m) in measured.iter().filter(|(n, _)| *n != "readyz") {
        let path = &routes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.clone())
            .unwrap_or_default();
        figures.push(Figure {
            measure: figure_name(name),
            value: m.p99_ms,
            budget: Some(("<=", 10.0)),
            detail: format!(
                "GET {path} as a user in {} campaigns, {requests} requests from {CLIENTS} clients: p50 {:.2} ms, p99 {:.2} ms, {:.0}/s; /readyz p50 {:.2} ms, p99 {:.2} ms, {:.0}/s; {population}",
                sizes.measured_campaigns + 1,
                m.p50_ms,
                m.p99_ms,
                m.rate,
                readyz.p50_ms,
                readyz.p99_ms,
                readyz.rate,
            ),
        });
    }
    routes.pop();
    figures.push(explain(&http, &pool, &db_opts, &routes, &token).await?);
    Ok(figures)
}

fn figure_name(route: &str) -> &'static str {
    match route {
        "home" => "populated_home_p99_ms",
        "campaigns" => "populated_campaigns_p99_ms",
        "api_campaigns" => "populated_api_campaigns_p99_ms",
        "dice" => "populated_dice_p99_ms",
        _ => "populated_api_rolls_p99_ms",
    }
}

/// Fills the database: answers the measured campaign and the measured user's token.
async fn populate(
    http: &reqwest::Client,
    pool: &PgPool,
    url: &str,
    sizes: &Sizes,
) -> anyhow::Result<(Uuid, String)> {
    let token = users_and_tokens(pool, sizes).await?;
    let template = template(http, pool, url, &token).await?;
    let mut tx = pool.begin().await?;
    sqlx::query("set local synchronous_commit = off")
        .execute(&mut *tx)
        .await?;
    clone_campaigns(&mut tx, template, sizes).await?;
    clone_rolls(&mut tx, template, sizes).await?;
    tx.commit().await?;
    sqlx::query("analyze").execute(pool).await?;
    Ok((template, token))
}

/// The users and their tokens; answers the measured user's token.
async fn users_and_tokens(pool: &PgPool, sizes: &Sizes) -> anyhow::Result<String> {
    let mut tx = pool.begin().await?;
    sqlx::query("set local synchronous_commit = off")
        .execute(&mut *tx)
        .await?;
    // Users `player0` … and a token each, `motti_bench_<n>`, hashed as the server hashes it.
    sqlx::query(
        "insert into users (id, username, password_hash) \
         select gen_random_uuid(), 'player' || n, 'no password' from generate_series(0, $1 - 1) n",
    )
    .bind(sizes.users)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into api_tokens (token_hash, user_id, name) \
         select sha256(convert_to('motti_bench_' || substr(username, 7), 'UTF8')), id, 'populated' from users",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let token = "motti_bench_0".to_owned();
    let check = sha2::Sha256::digest(token.as_bytes()).to_vec();
    let found: Option<(Uuid,)> =
        sqlx::query_as("select user_id from api_tokens where token_hash = $1")
            .bind(&check)
            .fetch_optional(pool)
            .await?;
    anyhow::ensure!(
        found.is_some(),
        "the tokens written are not hashed as the server hashes them"
    );

    Ok(token)
}

/// The template campaign, made through the API and rolled in by each audience.
async fn template(
    http: &reqwest::Client,
    pool: &PgPool,
    url: &str,
    token: &str,
) -> anyhow::Result<Uuid> {
    // The template: a campaign made through the API by player0, its players player1 and
    // player2, rolled in by each audience.
    let created: Value = http
        .post(format!("{url}/api/v1/campaigns"))
        .bearer_auth(token)
        .json(&json!({"name": "populated 0", "game": "wons"}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let template: Uuid = created["id"].as_str().unwrap_or_default().parse()?;
    for (n, role) in [(1, "soviet"), (2, "finnish")] {
        sqlx::query(
            "insert into participants (campaign_id, user_id, role) \
             select $1, id, $2 from users where username = $3",
        )
        .bind(template)
        .bind(role)
        .bind(format!("player{n}"))
        .execute(pool)
        .await?;
    }
    for (who, visibility) in [(0, "public"), (0, "umpire"), (1, "side"), (2, "public")] {
        http.post(format!("{url}/api/v1/campaigns/{template}/rolls"))
            .bearer_auth(format!("motti_bench_{who}"))
            .json(&json!({"dice": "2d6", "purpose": "populating", "visibility": visibility}))
            .send()
            .await?
            .error_for_status()?;
    }

    Ok(template)
}

/// The other campaigns, cloned from the template with every campaign-keyed table but the
/// dice's, and their participants.
async fn clone_campaigns(
    conn: &mut sqlx::PgConnection,
    template: Uuid,
    sizes: &Sizes,
) -> anyhow::Result<()> {
    // The clones: campaign n (1 …) with a new id; its rolls, how many it will hold.
    sqlx::query(
        "create temporary table clones on commit drop as \
         select n, gen_random_uuid() as id from generate_series(1, $1 - 1) n",
    )
    .bind(sizes.campaigns)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into campaigns select c.id, 'populated ' || c.n, t.game, t.status, t.created_by, \
           t.created_at, t.finished_at, t.version, t.next_roll, t.chain_head, t.dice_epoch, t.next_event, \
           t.orders_deadline, t.next_soviet_event, t.next_finnish_event, t.public_version, t.soviet_version, \
           t.finnish_version, t.standing, t.pace_minutes, t.grace_minutes, t.paused_at, t.deadline_set_at, \
           t.deadline_warned, t.solo \
         from clones c, campaigns t where t.id = $1",
    )
    .bind(template)
    .execute(&mut *conn)
    .await?;
    // Every other campaign-keyed table, copied row for row; a serial default (a state's
    // revision) and an `id` are made anew.
    let tables: Vec<(String,)> = sqlx::query_as(
        "select table_name::text from information_schema.columns \
         where table_schema = 'public' and column_name = 'campaign_id' \
           and table_name not in ('participants', 'rolls', 'roll_counts', 'dice_faces') \
         order by table_name",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (table,) in tables {
        let (rows,): (i64,) = sqlx::query_as(&format!(
            "select count(*) from {table} where campaign_id = $1"
        ))
        .bind(template)
        .fetch_one(&mut *conn)
        .await?;
        if rows == 0 {
            continue;
        }
        let columns: Vec<(String, Option<String>)> = sqlx::query_as(
            "select column_name::text, column_default::text from information_schema.columns \
             where table_schema = 'public' and table_name = $1 order by ordinal_position",
        )
        .bind(&table)
        .fetch_all(&mut *conn)
        .await?;
        anyhow::ensure!(
            !columns.iter().any(|(c, _)| c == "hero_id" || c == "code"),
            "the template campaign holds rows of {table}, which cannot be copied"
        );
        let kept: Vec<&(String, Option<String>)> = columns
            .iter()
            .filter(|(_, d)| !d.as_deref().is_some_and(|d| d.starts_with("nextval")))
            .collect();
        let names: Vec<&str> = kept.iter().map(|(c, _)| c.as_str()).collect();
        let values: Vec<String> = kept
            .iter()
            .map(|(c, _)| match c.as_str() {
                "campaign_id" => "c.id".into(),
                "id" => "gen_random_uuid()".into(),
                other => format!("t.{other}"),
            })
            .collect();
        sqlx::query(&format!(
            "insert into {table} ({}) select {} from clones c, {table} t where t.campaign_id = $1",
            names.join(", "),
            values.join(", ")
        ))
        .bind(template)
        .execute(&mut *conn)
        .await?;
    }
    // Three participants each: campaign n's umpire, Soviet and Finnish players the users
    // 3n, 3n + 1, 3n + 2 of the first nine tenths (so a tenth take part in two campaigns, a tenth
    // in none); player0 the umpire of the first `measured_campaigns` clones as well.
    sqlx::query(
        "insert into participants (campaign_id, user_id, role, client_seed) \
         select c.id, u.id, r.role, t.client_seed \
         from clones c \
         cross join (values (0, 'umpire'), (1, 'soviet'), (2, 'finnish')) r(i, role) \
         join users u on u.username = 'player' || case when r.i = 0 and c.n <= $2 then 0 \
                                                    else (3 * c.n + r.i) % ($3 * 9 / 10) end \
         join participants t on t.campaign_id = $1 and t.role = r.role",
    )
    .bind(template)
    .bind(sizes.measured_campaigns)
    .bind(sizes.users)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "update campaigns c set created_by = p.user_id from participants p \
         where p.campaign_id = c.id and p.role = 'umpire' and c.id <> $1",
    )
    .bind(template)
    .execute(&mut *conn)
    .await?;

    Ok(())
}

/// The rolls of every campaign, copies of the template's, and the counters that go with them.
async fn clone_rolls(
    conn: &mut sqlx::PgConnection,
    template: Uuid,
    sizes: &Sizes,
) -> anyhow::Result<()> {
    // The rolls: copies of the template's, in its order, as many to a campaign as it holds.
    let spread = (sizes.rolls - sizes.measured_rolls - sizes.busy * sizes.busy_rolls)
        / (sizes.campaigns - 1 - sizes.busy);
    let whole = |n: i64| n / TEMPLATE_ROLLS * TEMPLATE_ROLLS;
    sqlx::query(
        "create temporary table held on commit drop as \
         select $1::uuid as id, $2::bigint as rolls \
         union all select id, case when n <= $3 then $4::bigint else $5::bigint end from clones",
    )
    .bind(template)
    .bind(whole(sizes.measured_rolls))
    .bind(sizes.busy)
    .bind(whole(sizes.busy_rolls))
    .bind(whole(spread))
    .execute(&mut *conn)
    .await?;
    let (first,): (i64,) = sqlx::query_as("select min(k) from rolls where campaign_id = $1")
        .bind(template)
        .fetch_one(&mut *conn)
        .await?;
    sqlx::query("create temporary table template_rolls on commit drop as select * from rolls where campaign_id = $1")
        .bind(template)
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from rolls where campaign_id = $1")
        .bind(template)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, \
           visibility, roller_role, roller_id, procedure, result, summary, total, created_at, audience, digest) \
         select h.id, $1 + i, t.epoch, t.entropy, t.draws, t.chain, t.expression, t.purpose, t.visibility, \
           t.roller_role, p.user_id, t.procedure, t.result, t.summary, t.total, \
           now() - (h.rolls - i) * interval '1 minute', t.audience, t.digest \
         from held h \
         cross join generate_series(0, h.rolls - 1) i \
         join template_rolls t on t.k = $1 + i % $2 \
         left join participants p on p.campaign_id = h.id and p.role = t.roller_role",
    )
    .bind(first)
    .bind(TEMPLATE_ROLLS)
    .execute(&mut *conn)
    .await?;
    // The counters as rolling keeps them: the next roll's number, the rolls of each audience,
    // the faces each scope saw (the template's, once for each round of its rolls).
    sqlx::query("update campaigns c set next_roll = $1 + h.rolls from held h where h.id = c.id")
        .bind(first)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "create temporary table template_counts on commit drop as \
         select epoch, audience, count from roll_counts where campaign_id = $1",
    )
    .bind(template)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "create temporary table template_faces on commit drop as \
         select epoch, scope, face, count from dice_faces where campaign_id = $1",
    )
    .bind(template)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from roll_counts where campaign_id = $1")
        .bind(template)
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from dice_faces where campaign_id = $1")
        .bind(template)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into roll_counts (campaign_id, epoch, audience, count) \
         select h.id, t.epoch, t.audience, t.count * (h.rolls / $1) from held h, template_counts t",
    )
    .bind(TEMPLATE_ROLLS)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "insert into dice_faces (campaign_id, epoch, scope, face, count) \
         select h.id, t.epoch, t.scope, t.face, t.count * (h.rolls / $1) from held h, template_faces t",
    )
    .bind(TEMPLATE_ROLLS)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// p50, p99 and rate of a route.
#[derive(Clone, Default)]
struct Measured {
    p50_ms: f64,
    p99_ms: f64,
    rate: f64,
}

/// `requests` GETs of `path` from `CLIENTS` clients at once.
async fn measure(
    http: &reqwest::Client,
    url: &str,
    path: &str,
    token: &str,
    requests: usize,
) -> anyhow::Result<Measured> {
    let target = Arc::new(format!("{url}{path}"));
    // A few to warm the connections and the server's caches, not counted: from `CLIENTS`
    // clients at once, as measured, so that the pool has opened the connections the measure
    // uses and each has prepared the route's statements (one client at a time warmed one
    // connection, and the first route measured paid for opening and preparing the others).
    let mut warming = Vec::new();
    for _ in 0..CLIENTS {
        let (http, target, token) = (http.clone(), target.clone(), token.to_owned());
        warming.push(tokio::spawn(async move {
            for _ in 0..WARM_UP {
                http.get(target.as_str())
                    .bearer_auth(&token)
                    .send()
                    .await?
                    .bytes()
                    .await?;
            }
            anyhow::Ok(())
        }));
    }
    for w in warming {
        w.await??;
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (http, target, token) = (http.clone(), target.clone(), token.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut took = Vec::new();
            for _ in 0..requests / CLIENTS {
                let at = Instant::now();
                let res = http.get(target.as_str()).bearer_auth(&token).send().await?;
                anyhow::ensure!(res.status().is_success(), "{target}: {}", res.status());
                res.bytes().await?;
                took.push(at.elapsed());
            }
            anyhow::Ok(took)
        }));
    }
    let mut took: Vec<Duration> = Vec::new();
    for t in tasks {
        took.extend(t.await??);
    }
    let elapsed = started.elapsed();
    took.sort();
    let q = |p: f64| {
        took.get(((took.len() as f64 * p) as usize).min(took.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    };
    Ok(Measured {
        p50_ms: q(0.5),
        p99_ms: q(0.99),
        rate: took.len() as f64 / elapsed.as_secs_f64(),
    })
}

/// The PostgreSQL server's log: `MOTTI_BENCH_PG_LOG`, else its current log file, else the newest
/// file in `/var/log/postgresql`.
async fn pg_log(pool: &PgPool) -> Option<std::path::PathBuf> {
    if let Ok(path) = std::env::var("MOTTI_BENCH_PG_LOG") {
        return Some(path.into());
    }
    let current: Option<(Option<String>, String)> =
        sqlx::query_as("select pg_current_logfile(), current_setting('data_directory')")
            .fetch_optional(pool)
            .await
            .ok()
            .flatten();
    if let Some((Some(file), data)) = current {
        return Some(std::path::Path::new(&data).join(file));
    }
    std::fs::read_dir("/var/log/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".log"))
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .map(|e| e.path())
}

/// Every statement the routes run, explained by `auto_explain` on a process started for it: the
/// plan nodes that read a big table sequentially.
async fn explain(
    http: &reqwest::Client,
    pool: &PgPool,
    db_opts: &sqlx::postgres::PgConnectOptions,
    routes: &[(&'static str, String)],
    token: &str,
) -> anyhow::Result<Figure> {
    let measure = "populated_seq_scans_on_big_tables";
    let Some(log) = pg_log(pool).await else {
        return Ok(Figure {
            measure,
            value: f64::NAN,
            budget: Some(("<=", 0.0)),
            detail: "the PostgreSQL log was not found (set MOTTI_BENCH_PG_LOG)".into(),
        });
    };
    let (db,): (String,) = sqlx::query_as("select current_database()")
        .fetch_one(pool)
        .await?;
    for setting in [
        "session_preload_libraries = 'auto_explain'",
        "auto_explain.log_min_duration = 0",
        "auto_explain.log_format = 'json'",
        "auto_explain.log_analyze = off",
        "auto_explain.log_nested_statements = on",
    ] {
        sqlx::query(&format!("alter database {db} set {setting}"))
            .execute(pool)
            .await?;
    }
    let server = Server::start(http, db_opts).await?;
    // Once each before the log is read from, so what runs only once (a cache filled) is seen
    // too.
    let mut offset = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    for pass in 0..2 {
        if pass == 1 {
            offset = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
        }
        for (name, path) in routes {
            let res = http
                .get(format!("{}{path}", server.url))
                .bearer_auth(token)
                .send()
                .await?;
            anyhow::ensure!(res.status().is_success(), "{name}: {}", res.status());
            res.bytes().await?;
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(server);
    sqlx::query(&format!("alter database {db} reset all"))
        .execute(pool)
        .await?;
    let mut text = String::new();
    let mut file = std::fs::File::open(&log)?;
    file.seek(std::io::SeekFrom::Start(offset))?;
    file.read_to_string(&mut text)?;
    let plans = plans(&text);
    let mut offending = Vec::new();
    let mut statements = std::collections::BTreeSet::new();
    let mut indexes = std::collections::BTreeSet::new();
    for plan in &plans {
        let query = plan["Query Text"]
            .as_str()
            .unwrap_or_default()
            .trim()
            .to_owned();
        statements.insert(query.clone());
        let mut scans = Vec::new();
        seq_scans(&plan["Plan"], &mut scans, &mut indexes);
        for relation in scans {
            offending.push(format!("Seq Scan on {relation} in: {query}"));
        }
    }
    offending.sort();
    offending.dedup();
    Ok(Figure {
        measure,
        value: offending.len() as f64,
        budget: Some(("<=", 0.0)),
        detail: format!(
            "{} plans of {} distinct statements run by {} ({} routes, once each, after once to warm), through the indexes {}{}{}",
            plans.len(),
            statements.len(),
            routes
                .iter()
                .map(|(_, p)| p.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            routes.len(),
            indexes.into_iter().collect::<Vec<_>>().join(", "),
            if offending.is_empty() { "" } else { ": " },
            offending.join("; ")
        ),
    })
}

/// The JSON plans `auto_explain` wrote in `log`.
fn plans(log: &str) -> Vec<Value> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in log.lines() {
        let continued = line.starts_with('\t') || line.starts_with(' ');
        if let Some(text) = current.as_mut()
            && continued
        {
            text.push_str(line);
            text.push('\n');
            continue;
        }
        if let Some(text) = current.take()
            && let Ok(v) = serde_json::from_str::<Value>(&text)
        {
            found.push(v);
        }
        if let Some(at) = line.find("plan:") {
            current = Some(format!("{}\n", &line[at + 5..]));
        }
    }
    if let Some(text) = current
        && let Ok(v) = serde_json::from_str::<Value>(&text)
    {
        found.push(v);
    }
    found
}

/// The big tables `plan` reads sequentially, anywhere in it, and the indexes it reads.
fn seq_scans(
    plan: &Value,
    found: &mut Vec<String>,
    indexes: &mut std::collections::BTreeSet<String>,
) {
    if let Some(index) = plan["Index Name"].as_str() {
        indexes.insert(index.to_owned());
    }
    if plan["Node Type"] == "Seq Scan"
        && let Some(relation) = plan["Relation Name"].as_str()
        && BIG_TABLES.contains(&relation)
    {
        found.push(relation.to_owned());
    }
    if let Some(children) = plan["Plans"].as_array() {
        for child in children {
            seq_scans(child, found, indexes);
        }
    }
}
