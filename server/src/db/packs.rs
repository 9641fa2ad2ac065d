//! Imported scenario packs: the TOML text a user sent, kept by its owner, published or not.

use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// An imported pack.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PackRow {
    /// Its id.
    pub id: Uuid,
    /// The game's code.
    pub game: String,
    /// Its title (the scenario's name in the pack).
    pub title: String,
    /// The pack's TOML text as sent.
    pub text: String,
    /// Who imported it.
    pub owner: Uuid,
    /// The owner's username.
    pub owner_name: String,
    /// Whether everyone may see and use it.
    pub published: bool,
    /// When it was imported.
    pub created_at: OffsetDateTime,
    /// When its text last changed.
    pub updated_at: OffsetDateTime,
}

const COLUMNS: &str = "p.id, p.game, p.title, p.text, p.owner, u.username as owner_name, \
     p.published, p.created_at, p.updated_at";

/// Keeps a new pack for `owner`; answers its id.
pub async fn insert(
    db: &PgPool,
    game: &str,
    title: &str,
    text: &str,
    owner: Uuid,
) -> sqlx::Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query!(
        "insert into scenario_packs (id, game, title, text, owner) values ($1, $2, $3, $4, $5)",
        id,
        game,
        title,
        text,
        owner,
    )
    .execute(db)
    .await?;
    Ok(id)
}

/// One pack, whoever owns it.
pub async fn get(db: &PgPool, id: Uuid) -> sqlx::Result<Option<PackRow>> {
    // The column list is shared with `visible`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {COLUMNS} from scenario_packs p join users u on u.id = p.owner where p.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The packs `user` owns and those anyone published, of `game` when given, newest first, at
/// most `limit`.
pub async fn visible(
    db: &PgPool,
    user: Uuid,
    game: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<PackRow>> {
    // The column list is shared with `get`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {COLUMNS} from scenario_packs p join users u on u.id = p.owner
         where (p.owner = $1 or p.published) and ($2::text is null or p.game = $2)
         order by p.created_at desc limit $3"
    ))
    .bind(user)
    .bind(game)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Replaces the title and text of `owner`'s pack; false when there is no such pack of theirs.
pub async fn replace(
    db: &PgPool,
    id: Uuid,
    owner: Uuid,
    title: &str,
    text: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "update scenario_packs set title = $3, text = $4, updated_at = now()
         where id = $1 and owner = $2",
        id,
        owner,
        title,
        text,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Publishes or withdraws `owner`'s pack; false when there is no such pack of theirs.
pub async fn set_published(
    db: &PgPool,
    id: Uuid,
    owner: Uuid,
    published: bool,
) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "update scenario_packs set published = $3 where id = $1 and owner = $2",
        id,
        owner,
        published,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
