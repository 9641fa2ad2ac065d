//! The WoNS hero roster through the real server: once in the whole war (even in parallel),
//! equal-rank replacement, fate rolled by the server, who sees which heroes, bad input.

use crate::common::{TestApp, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};

struct War {
    app: TestApp,
    /// Campaign id, umpire, Soviet and Finnish tokens, for each campaign.
    campaigns: Vec<(String, String, String, String)>,
}

async fn war(names: &[&str]) -> War {
    let app = TestApp::spawn().await;
    let mut campaigns = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (_, umpire) = app.user(&format!("umpire{i}")).await;
        let (_, soviet) = app.user(&format!("soviet{i}")).await;
        let (_, finn) = app.user(&format!("finn{i}")).await;
        let (status, body) = app
            .post(
                "/api/v1/campaigns",
                Some(&umpire),
                json!({"name": name, "game": "wons"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().expect("id").to_owned();
        app.join(&umpire, &id, &soviet, "soviet").await;
        app.join(&umpire, &id, &finn, "finnish").await;
        campaigns.push((id, umpire, soviet, finn));
    }
    War { app, campaigns }
}

async fn obtain(
    app: &TestApp,
    id: &str,
    token: &str,
    hero: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/campaigns/{id}/wons/heroes/{hero}/obtain"),
        Some(token),
        body,
    )
    .await
}

async fn heroes(app: &TestApp, id: &str, token: &str) -> Value {
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{id}/wons/heroes"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn wons_view(app: &TestApp, id: &str, token: &str) -> Value {
    let (status, body) = app
        .get(&format!("/api/v1/campaigns/{id}/wons/view"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn roster_entry(app: &TestApp, token: &str, hero: &str) -> Value {
    let (status, body) = app
        .get(&format!("/api/v1/heroes/{hero}"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn two_campaigns_asking_for_one_hero_at_once_get_him_once() {
    let w = war(&["Summa", "Kollaa"]).await;
    let (a, b) = (&w.campaigns[0], &w.campaigns[1]);
    let body = json!({"platoon": "fin-1"});
    let (first, second) = tokio::join!(
        obtain(&w.app, &a.0, &a.1, "simo-hayha", body.clone()),
        obtain(&w.app, &b.0, &b.1, "simo-hayha", body.clone()),
    );
    let results = [first, second];
    let won: Vec<usize> = (0..2)
        .filter(|&i| results[i].0 == StatusCode::CREATED)
        .collect();
    assert_eq!(won.len(), 1, "exactly one succeeds: {results:?}");
    let winner = ["Summa", "Kollaa"][won[0]];
    let (status, refusal) = &results[1 - won[0]];
    assert_eq!(*status, StatusCode::CONFLICT, "{refusal}");
    assert_eq!(error_code(refusal), "hero_taken");
    assert!(
        !refusal.to_string().contains(winner),
        "the refusal names no campaign its caller is not in: {refusal}"
    );
    // The loser's campaign is unchanged: no hero in its platoon, no record.
    let loser = &w.campaigns[1 - won[0]];
    let view = heroes(&w.app, &loser.0, &loser.1).await;
    assert_eq!(view["heroes"].as_array().expect("heroes").len(), 0);
    // Later requests are refused too; the roster tells the winner's umpire where he serves, and
    // everyone else only that he is taken.
    let (status, again) = obtain(&w.app, &loser.0, &loser.1, "simo-hayha", body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(!again.to_string().contains(winner), "{again}");
    let holder = &w.campaigns[won[0]];
    let entry = roster_entry(&w.app, &holder.1, "simo-hayha").await;
    assert_eq!(entry["available"], false);
    assert_eq!(entry["taken_by"], winner);
    let outsider = roster_entry(&w.app, &loser.1, "simo-hayha").await;
    assert_eq!(outsider["available"], false, "{outsider}");
    assert!(outsider["taken_by"].is_null(), "{outsider}");
}

#[tokio::test]
async fn a_hero_replaces_a_man_of_equal_rank_or_is_refused() {
    let w = war(&["Summa"]).await;
    let (id, umpire, _, finn) = &w.campaigns[0];
    let men = |view: &Value| -> Value {
        view["platoons"]
            .as_array()
            .expect("platoons")
            .iter()
            .find(|p| p["id"] == "fin-1")
            .expect("fin-1")
            .clone()
    };
    let before = men(&wons_view(&w.app, id, finn).await);
    assert_eq!(before["toe"][0]["men"]["platoon_leader"], 1);
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "aarne-juutilainen",
        json!({"platoon": "fin-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let after = men(&wons_view(&w.app, id, finn).await);
    assert_eq!(
        after["toe"][0]["men"]["platoon_leader"], 0,
        "the platoon leader made way"
    );
    assert_eq!(after["heroes"], json!(["aarne-juutilainen"]));
    let own = heroes(&w.app, id, finn).await;
    assert_eq!(own["own"][0]["replaced_role"], "platoon_leader");
    assert_eq!(own["own"][0]["record"][0]["kind"], "obtained");
    // A second senior leader finds no one of his rank left: 422, and nothing changes.
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "lauri-torni",
        json!({"platoon": "fin-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "no_equal_rank");
    assert_eq!(
        roster_entry(&w.app, umpire, "lauri-torni").await["available"],
        true
    );
    assert_eq!(men(&wons_view(&w.app, id, finn).await), after);
    // A ranker in a named section.
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "simo-hayha",
        json!({"platoon": "fin-1", "element": "2nd Section"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let after = men(&wons_view(&w.app, id, finn).await);
    let section = &after["toe"][2];
    assert_eq!(section["name"], "2nd Section");
    let total: u64 = section["men"]
        .as_object()
        .expect("men")
        .values()
        .map(|n| n.as_u64().expect("count"))
        .sum();
    assert_eq!(total, 8, "one of the nine men made way");
}

#[tokio::test]
async fn bad_hero_requests_are_refused_with_a_reason() {
    let w = war(&["Summa"]).await;
    let (id, umpire, soviet, finn) = &w.campaigns[0];
    let (status, body) = obtain(&w.app, id, umpire, "nobody", json!({"platoon": "fin-1"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(error_code(&body), "not_found");
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("message")
            .contains("'nobody'")
    );
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "simo-hayha",
        json!({"platoon": "sov-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "wrong_side");
    let (status, body) = obtain(&w.app, id, finn, "simo-hayha", json!({"platoon": "fin-1"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "simo-hayha",
        json!({"platoon": "fin-9"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_platoon");
    let (status, body) = obtain(&w.app, id, umpire, "simo-hayha", json!({"platoon": 3})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/heroes/simo-hayha/hits"),
            Some(umpire),
            json!({"battle": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "not_obtained");
    let (status, _) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/heroes/simo-hayha/hits"),
            Some(soviet),
            json!({"battle": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nothing was taken by any of it.
    assert_eq!(
        roster_entry(&w.app, soviet, "simo-hayha").await["available"],
        true
    );
    let (status, _) = w.app.get("/api/v1/heroes", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// Opens battle 1 between `attacker` and fin-1 on fin-1's step, as the umpire's correction.
async fn open_battle(app: &TestApp, id: &str, umpire: &str, attacker: &str) {
    let umpire_view = wons_view(app, id, umpire).await;
    let state = &umpire_view["state"];
    let battle = json!([{
        "id": 1, "hour": state["hour"], "step": state["platoons"]["fin-1"]["step"],
        "attacker": "soviet", "attackers": [attacker], "defenders": ["fin-1"],
        "table": "red", "scenario": null, "initial_attack": true, "status": {"status": "pending"}
    }]);
    let (status, body) = app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/corrections"),
            Some(umpire),
            json!({"path": "/battles", "value": battle, "reason": "a test battle"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_hero_wounded_twice_in_one_battle_is_dead_in_every_later_view() {
    let w = war(&["Summa"]).await;
    let (id, umpire, soviet, finn) = &w.campaigns[0];
    // Twenty extra rankers (a test fixture) so that one is surely wounded by his first hit.
    test_rankers(&w.app).await;
    open_battle(&w.app, id, umpire, "sov-1").await;
    let mut wounded = None;
    for i in 0..20 {
        let hero = format!("test-{i}");
        let (status, body) = obtain(&w.app, id, umpire, &hero, json!({"platoon": "fin-1"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, hit) = w
            .app
            .post(
                &format!("/api/v1/campaigns/{id}/wons/heroes/{hero}/hits"),
                Some(umpire),
                json!({"battle": 1}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{hit}");
        let die = hit["die"].as_u64().expect("a die");
        assert_eq!(hit["outcome"], if die <= 3 { "killed" } else { "wounded" });
        if hit["outcome"] == "wounded" {
            wounded = Some(hero);
            break;
        }
    }
    let hero = wounded.expect("one of twenty heroes was wounded by his first hit");
    let (status, second) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/heroes/{hero}/hits"),
            Some(umpire),
            json!({"battle": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(
        second["outcome"], "killed",
        "a second wound in one battle kills: {second}"
    );
    // Dead for the umpire, his own side, the enemy who fought him, the roster and the platoon.
    let find = |list: &Value| -> Value {
        list.as_array()
            .expect("list")
            .iter()
            .find(|h| h["id"] == hero.as_str())
            .cloned()
            .unwrap_or(Value::Null)
    };
    let u = heroes(&w.app, id, umpire).await;
    assert_eq!(find(&u["heroes"])["status"], "killed");
    assert_eq!(find(&u["heroes"])["wounds"], 1);
    let f = heroes(&w.app, id, finn).await;
    assert_eq!(find(&f["own"])["status"], "killed");
    let s = heroes(&w.app, id, soviet).await;
    assert_eq!(find(&s["met"])["status"], "killed");
    assert_eq!(
        roster_entry(&w.app, umpire, &hero).await["available"],
        false
    );
    let fin1 = &wons_view(&w.app, id, umpire).await["state"]["platoons"]["fin-1"];
    assert!(
        !fin1["heroes"]
            .as_array()
            .expect("heroes")
            .iter()
            .any(|h| h == hero.as_str())
    );
    // The dead are not hit again, and that refusal changes nothing.
    let (status, body) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/heroes/{hero}/hits"),
            Some(umpire),
            json!({"battle": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        find(&heroes(&w.app, id, umpire).await["heroes"])["status"],
        "killed"
    );
    // The server rolled both hits, naming the hero and the rule.
    let (_, rolls) = w
        .app
        .get(
            &format!("/api/v1/campaigns/{id}/rolls?limit=1000"),
            Some(finn),
        )
        .await;
    let named = rolls
        .as_array()
        .expect("rolls")
        .iter()
        .filter(|r| {
            r["purpose"].as_str().is_some_and(|p| {
                p.contains(&format!("Testinen {}", &hero[5..])) && p.contains("R1.4.2")
            })
        })
        .count();
    assert_eq!(named, 2);
}

#[tokio::test]
async fn a_side_sees_its_own_heroes_and_only_the_enemy_heroes_it_has_met() {
    let w = war(&["Summa"]).await;
    let (id, umpire, soviet, finn) = &w.campaigns[0];
    // A Soviet platoon the Finns have not seen, and fin-3, which the Soviets have not seen.
    let finn_view = wons_view(&w.app, id, finn).await;
    let seen: Vec<String> = finn_view["enemy_platoons"]
        .as_array()
        .expect("sightings")
        .iter()
        .map(|p| p["id"].as_str().unwrap_or_default().to_owned())
        .collect();
    let hidden_soviet = wons_view(&w.app, id, soviet).await["platoons"]
        .as_array()
        .expect("platoons")
        .iter()
        .map(|p| p["id"].as_str().unwrap_or_default().to_owned())
        .find(|p| !seen.contains(p))
        .expect("a Soviet platoon the Finns have not seen");
    let soviet_seen = wons_view(&w.app, id, soviet).await["enemy_platoons"].to_string();
    assert!(
        !soviet_seen.contains("fin-3"),
        "the Soviets have not seen fin-3 yet"
    );
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "suko-kolkka",
        json!({"platoon": "fin-3"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = obtain(
        &w.app,
        id,
        umpire,
        "pyotr-belov",
        json!({"platoon": hidden_soviet}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Everything each side can read: its heroes, its view, its events, its rolls, its page.
    async fn everything(w: &War, id: &str, token: &str) -> String {
        let mut all = heroes(&w.app, id, token).await.to_string();
        all += &wons_view(&w.app, id, token).await.to_string();
        for path in ["wons/events?limit=500", "rolls?limit=1000"] {
            let (_, body) = w
                .app
                .get(&format!("/api/v1/campaigns/{id}/{path}"), Some(token))
                .await;
            all += &body.to_string();
        }
        all
    }
    let s = everything(&w, id, soviet).await;
    let f = everything(&w, id, finn).await;
    assert!(
        s.contains("Belov") && s.contains("pyotr-belov"),
        "own hero shown"
    );
    assert!(
        f.contains("Kolkka") && f.contains("suko-kolkka"),
        "own hero shown"
    );
    for word in ["Kolkka", "suko-kolkka"] {
        assert!(!s.contains(word), "the Soviets must not know of {word}");
    }
    for word in ["Belov", "pyotr-belov"] {
        assert!(!f.contains(word), "the Finns must not know of {word}");
    }
    let u = heroes(&w.app, id, umpire).await;
    assert_eq!(u["heroes"].as_array().expect("all").len(), 2);
    // The server-wide roster shows an enemy hero held here exactly as a hero held anywhere:
    // taken, with no campaign, the same for a side of this campaign as for an outsider …
    let (_, outsider) = w.app.user("outsider").await;
    for (token, hero) in [(soviet, "suko-kolkka"), (finn, "pyotr-belov")] {
        let entry = roster_entry(&w.app, token, hero).await;
        assert_eq!(entry["available"], false, "{entry}");
        assert!(entry["taken_by"].is_null(), "{entry}");
        assert_eq!(entry, roster_entry(&w.app, &outsider, hero).await);
    }
    let (_, all) = w.app.get("/api/v1/heroes", Some(&outsider)).await;
    assert!(!all.to_string().contains("Summa"), "{all}");
    // … though his own side and the umpire see who has him.
    assert_eq!(
        roster_entry(&w.app, finn, "suko-kolkka").await["taken_by"],
        "Summa"
    );
    assert_eq!(
        roster_entry(&w.app, umpire, "pyotr-belov").await["available"],
        false
    );
    // Nor does the side's heroes page.
    for (token, hidden) in [(soviet, "Kolkka"), (finn, "Belov")] {
        let page = w
            .app
            .api()
            .get(format!("{}/campaigns/{id}/heroes", w.app.url))
            .bearer_auth(token)
            .send()
            .await
            .expect("page");
        assert_eq!(page.status(), StatusCode::OK);
        assert!(
            !page.text().await.expect("html").contains(hidden),
            "{hidden} on the page"
        );
    }

    // Once the Soviets see fin-3, they have met Kolkka: who he is, not his record.
    let (status, body) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/reveal"),
            Some(umpire),
            json!({"side": "soviet", "reveal": {"kind": "platoon", "id": "fin-3"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let met = heroes(&w.app, id, soviet).await;
    let kolkka = &met["met"][0];
    assert_eq!(kolkka["name"], "Suko Kolkka");
    for hidden in [
        "record",
        "element",
        "replaced_role",
        "obtained_hour",
        "cost",
    ] {
        assert!(kolkka.get(hidden).is_none(), "{hidden} leaked: {kolkka}");
    }
    assert!(!heroes(&w.app, id, finn).await.to_string().contains("Belov"));
}

#[tokio::test]
async fn the_heroes_page_and_the_openapi_document() {
    let w = war(&["Summa"]).await;
    let (id, umpire, _, _) = &w.campaigns[0];
    let (status, _) = obtain(
        &w.app,
        id,
        umpire,
        "simo-hayha",
        json!({"platoon": "fin-1"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let page = w
        .app
        .api()
        .get(format!("{}/campaigns/{id}/heroes", w.app.url))
        .bearer_auth(umpire)
        .send()
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    assert!(html.contains("Simo Häyhä") && html.contains("interpretation"));
    let (_, doc) = w.app.get("/api/v1/openapi.json", None).await;
    for path in [
        "/api/v1/heroes",
        "/api/v1/campaigns/{id}/wons/heroes",
        "/api/v1/campaigns/{id}/wons/heroes/{hero}/obtain",
        "/api/v1/campaigns/{id}/wons/heroes/{hero}/hits",
        "/api/v1/campaigns/{id}/wons/heroes/{hero}/capture-attempts",
        "/api/v1/campaigns/{id}/wons/heroes/{hero}/escape-attempts",
    ] {
        assert!(
            doc["paths"].get(path).is_some(),
            "{path} in the OpenAPI document"
        );
    }
}

#[tokio::test]
async fn the_database_itself_keeps_a_hero_to_one_campaign_when_two_commit_together() {
    use motti::games::wons::rules::heroes::{DEFAULT_ROSTER, parse_roster};
    let w = war(&["Summa", "Kollaa"]).await;
    let simo = parse_roster(DEFAULT_ROSTER)
        .expect("roster")
        .into_iter()
        .find(|h| h.id == "simo-hayha")
        .expect("Simo");
    let ids: Vec<uuid::Uuid> = w
        .campaigns
        .iter()
        .map(|c| c.0.parse().expect("uuid"))
        .collect();
    let mut first = w.app.db.begin().await.expect("tx");
    assert!(
        motti::games::wons::heroes::db::insert_service(
            &mut first,
            ids[0],
            &simo,
            "fin-1",
            "1st Section",
            "rifleman",
            1
        )
        .await
        .expect("inserts")
    );
    // The second transaction's insert waits on the first's uncommitted row …
    let db = w.app.db.clone();
    let (hero, second_id) = (simo.clone(), ids[1]);
    let second = tokio::spawn(async move {
        let mut tx = db.begin().await.expect("tx");
        let added = motti::games::wons::heroes::db::insert_service(
            &mut tx,
            second_id,
            &hero,
            "fin-1",
            "1st Section",
            "rifleman",
            1,
        )
        .await
        .expect("no error, only no row");
        tx.commit().await.expect("commits");
        added
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        !second.is_finished(),
        "the second insert waits for the first transaction"
    );
    first.commit().await.expect("commits");
    // … and, once the first commits, adds nothing.
    assert!(
        !second.await.expect("joins"),
        "the second campaign did not get him"
    );
    let holder = motti::games::wons::heroes::db::holder(&w.app.db, "simo-hayha")
        .await
        .expect("reads")
        .expect("held");
    assert_eq!(holder.1, "Summa");
}

/// Twenty test rankers of the Finnish side (a fixture), for tests that wait on random dice.
async fn test_rankers(app: &TestApp) {
    for i in 0..20 {
        sqlx::query(
            "insert into heroes (id, side, name, rank, grade, leader, abilities, cost, historical)
             values ($1, 'finnish', $2, 'Private', 'ranker', false, 'Test hero.', 1, false)",
        )
        .bind(format!("test-{i}"))
        .bind(format!("Testinen {i}"))
        .execute(&app.db)
        .await
        .expect("inserts a test hero");
    }
}

#[tokio::test]
async fn capture_and_escape_are_rolled_and_kept_in_the_record() {
    let w = war(&["Summa"]).await;
    let (id, umpire, soviet, finn) = &w.campaigns[0];
    test_rankers(&w.app).await;
    open_battle(&w.app, id, umpire, "sov-1").await;
    let post = |hero: String, what: &'static str, body: Value| {
        let app = &w.app;
        async move {
            app.post(
                &format!("/api/v1/campaigns/{id}/wons/heroes/{hero}/{what}"),
                Some(umpire),
                body,
            )
            .await
        }
    };
    let mut captured = None;
    for i in 0..20 {
        let hero = format!("test-{i}");
        let (status, body) = obtain(&w.app, id, umpire, &hero, json!({"platoon": "fin-1"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // Not a prisoner yet: no escape.
        let (status, body) = post(hero.clone(), "escape-attempts", json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, roll) = post(hero.clone(), "capture-attempts", json!({"battle": 1})).await;
        assert_eq!(status, StatusCode::OK, "{roll}");
        let die = roll["die"].as_u64().expect("die");
        assert_eq!(
            roll["outcome"],
            if die <= 3 {
                "captured"
            } else {
                "evaded_capture"
            }
        );
        if roll["outcome"] == "captured" {
            captured = Some(hero);
            break;
        }
    }
    let hero = captured.expect("one of twenty heroes was captured");
    // A prisoner is not hit, and does not try to escape in the Hour he was taken.
    let (status, body) = post(hero.clone(), "hits", json!({"battle": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = post(hero.clone(), "escape-attempts", json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(error_code(&body), "escape_this_hour");
    let find = |list: &Value| -> Value {
        list.as_array()
            .expect("list")
            .iter()
            .find(|h| h["id"] == hero.as_str())
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(
        find(&heroes(&w.app, id, finn).await["own"])["status"],
        "captured"
    );
    assert_eq!(
        find(&heroes(&w.app, id, soviet).await["met"])["status"],
        "captured"
    );
    let fin1 = &wons_view(&w.app, id, umpire).await["state"]["platoons"]["fin-1"];
    assert!(
        !fin1["heroes"]
            .as_array()
            .expect("heroes")
            .iter()
            .any(|h| h == hero.as_str())
    );
    // Move the clock on an Hour (the umpire resolves it), then he may try.
    let (status, body) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/battles/1/result"),
            Some(umpire),
            json!({"winner": "finnish", "turns": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = w
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/wons/resolve"),
            Some(umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, roll) = post(hero.clone(), "escape-attempts", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{roll}");
    let die = roll["die"].as_u64().expect("die");
    assert_eq!(
        roll["outcome"],
        if die == 6 { "escaped" } else { "escape_failed" }
    );
    let record = &find(&heroes(&w.app, id, umpire).await["heroes"])["record"];
    let kinds: Vec<&str> = record
        .as_array()
        .expect("record")
        .iter()
        .map(|r| r["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(
        kinds,
        [
            "obtained",
            "captured",
            roll["outcome"].as_str().expect("outcome")
        ]
    );
    assert!(record[1]["die"].as_u64().is_some() && record[1]["roll_k"].as_u64().is_some());
}

#[tokio::test]
async fn the_umpire_obtains_a_hero_through_the_page_and_sees_refusals_there() {
    let w = war(&["Summa"]).await;
    let (id, _, _, _) = &w.campaigns[0];
    let b = w.app.browser();
    b.post(format!("{}/signin", w.app.url))
        .form(&[
            ("username", "umpire0"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    let res = b
        .post(format!("{}/campaigns/{id}/heroes/obtain", w.app.url))
        .form(&[
            ("hero", "simo-hayha"),
            ("platoon", "fin-1"),
            ("element", ""),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = b
        .post(format!("{}/campaigns/{id}/heroes/obtain", w.app.url))
        .form(&[
            ("hero", "vasily-margelov"),
            ("platoon", "fin-1"),
            ("element", ""),
        ])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = res.text().await.expect("html");
    assert!(
        html.contains("Vasily Margelov fights for the Soviet side"),
        "the refusal is on the page"
    );
    assert!(
        html.contains("Simo Häyhä"),
        "the page shows the hero obtained"
    );
    let res = b
        .post(format!(
            "{}/campaigns/{id}/heroes/simo-hayha/fate",
            w.app.url
        ))
        .form(&[("event", "hit"), ("battle", "")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
