//! The embedded PostgreSQL: start, serve, stop, start again, and find the data; its data
//! directory sits under a 0700 parent, as in root's home.

use motti::pg::EmbeddedPg;
use reqwest::StatusCode;
use serde_json::json;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

#[tokio::test]
async fn embedded_cluster_keeps_data_across_restarts() {
    if motti::pg::find_binaries().is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have PostgreSQL's server binaries"
        );
        eprintln!("SKIPPED LOUDLY: no PostgreSQL server binaries (apt-get install postgresql)");
        return;
    }
    let dir = tempdir();
    let first = {
        let d = dir.clone();
        tokio::task::spawn_blocking(move || EmbeddedPg::start(&d))
            .await
            .expect("joins")
            .expect("starts")
    };
    let cluster = first.data_dir().to_path_buf();
    if std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0) {
        // Root runs PostgreSQL as `postgres`, who cannot pass the 0700 parent.
        assert_eq!(
            cluster,
            motti::pg::relocated(&dir.canonicalize().expect("real path"))
        );
        let owner = std::fs::metadata(&cluster).expect("the cluster directory");
        assert_ne!(owner.uid(), 0, "owned by the PostgreSQL user");
        assert_eq!(owner.mode() & 0o777, 0o700);
    } else {
        assert!(cluster.starts_with(&dir), "{}", cluster.display());
    }
    let pool = motti::connect(&first.url()).await.expect("migrates");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binds");
    let addr = listener.local_addr().expect("addr");
    let mut config = motti::config::Config::from_lookup(|_| None).expect("config");
    config.bind = addr;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(motti::serve(
        listener,
        motti::state(pool.clone(), config),
        async {
            rx.await.ok();
        },
    ));
    let res = reqwest::Client::new()
        .post(format!("http://{addr}/api/v1/users"))
        .json(&json!({"username": "kept", "password": "correct horse battery"}))
        .send()
        .await
        .expect("serves");
    assert_eq!(res.status(), StatusCode::CREATED);
    tx.send(()).ok();
    server.await.expect("joins").expect("stops cleanly");
    pool.close().await;
    tokio::task::spawn_blocking(move || first.stop())
        .await
        .expect("joins")
        .expect("stops");

    let d = dir.clone();
    let second = tokio::task::spawn_blocking(move || EmbeddedPg::start(&d))
        .await
        .expect("joins")
        .expect("restarts");
    let pool = motti::connect(&second.url()).await.expect("connects again");
    let found: (String,) = sqlx::query_as("select username from users")
        .fetch_one(&pool)
        .await
        .expect("the user is still there");
    assert_eq!(found.0, "kept");
    assert_eq!(
        second.data_dir(),
        cluster,
        "the same cluster is found again"
    );
    pool.close().await;
    tokio::task::spawn_blocking(move || second.stop())
        .await
        .expect("joins")
        .expect("stops");
    std::fs::remove_dir_all(&cluster).ok();
    if let Some(parent) = dir.parent() {
        std::fs::remove_dir_all(parent).ok();
    }
}

/// A data directory whose parent only its owner may enter.
fn tempdir() -> std::path::PathBuf {
    let parent = std::env::temp_dir().join(format!("motti-pg-{}", uuid::Uuid::new_v4().simple()));
    let dir = parent.join("data");
    std::fs::create_dir_all(&dir).expect("creates a temporary directory");
    std::fs::set_permissions(&parent, std::fs::Permissions::from_mode(0o700))
        .expect("makes the parent private");
    dir
}

/// What the real binary prints on a start without `DATABASE_URL`, read through a pipe (as a
/// service manager or a log file would): up to its sign-up line, then to its end on SIGTERM.
async fn start_output(data_dir: &std::path::Path) -> String {
    use tokio::io::AsyncReadExt;
    let port = crate::common::free_port();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_motti"))
        .env_remove("DATABASE_URL")
        .env_remove("NO_COLOR")
        .env("MOTTI_DATA_DIR", data_dir)
        .env("MOTTI_BIND", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("motti starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let err = tokio::spawn(async move {
        let mut text = String::new();
        stderr.read_to_string(&mut text).await.ok();
        text
    });
    let mut out = Vec::new();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(90);
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&out).contains("/signup") {
        let n = tokio::time::timeout_at(deadline, stdout.read(&mut buf))
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "no sign-up line within 90 s: {}",
                    String::from_utf8_lossy(&out)
                )
            })
            .expect("reads stdout");
        assert!(n > 0, "motti ended: {}", String::from_utf8_lossy(&out));
        out.extend_from_slice(&buf[..n]);
    }
    let pid = child.id().expect("a pid").to_string();
    let term = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(term.success());
    stdout.read_to_end(&mut out).await.expect("reads the rest");
    let status = tokio::time::timeout(std::time::Duration::from_secs(60), child.wait())
        .await
        .expect("stops within a minute")
        .expect("waits");
    let err = err.await.expect("joins");
    assert!(status.success(), "motti failed: {err}");
    format!("{}{err}", String::from_utf8_lossy(&out))
}

#[tokio::test]
async fn the_first_start_says_what_it_made_and_where_to_sign_up() {
    if motti::pg::find_binaries().is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have PostgreSQL's server binaries"
        );
        eprintln!("SKIPPED LOUDLY: no PostgreSQL server binaries (apt-get install postgresql)");
        return;
    }
    let parent =
        std::env::temp_dir().join(format!("motti-first-{}", uuid::Uuid::new_v4().simple()));
    let dir = parent.join("data");
    std::fs::create_dir_all(&dir).expect("creates a temporary directory");
    let first = start_output(&dir).await;
    assert!(first.contains("Created a new database in "), "{first}");
    assert!(
        first.contains("sign up at http://127.0.0.1:")
            && first.contains("/signup to make the first account"),
        "{first}"
    );
    assert!(first.contains("motti listening on"), "{first}");
    assert!(
        !first.contains('\u{1b}'),
        "colour codes in a piped log: {first:?}"
    );
    assert!(
        !first.contains("skipping"),
        "PostgreSQL's notices in the log: {first}"
    );

    let second = start_output(&dir).await;
    assert!(!second.contains("Created"), "{second}");
    assert!(!second.contains("skipping"), "{second}");
    assert!(!second.contains('\u{1b}'), "{second:?}");
    std::fs::remove_dir_all(&parent).ok();
}
