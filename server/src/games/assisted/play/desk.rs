//! An assisted game's table as one state document: its start, where it stands, and ending a
//! phase with the game's hooks (the other commands are in `commands`). Each command answers with
//! the events it logs; a refused command leaves the table as it was.

use super::event::{DeskEvent, who};
use crate::core::domain::Role;
use crate::dice::source::{Dice, RollSpec};
use crate::games::assisted::catalogue::{Refused, Table};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::declarations::{Context, Declarations};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::Roster;
use crate::games::assisted::sequence::{Sequence, TurnLabeller};
use crate::games::assisted::tracker::{Happened, HookCall, Tracker};
use serde::{Deserialize, Serialize};

/// The whole table of an assisted campaign.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Desk<D: Declarations> {
    /// The options chosen at creation.
    pub options: D::Options,
    /// The sequence of play.
    pub sequence: Sequence,
    /// Where the game stands in it.
    pub tracker: Tracker,
    /// Both sides' units.
    pub roster: Roster,
    /// The entered charts, every version kept.
    pub charts: ChartSet,
    /// The game's own records.
    pub extra: D::Extra,
    /// The shipped scenario pack the campaign started from, by code (`play::packs`); none for
    /// a campaign started without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<String>,
}

// Written out because a derive would ask the same of the declarations type `D` itself.
impl<D: Declarations> Clone for Desk<D> {
    fn clone(&self) -> Self {
        Desk {
            options: self.options.clone(),
            sequence: self.sequence.clone(),
            tracker: self.tracker.clone(),
            roster: self.roster.clone(),
            charts: self.charts.clone(),
            extra: self.extra.clone(),
            pack: self.pack.clone(),
        }
    }
}

impl<D: Declarations> PartialEq for Desk<D> {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.sequence == other.sequence
            && self.tracker == other.tracker
            && self.roster == other.roster
            && self.charts == other.charts
            && self.extra == other.extra
            && self.pack == other.pack
    }
}

impl<D: Declarations> std::fmt::Debug for Desk<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("moment", &self.moment())
            .field("units", &self.roster.units.len())
            .finish()
    }
}

pub(super) use crate::games::assisted::catalogue::refused;

impl<D: Declarations> Desk<D> {
    /// A new table for `options`, at the first phase of the first turn.
    pub fn start(options: D::Options) -> Result<(Desk<D>, Vec<DeskEvent>), Refused> {
        D::check_options(&options)
            .map_err(|m| refused(RefusalKind::AgainstTheRules, "invalid_options", m))?;
        let sequence = D::sequence(&options);
        sequence
            .validate(D::hooks(), D::conditions())
            .map_err(|e| Refused::of(&e))?;
        let extra = D::records(&options);
        let charts = ChartSet::default();
        let (tracker, calls) = {
            let context = Context::<D> {
                options: &options,
                extra: &extra,
                charts: &charts,
                turn: 1,
            };
            Tracker::start(&sequence, &|code| D::holds(code, &context))
                .map_err(|e| Refused::of(&e))?
        };
        let mut desk = Desk {
            options,
            sequence,
            tracker,
            roster: Roster::default(),
            charts,
            extra,
            pack: None,
        };
        let mut events = vec![DeskEvent::Started {
            moment: desk.moment(),
        }];
        let mut no_dice = NoDice::default();
        let notes = desk.run_hooks(&calls, &mut no_dice)?;
        if no_dice.asked {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "declaration_fault",
                "The game's start rolls dice, which a start may not do; this is a fault of the game's declarations.",
            ));
        }
        if !notes.is_empty() {
            events.push(DeskEvent::Advanced {
                by: Role::Umpire,
                sentence: String::new(),
                notes,
            });
        }
        Ok((desk, events))
    }

    /// "Dec I 39, Soviet movement phase".
    pub fn moment(&self) -> String {
        self.tracker
            .moment(&self.sequence, &self.sequence.calendar as &dyn TurnLabeller)
    }

    /// The current phase's code and name.
    pub fn phase(&self) -> (String, String) {
        self.tracker
            .phase(&self.sequence)
            .map(|p| (p.code.clone(), p.name.clone()))
            .unwrap_or_default()
    }

    /// The current turn's kind code.
    pub fn turn_kind(&self) -> String {
        self.sequence
            .kind_of(self.tracker.turn)
            .map(|k| k.code.clone())
            .unwrap_or_default()
    }

    /// What `role` does now, in a sentence.
    pub fn now_for(&self, role: Role) -> String {
        if self.tracker.finished
            && let Some(why) = D::ended(&self.extra, &self.options)
        {
            let turn = self.sequence.calendar.label(self.tracker.turn);
            return format!("The game is over; it ended in {turn}: {why}.");
        }
        self.tracker.now_for(
            &self.sequence,
            &self.sequence.calendar as &dyn TurnLabeller,
            role,
        )
    }

    /// Runs `f` on the table as `by` sees it at this moment.
    pub(super) fn at_table<R>(
        &mut self,
        by: Role,
        f: impl FnOnce(&mut Table<'_, D::Extra>) -> R,
    ) -> R {
        let spec = D::roster();
        let moment = self.moment();
        let (phase, _) = self.phase();
        let kind = self.turn_kind();
        let mut table = Table {
            roster: &mut self.roster,
            spec: &spec,
            extra: &mut self.extra,
            charts: &self.charts,
            by,
            moment: &moment,
            turn: self.tracker.turn,
            phase: &phase,
            turn_kind: &kind,
        };
        f(&mut table)
    }

    fn run_hooks(
        &mut self,
        calls: &[HookCall],
        dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        if calls.is_empty() {
            return Ok(Vec::new());
        }
        let options = self.options.clone();
        self.at_table(Role::Umpire, |table| {
            D::on_hooks(calls, table, &options, dice)
        })
    }

    /// `by`'s side takes back that it finished the phase, while the other side has not.
    pub fn reopen(&mut self, by: Role) -> Result<Vec<DeskEvent>, Refused> {
        let side = by.side().ok_or_else(|| {
            Refused::of(&crate::games::assisted::sequence_error::SequenceError::NotFinished)
        })?;
        self.tracker.reopen(side).map_err(|e| Refused::of(&e))?;
        Ok(vec![DeskEvent::Advanced {
            by,
            sentence: format!(
                "The {} player takes back that it had finished the phase.",
                side.adjective()
            ),
            notes: Vec::new(),
        }])
    }

    /// Ends the current phase for `by` (or the umpire for everyone) and runs the hooks.
    pub fn advance(&mut self, by: Role, dice: &mut dyn Dice) -> Result<Vec<DeskEvent>, Refused> {
        D::may_end_phase(&self.roster, &self.extra, &self.phase().0, by)?;
        let ended = self.phase().1;
        let advance = {
            let context = Context::<D> {
                options: &self.options,
                extra: &self.extra,
                charts: &self.charts,
                turn: self.tracker.turn,
            };
            // The condition is read against the table as it is when the phase ends.
            let holds = |code: &str| D::holds(code, &context);
            let mut tracker = self.tracker.clone();
            let advance = tracker
                .advance(&self.sequence, by, &holds)
                .map_err(|e| Refused::of(&e))?;
            self.tracker = tracker;
            advance
        };
        let sentence = match &advance.happened {
            Happened::SideDone { side } => {
                format!(
                    "The {} player has finished the {ended}; the {} player has not yet.",
                    side.adjective(),
                    side.enemy().adjective()
                )
            }
            Happened::PhaseChanged { .. } => {
                let turn = self.sequence.calendar.label(self.tracker.turn);
                format!(
                    "{} ended the {ended}. Next: the {} of {turn}.",
                    who(by),
                    self.phase().1
                )
            }
            Happened::GameEnded { .. } => {
                format!(
                    "{} ended the {ended}, the last phase: the game is over.",
                    who(by)
                )
            }
        };
        let mut notes = self.run_hooks(&advance.hooks, dice)?;
        // Two steps with the same thing to say (such as two counts waiting for the same chart)
        // say it once.
        let mut said = std::collections::BTreeSet::new();
        notes.retain(|note| said.insert(note.clone()));
        if !self.tracker.finished
            && let Some(why) = D::ended(&self.extra, &self.options)
        {
            self.tracker.end();
            notes.push(format!("The game is over: {why}."));
        }
        Ok(vec![DeskEvent::Advanced {
            by,
            sentence,
            notes,
        }])
    }
}
/// Dice for starting a table, which rolls nothing: they remember being asked, and the start is
/// then refused as a fault of the declarations.
#[derive(Default)]
struct NoDice {
    asked: bool,
}

impl Dice for NoDice {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        self.asked = true;
        spec.sides.iter().map(|_| 1).collect()
    }
}

#[cfg(test)]
#[path = "desk_tests.rs"]
mod tests;
