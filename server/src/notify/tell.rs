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

/// Notices a change calls for, gathered so that they are queued in one statement.
#[derive(Default)]
pub struct Notices(Vec<Pending>);

/// A notice to queue: its receivers and its words.
struct Pending {
    roles: Vec<Role>,
    words: Words,
    except: Option<Uuid>,
    only: Option<Uuid>,
}

impl Notices {
    /// Adds a notice for the participants of `roles` (leaving out `except`; only `only`, if set).
    pub fn add(&mut self, roles: &[Role], words: Words, except: Option<Uuid>, only: Option<Uuid>) {
        self.0.push(Pending {
            roles: roles.to_vec(),
            words,
            except,
            only,
        });
    }

    /// Queues them all inside `tx`, in one statement.
    pub async fn queue(
        self,
        tx: &mut Transaction<'_, Postgres>,
        campaign: Uuid,
    ) -> sqlx::Result<()> {
        let notices: Vec<Notice<'_>> = self
            .0
            .iter()
            .map(|p| Notice {
                roles: &p.roles,
                except: p.except,
                only: p.only,
                subject: &p.words.subject,
                body: &p.words.body,
                link: &p.words.link,
            })
            .collect();
        db::notify::enqueue(tx, campaign, &notices).await.map(drop)
    }
}

/// The game moved from `old` to `new`: everyone hears of a resolved turn, and each role the game
/// now waits for (and did not before) hears that it is its move.
pub fn standing_changed(
    notices: &mut Notices,
    campaign: Uuid,
    name: &str,
    old: Option<&Standing>,
    new: &Standing,
) {
    let Some(old) = old else {
        return;
    };
    let new_turn = old.turn != new.turn;
    if new_turn {
        let words = notices::turn_resolved(campaign, name, &old.turn, new);
        notices.add(&EVERYONE, words, None, None);
    }
    for awaited in &new.awaited {
        let before = old.awaits(awaited.role);
        if new_turn || before != Some(awaited.what.as_str()) {
            let words = notices::your_move(campaign, name, new, &awaited.what);
            notices.add(&[awaited.role], words, None, None);
        }
    }
}

/// The umpire ended the campaign: everyone hears, with how to verify the dice.
pub async fn campaign_ended(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
) -> sqlx::Result<()> {
    let mut notices = Notices::default();
    notices.add(
        &EVERYONE,
        notices::campaign_ended(campaign, name),
        None,
        None,
    );
    notices.queue(tx, campaign).await
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
    let mut notices = Notices::default();
    match only {
        // A private line: the player, and every umpire.
        Some(player) => {
            let sides = [Role::Soviet, Role::Finnish];
            notices.add(&sides, words.clone(), Some(author.0), Some(player));
            notices.add(&[Role::Umpire], words, Some(author.0), None);
        }
        None => notices.add(roles, words, Some(author.0), None),
    }
    notices.queue(tx, campaign).await
}

/// A log entry the game marks notable (a battle, a reveal, a correction): its audience hears,
/// except whoever caused it.
pub fn logged(
    notices: &mut Notices,
    campaign: Uuid,
    name: &str,
    entry: &db::game::NewEvent,
    author: Option<Uuid>,
) {
    let roles: &[Role] = match entry.audience {
        Audience::Public => &EVERYONE,
        Audience::Soviet => &[Role::Soviet, Role::Umpire],
        Audience::Finnish => &[Role::Finnish, Role::Umpire],
        Audience::Umpire => &[Role::Umpire],
    };
    let words = notices::logged(campaign, name, &entry.moment, &entry.sentence);
    notices.add(roles, words, author, None);
}
