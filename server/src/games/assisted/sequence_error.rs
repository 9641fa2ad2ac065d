//! Why a declared sequence of play, or a step through it, was refused.

use super::refusal::RefusalKind;

/// A sequence that cannot be used, or a tracker step that cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceError {
    /// No turn kinds, or a kind without phases.
    #[error("{what} has no phases; declare at least one")]
    Empty {
        /// What is empty.
        what: String,
    },
    /// More of something than the kit accepts.
    #[error("{what}: {count} given, at most {max} are accepted")]
    TooMany {
        /// What there are too many of.
        what: String,
        /// How many were given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A code is malformed.
    #[error("the code `{code}` of {what} {problem}")]
    BadCode {
        /// Whose code.
        what: String,
        /// The code given.
        code: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A name, instruction or label is unusable.
    #[error("the {what} {problem}")]
    BadText {
        /// Which text.
        what: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A code appears twice.
    #[error("{what} `{code}` is declared twice")]
    Duplicate {
        /// What kind of code.
        what: String,
        /// The code.
        code: String,
    },
    /// A phase names a hook the game does not know.
    #[error("phase `{phase}` names the hook `{hook}`, which this game does not have")]
    UnknownHook {
        /// The phase.
        phase: String,
        /// The hook.
        hook: String,
    },
    /// A phase names a condition the game does not know.
    #[error("phase `{phase}` depends on `{condition}`, which this game does not decide")]
    UnknownCondition {
        /// The phase.
        phase: String,
        /// The condition.
        condition: String,
    },
    /// Every phase of a turn kind has a condition, so a turn could have no phase at all.
    #[error(
        "every phase of turn kind `{kind}` has a condition; at least one must always be played"
    )]
    AllConditional {
        /// The turn kind.
        kind: String,
    },
    /// A turn number is outside the game.
    #[error("turn {turn} {problem}")]
    BadTurn {
        /// The turn.
        turn: u32,
        /// What is wrong.
        problem: String,
    },
    /// A turn is given a kind that is not declared.
    #[error("turn {turn} is given the kind `{kind}`, which is not declared")]
    UnknownKind {
        /// The turn.
        turn: u32,
        /// The kind named.
        kind: String,
    },
    /// The calendar cannot name the turns.
    #[error("the calendar {problem}")]
    BadCalendar {
        /// What is wrong.
        problem: String,
    },
    /// An edited sequence drops the phase the game is in.
    #[error(
        "the game is in phase `{phase}`, which the edited sequence no longer has; edit it once that phase is over"
    )]
    CurrentPhaseMissing {
        /// The current phase.
        phase: String,
    },
    /// The caller is not among those the phase waits for.
    #[error("this phase is not yours to end: it waits for {waiting}")]
    NotYourPhase {
        /// Who the phase waits for, in words.
        waiting: String,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A side took back "finished" without having said it.
    #[error("you have not finished this phase, so there is nothing to take back")]
    NotFinished,
    /// The tracker points at a phase the sequence does not have.
    #[error("turn {turn} has no phase number {index}")]
    NoSuchPhase {
        /// The turn.
        turn: u32,
        /// The phase index.
        index: usize,
    },
}

impl SequenceError {
    /// A stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            SequenceError::Empty { .. } => "sequence_empty",
            SequenceError::TooMany { .. } => "sequence_too_large",
            SequenceError::BadCode { .. } => "sequence_bad_code",
            SequenceError::BadText { .. } => "sequence_bad_text",
            SequenceError::Duplicate { .. } => "sequence_duplicate",
            SequenceError::UnknownHook { .. } => "sequence_unknown_hook",
            SequenceError::UnknownCondition { .. } => "sequence_unknown_condition",
            SequenceError::AllConditional { .. } => "sequence_all_conditional",
            SequenceError::BadTurn { .. } => "sequence_bad_turn",
            SequenceError::UnknownKind { .. } => "sequence_unknown_kind",
            SequenceError::BadCalendar { .. } => "sequence_bad_calendar",
            SequenceError::CurrentPhaseMissing { .. } => "current_phase_missing",
            SequenceError::NotYourPhase { .. } => "not_your_phase",
            SequenceError::GameOver => "game_over",
            SequenceError::NotFinished => "not_finished",
            SequenceError::NoSuchPhase { .. } => "no_such_phase",
        }
    }

    /// Whether it is a missing thing, a wrong moment, or a sequence against the rules.
    pub fn kind(&self) -> RefusalKind {
        match self {
            SequenceError::CurrentPhaseMissing { .. }
            | SequenceError::NotYourPhase { .. }
            | SequenceError::GameOver
            | SequenceError::NotFinished => RefusalKind::NotNow,
            SequenceError::NoSuchPhase { .. } => RefusalKind::NoSuchThing,
            _ => RefusalKind::AgainstTheRules,
        }
    }
}
