//! The stored game state on a real database: it does not grow with Hours or battles, it is
//! compressed where PostgreSQL can, a kept state stands for it only at its revision, and a
//! command answers with the view its caller reads next.

use super::statements::play;
use crate::common::statements::counted;
use crate::games::wons::client::WonsTable;
use reqwest::StatusCode;
use serde_json::json;

/// The stored state's size in bytes apart from its features (entrenchments and the like),
/// and its features: how many there are, and how many distinct kinds, steps and owners.
async fn state_size(c: &WonsTable) -> (i32, i64, i64) {
    sqlx::query_as(
        "select octet_length((state::jsonb - 'features')::text), \
                (select count(*) from json_each(state->'features')), \
                (select count(distinct (f->>'kind', f->>'step', f->>'owner')) \
                   from json_each(state->'features') as e(id, f)) \
         from game_states where campaign_id = $1",
    )
    .bind(uuid::Uuid::parse_str(&c.id).expect("campaign id"))
    .fetch_one(&c.app.db)
    .await
    .expect("the state's size")
}

/// Plays `hours` Hours in which each platoon digs in, rests or defends in turn, as its legal
/// actions allow; answers how many orders were to dig in.
async fn dig_and_rest(c: &WonsTable, hours: usize) -> usize {
    let mut dug = 0;
    for hour in 0..hours {
        for token in [&c.soviet, &c.finn] {
            let view = c.view(token).await;
            for p in view["platoons"].as_array().expect("platoons") {
                let legal = |a: &str| {
                    p["legal_actions"]
                        .as_array()
                        .is_some_and(|l| l.iter().any(|x| x == a))
                };
                let wanted = if hour % 2 == 0 {
                    ["consolidate_defenses", "rest"]
                } else {
                    ["rest", "consolidate_defenses"]
                };
                let action = wanted.into_iter().find(|a| legal(a)).unwrap_or("defend");
                dug += usize::from(action == "consolidate_defenses");
                let platoon = p["id"].as_str().expect("id");
                let (status, body) = c.order(token, platoon, json!({"action": action})).await;
                assert!(status.is_success(), "{platoon} {action}: {body}");
            }
            let (status, body) = c.ready(token).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    dug
}

#[tokio::test]
async fn the_stored_state_does_not_grow_with_hours_played_without_battles() {
    let c = WonsTable::new().await;
    dig_and_rest(&c, 4).await;
    let (early, _, _) = state_size(&c).await;
    dig_and_rest(&c, 12).await;
    let (middle, _, _) = state_size(&c).await;
    let dug = dig_and_rest(&c, 12).await;
    let (later, features, distinct) = state_size(&c).await;
    println!(
        "state apart from features: {early} bytes after 4 Hours, {middle} after 16, {later} after 28 ({dug} orders to dig in among the last 12 Hours; {features} features)"
    );
    assert!(dug >= 12, "the Hours exercise digging in: {dug} orders");
    // Digging in again where a side has works already adds to their count: one feature per
    // kind, step and owner, however many orders built it. A side digging in at a step where it
    // has none yet adds one, which the rules must remember.
    assert_eq!(
        features, distinct,
        "like works are kept as separate entries: {features} features for {distinct} kinds, steps and owners"
    );
    // Apart from that, what changes Hour to Hour is numbers (the clock, fatigue), not entries: a
    // dozen more Hours may change a few digits, not add a record per Hour.
    assert!(
        (later - middle).abs() <= 64,
        "the state grew from {middle} to {later} bytes over 12 Hours without a battle"
    );
}

/// The stored state does not grow with the battles fought: a settled battle leaves it for the
/// archive once ten newer ones are decided, and each side still reads every battle.
#[tokio::test]
async fn the_stored_state_does_not_grow_with_battles_fought() {
    let c = WonsTable::long(11).await;
    let first = c.play_long(0..48).await;
    let (early, _, _) = state_size(&c).await;
    let then = c.play_long(48..72).await;
    let (middle, _, _) = state_size(&c).await;
    let last = c.play_long(72..96).await;
    let (later, _, _) = state_size(&c).await;
    let fought = first + then + last;
    let campaign = uuid::Uuid::parse_str(&c.id).expect("campaign id");
    let (archived, battle_bytes): (i64, Option<f64>) = sqlx::query_as(
        "select count(*), avg(octet_length(record::text))::float8 from game_archive \
         where campaign_id = $1",
    )
    .bind(campaign)
    .fetch_one(&c.app.db)
    .await
    .expect("the archive");
    let battle_bytes = battle_bytes.unwrap_or_default();
    println!(
        "state apart from features: {early} bytes after {first} battles, {middle} after \
         {}, {later} after {fought}; {archived} battles archived of {battle_bytes:.0} bytes each",
        first + then
    );
    assert_eq!(then, 6, "a battle every four Hours");
    assert_eq!(last, 6, "a battle every four Hours");
    // The ten newest decided battles stay, and nothing else is left to settle.
    assert_eq!(archived, i64::try_from(fought - 10).expect("a count"));
    assert!(
        f64::from((later - middle).abs()) < battle_bytes,
        "the state grew from {middle} to {later} bytes over {last} battles of {battle_bytes:.0} \
         bytes each"
    );
    // Each side still reads every battle once, newest first.
    for token in [&c.soviet, &c.finn] {
        let mut seen = Vec::new();
        let mut tail = "battles?limit=7".to_owned();
        loop {
            let page = c.read(token, &tail).await;
            let battles = page["battles"].as_array().expect("battles");
            seen.extend(battles.iter().map(|b| b["id"].as_u64().expect("id")));
            if page["more"] != true {
                break;
            }
            tail = format!("battles?limit=7&before={}", seen.last().expect("a battle"));
        }
        let total = u64::try_from(fought).expect("a count");
        assert_eq!(seen, (1..=total).rev().collect::<Vec<_>>());
    }
}

/// The state document, rewritten by every command, is compressed with lz4 wherever the
/// PostgreSQL serving the tests has it (it costs far less CPU than pglz), and a command's
/// save writes it so.
#[tokio::test]
async fn a_games_state_is_stored_with_lz4_where_postgresql_has_it() {
    let c = WonsTable::contact().await;
    play(&c, 1, 0).await;
    let db = &c.app.db;
    let mut tx = db.begin().await.expect("begins");
    let has_lz4 = sqlx::raw_sql("create temporary table lz4_probe (t text compression lz4)")
        .execute(&mut *tx)
        .await
        .is_ok();
    tx.rollback().await.expect("rolls back");
    let (column, stored): (String, Option<String>) = sqlx::query_as(
        "select (select attcompression::text from pg_attribute \
                 where attrelid = 'game_states'::regclass and attname = 'state'), \
                pg_column_compression(state) \
         from game_states where campaign_id = $1::uuid",
    )
    .bind(&c.id)
    .fetch_one(db)
    .await
    .expect("reads the column");
    if has_lz4 {
        assert_eq!(column, "l");
        assert_eq!(stored.as_deref(), Some("lz4"));
    } else {
        assert_eq!(column, "", "no lz4: the default compression");
    }
}

/// A process keeps the state its command wrote under the stored revision, and the database
/// sends the document only when the stored revision differs. Whatever else writes the state
/// (another process, an operator's SQL) gives it a new revision, which the next view and the
/// next command read: neither may act on the kept state once it is not the stored one.
#[tokio::test]
async fn a_kept_state_stands_for_the_stored_one_only_at_its_revision() {
    let c = WonsTable::contact().await;
    play(&c, 1, 0).await;
    let id = uuid::Uuid::parse_str(&c.id).expect("campaign id");
    let db = &c.app.db;
    let stored = async || -> i64 {
        sqlx::query_scalar("select revision from game_states where campaign_id = $1")
            .bind(id)
            .fetch_one(db)
            .await
            .expect("reads the revision")
    };
    // The command that resolved the Hour kept what it wrote, under the stored revision, and
    // the database does not send that revision's document again.
    let revision = stored().await;
    let kept = &c.app.caches().states;
    assert_eq!(kept.revision(id), Some(revision));
    let read = motti::db::game::stored(db, id, Some(revision))
        .await
        .expect("reads")
        .expect("the game has started");
    assert_eq!((read.revision, read.text), (revision, None));

    // An operator renames a Soviet platoon in the database, and moves the campaign's version
    // so that no kept view answers for it.
    let view = c.view(&c.soviet).await;
    let platoon = view["platoons"][0]["id"]
        .as_str()
        .expect("a Soviet platoon")
        .to_owned();
    let text: String =
        sqlx::query_scalar("select state::text from game_states where campaign_id = $1")
            .bind(id)
            .fetch_one(db)
            .await
            .expect("reads the state");
    let old: motti::games::wons::rules::state::WonsState =
        serde_json::from_str(&text).expect("a WoNS state");
    sqlx::query(
        "update game_states set state = jsonb_set(state::jsonb, array['platoons', $2, 'name'], \
           '\"Renamed by the umpire\"')::json where campaign_id = $1",
    )
    .bind(id)
    .bind(&platoon)
    .execute(db)
    .await
    .expect("renames the platoon");
    sqlx::query("update campaigns set version = version + 1 where id = $1")
        .bind(id)
        .execute(db)
        .await
        .expect("moves the version");
    let renamed = stored().await;
    assert!(
        renamed > revision,
        "any write gives the state a new revision"
    );
    let name = |view: &serde_json::Value| {
        view["platoons"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["id"] == platoon.as_str()))
            .map(|p| p["name"].clone())
    };
    assert_eq!(
        name(&c.view(&c.soviet).await),
        Some(json!("Renamed by the umpire")),
        "the view reads the new revision"
    );
    // This process keeps the old state again, as it would had no view read the new one: the
    // command must still load the new revision.
    kept.forget_all();
    kept.keep(id, revision, std::sync::Arc::new(old));
    let (status, body) = c
        .order(&c.soviet, &platoon, json!({"action": "defend"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        name(&body),
        Some(json!("Renamed by the umpire")),
        "the command loaded the new revision: {body}"
    );
    assert!(stored().await > renamed);
    assert_eq!(
        kept.revision(id),
        Some(stored().await),
        "and keeps what it wrote"
    );
}

/// A command answers with its caller's view and keeps it as the view of the version it
/// committed: the caller's next look is answered from it without reading the state, and says
/// the same. Checked for a command that rolls no dice (an order) and for one that resolves an
/// Hour with rolls, whose versions move in a statement of their own.
#[tokio::test]
async fn a_commands_answer_is_the_view_its_caller_reads_next() {
    let c = WonsTable::contact().await;
    let api = c.app.api();
    let view_url = format!("{}/api/v1/campaigns/{}/wons/view", c.app.url, c.id);
    let look = async |token: &str| {
        let (status, body, statements) = counted(api.get(&view_url).bearer_auth(token)).await;
        assert!(status.is_success(), "{status} {body}");
        let read_state = statements.iter().any(|s| s.contains("game_states"));
        (
            serde_json::from_str::<serde_json::Value>(&body).expect("a JSON view"),
            read_state,
        )
    };
    let rolls = async || -> i64 {
        sqlx::query_scalar("select count(*) from rolls where campaign_id = $1::uuid")
            .bind(&c.id)
            .fetch_one(&c.app.db)
            .await
            .expect("counts rolls")
    };

    let view = c.view(&c.soviet).await;
    let platoon = view["platoons"][0]["id"].as_str().expect("a platoon");
    let before = rolls().await;
    let (status, answer) = c
        .order(&c.soviet, platoon, json!({"action": "defend"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(rolls().await, before, "an order rolls no dice");
    assert_eq!(look(&c.soviet).await, (answer, false));
    let (_, built) = look(&c.finn).await;
    assert!(
        built,
        "the Finnish view of that version was not kept: it is built"
    );

    // The Soviet vanguard attacks the Finns at C, and the Soviet player rolls the force's
    // starting Force Morale.
    c.open_battle_at_c().await;
    let before = rolls().await;
    let (status, answer) = c.post(&c.soviet, "battles/1/force-morale", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(rolls().await > before, "Force Morale was rolled");
    assert_eq!(look(&c.soviet).await, (answer, false));
    let (status, answer) = c.post(&c.finn, "battles/1/force-morale", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(look(&c.finn).await, (answer, false));
}
