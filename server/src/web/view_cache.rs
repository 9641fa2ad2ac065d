//! The JSON views and game pages this process has answered, kept by campaign, role and the
//! campaign's version (a page also by its reader, whom it names).
//! That version (the umpire's) moves with every committed command, in every process, so an
//! entry is never stale: a new version simply misses, and a view read just after a commit may
//! be newer than the version its key names, never older. The versions each side reads move
//! only with what that side is told, and a view can change without that (a side's purchase
//! shown to the enemy by an earlier interrogation), so they are not used as keys.

use crate::core::domain::Role;
use crate::core::error::AppError;
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use uuid::Uuid;

/// How many places (a campaign's view or page as one role, or one reader, sees it) are kept
/// before the cache starts afresh.
const CAPACITY: usize = 4096;

/// A view's key: its campaign, the reader's role, the campaign's version, and which view.
pub type Key = (Uuid, Role, i64, &'static str);

/// The key of view `kind` as `access`'s caller reads it now.
pub fn key(access: &crate::web::CampaignAccess, kind: &'static str) -> Key {
    (
        access.id(),
        access.role(),
        access.membership.campaign.version,
        kind,
    )
}

/// Where a view is kept: a JSON view by its key, a page by its key and its reader (a page names
/// the signed-in user), each without the version, since only the newest version of each is
/// kept (an older one is asked again only by a reader who read the campaign just before a
/// change, and what it would keep would be a view built after it).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Place {
    Json(Uuid, Role, &'static str),
    Page(Uuid, Role, &'static str, Uuid, String),
}

/// The slot of the JSON view under `key`.
fn json_slot((id, role, version, kind): Key) -> Slot {
    slot(Place::Json(id, role, kind), version)
}

/// A kept answer, or the one being built: the first reader of a new version builds it and the
/// readers who arrive meanwhile wait for it, instead of each building the same view (every open
/// page asks again at once when a change is announced).
type Slot = Arc<tokio::sync::OnceCell<Bytes>>;

fn views() -> &'static Mutex<HashMap<Place, (i64, Slot)>> {
    static VIEWS: OnceLock<Mutex<HashMap<Place, (i64, Slot)>>> = OnceLock::new();
    VIEWS.get_or_init(Default::default)
}

/// The slot for `place` at `version`: the kept one of that version, or a new one that replaces an older
/// version's; for a version older than the one kept, a slot of its own that is not kept. The
/// cache starts afresh when full.
fn slot(place: Place, version: i64) -> Slot {
    let mut views = views().lock().unwrap_or_else(|e| e.into_inner());
    match views.get(&place) {
        Some((kept, slot)) if *kept == version => return slot.clone(),
        Some((kept, _)) if *kept > version => return Slot::default(),
        Some(_) => {}
        None if views.len() >= CAPACITY => views.clear(),
        None => {}
    }
    let slot = Slot::default();
    views.insert(place, (version, slot.clone()));
    slot
}

/// Forgets every kept view and page, so that the next reader of each builds it afresh: the
/// benchmark suite times builds with it. Correct at any moment, since nothing is ever read
/// from the cache that its build would not give.
pub fn forget_all() {
    views().lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// Why a page was not kept: it failed, or it answered something other than a 200.
enum NotKept {
    Failed(AppError),
    Answered(Response),
}

/// The page under `key` for `user` (id and name), or `build`'s page, kept if it is a 200.
pub async fn page(
    key: Key,
    user: (Uuid, &str),
    build: impl Future<Output = Result<Response, AppError>>,
) -> Result<Response, AppError> {
    let (id, role, version, kind) = key;
    let slot = slot(
        Place::Page(id, role, kind, user.0, user.1.to_owned()),
        version,
    );
    let kept = slot
        .get_or_try_init(|| async {
            let response = build.await.map_err(NotKept::Failed)?;
            if response.status() != axum::http::StatusCode::OK {
                return Err(NotKept::Answered(response));
            }
            axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .map_err(|e| NotKept::Failed(AppError::internal(e)))
        })
        .await;
    match kept {
        Ok(html) => Ok(axum::response::Html(html.clone()).into_response()),
        Err(NotKept::Answered(response)) => Ok(response),
        Err(NotKept::Failed(e)) => Err(e),
    }
}

/// `view` serialized as the answer to a command, and kept under `key` (if the command knows the
/// version it committed) for the readers who come next, unless a reader kept it first.
pub fn answer<T: serde::Serialize>(key: Option<Key>, view: &T) -> Result<Response, AppError> {
    let bytes = Bytes::from(serde_json::to_vec(view).map_err(AppError::internal)?);
    if let Some(key) = key {
        let _ = json_slot(key).set(bytes.clone());
    }
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

/// The view under `key`, or `build`'s answer serialized and kept.
pub async fn json<T: serde::Serialize>(
    key: Key,
    build: impl Future<Output = Result<T, AppError>>,
) -> Result<Response, AppError> {
    let slot = json_slot(key);
    let bytes = slot
        .get_or_try_init(|| async {
            let json = serde_json::to_vec(&build.await?).map_err(AppError::internal)?;
            Ok::<_, AppError>(Bytes::from(json))
        })
        .await?
        .clone();
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The cache is one per process: these tests take turns, since one of them forgets it all.
    static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    #[tokio::test]
    async fn readers_arriving_together_build_a_view_once() {
        let _turn = ONE_AT_A_TIME.lock().await;
        let key = (Uuid::new_v4(), Role::Soviet, 7, "test-view");
        let builds = Arc::new(AtomicUsize::new(0));
        let mut readers = Vec::new();
        for _ in 0..16 {
            let builds = builds.clone();
            readers.push(tokio::spawn(json(key, async move {
                builds.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                Ok(serde_json::json!({"hour": 7}))
            })));
        }
        for r in readers {
            let response = r.await.expect("joins").expect("answers");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("body");
            assert_eq!(&body[..], br#"{"hour":7}"#);
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        // The next version is built afresh.
        let later = (key.0, key.1, 8, key.3);
        json(later, async {
            builds.fetch_add(1, Ordering::SeqCst);
            Ok(1)
        })
        .await
        .expect("answers");
        assert_eq!(builds.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn only_the_newest_version_of_a_view_is_kept() {
        let _turn = ONE_AT_A_TIME.lock().await;
        let campaign = Uuid::new_v4();
        let builds = AtomicUsize::new(0);
        let read = |version: i64| {
            let builds = &builds;
            json(
                (campaign, Role::Umpire, version, "newest-view"),
                async move {
                    builds.fetch_add(1, Ordering::SeqCst);
                    Ok(version)
                },
            )
        };
        let held = || {
            views()
                .lock()
                .unwrap()
                .keys()
                .filter(|p| matches!(p, Place::Json(id, ..) if *id == campaign))
                .count()
        };
        for version in 1..=5 {
            read(version).await.expect("answers");
        }
        assert_eq!(builds.load(Ordering::SeqCst), 5);
        assert_eq!(
            held(),
            1,
            "one place for the campaign's view, however many versions"
        );
        read(5).await.expect("answers");
        assert_eq!(builds.load(Ordering::SeqCst), 5, "the newest is kept");
        read(4).await.expect("answers");
        read(4).await.expect("answers");
        assert_eq!(
            builds.load(Ordering::SeqCst),
            7,
            "an older version is built each time, not kept"
        );
        read(5).await.expect("answers");
        assert_eq!(
            builds.load(Ordering::SeqCst),
            7,
            "nor does it replace the newest"
        );
    }

    #[tokio::test]
    async fn a_forgotten_view_is_built_again() {
        let _turn = ONE_AT_A_TIME.lock().await;
        let key = (Uuid::new_v4(), Role::Finnish, 3, "forgotten-view");
        let builds = AtomicUsize::new(0);
        let read = || {
            json(key, async {
                builds.fetch_add(1, Ordering::SeqCst);
                Ok(3)
            })
        };
        read().await.expect("answers");
        read().await.expect("answers");
        assert_eq!(
            builds.load(Ordering::SeqCst),
            1,
            "kept after the first build"
        );
        forget_all();
        read().await.expect("answers");
        assert_eq!(
            builds.load(Ordering::SeqCst),
            2,
            "built again once forgotten"
        );
    }

    #[tokio::test]
    async fn a_failed_build_or_a_refusal_is_not_kept() {
        let _turn = ONE_AT_A_TIME.lock().await;
        let key = (Uuid::new_v4(), Role::Finnish, 1, "test-page");
        let user = (Uuid::new_v4(), "finn");
        let failed = page(key, user, async {
            Err(AppError::conflict("busy", "Not now."))
        })
        .await;
        assert!(failed.is_err());
        let refused = page(key, user, async {
            Ok(axum::http::StatusCode::SEE_OTHER.into_response())
        })
        .await
        .expect("answers");
        assert_eq!(refused.status(), axum::http::StatusCode::SEE_OTHER);
        let built = page(key, user, async {
            Ok(axum::response::Html("<p>Hour 1</p>").into_response())
        })
        .await
        .expect("answers");
        assert_eq!(built.status(), axum::http::StatusCode::OK);
        // Kept now: a build that would fail is not asked.
        let kept = page(key, user, async {
            Err(AppError::conflict("busy", "Not now."))
        })
        .await
        .expect("kept");
        let body = axum::body::to_bytes(kept.into_body(), usize::MAX)
            .await
            .expect("body");
        assert_eq!(&body[..], b"<p>Hour 1</p>");
    }
}
