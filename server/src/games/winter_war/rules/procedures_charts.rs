//! The rolls read on the charts the players entered: combat (14.0, 14.2), air attack (12.1,
//! 12.2) and random events (17.1); each records the chart version it read.

use super::charts::{AIR, CRT, Event, FINNISH_EVENTS, SOVIET_EVENTS, event_column};
use super::error::WinterWarError;
use super::procedures::d6;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::{Explained, Working};
use crate::games::assisted::chart_set::{ChartSet, Reading};
use crate::games::assisted::charts::Cell;
use serde::{Deserialize, Serialize};

/// A combat result read from the CRT, with the chart version it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CombatResult {
    /// The result that applies: AE, AW, DE, DP, DZ, DW, EX, HX or NE.
    pub result: String,
    /// The cell read.
    pub reading: Reading,
}

/// The attacker rolls 1d6 on the CRT in `column`; a defender in its own side's fortification
/// takes the parenthesized result where the cell has one (14.0 step 7, 14.2).
pub fn resolve_combat(
    dice: &mut dyn Dice,
    charts: &ChartSet,
    attacker: Side,
    column: &str,
    defender_fortified: bool,
) -> Result<Explained<CombatResult>, WinterWarError> {
    let roll = d6(dice, attacker.role(), "combat (14.0)");
    let mut work = Working::new();
    let reading = work.take(charts.read_roll(CRT, i64::from(roll), column)?);
    let result = match &reading.cell {
        Cell::Code {
            alternate: Some(alt),
            ..
        } if defender_fortified => {
            work.step(format!(
                "the defender is in its own fortification and takes the parenthesized {alt} (14.2)"
            ));
            alt.clone()
        }
        Cell::Code { code, .. } => code.clone(),
        other => other.to_string(),
    };
    Ok(work.done(CombatResult { result, reading }))
}

/// What an air mission does to its target (12.1, 12.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AirOutcome {
    /// The defenders are suppressed.
    Suppressed,
    /// The defender eliminates one ground unit (it may break down first); the rest are suppressed.
    OneUnitLost,
    /// The air unit is eliminated and removed from the game.
    AirUnitLost,
    /// The air unit is recycled (12.3).
    AirUnitRecycled,
    /// An interdiction marker goes in the town or city (12.2.2).
    Interdicted,
    /// No effect.
    NoEffect,
}

/// An air mission in `column` of the Air Attack Table: DS on suppressed defenders counts as D1,
/// and (DS) suppresses only in a clear or ice hex (12.1).
pub fn air_attack(
    dice: &mut dyn Dice,
    charts: &ChartSet,
    side: Side,
    column: &str,
    defenders_suppressed: bool,
    clear_or_ice: bool,
) -> Result<Explained<AirOutcome>, WinterWarError> {
    let roll = d6(dice, side.role(), "air attack (12.1)");
    let mut work = Working::new();
    let reading = work.take(charts.read_roll(AIR, i64::from(roll), column)?);
    let code = reading.cell.to_string();
    let outcome = match code.as_str() {
        "(DS)" if !clear_or_ice => {
            work.step("(DS) outside a clear or ice hex has no effect (12.1)");
            AirOutcome::NoEffect
        }
        "DS" | "(DS)" if defenders_suppressed => {
            work.step("the defenders are already suppressed, so DS counts as D1 (12.1)");
            AirOutcome::OneUnitLost
        }
        "DS" | "(DS)" => AirOutcome::Suppressed,
        "D1" => AirOutcome::OneUnitLost,
        "AA" => AirOutcome::AirUnitLost,
        "AR" => AirOutcome::AirUnitRecycled,
        "Interdiction" => AirOutcome::Interdicted,
        _ => AirOutcome::NoEffect,
    };
    Ok(work.done(outcome))
}

/// `side`'s random event roll on game turn `turn`, in that turn's column of its table; never on
/// the last game turn (17.1). The events come in the cell's order.
pub fn random_events(
    dice: &mut dyn Dice,
    charts: &ChartSet,
    side: Side,
    turn: u32,
    last_turn: u32,
) -> Result<Explained<Vec<Event>>, WinterWarError> {
    if turn >= last_turn {
        return Err(WinterWarError::NoEventsNow { turn });
    }
    let code = match side {
        Side::Finnish => FINNISH_EVENTS,
        Side::Soviet => SOVIET_EVENTS,
    };
    let column = event_column(&charts.current(code)?.chart, turn)?;
    let roller: Role = side.role();
    let roll = d6(dice, roller, "random events (17.1)");
    let mut work = Working::new();
    let reading = work.take(charts.read_roll(code, i64::from(roll), &column)?);
    let events = Event::parse_cell(&reading.cell)?;
    if events.is_empty() {
        work.step("no event");
    }
    Ok(work.done(events))
}

#[cfg(test)]
#[path = "procedures_charts_tests.rs"]
mod tests;
