//! The dice through the real server: rolls, procedures, redaction, rotation, export and verify.

use crate::common::{Sides, error_code};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeSet;

type Table = Sides;

async fn table() -> Table {
    Sides::new("wons", None).await
}

#[tokio::test]
async fn a_roll_is_numbered_chained_and_shown_on_the_campaign() {
    let t = table().await;
    let (status, roll) = t
        .roll(
            &t.soviet,
            json!({"dice": "2d6+1", "purpose": "test", "visibility": "public"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{roll}");
    assert_eq!(roll["k"], 0);
    assert_eq!(roll["expression"], "2d6+1");
    assert_eq!(roll["roller_role"], "soviet");
    let draws = roll["draws"].as_array().expect("draws");
    assert_eq!(draws.len(), 2);
    let sum: i64 = draws.iter().map(|d| d[1].as_i64().expect("face")).sum();
    assert_eq!(roll["total"], sum + 1);
    let (_, campaign) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.finn))
        .await;
    assert_eq!(campaign["dice"]["chain_head"], roll["chain"]);
    assert_eq!(campaign["dice"]["rolls"], 1);
    // With no client seeds, E is SHA-256 of nothing.
    assert_eq!(
        roll["entropy"],
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
}

#[tokio::test]
async fn client_seeds_change_the_entropy_of_later_rolls() {
    let t = table().await;
    // A roll before any seed is set: the server keeps the campaign's dice material from here.
    let (_, first) = t.roll(&t.finn, json!({"dice": "1d6"})).await;
    assert_eq!(
        first["entropy"],
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    let (status, _) = t
        .app
        .put(
            &format!("/api/v1/campaigns/{}/client-seed", t.id),
            Some(&t.finn),
            json!({"seed": "sisu"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, roll) = t.roll(&t.finn, json!({"dice": "1d6"})).await;
    assert_ne!(
        roll["entropy"],
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    let export = t.export(&t.finn).await;
    let lines = &export["entropy_sets"][roll["entropy"].as_str().expect("hex")];
    assert_eq!(lines.as_array().expect("lines").len(), 1);
    assert!(
        lines[0].as_str().expect("line").starts_with("finnish:")
            && lines[0].as_str().expect("line").ends_with(":sisu")
    );
    // A line break would split the seed's line of the entropy set: refused, and nothing changes.
    let (status, body) = t
        .app
        .put(
            &format!("/api/v1/campaigns/{}/client-seed", t.id),
            Some(&t.finn),
            json!({"seed": "sisu\nsoviet:forged"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // Refused at the edge, where every free-text field is checked, naming the field.
    assert_eq!(error_code(&body), "invalid_field");
    assert!(body.to_string().contains("seed"), "{body}");
    let (_, again) = t.roll(&t.finn, json!({"dice": "1d6"})).await;
    assert_eq!(again["entropy"], roll["entropy"]);
    // Every roll, before and after the seed, chains and verifies.
    let (ok, out) = verify(&t.export(&t.umpire).await);
    assert!(ok, "{out}");
}

#[tokio::test]
async fn bad_rolls_are_refused_and_change_nothing() {
    let t = table().await;
    let (status, body) = t.roll(&t.soviet, json!({"dice": "2d6+2x4"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&body), "invalid_dice");
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("message")
            .contains("2x4"),
        "{body}"
    );
    let (status, body) = t.roll(&t.soviet, json!({"dice": "101d6"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = t.roll(&t.soviet, json!({"dice": "60d6+41d6"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = t.roll(&t.soviet, json!({"dice": "1d1001"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = t
        .roll(&t.soviet, json!({"dice": "1d6", "visibility": "umpire"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error_code(&body), "forbidden");
    let (status, body) = t
        .roll(&t.soviet, json!({"dice": "1d6", "visibility": "everyone"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/procedures/no-such-table", t.id),
            Some(&t.soviet),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error_code(&body), "unknown_procedure");
    let (status, body) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/procedures/count-successes", t.id),
            Some(&t.soviet),
            json!({"count": 0, "target": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&body), "invalid_params");
    // Nothing was rolled.
    let (_, campaign) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.umpire))
        .await;
    assert_eq!(campaign["dice"]["rolls"], 0);
    // A finished campaign takes no rolls.
    t.finish().await;
    let (status, body) = t.roll(&t.soviet, json!({"dice": "1d6"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error_code(&body), "finished");
}

#[tokio::test]
async fn procedures_are_listed_and_run() {
    let t = table().await;
    let (status, list) = t
        .app
        .get(
            &format!("/api/v1/campaigns/{}/procedures", t.id),
            Some(&t.finn),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = list
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(
        names.contains(&"expression") && names.contains(&"count-successes"),
        "{names:?}"
    );
    let (status, roll) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/procedures/count-successes", t.id),
            Some(&t.finn),
            json!({"count": 8, "sides": 6, "target": 5, "purpose": "MG fire", "visibility": "side"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{roll}");
    let successes = roll["draws"]
        .as_array()
        .expect("draws")
        .iter()
        .filter(|d| d[1].as_i64() >= Some(5))
        .count();
    assert_eq!(roll["result"]["successes"], successes);
    assert_eq!(roll["procedure"], "count-successes");
    assert_eq!(roll["visibility"], "side");
}

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
async fn hidden_rolls_stay_hidden_until_the_campaign_finishes() {
    let t = table().await;
    let secret_purpose = "flank march through Kollaa forest";
    let (_, soviet_roll) = t
        .roll(
            &t.soviet,
            json!({"dice": "3d6", "purpose": secret_purpose, "visibility": "side"}),
        )
        .await;
    let umpire_purpose = "hidden minefield at Summa";
    let (_, umpire_roll) = t
        .roll(
            &t.umpire,
            json!({"dice": "2d6", "purpose": umpire_purpose, "visibility": "umpire"}),
        )
        .await;
    let (_, umpire_side) = t
        .roll(
            &t.umpire,
            json!({"dice": "1d6", "purpose": "umpire side", "visibility": "side"}),
        )
        .await;
    assert_eq!(
        umpire_side["visibility"], "umpire",
        "an umpire's side roll is an umpire roll"
    );

    let finn_sees = |body: &str| body.contains(secret_purpose) || body.contains(umpire_purpose);
    let list = t
        .app
        .api()
        .get(format!("{}/api/v1/campaigns/{}/rolls", t.app.url, t.id))
        .bearer_auth(&t.finn)
        .send()
        .await
        .expect("list")
        .text()
        .await
        .expect("text");
    assert!(!finn_sees(&list), "{list}");
    let rolls: Value = serde_json::from_str(&list).expect("json");
    for hidden in rolls.as_array().expect("rolls") {
        assert!(
            hidden["draws"].is_null() && hidden["result"].is_null() && hidden["purpose"].is_null(),
            "{hidden}"
        );
        assert!(hidden["chain"].as_str().is_some() && hidden["entropy"].as_str().is_some());
    }
    let export = t
        .app
        .api()
        .get(format!(
            "{}/api/v1/campaigns/{}/dice/export",
            t.app.url, t.id
        ))
        .bearer_auth(&t.finn)
        .send()
        .await
        .expect("export")
        .text()
        .await
        .expect("text");
    assert!(!finn_sees(&export));
    let export: Value = serde_json::from_str(&export).expect("json");
    for audience in ["public", "soviet", "finnish", "umpire"] {
        assert!(
            export["epochs"][0]["seeds"][audience]["seed"].is_null(),
            "the open seeds are never sent"
        );
    }
    assert_eq!(export["rolls"][0]["draws"], Value::Null);

    // The Soviets see their own side roll but not the umpire's.
    let (_, soviet_list) = t
        .app
        .get(
            &format!("/api/v1/campaigns/{}/rolls", t.id),
            Some(&t.soviet),
        )
        .await;
    assert_eq!(soviet_list[0]["draws"], soviet_roll["draws"]);
    assert!(soviet_list[1]["draws"].is_null());

    // The page, in a signed-in browser of the Finnish player.
    let finn_browser = t.app.browser();
    finn_browser
        .post(format!("{}/signin", t.app.url))
        .form(&[("username", "finn"), ("password", "correct horse battery")])
        .send()
        .await
        .expect("signs in");
    let page = finn_browser
        .get(format!("{}/campaigns/{}/dice", t.app.url, t.id))
        .send()
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    assert!(html.contains("<svg") && html.contains("hidden from you"));
    assert!(!finn_sees(&html));

    // After the campaign finishes, everything is visible to everyone, seed included.
    t.finish().await;
    let (_, rolls) = t
        .app
        .get(&format!("/api/v1/campaigns/{}/rolls", t.id), Some(&t.finn))
        .await;
    assert_eq!(rolls[0]["purpose"], secret_purpose);
    assert_eq!(rolls[1]["draws"], umpire_roll["draws"]);
    let export = t.export(&t.finn).await;
    for audience in ["public", "soviet", "finnish", "umpire"] {
        assert!(
            export["epochs"][0]["seeds"][audience]["seed"]
                .as_str()
                .is_some()
        );
    }
    let html = finn_browser
        .get(format!("{}/campaigns/{}/dice", t.app.url, t.id))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    assert!(html.contains(secret_purpose) && html.contains(umpire_purpose));
}

#[tokio::test]
async fn rotation_reveals_the_seed_behind_the_commitment() {
    let t = table().await;
    let (_, before) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.soviet))
        .await;
    t.roll(&t.soviet, json!({"dice": "1d6"})).await;
    let (status, body) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/dice/rotate", t.id),
            Some(&t.soviet),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, rotated) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/dice/rotate", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{rotated}");
    assert_eq!(rotated["revealed"]["epoch"], 0);
    assert_eq!(rotated["revealed"]["audience"], "public");
    assert_eq!(rotated["epoch"], 1);
    use sha2::Digest;
    let seed = hex::decode(rotated["revealed"]["seed"].as_str().expect("seed")).expect("hex");
    assert_eq!(
        hex::encode(sha2::Sha256::digest(&seed)),
        before["dice"]["commitments"]["public"]
            .as_str()
            .expect("commitment")
    );
    assert_ne!(rotated["commitments"], before["dice"]["commitments"]);
    let (_, after) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.soviet))
        .await;
    assert_eq!(after["dice"]["commitments"], rotated["commitments"]);
    // Only the public seed of the closed epoch is out.
    let export = t.export(&t.umpire).await;
    let closed = &export["epochs"][0]["seeds"];
    assert_eq!(closed["public"]["seed"], rotated["revealed"]["seed"]);
    for audience in ["soviet", "finnish", "umpire"] {
        assert!(closed[audience]["seed"].is_null(), "{closed}");
    }
    let (_, roll) = t.roll(&t.soviet, json!({"dice": "1d6"})).await;
    assert_eq!(
        (roll["k"].as_i64(), roll["epoch"].as_i64()),
        (Some(1), Some(1))
    );
}

#[tokio::test]
async fn export_verifies_offline_and_tampering_is_caught() {
    let t = table().await;
    let (status, _) = t
        .app
        .put(
            &format!("/api/v1/campaigns/{}/client-seed", t.id),
            Some(&t.soviet),
            json!({"seed": "motti"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    for (token, dice, vis) in [
        (&t.soviet, "3d6", "side"),
        (&t.finn, "2d6+1", "public"),
        (&t.umpire, "1d20", "umpire"),
    ] {
        let (status, _) = t
            .roll(token, json!({"dice": dice, "visibility": vis}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    t.app
        .post(
            &format!("/api/v1/campaigns/{}/dice/rotate", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    t.app
        .post(
            &format!("/api/v1/campaigns/{}/procedures/count-successes", t.id),
            Some(&t.finn),
            json!({"count": 5, "target": 4}),
        )
        .await;
    t.finish().await;
    let export = t.export(&t.finn).await;

    let (ok, out) = verify(&export);
    assert!(ok, "a true export verifies: {out}");
    assert!(out.contains('4'), "it says what it checked: {out}");

    let tamper = |edit: &dyn Fn(&mut Value)| {
        let mut copy = export.clone();
        edit(&mut copy);
        verify(&copy)
    };
    let (ok, out) = tamper(&|x| {
        x["rolls"][0]["draws"][1][1] = json!(if x["rolls"][0]["draws"][1][1] == json!(1) {
            2
        } else {
            1
        })
    });
    assert!(!ok && out.contains("k=0"), "{out}");
    let (ok, out) = tamper(&|x| x["rolls"][2]["chain"] = json!("00".repeat(32)));
    assert!(!ok && out.contains("k=2"), "{out}");
    let (ok, out) = tamper(&|x| x["epochs"][0]["seeds"]["soviet"]["seed"] = json!("11".repeat(32)));
    assert!(!ok && out.contains("epoch 0"), "{out}");
    let (ok, out) = tamper(&|x| x["rolls"][3]["k"] = json!(7));
    assert!(!ok && out.contains('7'), "{out}");
}

/// Runs the real `motti verify` on an export; returns success and what it printed.
pub fn verify(export: &Value) -> (bool, String) {
    let path = std::env::temp_dir().join(format!(
        "motti-export-{}.json",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::write(&path, serde_json::to_vec(export).expect("json")).expect("writes");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_motti"))
        .arg("verify")
        .arg(&path)
        .output()
        .expect("runs motti verify");
    std::fs::remove_file(&path).ok();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
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

/// The dice tray keeps a caller's access for a few seconds so that a roll costs only its write;
/// the write checks the access again, so a revoked token or a removed player is refused at
/// once, and the refused roll is not written.
#[tokio::test]
async fn a_kept_access_ends_with_the_token_or_the_place_in_the_campaign() {
    let t = table().await;
    let roll = |token: String, purpose: &'static str| {
        let t = &t;
        async move {
            t.roll(&token, json!({"dice": "1d6", "purpose": purpose}))
                .await
        }
    };
    // Two rolls each: the second comes through the access kept from the first.
    for token in [&t.soviet, &t.finn] {
        for purpose in ["first", "kept"] {
            let (status, body) = roll(token.clone(), purpose).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
    }
    let written = t.rolls(&t.umpire).await.len();
    assert_eq!(written, 4);

    // The Soviet player's token is revoked: the next roll is refused as any unknown token is.
    crate::common::revoke_own_token(&t.app, &t.soviet).await;
    let (status, body) = roll(t.soviet.clone(), "after revoking").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(error_code(&body), "bad_token");

    // The Finnish player is removed from the campaign: to him it no longer exists.
    let finn = t.participant_id("finnish").await;
    let (status, body) = t
        .app
        .delete(
            &format!("/api/v1/campaigns/{}/participants/{finn}", t.id),
            Some(&t.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, body) = roll(t.finn.clone(), "after removal").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // Neither refused roll was written, and the umpire still rolls.
    assert_eq!(t.rolls(&t.umpire).await.len(), written);
    let (status, body) = roll(t.umpire.clone(), "umpire").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(t.rolls(&t.umpire).await.len(), written + 1);
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
