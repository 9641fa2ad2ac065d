//! Who may change what on an assisted table, and when: a side changes its own units only as the
//! phase allows (the setup, its movement phases, a combat's results, the markers the rules let
//! it place, steps only to pay the losses it owes); the umpire may always, and what the umpire
//! does outside the rules is a correction both sides read of.

use super::desk::{Desk, refused};
use super::event::DeskEvent;
use crate::core::domain::Side;
use crate::games::assisted::catalogue::{Given, Refused};
use crate::games::assisted::declarations::Declarations;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit};
use crate::games::assisted::sequence::{Activity, PhaseSpec};

/// What a change to a unit asks of the rules, as far as who may make it depends on it.
pub(super) struct Asked<'a> {
    /// Whose unit.
    pub side: Side,
    /// What is asked, for the refusal and the umpire's correction.
    pub what: Change<'a>,
}

/// The kinds of change the phase decides about.
pub(super) enum Change<'a> {
    /// Units added.
    Add,
    /// A unit changed.
    Edit(&'a Unit, &'a UnitEdit),
    /// A marker put on or taken off.
    Mark(&'a str),
    /// A unit removed from play.
    Remove,
}

impl<D: Declarations> Desk<D> {
    /// What `phase` is for: as the sequence declares it, or, for a sequence stored before phases
    /// said so, as the game declares the phase with the same code.
    fn activities_of(&self, phase: &PhaseSpec) -> Vec<Activity> {
        if !phase.activities.is_empty() {
            return phase.activities.clone();
        }
        D::sequence(&self.options)
            .kinds
            .iter()
            .flat_map(|k| &k.phases)
            .find(|p| p.code == phase.code)
            .map(|p| p.activities.clone())
            .unwrap_or_default()
    }

    /// What the current phase is for.
    pub fn activities(&self) -> Vec<Activity> {
        self.tracker
            .phase(&self.sequence)
            .map(|p| self.activities_of(p))
            .unwrap_or_default()
    }

    fn now_does(&self, activities: &[Activity]) -> bool {
        self.activities().iter().any(|a| activities.contains(a))
    }

    /// Whether `side` acts in the current phase.
    fn acting(&self, side: Side) -> bool {
        self.tracker
            .phase(&self.sequence)
            .is_ok_and(|p| p.actor.sides(self.tracker.first_player).contains(&side))
    }

    /// Whether the sides are setting up their units: a setup phase, or the first phase of the
    /// first turn before anyone has finished it.
    pub fn setting_up(&self) -> bool {
        if self.tracker.finished {
            return false;
        }
        if self.now_does(&[Activity::Setup]) {
            return true;
        }
        self.tracker.turn == 1
            && self.tracker.done.is_empty()
            && self.sequence.kind_of(1).is_some_and(|k| {
                k.phases
                    .iter()
                    .take(self.tracker.phase)
                    .all(|p| p.only_if.is_some())
            })
    }

    /// The names of this turn's phases for any of `activities` (those `side` plays, when
    /// `own`), "the A or the B", or a sentence saying there is none.
    fn phases_for(&self, side: Side, activities: &[Activity], own: bool) -> String {
        let mut names: Vec<String> = Vec::new();
        if let Some(kind) = self.sequence.kind_of(self.tracker.turn) {
            for phase in &kind.phases {
                let fits = self
                    .activities_of(phase)
                    .iter()
                    .any(|a| activities.contains(a));
                let plays = phase.actor.sides(self.tracker.first_player).contains(&side);
                if fits && (plays || !own) && !names.contains(&phase.name) {
                    names.push(phase.name.clone());
                }
            }
        }
        match names.split_last() {
            None => "no phase of this turn".into(),
            Some((last, [])) => format!("the {last}"),
            Some((last, rest)) => format!("the {} or the {last}", rest.join(", the ")),
        }
    }

    /// Whether the rules let the owner make the change now: the refusal says which phase allows
    /// it, or that the umpire must do it.
    pub(super) fn rules_allow(&self, asked: &Asked<'_>) -> Result<(), Refused> {
        if self.setting_up() {
            return Ok(());
        }
        let side = asked.side;
        let adjective = side.adjective();
        let now = self.moment();
        let moving = (self.acting(side)
            && self.now_does(&[Activity::Movement, Activity::Reinforcement]))
            || self.now_does(&[Activity::Combat]);
        match asked.what {
            Change::Add => {
                let allowed = [Activity::Reinforcement, Activity::Movement];
                if self.acting(side) && self.now_does(&allowed) {
                    return Ok(());
                }
                Err(not_now(format!(
                    "The {adjective} side adds its units in the setup or as reinforcements in {}; it is now {now}. At any other time the umpire adds them.",
                    self.phases_for(side, &allowed, true)
                )))
            }
            Change::Edit(unit, edit) => {
                if let Some(field) = umpires_field::<D>(unit, edit) {
                    return Err(against(format!(
                        "Only the umpire changes a unit's {field} once the game has begun (the setup is over)."
                    )));
                }
                let moves = edit.location.as_ref().is_some_and(|l| *l != unit.location);
                if moves && !moving {
                    return Err(not_now(format!(
                        "The {adjective} side moves its units only in the setup, in its own movement phases ({}), or as a combat's result in a combat phase; it is now {now}. The umpire may correct a position at any time.",
                        self.phases_for(side, &[Activity::Movement, Activity::Reinforcement], true)
                    )));
                }
                if let Some(gained) = steps_change::<D>(unit, edit).filter(|d| *d > 0) {
                    return Err(against(format!(
                        "A unit regains steps ({gained} asked) only by the rules' replacements or recovery, or by the umpire; a side lowers its steps only to take the losses it owes."
                    )));
                }
                Ok(())
            }
            Change::Mark(code) => {
                let spec = D::roster();
                let Some(marker) = spec.markers.iter().find(|m| m.code == code) else {
                    // The roster names the unknown marker.
                    return Ok(());
                };
                // The owner marks in its own phases for the marker, or as attacks are made on
                // either side in a combat phase.
                let in_combat = marker.placed_in.contains(&Activity::Combat);
                if self.now_does(&marker.placed_in)
                    && (self.acting(side) || (in_combat && self.now_does(&[Activity::Combat])))
                {
                    return Ok(());
                }
                if marker.placed_in.is_empty() {
                    return Err(against(format!(
                        "The {} marker comes with the setup; once the game has begun only the umpire puts it on or takes it off.",
                        marker.name
                    )));
                }
                let what: Vec<&str> = marker.placed_in.iter().map(|a| a.name()).collect();
                Err(not_now(format!(
                    "The {} marker is put on or taken off by its owner in a {} phase ({}); it is now {now}. At any other time the umpire does it.",
                    marker.name,
                    what.join(" or "),
                    self.phases_for(side, &marker.placed_in, !in_combat)
                )))
            }
            Change::Remove => Ok(()),
        }
    }

    /// Whether `side` may give the action `title` now, as `given` says; the refusal names the
    /// phases it is given in.
    pub(super) fn may_give(&self, side: Side, title: &str, given: Given) -> Result<(), Refused> {
        let fits = given.phases.is_empty() || self.now_does(given.phases);
        if fits && (!given.phasing_only || self.acting(side)) {
            return Ok(());
        }
        if fits {
            let phasing: Vec<&str> = self
                .tracker
                .phase(&self.sequence)
                .map(|p| p.actor.sides(self.tracker.first_player))
                .unwrap_or_default()
                .into_iter()
                .map(Side::adjective)
                .collect();
            let phasing = match phasing.as_slice() {
                [] => "the umpire".to_string(),
                sides => format!("the {} player", sides.join(" or the ")),
            };
            return Err(refused(
                RefusalKind::NotNow,
                "not_your_phase",
                format!(
                    "Only {phasing} gives “{title}” in this phase; it is now {}.",
                    self.moment()
                ),
            ));
        }
        let who = if given.phasing_only {
            "the side whose phase it is"
        } else {
            "either side"
        };
        let phases = if given.phases.is_empty() {
            "any of its own phases".to_string()
        } else {
            self.phases_for(side, given.phases, given.phasing_only)
        };
        Err(not_now(format!(
            "{title}: this is given by {who} in {phases}; it is now {}.",
            self.moment()
        )))
    }

    /// Whether the action's phases are now, whoever gives it (for the umpire's correction).
    pub(super) fn in_given_phase(&self, given: Given) -> bool {
        given.phases.is_empty() || self.now_does(given.phases)
    }

    /// Pays the losses a unit's loss pays, on a copy of the game's records: the copy, when it
    /// paid something owed.
    pub(super) fn paying(&self, unit: &Unit, steps: Option<u32>) -> Option<D::Extra> {
        let mut extra = self.extra.clone();
        D::pay(&mut extra, unit, steps).then_some(extra)
    }

    /// The refusal of a side's loss that pays nothing owed.
    pub(super) fn owes_nothing(side: Side, steps: bool) -> Refused {
        let what = if steps { "loses steps" } else { "leaves play" };
        not_now(format!(
            "The {} side owes no losses this unit could pay: a unit {what} by its owner's hand only to take the losses a combat leaves owed. Ask the umpire to correct it.",
            side.adjective()
        ))
    }

    /// The public line saying the umpire corrected `what` outside the rules (naming no unit,
    /// which the enemy may not see).
    pub(super) fn correction(what: String) -> DeskEvent {
        DeskEvent::Umpired {
            sentence: format!("The umpire corrected {what}, outside what the rules allow now."),
        }
    }
}

/// The steps a change gives a unit (negative: loses), when it changes them.
pub(super) fn steps_change<D: Declarations>(unit: &Unit, edit: &UnitEdit) -> Option<i64> {
    let code = D::steps_attribute()?;
    let now = match unit.attributes.get(code) {
        Some(AttrValue::Number(n)) => *n,
        _ => 0,
    };
    match edit.attributes.get(code)? {
        Some(AttrValue::Number(n)) if *n != now => Some(*n - now),
        _ => None,
    }
}

/// The first field of a change only the umpire makes after the setup (a name, a type, an
/// attribute other than steps), by its name.
fn umpires_field<D: Declarations>(unit: &Unit, edit: &UnitEdit) -> Option<String> {
    if edit.name.as_ref().is_some_and(|n| *n != unit.name) {
        return Some("name".into());
    }
    if edit
        .unit_type
        .as_ref()
        .is_some_and(|t| *t != unit.unit_type)
    {
        return Some("type".into());
    }
    let spec = D::roster();
    edit.attributes
        .iter()
        .filter(|(code, _)| Some(code.as_str()) != D::steps_attribute())
        .find(|(code, value)| unit.attributes.get(*code) != value.as_ref())
        .map(|(code, _)| {
            spec.attributes
                .iter()
                .find(|a| &a.code == code)
                .map_or_else(|| code.clone(), |a| a.name.clone())
        })
}

/// What was changed, for the umpire's correction line: "the location of a Finnish unit".
pub(super) fn changed<D: Declarations>(asked: &Asked<'_>) -> String {
    let adjective = asked.side.adjective();
    match &asked.what {
        Change::Add => format!("the {adjective} units in play (units added)"),
        Change::Remove => format!("the {adjective} units in play (a unit removed)"),
        Change::Mark(code) => {
            let spec = D::roster();
            let name = spec
                .markers
                .iter()
                .find(|m| m.code == *code)
                .map_or(*code, |m| m.name.as_str());
            format!("the {name} marker of a {adjective} unit")
        }
        Change::Edit(unit, edit) => {
            let mut parts = Vec::new();
            if let Some(field) = umpires_field::<D>(unit, edit) {
                parts.push(format!("the {field}"));
            }
            if edit.location.as_ref().is_some_and(|l| *l != unit.location) {
                parts.push("the location".into());
            }
            if steps_change::<D>(unit, edit).is_some() {
                parts.push("the steps".into());
            }
            if parts.is_empty() {
                parts.push("a detail".into());
            }
            format!("{} of a {adjective} unit", parts.join(" and "))
        }
    }
}

fn not_now(message: String) -> Refused {
    refused(RefusalKind::NotNow, "wrong_phase", message)
}

fn against(message: String) -> Refused {
    refused(RefusalKind::AgainstTheRules, "umpire_only", message)
}
