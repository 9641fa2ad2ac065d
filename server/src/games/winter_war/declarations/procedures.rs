//! Winter War's dice procedures (III.3, all 1d6) by name, rolled through the server's dice; the
//! combat, air attack and random event rolls read the entered charts and name their versions.

use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::catalogue::DiceProcedure;
use crate::games::assisted::sequence::Activity;
use crate::games::winter_war::rules::error::WinterWarError;
use crate::games::winter_war::rules::procedures::{
    allied_intervention, amphibious_landing, naval_gunfire, paratroop_drop, scandinavian_arrivals,
};
use crate::games::winter_war::rules::procedures_charts::{
    air_attack, random_events, resolve_combat,
};
use crate::games::winter_war::rules::sequence::LAST_TURN;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
struct DropIn {
    /// The drop hex is adjacent to a Finnish unit.
    adjacent_to_finns: bool,
}

#[derive(Deserialize, JsonSchema)]
struct NoParams {}

#[derive(Deserialize, JsonSchema)]
struct LandingIn {
    /// The Freeze is in effect.
    freeze: bool,
}

#[derive(Deserialize, JsonSchema)]
struct InterventionIn {
    /// The game turn.
    turn: u32,
    /// Allied brigades still available.
    available: u32,
}

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
struct AirIn {
    /// The attacking side.
    side: Side,
    /// The Air Attack Table column.
    column: String,
    /// The defenders are already suppressed.
    #[serde(default)]
    defenders_suppressed: bool,
    /// The target is in clear terrain or on ice.
    #[serde(default)]
    clear_or_ice: bool,
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
            "air-attack",
            "Air attack",
            "12.1",
            |p: AirIn, charts, dice: &mut dyn Dice, by| {
                only(by, p.side)?;
                air_attack(
                    dice,
                    charts,
                    p.side,
                    &p.column,
                    p.defenders_suppressed,
                    p.clear_or_ice,
                )
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
        DiceProcedure::new(
            "paratroop-drop",
            "Paratroop drop",
            "19.2",
            |p: DropIn, _charts, dice: &mut dyn Dice, by| {
                only(by, Side::Soviet)?;
                Ok::<_, WinterWarError>(paratroop_drop(dice, p.adjacent_to_finns))
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "naval-gunfire",
            "Naval gunfire at a fortification",
            "20.1",
            |_p: NoParams, _charts, dice: &mut dyn Dice, by| {
                only(by, Side::Soviet)?;
                Ok::<_, WinterWarError>(naval_gunfire(dice))
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "amphibious-landing",
            "Amphibious landing",
            "20.2",
            |p: LandingIn, _charts, dice: &mut dyn Dice, by| {
                only(by, Side::Soviet)?;
                amphibious_landing(dice, p.freeze)
            },
        )
        // During the Soviet Movement Phase (20.2).
        .given(true, &[Activity::Movement]),
        DiceProcedure::new(
            "allied-intervention",
            "Allied intervention",
            "17.2",
            |p: InterventionIn, _charts, dice: &mut dyn Dice, by| {
                only(by, Side::Finnish)?;
                Ok::<_, WinterWarError>(allied_intervention(dice, p.turn, p.available))
            },
        )
        // A Finnish event: rolled in the Finnish Event Segment (17.2).
        .given(true, &[Activity::Events]),
        DiceProcedure::new(
            "scandinavian-arrivals",
            "Scandinavian Alliance arrivals",
            "24.7",
            |_p: NoParams, _charts, dice: &mut dyn Dice, by| {
                only(by, Side::Finnish)?;
                Ok::<_, WinterWarError>(scandinavian_arrivals(dice))
            },
        ),
    ]
}
