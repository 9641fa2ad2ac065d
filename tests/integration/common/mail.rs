//! Real peers for notifications: an SMTP server (Python's aiosmtpd, delivering into a maildir)
//! and an HTTP webhook receiver that can be told to fail.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// An SMTP server on 127.0.0.1 that keeps every message it receives; stopped when dropped.
pub struct SmtpSink {
    /// Its port.
    pub port: u16,
    dir: PathBuf,
    _child: tokio::process::Child,
}

impl SmtpSink {
    /// Starts aiosmtpd and waits (up to 20 s) until it accepts connections.
    pub async fn start() -> SmtpSink {
        let port = super::free_port();
        let dir = std::env::temp_dir().join(format!("motti-mail-{}", uuid::Uuid::new_v4()));
        let child = tokio::process::Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("python3 -m aiosmtpd runs (pip install aiosmtpd; .ci/run does)");
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return SmtpSink {
                    port,
                    dir,
                    _child: child,
                };
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("aiosmtpd did not listen on {port} within 20 seconds (is aiosmtpd installed?)");
    }

    /// The server's URL for `MOTTI_SMTP_URL`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, as raw text with quoted-printable soft breaks joined.
    pub fn messages(&self) -> Vec<String> {
        let mut all = Vec::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = std::fs::read_dir(self.dir.join(sub)) else {
                continue;
            };
            for entry in entries.flatten() {
                if let Ok(text) = std::fs::read_to_string(entry.path()) {
                    all.push(
                        text.replace("=\r\n", "")
                            .replace("=\n", "")
                            .replace("=3D", "="),
                    );
                }
            }
        }
        all
    }

    /// The messages to `address`.
    pub fn to(&self, address: &str) -> Vec<String> {
        self.messages()
            .into_iter()
            .filter(|m| {
                m.lines()
                    .any(|l| l.to_ascii_lowercase().starts_with("to:") && l.contains(address))
            })
            .collect()
    }

    /// Waits (up to `seconds`) until some message to `address` contains `text`; answers it.
    pub async fn wait_for(&self, address: &str, text: &str, seconds: u64) -> String {
        for _ in 0..seconds * 10 {
            if let Some(m) = self.to(address).into_iter().find(|m| m.contains(text)) {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "no mail to {address} says '{text}' within {seconds} s; received: {:#?}",
            self.messages()
        );
    }
}

/// What a webhook receiver saw: each request's Idempotency-Key and JSON body.
#[derive(Default)]
pub struct Hooked {
    /// The requests, in order.
    pub requests: Mutex<Vec<(String, Value)>>,
    /// How many requests to answer 500 before answering 204.
    pub fail_first: AtomicUsize,
}

/// A webhook receiver on 127.0.0.1; answers its URL and what it saw.
pub async fn hook_receiver() -> (String, Arc<Hooked>) {
    let seen = Arc::new(Hooked::default());
    async fn receive(
        State(seen): State<Arc<Hooked>>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> StatusCode {
        let key = headers
            .get("idempotency-key")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        seen.requests.lock().expect("lock").push((key, body));
        let failing = seen
            .fail_first
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if failing {
            StatusCode::INTERNAL_SERVER_ERROR
        } else {
            StatusCode::NO_CONTENT
        }
    }
    let app = axum::Router::new()
        .route("/hook", axum::routing::post(receive))
        .with_state(Arc::clone(&seen));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binds");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}/hook"), seen)
}

impl Hooked {
    /// The bodies received so far, as text.
    pub fn bodies(&self) -> Vec<String> {
        self.requests
            .lock()
            .expect("lock")
            .iter()
            .map(|(_, b)| b.to_string())
            .collect()
    }

    /// Waits (up to `seconds`) until a body contains `text`; answers it.
    pub async fn wait_for(&self, text: &str, seconds: u64) -> String {
        for _ in 0..seconds * 10 {
            if let Some(b) = self.bodies().into_iter().find(|b| b.contains(text)) {
                return b;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "no webhook body says '{text}' within {seconds} s: {:#?}",
            self.bodies()
        );
    }
}

/// A webhook address on 127.0.0.1 that accepts every connection and never answers; answers the
/// URL and how many connections it has accepted.
pub async fn hanging_hook() -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("binds");
    let addr = listener.local_addr().expect("address");
    let accepted = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&accepted);
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            held.push(socket);
        }
    });
    (format!("http://{addr}/hook"), accepted)
}

/// Opens a confirmation link (a path or URL holding `/notifications/confirm/`) signed out, as a
/// person does: the GET asks, the POST confirms.
async fn open_confirmation(app: &super::TestApp, link: &str) {
    let at = link
        .find("/notifications/confirm/")
        .expect("a confirmation link");
    let url = format!("{}{}", app.url, &link[at..]);
    let browser = app.browser();
    let asked = browser.get(&url).send().await.expect("opens");
    assert_eq!(asked.status(), reqwest::StatusCode::OK);
    let done = browser
        .post(&url)
        .header("origin", &app.url)
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .expect("posts");
    assert_eq!(done.status(), reqwest::StatusCode::OK);
    let page = done.text().await.expect("html");
    assert!(
        page.contains("Confirmed: notifications now go to"),
        "{page}"
    );
}

/// Confirms the e-mail address `address` as its owner does: waits (up to 15 s) for the
/// confirmation mail `smtp` received for it and opens its link.
pub async fn confirm_address(app: &super::TestApp, smtp: &SmtpSink, address: &str) {
    let mail = smtp.wait_for(address, "/notifications/confirm/", 15).await;
    let link = mail
        .split_whitespace()
        .find(|w| w.contains("/notifications/confirm/"))
        .expect("the link")
        .to_owned();
    open_confirmation(app, &link).await;
}

/// Confirms `address` from the link queued for it, for a server that does not send (its mail
/// would carry the same link).
pub async fn confirm_queued(app: &super::TestApp, address: &str) {
    let (link,): (String,) = sqlx::query_as(
        "select o.link from notify_outbox o join notify_targets t on t.id = o.target_id \
         where t.address = $1 and o.batch = 'confirm' order by o.created_at desc limit 1",
    )
    .bind(address)
    .fetch_one(&app.db)
    .await
    .expect("a confirmation link is queued");
    open_confirmation(app, &link).await;
}
