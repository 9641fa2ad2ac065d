//! The example game's rules: a minimal game built from the assisted kit (pure, no I/O).

use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::assisted::calc::{Explained, Working, modified_roll};
use crate::games::assisted::chart_import::from_csv;
use crate::games::assisted::chart_set::{ChartSet, Reading};
use crate::games::assisted::charts::{CellGrammar, ChartError, ChartSpec, Keys, RawChart};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, MarkerSpec, Roster, RosterError, RosterSpec, Unit, UnitEdit,
    UnitId,
};
use crate::games::assisted::sequence::{
    Actor, Calendar, PhaseSpec, Sequence, SequenceError, TurnKind,
};
use crate::games::assisted::tracker::Tracker;
use serde::{Deserialize, Serialize};

const RALLY: &str = "rally";
const FIRE: &str = "fire";
const SUPPRESSED: &str = "suppressed";

fn sequence() -> Sequence {
    let phase =
        |code: &str, name: &str, actor, instructions: &str, on_leave: Vec<String>| PhaseSpec {
            code: code.into(),
            name: name.into(),
            actor,
            instructions: instructions.into(),
            on_enter: Vec::new(),
            on_leave,
            only_if: None,
            activities: Vec::new(),
        };
    Sequence {
        kinds: vec![TurnKind {
            code: "turn".into(),
            name: "Game turn".into(),
            phases: vec![
                phase(
                    "orders",
                    "orders phase",
                    Actor::Both,
                    "Move your units and end the phase.",
                    Vec::new(),
                ),
                phase(
                    "combat",
                    "combat phase",
                    Actor::Umpire,
                    "Resolve fire, then end the phase.",
                    vec![RALLY.into()],
                ),
            ],
        }],
        kind_by_turn: Default::default(),
        first_player: Side::Soviet,
        last_turn: Some(2),
        calendar: Calendar::HalfMonths {
            year: 1939,
            month: 12,
            half: 1,
        },
    }
}

fn roster_spec() -> RosterSpec {
    RosterSpec {
        types: vec!["infantry".into()],
        attributes: vec![AttrSpec {
            code: "strength".into(),
            name: "strength".into(),
            kind: AttrKind::Number { min: 0, max: 10 },
            required: true,
        }],
        markers: vec![MarkerSpec::new(SUPPRESSED, "Suppressed", &[])],
    }
}

fn fire_chart() -> ChartSpec {
    ChartSpec {
        code: FIRE.into(),
        name: "Fire table".into(),
        rows: Keys::Fixed {
            keys: (1..=6).map(|n| n.to_string()).collect(),
        },
        columns: Keys::Fixed {
            keys: vec!["weak".into(), "strong".into()],
        },
        cell: CellGrammar::Code {
            codes: vec!["none".into(), SUPPRESSED.into(), "eliminated".into()],
            alternate: false,
        },
    }
}

/// What a campaign starts from: the units and the fire table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub units: Vec<Unit>,
    pub fire_table: RawChart,
}

/// The whole game as one JSON document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub sequence: Sequence,
    pub tracker: Tracker,
    pub roster: Roster,
    pub charts: ChartSet,
}

/// Everything that happens, with what replaying it needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Started {
        scenario: Scenario,
    },
    UnitEdited {
        by: Role,
        moment: String,
        id: UnitId,
        edit: UnitEdit,
        sentence: String,
        side: Side,
    },
    PhaseEnded {
        by: Role,
        moment: String,
    },
    ChartEntered {
        by: Role,
        moment: String,
        chart: RawChart,
    },
    Fired {
        moment: String,
        attacker: UnitId,
        hex: String,
        faces: Vec<u32>,
        reading: Reading,
        hit: Vec<UnitId>,
        steps: Vec<String>,
    },
}

/// What a player or the umpire asks for.
pub enum Command {
    Edit { id: UnitId, edit: UnitEdit },
    EndPhase,
    EnterChart { csv: String },
    Fire { attacker: UnitId, hex: String },
}

/// Why a command was refused: the kit's refusals, and the game's own.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum ExampleError {
    #[error(transparent)]
    Sequence(#[from] SequenceError),
    #[error(transparent)]
    Roster(#[from] RosterError),
    #[error(transparent)]
    Chart(#[from] ChartError),
    #[error("fire is resolved by the umpire in the combat phase")]
    NotCombat,
    #[error("the history does not begin with the campaign's start")]
    NoStart,
}

impl ExampleError {
    /// A stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            ExampleError::Sequence(e) => e.code(),
            ExampleError::Roster(e) => e.code(),
            ExampleError::Chart(e) => e.code(),
            ExampleError::NotCombat => "not_combat",
            ExampleError::NoStart => "no_start",
        }
    }

    /// The kind of refusal.
    pub fn kind(&self) -> RefusalKind {
        match self {
            ExampleError::Sequence(e) => e.kind(),
            ExampleError::Roster(e) => e.kind(),
            ExampleError::Chart(e) => e.kind(),
            ExampleError::NotCombat => RefusalKind::NotNow,
            ExampleError::NoStart => RefusalKind::NoSuchThing,
        }
    }
}

fn no_conditions(_: &str) -> bool {
    false
}

fn moment(state: &State) -> String {
    state
        .tracker
        .moment(&state.sequence, &state.sequence.calendar)
}

/// Starts a campaign.
pub fn start(scenario: Scenario) -> Result<(State, Vec<Event>), ExampleError> {
    let event = Event::Started { scenario };
    let state = replay(std::slice::from_ref(&event))?;
    Ok((state, vec![event]))
}

/// Rebuilds the state from the events alone.
pub fn replay(events: &[Event]) -> Result<State, ExampleError> {
    let Some((Event::Started { scenario }, rest)) = events.split_first() else {
        return Err(ExampleError::NoStart);
    };
    let sequence = sequence();
    sequence.validate(&[RALLY], &[])?;
    roster_spec().validate()?;
    fire_chart().validate()?;
    let (tracker, _) = Tracker::start(&sequence, &no_conditions)?;
    let mut state = State {
        sequence,
        tracker,
        roster: Roster::default(),
        charts: ChartSet::default(),
    };
    let at = moment(&state);
    for unit in &scenario.units {
        state
            .roster
            .add(&roster_spec(), Role::Umpire, &at, unit.clone())?;
    }
    state.charts.enter(
        &fire_chart(),
        scenario.fire_table.clone(),
        Role::Umpire,
        &at,
    )?;
    for event in rest {
        evolve(&mut state, event)?;
    }
    Ok(state)
}

/// Applies one event to the state, the same way live and in replay.
fn evolve(state: &mut State, event: &Event) -> Result<(), ExampleError> {
    let spec = roster_spec();
    match event {
        Event::Started { .. } => {}
        Event::UnitEdited {
            by,
            moment,
            id,
            edit,
            ..
        } => {
            state.roster.edit(&spec, *by, moment, id, edit.clone())?;
        }
        Event::PhaseEnded { by, moment } => {
            let step = state
                .tracker
                .advance(&state.sequence, *by, &no_conditions)?;
            if step.hooks.iter().any(|h| h.hook == RALLY) {
                let rallied: Vec<_> = state
                    .roster
                    .units
                    .values()
                    .filter(|u| u.markers.contains(SUPPRESSED))
                    .map(|u| u.id.clone())
                    .collect();
                for id in rallied {
                    state
                        .roster
                        .unmark(&spec, Role::Umpire, moment, &id, SUPPRESSED)?;
                }
            }
        }
        Event::ChartEntered { by, moment, chart } => {
            state
                .charts
                .enter(&fire_chart(), chart.clone(), *by, moment)?;
        }
        Event::Fired {
            moment,
            hit,
            reading,
            ..
        } => {
            for id in hit {
                match reading.cell.to_string().as_str() {
                    SUPPRESSED
                        if !state
                            .roster
                            .units
                            .get(id)
                            .is_some_and(|u| u.markers.contains(SUPPRESSED)) =>
                    {
                        state
                            .roster
                            .mark(&spec, Role::Umpire, moment, id, SUPPRESSED)?;
                    }
                    "eliminated" => {
                        state
                            .roster
                            .remove(Role::Umpire, moment, id, "eliminated by fire")?;
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

/// The fire calculation: the attacker's column, the roll with its modifier, the chart's cell.
fn fire(
    state: &State,
    attacker: &Unit,
    hex: &str,
    dice: &mut dyn Dice,
) -> Result<(Vec<u32>, Explained<Reading>), ExampleError> {
    let mut work = Working::new();
    let strength = match attacker.attributes.get("strength") {
        Some(AttrValue::Number(n)) => *n,
        _ => 0,
    };
    let column = if strength >= 5 { "strong" } else { "weak" };
    work.step(format!(
        "{} has strength {strength}: the {column} column (strong from 5)",
        attacker.name
    ));
    let faces = dice.roll(RollSpec::d6s(
        format!("fire by {} at {hex}", attacker.name),
        attacker.side.role(),
        Visibility::Public,
        1,
    ));
    let modifiers: Vec<(String, i64)> = if attacker.markers.contains(SUPPRESSED) {
        vec![("firer suppressed".into(), -1)]
    } else {
        Vec::new()
    };
    let total = work.take(modified_roll(&faces, &modifiers));
    let reading = work.take(state.charts.read_roll(FIRE, total, column)?);
    Ok((faces, work.done(reading)))
}

/// Runs a command for `role`: the events it makes and the state after them.
pub fn command(
    state: &State,
    role: Role,
    command: Command,
    dice: &mut dyn Dice,
) -> Result<(State, Vec<Event>), ExampleError> {
    let at = moment(state);
    let event = match command {
        Command::Edit { id, edit } => {
            let mut probe = state.roster.clone();
            let change = probe.edit(&roster_spec(), role, &at, &id, edit.clone())?;
            Event::UnitEdited {
                by: role,
                moment: at,
                id,
                edit,
                sentence: change.sentence.clone(),
                side: change.side,
            }
        }
        Command::EndPhase => Event::PhaseEnded {
            by: role,
            moment: at,
        },
        Command::EnterChart { csv } => {
            let chart = from_csv(&csv)?;
            fire_chart().check(chart.clone())?;
            Event::ChartEntered {
                by: role,
                moment: at,
                chart,
            }
        }
        Command::Fire { attacker, hex } => {
            if role != Role::Umpire || state.tracker.phase(&state.sequence)?.code != "combat" {
                return Err(ExampleError::NotCombat);
            }
            let unit = state.roster.unit_for(role, &attacker)?;
            let (faces, result) = fire(state, unit, &hex, dice)?;
            let hit = state
                .roster
                .units
                .values()
                .filter(|u| u.side != unit.side && u.location == hex)
                .map(|u| u.id.clone())
                .collect();
            Event::Fired {
                moment: at,
                attacker,
                hex,
                faces,
                reading: result.value,
                hit,
                steps: result.steps,
            }
        }
    };
    let mut next = state.clone();
    evolve(&mut next, &event)?;
    Ok((next, vec![event]))
}

/// The turn number.
pub fn turn(state: &State) -> u32 {
    state.tracker.turn
}

pub mod views;
pub use views::{View, log_entry, view};

#[cfg(test)]
pub(crate) mod tests;
