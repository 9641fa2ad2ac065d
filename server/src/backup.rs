//! `motti backup` and `motti restore`: the whole database in pg_dump's custom format.

use anyhow::{Context, bail};
use sqlx::Connection;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `pg_dump` or `pg_restore`: beside the server programs when they are found (the same version
/// as the embedded cluster), else on PATH.
fn tool(name: &str) -> PathBuf {
    crate::pg::find_binaries()
        .map(|dir| dir.join(name))
        .filter(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// The connection parameters libpq understands; sqlx's own (such as `statement-cache-capacity`)
/// would make pg_dump refuse the URL.
const LIBPQ_PARAMETERS: &[&str] = &[
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "connect_timeout",
    "application_name",
    "options",
    "sslmode",
    "sslrootcert",
    "sslcert",
    "sslkey",
    "sslcrl",
    "target_session_attrs",
];

/// A command for `tool` connecting to `url`: the URL with only libpq's parameters, and the
/// password, if any, in the environment rather than on the command line.
fn connecting(name: &str, url: &str) -> anyhow::Result<(Command, String)> {
    let mut parsed = url::Url::parse(url).context("DATABASE_URL is not a valid URL")?;
    let kept: Vec<(String, String)> = parsed
        .query_pairs()
        .filter(|(key, _)| LIBPQ_PARAMETERS.contains(&key.as_ref()))
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect();
    parsed.set_query(None);
    if !kept.is_empty() {
        parsed.query_pairs_mut().extend_pairs(kept);
    }
    let mut command = Command::new(tool(name));
    if let Some(password) = parsed.password() {
        let password = percent_decoded(password);
        command.env("PGPASSWORD", password);
        // Only fails for URLs that cannot have a password, which this one had.
        let _ = parsed.set_password(None);
    }
    Ok((command, parsed.into()))
}

fn percent_decoded(text: &str) -> String {
    url::form_urlencoded::parse(format!("p={}", text.replace('+', "%2B")).as_bytes())
        .next()
        .map(|(_, value)| value.into_owned())
        .unwrap_or_default()
}

fn run(mut command: Command, what: &str) -> anyhow::Result<()> {
    let out = command
        .output()
        .with_context(|| format!("cannot run {what}: is the PostgreSQL client installed?"))?;
    if !out.status.success() {
        bail!(
            "{what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// Writes the database at `url` to `file` (custom format). The file appears only when the dump
/// is complete.
pub fn backup(url: &str, file: &Path) -> anyhow::Result<()> {
    let mut partial = file.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let (mut dump, url) = connecting("pg_dump", url)?;
    dump.arg("--format=custom")
        .arg("--no-owner")
        .arg("--file")
        .arg(&partial)
        .arg("--dbname")
        .arg(&url);
    if let Err(e) = run(dump, "pg_dump") {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, file)
        .with_context(|| format!("cannot move the backup to {}", file.display()))?;
    Ok(())
}

/// How many tables the database at `url` holds outside PostgreSQL's own schemas.
pub async fn table_count(url: &str) -> anyhow::Result<i64> {
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .context("cannot connect to the database to restore into")?;
    let count = sqlx::query_scalar!(
        r#"select count(*) as "count!" from information_schema.tables
         where table_schema not in ('pg_catalog', 'information_schema')"#,
    )
    .fetch_one(&mut conn)
    .await?;
    conn.close().await.ok();
    Ok(count)
}

/// Restores `file` into the database at `url`, in one transaction. A database that already
/// holds tables is refused unless `force`, which replaces the objects the backup contains.
pub async fn restore(url: &str, file: &Path, force: bool) -> anyhow::Result<()> {
    if !file.is_file() {
        bail!("there is no backup file at {}", file.display());
    }
    let tables = table_count(url).await?;
    if tables > 0 && !force {
        bail!(
            "the database is not empty ({tables} tables); restore into an empty database, \
             or add --force to replace its contents with the backup"
        );
    }
    let (mut load, url) = connecting("pg_restore", url)?;
    load.arg("--no-owner")
        .arg("--single-transaction")
        .arg("--exit-on-error");
    if tables > 0 {
        load.arg("--clean").arg("--if-exists");
    }
    load.arg("--dbname").arg(&url).arg(file);
    tokio::task::spawn_blocking(move || run(load, "pg_restore")).await??;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command_of(url: &str) -> (String, Option<String>) {
        let (command, url) = connecting("pg_dump", url).expect("a valid URL");
        let password = command
            .get_envs()
            .find(|(key, _)| *key == "PGPASSWORD")
            .and_then(|(_, value)| value.map(|v| v.to_string_lossy().into_owned()));
        (url, password)
    }

    #[test]
    fn only_libpq_parameters_reach_the_tools_and_the_password_stays_off_the_command_line() {
        let (url, password) = command_of(
            "postgres://motti:s%40cr+t@db.example:5433/motti?sslmode=require&statement-cache-capacity=100",
        );
        assert_eq!(
            url,
            "postgres://motti@db.example:5433/motti?sslmode=require"
        );
        assert_eq!(password.as_deref(), Some("s@cr+t"));
        let (url, password) = command_of("postgres://postgres@127.0.0.1:5432/motti");
        assert_eq!(url, "postgres://postgres@127.0.0.1:5432/motti");
        assert_eq!(password, None);
    }
}
