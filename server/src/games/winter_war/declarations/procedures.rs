//! Winter War's dice procedures (III.3, all 1d6) by name, rolled through the server's dice: the
//! combat and random event rolls read the entered charts and name their versions. The rolls the
//! server applies to the roster (air missions, naval gunfire, landings, drops, the Allied
//! intervention) are actions instead; the Scandinavian arrival turns are rolled when the
//! campaign starts from its scenario (24.7).

use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::catalogue::DiceProcedure;
use crate::games::assisted::sequence::Activity;
use crate::games::winter_war::rules::error::WinterWarError;
use crate::games::winter_war::rules::procedures_charts::{random_events, resolve_combat};
use crate::games::winter_war::rules::sequence::LAST_TURN;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
struct CombatRollIn {
    /// The attacking side.
    attacker: Side,
    /// The CRT column, as the entered CRT names it.
    column: String,
    /// The defender is in its own side's fortification.
    #[serde(default)]
    defender_fortified: bool,
}

#[derive(Deserialize, JsonSchema)]
struct EventsIn {
    /// Whose events.
    side: Side,
    /// The game turn.
    turn: u32,
}

fn only(by: Role, side: Side) -> Result<(), WinterWarError> {
    if by == Role::Umpire || by.side() == Some(side) {
        Ok(())
    } else {
        Err(WinterWarError::NotYourRoll {
            side: side.adjective(),
        })
    }
}

/// Every dice procedure of Winter War.
pub fn procedures() -> Vec<DiceProcedure> {
    vec![
        DiceProcedure::new(
            "combat-roll",
            "Combat Results Table roll",
            "14.0",
            |p: CombatRollIn, charts, dice: &mut dyn Dice, by| {
                only(by, p.attacker)?;
                resolve_combat(dice, charts, p.attacker, &p.column, p.defender_fortified)
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "random-events",
            "Random events",
            "17.0",
            |p: EventsIn, charts, dice: &mut dyn Dice, by| {
                only(by, p.side)?;
                random_events(dice, charts, p.side, p.turn, LAST_TURN)
            },
        )
        // Each side in its own event segment of the Special Events Phase (17.1).
        .given(true, &[Activity::Events]),
    ]
}
