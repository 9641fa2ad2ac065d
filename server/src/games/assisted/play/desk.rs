//! An assisted game's table as one state document, and the commands on it as pure functions: end
//! a phase, change the roster, enter a chart, run a procedure or an action. Each answers with the
//! events it logs; a refused command leaves the table as it was.

use crate::core::domain::{Role, Side};
use crate::dice::audience::Audience;
use crate::dice::source::{Dice, RollSpec};
use crate::games::assisted::catalogue::{Answer, Refused, Secrecy, Table};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::declarations::{Context, Declarations};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{Roster, SeenUnit, Unit, UnitEdit, UnitId};
use crate::games::assisted::sequence::{Sequence, TurnLabeller};
use crate::games::assisted::tracker::{Happened, HookCall, Tracker};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// What happened at the table, as logged (the payload of a log entry).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DeskEvent {
    /// The campaign started.
    Started {
        /// The first moment.
        moment: String,
    },
    /// A phase ended, a side finished its part, or the game ended.
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
            | DeskEvent::Sequence { .. } => Audience::Public,
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
            DeskEvent::Sequence { sentence } => sentence.clone(),
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

fn side_audience(side: Side) -> Audience {
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

/// A desk refusal of the kit's own (not a declared entry's).
fn refused(kind: RefusalKind, code: &'static str, message: impl Into<String>) -> Refused {
    Refused {
        kind,
        code,
        message: message.into(),
    }
}

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
        self.tracker.now_for(
            &self.sequence,
            &self.sequence.calendar as &dyn TurnLabeller,
            role,
        )
    }

    /// Runs `f` on the table as `by` sees it at this moment.
    fn at_table<R>(&mut self, by: Role, f: impl FnOnce(&mut Table<'_, D::Extra>) -> R) -> R {
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

    /// Ends the current phase for `by` (or the umpire for everyone) and runs the hooks.
    pub fn advance(&mut self, by: Role, dice: &mut dyn Dice) -> Result<Vec<DeskEvent>, Refused> {
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
                    "The {} player has finished the phase; waiting for the other side.",
                    side.adjective()
                )
            }
            Happened::PhaseChanged { .. } => {
                format!("{} ends the phase: now {}.", who(by), self.moment())
            }
            Happened::GameEnded { .. } => {
                format!("{} ends the last phase: the game is over.", who(by))
            }
        };
        let notes = self.run_hooks(&advance.hooks, dice)?;
        Ok(vec![DeskEvent::Advanced {
            by,
            sentence,
            notes,
        }])
    }

    /// The side whose units `by` may change, or all when the umpire.
    fn require_own(by: Role, side: Side) -> Result<(), Refused> {
        if by == Role::Umpire || by.side() == Some(side) {
            Ok(())
        } else {
            Err(refused(
                RefusalKind::NoSuchThing,
                "no_such_unit",
                "You have no such unit.",
            ))
        }
    }

    fn roster_event(&self, by: Role) -> DeskEvent {
        let change = self.roster.history.last();
        let side = change.map(|c| c.side).unwrap_or(Side::Soviet);
        let enemy = side.enemy();
        let seen = |unit: &Option<Unit>| {
            unit.as_ref()
                .and_then(|u| SeenUnit::of(u, &D::sight(enemy, u, &self.extra, &self.options)))
        };
        DeskEvent::Roster {
            side,
            by,
            sentence: change.map(|c| c.sentence.clone()).unwrap_or_default(),
            // Only a change the enemy can see in its view moves the enemy's version.
            seen_by_enemy: change.is_some_and(|c| seen(&c.before) != seen(&c.after)),
        }
    }

    /// Adds units (the umpire, or a side for its own).
    pub fn add_units(&mut self, by: Role, units: Vec<Unit>) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        let mut events = Vec::new();
        for (n, unit) in units.into_iter().enumerate() {
            Self::require_own(by, unit.side).map_err(|_| {
                refused(
                    RefusalKind::AgainstTheRules,
                    "not_your_side",
                    format!(
                        "Unit {} belongs to the other side: add only your own units.",
                        n + 1
                    ),
                )
            })?;
            self.roster.add(&spec, by, &moment, unit).map_err(|e| {
                let mut r = Refused::of(&e);
                r.message = format!("Unit {}: {}", n + 1, r.message);
                r
            })?;
            events.push(self.roster_event(by));
        }
        Ok(events)
    }

    /// Changes one unit.
    pub fn edit_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        edit: UnitEdit,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        self.roster
            .edit(&spec, by, &moment, id, edit)
            .map_err(|e| Refused::of(&e))?;
        Ok(vec![self.roster_event(by)])
    }

    /// Puts on or takes off a marker.
    pub fn mark_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        marker: &str,
        on: bool,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        if on {
            self.roster.mark(&spec, by, &moment, id, marker)
        } else {
            self.roster.unmark(&spec, by, &moment, id, marker)
        }
        .map_err(|e| Refused::of(&e))?;
        Ok(vec![self.roster_event(by)])
    }

    /// Removes one unit, saying why.
    pub fn remove_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        reason: &str,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let moment = self.moment();
        self.roster
            .remove(by, &moment, id, reason)
            .map_err(|e| Refused::of(&e))?;
        Ok(vec![self.roster_event(by)])
    }

    /// Enters charts as their next versions (the umpire).
    pub fn enter_charts(
        &mut self,
        by: Role,
        charts: BTreeMap<String, RawChart>,
    ) -> Result<Vec<DeskEvent>, Refused> {
        if by != Role::Umpire {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "umpire_only",
                "Only the umpire enters the charts.",
            ));
        }
        let specs = D::charts();
        let moment = self.moment();
        let mut events = Vec::new();
        for (code, raw) in charts {
            let spec = specs.iter().find(|s| s.code == code).ok_or_else(|| {
                let known: Vec<_> = specs.iter().map(|s| s.code.as_str()).collect();
                refused(
                    RefusalKind::AgainstTheRules,
                    "unknown_chart",
                    format!(
                        "This game has no chart '{code}'; its charts are {}.",
                        known.join(", ")
                    ),
                )
            })?;
            let checked = spec.check(raw.clone()).map_err(|e| {
                let mut r = Refused::of(&e);
                r.message = format!("{}: {}", spec.name, r.message);
                r
            })?;
            D::check_chart(&checked).map_err(|mut r| {
                r.message = format!("{}: {}", spec.name, r.message);
                r
            })?;
            let version = self.charts.enter(spec, raw, by, &moment).map_err(|e| {
                let mut r = Refused::of(&e);
                r.message = format!("{}: {}", spec.name, r.message);
                r
            })?;
            events.push(DeskEvent::Chart {
                code,
                name: spec.name.clone(),
                version,
                by,
            });
        }
        if let Some(sequence) = D::resequence(&self.options, &self.charts) {
            // A chart that gives the sequence of play (a turn track) re-declares it; the game
            // stays at the same turn and phase.
            sequence
                .validate(D::hooks(), D::conditions())
                .map_err(|e| Refused::of(&e))?;
            self.tracker
                .rebase(&self.sequence, &sequence)
                .map_err(|e| Refused::of(&e))?;
            self.sequence = sequence;
        }
        Ok(events)
    }

    /// Replaces the sequence of play (the umpire), checked against the game's hooks and
    /// conditions; the game stays in the phase it is in, which the new sequence must keep.
    pub fn set_sequence(
        &mut self,
        by: Role,
        sequence: Sequence,
    ) -> Result<Vec<DeskEvent>, Refused> {
        if by != Role::Umpire {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "umpire_only",
                "Only the umpire changes the sequence of play.",
            ));
        }
        sequence
            .validate(D::hooks(), D::conditions())
            .map_err(|e| Refused::of(&e))?;
        self.tracker
            .rebase(&self.sequence, &sequence)
            .map_err(|e| Refused::of(&e))?;
        let kinds: Vec<String> = sequence
            .kinds
            .iter()
            .map(|k| format!("{}: {} phases", k.name, k.phases.len()))
            .collect();
        self.sequence = sequence;
        Ok(vec![DeskEvent::Sequence {
            sentence: format!(
                "The umpire changed the sequence of play ({}).",
                kinds.join("; ")
            ),
        }])
    }

    /// Runs the declared procedure `name`.
    pub fn procedure(
        &mut self,
        by: Role,
        name: &str,
        params: &serde_json::Value,
        dice: &mut dyn Dice,
    ) -> Result<(Answer, Vec<DeskEvent>), Refused> {
        let procedures = D::procedures();
        let procedure = procedures
            .iter()
            .find(|p| p.about.name == name)
            .ok_or_else(|| unknown("dice procedure", name))?;
        let mut watched = Watched::new(dice);
        let answer = procedure.run(params, &self.charts, &mut watched, by)?;
        let audience = watched.audience;
        let event = DeskEvent::Ran {
            name: name.into(),
            title: procedure.about.title.into(),
            by,
            audience,
            answer: answer.clone(),
        };
        Ok((answer, vec![event]))
    }

    /// Runs the declared action `name` on the table.
    pub fn act(
        &mut self,
        by: Role,
        name: &str,
        params: &serde_json::Value,
        dice: &mut dyn Dice,
    ) -> Result<(Answer, Vec<DeskEvent>), Refused> {
        let actions = D::actions();
        let action = actions
            .iter()
            .find(|a| a.about.name == name)
            .ok_or_else(|| unknown("action", name))?;
        let mut watched = Watched::new(dice);
        let (answer, secrecy) =
            self.at_table(by, |table| action.run(params, table, &mut watched))?;
        let audience = narrowest(
            watched.audience,
            match secrecy {
                Secrecy::Public => Audience::Public,
                Secrecy::SideOnly(side) => side_audience(side),
            },
        );
        let event = DeskEvent::Ran {
            name: name.into(),
            title: action.about.title.into(),
            by,
            audience,
            answer: answer.clone(),
        };
        Ok((answer, vec![event]))
    }
}

fn unknown(what: &str, name: &str) -> Refused {
    refused(
        RefusalKind::NoSuchThing,
        "unknown_entry",
        format!("This game has no {what} called '{name}'; GET …/calculations lists them all."),
    )
}

/// The narrower of two audiences: a side and the public give the side; two sides, the umpire.
fn narrowest(a: Audience, b: Audience) -> Audience {
    match (a, b) {
        (Audience::Public, x) | (x, Audience::Public) => x,
        (x, y) if x == y => x,
        _ => Audience::Umpire,
    }
}

/// Dice that pass every roll on and remember the narrowest audience that may see them, so that
/// a log entry never shows a roll to someone the roll is hidden from.
struct Watched<'a> {
    dice: &'a mut dyn Dice,
    audience: Audience,
}

impl<'a> Watched<'a> {
    fn new(dice: &'a mut dyn Dice) -> Self {
        Watched {
            dice,
            audience: Audience::Public,
        }
    }
}

impl Dice for Watched<'_> {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        self.audience = narrowest(self.audience, Audience::of(spec.visibility, spec.roller));
        self.dice.roll(spec)
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
