//! Soviet and Finnish forces on chosen ground, for the potential and support tests.

use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::environment::EnvironmentKind;
use crate::games::talvisota::rules::potential::{
    FinnishForce, ForceTotal, Ground, SovietForce, potentials,
};
use crate::games::talvisota::rules::strategy::SovietStrategy;
use crate::games::talvisota::rules::support::{SupportChoice, SupportKind};

use UnitKind::{Eli, Fus, Meca, Tan};

/// Units of these kinds, named u0, u1, … in order.
fn units(kinds: &[UnitKind]) -> Vec<(String, UnitKind)> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| (format!("u{i}"), *k))
        .collect()
}

/// A Soviet force of one strategy.
pub fn su(
    strategy: SovietStrategy,
    kinds: &[UnitKind],
    supports: &[(SupportKind, SupportChoice)],
) -> SovietForce {
    SovietForce {
        strategy,
        units: units(kinds),
        supports: supports.to_vec(),
    }
}

/// A Finnish force with its markers and entrenchments.
pub fn fi(
    kinds: &[UnitKind],
    supports: &[(SupportKind, SupportChoice)],
    environment: &[EnvironmentKind],
    entrenchments: u32,
) -> FinnishForce {
    FinnishForce {
        units: units(kinds),
        supports: supports.to_vec(),
        environment: environment.to_vec(),
        entrenchments,
    }
}

/// Open ground of no value.
pub const OPEN: Ground = Ground {
    value: 0,
    defence_line: false,
};
/// A defence line space of value 2.
pub const LINE: Ground = Ground {
    value: 2,
    defence_line: true,
};

/// Both sides' totals with the test counters.
pub fn run(s: &SovietForce, f: &FinnishForce, g: &Ground) -> (ForceTotal, ForceTotal) {
    potentials(&super::fixtures::counters(), s, f, g)
}

/// Both sides' raw potentials with the test counters.
pub fn raw(s: &SovietForce, f: &FinnishForce, g: &Ground) -> (i32, i32) {
    let (a, b) = run(s, f, g);
    (a.raw, b.raw)
}

/// One Soviet unit of each kind.
pub const ALL_FOUR: [UnitKind; 4] = [Fus, Eli, Meca, Tan];
