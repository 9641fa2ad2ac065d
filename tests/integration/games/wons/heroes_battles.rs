//! WoNS heroes in battle through the real server: wounds and death, which heroes each side sees,
//! capture and escape, and fates recorded for archived battles.

use super::client::WonsTable;
use super::heroes::{summa, summa_in_battle_with_test_rankers};
use crate::common::error_code;
use reqwest::StatusCode;
use serde_json::{Value, json};

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
