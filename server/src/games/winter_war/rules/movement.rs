//! Movement and supply-line numbers (10.0–10.2, 15.0, 19.2, 20.2): road and rail costs, the
//! reach of amphibious moves and paratroop drops, and supply-line lengths.

use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// The furthest an amphibious move goes, in hexes (20.2).
pub const AMPHIBIOUS_REACH: u32 = 10;
/// The furthest a paratroop drop lands from Leningrad, in hexes (19.2).
pub const DROP_REACH: u32 = 6;
/// The longest supply line from a unit to a source or HQ, and from an HQ to a source (15.0).
pub const SUPPLY_REACH: u32 = 5;

/// The movement points a move costs: half a point per connected road hex (railroads count as
/// roads), 1 point for a rail move of any length (10.1, 10.2); `road_hexes` and `other` in MP.
pub fn movement_cost(road_hexes: u32, rail: bool, other: u32) -> Explained<u32> {
    let mut work = Working::new();
    let mut halves = road_hexes;
    if road_hexes > 0 {
        work.step(format!(
            "{road_hexes} road hexes at half a point each: {}",
            half_points(halves)
        ));
    }
    if rail {
        halves = halves.saturating_add(2);
        work.step("a rail move of any length along the railroad costs 1 (10.2)");
    }
    if other > 0 {
        halves = halves.saturating_add(other.saturating_mul(2));
        work.step(format!("{other} points more for the other hexes entered"));
    }
    let total = halves.div_ceil(2);
    work.step(format!(
        "{} in all, needing {total} movement points",
        half_points(halves)
    ));
    work.done(total)
}

fn half_points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        format!("{} points", halves / 2)
    } else {
        format!("{}½ points", halves / 2)
    }
}

/// A unit's move in its Movement Phase.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Move {
    /// The unit's printed movement factor.
    pub movement_factor: u32,
    /// The unit is suppressed.
    pub suppressed: bool,
    /// The move uses rail movement.
    pub rail: bool,
    /// Hexes entered.
    pub hexes: u32,
    /// Movement points the move costs.
    pub cost: u32,
}

/// Whether a unit may make `m`: a static unit (movement 0) never moves; a suppressed unit never
/// moves by rail and has half its movement, fractions dropped; any other unit may always move
/// one hex, whatever it costs (10.0, 10.2, 16.1, our reading WW-A17).
pub fn may_move(m: Move) -> Explained<bool> {
    let mut work = Working::new();
    if m.movement_factor == 0 {
        work.step("a unit with movement factor 0 is static and cannot move (10.0)");
        return work.done(false);
    }
    if m.suppressed && m.rail {
        work.step("a suppressed unit cannot use rail movement (16.1)");
        return work.done(false);
    }
    let allowance = if m.suppressed {
        let half = m.movement_factor / 2;
        work.step(format!(
            "suppressed: movement {} halves to {half}, fractions dropped (16.1)",
            m.movement_factor
        ));
        half
    } else {
        m.movement_factor
    };
    let ok = if m.hexes <= 1 && !m.rail {
        work.step("a non-static unit may always move one hex, whatever the terrain (10.0)");
        true
    } else {
        let ok = m.cost <= allowance;
        work.step(format!(
            "{} movement points against {allowance}: {}",
            m.cost,
            if ok { "allowed" } else { "too far" }
        ));
        ok
    };
    work.done(ok)
}

/// The furthest, in hexes, a suppressed unit of printed movement `movement_factor` may end its
/// Movement Phase from where it began it: never by rail (10.2, 16.1 item 2), on half its
/// movement with fractions dropped (16.1 item 1) spent at best half a point a hex along roads
/// (10.1), and always one hex unless it is static (10.0, our reading WW-A17); 0 when static.
pub fn suppressed_reach(movement_factor: u32) -> Explained<u32> {
    let mut work = Working::new();
    if movement_factor == 0 {
        work.step("a unit with movement factor 0 is static and cannot move (10.0)");
        return work.done(0);
    }
    let half = movement_factor / 2;
    work.step(format!(
        "suppressed: no rail movement, and movement {movement_factor} halves to {half}, fractions dropped (16.1)"
    ));
    let by_road = half.saturating_mul(2);
    if by_road > 0 {
        work.step(format!(
            "{half} movement points go at most {by_road} hexes, along a road at half a point a hex (10.1)"
        ));
    }
    let reach = by_road.max(1);
    if by_road < 1 {
        work.step("a unit that is not static may always move one hex (10.0)");
    }
    work.done(reach)
}

/// Whether a move of `distance` hexes is within `reach`, for amphibious moves and drops.
pub fn within_reach(what: &str, distance: u32, reach: u32) -> Explained<bool> {
    let ok = distance <= reach;
    Explained::new(
        ok,
        format!(
            "{what}: {distance} hexes against at most {reach}: {}",
            if ok { "within reach" } else { "too far" }
        ),
    )
}

/// Whether a unit traces supply: straight to a source within 5 hexes, or to a friendly HQ on a
/// road or rail hex within 5 that is itself within 5 road or rail hexes of a source (15.0).
pub fn supply_line(to_source: Option<u32>, via_hq: Option<(u32, u32)>) -> Explained<bool> {
    let mut work = Working::new();
    if let Some(d) = to_source {
        if d <= SUPPLY_REACH {
            work.step(format!(
                "a source {d} hexes away is within {SUPPLY_REACH} (15.0)"
            ));
            return work.done(true);
        }
        work.step(format!(
            "the nearest source is {d} hexes away, beyond {SUPPLY_REACH}"
        ));
    }
    if let Some((to_hq, hq_to_source)) = via_hq {
        let ok = to_hq <= SUPPLY_REACH && hq_to_source <= SUPPLY_REACH;
        work.step(format!(
            "an HQ {to_hq} hexes away, {hq_to_source} road or rail hexes from a source: {}",
            if ok {
                "the line holds (15.0)"
            } else {
                "too long (15.0)"
            }
        ));
        return work.done(ok);
    }
    work.step("no line to a source or HQ: out of supply (15.0)");
    work.done(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suppressed_units_keep_off_the_railway_and_every_mobile_unit_moves_one_hex() {
        let m = |movement_factor, suppressed, rail, hexes, cost| Move {
            movement_factor,
            suppressed,
            rail,
            hexes,
            cost,
        };
        // 16.1 item 2: "They cannot use rail movement."
        assert!(!may_move(m(2, true, true, 5, 1)).value);
        assert!(may_move(m(2, false, true, 5, 1)).value);
        // 10.0: one hex whatever the terrain; a suppressed 1-factor unit too (WW-A17).
        assert!(may_move(m(1, true, false, 1, 3)).value);
        assert!(!may_move(m(1, true, false, 2, 1)).value);
        // 16.1 item 1: half the movement, fractions dropped.
        assert!(may_move(m(3, true, false, 2, 1)).value);
        assert!(!may_move(m(3, true, false, 2, 2)).value);
        // 10.0: static units cannot move at all.
        assert!(!may_move(m(0, false, false, 1, 1)).value);
    }

    /// 16.1 items 1 and 2 with 10.0: half the movement, no rail, one hex unless static.
    #[test]
    fn a_suppressed_unit_reaches_half_its_movement_by_road_and_one_hex_at_least_16_1() {
        let reach = |mf| suppressed_reach(mf).value;
        assert_eq!(reach(0), 0);
        assert_eq!(reach(1), 1);
        assert_eq!(reach(2), 2);
        assert_eq!(reach(3), 2);
        assert_eq!(reach(4), 4);
        assert!(suppressed_reach(1).steps.join(" ").contains("(10.0)"));
    }

    #[test]
    fn road_and_rail_costs() {
        assert_eq!(movement_cost(4, false, 0).value, 2);
        assert_eq!(movement_cost(3, false, 0).value, 2);
        assert!(movement_cost(3, false, 0).steps[0].contains("1½ points"));
        assert_eq!(movement_cost(0, true, 0).value, 1);
        assert_eq!(movement_cost(1, false, 1).value, 2);
        assert_eq!(movement_cost(0, false, 0).value, 0);
    }

    #[test]
    fn reaches_of_amphibious_moves_and_drops() {
        assert!(within_reach("amphibious move", 10, AMPHIBIOUS_REACH).value);
        assert!(!within_reach("amphibious move", 11, AMPHIBIOUS_REACH).value);
        assert!(within_reach("paratroop drop", 6, DROP_REACH).value);
        assert!(!within_reach("paratroop drop", 7, DROP_REACH).value);
    }

    #[test]
    fn supply_lines_of_15_0() {
        assert!(supply_line(Some(5), None).value);
        assert!(!supply_line(Some(6), None).value);
        assert!(supply_line(Some(8), Some((5, 5))).value);
        assert!(!supply_line(None, Some((5, 6))).value);
        assert!(!supply_line(None, Some((6, 1))).value);
        assert!(!supply_line(None, None).value);
    }
}
