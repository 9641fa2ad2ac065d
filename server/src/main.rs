//! The motti command: serve (the default), migrate, verify an export, create demo data.

use clap::{Parser, Subcommand};
use motti::config::{Config, VARIABLES};
use motti::pg::EmbeddedPg;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "motti", version, about = "A play-by-web campaign server for Winter War wargames", after_help = VARIABLES)]
struct Cli {
    /// Also create the demo accounts and campaign (same as `motti demo`, then serve).
    #[arg(long)]
    demo: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web pages and the API (the default).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Create demo accounts and a demo campaign, then serve.
    Demo,
    /// Check a dice export (motti-dice/v1) offline; exits non-zero on the first mismatch.
    Verify {
        /// The export file, as downloaded from /api/v1/campaigns/{id}/dice/export.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Verify { file }) = &cli.command {
        return verify(file);
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("motti: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("motti: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let demo = cli.demo || matches!(cli.command, Some(Command::Demo));
    let migrate_only = matches!(cli.command, Some(Command::Migrate));
    match runtime.block_on(run(config, demo, migrate_only)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("motti: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config, demo: bool, migrate_only: bool) -> anyhow::Result<()> {
    let embedded = match &config.database_url {
        Some(_) => None,
        None => {
            let dir = config.data_dir.clone();
            let pg = tokio::task::spawn_blocking(move || EmbeddedPg::start(&dir)).await??;
            tracing::info!(port = pg.port(), dir = %pg.data_dir().display(), "embedded PostgreSQL started");
            Some(pg)
        }
    };
    let url = config
        .database_url
        .clone()
        .or_else(|| embedded.as_ref().map(EmbeddedPg::url))
        .unwrap_or_default();
    let result = serve(config, &url, demo, migrate_only).await;
    if let Some(pg) = embedded {
        tracing::info!("stopping embedded PostgreSQL");
        tokio::task::spawn_blocking(move || pg.stop()).await??;
    }
    result
}

async fn serve(config: Config, url: &str, demo: bool, migrate_only: bool) -> anyhow::Result<()> {
    let pool = motti::connect_pool(url, config.db_pool).await?;
    if migrate_only {
        println!("The database schema is up to date.");
        return Ok(());
    }
    let bind = config.bind;
    let state = motti::state(pool, config);
    if demo {
        println!("{}", motti::demo::create(&state).await?);
    }
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| anyhow::anyhow!("MOTTI_BIND: cannot listen on {bind}: {e}"))?;
    tracing::info!("motti listening on http://{bind}");
    motti::serve(listener, state, shutdown_signal()).await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down: finishing requests under way");
}

/// `motti verify FILE`: checks an export offline and prints what it checked.
fn verify(file: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("motti verify: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let export: motti::dice::export::Export = match serde_json::from_str(&text) {
        Ok(x) => x,
        Err(e) => {
            eprintln!(
                "motti verify: {} is not a motti-dice/v1 export: {e}",
                file.display()
            );
            return ExitCode::from(2);
        }
    };
    match motti::dice::verify::verify(&export) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(mismatch) => {
            eprintln!("MISMATCH: {mismatch}");
            ExitCode::FAILURE
        }
    }
}
