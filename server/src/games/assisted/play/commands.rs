//! The commands on an assisted table, as pure functions on its state: units added, changed,
//! marked and removed by their own side; charts entered by the umpire; the sequence replaced;
//! procedures and actions run with dice that remember who may see them.

use super::desk::{Desk, refused};
use super::event::{DeskEvent, side_audience};
use super::permits::{Asked, Change, changed, steps_change};
use crate::core::domain::{Role, Side};
use crate::dice::audience::Audience;
use crate::dice::source::{Dice, RollSpec};
use crate::games::assisted::catalogue::{Answer, Given, Refused, Secrecy};
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::declarations::Declarations;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{SeenUnit, Unit, UnitEdit, UnitId};
use crate::games::assisted::sequence::{Activity, Sequence};
use crate::games::assisted::sequence_error::SequenceError;
use std::collections::BTreeMap;

impl<D: Declarations> Desk<D> {
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

    pub(super) fn roster_event(&self, by: Role) -> DeskEvent {
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

    /// Refuses a side's unit entering `to` where the game's rules keep it out
    /// (`Declarations::may_enter`); for the umpire, answers the public correction line instead.
    fn entering(
        &self,
        by: Role,
        unit: &Unit,
        to: &str,
        asked: &Asked<'_>,
    ) -> Result<Option<DeskEvent>, Refused> {
        let loaded = self.loaded();
        Self::judged(
            by,
            D::may_enter(unit, to, &self.roster, &self.extra, loaded.as_deref()),
            asked,
        )
    }

    /// A rule's verdict on a side's change: a refusal stands, except for the umpire, whose change
    /// is answered with the public correction line instead.
    fn judged(
        by: Role,
        verdict: Result<(), Refused>,
        asked: &Asked<'_>,
    ) -> Result<Option<DeskEvent>, Refused> {
        match verdict {
            Ok(()) => Ok(None),
            Err(_) if by == Role::Umpire => Ok(Some(Self::correction(changed::<D>(asked)))),
            Err(refusal) => Err(refusal),
        }
    }

    /// Refuses a side's move in a movement phase that the game's movement rules do not allow
    /// (`Declarations::may_move`); for the umpire, answers the public correction line instead.
    fn moving(
        &self,
        by: Role,
        unit: &Unit,
        to: &str,
        asked: &Asked<'_>,
    ) -> Result<Option<DeskEvent>, Refused> {
        if self.setting_up() || !self.activities().contains(&Activity::Movement) {
            return Ok(None);
        }
        let loaded = self.loaded();
        let verdict = D::may_move(unit, to, &self.roster, loaded.as_deref(), &self.moment());
        Self::judged(by, verdict, asked)
    }

    /// Refuses a side's change the phase does not allow; for the umpire, answers the public
    /// correction line when the owner could not have made the change now.
    fn allowed(&self, by: Role, asked: &Asked<'_>) -> Result<Option<DeskEvent>, Refused> {
        match self.rules_allow(asked) {
            Ok(()) => Ok(None),
            Err(_) if by == Role::Umpire => Ok(Some(Self::correction(changed::<D>(asked)))),
            Err(refusal) => Err(refusal),
        }
    }

    /// The unit `by` may change, as it is now.
    fn unit_of(&self, by: Role, id: &UnitId) -> Result<Unit, Refused> {
        self.roster
            .unit_for(by, id)
            .cloned()
            .map_err(|e| Refused::of(&e))
    }

    /// Adds units (the umpire, or a side for its own in the setup or its reinforcement and
    /// movement phases).
    pub fn add_units(&mut self, by: Role, units: Vec<Unit>) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        let mut events = Vec::new();
        let mut corrections = Vec::new();
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
            let asked = Asked {
                side: unit.side,
                what: Change::Add,
            };
            let allowed = self.allowed(by, &asked)?;
            let entering = self
                .entering(by, &unit, &unit.location, &asked)
                .map_err(|mut r| {
                    r.message = format!("Unit {}: {}", n + 1, r.message);
                    r
                })?;
            for correction in [allowed, entering].into_iter().flatten() {
                if !corrections.contains(&correction) {
                    corrections.push(correction);
                }
            }
            self.roster.add(&spec, by, &moment, unit).map_err(|e| {
                let mut r = Refused::of(&e);
                r.message = format!("Unit {}: {}", n + 1, r.message);
                r
            })?;
            events.push(self.roster_event(by));
        }
        events.extend(corrections);
        Ok(events)
    }

    /// Changes one unit: its owner only as the phase allows (a move in its movement phases, steps
    /// lost to pay the losses it owes); the umpire always.
    pub fn edit_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        edit: UnitEdit,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        let unit = self.unit_of(by, id)?;
        let asked = Asked {
            side: unit.side,
            what: Change::Edit(&unit, &edit),
        };
        let mut correction = self.allowed(by, &asked)?;
        if let Some(to) = edit.location.as_deref().filter(|to| *to != unit.location) {
            self.on_board(to)?;
            if let Some(entering) = self.entering(by, &unit, to, &asked)? {
                correction.get_or_insert(entering);
            }
            if let Some(moving) = self.moving(by, &unit, to, &asked)? {
                correction.get_or_insert(moving);
            }
        }
        let lost = steps_change::<D>(&unit, &edit)
            .filter(|d| *d < 0)
            .map(|d| u32::try_from(d.unsigned_abs()).unwrap_or(u32::MAX));
        let paid = match lost {
            Some(steps) => match self.paying(&unit, Some(steps)) {
                Some(extra) => Some(extra),
                None if self.setting_up() => None,
                None if by == Role::Umpire => {
                    correction.get_or_insert_with(|| Self::correction(changed::<D>(&asked)));
                    None
                }
                None => return Err(Self::owes_nothing(unit.side, true)),
            },
            None => None,
        };
        self.roster
            .edit(&spec, by, &moment, id, edit.clone())
            .map_err(|e| Refused::of(&e))?;
        if let Some(extra) = paid {
            self.extra = extra;
        }
        let mut events = vec![self.roster_event(by)];
        events.extend(correction);
        Ok(events)
    }

    /// Puts on or takes off a marker: its owner in the phases the marker's rule names.
    pub fn mark_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        marker: &str,
        on: bool,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let spec = D::roster();
        let moment = self.moment();
        let unit = self.unit_of(by, id)?;
        let correction = self.allowed(
            by,
            &Asked {
                side: unit.side,
                what: Change::Mark(marker),
            },
        )?;
        if on {
            self.roster.mark(&spec, by, &moment, id, marker)
        } else {
            self.roster.unmark(&spec, by, &moment, id, marker)
        }
        .map_err(|e| Refused::of(&e))?;
        let mut events = vec![self.roster_event(by)];
        events.extend(correction);
        Ok(events)
    }

    /// Removes one unit, saying why: its owner in the setup or to pay the losses it owes.
    pub fn remove_unit(
        &mut self,
        by: Role,
        id: &UnitId,
        reason: &str,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let moment = self.moment();
        let unit = self.unit_of(by, id)?;
        let asked = Asked {
            side: unit.side,
            what: Change::Remove,
        };
        let mut correction = None;
        let paid = match self.paying(&unit, None) {
            Some(extra) => Some(extra),
            None if self.setting_up() => None,
            None if by == Role::Umpire => {
                correction = Some(Self::correction(changed::<D>(&asked)));
                None
            }
            None => return Err(Self::owes_nothing(unit.side, false)),
        };
        self.roster
            .remove(by, &moment, id, reason)
            .map_err(|e| Refused::of(&e))?;
        if let Some(extra) = paid {
            self.extra = extra;
        }
        let mut events = vec![self.roster_event(by)];
        events.extend(correction);
        Ok(events)
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
        // A game over rolls no more, as it takes no more actions.
        if self.tracker.finished {
            return Err(Refused::of(&SequenceError::GameOver));
        }
        let procedures = D::procedures();
        let procedure = procedures
            .iter()
            .find(|p| p.about.name == name)
            .ok_or_else(|| unknown("dice procedure", name))?;
        let correction = self.given_now(by, procedure.about.title, procedure.given)?;
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
        let mut events = vec![event];
        // A roll kept from the other side would be told of by its correction.
        events.extend(correction.filter(|_| audience == Audience::Public));
        Ok((answer, events))
    }

    /// Runs the declared action `name` on the table.
    pub fn act(
        &mut self,
        by: Role,
        name: &str,
        params: &serde_json::Value,
        dice: &mut dyn Dice,
    ) -> Result<(Answer, Vec<DeskEvent>), Refused> {
        if self.tracker.finished {
            return Err(Refused::of(&SequenceError::GameOver));
        }
        let actions = D::actions();
        let action = actions
            .iter()
            .find(|a| a.about.name == name)
            .ok_or_else(|| unknown("action", name))?;
        let title = action.about.title;
        let correction = self.given_now(by, title, action.given)?;
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
            title: title.into(),
            by,
            audience,
            answer: answer.clone(),
        };
        let mut events = vec![event];
        // A secret action's correction would tell the other side of it.
        events.extend(correction.filter(|_| audience == Audience::Public));
        Ok((answer, events))
    }
}

impl<D: Declarations> Desk<D> {
    /// Whether `by` may give `title` now, as `given` says: a side out of its phases is refused;
    /// the umpire may always, and out of its phases that is a correction both sides read.
    fn given_now(
        &self,
        by: Role,
        title: &str,
        given: Option<Given>,
    ) -> Result<Option<DeskEvent>, Refused> {
        Ok(match (given, by.side()) {
            (Some(given), Some(side)) => {
                self.may_give(side, title, given)?;
                None
            }
            (Some(given), None) if !self.in_given_phase(given) => Some(DeskEvent::Umpired {
                sentence: format!("The umpire ran “{title}” outside the phases the rules give it."),
            }),
            _ => None,
        })
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
