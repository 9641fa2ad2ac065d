//! Map pictures: one re-encoded picture per campaign, and where the grid lies on it.

use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// What the board needs of a picture: everything but its bytes.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PictureMeta {
    /// Its entity tag (a digest of the bytes).
    pub etag: String,
    /// Its width in pixels.
    pub width: i32,
    /// Its height in pixels.
    pub height: i32,
    /// The fit, as the game stored it.
    pub fit: Option<sqlx::types::Json<Value>>,
}

/// A picture's bytes to serve.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PictureBytes {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Their media type.
    pub content_type: String,
    /// Their entity tag.
    pub etag: String,
}

/// A picture to store.
pub struct NewPicture<'a> {
    /// The bytes.
    pub bytes: &'a [u8],
    /// Their media type.
    pub content_type: &'a str,
    /// Their entity tag.
    pub etag: &'a str,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
}

/// Stores `picture` as the campaign's, replacing any earlier one and its fit.
pub async fn put(
    db: &PgPool,
    campaign: Uuid,
    by: Uuid,
    picture: NewPicture<'_>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into map_pictures (campaign_id, bytes, content_type, etag, width, height, fit, uploaded_by)
         values ($1, $2, $3, $4, $5, $6, null, $7)
         on conflict (campaign_id) do update set bytes = excluded.bytes,
           content_type = excluded.content_type, etag = excluded.etag, width = excluded.width,
           height = excluded.height, fit = null, uploaded_by = excluded.uploaded_by,
           uploaded_at = now()",
        campaign,
        picture.bytes,
        picture.content_type,
        picture.etag,
        picture.width,
        picture.height,
        by,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The campaign's picture without its bytes, if it has one.
pub async fn meta(db: &PgPool, campaign: Uuid) -> sqlx::Result<Option<PictureMeta>> {
    sqlx::query_as!(
        PictureMeta,
        r#"select etag, width, height, fit as "fit: sqlx::types::Json<Value>"
         from map_pictures where campaign_id = $1"#,
        campaign,
    )
    .fetch_optional(db)
    .await
}

/// The campaign's picture's bytes, if it has one.
pub async fn bytes(db: &PgPool, campaign: Uuid) -> sqlx::Result<Option<PictureBytes>> {
    sqlx::query_as!(
        PictureBytes,
        "select bytes, content_type, etag from map_pictures where campaign_id = $1",
        campaign,
    )
    .fetch_optional(db)
    .await
}

/// Sets the fit of the picture whose tag is `etag`; false when there is no such picture (none,
/// or another was uploaded since the fit was made).
pub async fn set_fit(db: &PgPool, campaign: Uuid, etag: &str, fit: &Value) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "update map_pictures set fit = $3 where campaign_id = $1 and etag = $2",
        campaign,
        etag,
        sqlx::types::Json(fit) as _,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes the campaign's picture; false when it had none.
pub async fn remove(db: &PgPool, campaign: Uuid) -> sqlx::Result<bool> {
    let done = sqlx::query!("delete from map_pictures where campaign_id = $1", campaign)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}
