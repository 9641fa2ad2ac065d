//! An assisted game's table as one state document: its start, where it stands, and ending a
//! phase with the game's hooks (the other commands are in `commands`). Each command answers with
//! the events it logs; a refused command leaves the table as it was.

use super::event::{DeskEvent, who};
use crate::core::domain::Role;
use crate::dice::source::{Dice, RollSpec};
use crate::games::assisted::catalogue::{Refused, Table};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::declarations::{Context, Declarations, Owed};
use crate::games::assisted::pack::area::Facts;
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::Roster;
use crate::games::assisted::sequence::{Sequence, TurnLabeller};
use crate::games::assisted::tracker::{Happened, HookCall, Tracker};
use crate::games::assisted::victory::{Entered, Outcome, Standing, Tally};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

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
    /// The text of the imported pack the campaign started from, its own copy (`pack` then
    /// holds the imported pack's id; `play::pack_library`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack_text: Option<String>,
    /// The map hexes units have entered, with the side that entered each last (victory reads
    /// who holds a hex from it).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub entered: Entered,
    /// How the game ended and who won, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The pack's reinforcement entries that have arrived or been passed over, by index.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub arrivals_done: BTreeSet<usize>,
    /// The turns rolled for the entries whose arrival turn is a roll, by index.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub arrival_rolls: BTreeMap<usize, u32>,
    /// The scenario pack's own options the campaign plays with, by code.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub pack_options: BTreeSet<String>,
    /// The sealed inputs the sides have given, by code (`sealed`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sealed: BTreeMap<String, SealedInput>,
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
            pack_text: self.pack_text.clone(),
            entered: self.entered.clone(),
            outcome: self.outcome.clone(),
            arrivals_done: self.arrivals_done.clone(),
            arrival_rolls: self.arrival_rolls.clone(),
            pack_options: self.pack_options.clone(),
            sealed: self.sealed.clone(),
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
            && self.pack_text == other.pack_text
            && self.entered == other.entered
            && self.outcome == other.outcome
            && self.arrivals_done == other.arrivals_done
            && self.arrival_rolls == other.arrival_rolls
            && self.pack_options == other.pack_options
            && self.sealed == other.sealed
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
use crate::games::assisted::sealed::SealedInput;

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
            pack_text: None,
            entered: Entered::new(),
            outcome: None,
            arrivals_done: BTreeSet::new(),
            arrival_rolls: BTreeMap::new(),
            pack_options: BTreeSet::new(),
            sealed: BTreeMap::new(),
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
        if let Some(outcome) = &self.outcome {
            return format!("The game is over. {}", outcome.sentence());
        }
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
        let held = self.loaded();
        let map = held.as_deref();
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
            map,
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

    /// The umpire waives the losses owed at `index` (from 0, as `D::owed` lists them), saying
    /// why: a line both sides read.
    pub fn waive(
        &mut self,
        by: Role,
        index: usize,
        reason: &str,
    ) -> Result<Vec<DeskEvent>, Refused> {
        if by != Role::Umpire {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "umpire_only",
                "Only the umpire waives losses owed; the side that owes them takes them.",
            ));
        }
        if let Some(problem) = crate::games::assisted::refusal::label_problem(reason, 200) {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "bad_reason",
                format!("Say why the losses are waived: the reason {problem}."),
            ));
        }
        let owed = D::owed(&self.extra);
        let Some(waived) = owed.get(index) else {
            return Err(refused(
                RefusalKind::NotNow,
                "no_losses_owed",
                match owed.len() {
                    0 => "No losses are owed now.".to_string(),
                    n => format!("Only {n} losses are owed now; choose one of them."),
                },
            ));
        };
        let mut extra = self.extra.clone();
        if !D::waive(&mut extra, index) {
            return Err(refused(
                RefusalKind::NotNow,
                "no_losses_owed",
                "Those losses are no longer owed.",
            ));
        }
        self.extra = extra;
        Ok(vec![DeskEvent::Umpired {
            sentence: format!(
                "The umpire waived losses owed: {} ({}).",
                waived.sentence(),
                reason.trim()
            ),
        }])
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
        let owed = D::owed(&self.extra);
        if !owed.is_empty() {
            let said: Vec<String> = owed.iter().map(Owed::sentence).collect();
            return Err(refused(
                RefusalKind::NotNow,
                "losses_owed",
                format!(
                    "{}. The phase ends once they are taken, or the umpire waives them.",
                    said.join("; ")
                ),
            ));
        }
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
impl<D: Declarations> Desk<D> {
    /// The campaign's scenario pack, worked out, when it started from one.
    pub fn loaded(&self) -> Option<std::sync::Arc<LoadedPack>> {
        match &self.pack_text {
            Some(text) => super::pack_library::loaded(text),
            None => self
                .pack
                .as_deref()
                .and_then(|code| super::packs::shared(D::GAME, code)),
        }
    }

    /// Checks that `to` is somewhere on the board of the campaign's pack: a hex of its grid, a
    /// place or box the pack names, or a holding area a unit already stands in. A table started
    /// without a pack keeps its map on the group's own table, so any place goes there.
    pub(super) fn on_board(&self, to: &str) -> Result<(), Refused> {
        let Some(loaded) = self.loaded() else {
            return Ok(());
        };
        let known = loaded
            .grid
            .parse(to)
            .is_ok_and(|hex| loaded.grid.contains(hex))
            || loaded
                .pack
                .places
                .iter()
                .any(|p| p.name == to || p.code == to)
            || loaded
                .pack
                .boxes
                .iter()
                .any(|b| b.name == to || b.code == to)
            || self.roster.units.values().any(|u| u.location == to);
        if known {
            return Ok(());
        }
        let example = loaded.grid.hexes().next().map(|h| loaded.grid.id(h));
        Err(refused(
            RefusalKind::AgainstTheRules,
            "not_on_board",
            format!(
                "There is no hex, place or box called '{to}' on the board of {}: give a hex as the map numbers it{}, a place's name or a box's name.",
                loaded.pack.scenario.name,
                example
                    .map(|e| format!(" (such as {e})"))
                    .unwrap_or_default()
            ),
        ))
    }

    /// Runs `f` with the facts the pack's conditions read: the options chosen and the game's
    /// flags that hold now.
    fn with_facts<R>(&self, f: impl FnOnce(&Facts<'_>) -> R) -> R {
        let mut options =
            super::packs::option_codes(&serde_json::to_value(&self.options).unwrap_or_default());
        options.extend(self.pack_options.iter().cloned());
        let flags = D::pack_flags(&self.extra);
        f(&Facts {
            options: &options,
            flags: &flags,
        })
    }

    /// The victory points as they stand (none without a pack), and the pack's sudden deaths the
    /// server cannot judge until the group enters their hexes; `with_tally` false leaves the
    /// points out (a reader who may not see them).
    pub fn victory(&self, with_tally: bool) -> (Option<Tally>, Vec<String>) {
        let Some(loaded) = self.loaded() else {
            return (None, Vec::new());
        };
        let loaded = &*loaded;
        let standing = Standing::new(loaded, &self.entered, &self.roster);
        let tally = with_tally.then(|| self.tally(loaded, &standing));
        (tally, standing.sudden_death().1)
    }

    /// The points as they stand: the pack's objectives and adjustments, and a revealed
    /// Victory Point bid's points.
    fn tally(&self, loaded: &LoadedPack, standing: &Standing<'_>) -> Tally {
        let mut tally = self.with_facts(|facts| standing.tally(facts));
        for spec in D::sealed() {
            if let Some((side, points)) = self.sealed.get(spec.code).and_then(|s| s.points(&spec)) {
                let name = format!("{} ({})", spec.title, spec.rule);
                tally.award(side, points, name, loaded.pack.victory.score);
            }
        }
        tally
    }

    /// What the rules do after every command: the hexes units stand in are entered by their
    /// side; a sudden death ends the game at once (Winter War 4.1); a game that has ended by
    /// its last turn or by its own rules (a ceasefire, a roll of the game's length) gets its
    /// result on points. Answers the event of the end, once.
    pub fn settle(&mut self, dice: &mut dyn Dice) -> Result<Vec<DeskEvent>, Refused> {
        if self.outcome.is_some() {
            return Ok(Vec::new());
        }
        // A game its own rules end in the middle of a phase (a ceasefire called) ends now.
        let mut events = Vec::new();
        if !self.tracker.finished
            && let Some(why) = D::ended(&self.extra, &self.options)
        {
            self.tracker.end();
            if self.loaded().is_none() {
                events.push(DeskEvent::Advanced {
                    by: Role::Umpire,
                    sentence: String::new(),
                    notes: vec![format!("The game is over: {why}.")],
                });
            }
        }
        let Some(loaded) = self.loaded() else {
            return Ok(events);
        };
        let loaded = &*loaded;
        events.extend(self.reinforce(Some(dice))?);
        Standing::enter(loaded, &mut self.entered, &self.roster);
        let standing = Standing::new(loaded, &self.entered, &self.roster);
        let outcome = if let (Some(sudden), _) = standing.sudden_death() {
            Outcome::sudden(sudden)
        } else if self.tracker.finished {
            let how = match D::ended(&self.extra, &self.options) {
                Some(why) => format!("The game ended: {why}"),
                None => format!(
                    "The game's last turn, {}, ended",
                    self.sequence.calendar.label(self.tracker.turn)
                ),
            };
            let tally = self.tally(loaded, &standing);
            Outcome::on_points(loaded, &tally, how)
        } else {
            return Ok(events);
        };
        events.extend(self.end_with(outcome));
        Ok(events)
    }

    /// Reinforcements (the pack's `[[reinforcements]]`): the arrival turns still to be rolled
    /// are rolled in public, once, for the entries whose condition holds (with `dice`; none at
    /// the start, which rolls nothing); then every entry due by this turn arrives, its units
    /// added to the roster where the entry puts them, or, its condition not holding when it is
    /// due, is passed over for good. Each arrival is logged to its side.
    pub fn reinforce(
        &mut self,
        mut dice: Option<&mut dyn Dice>,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let Some(loaded) = self.loaded() else {
            return Ok(Vec::new());
        };
        let mut notes = Vec::new();
        for (i, entry) in loaded.pack.reinforcements.iter().enumerate() {
            let crate::games::assisted::pack::Arrival::Rolled { roll } = &entry.turn else {
                continue;
            };
            let applies = self.with_facts(|f| entry.when.as_ref().is_none_or(|c| c.holds(f)));
            if self.arrival_rolls.contains_key(&i) || !applies {
                continue;
            }
            let (Some(dice), Ok(expression)) = (
                dice.as_deref_mut(),
                crate::dice::expr::DiceExpression::parse(roll),
            ) else {
                continue;
            };
            let who = entry.side.adjective();
            let faces = dice.roll(RollSpec {
                purpose: format!("The turn the {who} reinforcements of {} arrive", entry.rule),
                visibility: crate::dice::source::Visibility::Public,
                roller: Role::Umpire,
                sides: expression.dice(),
            });
            let turn = expression.total_for(&faces).unwrap_or(1).max(1);
            let turn = u32::try_from(turn).unwrap_or(1);
            self.arrival_rolls.insert(i, turn);
            notes.push(format!(
                "The {who} reinforcements of {} will arrive on {} ({roll} rolled {turn}).",
                entry.rule,
                self.sequence.calendar.label(turn)
            ));
        }
        let turn = self.tracker.turn;
        let due: Vec<(
            usize,
            Option<Vec<crate::games::assisted::roster::Unit>>,
            String,
        )> = self.with_facts(|facts| {
            loaded
                .due(turn, facts, &self.arrival_rolls, &self.arrivals_done)
                .into_iter()
                .map(|(i, arriving)| {
                    let entry = &loaded.pack.reinforcements[i];
                    let units = arriving
                        .map(|a| super::packs::arriving_units(&loaded.pack, &D::roster(), &a));
                    (
                        i,
                        units,
                        format!("{} ({})", entry.side.adjective(), entry.rule),
                    )
                })
                .collect()
        });
        let mut events = Vec::new();
        let spec = D::roster();
        let moment = self.moment();
        for (i, units, which) in due {
            self.arrivals_done.insert(i);
            match units {
                Some(units) => {
                    for unit in units {
                        self.roster
                            .add(&spec, Role::Umpire, &moment, unit)
                            .map_err(|e| Refused::of(&e))?;
                        events.push(self.roster_event(Role::Umpire));
                    }
                }
                None => notes.push(format!(
                    "The {which} reinforcements do not arrive: the condition the rules attach to them does not hold."
                )),
            }
        }
        if !notes.is_empty() {
            events.push(DeskEvent::Advanced {
                by: Role::Umpire,
                sentence: String::new(),
                notes,
            });
        }
        Ok(events)
    }

    /// `by`'s side concedes the game (Red Winter, Winter War, A Winter War: a player may always
    /// give up): the other side wins.
    pub fn concede(&mut self, by: Role) -> Result<Vec<DeskEvent>, Refused> {
        let side = by.side().ok_or_else(|| {
            refused(
                RefusalKind::AgainstTheRules,
                "players_concede",
                "Only a player concedes a game; the umpire ends the campaign instead.",
            )
        })?;
        if self.tracker.finished || self.outcome.is_some() {
            return Err(Refused::of(
                &crate::games::assisted::sequence_error::SequenceError::GameOver,
            ));
        }
        Ok(self.end_with(Outcome::concession(side)))
    }

    fn end_with(&mut self, outcome: Outcome) -> Vec<DeskEvent> {
        self.tracker.end();
        self.outcome = Some(outcome.clone());
        vec![DeskEvent::Ended { outcome }]
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

#[cfg(test)]
#[path = "desk_tests_phases.rs"]
mod tests_phases;
