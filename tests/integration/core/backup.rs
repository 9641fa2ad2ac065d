//! `motti backup` and `motti restore` with the real binary: a campaign with rolls survives the
//! round trip with the same dice export, and a non-empty database is only replaced with --force.

use crate::common::{Sides, TestApp, empty_database, motti_command};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_campaign_with_rolls_round_trips_through_backup_and_restore() {
    let t = Sides::new("wons", None).await;
    let id = &t.id;
    let (status, _) = t
        .app
        .put(
            &format!("/api/v1/campaigns/{id}/client-seed"),
            Some(&t.finn),
            json!({"seed": "sisu"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    for (token, dice) in [(&t.soviet, "2d6"), (&t.finn, "1d10+2"), (&t.umpire, "3d6")] {
        let (status, roll) = t
            .app
            .post(
                &format!("/api/v1/campaigns/{id}/rolls"),
                Some(token),
                json!({"dice": dice, "purpose": "backup test"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{roll}");
    }
    let export_path = format!("/api/v1/campaigns/{id}/dice/export");
    let (status, before) = t.app.get(&export_path, Some(&t.umpire)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        before["rolls"].as_array().map(Vec::len),
        Some(3),
        "{before}"
    );

    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "motti-backup-{}.dump",
        uuid::Uuid::new_v4().simple()
    ));
    let file_arg = file.to_str().expect("a path");
    let (ok, out) = motti_command(&t.app.database_url(), &["backup", file_arg]).await;
    assert!(ok, "{out}");
    assert!(file.is_file(), "the backup is written");

    let (name, url) = empty_database().await;
    let (ok, out) = motti_command(&url, &["restore", file_arg]).await;
    assert!(ok, "{out}");
    assert!(out.contains("Restored the database"), "{out}");

    // Restoring over it again is refused without --force, and changes nothing.
    let (ok, out) = motti_command(&url, &["restore", file_arg]).await;
    assert!(!ok, "a non-empty database is refused");
    assert!(
        out.contains("not empty") && out.contains("--force"),
        "{out}"
    );
    let (ok, out) = motti_command(&url, &["restore", "--force", file_arg]).await;
    assert!(ok, "{out}");
    std::fs::remove_file(&file).ok();

    // A server on the restored database: same accounts, same tokens, same dice export.
    let restored = TestApp::spawn_on(name, |_| {}).await;
    let (status, after) = restored.get(&export_path, Some(&t.umpire)).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after, before, "the same export after the restore");
    let (status, roll) = restored
        .post(
            &format!("/api/v1/campaigns/{id}/rolls"),
            Some(&t.soviet),
            json!({"dice": "1d6", "purpose": "after restore"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{roll}");
    assert_eq!(roll["k"], 3, "numbering goes on where it stopped");
}

#[tokio::test]
async fn restore_explains_a_missing_file() {
    let app = TestApp::spawn().await;
    let (ok, out) =
        motti_command(&app.database_url(), &["restore", "/nonexistent/motti.dump"]).await;
    assert!(!ok);
    assert!(out.contains("no backup file"), "{out}");
}
