//! Who is calling: usernames and passwords checked at the edge, hashing off the async threads,
//! API tokens, and the `CurrentUser` extractor for sessions and bearer tokens.

use crate::core::error::AppError;
use crate::db;
use crate::state::AppState;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use tower_sessions::Session;
use uuid::Uuid;

/// The session key holding the id of the sign-in (a row of `user_sessions`).
const SESSION_LOGIN: &str = "login_id";

/// A valid username: 3 to 32 of `a-z 0-9 _ -`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    /// Checks a username, explaining what is wrong.
    pub fn parse(raw: &str) -> Result<Username, AppError> {
        let ok_len = (3..=32).contains(&raw.len());
        let ok_chars = raw
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        if ok_len && ok_chars {
            Ok(Username(raw.to_owned()))
        } else {
            Err(AppError::invalid(
                "invalid_username",
                "A username is 3 to 32 characters of lowercase letters a-z, digits, '_' and '-'.",
            )
            .on_field("username"))
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password good enough to keep: at least 10 characters (and at most 1024).
#[derive(Clone)]
pub struct Password(String);

impl Password {
    /// Checks a new password, explaining what is wrong.
    pub fn parse(raw: &str) -> Result<Password, AppError> {
        let n = raw.chars().count();
        if n < 10 {
            return Err(AppError::invalid(
                "weak_password",
                "A password needs at least 10 characters.",
            )
            .on_field("password"));
        }
        if raw.len() > 1024 {
            return Err(AppError::invalid(
                "long_password",
                "A password may have at most 1024 bytes: 1024 plain letters or digits, fewer with accented letters (which count two) or other scripts.",
            )
            .on_field("password"));
        }
        Ok(Password(raw.to_owned()))
    }
}

/// Runs one argon2 computation on a blocking thread of the password pool: each run holds
/// 19 MiB, so a burst of sign-ins queues there (as many at once as the machine has cores)
/// instead of growing the process by 19 MiB per sign-in, and waits at most the pool's budget.
async fn argon2<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    crate::core::heavy::PASSWORDS.run(work).await
}

/// Hashes a password with argon2id on a blocking thread.
pub async fn hash_password(password: Password) -> Result<String, AppError> {
    argon2(move || {
        Argon2::default()
            .hash_password(password.0.as_bytes())
            .map(|h| h.to_string())
            .map_err(AppError::internal)
    })
    .await
}

/// Checks a password against a stored hash on a blocking thread.
pub async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    argon2(move || {
        let parsed = PasswordHash::new(&hash).map_err(AppError::internal)?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
}

/// A hash of a password nobody has, so that unknown usernames cost as much time as known ones.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$WWHLJYkY0cCIvf0pNmvi2cLZszgHVKKvKDHAMy4ziHA";

/// Checks a username and password; `None` when either is wrong.
pub async fn check_credentials(
    state: &AppState,
    username: &str,
    password: &str,
) -> Result<Option<db::users::User>, AppError> {
    crate::web::ratelimit::account_attempt(state, username)?;
    // No account's name holds control characters (sign-up refuses them), and PostgreSQL
    // refuses NUL: such a name is simply unknown, answered like any other.
    let found = if crate::core::text::forbidden_char(username, false).is_some() {
        None
    } else {
        db::users::credentials(&state.db, username).await?
    };
    let hash = found
        .as_ref()
        .map_or(DECOY_HASH.to_owned(), |c| c.password_hash.clone());
    let matches = verify_password(password.to_owned(), hash).await?;
    Ok(found.filter(|_| matches).map(|c| db::users::User {
        id: c.id,
        username: c.username,
        time_zone: c.time_zone,
    }))
}

/// Makes a new API token: the secret to hand out and the hash to store.
pub fn new_token() -> Result<(String, Vec<u8>), AppError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(AppError::internal)?;
    let token = format!("motti_{}", hex::encode(bytes));
    let hash = token_hash(&token);
    Ok((token, hash))
}

fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Marks the session as signed in as `user`, with a fresh session id, and records the sign-in.
pub async fn sign_in(
    state: &AppState,
    session: &Session,
    user: Uuid,
    user_agent: Option<&str>,
) -> Result<(), AppError> {
    let login = Uuid::new_v4();
    // Long agents are cut: the list only needs to tell browsers apart.
    let agent = user_agent.map(|a| a.chars().take(200).collect::<String>());
    db::users::insert_session(&state.db, login, user, agent.as_deref()).await?;
    session.cycle_id().await.map_err(AppError::internal)?;
    session
        .insert(SESSION_LOGIN, login)
        .await
        .map_err(AppError::internal)
}

/// The id of the sign-in this session carries, if any.
pub async fn current_login(session: &Session) -> Result<Option<Uuid>, AppError> {
    session.get(SESSION_LOGIN).await.map_err(AppError::internal)
}

/// Ends the session and its sign-in.
pub async fn sign_out(state: &AppState, session: &Session) -> Result<(), AppError> {
    if let Some(login) = current_login(session).await?
        && let Some(user) = db::users::end_session(&state.db, login).await?
    {
        state.notes.send(crate::core::live::access_payload(user));
    }
    session.flush().await.map_err(AppError::internal)
}

/// The signed-in caller, from `Authorization: Bearer` or the session cookie; 401 otherwise.
#[derive(Clone, Debug)]
pub struct CurrentUser(pub db::users::User);

/// The caller if signed in, for pages that also serve visitors.
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<db::users::User>);

/// What the request carries to say who sent it: `Authorization: Bearer` (a malformed header is
/// 400), else the session's sign-in, else nothing.
pub async fn credential(parts: &Parts) -> Result<Option<db::users::Credential>, AppError> {
    if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
        let token = value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .ok_or_else(|| {
                AppError::bad_request("The Authorization header must be 'Bearer <token>'.")
            })?;
        return Ok(Some(db::users::Credential::Token(token_hash(token.trim()))));
    }
    let Some(session) = parts.extensions.get::<Session>() else {
        return Ok(None);
    };
    Ok(current_login(session)
        .await?
        .map(db::users::Credential::Session))
}

/// The id of the session the request's cookie names, if it names one: not loaded, so not known
/// to exist.
pub fn session_id(parts: &Parts) -> Option<i128> {
    Some(parts.extensions.get::<Session>()?.id()?.0)
}

async fn find_user(
    parts: &mut Parts,
    state: &AppState,
) -> Result<Option<db::users::User>, AppError> {
    let Some(credential) = credential(parts).await? else {
        return Ok(None);
    };
    let user = db::users::by_credential(&state.db, &credential).await?;
    match (user, &credential) {
        (None, db::users::Credential::Token(_)) => Err(not_current(&credential)),
        (user, _) => Ok(user),
    }
}

/// The refusal of a credential that names nobody (any more): a token unknown, expired or
/// revoked, or a sign-in that has ended.
pub fn not_current(credential: &db::users::Credential) -> AppError {
    match credential {
        db::users::Credential::Token(_) => AppError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "bad_token",
            "This API token is not known, has expired or was revoked; ask for a new one with POST /api/v1/tokens.",
        ),
        db::users::Credential::Session(_) => AppError::unauthorized(),
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        find_user(parts, state)
            .await?
            .map(CurrentUser)
            .ok_or_else(AppError::unauthorized)
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        Ok(MaybeUser(find_user(parts, state).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_at_their_edges() {
        for ok in ["abc", "a-b_c9", &"x".repeat(32)] {
            assert!(Username::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["ab", &"x".repeat(33), "Abc", "a b", "åke", "a.b", ""] {
            assert!(Username::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_need_ten_characters() {
        assert!(Password::parse("123456789").is_err());
        assert!(Password::parse("1234567890").is_ok());
        assert!(Password::parse("ääääääääää").is_ok());
        assert!(Password::parse(&"x".repeat(1025)).is_err());
    }

    #[tokio::test]
    async fn hash_then_verify() {
        let hash = hash_password(Password::parse("correct horse").expect("valid"))
            .await
            .expect("hashes");
        assert!(
            verify_password("correct horse".into(), hash.clone())
                .await
                .expect("runs")
        );
        assert!(
            !verify_password("wrong horse!".into(), hash)
                .await
                .expect("runs")
        );
    }

    #[tokio::test]
    async fn decoy_hash_parses_and_matches_nothing_common() {
        assert!(
            !verify_password("password123".into(), DECOY_HASH.into())
                .await
                .expect("decoy parses")
        );
    }
}
