//! The SQL statements a request runs do not grow with the campaign's history: a roll, each
//! side's view as JSON and as a page, the umpire's page, a step of the replay, the event log and
//! the dice list run as many statements after many Hours, battles and rolls as early in the
//! campaign.

use crate::common::statements::counted;
use crate::games::wons::client::WonsTable;
use reqwest::StatusCode;
use serde_json::json;

/// Each request of the list with the statements it ran.
async fn measure(c: &WonsTable) -> Vec<(&'static str, Vec<String>)> {
    let api = c.app.api();
    let at = |tail: &str| format!("{}{tail}", c.app.url);
    let id = &c.id;
    // A roll before the one counted: the dice tray keeps the caller's access a few seconds.
    let (status, body) = c
        .app
        .post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&c.soviet),
            json!({"dice": "1d6", "purpose": "before the count"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let requests = [
        (
            "roll",
            api.post(at(&format!("/api/v1/campaigns/{id}/rolls")))
                .bearer_auth(&c.soviet)
                .json(&json!({"dice": "2d6", "purpose": "counted"})),
        ),
        (
            "soviet view",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/view")))
                .bearer_auth(&c.soviet),
        ),
        (
            "finnish view",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/view")))
                .bearer_auth(&c.finn),
        ),
        (
            "soviet page",
            api.get(at(&format!("/campaigns/{id}/wons")))
                .bearer_auth(&c.soviet),
        ),
        (
            "umpire page",
            api.get(at(&format!("/campaigns/{id}/wons")))
                .bearer_auth(&c.umpire),
        ),
        (
            "replay page",
            api.get(at(&format!("/campaigns/{id}/replay?step=1")))
                .bearer_auth(&c.finn),
        ),
        (
            "events",
            api.get(at(&format!("/api/v1/campaigns/{id}/wons/events?limit=20")))
                .bearer_auth(&c.finn),
        ),
        (
            "dice tray",
            api.get(at(&format!("/campaigns/{id}/dice")))
                .bearer_auth(&c.finn),
        ),
        (
            "rolls",
            api.get(at(&format!("/api/v1/campaigns/{id}/rolls?limit=20")))
                .bearer_auth(&c.finn),
        ),
    ];
    let mut counts = Vec::new();
    for (name, request) in requests {
        let (status, body, statements) = counted(request).await;
        assert!(status.is_success(), "{name}: {status} {body}");
        assert!(
            !statements.is_empty(),
            "{name}: the counter hears the server's statements"
        );
        counts.push((name, statements));
    }
    counts
}

/// Plays `hours` Hours in which both sides Defend, and `rolls` dice-tray rolls.
pub(super) async fn play(c: &WonsTable, hours: usize, rolls: usize) {
    for _ in 0..hours {
        for token in [&c.soviet, &c.finn] {
            let view = c.view(token).await;
            let (status, body) = c.defend_and_ready(token, &view).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    for i in 0..rolls {
        let (status, body) = c
            .app
            .post(
                &format!("/api/v1/campaigns/{}/rolls", c.id),
                Some(&c.finn),
                json!({"dice": "1d6", "purpose": format!("roll {i}")}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
}

#[tokio::test]
async fn a_request_runs_as_many_statements_after_a_long_history_as_early_on() {
    let c = WonsTable::contact().await;
    // A battle fought and decided, then a few Hours: the early campaign.
    c.open_battle_at_c().await;
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 5})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    play(&c, 2, 5).await;
    let early = measure(&c).await;
    // Many more Hours and rolls.
    play(&c, 24, 150).await;
    let later = measure(&c).await;
    for ((name, before), (_, after)) in early.iter().zip(&later) {
        println!(
            "{name}: {} statements early, {} later",
            before.len(),
            after.len()
        );
        if std::env::var("SHOW_SQL").is_ok() {
            println!("{after:#?}");
        }
        assert_eq!(
            before.len(),
            after.len(),
            "{name} does no more work as the history grows: {before:#?} {after:#?}"
        );
        let bound = match *name {
            // The write alone: the caller's access and the campaign's dice material are kept,
            // and the write checks the access again.
            "roll" => 1,
            // A page's title carries the count of the reader's campaigns waiting for them: an
            // indexed count over the reader's own participations, read in the statement that
            // reads the reader's access, so a page costs what its JSON costs.
            // The tray: the caller's access, the page of rolls, the epochs with their seeds
            // and counts in one statement, the face counts and the caller's client seed.
            "dice tray" => 5,
            // The step with its count, neighbouring battles and list of battles in one
            // statement, and the reader's log up to it.
            "replay page" => 3,
            _ => 3,
        };
        assert!(after.len() <= bound, "{name}: {after:#?}");
    }
}

/// What `EXPLAIN` may be given for a parameter of `ty` (a PostgreSQL type name): the generic
/// plan does not depend on the value.
fn sample(ty: &str) -> &'static str {
    match ty {
        "uuid" => "gen_random_uuid()",
        "text" | "character varying" => "'x'",
        "integer" | "bigint" | "smallint" => "1",
        "bytea" => "'\\x00'::bytea",
        "jsonb" | "json" => "'{}'",
        "boolean" => "true",
        t if t.starts_with("timestamp") => "now()",
        t if t.ends_with("[]") => "'{}'",
        _ => "null",
    }
}

/// The tables the plan scans whole, among those holding more than `rows` rows.
async fn full_scans(conn: &mut sqlx::PgConnection, statement: &str, rows: f32) -> Vec<String> {
    sqlx::raw_sql("set plan_cache_mode = force_generic_plan")
        .execute(&mut *conn)
        .await
        .expect("generic plans");
    sqlx::raw_sql(&format!("prepare hot as {statement}"))
        .execute(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("prepares {statement}: {e}"));
    let (types,): (Vec<String>,) = sqlx::query_as(
        "select array(select format_type(t, null) from unnest(parameter_types) t) \
         from pg_prepared_statements where name = 'hot'",
    )
    .fetch_one(&mut *conn)
    .await
    .expect("parameter types");
    let args: Vec<&str> = types.iter().map(|t| sample(t)).collect();
    let (plan,): (serde_json::Value,) = sqlx::query_as(&format!(
        "explain (format json) execute hot({})",
        args.join(", ")
    ))
    .fetch_one(&mut *conn)
    .await
    .unwrap_or_else(|e| panic!("explains {statement}: {e}"));
    sqlx::raw_sql("deallocate hot")
        .execute(&mut *conn)
        .await
        .expect("clean");
    let mut scanned = Vec::new();
    let mut nodes = vec![plan];
    while let Some(node) = nodes.pop() {
        match node {
            serde_json::Value::Array(items) => nodes.extend(items),
            serde_json::Value::Object(map) => {
                if map.get("Node Type").and_then(|t| t.as_str()) == Some("Seq Scan")
                    && let Some(table) = map.get("Relation Name").and_then(|t| t.as_str())
                {
                    scanned.push(table.to_owned());
                }
                nodes.extend(map.into_iter().map(|(_, v)| v));
            }
            _ => {}
        }
    }
    let mut big = Vec::new();
    for table in scanned {
        let (tuples,): (f32,) = sqlx::query_as("select reltuples from pg_class where relname = $1")
            .bind(&table)
            .fetch_one(&mut *conn)
            .await
            .expect("table size");
        if tuples > rows {
            big.push(format!("{table} ({tuples} rows)"));
        }
    }
    sqlx::raw_sql("reset plan_cache_mode")
        .execute(&mut *conn)
        .await
        .expect("reset");
    big
}

#[tokio::test]
async fn every_statement_of_a_hot_request_uses_an_index_on_a_populated_database() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 5})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    play(&c, 2, 3).await;
    // A populated database: 30,000 more rolls and about 100 times the events, in this campaign
    // and in 200 copies of it.
    let db = &c.app.db;
    let script = format!(
        "insert into campaigns select (jsonb_populate_record(null::campaigns, to_jsonb(c) \
           || jsonb_build_object('id', gen_random_uuid(), 'name', c.name || ' ' || g))).* \
           from campaigns c, generate_series(1, 200) g where c.id = '{id}';
         insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, \
           visibility, roller_role, result, total, audience, digest) \
           select c.id, c.next_roll + g, c.dice_epoch, z, '[[6, 3]]', z, '1d6', 'populated', \
           'public', 'umpire', '{{}}', 3, 'public', z \
           from campaigns c, generate_series(0, 29999) g, decode(repeat('00', 32), 'hex') z \
           where c.id = '{id}';
         update campaigns set next_roll = next_roll + 30000 where id = '{id}';
         insert into game_events select (jsonb_populate_record(null::game_events, to_jsonb(e) \
           || jsonb_build_object('seq', e.seq + g * 100000, 'soviet_seq', e.soviet_seq + g * 100000, \
              'finnish_seq', e.finnish_seq + g * 100000))).* \
           from game_events e, generate_series(1, 100) g where e.campaign_id = '{id}';
         analyze;",
        id = c.id
    );
    sqlx::raw_sql(&script)
        .execute(db)
        .await
        .expect("populates the database");
    let url = sqlx::ConnectOptions::to_url_lossy(&*db.connect_options()).to_string();
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&url)
        .await
        .expect("a connection of its own");
    // The check itself sees a whole-table read where no index serves.
    let unindexed = "select count(*) from game_events where sentence = $1";
    assert_eq!(
        full_scans(&mut conn, unindexed, 1000.0).await.len(),
        1,
        "the populated events table is read whole without an index"
    );
    let mut found = Vec::new();
    for (name, statements) in measure(&c).await {
        for statement in statements {
            let text = statement.trim().to_lowercase();
            let query = ["select", "insert", "update", "delete", "with"]
                .iter()
                .any(|k| text.starts_with(k));
            if !query {
                continue;
            }
            let scans = full_scans(&mut conn, statement.trim(), 1000.0).await;
            if !scans.is_empty() {
                found.push(format!("{name}: {scans:?} in {}", statement.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "statements that read a big table whole:\n{}",
        found.join("\n")
    );
}

/// An Hour's commands each run a bounded number of statements, however many events the Hour's
/// resolution logs (they are appended in one statement): a side's orders for all its platoons,
/// its ready mark, and the other side's ready mark, which resolves the Hour.
#[tokio::test]
async fn an_hours_commands_run_a_bounded_number_of_statements() {
    let c = WonsTable::contact().await;
    play(&c, 2, 0).await;
    let api = c.app.api();
    let at = |tail: &str| format!("{}/api/v1/campaigns/{}/wons/{tail}", c.app.url, c.id);
    for (side, token) in [("soviet", &c.soviet), ("finnish", &c.finn)] {
        let view = c.view(token).await;
        let orders: Vec<_> = view["platoons"]
            .as_array()
            .expect("platoons")
            .iter()
            .map(|p| json!({"platoon": p["id"], "order": {"action": "defend"}}))
            .collect();
        let requests = [
            ("orders", api.put(at("orders")).json(&json!(orders))),
            (
                "ready",
                api.post(at("ready"))
                    .json(&json!({"confirm_defaults": true})),
            ),
        ];
        for (name, request) in requests {
            let (status, body, statements) = counted(request.bearer_auth(token)).await;
            assert!(status.is_success(), "{side} {name}: {status} {body}");
            println!("{side} {name}: {} statements", statements.len());
            if std::env::var("SHOW_SQL").is_ok() {
                println!("{statements:#?}");
            }
            // The caller's lookup, the lock (with the dice material and the state, and the
            // check that the caller's credential and role still hold), the state, events,
            // versions and standing in one statement, COMMIT (BEGIN is sent apart, as the
            // connection is taken); the mark that resolves the Hour also queues the players'
            // notices and keeps the new Hour's state as a step of the story (for replay). The
            // ready mark follows the orders at once, with the access the orders kept: no lookup.
            let bound = match (side, name) {
                ("finnish", "ready") => 5,
                (_, "ready") => 3,
                _ => 4,
            };
            assert!(statements.len() <= bound, "{side} {name}: {statements:#?}");
        }
    }
}
