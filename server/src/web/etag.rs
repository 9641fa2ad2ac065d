//! Conditional requests: a view answers with an `ETag` made from the campaign, which view it is,
//! the reader's role and the version that reader reads (which moves only with what they may
//! see), the reader's user id where the answer is personal, the build's version, and a digest
//! of the answer itself. A request whose `If-None-Match` holds that tag gets `304 Not Modified`
//! and no body. `Cache-Control: private, no-cache`: only the reader's own browser keeps it, and
//! asks again every time.
//!
//! Every write that changes what a reader sees moves that reader's version (`core::command`,
//! `games::runner`, and the database's triggers for what is written outside a command). The
//! digest is there for what an answer carries besides the campaign as its reader's version
//! stands: a page counts the reader's campaigns waiting in other campaigns, shows an invite link
//! once, and shows the dice chain, which moves with every roll whoever may read it. A tag of
//! versions alone could then answer 304 for an answer that changed. The answer is built (from
//! the view cache, as every reader after the first gets it) before it is compared, and the tag
//! says nothing the answer does not.

use crate::web::CampaignAccess;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

/// The tag of view `kind` of `access`'s campaign as its caller reads it now; `reader` names the
/// user when the answer is personal.
pub fn tag(access: &CampaignAccess, kind: &str, reader: Option<Uuid>) -> String {
    let role = access.role();
    let version = access.membership.campaign.version_for(role);
    let reader = reader.map_or_else(String::new, |u| format!("-{}", u.simple()));
    format!(
        "{}-{kind}-{}-{version}{reader}-{}",
        access.id().simple(),
        role,
        env!("CARGO_PKG_VERSION"),
    )
}

/// `build`'s page of `access`'s campaign, tagged as view `kind` for its reader (a page names
/// them, shows times in their zone and counts what waits for them; see [`conditional`]), or
/// `304 Not Modified` when the request already holds that tag.
pub async fn page(
    headers: &HeaderMap,
    access: &CampaignAccess,
    kind: &str,
    build: impl Future<Output = Result<Response, crate::core::error::AppError>>,
) -> Result<Response, crate::core::error::AppError> {
    conditional(headers, tag(access, kind, Some(access.user.id)), build).await
}

/// Whether `headers`' `If-None-Match` holds `tag` (or `*`).
fn matches(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

/// `build`'s answer tagged with `prefix` (from [`tag`]) and a digest of its body, or
/// `304 Not Modified` with no body when the request already holds that tag. Only a 200 is
/// tagged.
pub async fn conditional(
    headers: &HeaderMap,
    prefix: String,
    build: impl Future<Output = Result<Response, crate::core::error::AppError>>,
) -> Result<Response, crate::core::error::AppError> {
    use crate::core::error::AppError;
    use crate::core::kept::BodyDigest;
    let response = build.await?;
    if response.status() != StatusCode::OK {
        return Ok(response);
    }
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(AppError::internal)?;
    // A kept answer carries its digest, worked out once when it was kept.
    let digest = parts
        .extensions
        .get::<BodyDigest>()
        .copied()
        .unwrap_or_else(|| BodyDigest::of(&bytes));
    let tag = format!("\"{prefix}-{}\"", hex::encode(digest.0));
    let value = HeaderValue::from_str(&tag).map_err(AppError::internal)?;
    let cache = HeaderValue::from_static("private, no-cache");
    if matches(headers, &tag) {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        response.headers_mut().insert(header::ETAG, value);
        response.headers_mut().insert(header::CACHE_CONTROL, cache);
        return Ok(response);
    }
    parts.headers.insert(header::ETAG, value);
    parts.headers.insert(header::CACHE_CONTROL, cache);
    Ok(Response::from_parts(parts, axum::body::Body::from(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_lists_and_weak_tags_are_read() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"a\", W/\"b\""),
        );
        assert!(matches(&headers, "\"a\""));
        assert!(matches(&headers, "\"b\""));
        assert!(!matches(&headers, "\"c\""));
        assert!(!matches(&HeaderMap::new(), "\"a\""));
    }
}
