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
pub(super) async fn summa() -> WonsTable {
    war(&["Summa"]).await.remove(0)
}

/// Summa with twenty test rankers on the roster (for tests that wait on random dice) and
/// battle 1 open between sov-1 and fin-1.
pub(super) async fn summa_in_battle_with_test_rankers() -> WonsTable {
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
