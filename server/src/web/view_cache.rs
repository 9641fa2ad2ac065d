//! The JSON views and game pages this process has answered, kept by campaign, role and the
//! campaign's version (a page also by its reader, whom it names).
//! That version (the umpire's) moves with every committed command, in every process, so an
//! entry is never stale: a new version simply misses, and a view read just after a commit may
//! be newer than the version its key names, never older. The versions each side reads move
//! only with what that side may see (see `games::runner`), but the umpire's moves with every
//! change whoever sees it: keyed by it, an entry cannot outlive a change a side's version
//! should have noted and did not.
//! The store is `state::Caches::views` (see `core::kept::Views`), bounded, one per `AppState`.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::kept::{KeptBody, Place, Slot, Views};
use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

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

/// The slot of the JSON view under `key`.
fn json_slot(views: &Views, (id, role, version, kind): Key) -> Slot {
    views.slot(Place::Json(id, role, kind), version)
}

/// Why a page was not kept: it failed, or it answered something other than a 200.
enum NotKept {
    Failed(AppError),
    Answered(Response),
}

/// The page under `key` for `user` (id and name), or `build`'s page, kept in `views` if it is
/// a 200.
pub async fn page(
    views: &Views,
    key: Key,
    user: (Uuid, &str),
    build: impl Future<Output = Result<Response, AppError>>,
) -> Result<Response, AppError> {
    let (id, role, version, kind) = key;
    let slot = views.slot(
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
                .map(KeptBody::new)
                .map_err(|e| NotKept::Failed(AppError::internal(e)))
        })
        .await;
    match kept {
        Ok(kept) => Ok(with_digest(
            axum::response::Html(kept.bytes.clone()).into_response(),
            kept,
        )),
        Err(NotKept::Answered(response)) => Ok(response),
        Err(NotKept::Failed(e)) => Err(e),
    }
}

/// `view` serialized as the answer to a command, and kept in `views` under `key` (if the command
/// knows the version it committed) for the readers who come next, unless a reader kept it first.
pub fn answer<T: serde::Serialize>(
    views: &Views,
    key: Option<Key>,
    view: &T,
) -> Result<Response, AppError> {
    let kept = KeptBody::new(Bytes::from(
        serde_json::to_vec(view).map_err(AppError::internal)?,
    ));
    if let Some(key) = key {
        let _ = json_slot(views, key).set(kept.clone());
    }
    Ok(json_response(&kept))
}

/// A kept JSON view as a response.
fn json_response(kept: &KeptBody) -> Response {
    with_digest(
        (
            [(header::CONTENT_TYPE, "application/json")],
            kept.bytes.clone(),
        )
            .into_response(),
        kept,
    )
}

/// `response` carrying its kept body's digest, for its tag (`web::etag`).
fn with_digest(mut response: Response, kept: &KeptBody) -> Response {
    response.extensions_mut().insert(kept.digest);
    response
}

/// The view under `key`, or `build`'s answer serialized and kept in `views`.
pub async fn json<T: serde::Serialize>(
    views: &Views,
    key: Key,
    build: impl Future<Output = Result<T, AppError>>,
) -> Result<Response, AppError> {
    let slot = json_slot(views, key);
    let kept = slot
        .get_or_try_init(|| async {
            let json = serde_json::to_vec(&build.await?).map_err(AppError::internal)?;
            Ok::<_, AppError>(KeptBody::new(Bytes::from(json)))
        })
        .await?;
    Ok(json_response(kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn readers_arriving_together_build_a_view_once() {
        let views = Views::default();
        let key = (Uuid::new_v4(), Role::Soviet, 7, "test-view");
        let builds = Arc::new(AtomicUsize::new(0));
        let mut readers = Vec::new();
        for _ in 0..16 {
            let builds = builds.clone();
            let views = views.clone();
            readers.push(tokio::spawn(async move {
                json(&views, key, async move {
                    builds.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    Ok(serde_json::json!({"hour": 7}))
                })
                .await
            }));
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
        json(&views, later, async {
            builds.fetch_add(1, Ordering::SeqCst);
            Ok(1)
        })
        .await
        .expect("answers");
        assert_eq!(builds.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn only_the_newest_version_of_a_view_is_kept() {
        let views = Views::default();
        let campaign = Uuid::new_v4();
        let builds = AtomicUsize::new(0);
        let read = |version: i64| {
            let (builds, views) = (&builds, &views);
            json(
                views,
                (campaign, Role::Umpire, version, "newest-view"),
                async move {
                    builds.fetch_add(1, Ordering::SeqCst);
                    Ok(version)
                },
            )
        };
        let held = || views.places_of(campaign);
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
        let views = Views::default();
        let key = (Uuid::new_v4(), Role::Finnish, 3, "forgotten-view");
        let builds = AtomicUsize::new(0);
        let read = || {
            json(&views, key, async {
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
        views.forget_all();
        read().await.expect("answers");
        assert_eq!(
            builds.load(Ordering::SeqCst),
            2,
            "built again once forgotten"
        );
    }

    #[tokio::test]
    async fn a_failed_build_or_a_refusal_is_not_kept() {
        let views = Views::default();
        let key = (Uuid::new_v4(), Role::Finnish, 1, "test-page");
        let user = (Uuid::new_v4(), "finn");
        let failed = page(&views, key, user, async {
            Err(AppError::conflict("busy", "Not now."))
        })
        .await;
        assert!(failed.is_err());
        let refused = page(&views, key, user, async {
            Ok(axum::http::StatusCode::SEE_OTHER.into_response())
        })
        .await
        .expect("answers");
        assert_eq!(refused.status(), axum::http::StatusCode::SEE_OTHER);
        let built = page(&views, key, user, async {
            Ok(axum::response::Html("<p>Hour 1</p>").into_response())
        })
        .await
        .expect("answers");
        assert_eq!(built.status(), axum::http::StatusCode::OK);
        // Kept now: a build that would fail is not asked.
        let kept = page(&views, key, user, async {
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
