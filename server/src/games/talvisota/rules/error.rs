//! Why a Talvisota command or data file was refused, in sentences a player or umpire can act on.

use super::map::SpaceId;
use serde::{Deserialize, Serialize};

/// A map or counter file that cannot be used, naming the line to fix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct DataError {
    /// The 1-based line (0 when the problem is the file as a whole).
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl DataError {
    /// An error at `line`.
    pub fn at(line: usize, message: String) -> Self {
        DataError { line, message }
    }
}

/// A command the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", content = "detail", rename_all = "snake_case")]
pub enum TalvisotaError {
    /// The game is in another phase.
    #[error(
        "this cannot be done now: the game is in the {current} phase, it needs the {needed} phase (rule 2.4)"
    )]
    WrongPhase {
        /// The phase the game is in.
        current: String,
        /// The phase the command needs.
        needed: String,
    },
    /// The game has ended.
    #[error("the game is over (rule 1.2)")]
    GameOver,
    /// A side acted out of turn.
    #[error("it is not the {} player's turn to act here (rule 2.4)", .0.adjective())]
    NotYourTurn(crate::core::domain::Side),
    /// An id names no piece of the right side.
    #[error("there is no {kind} `{id}` on your side")]
    UnknownPiece {
        /// What was looked for.
        kind: String,
        /// The id given.
        id: String,
    },
    /// A space id is not on the map.
    #[error("there is no space `{0}` on the map")]
    UnknownSpace(SpaceId),
    /// A piece is used twice.
    #[error("`{0}` is used more than once this turn (rules 3.2.2, 3.2.3, 3.3.1)")]
    UsedTwice(String),
    /// A piece cannot be used now.
    #[error("`{id}` is not available: {reason}")]
    Unavailable {
        /// The piece.
        id: String,
        /// Why.
        reason: String,
    },
    /// A command sheet breaks a strategy's limits.
    #[error("{strategy}: {message} (rule {rule})")]
    StrategyLimit {
        /// The strategy.
        strategy: String,
        /// What is wrong.
        message: String,
        /// The rule.
        rule: String,
    },
    /// A target or movement is not allowed on the map.
    #[error("{message} (rule {rule})")]
    IllegalMove {
        /// What is wrong.
        message: String,
        /// The rule.
        rule: String,
    },
    /// A combat reference names nothing waiting to be resolved.
    #[error("no unresolved combat of {0} is on the map")]
    NoSuchCombat(String),
    /// Combats are still waiting.
    #[error("resolve every placed combat strategy first (rule 4.1): {0} left")]
    CombatsPending(usize),
    /// Morale would not cover a recovery.
    #[error(
        "recovering these units costs {cost} morale points; Soviet morale is {morale} (rule 4.5.4)"
    )]
    MoraleTooLow {
        /// The cost.
        cost: i32,
        /// The morale available.
        morale: i32,
    },
    /// The state was built for the other mode.
    #[error("{0}")]
    Mode(String),
}

impl TalvisotaError {
    /// A strategy-limit error.
    pub fn limit(strategy: impl Into<String>, message: impl Into<String>, rule: &str) -> Self {
        TalvisotaError::StrategyLimit {
            strategy: strategy.into(),
            message: message.into(),
            rule: rule.to_string(),
        }
    }

    /// An illegal-move error.
    pub fn illegal(message: impl Into<String>, rule: &str) -> Self {
        TalvisotaError::IllegalMove {
            message: message.into(),
            rule: rule.to_string(),
        }
    }
}

impl crate::core::refusal::Refusal for TalvisotaError {
    fn kind(&self) -> crate::core::refusal::RefusalKind {
        use crate::core::refusal::RefusalKind::{AgainstTheRules, NotNow};
        match self {
            TalvisotaError::WrongPhase { .. }
            | TalvisotaError::GameOver
            | TalvisotaError::NotYourTurn(_)
            | TalvisotaError::CombatsPending(_)
            | TalvisotaError::Mode(_) => NotNow,
            _ => AgainstTheRules,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            TalvisotaError::WrongPhase { .. } => "wrong_phase",
            TalvisotaError::GameOver => "game_over",
            TalvisotaError::NotYourTurn(_) => "not_your_turn",
            TalvisotaError::CombatsPending(_) => "combats_pending",
            TalvisotaError::Mode(_) => "wrong_mode",
            TalvisotaError::UnknownPiece { .. } => "unknown_piece",
            TalvisotaError::UnknownSpace(_) => "unknown_space",
            TalvisotaError::UsedTwice(_) => "used_twice",
            TalvisotaError::Unavailable { .. } => "unavailable",
            TalvisotaError::StrategyLimit { .. } => "strategy_limit",
            TalvisotaError::IllegalMove { .. } => "illegal_move",
            TalvisotaError::NoSuchCombat(_) => "no_such_combat",
            TalvisotaError::MoraleTooLow { .. } => "morale_too_low",
        }
    }
}
