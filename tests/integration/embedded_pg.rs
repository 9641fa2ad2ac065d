//! The embedded PostgreSQL: start, serve, stop, start again, and find the data.

use motti::pg::EmbeddedPg;
use reqwest::StatusCode;
use serde_json::json;

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
    pool.close().await;
    tokio::task::spawn_blocking(move || second.stop())
        .await
        .expect("joins")
        .expect("stops");
    std::fs::remove_dir_all(&dir).ok();
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("motti-pg-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("creates a temporary directory");
    dir
}
