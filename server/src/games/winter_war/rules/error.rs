//! The rules' refusals: each names the rule it applies, with a kind and a stable code.

use crate::core::refusal::{Refusal, RefusalKind};
use crate::games::assisted::charts::ChartError;

/// Why the Winter War rules refuse a calculation, a roll or an entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WinterWarError {
    /// A Combat Results Table column key is not a percentage band.
    #[error(
        "CRT column `{key}` is not a percentage band such as ≤49%, 50-99%, 600–699% or ≥700% (14.0)"
    )]
    BadBand {
        /// The key entered.
        key: String,
    },
    /// The CRT's percentage bands leave a gap, overlap, or are not open at both ends.
    #[error("the CRT columns must run from ≤N% to ≥M% without gaps or overlaps: {problem} (14.0)")]
    BandsNotContiguous {
        /// What is wrong.
        problem: String,
    },
    /// No attacking strength may be committed: AF 0, laager or static units (13.0, 13.2).
    #[error("{unit} cannot attack: {reason} (13.0)")]
    CannotAttack {
        /// The unit.
        unit: String,
        /// Why.
        reason: &'static str,
    },
    /// Finnish, Allied and volunteer units never combine their strength in one attack (7.1, 19.1).
    #[error("Finnish, Allied and volunteer units cannot combine their strength in an attack (7.1)")]
    MixedNationalities,
    /// A combat result that 14.2 does not define.
    #[error("`{code}` is not a combat result of 14.2")]
    UnknownResult {
        /// The code read.
        code: String,
    },
    /// The unit does not break down (11.1).
    #[error("{unit} does not break down into smaller units (11.1)")]
    NoBreakdown {
        /// The unit.
        unit: String,
    },
    /// Reorganization needs supply, no enemy zone of control and no suppression (11.2, 16.1).
    #[error("{unit} cannot reorganize: {reason} (11.2)")]
    CannotReorganize {
        /// The units.
        unit: String,
        /// Why.
        reason: &'static str,
    },
    /// A random event that no definition of 17.2 or 17.3 names.
    #[error("`{name}` is not an event of 17.2 or 17.3")]
    UnknownEvent {
        /// The cell text.
        name: String,
    },
    /// An event table column that is not a game turn or a range of them (17.1).
    #[error(
        "event table column `{key}` must be a game turn such as 3 or a range such as 4-6 (17.1)"
    )]
    BadTurnColumn {
        /// The key entered.
        key: String,
    },
    /// Random events are not rolled on the last game turn (17.1).
    #[error("no random events are rolled on the last game turn, GT {turn} (17.1)")]
    NoEventsNow {
        /// The game turn.
        turn: u32,
    },
    /// A game turn outside the game.
    #[error("GT {turn} is not a game turn (GT 1 to {last})")]
    NoSuchTurn {
        /// The turn asked for.
        turn: u32,
        /// The last game turn.
        last: u32,
    },
    /// An amphibious operation during a freeze (20.3).
    #[error("no amphibious operations while the freeze is in effect (20.3)")]
    AmphibiousInFreeze,
    /// A side asked for a roll the rules give the other side.
    #[error("this roll is the {side} player's (or the umpire's) to make")]
    NotYourRoll {
        /// Whose roll it is.
        side: &'static str,
    },
    /// An entered chart is missing or cannot be read.
    #[error("{0}")]
    Chart(#[from] ChartError),
}

impl Refusal for WinterWarError {
    fn kind(&self) -> RefusalKind {
        match self {
            WinterWarError::Chart(e) => e.kind(),
            WinterWarError::NoEventsNow { .. } | WinterWarError::AmphibiousInFreeze => {
                RefusalKind::NotNow
            }
            WinterWarError::NoSuchTurn { .. } | WinterWarError::UnknownEvent { .. } => {
                RefusalKind::NoSuchThing
            }
            _ => RefusalKind::AgainstTheRules,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            WinterWarError::BadBand { .. } => "crt_bad_band",
            WinterWarError::BandsNotContiguous { .. } => "crt_bands_not_contiguous",
            WinterWarError::CannotAttack { .. } => "cannot_attack",
            WinterWarError::MixedNationalities => "mixed_nationalities",
            WinterWarError::UnknownResult { .. } => "unknown_result",
            WinterWarError::NoBreakdown { .. } => "no_breakdown",
            WinterWarError::CannotReorganize { .. } => "cannot_reorganize",
            WinterWarError::UnknownEvent { .. } => "unknown_event",
            WinterWarError::BadTurnColumn { .. } => "bad_turn_column",
            WinterWarError::NoEventsNow { .. } => "no_events_now",
            WinterWarError::NoSuchTurn { .. } => "no_such_turn",
            WinterWarError::AmphibiousInFreeze => "amphibious_in_freeze",
            WinterWarError::NotYourRoll { .. } => "not_your_roll",
            WinterWarError::Chart(e) => e.code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_rule_and_have_stable_codes() {
        let e = WinterWarError::NoEventsNow { turn: 11 };
        assert_eq!(e.kind(), RefusalKind::NotNow);
        assert_eq!(e.code(), "no_events_now");
        assert!(e.to_string().contains("(17.1)"));
        let chart = WinterWarError::from(ChartError::NoSuchChart {
            chart: "crt".into(),
        });
        assert_eq!(chart.kind(), RefusalKind::NoSuchThing);
        assert_eq!(chart.code(), "no_such_chart");
        assert_eq!(
            WinterWarError::MixedNationalities.kind(),
            RefusalKind::AgainstTheRules
        );
    }
}
