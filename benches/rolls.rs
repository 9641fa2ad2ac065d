//! Rolls per second through the HTTP API (16 clients over 64 campaigns), measured side by side
//! with pgbench running the same shape of transaction (lock the campaign's counter, insert the
//! roll, commit) on the same database. Prints both and their ratio.
//!
//! Run with `cargo bench --bench rolls`; `MOTTI_BENCH_SECONDS` sets each phase's length (10).

use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const CLIENTS: usize = 16;
const CAMPAIGNS: usize = 64;

const PGBENCH_SCRIPT: &str = "\\set c random(1, 64)
BEGIN;
SELECT next_roll FROM bench_counters WHERE id = :c FOR UPDATE;
INSERT INTO bench_rolls (campaign, k, draws) SELECT :c, next_roll, '[[6, 4]]' FROM bench_counters WHERE id = :c;
UPDATE bench_counters SET next_roll = next_roll + 1 WHERE id = :c;
END;
";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let seconds: u64 = std::env::var("MOTTI_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let base = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let admin = PgConnectOptions::from_str(&base)?.database("postgres");
    let name = format!("motti_bench_{}", uuid::Uuid::new_v4().simple());
    let mut conn = admin.connect().await?;
    conn.execute(format!("create database {name}").as_str())
        .await?;
    let db_opts = admin.clone().database(&name);
    let result = run(&db_opts, seconds).await;
    conn.execute(format!("drop database if exists {name} with (force)").as_str())
        .await?;
    conn.close().await?;
    result
}

async fn run(db_opts: &PgConnectOptions, seconds: u64) -> anyhow::Result<()> {
    let pool = motti::connect(db_opts.to_url_lossy().as_ref()).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let mut config = motti::config::Config::from_lookup(|_| None)?;
    config.bind = addr;
    config.auth_rate = 0;
    tokio::spawn(motti::serve(
        listener,
        motti::state(pool.clone(), config),
        std::future::pending(),
    ));
    let url = format!("http://{addr}");
    let client = reqwest::Client::new();
    let creds = json!({"username": "bench", "password": "benchmark password"});
    client
        .post(format!("{url}/api/v1/users"))
        .json(&creds)
        .send()
        .await?
        .error_for_status()?;
    let token: Value = client
        .post(format!("{url}/api/v1/tokens"))
        .json(&creds)
        .send()
        .await?
        .json()
        .await?;
    let token = token["token"].as_str().unwrap_or_default().to_owned();
    let mut campaigns = Vec::new();
    for i in 0..CAMPAIGNS {
        let c: Value = client
            .post(format!("{url}/api/v1/campaigns"))
            .bearer_auth(&token)
            .json(&json!({"name": format!("bench {i}"), "game": "wons"}))
            .send()
            .await?
            .json()
            .await?;
        campaigns.push(c["id"].as_str().unwrap_or_default().to_owned());
    }

    // motti: 16 clients, each rolling 1d6 in campaigns round robin.
    let done = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let campaigns = Arc::new(campaigns);
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let (client, url, token, campaigns, done) = (
            client.clone(),
            url.clone(),
            token.clone(),
            campaigns.clone(),
            done.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut i = c;
            while Instant::now() < deadline {
                let id = &campaigns[i % CAMPAIGNS];
                let res = client
                    .post(format!("{url}/api/v1/campaigns/{id}/rolls"))
                    .bearer_auth(&token)
                    .json(&json!({"dice": "1d6", "purpose": "bench"}))
                    .send()
                    .await;
                if res.is_ok_and(|r| r.status().is_success()) {
                    done.fetch_add(1, Ordering::Relaxed);
                }
                i += CLIENTS;
            }
        }));
    }
    let started = Instant::now();
    for t in tasks {
        t.await?;
    }
    let motti_rate = done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64();

    // pgbench: the same transaction shape on the same database.
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
            &CLIENTS.to_string(),
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

    println!(
        "rolls through the motti API ({CLIENTS} clients, {CAMPAIGNS} campaigns, {seconds}s): {motti_rate:.0}/s"
    );
    println!(
        "same transaction shape through pgbench ({CLIENTS} clients, {seconds}s): {pg_rate:.0}/s"
    );
    println!("ratio motti / pgbench: {:.3}", motti_rate / pg_rate);
    Ok(())
}

fn pgbench() -> String {
    if let Ok(path) = which("pgbench") {
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

fn which(name: &str) -> Result<String, ()> {
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(name))
                .find(|p| p.exists())
        })
        .map(|p| p.display().to_string())
        .ok_or(())
}
