//! Winter of No Surrender through the real server: what each side may not see, from unspotted
//! platoons and force morale to prisoners' tales and battle pages.

use super::client::WonsTable;
use super::game::give_side_orders;
use crate::common::{error_code, error_message};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

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
            give_random_orders_and_ready(&c, token, hour, &mut pick).await;
        }
        record_pending_battles_at_random(&c, &mut pick).await;
        // Let the notifications of this Hour go out.
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        nothing_leaks_to_either_side(&c, hour, |side| hooks[side].bodies()).await;
    }
}

/// `token`'s side gives each platoon a random legal order and marks ready, ordering Defend
/// instead where the orders split a stack.
async fn give_random_orders_and_ready(
    c: &WonsTable,
    token: &str,
    hour: i32,
    pick: &mut dyn FnMut(usize) -> usize,
) {
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

/// The umpire records every pending battle with a random winner and length.
async fn record_pending_battles_at_random(c: &WonsTable, pick: &mut dyn FnMut(usize) -> usize) {
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
}

/// Neither side's notifications (`told_to` a side's index: what its webhook received) nor
/// anything it reads holds one of its secrets.
async fn nothing_leaks_to_either_side(
    c: &WonsTable,
    hour: i32,
    told_to: impl Fn(usize) -> Vec<String>,
) {
    for (side, (token, name)) in [(&c.soviet, "soviet"), (&c.finn, "finn")]
        .into_iter()
        .enumerate()
    {
        let secrets = secrets_of(c, token).await;
        let told = told_to(side);
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
