//! The upgrade from motti-dice/v1: a campaign whose epoch 0 was rolled the way the v1 server
//! rolled it keeps its rolls, chain and verification, moves to a v2 epoch before its next roll
//! without revealing the v1 seed, and reveals that seed only when it finishes.

use super::dice::verify;
use super::dice_reveal::tray;
use crate::common::Sides;
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
    // The counts the server keeps with every roll (the migration made them for older rolls).
    sqlx::query(
        "insert into roll_counts (campaign_id, epoch, audience, count) \
         select campaign_id, epoch, audience, count(*) from rolls where campaign_id = $1 \
         group by campaign_id, epoch, audience",
    )
    .bind(id)
    .execute(db)
    .await
    .expect("roll counts");
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
    let finn = t.app.signed_in("finn", "upgrade test").await;
    let html = tray(&t, &finn).await;
    finn_may_not_see(&html);
    assert!(html.contains("v1 public barrage") && html.contains("v1 Finnish sentry"));
    assert!(html.contains("hidden from you until the campaign finishes (a motti-dice/v1 epoch)"));
    assert!(html.contains("hidden from you until the soviet seed of epoch 1 is revealed"));
    the_end_reveals_every_seed(&t).await;
}

/// The end reveals every seed: the v1 one and the four of epoch 1; all rolls check.
async fn the_end_reveals_every_seed(t: &Sides) {
    let (status, _) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/finish", t.id),
            Some(&t.umpire),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let after = export(t, &t.finn).await;
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

/// A v1 seed the old server revealed at a rotation lets anyone derive every roll of its epoch:
/// those rolls are shown to everyone, in the list, the export and the histogram.
#[tokio::test]
async fn a_v1_seed_revealed_before_the_upgrade_hides_nothing_it_lets_anyone_derive() {
    let t = Sides::new("wons", None).await;
    make_v1(&t).await;
    sqlx::query("update dice_epochs set revealed_at = now() where campaign_id = $1::uuid")
        .bind(&t.id)
        .execute(&t.app.db)
        .await
        .expect("reveals as v1 rotation did");
    let (_, rolls) = t
        .app
        .get(&format!("/api/v1/campaigns/{}/rolls", t.id), Some(&t.finn))
        .await;
    let rolls = rolls.as_array().expect("rolls");
    assert_eq!(rolls.len(), 4);
    assert!(rolls.iter().all(|r| !r["draws"].is_null()), "{rolls:?}");
    let ex = export(&t, &t.finn).await;
    let (ok, out) = verify(&ex);
    assert!(ok, "{out}");
    assert!(out.contains("(and v2 digests matched): 4 roll(s)"), "{out}");
    let finn = t.app.signed_in("finn", "upgrade test").await;
    let html = tray(&t, &finn).await;
    assert!(html.contains("v1 umpire minefield"));
    assert!(
        html.contains("8 in all"),
        "every d6 of the four rolls is counted"
    );
}

/// The migration itself: a database at the last pre-v2 migration, holding rolls as the v1
/// server stored them, is migrated and keeps every roll with its audience and face counts.
#[tokio::test]
async fn the_v2_migration_carries_v1_data() {
    use sqlx::Executor;
    let app = crate::common::TestApp::spawn().await;
    let name = format!("motti_premig_{}", uuid::Uuid::new_v4().simple());
    app.db
        .execute(format!("create database {name}").as_str())
        .await
        .expect("creates");
    let options = app.db.connect_options().as_ref().clone().database(&name);
    let db = sqlx::PgPool::connect_with(options).await.expect("connects");
    let old = std::env::temp_dir().join(&name);
    std::fs::create_dir_all(&old).expect("dir");
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    for entry in std::fs::read_dir(&all).expect("migrations") {
        let path = entry.expect("entry").path();
        let file = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .to_string();
        if file.as_str() < "20261124100000" {
            std::fs::copy(&path, old.join(&file)).expect("copies");
        }
    }
    sqlx::migrate::Migrator::new(old.as_path())
        .await
        .expect("reads")
        .run(&db)
        .await
        .expect("pre-v2 schema");
    std::fs::remove_dir_all(&old).ok();

    let (user, campaign) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
    let script = format!(
        "insert into users (id, username, password_hash) values ('{user}', 'old', 'x');
         insert into campaigns (id, name, game, created_by, chain_head, next_roll) values ('{campaign}', 'Summa', 'wons', '{user}', '\\x00', 4);
         insert into dice_epochs (campaign_id, epoch, seed, commitment) values ('{campaign}', 0, '\\x42', 'c');
         insert into rolls (campaign_id, k, epoch, entropy, draws, chain, expression, purpose, visibility, roller_role, result) values
           ('{campaign}', 0, 0, '\\x00', '[[6, 4], [6, 4]]', '\\x01', '2d6', 'a', 'public', 'soviet', '{{}}'),
           ('{campaign}', 1, 0, '\\x00', '[[6, 2], [20, 17]]', '\\x02', '1d6+1d20', 'b', 'side', 'soviet', '{{}}'),
           ('{campaign}', 2, 0, '\\x00', '[[6, 6]]', '\\x03', '1d6', 'c', 'side', 'umpire', '{{}}'),
           ('{campaign}', 3, 0, '\\x00', '[[6, 1], [6, 1], [6, 5]]', '\\x04', '3d6', 'd', 'side', 'finnish', '{{}}');
         insert into dice_faces (campaign_id, scope, face, count) values
           ('{campaign}', 'public', 4, 2), ('{campaign}', 'soviet', 2, 1), ('{campaign}', 'umpire', 6, 1),
           ('{campaign}', 'finnish', 1, 2), ('{campaign}', 'finnish', 5, 1);"
    );
    db.execute(script.as_str()).await.expect("v1 data");
    motti::MIGRATOR.run(&db).await.expect("migrates to v2");

    let epoch: (String, Option<Vec<u8>>) =
        sqlx::query_as("select scheme, seed from dice_epochs where campaign_id = $1")
            .bind(campaign)
            .fetch_one(&db)
            .await
            .expect("epoch");
    assert_eq!(epoch, ("v1".to_string(), Some(vec![0x42])));
    let rolls: Vec<(i64, String, Option<Vec<u8>>)> =
        sqlx::query_as("select k, audience, digest from rolls where campaign_id = $1 order by k")
            .bind(campaign)
            .fetch_all(&db)
            .await
            .expect("rolls");
    let audiences: Vec<&str> = rolls.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(audiences, ["public", "soviet", "umpire", "finnish"]);
    assert!(
        rolls.iter().all(|r| r.2.is_none()),
        "v1 rolls have no digest"
    );
    let faces: Vec<(i32, String, i32, i64)> = sqlx::query_as(
        "select epoch, scope, face, count from dice_faces where campaign_id = $1 order by scope, face",
    )
    .bind(campaign)
    .fetch_all(&db)
    .await
    .expect("faces");
    let expected = [
        (0, "finnish", 1, 2),
        (0, "finnish", 5, 1),
        (0, "public", 4, 2),
        (0, "soviet", 2, 1),
        (0, "umpire", 6, 1),
    ];
    let got: Vec<(i32, &str, i32, i64)> = faces
        .iter()
        .map(|(e, s, f, c)| (*e, s.as_str(), *f, *c))
        .collect();
    assert_eq!(
        got, expected,
        "the d20 is not counted; the umpire's side roll is the umpire's"
    );
    db.close().await;
    app.db
        .execute(format!("drop database {name} with (force)").as_str())
        .await
        .expect("drops");
}
