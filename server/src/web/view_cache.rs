//! The JSON views this process has answered, kept by campaign, role and the campaign's version.
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
use std::sync::{Mutex, OnceLock};
use uuid::Uuid;

/// How many views are kept before the cache starts afresh.
const CAPACITY: usize = 4096;

/// A view's key: its campaign, the reader's role, the campaign's version, and which view.
pub type Key = (Uuid, Role, i64, &'static str);

fn views() -> &'static Mutex<HashMap<Key, Bytes>> {
    static VIEWS: OnceLock<Mutex<HashMap<Key, Bytes>>> = OnceLock::new();
    VIEWS.get_or_init(Default::default)
}

/// The view under `key`, or `build`'s answer serialized and kept.
pub async fn json<T: serde::Serialize>(
    key: Key,
    build: impl Future<Output = Result<T, AppError>>,
) -> Result<Response, AppError> {
    let kept = views()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    let bytes = match kept {
        Some(bytes) => bytes,
        None => {
            let bytes = Bytes::from(serde_json::to_vec(&build.await?).map_err(AppError::internal)?);
            let mut views = views().lock().unwrap_or_else(|e| e.into_inner());
            if views.len() >= CAPACITY {
                views.clear();
            }
            views.insert(key, bytes.clone());
            bytes
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}
