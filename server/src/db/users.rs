//! Users and their API tokens.

use sqlx::{FromRow, PgPool};
use uuid::Uuid;

/// A person with an account.
#[derive(Clone, Debug, FromRow)]
pub struct User {
    /// The user's id.
    pub id: Uuid,
    /// The user's unique name.
    pub username: String,
}

/// A user with the stored password hash, for signing in.
#[derive(Debug, FromRow)]
pub struct Credentials {
    /// The user's id.
    pub id: Uuid,
    /// The user's unique name.
    pub username: String,
    /// The argon2 PHC string.
    pub password_hash: String,
}

/// Inserts a user; a taken username is a unique violation.
pub async fn insert(db: &PgPool, username: &str, password_hash: &str) -> sqlx::Result<User> {
    sqlx::query_as("insert into users (id, username, password_hash) values ($1, $2, $3) returning id, username")
        .bind(Uuid::new_v4())
        .bind(username)
        .bind(password_hash)
        .fetch_one(db)
        .await
}

/// The credentials of the user with this name, if any.
pub async fn credentials(db: &PgPool, username: &str) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as("select id, username, password_hash from users where username = $1")
        .bind(username)
        .fetch_optional(db)
        .await
}

/// The user with this id, if any.
pub async fn by_id(db: &PgPool, id: Uuid) -> sqlx::Result<Option<User>> {
    sqlx::query_as("select id, username from users where id = $1")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// Stores the hash of a new API token.
pub async fn insert_token(db: &PgPool, user_id: Uuid, token_hash: &[u8]) -> sqlx::Result<()> {
    sqlx::query("insert into api_tokens (token_hash, user_id) values ($1, $2)")
        .bind(token_hash)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The user an API token belongs to, if the token is known.
pub async fn by_token(db: &PgPool, token_hash: &[u8]) -> sqlx::Result<Option<User>> {
    sqlx::query_as(
        "select u.id, u.username from api_tokens t join users u on u.id = t.user_id where t.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(db)
    .await
}
