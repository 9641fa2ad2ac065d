//! Winter of No Surrender through the real server: views per side, orders, Hours, battles,
//! umpire powers, and what each side may not see.

use super::client::{WonsTable, platoon_of};
use crate::common::{error_code, error_message};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[tokio::test]
async fn each_side_sees_its_own_platoons_and_only_sightings_of_the_enemy() {
    let c = WonsTable::new().await;
    let soviet = c.view(&c.soviet).await;
    assert_eq!(soviet["side"], "soviet");
    let own = soviet["platoons"].as_array().expect("platoons");
    assert!(own.len() >= 6);
    for p in own {
        for field in ["id", "name", "side", "step", "fatigue", "exhaustion"] {
            assert!(!p[field].is_null(), "{field} in {p}");
        }
        assert_eq!(p["side"], "soviet");
    }
    let finn = c.view(&c.finn).await;
    assert!(finn["platoons"].as_array().expect("platoons").len() >= 3);
    for seen in finn["enemy_platoons"].as_array().expect("sightings") {
        assert!(
            seen.get("fatigue").is_none() && seen.get("exhaustion").is_none(),
            "{seen}"
        );
    }
    let umpire = c.view(&c.umpire).await;
    assert!(
        umpire["state"]["platoons"]
            .as_object()
            .expect("all platoons")
            .len()
            >= 9
    );
    // The campaign says it plays.
    let (_, camp) = c
        .app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.finn))
        .await;
    assert_eq!(camp["module"]["available"], true);
}

#[tokio::test]
async fn illegal_orders_are_422_naming_the_rule_and_change_nothing() {
    let c = WonsTable::new().await;
    let (status, body) = c
        .order(&c.finn, "fin-1", json!({"action": "build_bonfire"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "illegal_order");
    assert!(error_message(&body).contains("R2"), "{body}");
    let (status, body) = c
        .order(
            &c.finn,
            "fin-1",
            json!({"action": "attack", "table": "red", "scenario": "probe"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the Soviets hold the initiative: {body}"
    );
    assert!(error_message(&body).contains("initiative"), "{body}");
    let (status, body) = c.order(&c.finn, "sov-1", json!({"action": "defend"})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not your platoon: {body}"
    );
    let (status, _) = c.order(&c.finn, "fin-1", json!({"action": "fly"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = c
        .order(&c.umpire, "fin-1", json!({"action": "defend"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = c.post(&c.soviet, "resolve", json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let finn = c.view(&c.finn).await;
    assert!(
        finn["platoons"]
            .as_array()
            .expect("platoons")
            .iter()
            .all(|p| p["order"].is_null())
    );
    // Another game's campaign has no WoNS routes.
    let other = c.app.campaign(&c.umpire, "talvisota").await;
    let (status, _) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{other}/wons/view"),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Orders for every platoon of a side: Soviets advance (or attack when they may), Finns dig in.
async fn give_side_orders(c: &WonsTable, token: &str, view: &Value, attack_once: &mut bool) {
    let platoons = view["platoons"].as_array().expect("platoons").clone();
    let soviet = view["side"] == "soviet";
    for p in &platoons {
        let legal: Vec<&str> = p["legal_actions"]
            .as_array()
            .expect("legal")
            .iter()
            .filter_map(|a| a.as_str())
            .collect();
        let order = if soviet && *attack_once && legal.contains(&"attack") {
            *attack_once = false;
            json!({"action": "attack", "table": "red"})
        } else if soviet && legal.contains(&"advance") {
            json!({"action": "advance"})
        } else if !soviet && legal.contains(&"consolidate_defenses") {
            json!({"action": "consolidate_defenses"})
        } else {
            json!({"action": "defend"})
        };
        let (status, body) = c.order(token, p["id"].as_str().expect("id"), order).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[tokio::test]
async fn twenty_four_hours_through_the_api() {
    let c = WonsTable::new().await;
    let start_hour = c.view(&c.umpire).await["campaign"]["hour"]
        .as_u64()
        .expect("hour");
    let mut attack_once = true;
    let mut battles = 0;
    for hour in 0..24 {
        for token in [&c.soviet, &c.finn] {
            let view = c.view(token).await;
            give_side_orders(&c, token, &view, &mut attack_once).await;
            let (status, body) = c.ready(token).await;
            if status == StatusCode::UNPROCESSABLE_ENTITY {
                // A stack split by the orders above: order that side to Defend instead.
                let (status, body) = c.defend_and_ready(token, &view).await;
                assert_eq!(status, StatusCode::OK, "hour {hour}: {body}");
            } else {
                assert_eq!(status, StatusCode::OK, "hour {hour}: {body}");
            }
        }
        // Record any battle the Hour opened, as the umpire.
        let umpire = c.view(&c.umpire).await;
        for battle in umpire["state"]["battles"].as_array().expect("battles") {
            if battle["status"] == "pending" || battle["status"]["status"] == "pending" {
                battles += 1;
                let (status, body) = c
                    .result(&battle["id"], json!({"winner": "finnish", "turns": 5}))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        let now = c.view(&c.umpire).await["campaign"]["hour"]
            .as_u64()
            .expect("hour");
        assert_eq!(
            now,
            start_hour + hour + 1,
            "each resolution advances the clock by one Hour"
        );
    }
    // Event by event: moments never go back; every advance roll is logged with its rule.
    let mut events: Vec<Value> = Vec::new();
    loop {
        let before = events
            .last()
            .map(|e| format!("&before={}", e["seq"]))
            .unwrap_or_default();
        let page = c
            .read(&c.umpire, &format!("events?limit=500{before}"))
            .await;
        let page = page.as_array().expect("events").clone();
        if page.is_empty() {
            break;
        }
        events.extend(page);
    }
    assert!(events.len() > 48, "{} events", events.len());
    let seqs: Vec<i64> = events
        .iter()
        .map(|e| e["seq"].as_i64().expect("seq"))
        .collect();
    assert!(
        seqs.windows(2).all(|w| w[0] == w[1] + 1),
        "numbered without gaps, newest first"
    );
    let rolls = c.rolls(&c.umpire).await;
    for roll in &rolls {
        assert!(
            roll["purpose"].as_str().expect("purpose").contains("(R"),
            "every rules roll names its rule: {roll}"
        );
    }
    // Event by event, each advance roll in the dice log agrees with what the log says happened:
    // the stack moves exactly when the die beats the exhaustion of its most exhausted platoon.
    let sentences: Vec<&str> = events
        .iter()
        .filter_map(|e| e["sentence"].as_str())
        .collect();
    let mut advance_rolls = 0;
    for roll in &rolls {
        let purpose = roll["purpose"].as_str().expect("purpose");
        let Some(rest) = purpose.strip_prefix("Stack ") else {
            continue;
        };
        let stack = rest.split(' ').next().expect("stack id");
        let worst: i64 = purpose
            .rsplit("Exhaustion ")
            .next()
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the exhaustion in the purpose");
        let face = roll["draws"][0][1].as_i64().expect("face");
        advance_rolls += 1;
        let expected = if face > worst {
            format!("Stack {stack} rolled {face} against Exhaustion {worst} and advanced")
        } else {
            format!("Stack {stack} rolled {face}, not higher than Exhaustion {worst}: it stays")
        };
        assert!(
            sentences.iter().any(|s| s.starts_with(&expected)),
            "no event says: {expected}"
        );
    }
    let advance_events = events
        .iter()
        .filter(|e| e["kind"] == "advance_roll")
        .count();
    assert_eq!(advance_events, advance_rolls, "one event per advance roll");
    assert!(advance_rolls > 0, "the Soviets advanced at least once");
    if !attack_once {
        assert!(battles >= 1, "the Soviet attack opened a battle");
        let soviet = c.view(&c.soviet).await;
        assert_eq!(
            soviet["campaign"]["initiative"], "finnish",
            "a failed attack passes the initiative"
        );
    }
    // Fatigue is never negative and exhaustion follows the table.
    let umpire = c.view(&c.umpire).await;
    for p in umpire["state"]["platoons"]
        .as_object()
        .expect("platoons")
        .values()
    {
        assert!(p["fatigue"].as_i64().expect("fatigue") >= 0);
    }
}

#[tokio::test]
async fn an_impossible_correction_is_a_422_naming_the_fault_and_changes_nothing() {
    let c = WonsTable::new().await;
    let before = c.view(&c.umpire).await;
    for (path, value, named) in [
        ("/hour", json!(4294967295u32), "hour"),
        ("/ladder", json!([]), "ladder"),
        ("/platoons/fin-1/step", json!(99999), "step"),
    ] {
        let (status, body) = c
            .post(
                &c.umpire,
                "corrections",
                json!({"path": path, "value": value, "reason": "typo"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {body}");
        assert_eq!(error_code(&body), "invalid_correction");
        let message = error_message(&body);
        assert!(message.contains(named), "{path}: {message}");
    }
    assert_eq!(c.view(&c.umpire).await["state"], before["state"]);
}

#[tokio::test]
async fn umpire_corrections_reveals_and_the_end() {
    let c = WonsTable::new().await;
    let (status, body) = c
        .post(
            &c.umpire,
            "corrections",
            json!({"path": "/platoons/fin-1/fatigue", "value": 7, "reason": "frostbite"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let finn = c.view(&c.finn).await;
    let fin1 = finn["platoons"]
        .as_array()
        .expect("platoons")
        .iter()
        .find(|p| p["id"] == "fin-1")
        .expect("fin-1")
        .clone();
    assert_eq!(fin1["fatigue"], 7);
    assert_eq!(fin1["exhaustion"], 3);
    let (status, body) = c
        .post(
            &c.umpire,
            "corrections",
            json!({"path": "/platoons/fin-1/fatigue", "value": 2, "reason": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, _) = c
        .post(
            &c.umpire,
            "corrections",
            json!({"path": "/nowhere", "value": 2, "reason": "x"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Both sides read that there was a correction and why; the Soviets do not learn the value.
    let soviet_events = c.events(&c.soviet).await;
    let text = soviet_events.to_string();
    assert!(text.contains("frostbite"), "{text}");
    assert!(!text.contains("fin-1"), "{text}");

    let before = c.view(&c.finn).await["enemy_platoons"]
        .as_array()
        .expect("seen")
        .len();
    let (status, body) = c
        .post(
            &c.umpire,
            "reveal",
            json!({"side": "finnish", "reveal": {"kind": "platoon", "id": "sov-6"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let after = c.view(&c.finn).await["enemy_platoons"]
        .as_array()
        .expect("seen")
        .clone();
    assert_eq!(after.len(), before + 1, "{after:?}");

    let (status, body) = c.post(&c.umpire, "end", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!c.view(&c.soviet).await["campaign"]["result"].is_null());
    let (status, _) = c.post(&c.umpire, "end", json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_finns_learn_nothing_of_unspotted_soviets() {
    let c = WonsTable::new().await;
    // Soviet orders exist but are hidden.
    let soviet = c.view(&c.soviet).await;
    let mut attack = false;
    give_side_orders(&c, &c.soviet, &soviet, &mut attack).await;
    let finn_view = c.view(&c.finn).await;
    let seen: Vec<String> = finn_view["enemy_platoons"]
        .as_array()
        .expect("seen")
        .iter()
        .map(|p| p["id"].as_str().expect("id").to_owned())
        .collect();
    let umpire = c.view(&c.umpire).await;
    let hidden: Vec<(String, String)> = umpire["state"]["platoons"]
        .as_object()
        .expect("platoons")
        .values()
        .filter(|p| {
            p["side"] == "soviet" && !seen.contains(&p["id"].as_str().expect("id").to_owned())
        })
        .map(|p| {
            (
                p["id"].as_str().expect("id").to_owned(),
                p["name"].as_str().expect("name").to_owned(),
            )
        })
        .collect();
    assert!(!hidden.is_empty(), "the demo starts with unspotted Soviets");
    let events = c.events(&c.finn).await;
    let page = c.page(&c.finn, "wons").await;
    let export = c.export(&c.finn).await;
    for output in [
        finn_view.to_string(),
        events.to_string(),
        page,
        export.to_string(),
    ] {
        for (id, name) in &hidden {
            assert!(
                !output.contains(&format!("\"{id}\"")) && !output.contains(&format!(">{id}<")),
                "{id} leaked"
            );
            assert!(!output.contains(name.as_str()), "{name} leaked");
        }
        assert!(
            !output.contains("\"advance\"") || !output.contains("sov-"),
            "Soviet orders leaked"
        );
    }
}

#[tokio::test]
async fn a_passed_deadline_resolves_the_hour_with_defend() {
    let c = WonsTable::new().await;
    let hour = c.view(&c.umpire).await["campaign"]["hour"]
        .as_u64()
        .expect("hour");
    let soon = (time::OffsetDateTime::now_utc() + time::Duration::seconds(2))
        .format(&time::format_description::well_known::Rfc3339)
        .expect("formats");
    for (at, token, expected) in [
        (
            json!("2001-01-01T00:00:00Z"),
            &c.umpire,
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (json!(soon), &c.soviet, StatusCode::FORBIDDEN),
        (json!(soon), &c.umpire, StatusCode::OK),
    ] {
        let (status, body) = c.put(token, "deadline", json!({ "at": at })).await;
        assert_eq!(status, expected, "{body}");
    }
    // Only the Soviets order; the Finns miss the deadline.
    c.order(&c.soviet, "sov-1", json!({"action": "defend"}))
        .await;
    let mut now = hour;
    for _ in 0..40 {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        now = c.view(&c.umpire).await["campaign"]["hour"]
            .as_u64()
            .expect("hour");
        if now != hour {
            break;
        }
    }
    assert_eq!(
        now,
        hour + 1,
        "the watcher resolved the Hour after the deadline"
    );
    let events = c.events(&c.finn).await;
    assert!(
        events.to_string().contains("Defend"),
        "missing orders defaulted to Defend: {events}"
    );
    let (_, campaign) = c
        .app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.umpire))
        .await;
    let deadline: Option<(Option<time::OffsetDateTime>,)> =
        sqlx::query_as("select orders_deadline from campaigns where id = $1::uuid")
            .bind(&c.id)
            .fetch_optional(&c.app.db)
            .await
            .expect("reads");
    assert_eq!(
        deadline.and_then(|d| d.0),
        None,
        "the deadline is cleared with the new Hour ({campaign})"
    );
}

/// What `side` must not see: enemy platoons it has not spotted (id, name) and enemy works it has not found.
async fn secrets_of(c: &WonsTable, token: &str) -> Vec<String> {
    let mine = c.view(token).await;
    let side = mine["side"].as_str().expect("side").to_owned();
    let seen: Vec<&str> = mine["enemy_platoons"]
        .as_array()
        .expect("seen")
        .iter()
        .filter_map(|p| p["id"].as_str())
        .collect();
    let known_features: Vec<&str> = mine["features"]
        .as_array()
        .expect("features")
        .iter()
        .filter_map(|f| f["id"].as_str())
        .collect();
    let all = c.view(&c.umpire).await;
    let mut secrets = Vec::new();
    for p in all["state"]["platoons"]
        .as_object()
        .expect("platoons")
        .values()
    {
        let id = p["id"].as_str().expect("id");
        if p["side"] != side.as_str() && !seen.contains(&id) {
            secrets.push(format!("\"{id}\""));
            secrets.push(p["name"].as_str().expect("name").to_owned());
        }
    }
    for f in all["state"]["features"]
        .as_object()
        .expect("features")
        .values()
    {
        let id = f["id"].as_str().expect("id");
        if f["owner"] != side.as_str() && !known_features.contains(&id) {
            secrets.push(id.to_owned());
        }
    }
    secrets
}

#[tokio::test]
async fn neither_side_learns_what_it_may_not_know_over_many_hours() {
    // Each side also reads its notifications, through a webhook of its own.
    let app = std::sync::Arc::new(
        crate::common::TestApp::spawn_with(|config| {
            config.notify.webhooks_to_private = true;
            config.notify.interval_ms = 100;
        })
        .await,
    );
    let c = WonsTable::open(&app, "Taipale", "").await;
    let mut hooks = Vec::new();
    for token in [&c.soviet, &c.finn] {
        let (url, seen) = crate::common::hook_receiver().await;
        let (status, body) = app
            .post(
                "/api/v1/notifications",
                Some(token),
                json!({"kind": "webhook", "address": url}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        hooks.push(seen);
    }
    let mut seed: u64 = 0x5eed_1940;
    let mut pick = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n.max(1)
    };
    for hour in 0..8 {
        // Who marks ready last alternates: the one whose ready resolves the Hour is not told of
        // it, the other is.
        let order = if hour % 2 == 0 {
            [&c.soviet, &c.finn]
        } else {
            [&c.finn, &c.soviet]
        };
        for token in order {
            let view = c.view(token).await;
            for p in view["platoons"].as_array().expect("platoons") {
                let legal: Vec<&str> = p["legal_actions"]
                    .as_array()
                    .expect("legal")
                    .iter()
                    .filter_map(|a| a.as_str())
                    .collect();
                let action = legal[pick(legal.len())];
                let order = match action {
                    "attack" if view["side"] == "finnish" => {
                        json!({"action": "attack", "table": "red", "scenario": "probe"})
                    }
                    "adjust_roadblock" => json!({"action": action, "build": true}),
                    _ => json!({"action": action}),
                };
                c.order(token, p["id"].as_str().expect("id"), order).await;
            }
            if c.ready(token).await.0 != StatusCode::OK {
                let (status, body) = c.defend_and_ready(token, &view).await;
                assert_eq!(status, StatusCode::OK, "hour {hour}: {body}");
            }
        }
        for battle in c.view(&c.umpire).await["state"]["battles"]
            .as_array()
            .expect("battles")
        {
            if battle["status"] == "pending" || battle["status"]["status"] == "pending" {
                let winner = if pick(2) == 0 { "soviet" } else { "finnish" };
                c.result(
                    &battle["id"],
                    json!({"winner": winner, "turns": 1 + pick(6)}),
                )
                .await;
            }
        }
        // Let the notifications of this Hour go out.
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        for (side, (token, name)) in [(&c.soviet, "soviet"), (&c.finn, "finn")]
            .into_iter()
            .enumerate()
        {
            let secrets = secrets_of(&c, token).await;
            let told = hooks[side].bodies();
            assert!(
                hour == 0 || !told.is_empty(),
                "{name} is told of the Hours resolving"
            );
            for body in &told {
                for secret in &secrets {
                    assert!(
                        !body.contains(secret.as_str()),
                        "hour {hour}: {name}'s notifications told {secret}: {body}"
                    );
                }
            }
            if hour == 0 {
                assert!(
                    secrets.len() >= 4,
                    "{name} starts with enemy platoons and works unknown: {secrets:?}"
                );
            }
            for output in c.everything_read_by(token, name).await {
                for secret in &secrets {
                    assert!(
                        !output.contains(secret.as_str()),
                        "hour {hour}: {name} learned {secret}"
                    );
                }
            }
        }
    }
}

async fn refused(c: &WonsTable, token: &str, platoon: &str, order: Value, rule: &str) {
    let (status, body) = c.order(token, platoon, order.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{order}: {body}");
    let message = error_message(&body);
    assert!(message.contains(rule), "{order}: '{message}' names {rule}");
}

#[tokio::test]
async fn every_rule_that_forbids_an_order_answers_422_naming_it() {
    let c = WonsTable::contact().await;
    // Enemy on the step: no Rest, no Advance (R2), for either side.
    refused(&c, &c.soviet, "sov-1", json!({"action": "advance"}), "R2").await;
    refused(&c, &c.soviet, "sov-1", json!({"action": "rest"}), "R2").await;
    refused(&c, &c.finn, "fin-1", json!({"action": "rest"}), "R2").await;
    refused(&c, &c.finn, "fin-1", json!({"action": "advance"}), "R2").await;
    // Initiative for Attack (R2): the Soviets hold it, the Finns do not.
    refused(
        &c,
        &c.finn,
        "fin-1",
        json!({"action": "attack", "table": "red", "scenario": "probe"}),
        "initiative",
    )
    .await;
    let (status, body) = c
        .order(
            &c.soviet,
            "sov-1",
            json!({"action": "attack", "table": "red"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Side-only actions (R2).
    refused(
        &c,
        &c.finn,
        "fin-2",
        json!({"action": "build_bonfire"}),
        "R2",
    )
    .await;
    refused(&c, &c.finn, "fin-2", json!({"action": "reorganize"}), "R2").await;
    refused(
        &c,
        &c.soviet,
        "sov-3",
        json!({"action": "adjust_roadblock", "build": true}),
        "R2",
    )
    .await;
    // Rest in a building needs an intact building on the step.
    let view = c.view(&c.umpire).await;
    let steps = view["state"]["ladder"].as_array().expect("ladder");
    let b_has_building = steps
        .get(1)
        .is_some_and(|s| !s["buildings"].as_array().is_none_or(|b| b.is_empty()));
    if !b_has_building {
        refused(
            &c,
            &c.soviet,
            "sov-3",
            json!({"action": "rest", "in_building": true}),
            "R2",
        )
        .await;
    }
    // Stack rules: a stack moves as one; a reorganization keeps to the size limits (R2 Reorganize).
    let (status, body) = c
        .put(
            &c.soviet,
            "reorganization",
            json!({"stacks": [{"id": "big", "platoons": ["sov-3", "sov-4", "sov-5", "sov-6"]}, {"id": "vanguard", "platoons": ["sov-1", "sov-2"]}]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_message(&body).contains("R2"), "{body}");
    let (status, _) = c
        .put(&c.finn, "reorganization", json!({"stacks": null}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the Soviets reorganize");
    c.order(&c.soviet, "sov-3", json!({"action": "advance"}))
        .await;
    c.order(&c.soviet, "sov-4", json!({"action": "defend"}))
        .await;
    let (status, body) = c.ready(&c.soviet).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a split stack is refused: {body}"
    );
    assert!(error_message(&body).contains("R2"), "{body}");
    // The own-orders call shows what was accepted, and nothing was marked ready.
    let orders = c.read(&c.soviet, "orders").await;
    assert_eq!(orders["ready"], false);
    assert_eq!(orders["orders"]["sov-1"]["action"], "attack");
}

#[tokio::test]
async fn each_side_rolls_and_sees_only_its_own_starting_force_morale() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let battle = c.view(&c.soviet).await["battles"][0]["id"]
        .as_u64()
        .expect("a battle opened");
    // The umpire edits the campaign's Force Morale table: every face gives 12.
    let table = "force-morale-table";
    let (status, body) = c
        .put(&c.umpire, table, json!({"by_face": [8, 9, 9, 10, 10, 0]}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_code(&body) == "invalid_table");
    let twelves = json!({"by_face": [12, 12, 12, 12, 12, 12]});
    let (status, _) = c.put(&c.soviet, table, twelves.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the umpire's table");
    let (status, body) = c.put(&c.umpire, table, twelves).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = format!("battles/{battle}/force-morale");
    let (status, view) = c.post(&c.soviet, &path, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let sheet = &view["battles"][0]["own_sheet"];
    assert!(sheet["force_morale"]["value"].as_u64().is_some(), "{sheet}");
    assert_eq!(
        sheet["force_morale"]["result"], 12,
        "the edited table is used"
    );
    assert!(sheet["blue_dice"].as_u64().is_some(), "{sheet}");
    assert!(
        !c.view(&c.finn).await["battles"][0]["own_sheet"].is_object(),
        "the Finns do not see the Soviet sheet"
    );
    let finn_events = c.events(&c.finn).await;
    assert!(
        !finn_events.to_string().contains("Soviet force in battle"),
        "{finn_events}"
    );
    let (status, _) = c.post(&c.soviet, &path, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "rolled once");
    let (status, _) = c.post(&c.soviet, &path, json!({"side": "finnish"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not for the enemy");
    let (status, _) = c.post(&c.umpire, &path, json!({})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the umpire names the side"
    );
    let (status, _) = c.post(&c.umpire, &path, json!({"side": "finnish"})).await;
    assert_eq!(status, StatusCode::OK);
    let mine = c
        .rolls(&c.finn)
        .await
        .iter()
        .filter(|r| {
            r["purpose"]
                .as_str()
                .is_some_and(|p| p.contains("Force Morale"))
        })
        .count();
    assert_eq!(
        mine, 1,
        "the Finns see their own Force Morale roll, not the Soviets'"
    );
    let (status, _) = c
        .post(&c.soviet, "battles/99/force-morale", json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn barrages_check_their_requirements_and_are_rolled_by_the_server() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let battle = c.view(&c.soviet).await["battles"][0]["id"]
        .as_u64()
        .expect("a battle opened");
    let path = format!("battles/{battle}/barrages");
    // The Soviets met the Finns at C this very Hour: too fresh for R23.1.
    let (status, body) = c
        .post(
            &c.soviet,
            &path,
            json!({"barrage": "soviet-two-82mm-mortars", "targets": ["1st Section"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("four Hours"), "{body}");
    let (status, body) = c
        .post(
            &c.finn,
            &path,
            json!({"barrage": "finnish-one-81mm-mortar", "targets": ["vanguard"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("forward observer"), "{body}");
    let code = "finnish-two-81mm-mortars";
    let call = json!({"barrage": code, "targets": ["vanguard", "MG team"], "observer": true});
    let (status, body) = c.post(&c.finn, &path, call.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_message(&body).contains("bought with support points"),
        "{body}"
    );
    // The umpire gives the Finns four points; they buy the mortars (List 4) for the 1st Platoon.
    let (status, body) = c
        .put(
            &c.umpire,
            &format!("battles/{battle}/support-points"),
            json!({"side": "finnish", "points": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = c
        .put(
            &c.finn,
            &format!("battles/{battle}/support"),
            json!({"purchases": [{"item": "fin-mortar", "platoon": "fin-1"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, view) = c.post(&c.finn, &path, call).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        view["battles"][0]["own_barrages"]
            .as_array()
            .expect("barrages")
            .len(),
        1
    );
    let soviet = c.view(&c.soviet).await;
    assert_eq!(
        soviet["battles"][0]["own_barrages"],
        json!([]),
        "the Soviets get no Finnish barrage record"
    );
    assert!(c.rolls(&c.umpire).await.iter().any(|r| {
        r["purpose"]
            .as_str()
            .is_some_and(|p| p.contains("availability") && p.contains("R23.1"))
    }));
    let (status, _) = c
        .post(
            &c.umpire,
            &path,
            json!({"barrage": code, "targets": ["x"], "observer": true}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn only_prisoners_the_report_lists_are_interrogated_once_each() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let battle = c.view(&c.umpire).await["state"]["battles"][0]["id"]
        .as_u64()
        .expect("a battle");
    let path = format!("battles/{battle}/interrogations");
    // Before the result is recorded nobody has been taken: a made-up prisoner is refused (R25).
    let (status, body) = c
        .post(
            &c.finn,
            &path,
            json!({"prisoner": "Private Nobody", "deserter": true}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("R25"), "{body}");
    c.result(battle, json!({"winner": "finnish", "turns": 4}))
        .await;
    // A result with no prisoners listed still lets no one be interrogated.
    let (status, body) = c
        .post(
            &c.finn,
            &path,
            json!({"prisoner": "prisoner 1", "deserter": true}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("R25"), "{body}");
    assert_eq!(c.view(&c.finn).await["interrogations"], json!([]));
}

#[tokio::test]
async fn what_prisoners_tell_appears_in_the_interrogators_view_only() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let battle = c.view(&c.umpire).await["state"]["battles"][0]["id"]
        .as_u64()
        .expect("a battle");
    let prisoners: Vec<Value> = (0..12)
        .map(|n| json!({"taken_by": "finnish", "name": format!("Private {n}"), "deserter": true}))
        .collect();
    let (status, body) = c
        .result(
            battle,
            json!({"winner": "finnish", "turns": 4, "prisoners": prisoners}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = format!("battles/{battle}/interrogations");
    let (status, body) = c.post(&c.finn, &path, json!({"prisoner": " "})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // The page offers the Finns the prisoners they took, and the Soviets no form at all.
    let finnish_page = c.page(&c.finn, "wons").await;
    assert!(
        finnish_page.contains("<option value=\"Private 0\">Private 0 (deserter)</option>"),
        "{finnish_page}"
    );
    assert!(!finnish_page.contains("name=\"deserter\""));
    assert!(
        !c.page(&c.soviet, "wons")
            .await
            .contains("Interrogate a prisoner")
    );
    // Interrogate until one talks (a deserter needs 3+ on the die); at most a handful of tries.
    let mut told = false;
    for n in 0..12 {
        let (status, view) = c
            .post(&c.finn, &path, json!({"prisoner": format!("Private {n}")}))
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        let latest = view["interrogations"]
            .as_array()
            .expect("interrogations")
            .last()
            .cloned()
            .expect("kept");
        if latest["interrogation"]["result"] != "name_and_rank" {
            told = true;
            break;
        }
    }
    assert!(
        told,
        "a deserter talks on 3+; twelve silent ones in a row would be a broken die"
    );
    let (status, body) = c
        .post(&c.finn, &path, json!({"prisoner": "Private 0"}))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "once each: {body}"
    );
    let soviet = c.view(&c.soviet).await;
    assert_eq!(soviet["interrogations"], json!([]));
    let soviet_events = c.events(&c.soviet).await;
    assert!(
        !soviet_events.to_string().contains("Interrogation"),
        "{soviet_events}"
    );
    let (status, _) = c.post(&c.umpire, &path, json!({"prisoner": "x"})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the umpire names the side"
    );
}

#[tokio::test]
async fn a_platoon_of_a_short_battle_takes_its_extra_action() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 2})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        platoon_of(&c.view(&c.finn).await, "fin-1")["extra_action_from"],
        1
    );
    let path = "extra-actions/fin-1";
    let dig = json!({"action": "consolidate_defenses"});
    let (status, _) = c.post(&c.umpire, path, dig.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the umpire gives no orders");
    let (status, body) = c.post(&c.soviet, path, dig.clone()).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not theirs: {body}"
    );
    let (status, view) = c.post(&c.finn, path, dig.clone()).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(
        platoon_of(&view, "fin-1")["extra_action_from"].is_null(),
        "taken"
    );
    let (status, body) = c.post(&c.finn, path, dig).await;
    assert_eq!(status, StatusCode::CONFLICT, "only once: {body}");
    assert!(error_code(&body) == "orders_closed");
    let events = c.events(&c.finn).await;
    assert!(
        events.to_string().contains("consolidat"),
        "the extra action was carried out: {events}"
    );
}

#[tokio::test]
async fn an_unspotted_enemy_platoons_id_answers_exactly_like_a_made_up_one() {
    let c = WonsTable::new().await;
    let seen = c.view(&c.finn).await["enemy_platoons"].to_string();
    let umpire = c.view(&c.umpire).await;
    let hidden = umpire["state"]["platoons"]
        .as_object()
        .expect("platoons")
        .values()
        .filter(|p| p["side"] == "soviet")
        .map(|p| p["id"].as_str().expect("id").to_owned())
        .find(|id| !seen.contains(&format!("\"{id}\"")))
        .expect("the demo starts with an unspotted Soviet platoon");
    let made_up = "sov-9f2c1a";
    // Each command a Finnish player may send with a platoon id, as (method, path, body).
    let commands = |id: &str| {
        vec![
            (
                Method::PUT,
                format!("orders/{id}"),
                json!({"action": "defend"}),
            ),
            (
                Method::POST,
                format!("extra-actions/{id}"),
                json!({"action": "defend"}),
            ),
            (
                Method::PUT,
                format!("orders/{id}"),
                json!({"action": "attack", "table": "red"}),
            ),
        ]
    };
    for (hidden_cmd, made_up_cmd) in commands(&hidden).into_iter().zip(commands(made_up)) {
        let mut answers = Vec::new();
        for (method, path, body) in [hidden_cmd.clone(), made_up_cmd] {
            let (status, answer) = c.send(method, &c.finn, &path, body).await;
            let text = answer
                .to_string()
                .replace(&hidden, "ID")
                .replace(made_up, "ID");
            answers.push((status, text));
        }
        assert!(
            answers[0].0.is_client_error(),
            "{hidden_cmd:?}: {answers:?}"
        );
        assert_eq!(answers[0], answers[1], "{hidden_cmd:?}");
    }
}

#[tokio::test]
async fn ending_the_campaign_decides_victory_reveals_the_dice_and_removes_the_forms() {
    let c = WonsTable::new().await;
    let before = c.page(&c.soviet, "wons").await;
    assert!(before.contains("id=\"mark-ready\""), "orders are open");
    let (status, view) = c.post(&c.umpire, "end", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let result = view["campaign"]["result"]["sentence"]
        .as_str()
        .expect("the result in words")
        .to_owned();
    let (_, campaign) = c
        .app
        .get(&format!("/api/v1/campaigns/{}", c.id), Some(&c.finn))
        .await;
    assert_eq!(campaign["status"], "finished", "{campaign}");
    for token in [&c.soviet, &c.finn, &c.umpire] {
        let page = c.page(token, "wons").await;
        let escaped = result.replace('\'', "&#39;").replace('"', "&#34;");
        assert!(
            page.contains(&result) || page.contains(&escaped),
            "the result is told in words: {result}"
        );
        for form in [
            "mark-ready",
            "force-resolve",
            "end-campaign",
            "/wons/orders",
            "give-orders",
        ] {
            assert!(
                !page.contains(form),
                "{form} is gone once the campaign has ended"
            );
        }
    }
    // Ending twice is refused, by either door.
    let (status, _) = c.post(&c.umpire, "end", json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = c
        .app
        .post(
            &format!("/api/v1/campaigns/{}/finish", c.id),
            Some(&c.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_umpire_corrects_a_value_chosen_by_name_on_the_page() {
    let c = WonsTable::new().await;
    let umpire = c.app.signed_in("umpire", "Umpire's browser").await;
    let page = c
        .app
        .html(&umpire, &format!("/campaigns/{}/wons", c.id))
        .await;
    assert!(page.contains("5th Rifle Platoon: step (now A)"), "{page}");
    let post = |form: Vec<(&'static str, &'static str)>| {
        umpire
            .post(format!("{}/campaigns/{}/wons/corrections", c.app.url, c.id))
            .form(&form)
            .send()
    };
    // Nothing chosen: refused in words, nothing changed.
    let res = post(vec![("value", "3"), ("reason", "typo")])
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .expect("html")
            .contains("Choose what to correct")
    );
    // A step by its letter, a fatigue as a number.
    for (target, value) in [
        ("/platoons/sov-5/step", "b"),
        ("/platoons/sov-5/fatigue", "4"),
    ] {
        let res = post(vec![
            ("target", target),
            ("value", value),
            ("reason", "the table's record"),
        ])
        .await
        .expect("posts");
        assert!(res.status().is_redirection(), "{target}: {}", res.status());
    }
    let view = c.view(&c.soviet).await;
    let platoon = platoon_of(&view, "sov-5");
    assert_eq!(platoon["step"], "B", "{platoon}");
    assert_eq!(platoon["fatigue"], 4, "{platoon}");
}

#[tokio::test]
async fn a_side_orders_all_its_platoons_in_one_form_and_a_refusal_keeps_what_was_typed() {
    let c = WonsTable::new().await;
    let soviet = c.app.signed_in("soviet", "Soviet browser").await;
    let post = |form: Vec<(&'static str, &'static str)>| {
        soviet
            .post(format!("{}/campaigns/{}/wons/orders", c.app.url, c.id))
            .form(&form)
            .send()
    };
    let orders = |view: &Value| {
        ["sov-1", "sov-2", "sov-3"].map(|id| platoon_of(view, id)["order"]["action"].clone())
    };
    // Stack-mates split between Advance and Defend: refused beside the stack's first platoon,
    // every choice kept as typed, nothing given.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "defend"),
        ("action.sov-3", "rest"),
    ])
    .await
    .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    let card = |id: &str| {
        let start = page
            .find(&format!("id=\"platoon-{id}\""))
            .expect("the card");
        let end = page[start..].find("</article>").expect("its end");
        page[start..start + end].to_owned()
    };
    assert!(
        card("sov-1").contains("order-error-sov-1") && card("sov-1").contains("together"),
        "the refusal stands beside the stack's fields: {}",
        card("sov-1")
    );
    assert!(card("sov-1").contains("value=\"advance\" selected"));
    assert!(card("sov-2").contains("value=\"defend\" selected"));
    assert!(card("sov-3").contains("value=\"rest\" selected"));
    assert!(!page.contains("class=\"alert\""), "not at the page's top");
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [Value::Null, Value::Null, Value::Null]
    );

    // One platoon's own fields are wrong: the refusal names it, the others keep their choices.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "advance"),
        ("action.sov-3", "attack"),
    ])
    .await
    .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(page.contains("order-error-sov-3"), "{page}");
    assert_eq!(page.matches("value=\"advance\" selected").count(), 2);

    // The whole stack moves in one go; platoons left at "Choose…" keep no order.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "advance"),
        ("action.sov-3", ""),
    ])
    .await
    .expect("posts");
    assert!(res.status().is_redirection(), "{}", res.status());
    assert_eq!(
        res.headers().get("location").and_then(|l| l.to_str().ok()),
        Some(format!("/campaigns/{}/wons#orders-form", c.id).as_str())
    );
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [json!("advance"), json!("advance"), Value::Null]
    );
    // Nothing chosen at all is refused in words; the umpire gives no orders.
    let res = post(vec![("action.sov-3", "")]).await.expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .expect("html")
            .contains("at least one platoon")
    );
    let umpire = c.app.signed_in("umpire", "Umpire's browser").await;
    let res = umpire
        .post(format!("{}/campaigns/{}/wons/orders", c.app.url, c.id))
        .form(&[("action.sov-1", "defend")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    // The API gives the same batch: the stack changes its move together.
    let (status, body) = c
        .put(
            &c.soviet,
            "orders",
            json!([
                { "platoon": "sov-1", "order": { "action": "defend" } },
                { "platoon": "sov-2", "order": { "action": "defend" } },
            ]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [json!("defend"), json!("defend"), Value::Null]
    );
}

/// The view lists the open and the newest battles; `GET …/wons/battles` pages through every one,
/// as the caller's side sees it, and the umpire names the side.
#[tokio::test]
async fn battles_are_read_a_page_at_a_time_as_each_side_sees_them() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let path = format!("/api/v1/campaigns/{}/wons/battles", c.id);
    for (token, side) in [(&c.soviet, "soviet"), (&c.finn, "finnish")] {
        let view = c.view(token).await;
        assert_eq!(view["earlier_battles"], 0, "{side}: none left out");
        let (status, page) = c.app.get(&format!("{path}?limit=5"), Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["more"], false);
        assert_eq!(
            page["battles"], view["battles"],
            "{side} reads each battle as in its view"
        );
        // The umpire reads the same when naming the side.
        let (status, umpire) = c
            .app
            .get(&format!("{path}?limit=5&side={side}"), Some(&c.umpire))
            .await;
        assert_eq!(status, StatusCode::OK, "{umpire}");
        assert_eq!(umpire, page);
    }
    // A player reads their own side's battles only; the umpire must name one.
    let (status, body) = c
        .app
        .get(&format!("{path}?side=finnish"), Some(&c.soviet))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = c.app.get(&path, Some(&c.umpire)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "side_needed");
    for limit in ["0", "101"] {
        let (status, body) = c
            .app
            .get(&format!("{path}?limit={limit}"), Some(&c.finn))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(error_code(&body), "invalid_limit");
    }
    // Before battle 1 there is nothing.
    let (status, page) = c.app.get(&format!("{path}?before=1"), Some(&c.finn)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page, json!({"battles": [], "more": false}));
}

/// The stack reorganization form lists each stack's platoons by name and reads names back: the
/// plan the API keeps holds the platoons' ids, in the order written.
#[tokio::test]
async fn the_reorganization_form_speaks_of_platoons_by_name() {
    let c = WonsTable::new().await;
    let view = c.view(&c.soviet).await;
    let name = |id: &str| {
        platoon_of(&view, id)["name"]
            .as_str()
            .expect("a name")
            .to_owned()
    };
    let browser = c.app.signed_in("soviet", "Soviet browser").await;
    let page = c
        .app
        .html(&browser, &format!("/campaigns/{}/wons", c.id))
        .await;
    let vanguard = format!("vanguard: {}, {}", name("sov-1"), name("sov-2"));
    let form = page
        .split("<textarea id=\"stacks\"")
        .nth(1)
        .and_then(|t| t.split("</textarea>").next())
        .expect("the reorganization form");
    assert!(form.contains(&vanguard), "{form}");
    assert!(
        !form.contains("sov-"),
        "no platoon's id in the form: {form}"
    );

    // The vanguard's platoons change places; a name holding a comma is read whole, and an id
    // is still understood.
    let stacks = format!(
        "vanguard: {}, {}\nmain-body: {}, sov-4\nrearguard: {}, {}",
        name("sov-2"),
        name("sov-1"),
        name("sov-3"),
        name("sov-5"),
        name("sov-6")
    );
    let res = browser
        .post(format!(
            "{}/campaigns/{}/wons/reorganization",
            c.app.url, c.id
        ))
        .form(&[("stacks", stacks.as_str())])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let plan = &c.view(&c.soviet).await["orders"]["reorganization"];
    assert_eq!(
        plan[0],
        json!({"id": "vanguard", "platoons": ["sov-2", "sov-1"]}),
        "{plan}"
    );
    assert_eq!(plan[1]["platoons"], json!(["sov-3", "sov-4"]), "{plan}");

    // A platoon no one has is refused by what was written.
    let res = browser
        .post(format!(
            "{}/campaigns/{}/wons/reorganization",
            c.app.url, c.id
        ))
        .form(&[("stacks", "vanguard: Nobody's Platoon")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(page.contains("Nobody"), "{page}");
}
