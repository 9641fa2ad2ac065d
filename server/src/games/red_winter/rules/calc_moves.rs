//! Movement numbers and stacking (4.0 to 6.0, 9.1, 12.1, 16.1, 16.4): movement points with
//! extended and double movement, road hexes, Assault and Overrun costs, the raid path, stacking.

use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// A unit's movement points this Action Phase: its MA, doubled by Double Movement on a night
/// turn (16.1), then 2 more for Extended Movement (4.3); road hexes cost ½ MP each (5.3).
pub fn movement_points(ma: u32, extended: bool, double_at_night: bool) -> Explained<u32> {
    let mut work = Working::new();
    let mut mp = ma;
    work.step(format!("MA {ma}"));
    if double_at_night {
        mp = mp.saturating_mul(2);
        work.step(format!(
            "Double Movement at night (16.1): {ma} doubles to {mp}"
        ));
    }
    if extended {
        let before = mp;
        mp = mp.saturating_add(2);
        work.step(format!("Extended Movement (4.3): {before} + 2 = {mp}"));
    }
    work.step(format!(
        "{mp} MP, enough for {} hexes along a road at ½ MP each (5.3)",
        mp.saturating_mul(2)
    ));
    work.done(mp)
}

/// The MP an Assault costs (9.1): the cost of the defender's hex plus 2.
pub fn assault_cost(terrain_cost: u32) -> Explained<u32> {
    let cost = terrain_cost.saturating_add(2);
    Explained::new(
        cost,
        format!("an Assault costs the defender's terrain, {terrain_cost}, plus 2: {cost} MP (9.1)"),
    )
}

/// The road an Overrun is made along (12.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OverrunRoad {
    /// A primary road.
    Primary,
    /// A secondary road or trail.
    Secondary,
}

/// The MP an Overrun's Assault costs (12.1.2), in half MPs so 2½ is exact: 2½ on a primary
/// road; on a secondary road or trail 4, or 6 for armored cars (as 12.1.2 states, RW-A1).
pub fn overrun_half_mp(road: OverrunRoad, armored_car: bool) -> Explained<u32> {
    let (half, shown) = match (road, armored_car) {
        (OverrunRoad::Primary, _) => (5, "2½"),
        (OverrunRoad::Secondary, false) => (8, "4"),
        (OverrunRoad::Secondary, true) => (12, "6"),
    };
    let road = match road {
        OverrunRoad::Primary => "a primary road",
        OverrunRoad::Secondary => "a secondary road or trail",
    };
    let who = if armored_car {
        "an armored car"
    } else {
        "armor"
    };
    Explained::new(
        half,
        format!("an Overrun by {who} on {road} costs {shown} MP per Assault (12.1.2)"),
    )
}

/// The most a Night Raid's path may cost (16.4.1).
pub const RAID_PATH_MP: u32 = 18;

/// Checks a raider's path cost (16.4.1): at most 18 MP, the target hex not counted.
pub fn raid_path(cost: u32) -> Result<Explained<u32>, RulesError> {
    if cost > RAID_PATH_MP {
        return Err(RulesError::RaidPathTooLong { cost });
    }
    Ok(Explained::new(
        cost,
        format!("the raiders' path costs {cost} of the 18 MP a Night Raid allows (16.4.1)"),
    ))
}

/// A unit as stacking counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stacks {
    /// An infantry company: counts as a unit and against the limit of 3 companies.
    InfantryCompany,
    /// Any other combat unit.
    Other,
    /// A leader (Pajari); markers and leaders do not count.
    Leader,
}

/// Checks one hex's stacking (6.0): at most 5 units, of which at most 3 infantry companies,
/// whatever their steps; leaders do not count. Overstacked units are eliminated, so the
/// refusal comes before the move.
pub fn stacking(hex: &str, units: &[Stacks]) -> Result<Explained<u32>, RulesError> {
    let companies = units
        .iter()
        .filter(|u| **u == Stacks::InfantryCompany)
        .count();
    let counted = units.iter().filter(|u| **u != Stacks::Leader).count();
    let (companies, counted) = (
        u32::try_from(companies).unwrap_or(u32::MAX),
        u32::try_from(counted).unwrap_or(u32::MAX),
    );
    if counted > 5 || companies > 3 {
        return Err(RulesError::Overstacked {
            hex: hex.into(),
            units: counted,
            companies,
        });
    }
    Ok(Explained::new(
        counted,
        format!(
            "{hex} holds {counted} unit(s), {companies} of them infantry companies: within 5 and 3 (6.0)"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_rw_13_extended_movement() {
        let e = movement_points(4, true, false);
        assert_eq!(e.value, 6);
        assert_eq!(
            e.steps.last().map(String::as_str),
            Some("6 MP, enough for 12 hexes along a road at ½ MP each (5.3)")
        );
    }

    #[test]
    fn t_rw_14_double_then_extended_at_night() {
        let e = movement_points(5, true, true);
        assert_eq!(e.value, 12);
        assert!(e.steps.iter().any(|s| s.contains("24 hexes")));
        assert_eq!(movement_points(5, false, false).value, 5);
        assert_eq!(movement_points(0, false, true).value, 0);
    }

    #[test]
    fn assault_and_overrun_costs() {
        assert_eq!(assault_cost(2).value, 4);
        assert_eq!(overrun_half_mp(OverrunRoad::Primary, true).value, 5);
        assert_eq!(overrun_half_mp(OverrunRoad::Secondary, false).value, 8);
        let car = overrun_half_mp(OverrunRoad::Secondary, true);
        assert_eq!(car.value, 12);
        assert!(car.steps[0].contains("6 MP"));
    }

    #[test]
    fn raid_paths_stop_at_eighteen() {
        assert_eq!(raid_path(18).map(|e| e.value), Ok(18));
        assert_eq!(raid_path(19), Err(RulesError::RaidPathTooLong { cost: 19 }));
    }

    #[test]
    fn stacking_counts_units_and_companies_but_not_leaders() {
        use Stacks::{InfantryCompany as Co, Leader, Other};
        assert_eq!(
            stacking("M14", &[Co, Co, Co, Other, Other, Leader]).map(|e| e.value),
            Ok(5)
        );
        assert!(matches!(
            stacking("M14", &[Co, Co, Co, Co]),
            Err(RulesError::Overstacked { companies: 4, .. })
        ));
        assert!(matches!(
            stacking("M14", &[Other; 6]),
            Err(RulesError::Overstacked { units: 6, .. })
        ));
        assert_eq!(stacking("M14", &[]).map(|e| e.value), Ok(0));
    }
}
