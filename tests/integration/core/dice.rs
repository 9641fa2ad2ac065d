//! The dice through the real server: rolls, procedures, redaction, rotation, export and verify.

use crate::common::{Sides, error_code};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

type Table = Sides;

pub(super) async fn table() -> Table {
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

    the_soviets_see_their_own_roll_only(&t, &soviet_roll).await;

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
    after_the_finish_everyone_sees_everything(
        &t,
        &finn_browser,
        secret_purpose,
        umpire_purpose,
        &umpire_roll,
    )
    .await;
}

/// The Soviets see their own side roll but not the umpire's.
async fn the_soviets_see_their_own_roll_only(t: &Sides, soviet_roll: &Value) {
    let (_, soviet_list) = t
        .app
        .get(
            &format!("/api/v1/campaigns/{}/rolls", t.id),
            Some(&t.soviet),
        )
        .await;
    assert_eq!(soviet_list[0]["draws"], soviet_roll["draws"]);
    assert!(soviet_list[1]["draws"].is_null());
}

/// After the campaign finishes, everything is visible to everyone, seed included.
async fn after_the_finish_everyone_sees_everything(
    t: &Sides,
    finn_browser: &Client,
    secret_purpose: &str,
    umpire_purpose: &str,
    umpire_roll: &Value,
) {
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
