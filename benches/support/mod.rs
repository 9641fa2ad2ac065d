//! What the benchmarks share: a database of their own, `motti` processes of their own, and the
//! figures with their budgets, printed and written to `target/bench/<measure>.json`.

// Each benchmark uses part of this module.
#![allow(dead_code)]

use serde_json::json;
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor};
use std::future::Future;
use std::str::FromStr;
use std::time::Duration;

/// Runs `run` on a database of its own (on `DATABASE_URL`'s server, default 127.0.0.1:5432 as
/// `postgres`), dropped afterwards whatever `run` answered.
pub async fn on_own_database<T, F>(run: impl FnOnce(PgConnectOptions) -> F) -> anyhow::Result<T>
where
    F: Future<Output = anyhow::Result<T>>,
{
    let base = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let admin = PgConnectOptions::from_str(&base)?.database("postgres");
    let name = format!("motti_bench_{}", uuid::Uuid::new_v4().simple());
    let mut conn = admin.connect().await?;
    conn.execute(format!("create database {name}").as_str())
        .await?;
    let result = run(admin.clone().database(&name)).await;
    conn.execute(format!("drop database if exists {name} with (force)").as_str())
        .await?;
    conn.close().await?;
    result
}

/// A figure with its budget, as printed and written.
pub struct Figure {
    pub measure: &'static str,
    pub value: f64,
    /// `>= x` or `<= x`, or none where the figure is only reported.
    pub budget: Option<(&'static str, f64)>,
    pub detail: String,
}

impl Figure {
    pub fn holds(&self) -> Option<bool> {
        self.budget.map(|(op, b)| match op {
            ">=" => self.value >= b,
            _ => self.value <= b,
        })
    }
}

/// Prints the figures and writes each to `target/bench/<measure>.json`.
pub fn report(figures: &[Figure], quick: bool) -> anyhow::Result<()> {
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| m.lines().next().map(str::to_owned))
        .unwrap_or_default();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    std::fs::create_dir_all(&dir)?;
    println!(
        "\nmotti benchmark suite ({}), {cores} cores, {memory}",
        if quick { "quick" } else { "full" }
    );
    for f in figures {
        let verdict = match f.holds() {
            Some(true) => "within budget",
            Some(false) => "OVER BUDGET",
            None => "reported",
        };
        let budget = f
            .budget
            .map(|(op, b)| format!("{op} {b}"))
            .unwrap_or_else(|| "-".into());
        println!(
            "{:<34} {:>12.3}  budget {:<8} {verdict}  ({})",
            f.measure, f.value, budget, f.detail
        );
        let file = dir.join(format!("{}.json", f.measure));
        std::fs::write(
            file,
            serde_json::to_string_pretty(&json!({
                "measure": f.measure,
                "value": f.value,
                "budget": f.budget.map(|(op, b)| format!("{op} {b}")),
                "within_budget": f.holds(),
                "detail": f.detail,
                "cores": cores,
                "quick": quick,
            }))?,
        )?;
    }
    Ok(())
}

/// A `motti` server running as a process of its own on the benchmark's database.
pub struct Server {
    pub child: tokio::process::Child,
    pub url: String,
    port: u16,
    db_opts: PgConnectOptions,
    env: Vec<(String, String)>,
    http: reqwest::Client,
}

impl Server {
    pub async fn start(
        http: &reqwest::Client,
        db_opts: &PgConnectOptions,
    ) -> anyhow::Result<Server> {
        Server::start_with(http, db_opts, &[]).await
    }

    /// A server with the settings `env` beside the benchmark's own.
    pub async fn start_with(
        http: &reqwest::Client,
        db_opts: &PgConnectOptions,
        env: &[(&str, &str)],
    ) -> anyhow::Result<Server> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let env: Vec<(String, String)> = env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let child = spawn(port, db_opts, &env)?;
        let server = Server {
            child,
            url: format!("http://127.0.0.1:{port}"),
            port,
            db_opts: db_opts.clone(),
            env,
            http: http.clone(),
        };
        server.ready().await?;
        Ok(server)
    }

    /// Kills the process (SIGKILL, as a crash would) and waits for it to be gone.
    pub async fn kill(&mut self) -> anyhow::Result<()> {
        self.child.kill().await?;
        Ok(())
    }

    /// Starts the process again on the same address, with the same settings.
    pub async fn restart(&mut self) -> anyhow::Result<()> {
        self.child = spawn(self.port, &self.db_opts, &self.env)?;
        self.ready().await
    }

    /// Waits until the process answers `/readyz`.
    async fn ready(&self) -> anyhow::Result<()> {
        for _ in 0..300 {
            if let Ok(res) = self.http.get(format!("{}/readyz", self.url)).send().await
                && res.status().is_success()
            {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        anyhow::bail!(
            "the motti process at {} did not become ready in 30 s",
            self.url
        )
    }

    /// The process's peak resident memory so far, in MB.
    pub fn peak_mb(&self) -> f64 {
        self.memory_mb("VmHWM:")
    }

    /// The process's resident memory now, in MB.
    pub fn resident_mb(&self) -> f64 {
        self.memory_mb("VmRSS:")
    }

    /// The line `field` of the process's `/proc/<pid>/status`, in MB.
    fn memory_mb(&self, field: &str) -> f64 {
        let pid = self.child.id().unwrap_or_default();
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with(field))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .and_then(|n| n.parse::<f64>().ok())
            })
            .unwrap_or(0.0)
            / 1024.0
    }
}

/// Starts `motti` on `port`.
fn spawn(
    port: u16,
    db_opts: &PgConnectOptions,
    env: &[(String, String)],
) -> anyhow::Result<tokio::process::Child> {
    let data = std::env::temp_dir().join(format!("motti-bench-{port}"));
    // `MOTTI_BENCH_BIN` runs another build (an earlier commit's, to compare side by side).
    let bin =
        std::env::var("MOTTI_BENCH_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_motti").to_owned());
    Ok(tokio::process::Command::new(bin)
        .env("DATABASE_URL", db_opts.to_url_lossy().as_str())
        .env("MOTTI_BIND", format!("127.0.0.1:{port}"))
        .env("MOTTI_AUTH_RATE", "0")
        .env("MOTTI_DATA_DIR", &data)
        .env_remove("MOTTI_SMTP_URL")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?)
}
