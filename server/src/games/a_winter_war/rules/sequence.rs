//! A Winter War's default sequence of play: half-month game turns, the Soviet player turn first.
//!
//! The text lacks the base rules' sequence of play, so this is the default the umpire may edit
//! per campaign: each player turn is initial, movement, air, combat and exploitation phases (a
//! Europa-style order); the game turn ends with the Western intervention roll and Opt E's spring
//! rains roll when they are due. The hooks are the moments the optional rules act at.

use super::options::{DEC_I_39, MAR_I_40, MAR_II_40, Options};
use crate::core::domain::Side;
use crate::games::assisted::sequence::{Activity, Actor, PhaseSpec, Sequence, TurnKind, hooks};
use std::collections::BTreeMap;

/// Opt A.1: judge each unit's supply, count its turns out of supply or reset the count.
pub const JUDGE_SUPPLY: &str = "judge_supply";
/// Opt A.1: the Success Table check of units out of supply four turns or more and isolated.
pub const ISOLATION_CHECK: &str = "isolation_check";
/// Opt D.1: a side's parachute units stop being disrupted at its next initial phase.
pub const CLEAR_DISRUPTION: &str = "clear_disruption";
/// Opt D.2: the drop-turn limits on hex ownership end after the following enemy player turn.
pub const END_DROP_TURN: &str = "end_drop_turn";
/// Opt D.3: plans written last turn fall due; new plans may be written or old ones cancelled.
pub const AIRBORNE_PLANS: &str = "airborne_plans";
/// Opt D.3: a plan not carried out in the phase it was due in is cancelled.
pub const LAPSE_AIRBORNE_PLANS: &str = "lapse_airborne_plans";
/// Opt H: the rail lines (Soviet Dec I 39 initial phase) and the fort (Finnish Nov II 39
/// initial phase) are completed.
pub const COMPLETE_CONSTRUCTION: &str = "complete_construction";
/// DC A.2: the hit markers of Finnish ski units are removed once the exploitation phase is over.
pub const CLEAR_SKI_MARKERS: &str = "clear_ski_markers";
/// Rule 31 as Opt F or DC C modify it: the Western intervention roll.
pub const ROLL_INTERVENTION: &str = "roll_western_intervention";
/// Opt E: the Finnish player's roll for the spring rains.
pub const ROLL_GAME_LENGTH: &str = "roll_game_length";

/// Opt D.3: plans whose unit entered an enemy ZOC, attacked or was attacked are cancelled.
pub const CANCEL_BROKEN_PLANS: &str = "cancel_broken_airborne_plans";
/// Opt D.3: the markers of who attacked and who was attacked are cleared before plans are
/// written.
pub const CLEAR_COMBAT_MARKERS: &str = "clear_combat_markers";

/// Every hook the game interprets.
pub const HOOKS: &[&str] = &[
    JUDGE_SUPPLY,
    ISOLATION_CHECK,
    CLEAR_DISRUPTION,
    END_DROP_TURN,
    AIRBORNE_PLANS,
    LAPSE_AIRBORNE_PLANS,
    COMPLETE_CONSTRUCTION,
    CLEAR_SKI_MARKERS,
    ROLL_INTERVENTION,
    ROLL_GAME_LENGTH,
    CANCEL_BROKEN_PLANS,
    CLEAR_COMBAT_MARKERS,
];

/// Holds when a Western intervention roll is due this turn (Opt F or DC C, from Dec I 39,
/// intervention not yet triggered).
pub const INTERVENTION_DUE: &str = "western_intervention_due";
/// Holds at the end of Mar I 40 and Mar II 40 with Opt E.
pub const SPRING_RAINS_DUE: &str = "spring_rains_roll_due";

/// Every condition the game decides.
pub const CONDITIONS: &[&str] = &[INTERVENTION_DUE, SPRING_RAINS_DUE];

fn player_turn(side: Side) -> Vec<PhaseSpec> {
    let (code, name, actor) = match side {
        Side::Soviet => ("soviet", "Soviet", Actor::Soviet),
        Side::Finnish => ("finnish", "Finnish", Actor::Finnish),
    };
    let mut initial = PhaseSpec::new(
        &format!("{code}_initial"),
        &format!("{name} initial phase"),
        actor,
        "Take reinforcements and judge supply; out-of-supply turns are counted now (Opt A.1).",
    )
    .doing(&[Activity::Supply, Activity::Reinforcement]);
    // Supply judged in the initial phase counts for this player turn (Opt A.1): the count is
    // taken as the phase ends, once the player has marked the units out of supply.
    initial.on_leave = hooks(&[JUDGE_SUPPLY]);
    initial.on_enter = hooks(&[
        ISOLATION_CHECK,
        CLEAR_DISRUPTION,
        END_DROP_TURN,
        COMPLETE_CONSTRUCTION,
    ]);
    if side == Side::Soviet {
        initial.on_enter.push(CLEAR_COMBAT_MARKERS.into());
        initial.on_enter.push(AIRBORNE_PLANS.into());
        initial.instructions = "Take reinforcements and judge supply (Opt A.1); write or cancel \
            airborne plans for next turn (Opt D.3)."
            .into();
    }
    let movement = PhaseSpec::new(
        &format!("{code}_movement"),
        &format!("{name} movement phase"),
        actor,
        match side {
            Side::Soviet => "Move your units; demolition costs MPs by unit size (DC B).",
            Side::Finnish => {
                "Move your units; a ski unit using more than half its MA is marked (DC A.2)."
            }
        },
    )
    .doing(&[Activity::Movement]);
    let mut air = PhaseSpec::new(
        &format!("{code}_air"),
        &format!("{name} air phase"),
        actor,
        match side {
            Side::Soviet => {
                "Fly air missions; each air drop rolls for disruption in the mission resolution step (Opt D.1)."
            }
            Side::Finnish => "Fly air missions and resolve them.",
        },
    )
    .doing(&[Activity::Combat]);
    if side == Side::Soviet {
        air.on_leave = hooks(&[LAPSE_AIRBORNE_PLANS]);
    }
    let combat = PhaseSpec::new(
        &format!("{code}_combat"),
        &format!("{name} combat phase"),
        actor,
        "Resolve attacks; armor and antitank effects modify the die (Opt B).",
    )
    .doing(&[Activity::Combat]);
    let mut exploitation = PhaseSpec::new(
        &format!("{code}_exploitation"),
        &format!("{name} exploitation phase"),
        actor,
        match side {
            Side::Soviet => "Move c/m units that may exploit and resolve their attacks.",
            Side::Finnish => {
                "Move units that may exploit; unmarked ski units move with half their MA (DC A.2)."
            }
        },
    )
    .doing(&[Activity::Movement, Activity::Combat]);
    if side == Side::Finnish {
        exploitation.on_leave = hooks(&[CLEAR_SKI_MARKERS]);
    }
    let mut phases = vec![initial, movement, air, combat, exploitation];
    // A plan is cancelled as soon as a phase ends in which its unit entered an enemy ZOC,
    // attacked or was attacked (Opt D.3).
    for phase in phases.iter_mut().skip(1) {
        phase.on_leave.push(CANCEL_BROKEN_PLANS.into());
    }
    phases
}

/// The default sequence of play for a campaign with `options`: one kind of game turn, the
/// Soviet player turn and then the Finnish, from Dec I 39 (Nov II 39 with Opt H) to Mar I 40
/// (Apr I 40 with Opt E, whose roll may end the game earlier).
pub fn default_sequence(options: &Options) -> Sequence {
    let mut phases = player_turn(Side::Soviet);
    phases.extend(player_turn(Side::Finnish));
    let mut intervention = PhaseSpec::new(
        "western_intervention",
        "Western intervention roll",
        Actor::Finnish,
        "The intervention dice are rolled for you (Rule 31 as Opt F or DC C modify it); end the phase.",
    );
    intervention.on_enter = hooks(&[ROLL_INTERVENTION]);
    intervention.only_if = Some(INTERVENTION_DUE.into());
    phases.push(intervention);
    let mut rains = PhaseSpec::new(
        "spring_rains",
        "variable game length roll",
        Actor::Finnish,
        "The die for the spring rains is rolled for you (Opt E); end the phase.",
    );
    rains.on_enter = hooks(&[ROLL_GAME_LENGTH]);
    rains.only_if = Some(SPRING_RAINS_DUE.into());
    phases.push(rains);
    Sequence {
        kinds: vec![TurnKind {
            code: "game_turn".into(),
            name: "Game turn".into(),
            phases,
        }],
        kind_by_turn: BTreeMap::new(),
        first_player: Side::Soviet,
        last_turn: Some(options.last_turn()),
        calendar: options.calendar(),
    }
}

/// Whose player turn a phase of the default sequence belongs to; `None` for the end of the
/// game turn.
pub fn player_turn_of(phase_code: &str) -> Option<Side> {
    if phase_code.starts_with("soviet_") {
        Some(Side::Soviet)
    } else if phase_code.starts_with("finnish_") {
        Some(Side::Finnish)
    } else {
        None
    }
}

/// Whether the Western intervention roll is due at the end of `turn`: Opt F or DC C is played,
/// the turn is Dec I 39 or later, and intervention has not been triggered yet.
pub fn intervention_due(options: &Options, turn: u32, triggered: bool) -> bool {
    (options.foreign_aid || options.resolute_intervention)
        && options.calendar_index(turn) >= DEC_I_39
        && !triggered
}

/// Whether Opt E's roll is due at the end of `turn`: the end of Mar I 40 or Mar II 40.
pub fn spring_rains_due(options: &Options, turn: u32) -> bool {
    options.variable_length && matches!(options.calendar_index(turn), MAR_I_40 | MAR_II_40)
}

#[cfg(test)]
#[path = "sequence_tests.rs"]
mod tests;
