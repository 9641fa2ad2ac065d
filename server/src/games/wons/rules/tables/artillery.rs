//! Artillery and mortar barrages (R23): availability, accuracy, both sides' barrage tables, direct
//! hits, and the date before which smoke may not be fired (R23.2).

use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// Whether a requested barrage arrives this Turn (R23.1.1, R23.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BarrageAvailability {
    /// 1: late; the side may try again next Turn.
    Late,
    /// 2–6: available at once.
    Available,
}

/// The availability roll, 1d6: 1 late, 2–6 available.
pub fn barrage_availability(die: u32) -> BarrageAvailability {
    if die <= 1 {
        BarrageAvailability::Late
    } else {
        BarrageAvailability::Available
    }
}

/// Where a barrage falls (R23.1.1, R23.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BarrageAccuracy {
    /// 3: short, on the firing side's own positions at this step: a pre-game barrage on all own
    /// troops here, active or not, and no own troops may move here this Hour.
    ShortOnOwnPositions,
    /// 4: short, onto the table: aiming point by the random mortar-barrage procedure, lasts the
    /// rest of the Turn, pre-game barrage on own troops active here.
    ShortOntoTable,
    /// 5–16: on target: pre-game barrage on the enemy here.
    OnTarget,
    /// 17: long: hits the enemy troops at this step that are not active in the battle.
    LongOnReserves,
    /// 18: long: no enemy unit may move up onto this step this Hour.
    LongBlocksStep,
}

impl BarrageAccuracy {
    /// A short description for summaries.
    pub fn describe(self) -> &'static str {
        match self {
            BarrageAccuracy::ShortOnOwnPositions => {
                "falls short on own positions at this step; own troops cannot move here this Hour"
            }
            BarrageAccuracy::ShortOntoTable => {
                "falls short onto the table (random mortar-barrage aiming point, lasts the Turn)"
            }
            BarrageAccuracy::OnTarget => "on target: pre-game barrage on the enemy here",
            BarrageAccuracy::LongOnReserves => {
                "long: hits enemy troops here not active in the battle"
            }
            BarrageAccuracy::LongBlocksStep => {
                "long: no enemy may move up onto this step this Hour"
            }
        }
    }
}

/// The accuracy table, read on a 3d6 total (totals outside 3–18 read as the nearest row).
pub fn barrage_accuracy(total: i32) -> BarrageAccuracy {
    match total {
        i32::MIN..=3 => BarrageAccuracy::ShortOnOwnPositions,
        4 => BarrageAccuracy::ShortOntoTable,
        5..=16 => BarrageAccuracy::OnTarget,
        17 => BarrageAccuracy::LongOnReserves,
        _ => BarrageAccuracy::LongBlocksStep,
    }
}

/// The on-table area a barrage covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BarrageArea {
    /// A rectangle, in inches.
    Inches {
        /// Width in inches.
        width: u32,
        /// Length in inches.
        length: u32,
    },
    /// The whole table.
    EntireTable,
}

/// One row of a side's barrage table (R23.1.1, R23.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BarrageProfile {
    /// The identifier used in procedure parameters.
    pub code: &'static str,
    /// The side that fires it.
    pub side: Side,
    /// The guns or mortars, as players name them.
    pub title: &'static str,
    /// The lowest 2d6 total that scores a direct hit on a target.
    pub direct_hit: u32,
    /// The area it covers on the table.
    pub area: BarrageArea,
    /// The lowest d6 face on which a unit deploys under it.
    pub deployment_min: u32,
    /// HE dice rolled for each direct hit.
    pub he: u32,
    /// Added on Chain of Command's vehicles-in-a-barrage table.
    pub vehicle_hit_modifier: u32,
}

// One argument per column of the seed's table keeps the rows below readable as that table.
#[allow(clippy::too_many_arguments)]
const fn row(
    code: &'static str,
    side: Side,
    title: &'static str,
    direct_hit: u32,
    area: BarrageArea,
    deployment_min: u32,
    he: u32,
    vehicle_hit_modifier: u32,
) -> BarrageProfile {
    BarrageProfile {
        code,
        side,
        title,
        direct_hit,
        area,
        deployment_min,
        he,
        vehicle_hit_modifier,
    }
}

const fn inches(width: u32, length: u32) -> BarrageArea {
    BarrageArea::Inches { width, length }
}

const TABLE: BarrageArea = BarrageArea::EntireTable;
const SU: Side = Side::Soviet;
const FI: Side = Side::Finnish;

/// Every barrage of both sides: the Soviet table (R23.1.1) then the Finnish one (R23.1.2).
#[rustfmt::skip]
pub const BARRAGES: [BarrageProfile; 14] = [
    row("soviet-two-82mm-mortars", SU, "two 82mm mortars (battalion)", 11, inches(9, 18), 2, 4, 0),
    row("soviet-six-82mm-mortars", SU, "six 82mm mortars (regiment)", 10, inches(18, 18), 3, 4, 0),
    row("soviet-six-76mm-regimental-guns", SU, "six 76mm regimental guns (regiment)", 10, inches(18, 18), 3, 6, 0),
    row("soviet-eighteen-76mm-regimental-guns", SU, "eighteen 76mm regimental guns (division)", 8, TABLE, 3, 6, 0),
    row("soviet-twenty-76mm-guns", SU, "twenty 76mm guns (division)", 8, TABLE, 4, 6, 0),
    row("soviet-twenty-four-100mm-guns", SU, "twenty-four 100mm guns (division)", 9, TABLE, 5, 8, 1),
    row("soviet-twelve-122mm-howitzers", SU, "twelve 122mm howitzers (division)", 10, TABLE, 4, 11, 1),
    row("soviet-twelve-152mm-guns", SU, "twelve 152mm guns or howitzers (division)", 10, TABLE, 5, 13, 3),
    row("finnish-one-81mm-mortar", FI, "one 81mm mortar", 11, inches(9, 9), 2, 4, 0),
    row("finnish-two-81mm-mortars", FI, "two 81mm mortars", 10, inches(9, 18), 2, 4, 0),
    row("finnish-four-76mm-guns", FI, "four 76mm guns (brigade)", 9, inches(18, 18), 3, 6, 0),
    row("finnish-twelve-76mm-guns", FI, "twelve 76mm guns (brigade)", 7, TABLE, 4, 6, 0),
    row("finnish-four-122mm-howitzers", FI, "four 122mm howitzers (brigade)", 11, TABLE, 3, 11, 1),
    row("finnish-four-152mm-kaarnajoki", FI, "four 152mm guns, Kaarnajoki battery (division)", 11, TABLE, 3, 13, 3),
];

/// The identifiers of [`BARRAGES`], in the same order, for a choice parameter.
pub const BARRAGE_CODES: &[&str] = &[
    "soviet-two-82mm-mortars",
    "soviet-six-82mm-mortars",
    "soviet-six-76mm-regimental-guns",
    "soviet-eighteen-76mm-regimental-guns",
    "soviet-twenty-76mm-guns",
    "soviet-twenty-four-100mm-guns",
    "soviet-twelve-122mm-howitzers",
    "soviet-twelve-152mm-guns",
    "finnish-one-81mm-mortar",
    "finnish-two-81mm-mortars",
    "finnish-four-76mm-guns",
    "finnish-twelve-76mm-guns",
    "finnish-four-122mm-howitzers",
    "finnish-four-152mm-kaarnajoki",
];

/// The barrage called `code`, if any.
pub fn barrage(code: &str) -> Option<&'static BarrageProfile> {
    BARRAGES.iter().find(|b| b.code == code)
}

/// Every barrage `side` may fire, in table order.
pub fn barrages_of(side: Side) -> impl Iterator<Item = &'static BarrageProfile> {
    BARRAGES.iter().filter(move |b| b.side == side)
}

/// Whether a 2d6 total scores a direct hit on one target under `barrage`.
pub fn direct_hit(total: u32, barrage: &BarrageProfile) -> bool {
    total >= barrage.direct_hit
}

/// Whether a unit deploys under `barrage` on this d6 face.
pub fn deploys_under(die: u32, barrage: &BarrageProfile) -> bool {
    die >= barrage.deployment_min
}

/// The first day either side may fire smoke ammunition (R23.2).
pub const SMOKE_FIRST_DAY: time::Date = time::macros::date!(1940 - 02 - 08);

/// Whether smoke ammunition may be fired on `date`: not before 8 February 1940 (R23.2).
pub fn smoke_allowed(date: time::Date) -> bool {
    date >= SMOKE_FIRST_DAY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn availability_edges() {
        assert_eq!(barrage_availability(1), BarrageAvailability::Late);
        assert_eq!(barrage_availability(2), BarrageAvailability::Available);
        assert_eq!(barrage_availability(6), BarrageAvailability::Available);
    }

    #[test]
    fn accuracy_edges() {
        use BarrageAccuracy::*;
        let got: Vec<_> = [3, 4, 5, 16, 17, 18].map(barrage_accuracy).to_vec();
        assert_eq!(
            got,
            vec![
                ShortOnOwnPositions,
                ShortOntoTable,
                OnTarget,
                OnTarget,
                LongOnReserves,
                LongBlocksStep
            ]
        );
        assert_eq!(barrage_accuracy(2), ShortOnOwnPositions);
        assert_eq!(barrage_accuracy(19), LongBlocksStep);
    }

    #[test]
    fn direct_hit_threshold_edges_for_every_row() {
        let expected = [11, 10, 10, 8, 8, 9, 10, 10, 11, 10, 9, 7, 11, 11];
        for (b, need) in BARRAGES.iter().zip(expected) {
            assert_eq!(b.direct_hit, need, "{}", b.code);
            assert!(!direct_hit(need - 1, b), "{}", b.code);
            assert!(direct_hit(need, b), "{}", b.code);
        }
    }

    #[test]
    fn other_columns_match_the_tables() {
        let he: Vec<u32> = BARRAGES.iter().map(|b| b.he).collect();
        assert_eq!(he, vec![4, 4, 6, 6, 6, 8, 11, 13, 4, 4, 6, 6, 11, 13]);
        let vehicle: Vec<u32> = BARRAGES.iter().map(|b| b.vehicle_hit_modifier).collect();
        assert_eq!(vehicle, vec![0, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0, 1, 3]);
        let deploy: Vec<u32> = BARRAGES.iter().map(|b| b.deployment_min).collect();
        assert_eq!(deploy, vec![2, 3, 3, 3, 4, 5, 4, 5, 2, 2, 3, 4, 3, 3]);
        let b =
            barrage("soviet-twelve-152mm-guns").map(|b| (deploys_under(4, b), deploys_under(5, b)));
        assert_eq!(b, Some((false, true)));
        assert_eq!(
            barrage("finnish-one-81mm-mortar").map(|b| b.area),
            Some(inches(9, 9))
        );
        assert_eq!(
            barrage("soviet-two-82mm-mortars").map(|b| b.area),
            Some(inches(9, 18))
        );
        assert_eq!(
            barrage("finnish-four-76mm-guns").map(|b| b.area),
            Some(inches(18, 18))
        );
        assert_eq!(
            barrage("soviet-twenty-76mm-guns").map(|b| b.area),
            Some(TABLE)
        );
        assert_eq!(barrages_of(Side::Soviet).count(), 8);
        assert_eq!(barrages_of(Side::Finnish).count(), 6);
        assert!(barrages_of(Side::Finnish).all(|b| b.code.starts_with("finnish-")));
    }

    #[test]
    fn codes_list_matches_table() {
        let codes: Vec<&str> = BARRAGES.iter().map(|b| b.code).collect();
        assert_eq!(codes, BARRAGE_CODES.to_vec());
    }

    #[test]
    fn smoke_date_edge() {
        assert!(!smoke_allowed(time::macros::date!(1940 - 02 - 07)));
        assert!(smoke_allowed(time::macros::date!(1940 - 02 - 08)));
        assert!(!smoke_allowed(time::macros::date!(1939 - 12 - 20)));
    }
}
