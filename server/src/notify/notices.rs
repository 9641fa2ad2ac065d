//! What a notification says, built only from what every reader it goes to may see: the
//! campaign's name, where its game stands, the pace, and table talk of a channel they read.

use crate::core::domain::Role;
use crate::db::standing::Standing;
use time::OffsetDateTime;

/// A notification's words and the page it points to (a path under the server's URL).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The subject line.
    pub subject: String,
    /// The text.
    pub body: String,
    /// The page it is about.
    pub link: String,
}

fn campaign_link(campaign: uuid::Uuid) -> String {
    format!("/campaigns/{campaign}")
}

/// A time as a reader reads it in a mail or webhook message: in their time zone `zone` (an IANA
/// name such as `Europe/Helsinki`), or in UTC, saying so, while they have chosen none.
pub fn mail_time(at: OffsetDateTime, zone: Option<&str>) -> String {
    crate::core::zone::Zone::of(zone).words(at)
}

/// A time in a message queued for readers who may each have their own zone: a mark the sender
/// turns into the reader's own time (`localise`) as it writes the message.
pub fn time_mark(at: OffsetDateTime) -> String {
    format!("\u{27e6}{}\u{27e7}", at.unix_timestamp())
}

/// `text` with each time mark written in the reader's zone `zone` (see `mail_time`).
pub fn localise(text: &str, zone: Option<&str>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('\u{27e6}') {
        out.push_str(&rest[..start]);
        let after = &rest[start + '\u{27e6}'.len_utf8()..];
        let Some(end) = after.find('\u{27e7}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let instant = after[..end]
            .parse::<i64>()
            .ok()
            .and_then(|secs| OffsetDateTime::from_unix_timestamp(secs).ok());
        match instant {
            Some(at) => out.push_str(&mail_time(at, zone)),
            None => out.push_str(
                &rest[start..start + '\u{27e6}'.len_utf8() + end + '\u{27e7}'.len_utf8()],
            ),
        }
        rest = &after[end + '\u{27e7}'.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// The game now waits for the reader (by `due`, if a deadline is set, as `mail_time` gives it).
pub fn your_move(
    campaign: uuid::Uuid,
    name: &str,
    standing: &Standing,
    what: &str,
    due: Option<&str>,
) -> Words {
    let by = due.map(|d| format!(", due {d}")).unwrap_or_default();
    // A phase recurs every turn: the subject says which turn's.
    let what = match standing.phase {
        Some(_) if !what.contains(&standing.turn) => format!("{what}, {}", standing.turn),
        _ => what.to_owned(),
    };
    Words {
        subject: format!("Your move in {name}: {what}{by}"),
        body: format!(
            "{name} waits for you: {what}{by}.\nWhere the game stands: {}.",
            turn_words(standing)
        ),
        link: campaign_link(campaign),
    }
}

/// The link that confirms an e-mail address (a path under the server's URL, which the message
/// shows whole); nothing else goes to the address before it is opened.
pub fn confirm_address(address: &str, link: &str) -> Words {
    Words {
        subject: "motti: confirm your address".into(),
        body: format!(
            "Someone (we hope you) asked motti to send notifications to {address}. Open the link below and press \"Confirm\" to start them; until then nothing else is sent here. If it was not you, ignore this message."
        ),
        link: link.to_owned(),
    }
}

/// A turn or Hour resolved.
pub fn turn_resolved(campaign: uuid::Uuid, name: &str, was: &str, standing: &Standing) -> Words {
    Words {
        subject: format!("{name}: {was} has resolved"),
        body: format!(
            "{was} has resolved in {name}. Now: {}.",
            turn_words(standing)
        ),
        link: campaign_link(campaign),
    }
}

/// Most of the time to a deadline has gone and the reader has not finished.
pub fn deadline_near(campaign: uuid::Uuid, name: &str, what: &str, due: &str) -> Words {
    Words {
        subject: format!("{name}: due soon, {what}"),
        body: format!(
            "{name} still waits for you: {what}. It is due by {due}; after that the server plays your side's default."
        ),
        link: campaign_link(campaign),
    }
}

/// The umpire ended the campaign.
pub fn campaign_ended(campaign: uuid::Uuid, name: &str) -> Words {
    Words {
        subject: format!("{name} has ended"),
        body: format!(
            "The umpire has ended {name} and every dice seed is revealed. To verify every roll yourself, download the dice export from the campaign's dice tray and run `motti verify` on it (the page /dice/verify explains how)."
        ),
        link: format!("/campaigns/{campaign}/dice"),
    }
}

/// Someone wrote at the table in a channel the reader reads.
pub fn talk(campaign: uuid::Uuid, name: &str, channel: &str, author: &str, text: &str) -> Words {
    let excerpt: String = text.chars().take(400).collect();
    let more = if text.chars().count() > 400 {
        "…"
    } else {
        ""
    };
    Words {
        subject: format!("{name}: {author} wrote ({channel})"),
        body: format!("{author} wrote in {name} ({channel}):\n\n{excerpt}{more}"),
        link: format!("/campaigns/{campaign}/talk"),
    }
}

/// A log entry worth telling (a battle, a reveal, a correction), to those who may read it.
pub fn logged(campaign: uuid::Uuid, name: &str, moment: &str, sentence: &str) -> Words {
    let short: String = sentence.chars().take(120).collect();
    Words {
        subject: format!("{name}: {short}"),
        body: format!("{name}, {moment}:\n{sentence}"),
        link: campaign_link(campaign),
    }
}

/// An umpire invites the reader to a campaign, with the link to accept (an absolute URL).
pub fn invited(umpire: &str, name: &str, game: &str, role: Role, url: &str) -> Words {
    let role = match role {
        Role::Soviet => "the Soviet player",
        Role::Finnish => "the Finnish player",
        Role::Umpire => "an umpire",
    };
    Words {
        subject: format!("{umpire} invites you to {name}"),
        body: format!(
            "{umpire} invites you to {name}, a campaign of {game}, as {role}. Open the link to accept: {url}"
        ),
        link: url
            .find("/invites/")
            .map_or_else(|| "/".to_owned(), |i| url[i..].to_owned()),
    }
}

/// A target of the reader failed `failures` times in a row and is paused; sent to their other
/// targets (the paused one shows it on the notifications page).
pub fn target_paused(kind: &str, address: &str, failures: i32) -> Words {
    let what = if kind == "email" {
        "e-mail address"
    } else {
        "webhook"
    };
    Words {
        subject: format!("motti: notifications to your {what} are paused"),
        body: format!(
            "Delivery to your {what} {address} failed {failures} times in a row, so motti has paused it. Check it, then press \"Send a test\" on your notifications page to resume it."
        ),
        link: "/account/notifications".into(),
    }
}

/// A test message for a new target.
pub fn test_message() -> Words {
    Words {
        subject: "A test from motti".into(),
        body: "This is the test you asked for: notifications reach you here.".into(),
        link: "/account/notifications".into(),
    }
}

fn turn_words(standing: &Standing) -> String {
    match &standing.phase {
        Some(phase) => format!("{}, {phase}", standing.turn),
        None => standing.turn.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::standing::Awaited;

    #[test]
    fn notices_name_the_campaign_and_say_only_the_standing() {
        let id = uuid::Uuid::nil();
        let standing = Standing {
            turn: "Hour 3".into(),
            phase: None,
            awaited: vec![Awaited::new(Role::Finnish, "orders for Hour 3")],
        };
        let w = your_move(id, "Taipale", &standing, "orders for Hour 3", None);
        assert_eq!(w.subject, "Your move in Taipale: orders for Hour 3");
        let at = time::macros::datetime!(2026-12-03 18:00 UTC);
        let due = mail_time(at, None);
        assert_eq!(due, "Thu 3 Dec 18:00 UTC");
        // Queued with a mark, each reader reads it in their own zone.
        let queued = format!("due {}", time_mark(at));
        assert_eq!(localise(&queued, None), "due Thu 3 Dec 18:00 UTC");
        assert_eq!(
            localise(&queued, Some("Europe/Helsinki")),
            format!("due {}", mail_time(at, Some("Europe/Helsinki")))
        );
        assert!(localise(&queued, Some("Europe/Helsinki")).contains("20:00"));
        assert_eq!(
            localise("no mark \u{27e6}here", None),
            "no mark \u{27e6}here"
        );
        let w = your_move(id, "Taipale", &standing, "orders for Hour 3", Some(&due));
        assert_eq!(
            w.subject,
            "Your move in Taipale: orders for Hour 3, due Thu 3 Dec 18:00 UTC"
        );
        assert!(w.body.contains("Hour 3"));
        assert_eq!(w.link, format!("/campaigns/{id}"));
        let long = "x".repeat(900);
        let t = talk(id, "Taipale", "the Soviet side", "ivan", &long);
        assert!(t.body.ends_with('…') && t.body.chars().count() < 500);
    }
}
