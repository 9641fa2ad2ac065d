//! The upgrade from motti-dice/v1: a campaign whose epoch 0 was rolled the way the v1 server
//! rolled it keeps its rolls, chain and verification, moves to a v2 epoch before its next roll
//! without revealing the v1 seed, and reveals that seed only when it finishes.

use crate::common::Sides;
use crate::dice::verify;
use motti::dice::derive::{RollStream, commitment};
use motti::dice::entropy::EntropySet;
use motti::dice::source::Draw;
use motti::dice::{chain as v1, v2};
use reqwest::StatusCode;
use serde_json::{Value, json};

const V1_SEED: [u8; 32] = [0x42; 32];

/// The v1 rolls: (sides, visibility, roller, audience, purpose).
const V1_ROLLS: [(&[u32], &str, &str, &str, &str); 4] = [
    (&[6, 6], "public", "soviet", "public", "v1 public barrage"),
    (&[6, 6], "side", "soviet", "soviet", "v1 Soviet night march"),
    (
        &[6, 6, 6],
        "umpire",
        "umpire",
        "umpire",
        "v1 umpire minefield",
    ),
    (&[6], "side", "finnish", "finnish", "v1 Finnish sentry"),
];

/// Turns the campaign's fresh epoch 0 into a v1 epoch holding rolls written as v1 wrote them.
async fn make_v1(t: &Sides) {
    let db = &t.app.db;
    let id: uuid::Uuid = t.id.parse().expect("uuid");
    sqlx::query("delete from dice_seeds where campaign_id = $1")
        .bind(id)
        .execute(db)
        .await
        .expect("drops v2 seeds");
    sqlx::query("update dice_epochs set scheme = 'v1', seed = $2, commitment = $3 where campaign_id = $1 and epoch = 0")
        .bind(id)
        .bind(&V1_SEED[..])
        .bind(commitment(&V1_SEED))
        .execute(db)
        .await
        .expect("v1 epoch");
    let set = EntropySet::default();
    sqlx::query("insert into entropy_sets (campaign_id, entropy, lines) values ($1, $2, '[]')")
        .bind(id)
        .bind(&set.hash()[..])
        .execute(db)
        .await
        .expect("entropy set");
    let mut head = v1::chain_start(id);
    for (k, (sides, visibility, roller, audience, purpose)) in V1_ROLLS.iter().enumerate() {
        let k = k as u64;
        let mut stream = RollStream::new(&V1_SEED, id, k, &set.hash());
        let faces: Vec<u32> = sides.iter().map(|&m| stream.die(m)).collect();
        let draws = stream.finish().expect("dice");
        head = v1::chain_next(&head, k, 0, &set.hash(), &draws);
        let total: u32 = faces.iter().sum();
        sqlx::query(
            "insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, visibility, \
             roller_role, result, total, audience) values ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(id)
        .bind(k as i64)
        .bind(&set.hash()[..])
        .bind(sqlx::types::Json(&draws))
        .bind(&head[..])
        .bind(format!("{}d6", sides.len()))
        .bind(purpose)
        .bind(visibility)
        .bind(roller)
        .bind(json!({"faces": faces, "total": total}))
        .bind(i64::from(total))
        .bind(audience)
        .execute(db)
        .await
        .expect("v1 roll");
        for face in faces {
            sqlx::query(
                "insert into dice_faces (campaign_id, epoch, scope, face, count) values ($1, 0, $2, $3, 1) \
                 on conflict (campaign_id, epoch, scope, face) do update set count = dice_faces.count + 1",
            )
            .bind(id)
            .bind(audience)
            .bind(face as i32)
            .execute(db)
            .await
            .expect("faces");
        }
    }
    sqlx::query("update campaigns set next_roll = 4, chain_head = $2 where id = $1")
        .bind(id)
        .bind(&head[..])
        .execute(db)
        .await
        .expect("head");
}

async fn export(t: &Sides, token: &str) -> Value {
    let (status, body) = t
        .app
        .get(
            &format!("/api/v1/campaigns/{}/dice/export", t.id),
            Some(token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn finn_may_not_see(text: &str) {
    for secret in [
        "v1 Soviet night march",
        "v1 umpire minefield",
        &hex::encode(V1_SEED),
    ] {
        assert!(!text.contains(secret), "{secret} leaked");
    }
}

#[tokio::test]
async fn a_v1_campaign_upgrades_without_showing_what_was_hidden() {
    let t = Sides::new("wons", None).await;
    make_v1(&t).await;
    let (_, campaign) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.finn))
        .await;
    assert_eq!(campaign["dice"]["scheme"], "v1");
    assert_eq!(campaign["dice"]["commitment"], commitment(&V1_SEED));
    assert!(campaign["dice"]["commitments"].is_null());

    let before = export(&t, &t.finn).await;
    finn_may_not_see(&before.to_string());
    let (ok, out) = verify(&before);
    assert!(ok, "{out}");
    assert!(
        out.contains("rolls hidden from you (only their place in the chain checked): 2"),
        "{out}"
    );
    assert!(
        out.contains("not revealed yet (checkable once it is): 2"),
        "{out}"
    );

    // The next roll opens v2 epoch 1 and chains from the last v1 link; the v1 seed stays secret.
    let (status, rolled) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/rolls", t.id),
            Some(&t.soviet),
            json!({"dice": "2d6", "visibility": "side"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{rolled}");
    assert_eq!(
        (rolled["k"].as_i64(), rolled["epoch"].as_i64()),
        (Some(4), Some(1))
    );
    assert_eq!(rolled["audience"], "soviet");
    let (_, campaign) = t
        .app
        .get(&format!("/api/v1/campaigns/{}", t.id), Some(&t.finn))
        .await;
    assert_eq!(campaign["dice"]["scheme"], "v2");
    assert_eq!(
        campaign["dice"]["commitments"]["soviet"]
            .as_str()
            .map(str::len),
        Some(64)
    );
    let middle = export(&t, &t.finn).await;
    finn_may_not_see(&middle.to_string());
    assert_eq!(middle["epochs"][0]["scheme"], "v1");
    assert!(
        middle["epochs"][0]["seed"].is_null(),
        "the v1 seed is not revealed by the upgrade"
    );
    assert_eq!(middle["epochs"][1]["scheme"], "v2");
    assert!(
        middle["rolls"][3]["digest"].is_null(),
        "v1 rolls carry no digest"
    );
    assert!(
        middle["rolls"][4]["draws"].is_null(),
        "the Soviet v2 roll is hidden from the Finns"
    );
    let (ok, out) = verify(&middle);
    assert!(ok, "{out}");
    assert!(out.contains("1 v1, 1 v2"), "{out}");
    // A v1 epoch has no seed per audience to reveal.
    let (status, body) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/dice/reveal", t.id),
            Some(&t.umpire),
            json!({"epoch": 0, "audience": "soviet"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let finn = t.app.browser();
    finn.post(format!("{}/signin", t.app.url))
        .form(&[("username", "finn"), ("password", "correct horse battery")])
        .send()
        .await
        .expect("signs in");
    let html = finn
        .get(format!("{}/campaigns/{}/dice", t.app.url, t.id))
        .send()
        .await
        .expect("tray")
        .text()
        .await
        .expect("html");
    finn_may_not_see(&html);
    assert!(html.contains("v1 public barrage") && html.contains("v1 Finnish sentry"));

    // The end reveals every seed: the v1 one and the four of epoch 1; all rolls check.
    let (status, _) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/finish", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let after = export(&t, &t.finn).await;
    assert_eq!(after["epochs"][0]["seed"], hex::encode(V1_SEED));
    assert_eq!(after["rolls"][2]["purpose"], "v1 umpire minefield");
    let (ok, out) = verify(&after);
    assert!(ok, "{out}");
    assert!(
        out.contains("draws derived again from revealed seeds (and v2 digests matched): 5 roll(s)"),
        "{out}"
    );
    assert!(out.contains("chain: 5 of 5 link(s) recomputed"), "{out}");
    // The v2 chain start is not where this campaign's chain began.
    assert_ne!(
        after["rolls"][0]["chain"],
        hex::encode(v2::chain_start(t.id.parse().expect("uuid")))
    );
}
