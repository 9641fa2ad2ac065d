//! Clients hanging up mid-request under load: every answered command is committed, and no
//! connection is left idle inside a transaction.

use crate::common::TestApp;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

const CLIENTS: usize = 16;
const ROUNDS: usize = 12;

/// What one client was told had succeeded, and how many of its requests it dropped.
#[derive(Default)]
struct Outcome {
    rolled: Vec<String>,
    signed_up: Vec<String>,
    dropped: usize,
}

async fn client(url: String, campaign: String, token: String, i: usize) -> Outcome {
    let mut outcome = Outcome::default();
    for round in 0..ROUNDS {
        let http = reqwest::Client::new();
        let name = format!("c{i}r{round}");
        let request = if round.is_multiple_of(2) {
            http.post(format!("{url}/api/v1/campaigns/{campaign}/rolls"))
                .bearer_auth(&token)
                .json(&json!({"dice": "1d6", "purpose": name}))
        } else {
            http.post(format!("{url}/api/v1/users"))
                .json(&json!({"username": name, "password": "correct horse battery"}))
        };
        // Two in three requests are cut off within milliseconds, at every stage of their work;
        // the rest wait for their answer.
        let patience = if (i + round).is_multiple_of(3) {
            Duration::from_secs(20)
        } else {
            Duration::from_millis(((i * 7 + round * 13) % 60) as u64 + 1)
        };
        match tokio::time::timeout(patience, request.send()).await {
            Ok(Ok(res)) if res.status().is_success() => {
                if round.is_multiple_of(2) {
                    outcome.rolled.push(name);
                } else {
                    outcome.signed_up.push(name);
                }
            }
            Ok(Ok(res)) => assert!(
                res.status() != StatusCode::INTERNAL_SERVER_ERROR,
                "{name}: {}",
                res.status()
            ),
            Ok(Err(e)) => panic!("{name}: {e}"),
            Err(_) => outcome.dropped += 1,
        }
    }
    outcome
}

#[tokio::test]
async fn hung_up_requests_lose_no_answered_command_and_leave_no_open_transaction() {
    let app = TestApp::spawn_with(|c| c.db_pool = 4).await;
    let (_, token) = app.user("umpire").await;
    let campaign = app.campaign(&token, "wons").await;
    let tasks: Vec<_> = (0..CLIENTS)
        .map(|i| tokio::spawn(client(app.url.clone(), campaign.clone(), token.clone(), i)))
        .collect();
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.expect("client ran"));
    }
    let dropped: usize = outcomes.iter().map(|o| o.dropped).sum();
    let answered: usize = outcomes
        .iter()
        .map(|o| o.rolled.len() + o.signed_up.len())
        .sum();
    assert!(dropped > 0, "some requests were cut off");
    assert!(answered > 0, "some requests were answered");

    // The server finishes what it started; give it the time a sign-up takes.
    let idle_in_transaction = "select count(*) from pg_stat_activity \
        where datname = current_database() and state like 'idle in transaction%'";
    let mut open = -1;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        open = sqlx::query_scalar::<_, i64>(idle_in_transaction)
            .fetch_one(&app.db)
            .await
            .expect("asks");
        if open == 0 {
            break;
        }
    }
    assert_eq!(open, 0, "no connection is idle inside a transaction");

    for o in &outcomes {
        for name in &o.signed_up {
            let found: i64 = sqlx::query_scalar("select count(*) from users where username = $1")
                .bind(name)
                .fetch_one(&app.db)
                .await
                .expect("counts");
            assert_eq!(found, 1, "sign-up {name} was answered, so it is committed");
        }
        for purpose in &o.rolled {
            let found: i64 = sqlx::query_scalar("select count(*) from rolls where purpose = $1")
                .bind(purpose)
                .fetch_one(&app.db)
                .await
                .expect("counts");
            assert_eq!(found, 1, "roll {purpose} was answered, so it is committed");
        }
    }
    // And the server still takes commands.
    let (status, _) = app
        .post(
            &format!("/api/v1/campaigns/{campaign}/rolls"),
            Some(&token),
            json!({"dice": "2d6", "purpose": "after"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn a_command_whose_client_hung_up_still_runs_to_completion() {
    let app = TestApp::spawn().await;
    let names: Vec<String> = (0..8).map(|i| format!("gone{i}")).collect();
    let address = app.url.trim_start_matches("http://").to_owned();
    for name in &names {
        // The whole request is sent, then the client hangs up long before the password is hashed.
        let body = json!({"username": name, "password": "correct horse battery"}).to_string();
        let request = format!(
            "POST /api/v1/users HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let mut socket = tokio::net::TcpStream::connect(&address)
            .await
            .expect("connects");
        socket
            .write_all(request.as_bytes())
            .await
            .expect("sends the request");
        tokio::time::sleep(Duration::from_millis(3)).await;
        drop(socket);
    }
    let mut created = 0;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        created =
            sqlx::query_scalar::<_, i64>("select count(*) from users where username like 'gone%'")
                .fetch_one(&app.db)
                .await
                .expect("counts");
        if created == 8 {
            break;
        }
    }
    assert_eq!(
        created, 8,
        "every sign-up ran to its end although nobody waited"
    );
}
