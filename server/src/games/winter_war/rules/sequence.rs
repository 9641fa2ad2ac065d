//! The sequence of play (6.0): a Soviet then a Finnish player turn in each ten-day game turn,
//! the Second Wave only with Timoshenko and a shock corps, the events phase on all but the last.

use crate::core::domain::Side;
use crate::games::assisted::sequence::{
    Activity, Actor, Calendar, PhaseSpec, Sequence, TurnKind, hooks,
};

/// The last game turn: the reinforcement schedules run to GT 11 (our reading WW-A8).
pub const LAST_TURN: u32 = 11;

/// Start of a game turn: Timoshenko on GT 5 (Historical), Freeze and naval markers on GT 8.
pub const HOOK_START_OF_TURN: &str = "start_of_turn";
/// Logistics: determine supply (15.0); unsupplied units are marked Suppressed.
pub const HOOK_SUPPLY: &str = "determine_supply";
/// Logistics: remove suppression from in-supply units of the phasing side (16.2).
pub const HOOK_LIFT_SUPPRESSION: &str = "lift_suppression";
/// Movement and combat phases end with a stacking check (7.2).
pub const HOOK_STACKING: &str = "stacking_check";
/// Allied units not in Finland at the end of the Finnish Movement Phase are eliminated (17.2).
pub const HOOK_ALLIED_IN_FINLAND: &str = "allied_must_be_in_finland";
/// The Finnish Combat Phase ends by removing the interdiction markers (12.2.2).
pub const HOOK_REMOVE_INTERDICTION: &str = "remove_interdiction";
/// End of turn: on the last GT the game ends and victory points are counted (4.2).
pub const HOOK_END_OF_TURN: &str = "end_of_turn";

/// Every hook the sequence names, for `Sequence::validate`.
pub const HOOKS: &[&str] = &[
    HOOK_START_OF_TURN,
    HOOK_SUPPLY,
    HOOK_LIFT_SUPPRESSION,
    HOOK_STACKING,
    HOOK_ALLIED_IN_FINLAND,
    HOOK_REMOVE_INTERDICTION,
    HOOK_END_OF_TURN,
];

/// Timoshenko is in play and at least one Soviet shock corps has been formed (13.3).
pub const IF_SECOND_WAVE: &str = "second_wave_possible";
/// This is not the last game turn (no Special Events Phase then, 17.1).
pub const IF_NOT_LAST_TURN: &str = "not_last_turn";

/// Every condition the sequence names, for `Sequence::validate`.
pub const CONDITIONS: &[&str] = &[IF_SECOND_WAVE, IF_NOT_LAST_TURN];

fn soviet_player_turn() -> Vec<PhaseSpec> {
    let mut logistics = PhaseSpec::new(
        "soviet_logistics",
        "Soviet Logistics Phase",
        Actor::Soviet,
        "Trace supply for every Soviet unit (15.0) and mark the unsupplied Suppressed; then lift suppression from the supplied (16.2).",
    )
    .doing(&[Activity::Supply]);
    logistics.on_enter = hooks(&[HOOK_START_OF_TURN, HOOK_SUPPLY]);
    logistics.on_leave = hooks(&[HOOK_LIFT_SUPPRESSION]);
    let mut movement = PhaseSpec::new(
        "soviet_movement",
        "Soviet Ground Movement Phase",
        Actor::Soviet,
        "Place or remove laagers, move (rail once), break down or reorganize, land amphibious units and drop paratroops (9.0–11.0, 19.2, 20.2).",
    )
    .doing(&[Activity::Movement]);
    movement.on_leave = hooks(&[HOOK_STACKING]);
    let mut combat = PhaseSpec::new(
        "soviet_combat",
        "Soviet Combat Phase",
        Actor::Soviet,
        "Attack every Finnish unit whose zone of control reaches a Soviet-occupied hex (13.2).",
    )
    .doing(&[Activity::Combat]);
    combat.on_leave = hooks(&[HOOK_STACKING]);
    let mut second_wave = PhaseSpec::new(
        "second_wave",
        "Second Wave Combat Phase",
        Actor::Soviet,
        "Shock corps and the units stacked with them may attack one hex south of the A Line each (13.3).",
    )
    .doing(&[Activity::Combat]);
    second_wave.only_if = Some(IF_SECOND_WAVE.into());
    second_wave.on_leave = hooks(&[HOOK_STACKING]);
    vec![
        logistics,
        PhaseSpec::new(
            "soviet_reinforcement",
            "Soviet Reinforcement Phase",
            Actor::Soviet,
            "Deploy the Soviet reinforcements due this game turn (8.0, 8.2).",
        )
        .doing(&[Activity::Reinforcement]),
        movement,
        PhaseSpec::new(
            "finnish_withdrawal",
            "Finnish Withdrawal Phase",
            Actor::Finnish,
            "Withdraw eligible Finnish units adjacent to Soviet units one hex; the Soviets may advance into the vacated hexes (19.1).",
        )
        .doing(&[Activity::Movement]),
        PhaseSpec::new(
            "soviet_air_naval",
            "Soviet Air & Naval Attack Phase",
            Actor::Soviet,
            "Place air units (one per hex) and the naval gunfire marker, then resolve every mission (12.0, 20.1).",
        )
        .doing(&[Activity::Combat]),
        combat,
        second_wave,
    ]
}

fn finnish_player_turn() -> Vec<PhaseSpec> {
    let mut logistics = PhaseSpec::new(
        "finnish_logistics",
        "Finnish Logistics Phase",
        Actor::Finnish,
        "Trace supply for every Finnish unit (15.0) and mark the unsupplied Suppressed; then lift suppression from the supplied (16.2).",
    )
    .doing(&[Activity::Supply]);
    logistics.on_enter = hooks(&[HOOK_SUPPLY]);
    logistics.on_leave = hooks(&[HOOK_LIFT_SUPPRESSION]);
    let mut movement = PhaseSpec::new(
        "finnish_movement",
        "Finnish Ground Movement Phase",
        Actor::Finnish,
        "Place or remove laagers, move (no rail through interdicted hexes), break down or reorganize (9.0–11.0).",
    )
    .doing(&[Activity::Movement]);
    movement.on_leave = hooks(&[HOOK_ALLIED_IN_FINLAND, HOOK_STACKING]);
    let mut combat = PhaseSpec::new(
        "finnish_combat",
        "Finnish Combat Phase",
        Actor::Finnish,
        "Attack where you choose (13.1).",
    )
    .doing(&[Activity::Combat]);
    combat.on_leave = hooks(&[HOOK_STACKING, HOOK_REMOVE_INTERDICTION]);
    let mut finnish_events = PhaseSpec::new(
        "finnish_events",
        "Finnish Event Segment",
        Actor::Finnish,
        "Roll on the Finnish Random Events Table in this game turn's column (17.1).",
    )
    .doing(&[Activity::Events]);
    finnish_events.only_if = Some(IF_NOT_LAST_TURN.into());
    let mut soviet_events = PhaseSpec::new(
        "soviet_events",
        "Soviet Random Event Segment",
        Actor::Soviet,
        "Roll on the Soviet Random Events Table in this game turn's column (17.1).",
    )
    .doing(&[Activity::Events]);
    soviet_events.only_if = Some(IF_NOT_LAST_TURN.into());
    let mut end = PhaseSpec::new(
        "end_of_turn",
        "End of Turn Phase",
        Actor::Both,
        "Advance your game turn marker; on the last game turn count victory points (4.2).",
    );
    end.on_enter = hooks(&[HOOK_END_OF_TURN]);
    vec![
        logistics,
        PhaseSpec::new(
            "finnish_reinforcement",
            "Finnish Reinforcement Phase",
            Actor::Finnish,
            "Deploy the Finnish, volunteer and Allied reinforcements due, never into interdicted towns or cities (8.1, 12.2.2).",
        )
        .doing(&[Activity::Reinforcement]),
        movement,
        PhaseSpec::new(
            "finnish_air",
            "Finnish Air Attack Phase",
            Actor::Finnish,
            "Place Finnish and volunteer air units and resolve their missions (12.0).",
        )
        .doing(&[Activity::Combat]),
        combat,
        finnish_events,
        soviet_events,
        end,
    ]
}

/// The sequence of play of 6.0: one kind of game turn, GT 1 to 11, the Soviets first.
pub fn sequence() -> Sequence {
    let mut phases = soviet_player_turn();
    phases.extend(finnish_player_turn());
    Sequence {
        kinds: vec![TurnKind {
            code: "game_turn".into(),
            name: "Game turn (ten days)".into(),
            phases,
        }],
        kind_by_turn: Default::default(),
        first_player: Side::Soviet,
        last_turn: Some(LAST_TURN),
        calendar: Calendar::Numbered {
            prefix: "GT".into(),
        },
    }
}

/// What the game knows when the tracker asks whether a condition holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conditions {
    /// The game turn.
    pub turn: u32,
    /// The last game turn.
    pub last_turn: u32,
    /// Timoshenko is in play (22.0).
    pub timoshenko: bool,
    /// At least one Soviet shock corps has been formed.
    pub shock_corps_formed: bool,
}

impl Conditions {
    /// Whether condition `code` holds; unknown codes never hold.
    pub fn holds(&self, code: &str) -> bool {
        match code {
            IF_SECOND_WAVE => self.timoshenko && self.shock_corps_formed,
            IF_NOT_LAST_TURN => self.turn < self.last_turn,
            _ => false,
        }
    }
}

#[cfg(test)]
#[path = "sequence_tests.rs"]
mod tests;
