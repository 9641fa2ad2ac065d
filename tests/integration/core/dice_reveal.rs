//! Revealing one audience's seed of a closed epoch, what every page shows afterwards, and the
//! enemy who tries every face combination against what they can read.

use super::dice::verify;
use crate::common::{Sides, error_code};
use motti::dice::audience::Audience;
use motti::dice::{chain as v1, v2};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

async fn roll(t: &Sides, token: &str, dice: &str, purpose: &str, visibility: &str) -> Value {
    let (status, body) = t
        .roll(
            token,
            json!({"dice": dice, "purpose": purpose, "visibility": visibility}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// The dice tray as `browser` sees it.
pub async fn tray(t: &Sides, browser: &Client) -> String {
    browser
        .get(format!("{}/campaigns/{}/dice", t.app.url, t.id))
        .send()
        .await
        .expect("tray")
        .text()
        .await
        .expect("html")
}

/// The d6 faces among the rolls a caller is shown, as the histogram must count them.
fn d6_faces_shown(rolls: &Value) -> usize {
    rolls
        .as_array()
        .expect("rolls")
        .iter()
        .filter_map(|r| r["draws"].as_array())
        .flatten()
        .filter(|d| d[0] == 6)
        .count()
}

async fn reveal(t: &Sides, token: &str, body: Value) -> (StatusCode, Value) {
    t.app
        .post(
            &format!("/api/v1/campaigns/{}/dice/reveal", t.id),
            Some(token),
            body,
        )
        .await
}

#[tokio::test]
async fn revealing_one_seed_shows_exactly_that_audiences_rolls() {
    let t = Sides::new("wons", None).await;
    roll_for_every_audience(&t).await;
    the_wrong_reveals_are_refused(&t).await;

    let finn = t.app.signed_in("finn", "reveal test").await;
    let umpire = t.app.signed_in("umpire", "reveal test").await;
    let list = |token: String| {
        let t = &t;
        async move {
            t.app
                .get(&format!("/api/v1/campaigns/{}/rolls", t.id), Some(&token))
                .await
                .1
        }
    };
    // Before: the Finns see their own and the public rolls, and count only those faces.
    let rolls = list(t.finn.clone()).await;
    let html = tray(&t, &finn).await;
    assert!(!html.contains("Soviet ski battalion") && !html.contains("umpire weather"));
    assert!(
        html.contains(&format!("{} in all", d6_faces_shown(&rolls))),
        "histogram"
    );

    let (status, rotated) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/dice/rotate", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{rotated}");
    // The umpire is told what each reveal would make visible before confirming.
    let html = tray(&t, &umpire).await;
    assert!(
        html.contains(
            "Revealing the Soviet seed of epoch 0 shows everyone the 2 Soviet rolls of that epoch"
        ),
        "{html}"
    );
    assert!(html.contains("Revealing the umpire seed of epoch 0 shows everyone the 1 umpire roll"));
    assert!(html.contains("reveals only its public seed"));
    // Rotation alone shows the Finns nothing new.
    assert_eq!(list(t.finn.clone()).await, rolls);

    let (status, revealed) = reveal(&t, &t.umpire, json!({"epoch": 0, "audience": "soviet"})).await;
    assert_eq!(status, StatusCode::OK, "{revealed}");
    assert_eq!(revealed["revealed"]["audience"], "soviet");
    let export = t.export(&t.finn).await;
    let seeds = &export["epochs"][0]["seeds"];
    assert_eq!(seeds["soviet"]["seed"], revealed["revealed"]["seed"]);
    assert!(seeds["finnish"]["seed"].is_null() && seeds["umpire"]["seed"].is_null());

    // After: every Soviet roll of epoch 0 is visible to the Finns, the umpire's still is not,
    // in the roll list, the export, the tray and its histogram alike.
    let rolls = list(t.finn.clone()).await;
    for r in rolls.as_array().expect("rolls") {
        let visible = !r["draws"].is_null();
        assert_eq!(visible, r["audience"] != "umpire", "{r}");
        assert_eq!(r["digest"].as_str().map(str::len), Some(64));
    }
    for r in export["rolls"].as_array().expect("rolls") {
        assert_eq!(!r["draws"].is_null(), r["audience"] != "umpire", "{r}");
    }
    let html = tray(&t, &finn).await;
    assert!(
        html.contains("Soviet ski battalion march") && html.contains("Soviet tank column fuel")
    );
    assert!(!html.contains("umpire weather"));
    assert!(
        html.contains(&format!("{} in all", d6_faces_shown(&rolls))),
        "histogram"
    );
    let (ok, out) = verify(&export);
    assert!(ok, "{out}");
    assert!(
        out.contains("rolls hidden from you (only their place in the chain checked): 1"),
        "{out}"
    );
    // The Soviet rolls are derived from the revealed seed; the Finnish one waits for its seed.
    assert!(out.contains("(and v2 digests matched): 3 roll(s)"), "{out}");
    assert!(
        out.contains("not revealed yet (checkable once it is): 1"),
        "{out}"
    );

    // Revealing the same seed again changes nothing.
    let (status, again) = reveal(&t, &t.umpire, json!({"epoch": 0, "audience": "soviet"})).await;
    assert_eq!(
        (status, &again["revealed"]["seed"]),
        (StatusCode::OK, &revealed["revealed"]["seed"])
    );
}

/// Two Soviet rolls, an umpire's, a Finnish one and a public one, in the open epoch.
async fn roll_for_every_audience(t: &Sides) {
    roll(t, &t.soviet, "2d6", "Soviet ski battalion march", "side").await;
    roll(t, &t.soviet, "1d6", "Soviet tank column fuel", "side").await;
    roll(
        t,
        &t.umpire,
        "3d6",
        "umpire weather for the Isthmus",
        "umpire",
    )
    .await;
    roll(t, &t.finn, "1d6", "Finnish patrol", "side").await;
    roll(t, &t.finn, "2d6", "public barrage", "public").await;
}

/// A side may not reveal; nor may the umpire reveal an unknown audience, the open epoch or an
/// epoch that does not exist.
async fn the_wrong_reveals_are_refused(t: &Sides) {
    let (status, body) = reveal(t, &t.soviet, json!({"epoch": 0, "audience": "soviet"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = reveal(t, &t.umpire, json!({"epoch": 0, "audience": "everyone"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "unknown_audience");
    let (status, body) = reveal(t, &t.umpire, json!({"epoch": 0, "audience": "soviet"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "the open epoch: {body}");
    let (status, body) = reveal(t, &t.umpire, json!({"epoch": 7, "audience": "soviet"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(error_code(&body), "unknown_epoch");
}

/// Every guess the enemy can make for a hidden roll of `count` d6 from what they can read.
fn guesses_match(
    roll: &Value,
    prev: &[u8; 32],
    campaign: uuid::Uuid,
    known_keys: &[[u8; 32]],
) -> usize {
    let k = roll["k"].as_u64().expect("k");
    let epoch = roll["epoch"].as_u64().expect("epoch") as u32;
    let audience: Audience = roll["audience"]
        .as_str()
        .expect("audience")
        .parse()
        .expect("known");
    let hex32 = |v: &Value| -> [u8; 32] {
        hex::decode(v.as_str().expect("hex"))
            .expect("hex")
            .try_into()
            .expect("32 bytes")
    };
    let (entropy, digest, chain) = (
        hex32(&roll["entropy"]),
        hex32(&roll["digest"]),
        hex32(&roll["chain"]),
    );
    let mut keys: Vec<[u8; 32]> = known_keys.to_vec();
    for seed in known_keys {
        keys.push(v2::roll_key(seed, campaign, k, audience, &entropy));
        keys.push(v2::roll_key(seed, campaign, k, Audience::Public, &entropy));
    }
    keys.extend([[0u8; 32], *prev, chain, entropy]);
    let mut matches = 0;
    for count in 1..=3u32 {
        for n in 0..6usize.pow(count) {
            let guess: Vec<(u32, u32)> = (0..count)
                .map(|i| (6, (n / 6usize.pow(i) % 6) as u32 + 1))
                .collect();
            if v1::chain_next(prev, k, epoch, &entropy, &guess) == chain {
                matches += 1;
            }
            for key in &keys {
                let d = v2::draw_digest(key, &guess);
                if d == digest || v2::chain_next(prev, k, epoch, audience, &entropy, &d) == chain {
                    matches += 1;
                }
            }
        }
    }
    matches
}

#[tokio::test]
async fn the_enemy_recovers_no_hidden_roll_by_brute_force() {
    let t = Sides::new("wons", None).await;
    for (dice, purpose) in [("1d6", "a"), ("2d6", "b"), ("3d6", "c")] {
        roll(&t, &t.soviet, dice, purpose, "side").await;
        roll(&t, &t.umpire, dice, purpose, "umpire").await;
        roll(&t, &t.finn, dice, purpose, "public").await;
    }
    // A rotation hands the enemy the public seed too.
    t.app
        .post(
            &format!("/api/v1/campaigns/{}/dice/rotate", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    roll(&t, &t.soviet, "2d6", "after rotation", "side").await;
    let campaign: uuid::Uuid = t.id.parse().expect("uuid");
    let export = t.export(&t.finn).await;
    let (_, listed) = t
        .app
        .get(&format!("/api/v1/campaigns/{}/rolls", t.id), Some(&t.finn))
        .await;
    assert_eq!(
        export["rolls"].as_array().map(|r| r
            .iter()
            .map(|x| (&x["digest"], &x["chain"]))
            .collect::<Vec<_>>()),
        listed.as_array().map(|r| r
            .iter()
            .map(|x| (&x["digest"], &x["chain"]))
            .collect::<Vec<_>>()),
        "the roll list and the export agree on what is public"
    );
    // Everything readable that looks like a key: revealed seeds and every commitment.
    let mut known: Vec<[u8; 32]> = Vec::new();
    for epoch in export["epochs"].as_array().expect("epochs") {
        for entry in epoch["seeds"].as_object().expect("v2").values() {
            for field in ["seed", "commitment"] {
                if let Some(text) = entry[field].as_str() {
                    known.push(hex::decode(text).expect("hex").try_into().expect("32"));
                }
            }
        }
    }
    assert_eq!(
        known.len(),
        2 * 4 + 1,
        "eight commitments and the public seed of epoch 0"
    );
    let rolls = export["rolls"].as_array().expect("rolls");
    let mut prev = v2::chain_start(campaign);
    let mut hidden = 0;
    for r in rolls {
        if r["draws"].is_null() {
            hidden += 1;
            assert_eq!(
                guesses_match(r, &prev, campaign, &known),
                0,
                "roll {r} falls to brute force"
            );
        }
        prev = hex::decode(r["chain"].as_str().expect("chain"))
            .expect("hex")
            .try_into()
            .expect("32");
    }
    assert_eq!(
        hidden, 7,
        "three Soviet, three umpire rolls and one after the rotation"
    );

    // The same search with the true seeds, once the campaign has finished, finds each roll
    // exactly once: the search would have seen a match had there been one to see.
    t.finish().await;
    let after = t.export(&t.finn).await;
    let mut prev = v2::chain_start(campaign);
    for (r, before) in after["rolls"].as_array().expect("rolls").iter().zip(rolls) {
        if before["draws"].is_null() {
            let epoch = r["epoch"].as_u64().expect("epoch") as usize;
            let audience = r["audience"].as_str().expect("audience");
            let seed = after["epochs"][epoch]["seeds"][audience]["seed"]
                .as_str()
                .expect("revealed");
            let seed: [u8; 32] = hex::decode(seed).expect("hex").try_into().expect("32");
            let faces = r["draws"].as_array().expect("draws").len();
            assert!(faces <= 3);
            assert_eq!(guesses_match(r, &prev, campaign, &[seed]), 1, "{r}");
        }
        prev = hex::decode(r["chain"].as_str().expect("chain"))
            .expect("hex")
            .try_into()
            .expect("32");
    }
}

#[tokio::test]
async fn a_revealed_seed_whose_stored_audience_names_none_is_an_error_never_skipped() {
    let t = Sides::new("wons", None).await;
    roll(&t, &t.umpire, "1d6", "umpire weather", "umpire").await;
    let campaign = uuid::Uuid::parse_str(&t.id).expect("an id");
    sqlx::query("alter table dice_seeds drop constraint dice_seeds_audience_check")
        .execute(&t.app.db)
        .await
        .expect("drops the check");
    sqlx::query(
        "update dice_seeds set audience = 'observer', revealed_at = now() \
         where campaign_id = $1 and audience = 'umpire'",
    )
    .bind(campaign)
    .execute(&t.app.db)
    .await
    .expect("stores a bad audience");
    let (status, body) = t
        .app
        .get(&format!("/api/v1/campaigns/{}/rolls", t.id), Some(&t.finn))
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert!(
        !body.to_string().contains("observer"),
        "the answer shows no internals: {body}"
    );
}
