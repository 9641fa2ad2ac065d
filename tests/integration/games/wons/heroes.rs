//! The WoNS hero roster through the real server: once in the whole war (even in parallel),
//! equal-rank replacement, fate rolled by the server, who sees which heroes, bad input.

use super::client::{WonsTable, platoon_of};
use crate::common::{TestApp, error_code, error_message};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;

/// One WoNS campaign for each of `names` on one server, between `umpire<i>`, `soviet<i>` and
/// `finn<i>` (`i` counting from 0).
async fn war(names: &[&str]) -> Vec<WonsTable> {
    let app = Arc::new(TestApp::spawn().await);
    let mut tables = Vec::new();
    for (i, name) in names.iter().enumerate() {
        tables.push(WonsTable::open(&app, name, &i.to_string()).await);
    }
    tables
}

/// One campaign, Summa, between `umpire0`, `soviet0` and `finn0`.
async fn summa() -> WonsTable {
    war(&["Summa"]).await.remove(0)
}

/// Summa with twenty test rankers on the roster (for tests that wait on random dice) and
/// battle 1 open between sov-1 and fin-1.
async fn summa_in_battle_with_test_rankers() -> WonsTable {
    let c = summa().await;
    test_rankers(&c.app).await;
    open_battle(&c, "sov-1").await;
    c
}

#[tokio::test]
async fn two_campaigns_asking_for_one_hero_at_once_get_him_once() {
    let w = war(&["Summa", "Kollaa"]).await;
    let (a, b) = (&w[0], &w[1]);
    let body = json!({"platoon": "fin-1"});
    let (first, second) = tokio::join!(
        a.obtain(&a.umpire, "simo-hayha", body.clone()),
        b.obtain(&b.umpire, "simo-hayha", body.clone()),
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
    let loser = &w[1 - won[0]];
    let view = loser.heroes(&loser.umpire).await;
    assert_eq!(view["heroes"].as_array().expect("heroes").len(), 0);
    // Later requests are refused too; the roster tells the winner's umpire where he serves, and
    // everyone else only that he is taken.
    let (status, again) = loser.obtain(&loser.umpire, "simo-hayha", body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(!again.to_string().contains(winner), "{again}");
    let holder = &w[won[0]];
    let entry = holder.roster_entry(&holder.umpire, "simo-hayha").await;
    assert_eq!(entry["available"], false);
    assert_eq!(entry["taken_by"], winner);
    let outsider = loser.roster_entry(&loser.umpire, "simo-hayha").await;
    assert_eq!(outsider["available"], false, "{outsider}");
    assert!(outsider["taken_by"].is_null(), "{outsider}");
}

#[tokio::test]
async fn a_hero_replaces_a_man_of_equal_rank_or_is_refused() {
    let c = &summa().await;
    let (umpire, finn) = (&c.umpire, &c.finn);
    let men = |view: &Value| -> Value { platoon_of(view, "fin-1").clone() };
    let before = men(&c.view(finn).await);
    assert_eq!(before["toe"][0]["men"]["platoon_leader"], 1);
    let (status, body) = c
        .obtain(umpire, "aarne-juutilainen", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let after = men(&c.view(finn).await);
    assert_eq!(
        after["toe"][0]["men"]["platoon_leader"], 0,
        "the platoon leader made way"
    );
    assert_eq!(after["heroes"], json!(["aarne-juutilainen"]));
    let own = c.heroes(finn).await;
    assert_eq!(own["own"][0]["replaced_role"], "platoon_leader");
    assert_eq!(own["own"][0]["record"][0]["kind"], "obtained");
    // A second senior leader finds no one of his rank left: 422, and nothing changes.
    let (status, body) = c
        .obtain(umpire, "lauri-torni", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "no_equal_rank");
    assert_eq!(
        c.roster_entry(umpire, "lauri-torni").await["available"],
        true
    );
    assert_eq!(men(&c.view(finn).await), after);
    // A ranker in a named section.
    let (status, body) = c
        .obtain(
            umpire,
            "simo-hayha",
            json!({"platoon": "fin-1", "element": "2nd Section"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let after = men(&c.view(finn).await);
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
    let c = &summa().await;
    let (umpire, soviet, finn) = (&c.umpire, &c.soviet, &c.finn);
    let (status, body) = c
        .obtain(umpire, "nobody", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(error_code(&body), "not_found");
    assert!(error_message(&body).contains("'nobody'"));
    let (status, body) = c
        .obtain(umpire, "simo-hayha", json!({"platoon": "sov-1"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "wrong_side");
    let (status, body) = c
        .obtain(finn, "simo-hayha", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = c
        .obtain(umpire, "simo-hayha", json!({"platoon": "fin-9"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_platoon");
    let (status, body) = c.obtain(umpire, "simo-hayha", json!({"platoon": 3})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = c.fate("simo-hayha", "hits", json!({"battle": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "not_obtained");
    let (status, _) = c
        .post(soviet, "heroes/simo-hayha/hits", json!({"battle": 1}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nothing was taken by any of it.
    assert_eq!(
        c.roster_entry(soviet, "simo-hayha").await["available"],
        true
    );
    let (status, _) = c.app.get("/api/v1/heroes", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// Opens battle 1 between `attacker` and fin-1 on fin-1's step, as the umpire's correction.
async fn open_battle(c: &WonsTable, attacker: &str) {
    let umpire_view = c.view(&c.umpire).await;
    let state = &umpire_view["state"];
    let battle = json!([{
        "id": 1, "hour": state["hour"], "step": state["platoons"]["fin-1"]["step"],
        "attacker": "soviet", "attackers": [attacker], "defenders": ["fin-1"],
        "table": "red", "scenario": null, "initial_attack": true, "status": {"status": "pending"}
    }]);
    let (status, body) = c
        .post(
            &c.umpire,
            "corrections",
            json!({"path": "/battles", "value": battle, "reason": "a test battle"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_hero_wounded_twice_in_one_battle_is_dead_in_every_later_view() {
    // Twenty extra rankers (a test fixture) so that one is surely wounded by his first hit.
    let c = &summa_in_battle_with_test_rankers().await;
    let (umpire, soviet, finn) = (&c.umpire, &c.soviet, &c.finn);
    let mut wounded = None;
    for i in 0..20 {
        let hero = format!("test-{i}");
        let (status, body) = c.obtain(umpire, &hero, json!({"platoon": "fin-1"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, hit) = c.fate(&hero, "hits", json!({"battle": 1})).await;
        assert_eq!(status, StatusCode::OK, "{hit}");
        let die = hit["die"].as_u64().expect("a die");
        assert_eq!(hit["outcome"], if die <= 3 { "killed" } else { "wounded" });
        if hit["outcome"] == "wounded" {
            wounded = Some(hero);
            break;
        }
    }
    let hero = wounded.expect("one of twenty heroes was wounded by his first hit");
    let (status, second) = c.fate(&hero, "hits", json!({"battle": 1})).await;
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
    let u = c.heroes(umpire).await;
    assert_eq!(find(&u["heroes"])["status"], "killed");
    assert_eq!(find(&u["heroes"])["wounds"], 1);
    let f = c.heroes(finn).await;
    assert_eq!(find(&f["own"])["status"], "killed");
    let s = c.heroes(soviet).await;
    assert_eq!(find(&s["met"])["status"], "killed");
    assert_eq!(c.roster_entry(umpire, &hero).await["available"], false);
    let fin1 = &c.view(umpire).await["state"]["platoons"]["fin-1"];
    assert!(
        !fin1["heroes"]
            .as_array()
            .expect("heroes")
            .iter()
            .any(|h| h == hero.as_str())
    );
    // The dead are not hit again, and that refusal changes nothing.
    let (status, body) = c.fate(&hero, "hits", json!({"battle": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(find(&c.heroes(umpire).await["heroes"])["status"], "killed");
    // The server rolled both hits, naming the hero and the rule.
    let named = c
        .rolls(finn)
        .await
        .iter()
        .filter(|r| {
            r["purpose"].as_str().is_some_and(|p| {
                p.contains(&format!("Testinen {}", &hero[5..])) && p.contains("R1.4.2")
            })
        })
        .count();
    assert_eq!(named, 2);
    // The after-action report's card for battle 1 names him among the Finnish defenders' heroes,
    // with what befell him there.
    let b = c.app.signed_in("umpire0", "the umpire's browser").await;
    let report = c.app.html(&b, &format!("/campaigns/{}/report", c.id)).await;
    let card = report
        .split("<article class=\"card battle-card\"")
        .nth(1)
        .expect("battle 1's card");
    let defenders = card
        .split("Finnish defenders")
        .nth(1)
        .expect("the Finnish side");
    assert!(
        defenders.contains(&format!(
            "Private Testinen {}, wounded, then killed",
            &hero[5..]
        )),
        "{card}"
    );
    assert!(!card.contains(hero.as_str()), "the card names no hero id");
}

#[tokio::test]
async fn a_side_sees_its_own_heroes_and_only_the_enemy_heroes_it_has_met() {
    let c = &summa().await;
    let (umpire, soviet, finn) = (&c.umpire, &c.soviet, &c.finn);
    // A Soviet platoon the Finns have not seen, and fin-3, which the Soviets have not seen.
    let finn_view = c.view(finn).await;
    let seen: Vec<String> = finn_view["enemy_platoons"]
        .as_array()
        .expect("sightings")
        .iter()
        .map(|p| p["id"].as_str().unwrap_or_default().to_owned())
        .collect();
    let hidden_soviet = c.view(soviet).await["platoons"]
        .as_array()
        .expect("platoons")
        .iter()
        .map(|p| p["id"].as_str().unwrap_or_default().to_owned())
        .find(|p| !seen.contains(p))
        .expect("a Soviet platoon the Finns have not seen");
    let soviet_seen = c.view(soviet).await["enemy_platoons"].to_string();
    assert!(
        !soviet_seen.contains("fin-3"),
        "the Soviets have not seen fin-3 yet"
    );
    let (status, body) = c
        .obtain(umpire, "suko-kolkka", json!({"platoon": "fin-3"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = c
        .obtain(umpire, "pyotr-belov", json!({"platoon": hidden_soviet}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Everything each side can read: its heroes, its view, its events, its rolls, its page.
    async fn everything(c: &WonsTable, token: &str) -> String {
        let mut all = c.heroes(token).await.to_string();
        all += &c.view(token).await.to_string();
        all += &c.events(token).await.to_string();
        all += &json!(c.rolls(token).await).to_string();
        all
    }
    let s = everything(c, soviet).await;
    let f = everything(c, finn).await;
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
    let u = c.heroes(umpire).await;
    assert_eq!(u["heroes"].as_array().expect("all").len(), 2);
    // The server-wide roster shows an enemy hero held here exactly as a hero held anywhere:
    // taken, with no campaign, the same for a side of this campaign as for an outsider …
    let (_, outsider) = c.app.user("outsider").await;
    for (token, hero) in [(soviet, "suko-kolkka"), (finn, "pyotr-belov")] {
        let entry = c.roster_entry(token, hero).await;
        assert_eq!(entry["available"], false, "{entry}");
        assert!(entry["taken_by"].is_null(), "{entry}");
        assert_eq!(entry, c.roster_entry(&outsider, hero).await);
    }
    let (_, all) = c.app.get("/api/v1/heroes", Some(&outsider)).await;
    assert!(!all.to_string().contains("Summa"), "{all}");
    // … though his own side and the umpire see who has him.
    assert_eq!(
        c.roster_entry(finn, "suko-kolkka").await["taken_by"],
        "Summa"
    );
    assert_eq!(
        c.roster_entry(umpire, "pyotr-belov").await["available"],
        false
    );
    // Nor does the side's heroes page.
    for (token, hidden) in [(soviet, "Kolkka"), (finn, "Belov")] {
        assert!(
            !c.page(token, "heroes").await.contains(hidden),
            "{hidden} on the page"
        );
    }

    // Once the Soviets see fin-3, they have met Kolkka: who he is, not his record.
    let (status, body) = c
        .post(
            umpire,
            "reveal",
            json!({"side": "soviet", "reveal": {"kind": "platoon", "id": "fin-3"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let met = c.heroes(soviet).await;
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
    assert!(!c.heroes(finn).await.to_string().contains("Belov"));
}

#[tokio::test]
async fn the_heroes_page_and_the_openapi_document() {
    let c = &summa().await;
    let umpire = &c.umpire;
    let (status, _) = c
        .obtain(umpire, "simo-hayha", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let html = c.page(umpire, "heroes").await;
    assert!(html.contains("Simo Häyhä") && html.contains("interpretation"));
    let (_, doc) = c.app.get("/api/v1/openapi.json", None).await;
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
    let ids: Vec<uuid::Uuid> = w.iter().map(|c| c.id.parse().expect("uuid")).collect();
    let app = &w[0].app;
    let mut first = app.db.begin().await.expect("tx");
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
    let db = app.db.clone();
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
    let holder = motti::games::wons::heroes::db::holder(&app.db, "simo-hayha")
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
    let c = &summa_in_battle_with_test_rankers().await;
    let (umpire, soviet, finn) = (&c.umpire, &c.soviet, &c.finn);
    let mut captured = None;
    for i in 0..20 {
        let hero = format!("test-{i}");
        let (status, body) = c.obtain(umpire, &hero, json!({"platoon": "fin-1"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // Not a prisoner yet: no escape.
        let (status, body) = c.fate(&hero, "escape-attempts", json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, roll) = c
            .fate(&hero, "capture-attempts", json!({"battle": 1}))
            .await;
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
    let (status, body) = c.fate(&hero, "hits", json!({"battle": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = c.fate(&hero, "escape-attempts", json!({})).await;
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
    assert_eq!(find(&c.heroes(finn).await["own"])["status"], "captured");
    assert_eq!(find(&c.heroes(soviet).await["met"])["status"], "captured");
    let fin1 = &c.view(umpire).await["state"]["platoons"]["fin-1"];
    assert!(
        !fin1["heroes"]
            .as_array()
            .expect("heroes")
            .iter()
            .any(|h| h == hero.as_str())
    );
    // Move the clock on an Hour (the umpire resolves it), then he may try.
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 4})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = c.post(umpire, "resolve", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, roll) = c.fate(&hero, "escape-attempts", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{roll}");
    let die = roll["die"].as_u64().expect("die");
    assert_eq!(
        roll["outcome"],
        if die == 6 { "escaped" } else { "escape_failed" }
    );
    let record = &find(&c.heroes(umpire).await["heroes"])["record"];
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
    let c = &summa().await;
    let (id, url) = (&c.id, &c.app.url);
    let b = c.app.signed_in("umpire0", "the umpire's browser").await;
    let obtain = |hero: &'static str| {
        b.post(format!("{url}/campaigns/{id}/heroes/obtain"))
            .form(&[("hero", hero), ("platoon", "fin-1"), ("element", "")])
            .send()
    };
    let res = obtain("simo-hayha").await.expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = obtain("vasily-margelov").await.expect("posts");
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
        .post(format!("{url}/campaigns/{id}/heroes/simo-hayha/fate"))
        .form(&[("event", "hit"), ("battle", "")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_heros_fate_is_recorded_for_an_archived_battle_as_for_any_other() {
    let c = WonsTable::long(11).await;
    let (status, body) = c
        .obtain(&c.umpire, "aarne-juutilainen", json!({"platoon": "fin-1"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // Battle 1, fin-1 defending, is archived once ten newer ones are decided.
    assert_eq!(c.play_long(0..56).await, 14);
    let campaign = uuid::Uuid::parse_str(&c.id).expect("campaign id");
    let archived: Vec<i32> =
        sqlx::query_scalar("select number from game_archive where campaign_id = $1 order by 1")
            .bind(campaign)
            .fetch_all(&c.app.db)
            .await
            .expect("the archive");
    assert_eq!(archived, [1, 2, 3, 4]);
    // The umpire's page asks for the battle by number, up to the newest, archived or not.
    let page = c.page(&c.umpire, "heroes").await;
    assert!(
        page.contains(r#"name="battle" type="number" inputmode="numeric" min="1" max="14""#),
        "{page}"
    );
    let (status, roll) = c
        .fate(
            "aarne-juutilainen",
            "capture-attempts",
            json!({"battle": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{roll}");
    // A battle fin-1 did not fight in is refused as before, archived or not.
    let (status, body) = c
        .fate(
            "aarne-juutilainen",
            "capture-attempts",
            json!({"battle": 99}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_battle");
    // The battle went back to the archive after the command, unchanged.
    let (kept, in_state): (i64, i64) = sqlx::query_as(
        "select (select count(*) from game_archive where campaign_id = $1), \
                (select count(*) from game_states, json_array_elements(state->'battles') b \
                  where campaign_id = $1 and (b->>'id')::int = 1)",
    )
    .bind(campaign)
    .fetch_one(&c.app.db)
    .await
    .expect("the archive and the state");
    assert_eq!((kept, in_state), (4, 0));
}

#[tokio::test]
async fn a_stored_hero_code_that_names_nothing_is_an_error_naming_the_hero_never_a_default() {
    let app = TestApp::spawn().await;
    for (sql, column) in [
        (
            "alter table heroes drop constraint heroes_side_check",
            "side",
        ),
        (
            "alter table heroes drop constraint heroes_grade_check",
            "grade",
        ),
    ] {
        sqlx::query(sql).execute(&app.db).await.expect(sql);
        sqlx::query(&format!(
            "update heroes set {column} = 'neutral' where id = 'simo-hayha'"
        ))
        .execute(&app.db)
        .await
        .expect("stores a bad code");
        let read = motti::games::wons::heroes::db::hero(&app.db, "simo-hayha").await;
        let error = read.expect_err("a code naming nothing is not read as a default");
        let said = error.to_string();
        assert!(
            said.contains("hero simo-hayha") && said.contains(column) && said.contains("'neutral'"),
            "{said}"
        );
        sqlx::query("update heroes set side = 'finnish', grade = 'ranker' where id = 'simo-hayha'")
            .execute(&app.db)
            .await
            .expect("puts it back");
    }
    let read = motti::games::wons::heroes::db::hero(&app.db, "simo-hayha").await;
    assert!(read.expect("reads").is_some());
}
