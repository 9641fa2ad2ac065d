//! Where a campaign's game stands (turn, phase, whom it waits for), kept on the campaign's row so
//! that lists and notifications read it without loading any game's state.

use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

/// Someone a game waits for, and what for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Awaited {
    /// Who: a side's player or the umpire.
    pub role: Role,
    /// What for, in words ("orders for Hour 3, 1 December 06:00, Daylight").
    pub what: String,
}

impl Awaited {
    /// `role` is awaited for `what`.
    pub fn new(role: Role, what: impl Into<String>) -> Awaited {
        Awaited {
            role,
            what: what.into(),
        }
    }
}

/// Where a campaign's game stands. Everything in it is public within the campaign: every
/// participant's list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Standing {
    /// The turn or Hour as players name it.
    pub turn: String,
    /// The phase within it, if the game has phases.
    pub phase: Option<String>,
    /// Whom the game waits for now; empty when nobody (the game is over).
    pub awaited: Vec<Awaited>,
}

impl Standing {
    /// What the game waits for from `role`, if anything.
    pub fn awaits(&self, role: Role) -> Option<&str> {
        self.awaited
            .iter()
            .find(|a| a.role == role)
            .map(|a| a.what.as_str())
    }
}

/// Stores the standing of campaign `id` inside `tx`.
pub async fn save(
    tx: &mut Transaction<'_, Postgres>,
    id: Uuid,
    standing: &Standing,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update campaigns set standing = $2 where id = $1",
        id,
        sqlx::types::Json(standing) as _,
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Up to `limit` campaigns whose game has started but whose standing was never written (they
/// predate it), with their game and state document.
pub async fn missing(
    db: &PgPool,
    known: &[&str],
    limit: i64,
) -> sqlx::Result<Vec<(Uuid, String, serde_json::Value)>> {
    // Only campaigns of a game in `known` (the codes of the games the server plays): a campaign
    // whose stored game names none fails every read of it, naming the row, and is left as it
    // is here.
    sqlx::query!(
        r#"select c.id, c.game,
           s.state as "state: sqlx::types::Json<serde_json::Value>"
         from campaigns c join game_states s on s.campaign_id = c.id
         where c.standing is null and c.game = any($2) limit $1"#,
        limit,
        known as &[&str],
    )
    .map(|r| (r.id, r.game, r.state.0))
    .fetch_all(db)
    .await
}

/// Stores a standing outside a command (for campaigns that predate standings).
pub async fn backfill(db: &PgPool, id: Uuid, standing: &Standing) -> sqlx::Result<()> {
    sqlx::query!(
        "update campaigns set standing = $2 where id = $1 and standing is null",
        id,
        sqlx::types::Json(standing) as _,
    )
    .execute(db)
    .await?;
    Ok(())
}
