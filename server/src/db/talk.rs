//! Table talk as stored: messages per channel, numbered within the channel, and how far each
//! reader has read.

use sqlx::{FromRow, PgPool, Postgres, Transaction};
use time::OffsetDateTime;
use uuid::Uuid;

/// A message as stored.
#[derive(Clone, Debug, FromRow)]
pub struct MessageRow {
    /// Its number within the channel, from 1.
    pub seq: i64,
    /// The author's name.
    pub author: String,
    /// The author's role code.
    pub author_role: String,
    /// The text.
    pub body: String,
    /// The log entry it is about, if any.
    pub about: Option<String>,
    /// When it was written.
    pub created_at: OffsetDateTime,
}

/// Appends a message to `channel` inside `tx`, numbered after the channel's last (the campaign
/// row is locked so that two writers never take one number); the caller notes it for the
/// channel's readers after the commit.
/// Answers its number.
#[allow(clippy::too_many_arguments)]
pub async fn append(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    channel: &str,
    author: Uuid,
    author_role: &str,
    body: &str,
    about: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query!(
        "select id from campaigns where id = $1 for update",
        campaign
    )
    .fetch_optional(&mut **tx)
    .await?;
    sqlx::query_scalar!(
        "insert into talk_messages (id, campaign_id, channel, seq, author_id, author_role, body, about) \
         select $1, $2, $3, coalesce(max(seq), 0) + 1, $4, $5, $6, $7 from talk_messages \
         where campaign_id = $2 and channel = $3 returning seq",
        Uuid::new_v4(),
        campaign,
        channel,
        author,
        author_role,
        body,
        about,
    )
    .fetch_one(&mut **tx)
    .await
}

/// The messages of `channel` numbered below `before`, newest first, at most `limit`.
pub async fn page(
    db: &PgPool,
    campaign: Uuid,
    channel: &str,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<MessageRow>> {
    sqlx::query_as!(
        MessageRow,
        "select m.seq, u.username as author, m.author_role, m.body, m.about, m.created_at \
         from talk_messages m join users u on u.id = m.author_id \
         where m.campaign_id = $1 and m.channel = $2 and m.seq < $3 order by m.seq desc limit $4",
        campaign,
        channel,
        before,
        limit,
    )
    .fetch_all(db)
    .await
}

/// Marks `channel` read by `user` up to message `seq`.
pub async fn mark_read(
    db: &PgPool,
    campaign: Uuid,
    user: Uuid,
    channel: &str,
    seq: i64,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into talk_reads (campaign_id, user_id, channel, seq) values ($1, $2, $3, $4) \
         on conflict (campaign_id, user_id, channel) do update set seq = greatest(talk_reads.seq, excluded.seq)",
        campaign,
        user,
        channel,
        seq,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// How many messages others wrote that `user` has not read, per channel of `campaign` the user
/// may read (or per campaign, with `campaign` `None`), for the channels `readable` names as SQL
/// over the participant row `p` and message row `m`.
pub async fn unread<'e>(
    db: impl sqlx::PgExecutor<'e>,
    user: Uuid,
    campaign: Option<Uuid>,
) -> sqlx::Result<Vec<(Uuid, String, i64)>> {
    sqlx::query!(
        r#"select m.campaign_id, m.channel, count(*) as "count!" from talk_messages m
         join participants p on p.campaign_id = m.campaign_id and p.user_id = $1 and p.removed_at is null
         left join talk_reads r on r.campaign_id = m.campaign_id and r.user_id = $1 and r.channel = m.channel
         where m.author_id <> $1 and m.seq > coalesce(r.seq, 0)
           and ($2::uuid is null or m.campaign_id = $2)
           and (m.channel = 'public' or p.role = 'umpire' or m.channel = p.role
                or m.channel = 'private-' || $1::text)
         group by m.campaign_id, m.channel"#,
        user,
        campaign,
    )
    .map(|r| (r.campaign_id, r.channel, r.count))
    .fetch_all(db)
    .await
}
