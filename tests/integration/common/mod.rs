//! The test harness: a real server on a fresh PostgreSQL database per test, and API clients.

use motti::config::Config;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor, PgConnection, PgPool};
use std::str::FromStr;
use std::sync::OnceLock;
use tokio::sync::oneshot;

/// Where test databases are created: `DATABASE_URL`, else 127.0.0.1:5432, else an embedded cluster.
fn admin_options() -> PgConnectOptions {
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

/// A new empty database of its own: its name and URL. Hand it to `TestApp::spawn_on`, which
/// drops it when done.
pub async fn empty_database() -> (String, String) {
    let name = format!("motti_test_{}", uuid::Uuid::new_v4().simple());
    let mut conn = admin_options()
        .connect()
        .await
        .expect("connects to the test PostgreSQL");
    conn.execute(format!("create database {name}").as_str())
        .await
        .expect("creates the test database");
    conn.close().await.ok();
    let url = database_url(&name);
    (name, url)
}

/// Runs the real `motti` binary with `args` on the database at `url`; returns whether it
/// succeeded and what it printed (stdout then stderr).
pub async fn motti_command(url: &str, args: &[&str]) -> (bool, String) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_motti"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .output()
        .await
        .expect("motti runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The real `motti` binary serving on 127.0.0.1:`port`; killed when dropped.
pub struct MottiProcess {
    child: tokio::process::Child,
}

impl MottiProcess {
    /// Starts `motti` on the database at `db_url` and waits (up to 30 s) until it answers.
    pub async fn start(db_url: &str, port: u16) -> MottiProcess {
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_motti"))
            .env("DATABASE_URL", db_url)
            .env("MOTTI_BIND", format!("127.0.0.1:{port}"))
            .env("MOTTI_AUTH_RATE", "0")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("motti starts");
        let ready = format!("http://127.0.0.1:{port}/readyz");
        let client = Client::new();
        for _ in 0..300 {
            if let Ok(res) = client.get(&ready).send().await
                && res.status().is_success()
            {
                return MottiProcess { child };
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("motti did not answer on port {port} within 30 seconds");
    }

    /// Kills the server with SIGKILL, as a crash would, and waits for it to be gone.
    pub async fn kill(mut self) {
        self.child.kill().await.expect("SIGKILL");
    }
}

/// A port free on 127.0.0.1 at the moment of asking.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A running server on its own database.
pub struct TestApp {
    /// `http://127.0.0.1:port`.
    pub url: String,
    /// The test database.
    pub db: PgPool,
    db_name: String,
    shutdown: Option<oneshot::Sender<()>>,
}

impl TestApp {
    /// A server with default settings and no rate limit.
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(|_| {}).await
    }

    /// A server whose configuration `adjust` may change.
    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        let (db_name, _) = empty_database().await;
        TestApp::spawn_on(db_name, adjust).await
    }

    /// A server on the existing database `db_name` (migrated first), which it drops when done.
    pub async fn spawn_on(db_name: String, adjust: impl FnOnce(&mut Config)) -> TestApp {
        let url = database_url(&db_name);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("has an address");
        let mut config = Config::from_lookup(|_| None).expect("default config");
        config.bind = addr;
        config.public_url = format!("http://{addr}");
        config.auth_rate = 0;
        config.database_url = Some(url.clone());
        adjust(&mut config);
        let db = motti::connect_pool(&url, config.db_pool)
            .await
            .expect("migrates the test database");
        let state = motti::state(db.clone(), config);
        let (tx, rx) = oneshot::channel::<()>();
        tokio::spawn(motti::serve(listener, state, async {
            rx.await.ok();
        }));
        TestApp {
            url: format!("http://{addr}"),
            db,
            db_name,
            shutdown: Some(tx),
        }
    }

    /// Talks to a server already running at `url` (such as a `MottiProcess`) on the test
    /// database `db_name`, which it drops when done.
    pub async fn attach(url: String, db_name: String) -> TestApp {
        let db = PgPool::connect(&database_url(&db_name))
            .await
            .expect("connects to the test database");
        TestApp {
            url,
            db,
            db_name,
            shutdown: None,
        }
    }

    /// The URL of this server's database.
    pub fn database_url(&self) -> String {
        database_url(&self.db_name)
    }

    /// A client without cookies, as API programs are.
    pub fn api(&self) -> Client {
        Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
    }

    /// A browser-like client: keeps cookies and says its requests come from our own pages.
    pub fn browser(&self) -> Client {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("sec-fetch-site", "same-origin".parse().expect("header"));
        headers.insert("origin", self.url.parse().expect("header"));
        Client::builder()
            .cookie_store(true)
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
    }

    /// `method path` with a JSON body and an optional bearer token; returns the status and JSON body.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut req = self
            .api()
            .request(method, format!("{}{path}", self.url))
            .json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// `POST path` with a JSON body and optional bearer token; returns the status and JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.send(reqwest::Method::POST, path, token, body).await
    }

    /// `PUT path` with a JSON body and optional bearer token; returns the status and JSON body.
    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.send(reqwest::Method::PUT, path, token, body).await
    }

    /// `DELETE path` with an optional bearer token; returns the status and JSON body (null when empty).
    pub async fn delete(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = self.api().delete(format!("{}{path}", self.url));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// A browser-like client signed in as `name` (password "correct horse battery"), calling
    /// itself `agent`.
    pub async fn signed_in(&self, name: &str, agent: &str) -> Client {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("sec-fetch-site", "same-origin".parse().expect("header"));
        headers.insert("origin", self.url.parse().expect("header"));
        let browser = Client::builder()
            .cookie_store(true)
            .default_headers(headers)
            .user_agent(agent)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let res = browser
            .post(format!("{}/signin", self.url))
            .form(&[("username", name), ("password", "correct horse battery")])
            .send()
            .await
            .expect("signs in");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} signs in");
        browser
    }

    /// `GET path` with an optional bearer token; returns the status and JSON body.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = self.api().get(format!("{}{path}", self.url));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.expect("request");
        let status = res.status();
        (status, res.json().await.unwrap_or(Value::Null))
    }

    /// Creates a user through the API and returns its id and a bearer token.
    pub async fn user(&self, name: &str) -> (String, String) {
        let (status, body) = self
            .post(
                "/api/v1/users",
                None,
                json!({"username": name, "password": "correct horse battery"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, token) = self
            .post(
                "/api/v1/tokens",
                None,
                json!({"username": name, "password": "correct horse battery"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{token}");
        (
            body["id"].as_str().expect("id").to_owned(),
            token["token"].as_str().expect("token").to_owned(),
        )
    }

    /// Creates a campaign of `game` owned by the holder of `token`; returns its id.
    pub async fn campaign(&self, token: &str, game: &str) -> String {
        let (status, body) = self
            .post(
                "/api/v1/campaigns",
                Some(token),
                json!({"name": "Taipale", "game": game}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["id"].as_str().expect("id").to_owned()
    }

    /// Makes `token`'s holder join campaign `id` as `role` through an invite by `umpire`.
    pub async fn join(&self, umpire: &str, id: &str, token: &str, role: &str) {
        let (status, invite) = self
            .post(
                &format!("/api/v1/campaigns/{id}/invites"),
                Some(umpire),
                json!({"role": role}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{invite}");
        let code = invite["code"].as_str().expect("code");
        let (status, joined) = self
            .post(
                &format!("/api/v1/invites/{code}/accept"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
    }
}

/// A campaign with an umpire and one player on each side, all made through the API.
pub struct Sides {
    /// The server.
    pub app: TestApp,
    /// The campaign's id.
    pub id: String,
    /// The umpire's token.
    pub umpire: String,
    /// The Soviet player's token.
    pub soviet: String,
    /// The Finnish player's token (user `finn`).
    pub finn: String,
}

impl Sides {
    /// A fresh server with a campaign of `game` created by `umpire`, joined by `soviet` and `finn`;
    /// `scenario` is sent with the creation when given.
    pub async fn new(game: &str, scenario: Option<&str>) -> Sides {
        let app = TestApp::spawn().await;
        let (_, umpire) = app.user("umpire").await;
        let (_, soviet) = app.user("soviet").await;
        let (_, finn) = app.user("finn").await;
        let mut body = json!({"name": "Taipale", "game": game});
        if let Some(pack) = scenario {
            body["scenario"] = json!(pack);
        }
        let (status, created) = app.post("/api/v1/campaigns", Some(&umpire), body).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().expect("id").to_owned();
        app.join(&umpire, &id, &soviet, "soviet").await;
        app.join(&umpire, &id, &finn, "finnish").await;
        Sides {
            app,
            id,
            umpire,
            soviet,
            finn,
        }
    }

    /// `POST …/rolls` with `body` as the holder of `token`.
    pub async fn roll(&self, token: &str, body: Value) -> (StatusCode, Value) {
        self.app
            .post(
                &format!("/api/v1/campaigns/{}/rolls", self.id),
                Some(token),
                body,
            )
            .await
    }

    /// The dice export as the holder of `token` reads it.
    pub async fn export(&self, token: &str) -> Value {
        let (status, export) = self
            .app
            .get(
                &format!("/api/v1/campaigns/{}/dice/export", self.id),
                Some(token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{export}");
        export
    }

    /// The umpire finishes the campaign, revealing every seed.
    pub async fn finish(&self) {
        let (status, body) = self
            .app
            .post(
                &format!("/api/v1/campaigns/{}/finish", self.id),
                Some(&self.umpire),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

/// Asserts the documented error shape and returns the code.
pub fn error_code(body: &Value) -> &str {
    let code = body["error"]["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no error code in {body}"));
    let message = body["error"]["message"].as_str().expect("an error message");
    assert!(
        message.ends_with('.'),
        "the message is a sentence: {message}"
    );
    code
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        let name = self.db_name.clone();
        let admin = admin_options();
        // Drop the database from a thread of its own: Drop cannot await.
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
}
