//! API tokens through the API: made with a name and an optional expiry, listed, revoked.

use crate::core::error::AppError;
use crate::db;
use crate::db::users::TokenRow;
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::{self, CurrentUser};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

/// The name a token gets when none is given.
const DEFAULT_NAME: &str = "API token";

/// The longest a token may be made to last.
const MAX_DAYS: i64 = 3650;

/// A request for a token: credentials, and optionally a name and an expiry.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TokenRequest {
    /// The account's username.
    pub username: String,
    /// The account's password.
    pub password: String,
    /// What the token is for, 1 to 100 characters; "API token" when absent.
    pub name: Option<String>,
    /// Days until it stops working (1 to 3650); absent with `expires_at` absent: never.
    pub expires_in_days: Option<i64>,
    /// When it stops working, RFC 3339 (e.g. `2027-01-31T12:00:00Z`); not with `expires_in_days`.
    pub expires_at: Option<String>,
}

/// A new API token: the secret is shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenOut {
    /// Send it as `Authorization: Bearer <token>`.
    pub token: String,
    /// The token's id, to revoke it by.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// When it was made.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// When it stops working; null: never.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub expires_at: Option<OffsetDateTime>,
}

/// A token as its owner's list shows it (never the secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenInfo {
    /// The token's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// When it was made.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// When it was last used, to the minute; null: never.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_used_at: Option<OffsetDateTime>,
    /// When it stops working; null: never.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub expires_at: Option<OffsetDateTime>,
    /// Whether it has expired (it answers 401 until revoked).
    pub expired: bool,
}

impl From<TokenRow> for TokenInfo {
    fn from(t: TokenRow) -> Self {
        TokenInfo {
            expired: t
                .expires_at
                .is_some_and(|at| at <= OffsetDateTime::now_utc()),
            id: t.id,
            name: t.name,
            created_at: t.created_at,
            last_used_at: t.last_used_at,
            expires_at: t.expires_at,
        }
    }
}

/// Checks a token's name, giving the default to a blank one.
fn token_name(raw: Option<&str>) -> Result<String, AppError> {
    let name = raw.map(str::trim).unwrap_or_default();
    if name.is_empty() {
        return Ok(DEFAULT_NAME.to_owned());
    }
    crate::core::text::check("name", name, false)?;
    if name.chars().count() > 100 {
        return Err(AppError::invalid(
            "invalid_name",
            "A token's name has at most 100 characters.",
        )
        .on_field("name"));
    }
    Ok(name.to_owned())
}

/// When a token made now with these choices expires.
pub fn expiry(
    in_days: Option<i64>,
    at: Option<&str>,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, AppError> {
    let at = at.map(str::trim).filter(|a| !a.is_empty());
    match (in_days, at) {
        (Some(_), Some(_)) => Err(AppError::invalid(
            "invalid_expiry",
            "Give either expires_in_days or expires_at, not both.",
        )
        .on_field("expires_in_days")),
        (Some(days), None) if (1..=MAX_DAYS).contains(&days) => Ok(Some(now + Duration::days(days))),
        (Some(_), None) => Err(AppError::invalid(
            "invalid_expiry",
            format!("A token lasts 1 to {MAX_DAYS} days; leave the days empty for one that never expires."),
        )
        .on_field("expires_in_days")),
        (None, Some(text)) => {
            let at = OffsetDateTime::parse(text, &Rfc3339).map_err(|_| {
                AppError::invalid(
                    "invalid_expiry",
                    "expires_at is a date and time in RFC 3339, such as 2027-01-31T12:00:00Z.",
                )
                .on_field("expires_in_days")
            })?;
            if at <= now || at > now + Duration::days(MAX_DAYS) {
                return Err(AppError::invalid(
                    "invalid_expiry",
                    format!("expires_at must lie in the future, at most {MAX_DAYS} days ahead."),
                )
                .on_field("expires_in_days"));
            }
            Ok(Some(at))
        }
        (None, None) => Ok(None),
    }
}

/// Makes a token for `user`; the secret is returned once and only its hash is kept.
pub async fn create(
    state: &AppState,
    user: Uuid,
    name: Option<&str>,
    expires_at: Option<OffsetDateTime>,
) -> Result<TokenOut, AppError> {
    let name = token_name(name)?;
    let (token, hash) = auth::new_token()?;
    let row = db::users::insert_token(&state.db, user, &hash, &name, expires_at).await?;
    Ok(TokenOut {
        token,
        id: row.id,
        name: row.name,
        created_at: row.created_at,
        expires_at: row.expires_at,
    })
}

/// `POST /api/v1/tokens`: exchanges a username and password for a bearer token.
#[utoipa::path(post, path = "/api/v1/tokens", tag = "accounts", request_body = TokenRequest,
    responses((status = 201, body = TokenOut), (status = 401, description = "wrong credentials"),
              (status = 422, description = "bad name or expiry")))]
pub async fn api_create(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<(StatusCode, Json<TokenOut>), AppError> {
    let user = auth::check_credentials(&state, &body.username, &body.password)
        .await?
        .ok_or_else(crate::accounts::sign::wrong_credentials)?;
    let expires_at = expiry(
        body.expires_in_days,
        body.expires_at.as_deref(),
        OffsetDateTime::now_utc(),
    )?;
    let out = create(&state, user.id, body.name.as_deref(), expires_at).await?;
    Ok((StatusCode::CREATED, Json(out)))
}

/// `GET /api/v1/tokens`: the caller's tokens, newest first.
#[utoipa::path(get, path = "/api/v1/tokens", tag = "accounts",
    responses((status = 200, body = [TokenInfo]), (status = 401, description = "not signed in")),
    security(("bearer" = [])))]
pub async fn api_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<TokenInfo>>, AppError> {
    let list = db::users::tokens(&state.db, user.id).await?;
    Ok(Json(list.into_iter().map(TokenInfo::from).collect()))
}

/// `DELETE /api/v1/tokens/{id}`: revokes one of the caller's tokens.
#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "accounts",
    params(("id" = Uuid, Path, description = "token id")),
    responses((status = 204, description = "revoked"), (status = 401, description = "not signed in"),
              (status = 404, description = "no such token of yours")),
    security(("bearer" = [])))]
pub async fn api_revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<StatusCode, AppError> {
    revoke(&state, user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Revokes one of `user`'s tokens; 404 when the user has no such token.
pub async fn revoke(state: &AppState, user: Uuid, id: Uuid) -> Result<(), AppError> {
    if db::users::revoke_token(&state.db, user, id).await? {
        state.notes.send(crate::core::live::access_payload(user));
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// A date and time as the pages show it, in the reader's zone: "Tue 24 Nov 14:00 EET
/// (Europe/Helsinki)".
pub fn shown(at: OffsetDateTime, zone: &crate::core::zone::Zone) -> String {
    zone.words(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> OffsetDateTime {
        OffsetDateTime::parse("2026-11-24T12:00:00Z", &Rfc3339).expect("a time")
    }

    #[test]
    fn expiry_from_days_or_a_date() {
        assert_eq!(expiry(None, None, now()).expect("never"), None);
        assert_eq!(
            expiry(Some(7), None, now()).expect("a week"),
            Some(now() + Duration::days(7))
        );
        assert_eq!(
            expiry(None, Some("2026-12-01T00:00:00Z"), now()).expect("a date"),
            Some(OffsetDateTime::parse("2026-12-01T00:00:00Z", &Rfc3339).expect("a time"))
        );
        assert_eq!(expiry(None, Some("  "), now()).expect("blank"), None);
    }

    #[test]
    fn bad_expiries_are_refused() {
        for (days, at) in [
            (Some(0), None),
            (Some(MAX_DAYS + 1), None),
            (Some(3), Some("2026-12-01T00:00:00Z")),
            (None, Some("tomorrow")),
            (None, Some("2026-11-01T00:00:00Z")),
        ] {
            let e = expiry(days, at, now()).expect_err("refused");
            assert_eq!(e.code, "invalid_expiry");
        }
    }

    #[test]
    fn names_default_and_are_bounded() {
        assert_eq!(token_name(None).expect("default"), DEFAULT_NAME);
        assert_eq!(token_name(Some("  ")).expect("default"), DEFAULT_NAME);
        assert_eq!(token_name(Some(" ci ")).expect("trimmed"), "ci");
        assert!(token_name(Some(&"x".repeat(101))).is_err());
    }

    #[test]
    fn times_are_shown_in_the_readers_zone_to_the_minute() {
        use crate::core::zone::Zone;
        assert_eq!(shown(now(), &Zone::utc()), "Tue 24 Nov 12:00 UTC");
        assert_eq!(
            shown(now(), &Zone::of(Some("Europe/Helsinki"))),
            "Tue 24 Nov 14:00 EET (Europe/Helsinki)"
        );
    }
}
