//! Users, their API tokens and their signed-in browsers.

use sqlx::{FromRow, PgPool};
use time::OffsetDateTime;
use uuid::Uuid;

/// A person with an account.
#[derive(Clone, Debug, FromRow)]
pub struct User {
    /// The user's id.
    pub id: Uuid,
    /// The user's unique name.
    pub username: String,
    /// The IANA time zone the user reads and types times in; `None` until chosen (UTC).
    pub time_zone: Option<String>,
}

impl User {
    /// The zone the user reads and types times in.
    pub fn zone(&self) -> crate::core::zone::Zone {
        crate::core::zone::Zone::of(self.time_zone.as_deref())
    }
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
    /// The user's time zone, if chosen.
    pub time_zone: Option<String>,
}

/// Whether anyone has signed up yet.
pub async fn any(db: &PgPool) -> sqlx::Result<bool> {
    sqlx::query_scalar!(r#"select exists (select 1 from users) as "any!""#)
        .fetch_one(db)
        .await
}

/// Inserts a user; a taken username is a unique violation.
pub async fn insert(db: &PgPool, username: &str, password_hash: &str) -> sqlx::Result<User> {
    sqlx::query_as!(
        User,
        "insert into users (id, username, password_hash) values ($1, $2, $3) \
         returning id, username, time_zone",
        Uuid::new_v4(),
        username,
        password_hash,
    )
    .fetch_one(db)
    .await
}

/// The credentials of the user with this name, if any.
pub async fn credentials(db: &PgPool, username: &str) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as!(
        Credentials,
        "select id, username, password_hash, time_zone from users where username = $1",
        username,
    )
    .fetch_optional(db)
    .await
}

/// The stored password hash of user `id`.
pub async fn password_hash(db: &PgPool, id: Uuid) -> sqlx::Result<String> {
    sqlx::query_scalar!("select password_hash from users where id = $1", id)
        .fetch_one(db)
        .await
}

/// The id of the user called `username`, if there is one.
pub async fn id_by_name(db: &PgPool, username: &str) -> sqlx::Result<Option<Uuid>> {
    sqlx::query_scalar!("select id from users where username = $1", username)
        .fetch_optional(db)
        .await
}

/// The user with this id, if any.
pub async fn by_id(db: &PgPool, id: Uuid) -> sqlx::Result<Option<User>> {
    sqlx::query_as!(
        User,
        "select id, username, time_zone from users where id = $1",
        id
    )
    .fetch_optional(db)
    .await
}

/// The IANA time zone user `id` chose (`None`: not chosen, or no such user); mail and anything
/// else that shows a user a time reads it here, with `core::zone::Zone::of` to use it.
pub async fn time_zone<'e>(
    db: impl sqlx::PgExecutor<'e>,
    id: Uuid,
) -> sqlx::Result<Option<String>> {
    let row = sqlx::query_scalar!("select time_zone from users where id = $1", id)
        .fetch_optional(db)
        .await?;
    Ok(row.flatten())
}

/// Stores the time zone user `id` chose (`None`: back to UTC); the caller checked the name.
pub async fn set_time_zone(db: &PgPool, id: Uuid, zone: Option<&str>) -> sqlx::Result<()> {
    sqlx::query!("update users set time_zone = $2 where id = $1", id, zone)
        .execute(db)
        .await?;
    Ok(())
}

/// An API token as its owner sees it (never the secret).
#[derive(Clone, Debug, FromRow)]
pub struct TokenRow {
    /// The token's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// When it was made.
    pub created_at: OffsetDateTime,
    /// When it was last used, to the minute.
    pub last_used_at: Option<OffsetDateTime>,
    /// When it stops working, if ever.
    pub expires_at: Option<OffsetDateTime>,
}

/// Stores the hash of a new API token.
pub async fn insert_token(
    db: &PgPool,
    user_id: Uuid,
    token_hash: &[u8],
    name: &str,
    expires_at: Option<OffsetDateTime>,
) -> sqlx::Result<TokenRow> {
    sqlx::query_as!(
        TokenRow,
        "insert into api_tokens (token_hash, user_id, name, expires_at) values ($1, $2, $3, $4) \
         returning id, name, created_at, last_used_at, expires_at",
        token_hash,
        user_id,
        name,
        expires_at,
    )
    .fetch_one(db)
    .await
}

/// The user's tokens, newest first (expired ones too, until revoked).
pub async fn tokens(db: &PgPool, user_id: Uuid) -> sqlx::Result<Vec<TokenRow>> {
    sqlx::query_as!(
        TokenRow,
        "select id, name, created_at, last_used_at, expires_at from api_tokens \
         where user_id = $1 order by created_at desc, id",
        user_id,
    )
    .fetch_all(db)
    .await
}

/// Revokes one of the user's tokens; false when the user has no token with this id.
pub async fn revoke_token(db: &PgPool, user_id: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "delete from api_tokens where user_id = $1 and id = $2",
        user_id,
        id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How a request says who sent it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Credential {
    /// The SHA-256 of an API token from `Authorization: Bearer`.
    Token(Vec<u8>),
    /// A browser's sign-in, from its session.
    Session(Uuid),
}

impl Credential {
    /// The `from` and `where` of a query that finds the credential's user as `u` (and the
    /// credential as `k`, with a `stale` column saying whether its last use is worth recording);
    /// the credential is bound as `$1`.
    pub(crate) fn source(&self) -> String {
        match self {
            Credential::Token(_) => Credential::token_source("$1"),
            Credential::Session(_) => Credential::session_source("$1"),
        }
    }

    /// [`Credential::source`] for a token whose hash is the SQL expression `hash` (a placeholder
    /// or a column, written in the code: never a value).
    pub(crate) fn token_source(hash: &'static str) -> String {
        format!(
            "api_tokens k join users u on u.id = k.user_id \
             where k.token_hash = {hash} and (k.expires_at is null or k.expires_at > now())"
        )
    }

    /// [`Credential::source`] for a session whose id is the SQL expression `id` (a placeholder
    /// or a column, written in the code: never a value).
    pub(crate) fn session_source(id: &'static str) -> String {
        format!(
            "user_sessions k join users u on u.id = k.user_id \
             where k.id = {id} and k.last_seen_at > now() - interval '{SESSION_DAYS} days'"
        )
    }

    /// The token's hash, for a token.
    pub(crate) fn token_hash(&self) -> Option<&[u8]> {
        match self {
            Credential::Token(hash) => Some(hash),
            Credential::Session(_) => None,
        }
    }

    /// The session's id, for a session.
    pub(crate) fn session_id(&self) -> Option<Uuid> {
        match self {
            Credential::Token(_) => None,
            Credential::Session(id) => Some(*id),
        }
    }

    /// The `stale` column for [`Credential::source`]'s `k`.
    pub(crate) fn stale(&self) -> &'static str {
        match self {
            Credential::Token(_) => {
                "coalesce(k.last_used_at < now() - interval '1 minute', true) as stale"
            }
            Credential::Session(_) => "k.last_seen_at < now() - interval '1 minute' as stale",
        }
    }

    /// Binds the credential as the query's next argument.
    pub(crate) fn bind<'q, O>(
        &'q self,
        query: sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments> {
        match self {
            Credential::Token(hash) => query.bind(hash.as_slice()),
            Credential::Session(id) => query.bind(*id),
        }
    }

    /// Records that the credential was used now when its last record is `stale` (over a minute
    /// old), so that a busy client writes it at most once a minute.
    pub async fn seen<'e>(&self, db: impl sqlx::PgExecutor<'e>, stale: bool) -> sqlx::Result<()> {
        if !stale {
            return Ok(());
        }
        match self {
            Credential::Token(hash) => {
                sqlx::query!(
                    "update api_tokens set last_used_at = now() where token_hash = $1",
                    hash.as_slice()
                )
                .execute(db)
                .await?
            }
            Credential::Session(id) => {
                sqlx::query!(
                    "update user_sessions set last_seen_at = now() where id = $1",
                    *id
                )
                .execute(db)
                .await?
            }
        };
        Ok(())
    }
}

/// The user a credential belongs to, if it is known and current; records its use.
pub async fn by_credential(db: &PgPool, credential: &Credential) -> sqlx::Result<Option<User>> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        user: User,
        stale: bool,
    }
    // The source and its `stale` column depend on the credential's kind (a `match` in the code):
    // a query macro takes one literal statement.
    let sql = format!(
        "select u.id, u.username, u.time_zone, {} from {}",
        credential.stale(),
        credential.source()
    );
    let found: Option<Row> = credential
        .bind(sqlx::query_as(&sql))
        .fetch_optional(db)
        .await?;
    let Some(row) = found else {
        return Ok(None);
    };
    credential.seen(db, row.stale).await?;
    Ok(Some(row.user))
}

/// A signed-in browser.
#[derive(Clone, Debug, FromRow)]
pub struct SessionRow {
    /// The sign-in's id, kept in the session cookie's data.
    pub id: Uuid,
    /// When the browser signed in.
    pub created_at: OffsetDateTime,
    /// When it was last seen, to the minute.
    pub last_seen_at: OffsetDateTime,
    /// What the browser called itself.
    pub user_agent: Option<String>,
}

/// How long a browser may stay away before its sign-in lapses; the session cookie's store
/// forgets it after the same time.
pub const SESSION_DAYS: i64 = 14;

/// Records a sign-in, forgetting the user's sign-ins that lapsed.
pub async fn insert_session(
    db: &PgPool,
    id: Uuid,
    user_id: Uuid,
    user_agent: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "delete from user_sessions where user_id = $1 \
         and last_seen_at < now() - make_interval(days => $2::int)",
        user_id,
        SESSION_DAYS as i32,
    )
    .execute(db)
    .await?;
    sqlx::query!(
        "insert into user_sessions (id, user_id, user_agent) values ($1, $2, $3)",
        id,
        user_id,
        user_agent,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The user's signed-in browsers that have not lapsed, most recently seen first.
pub async fn sessions(db: &PgPool, user_id: Uuid) -> sqlx::Result<Vec<SessionRow>> {
    sqlx::query_as!(
        SessionRow,
        "select id, created_at, last_seen_at, user_agent from user_sessions \
         where user_id = $1 and last_seen_at > now() - make_interval(days => $2::int) \
         order by last_seen_at desc, id",
        user_id,
        SESSION_DAYS as i32,
    )
    .fetch_all(db)
    .await
}

/// Ends every sign-in of the user except `keep`; returns how many ended.
pub async fn end_sessions(db: &PgPool, user_id: Uuid, keep: Option<Uuid>) -> sqlx::Result<u64> {
    let done = sqlx::query!(
        "delete from user_sessions where user_id = $1 and ($2::uuid is null or id <> $2)",
        user_id,
        keep,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// Ends one sign-in; answers whose it was, if it existed.
pub async fn end_session(db: &PgPool, id: Uuid) -> sqlx::Result<Option<Uuid>> {
    sqlx::query_scalar!(
        "delete from user_sessions where id = $1 returning user_id",
        id
    )
    .fetch_optional(db)
    .await
}

/// Stores a new password hash; with `revoke_tokens`, every API token of the user goes too.
pub async fn change_password(
    db: &PgPool,
    user_id: Uuid,
    hash: &str,
    keep_session: Option<Uuid>,
    revoke_tokens: bool,
) -> sqlx::Result<()> {
    let mut tx = crate::db::pool::begin(db).await?;
    sqlx::query!(
        "update users set password_hash = $2 where id = $1",
        user_id,
        hash
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "delete from user_sessions where user_id = $1 and ($2::uuid is null or id <> $2)",
        user_id,
        keep_session,
    )
    .execute(&mut *tx)
    .await?;
    if revoke_tokens {
        sqlx::query!("delete from api_tokens where user_id = $1", user_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}
