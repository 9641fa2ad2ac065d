//! The motti command: serve (the default), migrate, verify an export, create demo data, back up
//! and restore.

// A function longer than `clippy.toml` allows is refused by `cargo clippy -- -D warnings`.
#![warn(clippy::too_many_lines)]

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use motti::config::{AFTER_HELP, Config, ConfigError};
use motti::pg::EmbeddedPg;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "motti", version, about = "A play-by-web campaign server for Winter War wargames", after_help = AFTER_HELP)]
struct Cli {
    /// Also create the demo accounts and campaign (same as `motti demo`, then serve).
    #[arg(long)]
    demo: bool,
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web pages and the API (the default).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Create demo accounts and a demo campaign, then serve.
    Demo,
    /// Check a dice export (motti-dice/v2, with any v1 epochs) offline; exits non-zero on the first mismatch.
    Verify {
        /// The export file, as downloaded from /api/v1/campaigns/{id}/dice/export.
        file: PathBuf,
    },
    /// Write the whole database (DATABASE_URL, else the embedded one) to FILE with pg_dump.
    Backup {
        /// Where to write the backup (pg_dump custom format).
        file: PathBuf,
    },
    /// Load a backup made by `motti backup` into the database; refuses a non-empty one.
    Restore {
        /// The backup file.
        file: PathBuf,
        /// Replace what a non-empty database holds with the backup.
        #[arg(long)]
        force: bool,
    },
}

/// mimalloc returns freed memory to the system: with the system allocator, each blocking
/// thread's argon2 hash (19 MiB) stayed in its own arena, and 16 sign-ins at once left the
/// process at 417 MB.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    if let Some(Command::Verify { file }) = &cli.command {
        return verify(file);
    }
    // The log goes to standard error, coloured only for a person at a terminal: a file or a
    // pipe gets plain text.
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let config = cli.config.completed();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("motti: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let demo = cli.demo || matches!(cli.command, Some(Command::Demo));
    let task = match cli.command {
        Some(Command::Migrate) => Task::Migrate,
        Some(Command::Backup { file }) => Task::Backup(file),
        Some(Command::Restore { file, force }) => Task::Restore(file, force),
        _ => Task::Serve { demo },
    };
    match runtime.block_on(run(config, task)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("motti: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The command line and the settings' variables. A wrong setting is said as `motti: VARIABLE:
/// what is wrong` and exits 2; clap answers everything else (help, an unknown flag) itself.
fn parse() -> Result<Cli, ExitCode> {
    let mut command = motti::config::blanks_unset(Cli::command());
    let parsed = command
        .try_get_matches_from_mut(std::env::args_os())
        .and_then(|matches| Cli::from_arg_matches(&matches));
    parsed.map_err(|e| match ConfigError::about_setting(&command, &e) {
        Some(wrong) => {
            eprintln!("motti: {wrong}");
            ExitCode::from(2)
        }
        None => e.exit(),
    })
}

/// What `run` does once the database is there.
enum Task {
    Serve { demo: bool },
    Migrate,
    Backup(PathBuf),
    Restore(PathBuf, bool),
}

async fn run(config: Config, task: Task) -> anyhow::Result<()> {
    let embedded = match &config.database_url {
        Some(_) => None,
        None => {
            let dir = config.data_dir.clone();
            let pg = tokio::task::spawn_blocking(move || EmbeddedPg::start(&dir)).await??;
            tracing::info!(port = pg.port(), dir = %pg.data_dir().display(), "embedded PostgreSQL started");
            if pg.created() {
                println!(
                    "Created a new database in {} (PostgreSQL, started and stopped by motti).",
                    pg.data_dir().display()
                );
            }
            Some(pg)
        }
    };
    let url = config
        .database_url
        .clone()
        .or_else(|| embedded.as_ref().map(EmbeddedPg::url))
        .unwrap_or_default();
    let result = match task {
        Task::Serve { demo } => serve(config, &url, demo, false).await,
        Task::Migrate => serve(config, &url, false, true).await,
        Task::Backup(file) => {
            // pg_dump and pg_restore keep session settings: not through a pooler.
            let url = config.direct_database_url.clone().unwrap_or(url);
            let target = file.clone();
            tokio::task::spawn_blocking(move || motti::backup::backup(&url, &target))
                .await?
                .map(|()| println!("Backed up the database to {}.", file.display()))
        }
        Task::Restore(file, force) => {
            let url = config.direct_database_url.clone().unwrap_or(url);
            motti::backup::restore(&url, &file, force)
                .await
                .map(|()| println!("Restored the database from {}.", file.display()))
        }
    };
    if let Some(pg) = embedded {
        tracing::info!("stopping embedded PostgreSQL");
        tokio::task::spawn_blocking(move || pg.stop()).await??;
    }
    result
}

async fn serve(config: Config, url: &str, demo: bool, migrate_only: bool) -> anyhow::Result<()> {
    let direct = config.direct_database_url.as_deref().unwrap_or(url);
    let opened = motti::open_through(url, direct, config.db_pool).await?;
    let pool = opened.pool;
    if opened.schema_created && config.database_url.is_some() {
        println!("Created motti's tables in the empty database DATABASE_URL names.");
    }
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
    let shutdown = shutdown_signal();
    tracing::info!("motti listening on http://{bind}");
    if !motti::db::users::any(&state.db).await? {
        println!(
            "Nobody has signed up yet: sign up at {}/signup to make the first account.",
            state.config.public_url.trim_end_matches('/')
        );
    }
    motti::serve(listener, state, shutdown).await?;
    Ok(())
}

/// Ctrl-C or SIGTERM. The SIGTERM handler is installed now, before the server says it is
/// ready, so a stop sent the moment it does is a clean shutdown, not a kill.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    async move {
        let ctrl_c = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        let term = async {
            match term {
                Some(mut s) => {
                    s.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! { _ = ctrl_c => {}, _ = term => {} }
        tracing::info!("shutting down: finishing requests under way");
    }
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
                "motti verify: {} is not a motti-dice/v2 export: {e}",
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
