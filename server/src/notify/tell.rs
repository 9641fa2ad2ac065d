//! Queues the notifications a change calls for, inside the change's own transaction: a move now
//! due (one message per reader per change in what they are awaited for, which carries the news
//! held since their last: a resolved turn, the log entries worth telling), the end of a campaign,
//! table talk. Whoever made the change is never told of it.

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
    held: bool,
}

impl Notices {
    /// Adds a notice for the participants of `roles` (leaving out `except`; only `only`, if set),
    /// to go at once.
    pub fn add(&mut self, roles: &[Role], words: Words, except: Option<Uuid>, only: Option<Uuid>) {
        self.0.push(Pending {
            roles: roles.to_vec(),
            words,
            except,
            only,
            held: false,
        });
    }

    /// Adds news for the participants of `roles` (leaving out `except`): it waits for each
    /// reader's next message, or digest, and goes with it.
    pub fn add_news(&mut self, roles: &[Role], words: Words, except: Option<Uuid>) {
        self.0.push(Pending {
            roles: roles.to_vec(),
            words,
            except,
            only: None,
            held: true,
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
                held: p.held,
            })
            .collect();
        db::notify::enqueue(tx, campaign, &notices).await.map(drop)
    }
}

/// A campaign and the change being told of: its id and name, the deadline now set, and who made
/// the change (never told of it).
pub struct Change<'a> {
    /// The campaign.
    pub campaign: Uuid,
    /// Its name.
    pub name: &'a str,
    /// The deadline after the change, if one is set.
    pub deadline: Option<time::OffsetDateTime>,
    /// Who made the change: a signed-in user, or nobody (a deadline passing).
    pub actor: Option<Uuid>,
}

/// The game moved from `old` to `new`: a resolved turn is news for everyone, and each role the
/// game now waits for something new hears that it is its move (the news goes with it).
pub fn standing_changed(
    notices: &mut Notices,
    change: &Change<'_>,
    old: Option<&Standing>,
    new: &Standing,
) {
    let Some(old) = old else {
        return;
    };
    let (campaign, name) = (change.campaign, change.name);
    let new_turn = old.turn != new.turn;
    if new_turn {
        let words = notices::turn_resolved(campaign, name, &old.turn, new);
        notices.add_news(&EVERYONE, words, change.actor);
    }
    // Times in a message are each reader's own: the sender writes the mark in their zone.
    let due = change.deadline.map(notices::time_mark);
    for awaited in &new.awaited {
        let before = old.awaits(awaited.role);
        if new_turn || before != Some(awaited.what.as_str()) {
            let words = notices::your_move(campaign, name, new, &awaited.what, due.as_deref());
            notices.add(&[awaited.role], words, change.actor, None);
        }
    }
}

/// The move `standing` awaits from `role` in campaign (`campaign`, `name`), if any, in words.
pub fn awaited_move(
    campaign: Uuid,
    name: &str,
    standing: &Standing,
    role: Role,
    deadline: Option<time::OffsetDateTime>,
) -> Option<Words> {
    let what = standing.awaits(role)?;
    let due = deadline.map(notices::time_mark);
    Some(notices::your_move(
        campaign,
        name,
        standing,
        what,
        due.as_deref(),
    ))
}

/// `user` joined `campaign` as `role`: if the game already waits for that role (the first move of
/// a new campaign), they hear so.
pub async fn joined(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    user: Uuid,
    role: Role,
) -> sqlx::Result<()> {
    let found = db::notify::standings_of(&mut **tx, user, Some(campaign)).await?;
    let mut notices = Notices::default();
    for (id, name, standing, deadline, _) in found {
        let Some(standing) = standing else { continue };
        if let Some(words) = awaited_move(id, &name, &standing.0, role, deadline) {
            notices.add(&[role], words, None, Some(user));
        }
    }
    notices.queue(tx, campaign).await
}

/// The umpire ended the campaign: everyone hears, with how to verify the dice.
pub async fn campaign_ended(
    tx: &mut Transaction<'_, Postgres>,
    campaign: Uuid,
    name: &str,
    actor: Option<Uuid>,
) -> sqlx::Result<()> {
    let mut notices = Notices::default();
    notices.add(
        &EVERYONE,
        notices::campaign_ended(campaign, name),
        actor,
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

/// A log entry the game marks notable (a battle, a reveal, a correction): news for its audience,
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
    notices.add_news(roles, words, author);
}
