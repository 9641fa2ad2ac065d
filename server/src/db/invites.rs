//! Invite links: how many uses are left, when they expire, withdrawal, and the participants they
//! admit or the umpire removes.

use crate::core::domain::Role;
use sqlx::{FromRow, PgExecutor, PgPool, Postgres, Transaction};
use time::OffsetDateTime;
use uuid::Uuid;

/// An invite as stored.
#[derive(Clone, Debug, FromRow)]
pub struct InviteRow {
    /// The code in the link.
    pub code: String,
    /// The campaign it admits to.
    pub campaign_id: Uuid,
    /// The campaign's name.
    pub campaign_name: String,
    /// The role it grants (a stored code naming no role fails the read).
    pub role: Role,
    /// When it was made.
    pub created_at: OffsetDateTime,
    /// Uses left; `None` is unlimited.
    pub uses_left: Option<i32>,
    /// When it stops working; `None` is never.
    pub expires_at: Option<OffsetDateTime>,
    /// When the umpire withdrew it.
    pub withdrawn_at: Option<OffsetDateTime>,
}

const INVITE_COLUMNS: &str = "i.code, i.campaign_id, c.name as campaign_name, i.role, i.created_at, \
    i.uses_left, i.expires_at, i.withdrawn_at";

/// Stores a new invite.
pub async fn insert(
    db: &PgPool,
    code: &str,
    campaign: Uuid,
    role: Role,
    by: Uuid,
    uses: Option<i32>,
    expires_at: Option<OffsetDateTime>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into invites (code, campaign_id, role, created_by, uses_left, expires_at) \
         values ($1, $2, $3, $4, $5, $6)",
        code,
        campaign,
        role.code(),
        by,
        uses,
        expires_at,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The invite with this code, if any; `lock` holds it for the rest of the transaction.
pub async fn by_code<'e>(
    db: impl PgExecutor<'e>,
    code: &str,
    lock: bool,
) -> sqlx::Result<Option<InviteRow>> {
    let lock = if lock { " for update of i" } else { "" };
    // The column list is shared with `for_campaign`, and the lock clause is chosen by `lock`; a
    // query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {INVITE_COLUMNS} from invites i join campaigns c on c.id = i.campaign_id \
         where i.code = $1{lock}"
    ))
    .bind(code)
    .fetch_optional(db)
    .await
    .map_err(super::codes::in_row(format_args!("invite {code}")))
}

/// A campaign's invites that were not withdrawn, newest first.
pub async fn for_campaign(db: &PgPool, campaign: Uuid) -> sqlx::Result<Vec<InviteRow>> {
    // The column list is shared with `by_code`; a query macro takes one literal statement.
    sqlx::query_as(&format!(
        "select {INVITE_COLUMNS} from invites i join campaigns c on c.id = i.campaign_id \
         where i.campaign_id = $1 and i.withdrawn_at is null order by i.created_at desc, i.code"
    ))
    .bind(campaign)
    .fetch_all(db)
    .await
    .map_err(super::codes::in_row(format_args!(
        "an invite of campaign {campaign}"
    )))
}

/// Withdraws an invite of the campaign; false when it has none with this code still standing.
pub async fn withdraw(db: &PgPool, campaign: Uuid, code: &str) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "update invites set withdrawn_at = now() \
         where campaign_id = $1 and code = $2 and withdrawn_at is null",
        campaign,
        code,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes one use of an invite (unlimited ones stay unlimited).
pub async fn use_once(tx: &mut Transaction<'_, Postgres>, code: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "update invites set uses_left = uses_left - 1 where code = $1 and uses_left is not null",
        code,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A user's place in a campaign, removed or not.
#[derive(Clone, Debug, FromRow)]
pub struct Place {
    /// The role held (a stored code naming no role fails the read).
    pub role: Role,
    /// Whether the umpire removed the user.
    pub removed: bool,
}

/// The user's place in the campaign, if the user ever took part.
pub async fn place(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    user: Uuid,
) -> sqlx::Result<Option<Place>> {
    sqlx::query_as!(
        Place,
        r#"select role as "role: Role", removed_at is not null as "removed!" from participants
         where campaign_id = $1 and user_id = $2 for update"#,
        campaign,
        user,
    )
    .fetch_optional(&mut **tx)
    .await
    .map_err(super::codes::in_row(format_args!(
        "campaign {campaign}, user {user}"
    )))
}

/// Admits the user with `role`: a new participant, or a removed one returning to the same role.
pub async fn admit(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    user: Uuid,
    role: Role,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into participants (campaign_id, user_id, role) values ($1, $2, $3) \
         on conflict (campaign_id, user_id) do update set removed_at = null \
         where participants.role = excluded.role",
        campaign,
        user,
        role.code(),
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Marks a participant removed (the row, its orders and client seed stay); false when the user
/// is not a participant.
pub async fn remove_participant(db: &PgPool, campaign: Uuid, user: Uuid) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "update participants set removed_at = now() \
         where campaign_id = $1 and user_id = $2 and removed_at is null",
        campaign,
        user,
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
