//! Red Winter's sequence of play (3.0): day and night turns, each player's three phases, the
//! night's sub-zero losses and the victory check, declared for the kit's tracker.

use crate::core::domain::Side;
use crate::games::assisted::sequence::{
    Activity, Actor, Calendar, PhaseSpec, Sequence, TurnKind, hooks,
};
use std::collections::BTreeMap;

/// Hook: flip the phasing player's "Fired" mortars, infantry guns and artillery (3.0 I, 12.4).
pub const FLIP_FIRED: &str = "flip_fired";
/// Hook: add the ammo the Turn Track gives this turn (12.4.1).
pub const ADJUST_AMMO: &str = "adjust_ammo";
/// Hook: make this turn's replacement points available to the phasing player (13.2).
pub const REPLACEMENT_POINTS: &str = "replacement_points";
/// Hook: from the armor decision turn on, ask the Soviet player which armor to commit (12.1.4).
pub const ARMOR_COMMITMENT: &str = "armor_commitment";
/// Hook: remove every Suppressed marker at the end of a Combat Phase (3.0 III).
pub const REMOVE_SUPPRESSED: &str = "remove_suppressed";
/// Hook: clear the per-phase marks (retreated, fired, AT fire used) at the end of a Combat Phase.
pub const CLEAR_COMBAT_MARKS: &str = "clear_combat_marks";
/// Hook: open the one Night Raid the Finns may make this night turn (16.4.1).
pub const NIGHT_RAID_AVAILABLE: &str = "night_raid_available";
/// Hook: list the stacks and units that must roll on the Sub-Zero Loss Table (16.3).
pub const SUB_ZERO_ROLLS: &str = "sub_zero_rolls";
/// Hook: remove every Skull and Bonfire marker after the Sub-Zero Loss Phase (16.3).
pub const REMOVE_SKULLS_AND_BONFIRES: &str = "remove_skulls_and_bonfires";
/// Hook: check the scenario's victory conditions (3.0 VI).
pub const CHECK_VICTORY: &str = "check_victory";
/// Hook: replacement points not spent this turn are lost (13.2).
pub const LOSE_UNSPENT_POINTS: &str = "lose_unspent_points";

/// Hook: units delayed (13.1.2, 13.1.3) or reconstituted (13.2.1) to this turn come off the Turn
/// Track, ready to enter as reinforcements (13.1).
pub const ENTER_DELAYED: &str = "enter_delayed";

/// Every hook the game interprets.
pub const HOOKS: &[&str] = &[
    ENTER_DELAYED,
    FLIP_FIRED,
    ADJUST_AMMO,
    REPLACEMENT_POINTS,
    ARMOR_COMMITMENT,
    REMOVE_SUPPRESSED,
    CLEAR_COMBAT_MARKS,
    NIGHT_RAID_AVAILABLE,
    SUB_ZERO_ROLLS,
    REMOVE_SKULLS_AND_BONFIRES,
    CHECK_VICTORY,
    LOSE_UNSPENT_POINTS,
];

/// The condition codes the game decides (none: night turns have their own kind).
pub const CONDITIONS: &[&str] = &[];

/// The code of the day turn kind.
pub const DAY: &str = "day";
/// The code of the night turn kind.
pub const NIGHT: &str = "night";

/// One player's Reset, Action and Combat Phases (3.0 I-III), `which` being "first" or "second".
fn player_turn(which: &str, actor: Actor, night: bool) -> Vec<PhaseSpec> {
    let title = if which == "first" { "First" } else { "Second" };
    let mut reset = PhaseSpec::new(
        &format!("{which}_reset"),
        &format!("{title} Player Reset Phase"),
        actor,
        "Flip your Fired mortars, infantry guns and artillery face up, take this turn's ammo, and spend this turn's replacement points or lose them.",
    )
    .doing(&[Activity::Supply]);
    reset.on_enter = hooks(&[FLIP_FIRED, ADJUST_AMMO, REPLACEMENT_POINTS]);
    let action_text = if night {
        "Each unit takes one action: move and/or assault, double move, attempt recovery, dig in, build a bonfire (Soviets), or raid (one Finnish night raid per night)."
    } else {
        "Each unit takes one action: move and/or assault, attempt recovery, or dig in; reinforcements may enter."
    };
    let mut action = PhaseSpec::new(
        &format!("{which}_action"),
        &format!("{title} Player Action Phase"),
        actor,
        action_text,
    )
    .doing(&[Activity::Movement]);
    action.on_enter = hooks(&[ARMOR_COMMITMENT, ENTER_DELAYED]);
    let mut combat = PhaseSpec::new(
        &format!("{which}_combat"),
        &format!("{title} Player Combat Phase"),
        actor,
        "Make ranged attacks, anti-tank fire and combats, finishing every attack on one hex before the next; the other player may answer with defensive support.",
    )
    .doing(&[Activity::Combat]);
    combat.on_leave = hooks(&[REMOVE_SUPPRESSED, CLEAR_COMBAT_MARKS]);
    vec![reset, action, combat]
}

fn victory_check() -> PhaseSpec {
    let mut victory = PhaseSpec::new(
        "victory_check",
        "Victory Check Phase",
        Actor::FirstPlayer,
        "Check the scenario's victory conditions; if the game goes on, move the Turn marker on.",
    );
    victory.on_enter = hooks(&[CHECK_VICTORY]);
    victory.on_leave = hooks(&[LOSE_UNSPENT_POINTS]);
    victory
}

/// The phases of a day turn, in order.
pub fn day_phases() -> Vec<PhaseSpec> {
    let mut phases = player_turn("first", Actor::FirstPlayer, false);
    phases.extend(player_turn("second", Actor::SecondPlayer, false));
    phases.push(victory_check());
    phases
}

/// The phases of a night turn, in order: the day's, with the Sub-Zero Loss Phase before the
/// victory check, the Soviet player rolling first (16.3).
pub fn night_phases() -> Vec<PhaseSpec> {
    let mut phases = player_turn("first", Actor::FirstPlayer, true);
    if let Some(reset) = phases.first_mut() {
        reset.on_enter.push(NIGHT_RAID_AVAILABLE.into());
    }
    phases.extend(player_turn("second", Actor::SecondPlayer, true));
    let mut soviet = PhaseSpec::new(
        "sub_zero_soviet",
        "Sub-Zero Loss Phase, Soviet rolls",
        Actor::Soviet,
        "Roll the SZLT for every Soviet stack not under a Bonfire and every unit under a Night Raid marker.",
    )
    .doing(&[Activity::Attrition]);
    soviet.on_enter = hooks(&[SUB_ZERO_ROLLS]);
    let mut finnish = PhaseSpec::new(
        "sub_zero_finnish",
        "Sub-Zero Loss Phase, Finnish rolls",
        Actor::Finnish,
        "Roll the SZLT for every Finnish stack under a Skull marker, and for each raider individually.",
    )
    .doing(&[Activity::Attrition]);
    finnish.on_leave = hooks(&[REMOVE_SKULLS_AND_BONFIRES]);
    phases.push(soviet);
    phases.push(finnish);
    phases.push(victory_check());
    phases
}

/// The sequence of play: every turn is a day turn except `night_turns` (from the Turn Track the
/// players enter); the Soviets play first unless the scenario says otherwise (3.0); turns are
/// named by `labels` from the Turn Track when given, else "Turn n".
pub fn sequence(
    night_turns: &[u32],
    last_turn: Option<u32>,
    first_player: Side,
    labels: Vec<String>,
) -> Sequence {
    let calendar = if labels.is_empty() {
        Calendar::Numbered {
            prefix: "Turn".into(),
        }
    } else {
        Calendar::Listed { labels }
    };
    Sequence {
        kinds: vec![
            TurnKind {
                code: DAY.into(),
                name: "Day turn".into(),
                phases: day_phases(),
            },
            TurnKind {
                code: NIGHT.into(),
                name: "Night turn".into(),
                phases: night_phases(),
            },
        ],
        kind_by_turn: night_turns
            .iter()
            .map(|&t| (t, NIGHT.to_string()))
            .collect::<BTreeMap<_, _>>(),
        first_player,
        last_turn,
        calendar,
    }
}

#[cfg(test)]
#[path = "sequence_tests.rs"]
mod tests;
