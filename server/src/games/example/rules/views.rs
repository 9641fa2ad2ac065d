//! The example game's three views and its log lines, built from the kit's projections.

use super::{Event, SUPPRESSED, State};
use crate::core::domain::{Role, Side};
use crate::dice::audience::Audience;
use crate::games::assisted::roster::{Change, Glimpse, SeenUnit, Sight, Unit};
use crate::games::assisted::sequence::TurnLabeller;
use serde::Serialize;

/// Fog of war: an enemy unit shows where it is and whether it is suppressed, nothing more.
fn sight(_: Side, _: &Unit) -> Sight {
    Sight::Partial(Glimpse {
        location: true,
        markers: vec![SUPPRESSED.into()],
        ..Glimpse::default()
    })
}

/// Where the game is, for one role.
#[derive(Debug, Serialize)]
pub struct TurnView {
    pub label: String,
    pub now: String,
    pub waiting: Vec<Role>,
}

/// A side's view: its own units in full, the enemy's through the fog of war.
#[derive(Debug, Serialize)]
pub struct SideView {
    pub turn: TurnView,
    pub own: Vec<Unit>,
    pub enemy: Vec<SeenUnit>,
    pub history: Vec<Change>,
}

/// The umpire's view: everything.
#[derive(Debug, Serialize)]
pub struct UmpireView {
    pub turn: TurnView,
    pub units: Vec<Unit>,
    pub history: Vec<Change>,
    pub charts: Vec<(String, u32)>,
}

/// The one projection a role receives.
#[derive(Debug, Serialize)]
pub enum View {
    Soviet(SideView),
    Finnish(SideView),
    Umpire(UmpireView),
}

/// What `role` sees.
pub fn view(state: &State, role: Role) -> View {
    let seq = &state.sequence;
    let turn = TurnView {
        label: seq.calendar.label(state.tracker.turn),
        now: state.tracker.now_for(seq, &seq.calendar, role),
        waiting: state.tracker.waiting_for(seq),
    };
    let side_view = |side: Side, turn| SideView {
        turn,
        own: state.roster.own(side).into_iter().cloned().collect(),
        enemy: state.roster.seen_by(side, &sight),
        history: state
            .roster
            .history_for(side)
            .into_iter()
            .cloned()
            .collect(),
    };
    match role {
        Role::Soviet => View::Soviet(side_view(Side::Soviet, turn)),
        Role::Finnish => View::Finnish(side_view(Side::Finnish, turn)),
        Role::Umpire => View::Umpire(UmpireView {
            turn,
            units: state.roster.units.values().cloned().collect(),
            history: state.roster.history.clone(),
            charts: state
                .charts
                .charts
                .iter()
                .filter_map(|(code, v)| v.last().map(|l| (code.clone(), l.version)))
                .collect(),
        }),
    }
}

/// The log line of an event: who may read it, its kind, when, a sentence and a replayable payload.
pub fn log_entry(
    state: &State,
    event: &Event,
) -> (Audience, &'static str, String, String, serde_json::Value) {
    let payload = serde_json::to_value(event).unwrap_or_default();
    let audience_of = |side: Side| match side {
        Side::Soviet => Audience::Soviet,
        Side::Finnish => Audience::Finnish,
    };
    match event {
        Event::Started { .. } => (
            Audience::Umpire,
            "started",
            state.sequence.calendar.label(1),
            "The campaign starts with its units and fire table.".into(),
            payload,
        ),
        Event::UnitEdited {
            moment,
            sentence,
            side,
            ..
        } => (
            audience_of(*side),
            "unit_edited",
            moment.clone(),
            sentence.clone(),
            payload,
        ),
        Event::PhaseEnded { by, moment } => (
            Audience::Public,
            "phase_ended",
            moment.clone(),
            format!("The {} ends their part of {moment}.", by.code()),
            payload,
        ),
        Event::ChartEntered { moment, .. } => (
            Audience::Public,
            "chart_entered",
            moment.clone(),
            "A new version of the fire table is entered.".into(),
            payload,
        ),
        Event::Fired { moment, steps, .. } => (
            Audience::Umpire,
            "fired",
            moment.clone(),
            steps.join("; "),
            payload,
        ),
    }
}
