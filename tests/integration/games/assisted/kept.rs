//! An assisted table's desk is read through the kept state (`db::game::kept_state`): a process
//! decodes it at most once per stored revision, the desk a command wrote is the one the next
//! page or view reads, and another process's next read finds the new revision.

use crate::games::assisted::client::DeskTable;
use motti::core::domain::Role;
use motti::games::assisted::declarations::Declarations;
use motti::games::assisted::play::desk::Desk;
use motti::games::winter_war::WinterWar;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::sync::Arc;

/// Reads at one revision share one decoded desk; a command's new revision is read afresh once,
/// by each process, and then shared again.
#[tokio::test]
async fn a_desk_is_decoded_once_per_revision_and_a_command_moves_every_reader_on() {
    let t = DeskTable::new("winter_war", None).await;
    let id = uuid::Uuid::parse_str(&t.id).expect("campaign id");
    let db = &t.app.db;
    let stored = async || -> i64 {
        sqlx::query_scalar("select revision from game_states where campaign_id = $1")
            .bind(id)
            .fetch_one(db)
            .await
            .expect("reads the revision")
    };

    // Another process on the same database keeps nothing of the campaign: its first read
    // decodes the desk and keeps it, its second is answered with the same one.
    let other = t.app.another_process().await;
    let play = motti::games::registry::play(&other, <WinterWar as Declarations>::GAME)
        .expect("an assisted game");
    let before = stored().await;
    assert_eq!(other.caches.states.revision(id), None);
    let first = play.desk(&other, id).await.expect("reads the desk");
    assert_eq!(other.caches.states.revision(id), Some(before));
    let again = play.desk(&other, id).await.expect("reads the desk");
    assert!(
        Arc::ptr_eq(&first, &again),
        "the second read at the same revision decoded nothing"
    );

    // The umpire ends the phase: the server keeps the desk its command wrote, under the new
    // revision, and its views and pages read that one without decoding it again.
    t.advance(&t.umpire).await;
    let after = stored().await;
    assert!(after > before, "the command stored a new revision");
    let kept = &t.app.caches().states;
    assert_eq!(kept.revision(id), Some(after));
    let written = kept
        .get::<Desk<WinterWar>>(id, after)
        .expect("the command kept the desk it wrote");
    let soviet = t.table(&t.soviet).await;
    t.table(&t.finn).await;
    for tail in ["table/sequence", "charts"] {
        t.expect(&t.soviet, Method::GET, tail, Value::Null, StatusCode::OK)
            .await;
    }
    let read = kept.get::<Desk<WinterWar>>(id, after).expect("still kept");
    assert!(
        Arc::ptr_eq(&written, &read),
        "the views read the command's desk: none decoded it again"
    );

    // The other process still keeps the old revision; its next read is the new one, decoded
    // once and shared after.
    let moved = play.desk(&other, id).await.expect("reads the desk");
    assert!(
        !Arc::ptr_eq(&first, &moved),
        "the old revision is not answered"
    );
    assert_ne!(moved.at(), first.at(), "the phase has moved on");
    assert_eq!(other.caches.states.revision(id), Some(after));
    assert_eq!(
        serde_json::to_value(moved.view(Role::Soviet)).expect("a view"),
        soviet,
        "both processes answer the same view"
    );
    let shared = play.desk(&other, id).await.expect("reads the desk");
    assert!(Arc::ptr_eq(&moved, &shared));
}
