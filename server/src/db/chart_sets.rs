//! Published chart sets: the charts one umpire entered, kept for any umpire of the same game.

use serde_json::Value;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// A published chart set.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChartSetRow {
    /// Its id.
    pub id: Uuid,
    /// The game's code.
    pub game: String,
    /// Its name.
    pub name: String,
    /// Who published it.
    pub published_by: String,
    /// The charts by code, as entered.
    pub charts: sqlx::types::Json<Value>,
    /// When.
    pub created_at: OffsetDateTime,
}

/// Publishes a set; `None` when the game already has a set of that name.
pub async fn publish(
    db: &PgPool,
    game: &str,
    name: &str,
    by: Uuid,
    charts: &Value,
) -> sqlx::Result<Option<Uuid>> {
    let id = Uuid::new_v4();
    let done = sqlx::query!(
        "insert into chart_sets (id, game, name, published_by, charts) values ($1, $2, $3, $4, $5)
         on conflict (game, name) do nothing",
        id,
        game,
        name,
        by,
        sqlx::types::Json(charts) as _,
    )
    .execute(db)
    .await?;
    Ok((done.rows_affected() == 1).then_some(id))
}

/// The sets of `game`, newest first, at most `limit`.
pub async fn list(db: &PgPool, game: &str, limit: i64) -> sqlx::Result<Vec<ChartSetRow>> {
    sqlx::query_as!(
        ChartSetRow,
        r#"select s.id, s.game, s.name, u.username as published_by,
           s.charts as "charts: sqlx::types::Json<Value>", s.created_at
         from chart_sets s join users u on u.id = s.published_by
         where s.game = $1 order by s.created_at desc limit $2"#,
        game,
        limit,
    )
    .fetch_all(db)
    .await
}

/// One set.
pub async fn get(db: &PgPool, id: Uuid) -> sqlx::Result<Option<ChartSetRow>> {
    sqlx::query_as!(
        ChartSetRow,
        r#"select s.id, s.game, s.name, u.username as published_by,
           s.charts as "charts: sqlx::types::Json<Value>", s.created_at
         from chart_sets s join users u on u.id = s.published_by where s.id = $1"#,
        id,
    )
    .fetch_optional(db)
    .await
}
