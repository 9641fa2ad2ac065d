//! A declared sequence of play (turn kinds, phases, who acts, hooks) and the tracker that walks it.

use super::refusal::{code_problem, label_problem};
pub use super::sequence_error::SequenceError;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The most turn kinds (day, night, …) a sequence may declare.
pub const MAX_KINDS: usize = 8;
/// The most phases one turn kind may list.
pub const MAX_PHASES: usize = 40;
/// The most hooks one phase may name.
pub const MAX_HOOKS: usize = 10;
/// The longest game a sequence may declare, in turns.
pub const MAX_TURNS: u32 = 1000;

/// Who acts in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// The Soviet player.
    Soviet,
    /// The Finnish player.
    Finnish,
    /// Both players; the phase ends when both have finished (or the umpire moves it on).
    Both,
    /// The umpire.
    Umpire,
    /// Whoever plays first this turn.
    FirstPlayer,
    /// Whoever plays second this turn.
    SecondPlayer,
}

impl Actor {
    /// The sides acting in this phase when `first` plays first; empty for the umpire.
    pub fn sides(self, first: Side) -> Vec<Side> {
        match self {
            Actor::Soviet => vec![Side::Soviet],
            Actor::Finnish => vec![Side::Finnish],
            Actor::Both => vec![Side::Soviet, Side::Finnish],
            Actor::Umpire => Vec::new(),
            Actor::FirstPlayer => vec![first],
            Actor::SecondPlayer => vec![first.enemy()],
        }
    }
}

/// What a phase is for, as far as who may change what on the table depends on it: a side moves
/// its units in its own movement phases, either side's units retreat, advance and take their
/// losses in a combat phase, and the owner places a marker only where the marker's rule says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Activity {
    /// The sides set up their units.
    Setup,
    /// Supply is traced and its markers placed.
    Supply,
    /// Reinforcements arrive and their owner places them.
    Reinforcement,
    /// The acting side moves its units.
    Movement,
    /// Attacks are fought; units on either side retreat and advance as their results say.
    Combat,
    /// Units lose steps to the weather or their supply (rolled losses the owner then takes).
    Attrition,
    /// Random events are rolled and carried out.
    Events,
}

impl Activity {
    /// Its name in a sentence: "movement".
    pub fn name(self) -> &'static str {
        match self {
            Activity::Setup => "setup",
            Activity::Supply => "supply",
            Activity::Reinforcement => "reinforcement",
            Activity::Movement => "movement",
            Activity::Combat => "combat",
            Activity::Attrition => "attrition",
            Activity::Events => "random events",
        }
    }
}

/// One phase of a turn as the game declares it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseSpec {
    /// A machine code, unique within its turn kind, e.g. `initial`.
    pub code: String,
    /// The phase's name in the rules, e.g. "Soviet initial phase".
    pub name: String,
    /// Who acts.
    pub actor: Actor,
    /// What the acting player does, one sentence shown to them.
    #[serde(default)]
    pub instructions: String,
    /// Hooks the game runs when the phase begins.
    #[serde(default)]
    pub on_enter: Vec<String>,
    /// Hooks the game runs when the phase ends.
    #[serde(default)]
    pub on_leave: Vec<String>,
    /// A condition code the game decides; the phase is skipped while it does not hold.
    #[serde(default)]
    pub only_if: Option<String>,
    /// What the phase is for (movement, combat, …): what a side may change of its own units in
    /// it follows from this.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activities: Vec<Activity>,
}

impl PhaseSpec {
    /// A phase with no hooks and no condition; set `on_enter`, `on_leave` or `only_if` after.
    pub fn new(code: &str, name: &str, actor: Actor, instructions: &str) -> PhaseSpec {
        PhaseSpec {
            code: code.into(),
            name: name.into(),
            actor,
            instructions: instructions.into(),
            on_enter: Vec::new(),
            on_leave: Vec::new(),
            only_if: None,
            activities: Vec::new(),
        }
    }

    /// The phase, declared to be for `activities`.
    pub fn doing(mut self, activities: &[Activity]) -> PhaseSpec {
        self.activities = activities.to_vec();
        self
    }

    /// Whether the phase is for any of `activities`.
    pub fn does(&self, activities: &[Activity]) -> bool {
        self.activities.iter().any(|a| activities.contains(a))
    }
}

/// Hook codes as a phase stores them.
pub fn hooks(codes: &[&str]) -> Vec<String> {
    codes.iter().map(|c| (*c).to_owned()).collect()
}

/// A kind of turn with its own phase list (e.g. day and night turns).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnKind {
    /// A machine code, e.g. `night`.
    pub code: String,
    /// Its name for people, e.g. "Night turn".
    pub name: String,
    /// The phases in order.
    pub phases: Vec<PhaseSpec>,
}

/// How turns are named when the game supplies no labeller of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "style", rename_all = "snake_case")]
pub enum Calendar {
    /// "Turn 1", "GT 2": a prefix and the number.
    Numbered {
        /// The word before the number.
        prefix: String,
    },
    /// One label per turn from the first; later turns fall back to "Turn n".
    Listed {
        /// The labels, turn 1 first.
        labels: Vec<String>,
    },
    /// Half-month turns from `month` (1-12) of `year`, half 1 or 2: "Dec I 39", "Dec II 39".
    HalfMonths {
        /// The year of turn 1.
        year: i32,
        /// The month of turn 1.
        month: u8,
        /// The half of turn 1.
        half: u8,
    },
}

/// Names a turn: a declared calendar, or a game's own labeller (e.g. from its turn track).
pub trait TurnLabeller {
    /// The label of turn `turn` (1-based).
    fn label(&self, turn: u32) -> String;
}

impl TurnLabeller for Calendar {
    fn label(&self, turn: u32) -> String {
        const MONTHS: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        match self {
            Calendar::Numbered { prefix } => format!("{prefix} {turn}"),
            Calendar::Listed { labels } => turn
                .checked_sub(1)
                .and_then(|i| labels.get(i as usize))
                .cloned()
                .unwrap_or_else(|| format!("Turn {turn}")),
            Calendar::HalfMonths { year, month, half } => {
                let start = i64::from(*year) * 24
                    + (i64::from(*month).clamp(1, 12) - 1) * 2
                    + (i64::from(*half).clamp(1, 2) - 1);
                let at = start + i64::from(turn.max(1)) - 1;
                let (y, m, h) = (at.div_euclid(24), at.rem_euclid(24) / 2, at % 2);
                let half = if h == 0 { "I" } else { "II" };
                format!("{} {half} {:02}", MONTHS[m as usize], y.rem_euclid(100))
            }
        }
    }
}

/// A whole sequence of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequence {
    /// The turn kinds; the first is every turn's kind unless `kind_by_turn` says otherwise.
    pub kinds: Vec<TurnKind>,
    /// Turns of another kind than the first, by turn number.
    #[serde(default)]
    pub kind_by_turn: BTreeMap<u32, String>,
    /// Who plays first in each turn unless the game changes it for a turn.
    pub first_player: Side,
    /// The last turn, if the game has a fixed length (a game may move it later).
    pub last_turn: Option<u32>,
    /// How turns are named.
    pub calendar: Calendar,
}

fn text(
    what: impl Into<String>,
    value: &str,
    max: usize,
    may_be_empty: bool,
) -> Result<(), SequenceError> {
    if may_be_empty && value.is_empty() {
        return Ok(());
    }
    match label_problem(value, max) {
        None => Ok(()),
        Some(problem) => Err(SequenceError::BadText {
            what: what.into(),
            problem,
        }),
    }
}

fn code(what: impl Into<String>, value: &str) -> Result<(), SequenceError> {
    match code_problem(value) {
        None => Ok(()),
        Some(problem) => Err(SequenceError::BadCode {
            what: what.into(),
            code: value.into(),
            problem,
        }),
    }
}

fn at_most(what: &str, count: usize, max: usize) -> Result<(), SequenceError> {
    if count > max {
        return Err(SequenceError::TooMany {
            what: what.into(),
            count,
            max,
        });
    }
    Ok(())
}

/// A turn kind's phases: at least one, not too many, each with its own code, its words and only
/// the hooks and conditions the game interprets, and not all of them conditional.
fn validate_phases(
    kind: &TurnKind,
    hooks: &[&str],
    conditions: &[&str],
) -> Result<(), SequenceError> {
    if kind.phases.is_empty() {
        return Err(SequenceError::Empty {
            what: format!("turn kind `{}`", kind.code),
        });
    }
    at_most(
        &format!("phases of turn kind `{}`", kind.code),
        kind.phases.len(),
        MAX_PHASES,
    )?;
    let mut phases = BTreeSet::new();
    for (i, phase) in kind.phases.iter().enumerate() {
        code(
            format!("phase {} of turn kind `{}`", i + 1, kind.code),
            &phase.code,
        )?;
        if !phases.insert(phase.code.as_str()) {
            return Err(SequenceError::Duplicate {
                what: format!("phase of turn kind `{}`", kind.code),
                code: phase.code.clone(),
            });
        }
        text(
            format!("name of phase `{}`", phase.code),
            &phase.name,
            80,
            false,
        )?;
        text(
            format!("instructions of phase `{}`", phase.code),
            &phase.instructions,
            300,
            true,
        )?;
        at_most(
            &format!("hooks of phase `{}`", phase.code),
            phase.on_enter.len() + phase.on_leave.len(),
            MAX_HOOKS,
        )?;
        for hook in phase.on_enter.iter().chain(&phase.on_leave) {
            if !hooks.contains(&hook.as_str()) {
                return Err(SequenceError::UnknownHook {
                    phase: phase.code.clone(),
                    hook: hook.clone(),
                });
            }
        }
        if let Some(condition) = &phase.only_if
            && !conditions.contains(&condition.as_str())
        {
            return Err(SequenceError::UnknownCondition {
                phase: phase.code.clone(),
                condition: condition.clone(),
            });
        }
    }
    if kind.phases.iter().all(|p| p.only_if.is_some()) {
        return Err(SequenceError::AllConditional {
            kind: kind.code.clone(),
        });
    }
    Ok(())
}

impl Sequence {
    /// Checks a declared or edited sequence: `hooks` and `conditions` are the codes the game
    /// interprets; the first problem found is refused, naming the kind, phase or turn.
    pub fn validate(&self, hooks: &[&str], conditions: &[&str]) -> Result<(), SequenceError> {
        if self.kinds.is_empty() {
            return Err(SequenceError::Empty {
                what: "the sequence of play".into(),
            });
        }
        at_most("turn kinds", self.kinds.len(), MAX_KINDS)?;
        let mut kinds = BTreeSet::new();
        for kind in &self.kinds {
            code("a turn kind", &kind.code)?;
            text(
                format!("name of turn kind `{}`", kind.code),
                &kind.name,
                80,
                false,
            )?;
            if !kinds.insert(kind.code.as_str()) {
                return Err(SequenceError::Duplicate {
                    what: "turn kind".into(),
                    code: kind.code.clone(),
                });
            }
            validate_phases(kind, hooks, conditions)?;
        }
        self.validate_turns(&kinds)?;
        self.validate_calendar()
    }

    /// The last turn is in the game, and every turn given its own kind is in the game and names
    /// one of `kinds`.
    fn validate_turns(&self, kinds: &BTreeSet<&str>) -> Result<(), SequenceError> {
        let last = self.last_turn.unwrap_or(MAX_TURNS);
        if last == 0 || last > MAX_TURNS {
            return Err(SequenceError::BadTurn {
                turn: last,
                problem: format!("cannot be the last turn; choose 1 to {MAX_TURNS}"),
            });
        }
        for (&turn, kind) in &self.kind_by_turn {
            if turn == 0 || turn > last {
                return Err(SequenceError::BadTurn {
                    turn,
                    problem: format!("is not in the game (turns 1 to {last})"),
                });
            }
            if !kinds.contains(kind.as_str()) {
                return Err(SequenceError::UnknownKind {
                    turn,
                    kind: kind.clone(),
                });
            }
        }
        Ok(())
    }

    fn validate_calendar(&self) -> Result<(), SequenceError> {
        let bad = |problem: String| Err(SequenceError::BadCalendar { problem });
        match &self.calendar {
            Calendar::Numbered { prefix } => text("calendar prefix", prefix, 24, false),
            Calendar::Listed { labels } => {
                at_most("calendar labels", labels.len(), MAX_TURNS as usize)?;
                if let Some(last) = self.last_turn
                    && labels.len() < last as usize
                {
                    return bad(format!(
                        "names {} turns but the game has {last}",
                        labels.len()
                    ));
                }
                for (i, label) in labels.iter().enumerate() {
                    text(
                        format!("calendar label of turn {}", i + 1),
                        label,
                        24,
                        false,
                    )?;
                }
                Ok(())
            }
            Calendar::HalfMonths { year, month, half } => {
                if !(1..=12).contains(month)
                    || !(1..=2).contains(half)
                    || !(1800..=2100).contains(year)
                {
                    return bad(format!(
                        "starts at month {month}, half {half} of {year}; months run 1-12, halves 1-2, years 1800-2100"
                    ));
                }
                Ok(())
            }
        }
    }

    /// The kind of turn `turn`.
    pub fn kind_of(&self, turn: u32) -> Option<&TurnKind> {
        match self.kind_by_turn.get(&turn) {
            Some(code) => self.kinds.iter().find(|k| &k.code == code),
            None => self.kinds.first(),
        }
    }

    /// The phase `index` of turn `turn`.
    pub fn phase(&self, turn: u32, index: usize) -> Result<&PhaseSpec, SequenceError> {
        self.kind_of(turn)
            .and_then(|k| k.phases.get(index))
            .ok_or(SequenceError::NoSuchPhase { turn, index })
    }
}

#[cfg(test)]
#[path = "sequence_tests.rs"]
mod tests;
