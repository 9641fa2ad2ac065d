//! "Your move": the signed-in home page, and the campaign list's lines, built from where each
//! game stands (never from a game's state): the turn and phase, what is waited for and from whom,
//! the deadline in the reader's own time zone.

use crate::campaigns::api::{self as campaigns, CampaignListItem};
use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::core::zone::Zone;
use crate::db::standing::Awaited;
use crate::db::users::User;
use crate::state::AppState;
use crate::web::auth::MaybeUser;
use crate::web::pages::Due;
use crate::web::pages::{Nav, render};
use askama::Template;
use axum::extract::State;
use axum::response::Response;
use uuid::Uuid;

/// One campaign's line on the list and the home page.
pub struct Line {
    /// The campaign's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Its game's title.
    pub game_title: &'static str,
    /// The reader's role.
    pub role: Role,
    /// The reader's role in words ("the umpire").
    pub role_words: &'static str,
    /// Whether it has finished.
    pub finished: bool,
    /// The turn and phase, in words.
    pub turn: Option<String>,
    /// What the game waits for from the reader.
    pub your_move: Option<String>,
    /// Whom else it waits for, in words.
    pub others: Vec<String>,
    /// The deadline, if any.
    pub deadline: Option<Due>,
    /// Whether the umpire paused it.
    pub paused: bool,
    /// Messages of table talk others wrote that the reader has not read.
    pub unread: i64,
}

impl Line {
    fn of(item: CampaignListItem, unread: i64, zone: &Zone) -> Line {
        let finished = item.status == "finished";
        let others = item
            .standing
            .as_ref()
            .filter(|_| !finished)
            .map(|s| {
                s.awaited
                    .iter()
                    .filter(|a| a.role != item.my_role)
                    .map(awaited_words)
                    .collect()
            })
            .unwrap_or_default();
        Line {
            id: item.id,
            name: item.name,
            game_title: item.game.title(),
            role: item.my_role,
            role_words: role_words(item.my_role),
            finished,
            turn: item.standing.as_ref().map(|s| match &s.phase {
                Some(phase) => format!("{} · {phase}", s.turn),
                None => s.turn.clone(),
            }),
            your_move: item.your_move,
            others,
            deadline: item
                .pace
                .deadline
                .filter(|_| !finished)
                .map(|at| Due::of(at, zone)),
            paused: item.pace.paused_at.is_some() && !finished,
            unread,
        }
    }
}

/// The reader's campaigns as lines, those waiting for the reader first, with times in the
/// reader's zone. Both reads run on one connection, one after the other: the pool pings every
/// connection it takes back, so each connection a page takes costs a round trip of its own.
pub async fn lines(state: &AppState, reader: &User) -> Result<Vec<Line>, AppError> {
    let (user, zone) = (reader.id, reader.zone());
    let mut db = state.db.acquire().await?;
    let unread = crate::db::talk::unread(&mut *db, user, None).await?;
    let unread_in = |id: Uuid| -> i64 {
        unread
            .iter()
            .filter(|(c, _, _)| *c == id)
            .map(|(_, _, n)| n)
            .sum()
    };
    Ok(campaigns::list(state, &mut *db, user)
        .await?
        .into_iter()
        .map(|item| {
            let n = unread_in(item.id);
            Line::of(item, n, &zone)
        })
        .collect())
}

#[derive(Template)]
#[template(path = "core/campaigns/your_move.html")]
struct YourMovePage {
    nav: Nav,
    waiting_for_you: Vec<Line>,
    others: Vec<Line>,
}

/// `GET /`: "Your move" for the signed-in, a welcome for visitors.
pub async fn home(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> Result<Response, AppError> {
    let Some(user) = user else {
        return Ok(crate::accounts::sign::welcome());
    };
    let (waiting_for_you, others): (Vec<Line>, Vec<Line>) = lines(&state, &user)
        .await?
        .into_iter()
        .filter(|l| !l.finished)
        .partition(|l| l.your_move.is_some());
    Ok(render(&YourMovePage {
        nav: Nav {
            waiting: i64::try_from(waiting_for_you.len()).unwrap_or(i64::MAX),
            ..Nav::for_user(&user)
        },
        waiting_for_you,
        others,
    }))
}

/// Someone a game waits for, named for people: "the Soviet player", "the umpire".
pub fn awaited_words(a: &Awaited) -> String {
    format!("{}: {}", role_words(a.role), a.what)
}

/// A role as people name it in a sentence.
pub fn role_words(role: Role) -> &'static str {
    match role {
        Role::Soviet => "the Soviet player",
        Role::Finnish => "the Finnish player",
        Role::Umpire => "the umpire",
    }
}
