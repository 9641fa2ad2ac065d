//! The dice checker in the browser (`/dice/verify` and its offline file): the known-answer
//! vectors of dice.md (v2 and v1), a genuine export of a real campaign, and tampered copies (a
//! face, a digest, a seed, a dropped roll), each refused naming what failed.

use super::{browser, driver};
use crate::common::{Sides, TestApp};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

const CAMPAIGN: &str = "11111111-2222-4333-8444-555555555555";
const EMPTY: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const TWO: &str = "78cef9a41a06127d2a1f3d84260401f6bdf4c7a415fc31424b8086baf55c9a33";

fn seed_hex(first: u8) -> String {
    (first..first + 32).map(|b| format!("{b:02x}")).collect()
}

fn entropy_sets() -> Value {
    json!({
        EMPTY: [],
        TWO: ["soviet:3f0c8f5e-0000-4000-8000-000000000001:motti",
              "finnish:3f0c8f5e-0000-4000-8000-000000000002:sisu"],
    })
}

/// A row of dice.md's v2 table: audience, entropy, draws, digest, chain.
type KnownRoll = (
    &'static str,
    &'static str,
    Vec<[u32; 2]>,
    &'static str,
    &'static str,
);

/// The v2 known answers of dice.md as an export with every seed revealed.
fn v2_vectors() -> Value {
    let seed =
        |first: u8, commitment: &str| json!({"commitment": commitment, "seed": seed_hex(first)});
    let rows: [KnownRoll; 6] = [
        (
            "public",
            EMPTY,
            vec![[6, 4]],
            "fa3e51d932dabc2419ea3b286752e94e5263f04b3d5bab01c8a20bb730b9d332",
            "c4e712414e72a43fc1bf929dc062b796afa69568c630f24734f9c4b90338aacb",
        ),
        (
            "soviet",
            EMPTY,
            vec![[6, 4], [6, 3]],
            "5b9625bac0a7febb6e24d4d481f30e8ef9ba2f51add9a6c5f6d8e7b4587f6c22",
            "56daf369b3663ddce87d4483b343e61a46dcf38a97c2cfc471cd23145db74236",
        ),
        (
            "umpire",
            EMPTY,
            vec![[6, 4], [6, 4], [6, 1]],
            "474ba01deea687553c574ee78b346846113ce3c6a2d3a5a52f056135f2586fb0",
            "8ea7359e9bb44b39bca744c1dac0395f5cf5e4c15c3217037ad287093cba0e1d",
        ),
        (
            "finnish",
            TWO,
            vec![[6, 6]],
            "aa613dba1e5fc57d021ed2c8c7326e51141c3d8b809337624a375e5b1e8e95d5",
            "b180fc8920caf679648bf1b2df5579ec352af1d423112f81532f1ac57db7789f",
        ),
        (
            "public",
            TWO,
            vec![[3, 1], [6, 6], [20, 9]],
            "8b82dd22ad564f4b1d05b1f83ad3a91521cff67a82565b59d0a0c06b90602896",
            "a49f28c75a262e54ac82ba2d9a1e283eb64455a687baf7607c61962960823a08",
        ),
        (
            "soviet",
            TWO,
            [1, 1, 2, 6, 3, 3, 1, 3, 3, 3]
                .iter()
                .map(|&f| [6, f])
                .collect(),
            "e2756663553d88f1e41e250e8c8a645e13c358d43b561b209a34a2b2e582d8a4",
            "96d9f820b53b5f8a99f8cbceafe1d7052c447aaa62a82823427ff56f9649cd0e",
        ),
    ];
    let rolls: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(k, (audience, entropy, draws, digest, chain))| {
            let faces: Vec<u32> = draws.iter().map(|d| d[1]).collect();
            let plain = draws.iter().all(|d| d[0] == draws[0][0]);
            json!({
                "k": k, "epoch": 0, "audience": audience, "entropy": entropy,
                "digest": digest, "chain": chain, "visibility": "public", "draws": draws,
                "expression": if plain { Some(format!("{}d{}", draws.len(), draws[0][0])) } else { None },
                "purpose": "known answer",
                "result": if plain { json!({"faces": faces, "total": faces.iter().sum::<u32>()}) } else { Value::Null },
            })
        })
        .collect();
    json!({
        "format": "motti-dice/v2",
        "campaign_id": CAMPAIGN,
        "epochs": [{"epoch": 0, "scheme": "v2", "seeds": {
            "public": seed(0x00, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"),
            "soviet": seed(0x20, "72dbb7336c76780023f83da4c355f2eeea85733b13d3477697917790c1229084"),
            "finnish": seed(0x40, "ca2a4fe727faaecf16ecd130a86e0885c5540c05375340445071c0657555fd42"),
            "umpire": seed(0x60, "4d8d274ff7e176af977a95a0055c8c5f3478d38640343a060cee893e56f39957"),
        }}],
        "entropy_sets": entropy_sets(),
        "rolls": rolls,
    })
}

/// The v1 known answers of dice.md's appendix as an export with the seed revealed.
fn v1_vectors() -> Value {
    let rows: [(&str, Vec<[u32; 2]>, &str); 6] = [
        (
            EMPTY,
            vec![[6, 6]],
            "e38907da8bc7e479899b251eca1c70dc06bdaf066ec219df2add3e02c6eacdf9",
        ),
        (
            EMPTY,
            vec![[6, 1], [6, 3]],
            "4586b8a569d5af860ad9d473a1d93189f9ad484a08d837210f4af6ba02328609",
        ),
        (
            EMPTY,
            vec![[6, 2], [6, 2], [6, 2]],
            "cdcbeba35aa66b6fea89b3241ae05c6d1287fad376bbaccc0f154bbac145c5be",
        ),
        (
            TWO,
            vec![[6, 3]],
            "b8e0dce3fe3636234b185366a8ea8a62d5b0fd159c1e3bfc46aeb88a421e9ace",
        ),
        (
            TWO,
            vec![[3, 2], [6, 6], [20, 9]],
            "25f8e974907aae9bb4357cf86791a1e5c2ece853aa663d72e7e26fb97afb3a3b",
        ),
        (
            TWO,
            [6, 1, 3, 2, 2, 3, 2, 2, 1, 1]
                .iter()
                .map(|&f| [6, f])
                .collect(),
            "1af7d9be7b4d7626222eb7d0b813378d28c08b2cf99d253298d9d49e87474d13",
        ),
    ];
    let rolls: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(k, (entropy, draws, chain))| {
            json!({"k": k, "epoch": 0, "entropy": entropy, "chain": chain, "visibility": "public",
                   "draws": draws, "expression": null, "purpose": "known answer", "result": null})
        })
        .collect();
    json!({
        "format": "motti-dice/v2",
        "campaign_id": CAMPAIGN,
        "epochs": [{"epoch": 0, "scheme": "v1",
                    "commitment": "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
                    "seed": seed_hex(0)}],
        "entropy_sets": entropy_sets(),
        "rolls": rolls,
    })
}

/// The server's own verifier agrees, so the exports the browser is given are the real thing.
fn rust_verifies(export: &Value) -> bool {
    serde_json::from_value::<motti::dice::export::Export>(export.clone())
        .ok()
        .is_some_and(|e| motti::dice::verify::verify(&e).is_ok())
}

fn write(dir: &Path, name: &str, export: &Value) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(export).expect("json")).expect("writes the export");
    path
}

/// Gives the page a file and returns the verdict's text once it is shown.
async fn check(b: &Client, file: &Path) -> String {
    let input = b
        .find(Locator::Id("verify-file"))
        .await
        .expect("the file field");
    // The same file twice in a row fires no change event; clearing first makes each one count.
    b.execute("document.getElementById('verify-file').value = ''; document.getElementById('verdict').hidden = true;", vec![])
        .await
        .expect("clears");
    input
        .send_keys(file.to_str().expect("a path"))
        .await
        .expect("chooses the file");
    for _ in 0..300 {
        let shown = b
            .execute("return document.getElementById('verdict').hidden ? null : document.getElementById('verdict').innerText;", vec![])
            .await
            .expect("reads the verdict");
        if let Some(text) = shown.as_str() {
            return text.to_owned();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no verdict after 30 s for {}", file.display());
}

/// A directory of its own under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let path =
            std::env::temp_dir().join(format!("motti-verify-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tampered(export: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut copy = export.clone();
    change(&mut copy);
    copy
}

#[tokio::test]
async fn the_browser_checks_the_known_answers_and_names_each_tampering() {
    let Some(driver) = driver().await else { return };
    let app = TestApp::spawn().await;
    let dir = TempDir::new();
    let v2 = v2_vectors();
    let v1 = v1_vectors();
    assert!(
        rust_verifies(&v2) && rust_verifies(&v1),
        "the vectors are a valid export"
    );

    let b = browser(&driver).await;
    b.goto(&format!("{}/dice/verify", app.url))
        .await
        .expect("opens the checker");

    let verdict = check(&b, &write(dir.path(), "v2.json", &v2)).await;
    assert!(verdict.starts_with("These dice check out."), "{verdict}");
    assert!(verdict.contains("6 rolls, numbered from 0"), "{verdict}");
    assert!(
        verdict.contains("6 rolls (20 dice) derived again"),
        "{verdict}"
    );
    assert!(verdict.contains("4 revealed seeds match"), "{verdict}");
    assert!(
        verdict.contains("96d9f820b53b5f8a99f8cbceafe1d7052c447aaa62a82823427ff56f9649cd0e"),
        "{verdict}"
    );

    let verdict = check(&b, &write(dir.path(), "v1.json", &v1)).await;
    assert!(verdict.starts_with("These dice check out."), "{verdict}");
    assert!(verdict.contains("0 under v2, 1 under v1"), "{verdict}");
    assert!(
        verdict.contains("1af7d9be7b4d7626222eb7d0b813378d28c08b2cf99d253298d9d49e87474d13"),
        "{verdict}"
    );

    // A face changed: the seed gives another.
    let face = tampered(&v2, |e| e["rolls"][1]["draws"][1][1] = json!(5));
    let verdict = check(&b, &write(dir.path(), "face.json", &face)).await;
    assert!(
        verdict.starts_with("These dice do not check out."),
        "{verdict}"
    );
    assert!(
        verdict.contains("Roll 1: draw 2 is [6,5] but the seed gives [6,3]."),
        "{verdict}"
    );

    // A digest changed: the chain no longer follows.
    let digest = tampered(&v2, |e| {
        e["rolls"][3]["digest"] = json!("00".repeat(32));
    });
    let verdict = check(&b, &write(dir.path(), "digest.json", &digest)).await;
    assert!(
        verdict.contains("Roll 3: its chain hash does not follow from roll 2."),
        "{verdict}"
    );

    // A seed changed: it no longer matches what was committed to before play.
    let seed = tampered(&v2, |e| {
        e["epochs"][0]["seeds"]["soviet"]["seed"] = json!(seed_hex(0x21));
    });
    let verdict = check(&b, &write(dir.path(), "seed.json", &seed)).await;
    assert!(
        verdict.contains("Epoch 0, soviet seed: the seed does not match its commitment."),
        "{verdict}"
    );

    // A roll dropped: the numbers have a gap.
    let dropped = tampered(&v2, |e| {
        e["rolls"].as_array_mut().expect("rolls").remove(2);
    });
    let verdict = check(&b, &write(dir.path(), "dropped.json", &dropped)).await;
    assert!(
        verdict.contains("Roll 2 is missing: roll 1 is followed by roll 3."),
        "{verdict}"
    );

    // A v1 face changed.
    let v1_face = tampered(&v1, |e| e["rolls"][4]["draws"][2][1] = json!(10));
    let verdict = check(&b, &write(dir.path(), "v1-face.json", &v1_face)).await;
    assert!(
        verdict.contains("Roll 4: draw 3 is [20,10] but the seed gives [20,9]."),
        "{verdict}"
    );

    // Not an export at all.
    std::fs::write(dir.path().join("junk.json"), "{\"format\": ").expect("writes");
    let verdict = check(&b, &dir.path().join("junk.json")).await;
    assert!(
        verdict.starts_with("This file cannot be read as a dice export."),
        "{verdict}"
    );
    b.close().await.ok();
}

#[tokio::test]
async fn a_genuine_export_checks_out_before_and_after_the_end_and_the_offline_file_works() {
    let Some(driver) = driver().await else { return };
    let sides = Sides::new("wons", None).await;
    let app: &Arc<TestApp> = &sides.app;
    for (who, visibility) in [
        (&sides.soviet, "side"),
        (&sides.finn, "side"),
        (&sides.umpire, "public"),
    ] {
        for _ in 0..5 {
            let (status, body) = sides
                .roll(
                    who,
                    json!({"dice": "2d6", "purpose": "a test", "visibility": visibility}),
                )
                .await;
            assert!(status.is_success(), "{body}");
        }
    }
    let dir = TempDir::new();
    let b = browser(&driver).await;
    b.goto(&format!("{}/dice/verify", app.url))
        .await
        .expect("opens the checker");

    // During play the Finnish player sees his own rolls and not the Soviets'.
    let during = sides.export(&sides.finn).await;
    assert!(rust_verifies(&during));
    let verdict = check(&b, &write(dir.path(), "during.json", &during)).await;
    assert!(verdict.starts_with("These dice check out."), "{verdict}");
    assert!(verdict.contains("15 rolls, numbered from 0"), "{verdict}");
    assert!(verdict.contains("5 rolls are hidden from you"), "{verdict}");
    assert!(
        verdict.contains("10 rolls you see await their seed"),
        "{verdict}"
    );

    // After the end every seed is revealed and every roll is derived again.
    sides.finish().await;
    // Where the campaign ends, its pages say the dice can now be verified, and how.
    let reader = app.signed_in("soviet", "verify-test").await;
    let page = app.html(&reader, &format!("/campaigns/{}", sides.id)).await;
    assert!(
        page.contains("id=\"verify-dice\"") && page.contains("Verify these dice"),
        "{page}"
    );
    let tray = app
        .html(&reader, &format!("/campaigns/{}/dice", sides.id))
        .await;
    assert!(
        tray.contains("id=\"verify\"") && tray.contains("href=\"/dice/verify\""),
        "{tray}"
    );
    let after = sides.export(&sides.soviet).await;
    let verdict = check(&b, &write(dir.path(), "after.json", &after)).await;
    assert!(verdict.starts_with("These dice check out."), "{verdict}");
    assert!(
        verdict.contains("15 rolls (30 dice) derived again"),
        "{verdict}"
    );
    assert!(verdict.contains("0 rolls are hidden from you"), "{verdict}");

    // A face of the genuine export changed is caught, naming the roll.
    let k = 7usize;
    let face = after["rolls"][k]["draws"][0][1].as_u64().expect("a face");
    let changed = tampered(&after, |e| {
        e["rolls"][k]["draws"][0][1] = json!(face % 6 + 1)
    });
    let verdict = check(&b, &write(dir.path(), "after-face.json", &changed)).await;
    assert!(verdict.contains(&format!("Roll {k}: ")), "{verdict}");

    // The offline file: downloaded, opened from disk, with the same verdicts.
    let file = reqwest::get(format!("{}/dice/verify/motti-verify.html", app.url))
        .await
        .expect("downloads the checker");
    assert!(
        file.headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("attachment"))
    );
    let html = file.text().await.expect("the file");
    assert!(
        !html.contains("src=\"/static") && !html.contains("href=\"/static"),
        "the file needs nothing from the server"
    );
    let offline = dir.path().join("motti-verify.html");
    std::fs::write(&offline, html).expect("saves the checker");
    b.goto(&format!("file://{}", offline.display()))
        .await
        .expect("opens the saved checker");
    let verdict = check(&b, &write(dir.path(), "offline.json", &after)).await;
    assert!(verdict.starts_with("These dice check out."), "{verdict}");
    let verdict = check(&b, &write(dir.path(), "offline-face.json", &changed)).await;
    assert!(
        verdict.starts_with("These dice do not check out."),
        "{verdict}"
    );
    b.close().await.ok();
}
