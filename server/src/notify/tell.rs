//! Queues the notifications a change calls for, inside the change's own transaction: a new
//! turn, a move now due, the end of a campaign, table talk.

use super::notices::{self, Words};
use crate::core::domain::Role;
use crate::db;
use crate::db::game::Audience;
use crate::db::notify::Notice;
use crate::db::standing::Standing;
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

/// Every role.
const EVERYONE: [Role; 3] = [Role::Soviet, Role::Finnish, Role::Umpire];

async fn queue(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    roles: &[Role],
    words: &Words,
    except: Option<Uuid>,
    only: Option<Uuid>,
) -> sqlx::Result<()> {
    db::notify::enqueue(
        tx,
        campaign,
        &Notice {
            roles,
            except,
            only,
            subject: &words.subject,
            body: &words.body,
            link: &words.link,
        },
    )
    .await
    .map(drop)
}

/// The game moved from `old` to `new`: everyone hears of a resolved turn, and each role the game
/// now waits for (and did not before) hears that it is its move.
pub async fn standing_changed(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
    old: Option<&Standing>,
    new: &Standing,
) -> sqlx::Result<()> {
    let Some(old) = old else {
        return Ok(());
    };
    let new_turn = old.turn != new.turn;
    if new_turn {
        let words = notices::turn_resolved(campaign, name, &old.turn, new);
        queue(tx, campaign, &EVERYONE, &words, None, None).await?;
    }
    for awaited in &new.awaited {
        let before = old.awaits(awaited.role);
        if new_turn || before != Some(awaited.what.as_str()) {
            let words = notices::your_move(campaign, name, new, &awaited.what);
            queue(tx, campaign, &[awaited.role], &words, None, None).await?;
        }
    }
    Ok(())
}

/// The umpire ended the campaign: everyone hears, with how to verify the dice.
pub async fn campaign_ended(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
) -> sqlx::Result<()> {
    let words = notices::campaign_ended(campaign, name);
    queue(tx, campaign, &EVERYONE, &words, None, None).await
}

/// Someone wrote at the table: the channel's other readers hear (`roles`; `only` a private
/// line's player besides the umpire).
#[allow(clippy::too_many_arguments)]
pub async fn talk(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
    channel_title: &str,
    roles: &[Role],
    only: Option<Uuid>,
    author: (Uuid, &str),
    text: &str,
) -> sqlx::Result<()> {
    let words = notices::talk(campaign, name, channel_title, author.1, text);
    match only {
        // A private line: the player, and every umpire.
        Some(player) => {
            queue(
                tx,
                campaign,
                &[Role::Soviet, Role::Finnish],
                &words,
                Some(author.0),
                Some(player),
            )
            .await?;
            queue(tx, campaign, &[Role::Umpire], &words, Some(author.0), None).await
        }
        None => queue(tx, campaign, roles, &words, Some(author.0), None).await,
    }
}

/// A log entry the game marks notable (a battle, a reveal, a correction): its audience hears,
/// except whoever caused it.
pub async fn logged(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
    entry: &db::game::NewEvent,
    author: Option<Uuid>,
) -> sqlx::Result<()> {
    let roles: &[Role] = match entry.audience {
        Audience::Public => &EVERYONE,
        Audience::Soviet => &[Role::Soviet, Role::Umpire],
        Audience::Finnish => &[Role::Finnish, Role::Umpire],
        Audience::Umpire => &[Role::Umpire],
    };
    let words = notices::logged(campaign, name, &entry.moment, &entry.sentence);
    queue(tx, campaign, roles, &words, author, None).await
}
