//! Whether a random event takes effect (17.2, 17.3: once-only events, turn limits) and the
//! automatic triggers at the start of a game turn (20.3, 21.0, 22.0).

use super::charts::Event;
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// The Mannerheim Line hexes the Morale Check looks at (25.1.2).
pub const MANNERHEIM_LINE: &[&str] = &["1637", "1638", "1737", "1738", "1837", "1937"];

/// What the game remembers that decides whether an event takes effect.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EventFlags {
    /// Timoshenko is in play (22.0).
    pub timoshenko: bool,
    /// The freeze is in effect (21.0).
    pub freeze: bool,
    /// The Finnish marker shows morale (23.0).
    pub morale: bool,
    /// Allied Intervention has happened.
    pub allied_intervention: bool,
    /// Paratroop Operation has happened.
    pub paratroop_operation: bool,
    /// Severe Climate has happened.
    pub severe_climate: bool,
    /// Enhanced Logistics has happened.
    pub enhanced_logistics: bool,
    /// Volunteer units (three brigades and the air unit) not yet received.
    pub volunteers_left: u32,
    /// The Soviets hold both the naval gunfire and the amphibious marker.
    pub both_naval_markers: bool,
    /// How many of the two naval markers Red Fleet Sorties has brought (17.3).
    #[serde(default)]
    pub naval_markers: u32,
    /// The Finnish player has called a ceasefire.
    pub ceasefire: bool,
    /// The game turn a Ceasefire event came up on, which the Finnish player may answer by
    /// calling one then (17.2); none once answered.
    #[serde(default)]
    pub ceasefire_offered: Option<u32>,
}

/// Whether `event`, rolled on game turn `turn`, takes effect; the sentence says why not.
pub fn takes_effect(event: Event, turn: u32, flags: &EventFlags) -> Explained<bool> {
    let no = |why: &str| Explained::new(false, format!("{} has no effect: {why}", event.name()));
    match event {
        Event::NoEvent => no("no event was rolled"),
        Event::AlliedIntervention if flags.allied_intervention => {
            no("the Allies have already intervened (17.2)")
        }
        Event::Ceasefire if flags.ceasefire => no("a ceasefire has already been called"),
        Event::Freeze if flags.freeze => no("the freeze is already in effect (17.3)"),
        Event::Freeze if turn >= 8 => no("the freeze comes by itself from GT 8 (17.3, 21.0)"),
        Event::MoraleCheck if flags.morale => no("Finnish morale is already in effect (17.3)"),
        Event::Volunteers if flags.volunteers_left == 0 => {
            no("every volunteer unit has been received (17.3)")
        }
        Event::EnhancedLogistics if flags.enhanced_logistics => {
            no("Enhanced Logistics has already happened (17.3)")
        }
        Event::ParatroopOperation if flags.paratroop_operation => {
            no("the paratroop brigade has already come (17.3)")
        }
        Event::RedFleetSorties if flags.freeze => no("the freeze is in effect (17.3)"),
        Event::RedFleetSorties if flags.both_naval_markers => {
            no("the Soviets already hold both naval markers (17.3)")
        }
        Event::SevereClimate if flags.severe_climate => {
            no("Severe Climate has already happened (17.3)")
        }
        Event::Timoshenko if flags.timoshenko => no("Timoshenko is already in play (17.3)"),
        Event::Timoshenko if turn >= 6 => no("it was rolled on GT 6 or later (17.3)"),
        _ => Explained::new(true, format!("{} takes effect on GT {turn}", event.name())),
    }
}

/// Whether the Morale Check flips the Finnish marker: the Soviets hold all six Mannerheim Line
/// hexes, or any city in Finland (17.3, our reading WW-A27).
pub fn morale_check(line_hexes_held: u32, city_held: bool) -> Explained<bool> {
    let line = line_hexes_held as usize >= MANNERHEIM_LINE.len();
    let mut work = Working::new();
    work.step(format!(
        "the Soviets hold {line_hexes_held} of the {} Mannerheim Line hexes",
        MANNERHEIM_LINE.len()
    ));
    work.step(if city_held {
        "the Soviets hold a city in Finland"
    } else {
        "the Soviets hold no city in Finland"
    });
    let flips = line || city_held;
    work.step(if flips {
        "Finnish morale takes effect (23.0)"
    } else {
        "no effect"
    });
    work.done(flips)
}

/// The freeze takes effect (21.0): its flag is raised and every naval marker is removed
/// (21.1 item 4).
pub fn begin_freeze(flags: &mut EventFlags) {
    flags.freeze = true;
    flags.both_naval_markers = false;
    flags.naval_markers = 0;
}

/// What happens by itself at the start of a game turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Timoshenko enters (Historical scenario, GT 5, 22.0).
    Timoshenko,
    /// The freeze takes effect (GT 8, 21.0).
    Freeze,
    /// The naval markers leave the game (GT 8, 20.3).
    NavalMarkersRemoved,
}

/// The automatic triggers at the start of game turn `turn` (20.3, 21.0, 22.0, WW-A12).
pub fn start_of_turn(turn: u32, historical: bool, flags: &EventFlags) -> Explained<Vec<Trigger>> {
    let mut work = Working::new();
    let mut triggers = Vec::new();
    if historical && turn == 5 && !flags.timoshenko {
        work.step("GT 5 in the Historical scenario: Timoshenko takes effect (22.0)");
        triggers.push(Trigger::Timoshenko);
    }
    if turn == 8 {
        if !flags.freeze {
            work.step("GT 8: the freeze takes effect (21.0)");
            triggers.push(Trigger::Freeze);
        }
        work.step("GT 8: the naval markers are removed from the game (20.3)");
        triggers.push(Trigger::NavalMarkersRemoved);
    }
    if triggers.is_empty() {
        work.step(format!(
            "nothing happens by itself at the start of GT {turn}"
        ));
    }
    work.done(triggers)
}

/// Where a side's scheduled reinforcements go after the events of one Special Events Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Schedule {
    /// The game turn whose reinforcements move.
    pub from: u32,
    /// The game turn they now arrive on.
    pub to: u32,
}

/// The schedule changes of Germany Looks North and Accelerated Mobilization rolled on `turn`
/// for `soviet` or Finnish reinforcements: the delay moves GT + 1 to GT + 2 (Soviets only); the
/// acceleration brings GT + 2 into GT + 1 for both sides, except that after Germany Looks North
/// the Soviet reinforcements simply come on schedule (17.3, our reading WW-A4).
pub fn schedule_changes(
    turn: u32,
    soviet: bool,
    germany_looks_north: bool,
    accelerated: bool,
) -> Explained<Vec<Schedule>> {
    let (next, after) = (turn + 1, turn + 2);
    let mut work = Working::new();
    let side = if soviet { "Soviet" } else { "Finnish" };
    let changes = match (soviet, germany_looks_north, accelerated) {
        (true, true, true) => {
            work.step(format!(
                "Accelerated Mobilization cancels Germany Looks North: the Soviet reinforcements of GT {next} come on schedule (17.3)"
            ));
            Vec::new()
        }
        (true, true, false) => {
            work.step(format!(
                "Germany Looks North: the Soviet reinforcements of GT {next} are delayed to GT {after}"
            ));
            vec![Schedule {
                from: next,
                to: after,
            }]
        }
        (_, _, true) => {
            work.step(format!(
                "Accelerated Mobilization: the {side} reinforcements of GT {after} arrive with those of GT {next}"
            ));
            vec![Schedule {
                from: after,
                to: next,
            }]
        }
        _ => {
            work.step(format!("the {side} reinforcements keep their schedule"));
            Vec::new()
        }
    };
    work.done(changes)
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;
