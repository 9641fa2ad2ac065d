//! What entering one hex costs (4.4, 5.3, 7.1, 12.1.3): the entered Map Key's cost, roads at ½ MP
//! except into an enemy ZOC, skis on frozen lakes, armor on the road network, +1 to leave an eZOC.

use super::calc_moves::OverrunRoad;
use super::charts::TERRAIN;
use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Working};
use crate::games::assisted::chart_set::ChartSet;
use serde::{Deserialize, Serialize};

/// Who moves, as the movement rules tell units apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    /// A unit with no special movement.
    Other,
    /// A Finnish unit on skis: infantry, MG, mortar, engineer or Pajari, not AT units (4.4).
    FinnishSki,
    /// A tank.
    Tank,
    /// A BA-10 armored car.
    ArmoredCar,
}

/// One hex entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HexEntry {
    /// Its terrain, a row of the entered Map Key (e.g. "forest", "frozen lake", "village").
    pub terrain: String,
    /// The road connecting it to the hex left, if any.
    #[serde(default)]
    pub road: Option<OverrunRoad>,
    /// It is in an enemy ZOC.
    #[serde(default)]
    pub into_ezoc: bool,
    /// The unit leaves an enemy ZOC with this move (+1 MP).
    #[serde(default)]
    pub leaving_ezoc: bool,
}

/// "½", "1", "1½": a cost in half MPs as players write it.
pub fn half_mp(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (n, 0) => n.to_string(),
        (n, _) => format!("{n}½"),
    }
}

fn map_key(
    charts: &ChartSet,
    terrain: &str,
    mover: Mover,
) -> Result<(Option<u32>, String), RulesError> {
    let column = match mover {
        Mover::Other | Mover::FinnishSki => "other",
        Mover::Tank => "armor",
        Mover::ArmoredCar => "armored_car",
    };
    let reading = charts.read(TERRAIN, terrain, column)?;
    let cell = reading.cell.to_string();
    let cost = match cell.as_str() {
        "P" => None,
        "½" => Some(1),
        n => n.parse::<u32>().ok().map(|n| n * 2),
    };
    Ok((cost, format!("terrain version {}", reading.version)))
}

/// The cost in half MPs of entering one hex, or `None` when the unit may not enter it.
pub fn hex_cost(
    charts: &ChartSet,
    mover: Mover,
    entry: &HexEntry,
) -> Result<Explained<Option<u32>>, RulesError> {
    let mut work = Working::new();
    let armor = matches!(mover, Mover::Tank | Mover::ArmoredCar);
    let road = match entry.road {
        Some(_) if entry.into_ezoc => {
            work.step("road movement may not be used to enter an enemy ZOC (5.3, 7.1)");
            None
        }
        other => other,
    };
    let mut cost = match (road, mover) {
        (Some(OverrunRoad::Secondary), Mover::Tank) => {
            work.step("a tank pays 1 MP per secondary road or trail hex (12.1.3)");
            Some(2)
        }
        (Some(OverrunRoad::Secondary), Mover::ArmoredCar) => {
            work.step("an armored car pays 2 MP per secondary road or trail hex (12.1.3)");
            Some(4)
        }
        (Some(_), _) => {
            work.step("along a connecting road the hex costs ½ MP (5.3)");
            Some(1)
        }
        (None, _) if armor && entry.terrain != "village" => {
            work.step("armor may leave the road network only to enter a village (12.1.3)");
            None
        }
        (None, Mover::FinnishSki) if entry.terrain == "frozen lake" => {
            work.step("Finnish skis cross a frozen lake hex for 1 MP (4.4)");
            Some(2)
        }
        (None, _) => {
            let (cost, version) = map_key(charts, &entry.terrain, mover)?;
            work.step(match cost {
                Some(c) => format!("{} costs {} MP ({version})", entry.terrain, half_mp(c)),
                None => format!("{} is prohibited to this unit ({version})", entry.terrain),
            });
            cost
        }
    };
    if entry.leaving_ezoc
        && let Some(c) = cost
    {
        cost = Some(c + 2);
        work.step(format!(
            "leaving an enemy ZOC costs 1 MP more (7.1): {}",
            half_mp(c + 2)
        ));
    }
    Ok(work.done(cost))
}

#[cfg(test)]
#[path = "calc_terrain_tests.rs"]
mod tests;
