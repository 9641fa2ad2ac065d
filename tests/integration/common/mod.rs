//! The test harness: a real server on a PostgreSQL database of its own per test, and API clients.

mod db;
pub mod long_campaign;
mod mail;
mod process;
pub mod statements;

pub use db::{database_url, empty_database, migrated_database, pooled_url};
pub use mail::{SmtpSink, confirm_address, confirm_queued, hanging_hook, hook_receiver};
pub use process::{MottiProcess, free_port, motti_command};

use motti::config::Config;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use std::sync::Arc;
use tokio::sync::oneshot;

/// A running server on its own database.
pub struct TestApp {
    /// `http://127.0.0.1:port`.
    pub url: String,
    /// The test database.
    pub db: PgPool,
    db_name: String,
    shutdown: Option<oneshot::Sender<()>>,
    /// What the server keeps between requests, when it runs in this process.
    caches: Option<motti::state::Caches>,
    /// Where the server's live streams listen, when it runs in this process.
    live: Option<motti::core::live::Hub>,
}

impl TestApp {
    /// A server with default settings and no rate limit.
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(|_| {}).await
    }

    /// A server whose configuration `adjust` may change.
    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        let (db_name, _) = migrated_database().await;
        TestApp::spawn_on(db_name, adjust).await
    }

    /// A server on the existing database `db_name` (brought up to date first, as the server does
    /// on start), which it drops when done.
    pub async fn spawn_on(db_name: String, adjust: impl FnOnce(&mut Config)) -> TestApp {
        TestApp::start(db_name, adjust, true, motti::games::registry::GAMES).await
    }

    /// A server with default settings that plays `games` rather than the product's.
    pub async fn spawn_playing(games: motti::games::registry::Games) -> TestApp {
        let (db_name, _) = migrated_database().await;
        TestApp::start(db_name, |_| {}, true, games).await
    }

    /// A server that runs none of a process's watchers (passed deadlines, notifications, other
    /// processes' changes): for tests that play the deadline watcher themselves, step by step.
    pub async fn spawn_without_watchers() -> TestApp {
        let (db_name, _) = migrated_database().await;
        TestApp::start(db_name, |_| {}, false, motti::games::registry::GAMES).await
    }

    async fn start(
        db_name: String,
        adjust: impl FnOnce(&mut Config),
        watchers: bool,
        games: motti::games::registry::Games,
    ) -> TestApp {
        let url = database_url(&db_name);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("has an address");
        let mut config = Config::from_lookup(|_| None).expect("default config");
        config.bind = addr;
        config.public_url = format!("http://{addr}");
        config.auth_rate = 0;
        config.database_url = Some(pooled_url(&url));
        config.direct_database_url = Some(url.clone());
        adjust(&mut config);
        let db = motti::open_through(&pooled_url(&url), &url, config.db_pool)
            .await
            .expect("migrates the test database")
            .pool;
        let state = motti::state_playing(db.clone(), config, games);
        let caches = Some(state.caches.clone());
        let live = Some(state.live.clone());
        let (tx, rx) = oneshot::channel::<()>();
        let shutdown = async move {
            rx.await.ok();
        };
        if watchers {
            tokio::spawn(motti::serve(listener, state, shutdown));
        } else {
            let app =
                motti::app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
            tokio::spawn(async move {
                axum::serve(listener, app)
                    .with_graceful_shutdown(shutdown)
                    .await
            });
        }
        TestApp {
            url: format!("http://{addr}"),
            db,
            db_name,
            shutdown: Some(tx),
            caches,
            live,
        }
    }

    /// The shared state of another server process on this server's database, with a pool of
    /// its own and no watchers: a test runs its deadline watcher's looks itself.
    pub async fn another_process(&self) -> motti::state::AppState {
        let mut config = Config::from_lookup(|_| None).expect("default config");
        config.database_url = Some(pooled_url(&self.database_url()));
        config.direct_database_url = Some(self.database_url());
        let db = PgPool::connect(&pooled_url(&self.database_url()))
            .await
            .expect("connects to the test database");
        motti::state(db, config)
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
            caches: None,
            live: None,
        }
    }

    /// What the server keeps between requests; only for a server in this process.
    pub fn caches(&self) -> &motti::state::Caches {
        self.caches
            .as_ref()
            .expect("the server runs in this process")
    }

    /// Where the server's live streams listen; only for a server in this process.
    pub fn live(&self) -> &motti::core::live::Hub {
        self.live.as_ref().expect("the server runs in this process")
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

    /// The HTML of page `path` as `browser` (a client from `browser` or `signed_in`) gets it.
    pub async fn html(&self, browser: &Client, path: &str) -> String {
        browser
            .get(format!("{}{path}", self.url))
            .send()
            .await
            .expect("page")
            .text()
            .await
            .expect("html")
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
    /// The server (shared when several campaigns run on it).
    pub app: Arc<TestApp>,
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
    /// The user id of the participant holding `role`, as the umpire reads the campaign.
    pub async fn participant_id(&self, role: &str) -> String {
        let (status, campaign) = self
            .app
            .get(
                &format!("/api/v1/campaigns/{}", self.id),
                Some(&self.umpire),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{campaign}");
        campaign["participants"]
            .as_array()
            .expect("participants")
            .iter()
            .find(|p| p["role"] == role)
            .and_then(|p| p["user_id"].as_str())
            .unwrap_or_else(|| panic!("the {role} player in {campaign}"))
            .to_owned()
    }

    /// A fresh server with a campaign "Taipale" of `game` created by `umpire`, joined by `soviet`
    /// and `finn`; `scenario` is sent with the creation when given.
    pub async fn new(game: &str, scenario: Option<&str>) -> Sides {
        let mut campaign = json!({"name": "Taipale", "game": game});
        if let Some(pack) = scenario {
            campaign["scenario"] = json!(pack);
        }
        Sides::open(&Arc::new(TestApp::spawn().await), campaign, "").await
    }

    /// A campaign made on `app` from `campaign` (the creation's body) by a new user
    /// `umpire<suffix>`, joined by new users `soviet<suffix>` and `finn<suffix>`.
    pub async fn open(app: &Arc<TestApp>, campaign: Value, suffix: &str) -> Sides {
        let (_, umpire) = app.user(&format!("umpire{suffix}")).await;
        let (_, soviet) = app.user(&format!("soviet{suffix}")).await;
        let (_, finn) = app.user(&format!("finn{suffix}")).await;
        let (status, created) = app.post("/api/v1/campaigns", Some(&umpire), campaign).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().expect("id").to_owned();
        app.join(&umpire, &id, &soviet, "soviet").await;
        app.join(&umpire, &id, &finn, "finnish").await;
        Sides {
            app: Arc::clone(app),
            id,
            umpire,
            soviet,
            finn,
        }
    }

    /// The dice log as the holder of `token` reads it (up to 1,000 rolls, newest first).
    pub async fn rolls(&self, token: &str) -> Vec<Value> {
        let (status, rolls) = self
            .app
            .get(
                &format!("/api/v1/campaigns/{}/rolls?limit=1000", self.id),
                Some(token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{rolls}");
        rolls.as_array().expect("rolls").clone()
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

/// Revokes the one API token of the holder of `token`, through the API.
pub async fn revoke_own_token(app: &TestApp, token: &str) {
    let (status, tokens) = app.get("/api/v1/tokens", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let [listed] = tokens.as_array().expect("tokens").as_slice() else {
        panic!("one token: {tokens}");
    };
    let id = listed["id"].as_str().expect("id");
    let (status, body) = app
        .delete(&format!("/api/v1/tokens/{id}"), Some(token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
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

/// The message of an error answer.
pub fn error_message(body: &Value) -> &str {
    body["error"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {body}"))
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        db::drop_database(self.db_name.clone());
    }
}
