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
use std::sync::{Mutex, OnceLock};
use uuid::Uuid;

/// How many views are kept before the cache starts afresh.
const CAPACITY: usize = 4096;

/// A view's key: its campaign, the reader's role, the campaign's version, and which view.
pub type Key = (Uuid, Role, i64, &'static str);

/// What is kept: a JSON view by its key, or a page by its key and its reader (a page names the
/// signed-in user).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Kept {
    Json(Key),
    Page(Key, Uuid, String),
}

fn views() -> &'static Mutex<HashMap<Kept, Bytes>> {
    static VIEWS: OnceLock<Mutex<HashMap<Kept, Bytes>>> = OnceLock::new();
    VIEWS.get_or_init(Default::default)
}

/// The bytes kept under `key`, if any.
fn get(key: &Kept) -> Option<Bytes> {
    views()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(key)
        .cloned()
}

/// Keeps `bytes` under `key`, starting afresh when the cache is full.
fn put(key: Kept, bytes: Bytes) {
    let mut views = views().lock().unwrap_or_else(|e| e.into_inner());
    if views.len() >= CAPACITY {
        views.clear();
    }
    views.insert(key, bytes);
}

/// The page under `key` for `user` (id and name), or `build`'s page, kept if it is a 200.
pub async fn page(
    key: Key,
    user: (Uuid, &str),
    build: impl Future<Output = Result<Response, AppError>>,
) -> Result<Response, AppError> {
    let key = Kept::Page(key, user.0, user.1.to_owned());
    if let Some(html) = get(&key) {
        return Ok(axum::response::Html(html).into_response());
    }
    let response = build.await?;
    if response.status() != axum::http::StatusCode::OK {
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let html = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(AppError::internal)?;
    put(key, html.clone());
    Ok(Response::from_parts(parts, axum::body::Body::from(html)))
}

/// The view under `key`, or `build`'s answer serialized and kept.
pub async fn json<T: serde::Serialize>(
    key: Key,
    build: impl Future<Output = Result<T, AppError>>,
) -> Result<Response, AppError> {
    let key = Kept::Json(key);
    let bytes = match get(&key) {
        Some(bytes) => bytes,
        None => {
            let json = serde_json::to_vec(&build.await?).map_err(AppError::internal)?;
            let bytes = Bytes::from(json);
            put(key, bytes.clone());
            bytes
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}
