//! The dice through the real server under concurrency: parallel rolls, rolls written together
//! across campaigns, and a request that dies mid-roll.

use super::dice::table;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeSet;

#[tokio::test]
async fn parallel_rolls_get_every_number_once_and_the_export_streams_them_all_in_order() {
    const ROLLS: usize = 1_100;
    let t = table().await;
    let client = reqwest::Client::new();
    let mut seen = BTreeSet::new();
    for batch in 0..ROLLS / 100 {
        let mut tasks = Vec::new();
        for i in batch * 100..(batch + 1) * 100 {
            let url = format!("{}/api/v1/campaigns/{}/rolls", t.app.url, t.id);
            let token = [&t.umpire, &t.soviet, &t.finn][i % 3].clone();
            let client = client.clone();
            tasks.push(tokio::spawn(async move {
                let res = client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({"dice": "1d6", "purpose": format!("roll {i}")}))
                    .send()
                    .await
                    .expect("sends");
                assert_eq!(res.status(), StatusCode::CREATED);
                res.json::<Value>().await.expect("json")["k"]
                    .as_i64()
                    .expect("k")
            }));
        }
        for task in tasks {
            assert!(
                seen.insert(task.await.expect("joins")),
                "a roll number was given twice"
            );
        }
    }
    let all = 0..i64::try_from(ROLLS).expect("fits");
    assert_eq!(seen, all.clone().collect::<BTreeSet<i64>>());
    let stored: (i64, i64, i64) =
        sqlx::query_as("select count(*), min(k), max(k) from rolls where campaign_id = $1::uuid")
            .bind(&t.id)
            .fetch_one(&t.app.db)
            .await
            .expect("counts");
    assert_eq!(stored, (all.end, 0, all.end - 1));
    // The export is written a page of rolls at a time: read whole, it holds every roll once,
    // in order, and verifies.
    let export: motti::dice::export::Export = t
        .app
        .api()
        .get(format!(
            "{}/api/v1/campaigns/{}/dice/export",
            t.app.url, t.id
        ))
        .bearer_auth(&t.umpire)
        .send()
        .await
        .expect("export")
        .json()
        .await
        .expect("one whole JSON document");
    let ks: Vec<i64> = export.rolls.iter().map(|r| r.k as i64).collect();
    assert_eq!(ks, all.collect::<Vec<i64>>());
    let report = motti::dice::verify::verify(&export).expect("verifies");
    assert_eq!(report.rolls, ROLLS);
}

#[tokio::test]
async fn a_request_that_dies_mid_roll_loses_and_duplicates_nothing() {
    use sqlx::{ConnectOptions, Connection, Executor};
    let t = table().await;
    t.roll(&t.soviet, json!({"dice": "1d6"})).await;
    // A process that locked the campaign, wrote roll 1 and died before committing.
    let url = t.app.db.connect_options().to_url_lossy().to_string();
    let mut dying = sqlx::PgConnection::connect(&url).await.expect("connects");
    dying.execute("begin").await.expect("begins");
    sqlx::query("select next_roll from campaigns where id = $1::uuid for update")
        .bind(&t.id)
        .execute(&mut dying)
        .await
        .expect("locks");
    sqlx::query(
        "insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, visibility, roller_role, result, audience) \
         select id, next_roll, 0, '\\x00', '[[6, 6]]', '\\x00', '1d6', 'never committed', 'public', 'soviet', '{}', 'public' from campaigns where id = $1::uuid",
    )
    .bind(&t.id)
    .execute(&mut dying)
    .await
    .expect("writes the doomed roll");
    // Meanwhile a real roll waits on the lock...
    let url_roll = format!("{}/api/v1/campaigns/{}/rolls", t.app.url, t.id);
    let token = t.finn.clone();
    let waiting = tokio::spawn(async move {
        reqwest::Client::new()
            .post(url_roll)
            .bearer_auth(token)
            .json(&json!({"dice": "1d6"}))
            .send()
            .await
            .expect("sends")
            .json::<Value>()
            .await
            .expect("json")
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        !waiting.is_finished(),
        "the roll waits for the campaign lock"
    );
    // ...until the dying process's connection goes away without a commit.
    drop(dying);
    let roll = waiting.await.expect("joins");
    assert_eq!(
        roll["k"], 1,
        "the number the dead request held is given to the next roll"
    );
    let (_, rolls) = t
        .app
        .get(
            &format!("/api/v1/campaigns/{}/rolls", t.id),
            Some(&t.umpire),
        )
        .await;
    let ks: Vec<i64> = rolls
        .as_array()
        .expect("rolls")
        .iter()
        .map(|r| r["k"].as_i64().expect("k"))
        .collect();
    assert_eq!(ks, vec![0, 1]);
    assert!(!rolls.to_string().contains("never committed"));
}

/// One campaign's roll for `db::dice::append_unlocked`, by the umpire `user` with
/// `credential`, assuming the campaign's next roll is `next_roll` in dice epoch `epoch` and no
/// client seeds.
fn write_of<'a>(
    campaign: uuid::Uuid,
    roll: &'a motti::dice::live::RolledRoll,
    next_roll: i64,
    epoch: i32,
    credential: &'a motti::db::users::Credential,
    user: uuid::Uuid,
    lines: &'a [String],
) -> (
    motti::db::dice::CampaignRolls<'a>,
    motti::db::dice::Unchanged<'a>,
) {
    use motti::db::dice::{Caller, CampaignRolls, EntropyLines, Unchanged};
    (
        CampaignRolls {
            campaign,
            rolls: std::slice::from_ref(roll),
            roller_id: Some(user),
            procedure: None,
            entropy: EntropyLines {
                hash: &[3; 32],
                lines,
            },
            bumps: motti::db::campaigns::VersionBumps {
                umpire: 1,
                ..Default::default()
            },
        },
        Unchanged {
            next_roll,
            epoch,
            client_seeds: &[],
            caller: Caller {
                credential,
                user,
                role: motti::core::domain::Role::Umpire,
            },
        },
    )
}

/// Rolls made without their campaign's lock are written several campaigns at a time, in one
/// statement (`db::dice::append_unlocked`): each campaign's rolls land or not on what they
/// themselves assumed. Here the second campaign's rolls assumed a roll number that has moved,
/// and only they are left out.
#[tokio::test]
async fn rolls_written_together_land_campaign_by_campaign() {
    use motti::core::domain::Role;
    use motti::db::dice::append_unlocked;
    use motti::dice::audience::Audience;
    use motti::dice::live::RolledRoll;
    use motti::dice::source::Visibility;
    use sha2::Digest;

    let app = crate::common::TestApp::spawn().await;
    let (user, umpire) = app.user("umpire").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let id = app.campaign(&umpire, "wons").await;
        // A first roll through the API opens the campaign's dice epoch.
        let (status, body) = app
            .post(
                &format!("/api/v1/campaigns/{id}/rolls"),
                Some(&umpire),
                json!({"dice": "1d6", "purpose": "first"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        ids.push(uuid::Uuid::parse_str(&id).expect("uuid"));
    }
    let rows: Vec<(uuid::Uuid, i64, i32, i64)> = sqlx::query_as(
        "select id, next_roll, dice_epoch, version from campaigns where id = any($1) order by id",
    )
    .bind(&ids)
    .fetch_all(&app.db)
    .await
    .expect("campaigns");
    let rolls: Vec<RolledRoll> = rows
        .iter()
        .map(|&(_, next, epoch, _)| RolledRoll {
            k: next as u64,
            epoch: epoch as u32,
            audience: Audience::Umpire,
            entropy: [0; 32],
            draws: vec![(6, 4), (6, 6)],
            digest: [1; 32],
            chain: [2; 32],
            expression: "2d6".into(),
            purpose: "together".into(),
            visibility: Visibility::Umpire,
            roller: Role::Umpire,
            total: Some(10),
            result: json!({"total": 10}),
            summary: None,
        })
        .collect();
    let credential =
        motti::db::users::Credential::Token(sha2::Sha256::digest(umpire.as_bytes()).to_vec());
    let user = uuid::Uuid::parse_str(&user).expect("uuid");
    let lines = vec!["line".to_owned()];
    let writes: Vec<_> = rows
        .iter()
        .zip(&rolls)
        .enumerate()
        .map(|(i, (&(campaign, next, epoch, _), roll))| {
            // The second campaign's rolls assumed a number that has moved.
            let next = if i == 1 { next - 1 } else { next };
            write_of(campaign, roll, next, epoch, &credential, user, &lines)
        })
        .collect();
    // The rolls written (with this test's purpose), the sixes and rolls counted and this test's
    // entropy set, for a campaign; the first roll through the API may have shown a six.
    let counts = async |campaign: uuid::Uuid| -> (i64, i64, i64, i64) {
        sqlx::query_as(
            "select (select count(*) from rolls where campaign_id = $1 and purpose = 'together'), \
               (select coalesce(sum(count), 0)::bigint from dice_faces where campaign_id = $1 and face = 6), \
               (select coalesce(sum(count), 0)::bigint from roll_counts where campaign_id = $1), \
               (select count(*) from entropy_sets where campaign_id = $1 and entropy = $2)",
        )
        .bind(campaign)
        .bind(&[3u8; 32][..])
        .fetch_one(&app.db)
        .await
        .expect("counts")
    };
    let mut before = Vec::new();
    for &(campaign, ..) in &rows {
        before.push(counts(campaign).await);
    }
    let mut landed = append_unlocked(&app.db, &writes).await.expect("writes");
    landed.sort();
    assert_eq!(landed, vec![rows[0].0, rows[2].0]);

    for (i, &(campaign, next, _, version)) in rows.iter().enumerate() {
        let moved = i != 1;
        let (next_now, version_now, head): (i64, i64, Vec<u8>) =
            sqlx::query_as("select next_roll, version, chain_head from campaigns where id = $1")
                .bind(campaign)
                .fetch_one(&app.db)
                .await
                .expect("campaign");
        let (stored, sixes, tallied, sets) = counts(campaign).await;
        let (_, sixes_before, tallied_before, _) = before[i];
        let (sixes, tallied) = (sixes - sixes_before, tallied - tallied_before);
        if moved {
            assert_eq!((next_now, version_now), (next + 1, version + 1));
            assert_eq!(head, vec![2; 32]);
            assert_eq!((stored, sixes, tallied, sets), (1, 1, 1, 1));
        } else {
            assert_eq!((next_now, version_now), (next, version));
            assert_ne!(head, vec![2; 32]);
            assert_eq!((stored, sixes, tallied, sets), (0, 0, 0, 0));
        }
    }

    // A campaign whose row a command holds is passed over, not waited for: the others land.
    let rows: Vec<(uuid::Uuid, i64, i32, i64)> = sqlx::query_as(
        "select id, next_roll, dice_epoch, version from campaigns where id = any($1) order by id",
    )
    .bind(&ids)
    .fetch_all(&app.db)
    .await
    .expect("campaigns");
    let mut command = app.db.begin().await.expect("begin");
    sqlx::query("select from campaigns where id = $1 for update")
        .bind(rows[0].0)
        .execute(&mut *command)
        .await
        .expect("locks");
    let again: Vec<RolledRoll> = rows
        .iter()
        .zip(&rolls)
        .map(|(&(_, next, _, _), roll)| RolledRoll {
            k: next as u64,
            ..roll.clone()
        })
        .collect();
    let busy: Vec<_> = rows
        .iter()
        .zip(&again)
        .map(|(&(campaign, next, epoch, _), roll)| {
            write_of(campaign, roll, next, epoch, &credential, user, &lines)
        })
        .collect();
    let mut landed = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        append_unlocked(&app.db, &busy),
    )
    .await
    .expect("the held campaign is not waited for")
    .expect("writes");
    landed.sort();
    assert_eq!(landed, vec![rows[1].0, rows[2].0]);
    command.rollback().await.expect("rollback");

    // A credential that is not current lands nothing either.
    let stale = motti::db::users::Credential::Token(vec![0; 32]);
    let (campaign, next, epoch, _) = rows[1];
    let one = [write_of(
        campaign, &rolls[1], next, epoch, &stale, user, &lines,
    )];
    assert!(
        append_unlocked(&app.db, &one)
            .await
            .expect("writes")
            .is_empty()
    );
}

/// Many clients rolling at once in many campaigns: their rolls are written together, and every
/// campaign's chain is whole and verifies.
#[tokio::test]
async fn parallel_rolls_in_many_campaigns_keep_every_chain_whole() {
    const CAMPAIGNS: usize = 8;
    const ROLLS: usize = 25;
    let app = std::sync::Arc::new(crate::common::TestApp::spawn().await);
    let (_, umpire) = app.user("umpire").await;
    let mut ids = Vec::new();
    for _ in 0..CAMPAIGNS {
        ids.push(app.campaign(&umpire, "wons").await);
    }
    let mut tasks = Vec::new();
    for client in 0..CAMPAIGNS * 2 {
        let (app, umpire, ids) = (app.clone(), umpire.clone(), ids.clone());
        tasks.push(tokio::spawn(async move {
            for n in 0..ROLLS {
                let id = &ids[(client + n) % CAMPAIGNS];
                let (status, body) = app
                    .post(
                        &format!("/api/v1/campaigns/{id}/rolls"),
                        Some(&umpire),
                        json!({"dice": "1d6", "purpose": format!("client {client} roll {n}")}),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
            }
        }));
    }
    for task in tasks {
        task.await.expect("joins");
    }
    let mut total = 0;
    for id in &ids {
        let export: motti::dice::export::Export = app
            .api()
            .get(format!("{}/api/v1/campaigns/{id}/dice/export", app.url))
            .bearer_auth(&umpire)
            .send()
            .await
            .expect("export")
            .json()
            .await
            .expect("export JSON");
        let ks: Vec<u64> = export.rolls.iter().map(|r| r.k).collect();
        assert_eq!(ks, (0..ks.len() as u64).collect::<Vec<_>>());
        let report = motti::dice::verify::verify(&export).expect("verifies");
        total += report.rolls;
    }
    assert_eq!(total, CAMPAIGNS * 2 * ROLLS);
}
