//! What happens at an assisted table, as the log keeps it: each event with who may read it.

use crate::core::domain::{Role, Side};
use crate::dice::audience::Audience;
use crate::games::assisted::catalogue::Answer;
use serde::{Deserialize, Serialize};

/// What happened at the table, as logged (the payload of a log entry).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DeskEvent {
    /// The campaign started.
    Started {
        /// The first moment.
        moment: String,
    },
    /// A phase ended, a side finished its part (or took that back), or the game ended.
    Advanced {
        /// Who ended it.
        by: Role,
        /// What happened, for people.
        sentence: String,
        /// What the hooks did or ask for.
        notes: Vec<String>,
    },
    /// A unit was added, changed, marked or removed.
    Roster {
        /// Whose unit.
        side: Side,
        /// Who changed it.
        by: Role,
        /// The change, for people.
        sentence: String,
        /// Whether the enemy sees something of the unit (before or after the change), so that
        /// the enemy's view moves too.
        #[serde(default)]
        seen_by_enemy: bool,
    },
    /// A chart version was entered.
    Chart {
        /// The chart's code.
        code: String,
        /// Its name.
        name: String,
        /// The new version.
        version: u32,
        /// Who entered it.
        by: Role,
    },
    /// The umpire changed the sequence of play.
    Sequence {
        /// How many phases a turn of each kind now has, for people.
        sentence: String,
    },
    /// The umpire ruled outside the rules' course: corrected a unit out of its phase, or waived
    /// losses owed (a line both sides read).
    Umpired {
        /// What the umpire did, for people.
        sentence: String,
    },
    /// A side sealed a value, or both sealed values were shown (a line both sides read).
    Sealed {
        /// What happened, for people.
        sentence: String,
    },
    /// The game ended, with its result.
    Ended {
        /// How it ended and who won.
        outcome: crate::games::assisted::victory::Outcome,
    },
    /// A dice procedure or an action ran.
    Ran {
        /// Its name.
        name: String,
        /// Its title.
        title: String,
        /// Who ran it.
        by: Role,
        /// Who may read it.
        audience: Audience,
        /// Its answer.
        answer: Answer,
    },
}

impl DeskEvent {
    /// Who may read the event in the log.
    pub fn audience(&self) -> Audience {
        match self {
            DeskEvent::Started { .. }
            | DeskEvent::Advanced { .. }
            | DeskEvent::Chart { .. }
            | DeskEvent::Sequence { .. }
            | DeskEvent::Umpired { .. }
            | DeskEvent::Sealed { .. }
            | DeskEvent::Ended { .. } => Audience::Public,
            DeskEvent::Roster { side, .. } => side_audience(*side),
            DeskEvent::Ran { audience, .. } => *audience,
        }
    }

    /// Whether the event changes what the enemy of a unit's owner sees.
    pub fn seen_by_enemy(&self) -> bool {
        matches!(
            self,
            DeskEvent::Roster {
                seen_by_enemy: true,
                ..
            }
        )
    }

    /// A short machine kind.
    pub fn kind(&self) -> &'static str {
        match self {
            DeskEvent::Started { .. } => "started",
            DeskEvent::Advanced { .. } => "advanced",
            DeskEvent::Roster { .. } => "roster_changed",
            DeskEvent::Chart { .. } => "chart_entered",
            DeskEvent::Sequence { .. } => "sequence_changed",
            DeskEvent::Umpired { .. } => "umpire_ruled",
            DeskEvent::Sealed { .. } => "sealed",
            DeskEvent::Ended { .. } => "game_ended",
            DeskEvent::Ran { .. } => "ran",
        }
    }

    /// The event for people.
    pub fn sentence(&self) -> String {
        match self {
            DeskEvent::Started { moment } => format!("The campaign starts: {moment}."),
            DeskEvent::Advanced {
                sentence, notes, ..
            } => std::iter::once(sentence)
                .chain(notes)
                .filter(|s| !s.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(" "),
            DeskEvent::Roster { sentence, .. } => sentence.clone(),
            DeskEvent::Sequence { sentence }
            | DeskEvent::Umpired { sentence }
            | DeskEvent::Sealed { sentence } => sentence.clone(),
            DeskEvent::Ended { outcome } => format!("The game is over. {}", outcome.sentence()),
            DeskEvent::Chart {
                name, version, by, ..
            } => {
                format!("{} entered version {version} of the {name}.", who(*by))
            }
            DeskEvent::Ran {
                title, by, answer, ..
            } => {
                let last = answer.steps.last().cloned().unwrap_or_default();
                format!("{}: {title}. {last}", who(*by))
            }
        }
    }
}

pub(super) fn side_audience(side: Side) -> Audience {
    match side {
        Side::Soviet => Audience::Soviet,
        Side::Finnish => Audience::Finnish,
    }
}

/// The role's name in a sentence.
pub fn who(role: Role) -> &'static str {
    match role {
        Role::Soviet => "The Soviet player",
        Role::Finnish => "The Finnish player",
        Role::Umpire => "The umpire",
    }
}
