//! Test databases: where they live, a migrated template copied for each test, and empty ones.
//!
//! The first test of a process that needs a database makes sure the template
//! `motti_template_<hash>` exists: the hash covers every migration (version and checksum, as
//! compiled into `motti::MIGRATOR`), the default hero roster and the session store's version, so a
//! changed migration or seed makes a new template. It is built under a PostgreSQL advisory lock,
//! so parallel test processes (other checkouts' too) build it once: by `motti::connect_pool` on a
//! database of its own, which is then closed to connections and renamed into place, so a template
//! is never seen half-built. Every test database is then `CREATE DATABASE … TEMPLATE` of it; the
//! server's own migration run on the copy finds every migration applied.
//!
//! Templates of other hashes are left in place: another checkout's tests may be copying one at
//! that moment. They are a few megabytes each; `drop database motti_template_<hash>` removes one
//! by hand. Half-built ones (`motti_tbuild_…`, left by a process killed while building) are
//! dropped by the next builder, which holds the lock, so no one else can be building them.

use sha2::{Digest, Sha256};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor, PgConnection};
use std::str::FromStr;
use std::sync::OnceLock;
use tokio::sync::OnceCell;

/// The advisory lock the template's builders take ("motti" in ASCII).
const TEMPLATE_LOCK: i64 = 0x006d_6f74_7469;

/// Where test databases are created: `DATABASE_URL`, else 127.0.0.1:5432, else an embedded cluster.
pub fn admin_options() -> PgConnectOptions {
    static URL: OnceLock<String> = OnceLock::new();
    let url = URL.get_or_init(|| {
        if let Ok(url) = std::env::var("DATABASE_URL") {
            return url;
        }
        if std::net::TcpStream::connect("127.0.0.1:5432").is_ok() {
            return "postgres://postgres@127.0.0.1:5432/postgres".into();
        }
        eprintln!(
            "tests: no DATABASE_URL and nothing on 127.0.0.1:5432; starting the embedded PostgreSQL"
        );
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("test-pg");
        let pg = motti::pg::EmbeddedPg::start(&dir).expect("the embedded PostgreSQL starts");
        let url = pg.admin_url();
        // Left running for the other test binaries; it lives under target/.
        std::mem::forget(pg);
        url
    });
    PgConnectOptions::from_str(url)
        .expect("a valid database URL")
        .database("postgres")
}

/// The URL of test database `name`.
pub fn database_url(name: &str) -> String {
    admin_options().database(name).to_url_lossy().to_string()
}

/// The URL a server uses for its requests to the database at `direct`: through the pooler at
/// `MOTTI_TEST_POOLER` (`host:port` of a PgBouncer in transaction mode, as `scripts/deployment
/// test` sets it), else `direct` itself. Servers keep `direct` for their session state.
pub fn pooled_url(direct: &str) -> String {
    let Some(pooler) = std::env::var("MOTTI_TEST_POOLER")
        .ok()
        .filter(|p| !p.is_empty())
    else {
        return direct.to_owned();
    };
    let (host, port) = pooler
        .rsplit_once(':')
        .expect("MOTTI_TEST_POOLER is host:port");
    PgConnectOptions::from_str(direct)
        .expect("a valid database URL")
        .host(host)
        .port(port.parse().expect("MOTTI_TEST_POOLER's port is a number"))
        .to_url_lossy()
        .to_string()
}

/// A connection to the `postgres` database, for creating and dropping others.
async fn admin() -> PgConnection {
    admin_options()
        .connect()
        .await
        .expect("connects to the test PostgreSQL")
}

/// A new database made by `create database <name> <how>`: its name and URL.
async fn create_database(how: &str) -> (String, String) {
    // Through a test pooler, under a name of the deployment's.
    let prefix = if std::env::var_os("MOTTI_TEST_POOLER").is_some() {
        "motti_deploy_test"
    } else {
        "motti_test"
    };
    let name = format!("{prefix}_{}", uuid::Uuid::new_v4().simple());
    let mut conn = admin().await;
    conn.execute(format!("create database {name} {how}").as_str())
        .await
        .expect("creates the test database");
    conn.close().await.ok();
    let url = database_url(&name);
    (name, url)
}

/// A new empty database of its own (no schema at all): its name and URL. Hand it to
/// `TestApp::spawn_on`, which drops it when done.
pub async fn empty_database() -> (String, String) {
    create_database("").await
}

/// A new database with the whole schema and seeds, copied from the template: its name and URL.
/// Hand it to `TestApp::spawn_on` (or `attach`), which drops it when done.
pub async fn migrated_database() -> (String, String) {
    let template = template().await;
    create_database(&format!("template {template}")).await
}

/// Drops database `name` (and ends its connections); from a thread of its own, so that `Drop`
/// can call it.
pub fn drop_database(name: String) {
    let admin = admin_options();
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        rt.block_on(async {
            let mut conn = PgConnection::connect_with(&admin)
                .await
                .map_err(std::io::Error::other)?;
            conn.execute(format!("drop database if exists {name} with (force)").as_str())
                .await
                .map_err(std::io::Error::other)?;
            Ok::<(), std::io::Error>(())
        })
    })
    .join();
}

/// What the template holds, as a short hex hash: the migrations, the default hero roster and
/// the session store's version (its table is made by `connect_pool` too).
fn template_hash() -> String {
    let mut hash = Sha256::new();
    for migration in motti::MIGRATOR.iter() {
        hash.update(migration.version.to_le_bytes());
        hash.update(&migration.checksum);
    }
    hash.update(motti::games::wons::rules::heroes::DEFAULT_ROSTER);
    let lock = include_str!("../../../Cargo.lock");
    let store = lock
        .split("\n[[package]]\n")
        .find(|p| p.starts_with("name = \"tower-sessions-sqlx-store\"\n"))
        .expect("the session store in Cargo.lock");
    hash.update(store);
    hex::encode(&hash.finalize()[..8])
}

/// The template's name, built on first use by this process unless another already has.
async fn template() -> &'static str {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    TEMPLATE.get_or_init(build_template).await
}

/// Makes sure `motti_template_<hash>` exists, building it under the advisory lock if not.
async fn build_template() -> String {
    let name = format!("motti_template_{}", template_hash());
    let mut conn = admin().await;
    conn.execute(format!("select pg_advisory_lock({TEMPLATE_LOCK})").as_str())
        .await
        .expect("takes the template lock");
    let present: Vec<String> = sqlx::query_scalar(
        "select datname from pg_database where datname = $1 or datname like 'motti\\_tbuild\\_%'",
    )
    .bind(&name)
    .fetch_all(&mut conn)
    .await
    .expect("lists databases");
    for stale in present.iter().filter(|d| **d != name) {
        conn.execute(format!("drop database if exists {stale} with (force)").as_str())
            .await
            .expect("drops a half-built template");
    }
    if !present.contains(&name) {
        let build = format!("motti_tbuild_{}", uuid::Uuid::new_v4().simple());
        conn.execute(format!("create database {build}").as_str())
            .await
            .expect("creates the template");
        let pool = motti::connect_pool(&database_url(&build), 1)
            .await
            .expect("migrates the template");
        pool.close().await;
        conn.execute(format!("alter database {build} allow_connections false").as_str())
            .await
            .expect("closes the template to connections");
        conn.execute(format!("alter database {build} rename to {name}").as_str())
            .await
            .expect("names the template");
    }
    conn.execute(format!("select pg_advisory_unlock({TEMPLATE_LOCK})").as_str())
        .await
        .expect("releases the template lock");
    conn.close().await.ok();
    name
}
