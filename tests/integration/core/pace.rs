//! Live play's clock and "your move": whom each game waits for, read from the campaign list and
//! the home page; ready marks confirmed and withdrawn; the umpire's pace, pause, deadlines and
//! an absent side's default; a passed deadline in each kind of game.

use crate::common::{Sides, error_code};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The campaign `id` in the list the holder of `token` reads.
async fn listed(c: &Sides, token: &str) -> Value {
    let (status, list) = c.app.get("/api/v1/campaigns", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .expect("a list")
        .iter()
        .find(|item| item["id"] == c.id.as_str())
        .cloned()
        .expect("the campaign is listed")
}

/// The roles the game waits for, as the list says.
async fn awaited(c: &Sides) -> Vec<String> {
    listed(c, &c.umpire).await["standing"]["awaited"]
        .as_array()
        .expect("awaited")
        .iter()
        .map(|a| a["role"].as_str().expect("role").to_owned())
        .collect()
}

/// Waits (up to ten seconds) until the campaign's standing differs from `before`.
async fn standing_moves_from(c: &Sides, before: &Value) -> Value {
    for _ in 0..40 {
        let now = listed(c, &c.umpire).await["standing"].clone();
        if &now != before {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("the standing stayed {before} for ten seconds");
}

/// `method /api/v1/campaigns/{id}/tail` as the campaign's umpire.
async fn as_umpire(c: &Sides, method: Method, tail: &str, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/v1/campaigns/{}/{tail}", c.id);
    c.app.send(method, &path, Some(&c.umpire), body).await
}

fn in_seconds(seconds: i64) -> String {
    (OffsetDateTime::now_utc() + time::Duration::seconds(seconds))
        .format(&Rfc3339)
        .expect("formats")
}

fn wons_path(c: &Sides, tail: &str) -> String {
    format!("/api/v1/campaigns/{}/wons/{tail}", c.id)
}

#[tokio::test]
async fn your_move_follows_ready_marks_given_and_withdrawn() {
    let c = Sides::new("wons", None).await;
    let soviet = listed(&c, &c.soviet).await;
    assert!(
        soviet["your_move"]
            .as_str()
            .is_some_and(|w| w.starts_with("orders for Hour 1")),
        "{soviet}"
    );
    assert_eq!(awaited(&c).await, ["soviet", "finnish"]);

    // Ready with platoons still without orders must confirm their defaults.
    let (status, body) = c
        .app
        .post(&wons_path(&c, "ready"), Some(&c.soviet), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "confirm_defaults");
    assert!(body.to_string().contains("Defend"), "{body}");
    let (status, body) = c
        .app
        .post(
            &wons_path(&c, "ready"),
            Some(&c.soviet),
            json!({"confirm_defaults": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(listed(&c, &c.soviet).await["your_move"], Value::Null);
    assert!(listed(&c, &c.finn).await["your_move"].is_string());
    assert_eq!(awaited(&c).await, ["finnish"]);

    // The home page counts what waits for the reader.
    let finn_browser = c.app.signed_in("finn", "home").await;
    let home = c.app.html(&finn_browser, "/").await;
    assert!(home.contains("<title>(1) Your move"), "{home}");
    assert!(home.contains("Taipale") && home.contains("orders for Hour 1"));
    let soviet_browser = c.app.signed_in("soviet", "home").await;
    let home = c.app.html(&soviet_browser, "/").await;
    assert!(home.contains("No campaign waits for you"), "{home}");
    assert!(home.contains("Waiting for the Finnish player"), "{home}");

    // The Soviets take their ready mark back; the Finns learn only that.
    let (status, finn_view) = c.app.get(&wons_path(&c, "view"), Some(&c.finn)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        finn_view["orders"]["enemy_ready"], true,
        "{}",
        finn_view["orders"]
    );
    let (status, body) = c.app.delete(&wons_path(&c, "ready"), Some(&c.soviet)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, finn_view) = c.app.get(&wons_path(&c, "view"), Some(&c.finn)).await;
    assert_eq!(finn_view["orders"]["enemy_ready"], false);
    assert_eq!(awaited(&c).await, ["soviet", "finnish"]);
    let (status, body) = c.app.delete(&wons_path(&c, "ready"), Some(&c.soviet)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(error_code(&body), "not_ready");
    let (status, _) = c.app.delete(&wons_path(&c, "ready"), Some(&c.umpire)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_umpire_keeps_the_pace_and_everyone_reads_it_in_the_log() {
    let c = Sides::new("wons", None).await;
    let pace = format!("/api/v1/campaigns/{}/pace", c.id);
    let (status, _) = c
        .app
        .put(&pace, Some(&c.soviet), json!({"pace_minutes": 60}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for (body, says) in [
        (json!({"pace_minutes": 0}), "at least one minute"),
        (
            json!({"pace_minutes": 100_000}),
            "A pace can be at most sixty days",
        ),
        (
            json!({"pace_minutes": 60, "grace_minutes": 100_000}),
            "A grace period can be at most",
        ),
    ] {
        let (status, answer) = c.app.put(&pace, Some(&c.umpire), body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(error_code(&answer), "invalid_pace");
        assert!(answer.to_string().contains(says), "{answer}");
    }
    let before = OffsetDateTime::now_utc();
    let (status, set) = c
        .app
        .put(
            &pace,
            Some(&c.umpire),
            json!({"pace_minutes": 1440, "grace_minutes": 120}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{set}");
    let deadline = OffsetDateTime::parse(set["deadline"].as_str().expect("a deadline"), &Rfc3339)
        .expect("RFC 3339");
    let day = deadline - before;
    assert!(
        day >= time::Duration::hours(24) - time::Duration::minutes(1)
            && day <= time::Duration::hours(24) + time::Duration::minutes(1),
        "a day from now: {set}"
    );
    let acts = OffsetDateTime::parse(set["acts_at"].as_str().expect("acts_at"), &Rfc3339)
        .expect("RFC 3339");
    assert_eq!(acts - deadline, time::Duration::hours(2));
    let (_, read) = c.app.get(&pace, Some(&c.finn)).await;
    assert_eq!(read["pace_minutes"], 1440);

    let pause = format!("/api/v1/campaigns/{}/pause", c.id);
    let resume = format!("/api/v1/campaigns/{}/resume", c.id);
    let (status, paused) = c.app.post(&pause, Some(&c.umpire), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{paused}");
    assert!(paused["paused_at"].is_string());
    let (status, again) = c.app.post(&pause, Some(&c.umpire), json!({})).await;
    assert_eq!(
        (status, error_code(&again)),
        (StatusCode::CONFLICT, "paused")
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, resumed) = c.app.post(&resume, Some(&c.umpire), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{resumed}");
    let moved = OffsetDateTime::parse(resumed["deadline"].as_str().expect("deadline"), &Rfc3339)
        .expect("RFC 3339");
    assert!(
        moved - deadline >= time::Duration::seconds(1),
        "the deadline moved on by the pause: {deadline} then {moved}"
    );
    let (status, _) = c.app.post(&resume, Some(&c.umpire), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (_, events) = c
        .app
        .get(&wons_path(&c, "events?limit=50"), Some(&c.soviet))
        .await;
    let log = events.to_string();
    for said in [
        "set the pace: 24 hours per turn, then 2 hours of grace",
        "paused the campaign",
        "resumed",
    ] {
        assert!(log.contains(said), "the log says '{said}': {log}");
    }
}

#[tokio::test]
async fn a_paused_campaign_lets_no_deadline_pass_until_it_resumes() {
    let c = Sides::new("wons", None).await;
    let (status, body) = as_umpire(&c, Method::PUT, "deadline", json!({"at": in_seconds(1)})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = as_umpire(&c, Method::POST, "pause", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let before = listed(&c, &c.umpire).await["standing"].clone();
    // Well past the deadline and two turns of the watcher.
    tokio::time::sleep(Duration::from_millis(5000)).await;
    assert_eq!(listed(&c, &c.umpire).await["standing"], before, "paused");
    let (status, _) = as_umpire(&c, Method::POST, "resume", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let after = standing_moves_from(&c, &before).await;
    assert!(
        after["turn"]
            .as_str()
            .is_some_and(|t| t.starts_with("Hour 2")),
        "the Hour resolved once the clock ran again: {after}"
    );
    // The passed deadline left a line for both sides saying what was played by default.
    let (_, events) = c
        .app
        .get(&wons_path(&c, "events?limit=100"), Some(&c.finn))
        .await;
    let line = passed_line(&events);
    assert!(
        line.contains(
            "the Soviet and Finnish platoons without orders Defend, and the Hour is resolved"
        ),
        "{line}"
    );
}

/// The sentence of the one log entry a passed deadline left, checked to say when it was.
fn passed_line(events: &Value) -> String {
    let passed: Vec<&Value> = events
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "deadline_passed")
        .collect();
    assert_eq!(passed.len(), 1, "one line for the deadline: {events}");
    let line = passed[0]["sentence"].as_str().expect("a sentence");
    assert!(
        line.starts_with("The deadline of ") && line.contains(" UTC passed: "),
        "{line}"
    );
    assert!(
        passed[0]["payload"]["deadline"].is_string(),
        "{}",
        passed[0]
    );
    line.to_owned()
}

#[tokio::test]
async fn a_passed_talvisota_deadline_plays_the_absent_side_and_the_pace_sets_the_next() {
    let c = Sides::new("talvisota", None).await;
    let talvisota = |tail: &str| format!("/api/v1/campaigns/{}/talvisota/{tail}", c.id);
    let (status, _) = c
        .app
        .post(&talvisota("advance"), Some(&c.umpire), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(awaited(&c).await, ["soviet"]);
    // The Finns have nothing to do in the organisation: their default is refused.
    let (status, body) = as_umpire(&c, Method::POST, "defaults", json!({"side": "finnish"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = as_umpire(&c, Method::PUT, "pace", json!({"pace_minutes": 600})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = as_umpire(&c, Method::PUT, "deadline", json!({"at": in_seconds(1)})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let before = listed(&c, &c.umpire).await["standing"].clone();
    let after = standing_moves_from(&c, &before).await;
    assert_eq!(after["phase"], "Soviet command sheet", "{after}");
    let (_, soviet) = c.app.get(&talvisota("view"), Some(&c.soviet)).await;
    assert_eq!(soviet["board"]["phase"], "soviet_placement");
    // The skipped organisation left a line both sides read.
    let (_, events) = c.app.get(&talvisota("events"), Some(&c.finn)).await;
    let line = passed_line(&events);
    assert!(
        line.contains("the Soviet organisation was skipped"),
        "{line}"
    );
    // The new phase got its deadline from the pace: ten hours from now.
    let pace = listed(&c, &c.finn).await["pace"].clone();
    let due = OffsetDateTime::parse(pace["deadline"].as_str().expect("deadline"), &Rfc3339)
        .expect("RFC 3339");
    let left = due - OffsetDateTime::now_utc();
    assert!(
        left > time::Duration::hours(9) && left <= time::Duration::hours(10),
        "{pace}"
    );
    // The umpire plays the absent Soviet's default: an empty command sheet.
    let (status, body) = as_umpire(&c, Method::POST, "defaults", json!({"side": "soviet"})).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    assert_eq!(awaited(&c).await, ["finnish"]);
    let (_, events) = c.app.get(&talvisota("events"), Some(&c.finn)).await;
    assert!(
        events
            .to_string()
            .contains("played the Soviet side's default"),
        "{events}"
    );
}

#[tokio::test]
async fn a_passed_deadline_ends_each_assisted_games_phase() {
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    for (n, game) in ["red_winter", "winter_war", "a_winter_war"]
        .iter()
        .enumerate()
    {
        let campaign = json!({"name": format!("Tolvajärvi {game}"), "game": game});
        let c = Sides::open(&app, campaign, &n.to_string()).await;
        let before = listed(&c, &c.umpire).await["standing"].clone();
        assert!(before["phase"].is_string(), "{game}: {before}");
        let (status, body) =
            as_umpire(&c, Method::PUT, "deadline", json!({"at": in_seconds(1)})).await;
        assert_eq!(status, StatusCode::OK, "{game}: {body}");
        let after = standing_moves_from(&c, &before).await;
        assert_ne!(after["phase"], before["phase"], "{game}: {after}");
        let (_, events) = c
            .app
            .get(
                &format!("/api/v1/campaigns/{}/table/events", c.id),
                Some(&c.soviet),
            )
            .await;
        let line = passed_line(&events);
        let phase = before["phase"].as_str().expect("a phase");
        assert!(
            line.contains(&format!("the {phase} ended")),
            "{game}: {line}"
        );
    }
}

#[tokio::test]
async fn a_side_takes_back_finished_in_an_assisted_phase_both_sides_play() {
    let c = Sides::new("winter_war", None).await;
    let mut reached = false;
    for _ in 0..40 {
        if awaited(&c).await == ["soviet", "finnish"] {
            reached = true;
            break;
        }
        let (status, body) = as_umpire(&c, Method::POST, "table/advance", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert!(reached, "Winter War has a phase both sides play");
    let table = format!("/api/v1/campaigns/{}/table/advance", c.id);
    let (status, _) = c.app.post(&table, Some(&c.finn), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(awaited(&c).await, ["soviet"]);
    let (status, body) = c.app.delete(&table, Some(&c.soviet)).await;
    assert_eq!(
        (status, error_code(&body)),
        (StatusCode::CONFLICT, "not_finished")
    );
    let (status, body) = c.app.delete(&table, Some(&c.finn)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["finished_phase"], false);
    assert_eq!(awaited(&c).await, ["soviet", "finnish"]);
    let (_, soviet_table) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{}/table/events", c.id),
            Some(&c.soviet),
        )
        .await;
    assert!(
        soviet_table
            .to_string()
            .contains("takes back that it had finished"),
        "the Soviets read that the Finns are back in the phase"
    );
}
