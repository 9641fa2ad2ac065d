//! The real `motti` binary: one-off commands, and a server process to kill.

use reqwest::Client;

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
    /// Starts `motti` on the database at `db_url` (its requests through the test pooler, if
    /// any: `pooled_url`) and waits (up to 30 s) until it answers.
    pub async fn start(db_url: &str, port: u16) -> MottiProcess {
        MottiProcess::start_with(db_url, port, &[]).await
    }

    /// As `start`, with more environment variables.
    pub async fn start_with(db_url: &str, port: u16, env: &[(&str, String)]) -> MottiProcess {
        let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_motti"))
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .env("DATABASE_URL", super::pooled_url(db_url))
            .env("MOTTI_DIRECT_DATABASE_URL", db_url)
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
