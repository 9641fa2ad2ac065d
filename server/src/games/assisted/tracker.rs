//! Where a game is in its sequence of play: the turn, its label, the phase, who is waited for.

use super::sequence::{Actor, PhaseSpec, Sequence, SequenceError, TurnLabeller};
use crate::core::domain::{Role, Side};
use serde::{Deserialize, Serialize};

/// The turn and phase the game is in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tracker {
    /// The turn, from 1.
    pub turn: u32,
    /// The index of the phase in the turn's kind.
    pub phase: usize,
    /// Who plays first this turn.
    pub first_player: Side,
    /// The last turn, if known; a game may move it (e.g. a variable game length).
    pub last_turn: Option<u32>,
    /// The sides that have finished a phase both sides play.
    pub done: Vec<Side>,
    /// Whether the game has ended.
    pub finished: bool,
}

/// A point in the sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseAt {
    /// The turn.
    pub turn: u32,
    /// The turn's kind.
    pub kind: String,
    /// The phase's code.
    pub phase: String,
}

/// Whether a hook runs as its phase begins or ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookWhen {
    /// As the phase begins.
    Enter,
    /// As the phase ends.
    Leave,
}

/// A hook the game must now run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookCall {
    /// The hook's code.
    pub hook: String,
    /// On entering or leaving.
    pub when: HookWhen,
    /// The phase it belongs to.
    pub at: PhaseAt,
}

/// What one `advance` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "happened", rename_all = "snake_case")]
pub enum Happened {
    /// One side finished a phase both play; the other is still waited for.
    SideDone {
        /// The side that finished.
        side: Side,
    },
    /// The game moved to another phase (perhaps of a new turn).
    PhaseChanged {
        /// The phase left.
        from: PhaseAt,
        /// The phase entered.
        to: PhaseAt,
        /// Phases passed over because their condition did not hold.
        skipped: Vec<String>,
    },
    /// The last phase of the last turn ended.
    GameEnded {
        /// The phase left.
        from: PhaseAt,
    },
}

/// The result of `advance`: what happened and the hooks the game must run, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advance {
    /// What happened.
    pub happened: Happened,
    /// Hooks to run: the left phase's `on_leave`, then the entered phase's `on_enter`.
    pub hooks: Vec<HookCall>,
}

fn calls(phase: &PhaseSpec, when: HookWhen, at: &PhaseAt) -> Vec<HookCall> {
    let list = match when {
        HookWhen::Enter => &phase.on_enter,
        HookWhen::Leave => &phase.on_leave,
    };
    list.iter()
        .map(|hook| HookCall {
            hook: hook.clone(),
            when,
            at: at.clone(),
        })
        .collect()
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Soviet => "the Soviet player",
        Role::Finnish => "the Finnish player",
        Role::Umpire => "the umpire",
    }
}

impl Tracker {
    /// Turn 1 at its first phase whose condition holds (`holds` answers for condition codes),
    /// with the hooks of entering it. The sequence must have passed `validate`.
    pub fn start(
        seq: &Sequence,
        holds: &dyn Fn(&str) -> bool,
    ) -> Result<(Tracker, Vec<HookCall>), SequenceError> {
        let mut tracker = Tracker {
            turn: 1,
            phase: 0,
            first_player: seq.first_player,
            last_turn: seq.last_turn,
            done: Vec::new(),
            finished: false,
        };
        let mut skipped = Vec::new();
        tracker.settle(seq, holds, &mut skipped)?;
        let at = tracker.at(seq)?;
        let hooks = calls(
            seq.phase(tracker.turn, tracker.phase)?,
            HookWhen::Enter,
            &at,
        );
        Ok((tracker, hooks))
    }

    /// Moves forward from the current index to the first phase whose condition holds.
    fn settle(
        &mut self,
        seq: &Sequence,
        holds: &dyn Fn(&str) -> bool,
        skipped: &mut Vec<String>,
    ) -> Result<(), SequenceError> {
        loop {
            let phase = seq.phase(self.turn, self.phase)?;
            match &phase.only_if {
                Some(condition) if !holds(condition) => {
                    skipped.push(phase.code.clone());
                    self.phase += 1;
                }
                _ => return Ok(()),
            }
        }
    }

    /// Where the game is.
    pub fn at(&self, seq: &Sequence) -> Result<PhaseAt, SequenceError> {
        let kind = seq.kind_of(self.turn).ok_or(SequenceError::NoSuchPhase {
            turn: self.turn,
            index: self.phase,
        })?;
        Ok(PhaseAt {
            turn: self.turn,
            kind: kind.code.clone(),
            phase: seq.phase(self.turn, self.phase)?.code.clone(),
        })
    }

    /// The current phase.
    pub fn phase<'a>(&self, seq: &'a Sequence) -> Result<&'a PhaseSpec, SequenceError> {
        seq.phase(self.turn, self.phase)
    }

    /// "Dec I 39, Soviet movement phase": the moment events are logged under.
    pub fn moment(&self, seq: &Sequence, labeller: &dyn TurnLabeller) -> String {
        match seq.phase(self.turn, self.phase) {
            Ok(phase) => format!("{}, {}", labeller.label(self.turn), phase.name),
            Err(_) => labeller.label(self.turn),
        }
    }

    /// The roles the current phase still waits for (the umpire alone in an umpire's phase).
    pub fn waiting_for(&self, seq: &Sequence) -> Vec<Role> {
        if self.finished {
            return Vec::new();
        }
        match seq.phase(self.turn, self.phase) {
            Ok(phase) if phase.actor == Actor::Umpire => vec![Role::Umpire],
            Ok(phase) => phase
                .actor
                .sides(self.first_player)
                .into_iter()
                .filter(|s| !self.done.contains(s))
                .map(Side::role)
                .collect(),
            Err(_) => vec![Role::Umpire],
        }
    }

    /// What `role` does now, in one sentence.
    pub fn now_for(&self, seq: &Sequence, labeller: &dyn TurnLabeller, role: Role) -> String {
        if self.finished {
            return format!(
                "The game is over; it ended in {}.",
                labeller.label(self.turn)
            );
        }
        let moment = self.moment(seq, labeller);
        let waiting = self.waiting_for(seq);
        let instructions = seq
            .phase(self.turn, self.phase)
            .map(|p| p.instructions.as_str())
            .unwrap_or_default();
        let others = waiting
            .iter()
            .map(|&r| role_name(r))
            .collect::<Vec<_>>()
            .join(" and ");
        if waiting.contains(&role) {
            let also = if waiting.len() > 1 {
                " (both sides play this phase)"
            } else {
                ""
            };
            format!("{moment}: your move{also}. {instructions}")
                .trim_end()
                .to_string()
        } else if role.side().is_some_and(|s| self.done.contains(&s)) {
            format!("{moment}: you have finished; waiting for {others}.")
        } else if role == Role::Umpire {
            {
                let verb = if waiting.len() > 1 { "act" } else { "acts" };
                format!("{moment}: {others} {verb} now; you may end the phase for them.")
            }
        } else {
            format!("{moment}: waiting for {others}.")
        }
    }

    /// Ends the current phase for `by` (a side waited for, or the umpire for anyone) and
    /// moves on, skipping phases whose condition does not hold.
    pub fn advance(
        &mut self,
        seq: &Sequence,
        by: Role,
        holds: &dyn Fn(&str) -> bool,
    ) -> Result<Advance, SequenceError> {
        if self.finished {
            return Err(SequenceError::GameOver);
        }
        let waiting = self.waiting_for(seq);
        if by != Role::Umpire && !waiting.contains(&by) {
            let names: Vec<_> = waiting.iter().map(|&r| role_name(r)).collect();
            return Err(SequenceError::NotYourPhase {
                waiting: names.join(" and "),
            });
        }
        if let Some(side) = by.side()
            && waiting.len() > 1
        {
            self.done.push(side);
            return Ok(Advance {
                happened: Happened::SideDone { side },
                hooks: Vec::new(),
            });
        }
        let from = self.at(seq)?;
        let mut hooks = calls(self.phase(seq)?, HookWhen::Leave, &from);
        let mut next = self.clone();
        next.done.clear();
        next.phase += 1;
        let turn_len = seq.kind_of(next.turn).map_or(0, |k| k.phases.len());
        let mut skipped = Vec::new();
        let mut remaining = turn_len.saturating_sub(next.phase);
        // Conditional phases left in this turn may all be skipped: then the turn ends.
        while remaining > 0 {
            let phase = seq.phase(next.turn, next.phase)?;
            match &phase.only_if {
                Some(c) if !holds(c) => {
                    skipped.push(phase.code.clone());
                    next.phase += 1;
                    remaining -= 1;
                }
                _ => break,
            }
        }
        if remaining == 0 {
            if next.last_turn.is_some_and(|last| next.turn >= last) {
                self.finished = true;
                self.done.clear();
                return Ok(Advance {
                    happened: Happened::GameEnded { from },
                    hooks,
                });
            }
            next.turn += 1;
            next.phase = 0;
            next.first_player = seq.first_player;
            next.settle(seq, holds, &mut skipped)?;
        }
        let to = next.at(seq)?;
        hooks.extend(calls(next.phase(seq)?, HookWhen::Enter, &to));
        *self = next;
        Ok(Advance {
            happened: Happened::PhaseChanged { from, to, skipped },
            hooks,
        })
    }

    /// `side` takes back that it finished the current phase (the other side has not finished
    /// yet, or the phase would have ended): the phase waits for it again.
    pub fn reopen(&mut self, side: Side) -> Result<(), SequenceError> {
        if self.finished {
            return Err(SequenceError::GameOver);
        }
        let before = self.done.len();
        self.done.retain(|s| *s != side);
        if self.done.len() == before {
            return Err(SequenceError::NotFinished);
        }
        Ok(())
    }

    /// Ends the game where it stands (a sudden death, a ceasefire).
    pub fn end(&mut self) {
        self.finished = true;
        self.done.clear();
    }

    /// Keeps the tracker on the same phase after the umpire edits the sequence: refused when
    /// the edited sequence no longer has the phase the game is in.
    pub fn rebase(&mut self, old: &Sequence, new: &Sequence) -> Result<(), SequenceError> {
        let code = self.phase(old)?.code.clone();
        let index = new
            .kind_of(self.turn)
            .and_then(|k| k.phases.iter().position(|p| p.code == code))
            .ok_or(SequenceError::CurrentPhaseMissing { phase: code })?;
        self.phase = index;
        self.last_turn = new.last_turn.or(self.last_turn);
        Ok(())
    }
}
