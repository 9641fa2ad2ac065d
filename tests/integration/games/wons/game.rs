//! Winter of No Surrender through the real server: views per side, Hours, deadlines, umpire
//! powers and the end of a campaign. Orders are in `game_orders`, secrets in `game_secrets`.

use super::client::{WonsTable, platoon_of};
use crate::common::{error_code, error_message};
use reqwest::StatusCode;
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

/// Orders for every platoon of a side: Soviets advance (or attack when they may), Finns dig in.
pub(super) async fn give_side_orders(
    c: &WonsTable,
    token: &str,
    view: &Value,
    attack_once: &mut bool,
) {
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
    let (attack_once, battles) = twenty_four_hours(&c).await;
    let (events, rolls) = the_log_and_the_dice(&c).await;
    advance_rolls_agree_with_the_log(&events, &rolls);
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

/// Twenty-four Hours of orders from both sides, the umpire recording every battle they open;
/// returns whether the Soviets still have their one attack to give, and the battles recorded.
async fn twenty_four_hours(c: &WonsTable) -> (bool, i32) {
    let start_hour = c.view(&c.umpire).await["campaign"]["hour"]
        .as_u64()
        .expect("hour");
    let mut attack_once = true;
    let mut battles = 0;
    for hour in 0..24 {
        for token in [&c.soviet, &c.finn] {
            let view = c.view(token).await;
            give_side_orders(c, token, &view, &mut attack_once).await;
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
    (attack_once, battles)
}

/// Event by event: moments never go back; every advance roll is logged with its rule.
async fn the_log_and_the_dice(c: &WonsTable) -> (Vec<Value>, Vec<Value>) {
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
    (events, rolls)
}

/// Event by event, each advance roll in the dice log agrees with what the log says happened:
/// the stack moves exactly when the die beats the exhaustion of its most exhausted platoon.
fn advance_rolls_agree_with_the_log(events: &[Value], rolls: &[Value]) {
    let sentences: Vec<&str> = events
        .iter()
        .filter_map(|e| e["sentence"].as_str())
        .collect();
    let mut advance_rolls = 0;
    for roll in rolls {
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

pub(super) async fn refused(c: &WonsTable, token: &str, platoon: &str, order: Value, rule: &str) {
    let (status, body) = c.order(token, platoon, order.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{order}: {body}");
    let message = error_message(&body);
    assert!(message.contains(rule), "{order}: '{message}' names {rule}");
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
