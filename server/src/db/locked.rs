//! What a command reads as it locks its campaign: the campaign row, the caller's role, the
//! dice material and the game's state, in one statement.

use super::campaigns::{CAMPAIGN_COLUMNS, CampaignRow};
use crate::core::domain::Role;
use sqlx::{FromRow, Postgres, Transaction};
use uuid::Uuid;

/// What a command reads as it locks its campaign, in one statement: the campaign row, the
/// caller's role, and (`fresh`) the dice material of its epoch and the game's state document.
pub struct Locked {
    /// The campaign, as locked.
    pub campaign: CampaignRow,
    /// The caller's role; the umpire's for a command the server runs itself.
    pub role: Role,
    /// Whether the credential of a `Runner::Caller` is still current (always, for the others).
    pub current: bool,
    /// The dice material and the state, or `None` when a change was committed while the lock
    /// was awaited: the statement read them as they stood before, so they must be read again.
    pub fresh: Option<Fresh>,
}

/// What a command needs besides its campaign row.
pub struct Fresh {
    /// The seeds of the campaign's dice epoch and the client seeds in effect.
    pub material: super::dice::Material,
    /// The game's state document, if the game has started: its revision, and its text unless
    /// this process keeps that revision (`db::kept_states`).
    pub state: Option<super::game::StateRead>,
}

impl Fresh {
    /// Reads them again, with the campaign locked by `tx`; the state's text unless its stored
    /// revision is `kept`.
    pub async fn read(
        tx: &mut Transaction<'_, Postgres>,
        campaign: &CampaignRow,
        kept: Option<i64>,
    ) -> sqlx::Result<Fresh> {
        let material = super::dice::material(&mut **tx, campaign.id, campaign.dice_epoch).await?;
        let state = super::game::stored(&mut **tx, campaign.id, kept).await?;
        Ok(Fresh { material, state })
    }
}

/// Who runs a command, as the lock checks them.
#[derive(Clone, Copy)]
pub enum Runner<'a> {
    /// The server itself, with the umpire's authority, acting on a passed deadline as the
    /// deadline watcher saw it before the lock: the lock takes the campaign only if it still has
    /// that deadline, passed with its grace, is not paused and is open, else reads no row
    /// (another process acted on it, a command moved the campaign on, the umpire changed the
    /// deadline or paused the clock).
    Deadline(time::OffsetDateTime),
    /// A participant.
    User(Uuid),
    /// A participant and the credential their request carried, which the lock checks is still
    /// current (their access may have been kept from an earlier request: see `Locked::current`).
    Caller(&'a super::users::Credential, Uuid),
}

impl Runner<'_> {
    /// The participant, if one runs the command.
    pub fn user(&self) -> Option<Uuid> {
        match *self {
            Runner::Deadline(_) => None,
            Runner::User(user) | Runner::Caller(_, user) => Some(user),
        }
    }
}

/// Locks campaign `id` for a command of `runner` and reads what the command needs in the same
/// statement (see `Locked`); `None` when there is no such campaign, the runner's user takes no
/// part in it, or a deadline's claim no longer holds. The claim is in the statement's condition,
/// which PostgreSQL evaluates again on the newest row once a lock it waited for is released.
/// The state's text is left out when its stored revision is `kept_revision`, the one this
/// process keeps.
pub async fn lock_for_command(
    tx: &mut Transaction<'_, Postgres>,
    id: Uuid,
    runner: Runner<'_>,
    kept_revision: Option<i64>,
) -> sqlx::Result<Option<Locked>> {
    #[derive(FromRow)]
    struct Row {
        #[sqlx(flatten)]
        campaign: CampaignRow,
        role: Role,
        // The campaign's version as the statement's snapshot saw it, before any wait for the
        // lock; the locked row is its newest version.
        seen_version: i64,
        #[sqlx(flatten)]
        material: super::dice::MaterialRow,
        revision: Option<i64>,
        state: Option<String>,
        current: bool,
    }
    let user = runner.user();
    let (role, participant, kept) = match user {
        Some(_) => (
            "p.role",
            " join participants p on p.campaign_id = c.id and p.user_id = $2 and p.removed_at is null",
            "$3",
        ),
        None => ("'umpire'", "", "$2"),
    };
    let current = match runner {
        Runner::Caller(..) => format!(
            "(exists (select from {} and u.id = $2) or exists (select from {} and u.id = $2))",
            super::users::Credential::token_source("$4"),
            super::users::Credential::session_source("$5"),
        ),
        Runner::User(_) | Runner::Deadline(_) => "true".to_owned(),
    };
    let claim = match runner {
        Runner::Deadline(_) => {
            " and c.orders_deadline = $3 \
             and c.orders_deadline + c.grace_minutes * interval '1 minute' <= now() \
             and c.paused_at is null and c.status = 'open'"
        }
        Runner::User(_) | Runner::Caller(..) => "",
    };
    // The clauses above are chosen by the runner and the participant, and the columns are shared
    // with the other reads of a campaign row; a query macro takes one literal statement.
    let sql = format!(
        "select {CAMPAIGN_COLUMNS}, {role} as role, {current} as current, \
           (select s.version from campaigns s where s.id = c.id) as seen_version, {material}, \
           (select g.revision from game_states g where g.campaign_id = c.id) as revision, \
           (select case when g.revision = {kept} then null else g.state::text end \
              from game_states g where g.campaign_id = c.id) as state \
         from campaigns c{participant} where c.id = $1{claim} for update of c",
        material = super::dice::material_columns("c.id", "c.dice_epoch"),
    );
    let query = sqlx::query_as::<_, Row>(&sql).bind(id);
    let query = match user {
        Some(user) => query.bind(user),
        None => query,
    };
    let query = query.bind(kept_revision);
    let query = match runner {
        Runner::Caller(credential, _) => query
            .bind(credential.token_hash())
            .bind(credential.session_id()),
        Runner::Deadline(deadline) => query.bind(deadline),
        Runner::User(_) => query,
    };
    let found = query.fetch_optional(&mut **tx).await.map_err(match user {
        Some(user) => super::codes::in_row(format!("campaign {id}, user {user}")),
        None => super::codes::in_row(format!("campaign {id}")),
    })?;
    let Some(row) = found else {
        return Ok(None);
    };
    let fresh = (row.seen_version == row.campaign.version).then(|| Fresh {
        material: row.material.split(),
        state: row.revision.map(|revision| super::game::StateRead {
            revision,
            text: row.state,
        }),
    });
    Ok(Some(Locked {
        current: row.current,
        role: row.role,
        campaign: row.campaign,
        fresh,
    }))
}
