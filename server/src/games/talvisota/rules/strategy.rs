//! Combat strategy counters (rule 3.2): what each engages and what it is worth in morale (rule 7.1).

use serde::{Deserialize, Serialize};

/// A Soviet combat strategy counter (rule 3.2.2).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SovietStrategy {
    /// PRUD: one space, up to three units, one support; infantry and mechanised bonus doubled.
    PrudentAdvance,
    /// ATT: a second connected space if the first falls; up to six units, two supports; no
    /// infantry bonus.
    MassiveAttack,
    /// BLIN: up to two successive spaces, at least three TAN or MECA of at most six units, two
    /// supports; armour bonus doubled.
    ArmouredAttack,
    /// MAN: up to two successive spaces, at most four units with two infantry, three supports;
    /// every bonus doubled, a cancelled bonus becomes +1.
    CoordinatedManoeuvre,
}

impl SovietStrategy {
    /// Every Soviet strategy (each side has four counters).
    pub const ALL: [SovietStrategy; 4] = [
        SovietStrategy::PrudentAdvance,
        SovietStrategy::MassiveAttack,
        SovietStrategy::ArmouredAttack,
        SovietStrategy::CoordinatedManoeuvre,
    ];

    /// The abbreviation printed on the counter.
    pub fn code(self) -> &'static str {
        match self {
            SovietStrategy::PrudentAdvance => "PRUD",
            SovietStrategy::MassiveAttack => "ATT",
            SovietStrategy::ArmouredAttack => "BLIN",
            SovietStrategy::CoordinatedManoeuvre => "MAN",
        }
    }

    /// Spaces it may attack in succession.
    pub fn max_spaces(self) -> usize {
        match self {
            SovietStrategy::PrudentAdvance => 1,
            _ => 2,
        }
    }

    /// Units it may engage (before a Reinforcements support).
    pub fn max_units(self) -> usize {
        match self {
            SovietStrategy::PrudentAdvance => 3,
            SovietStrategy::MassiveAttack | SovietStrategy::ArmouredAttack => 6,
            SovietStrategy::CoordinatedManoeuvre => 4,
        }
    }

    /// Tactical supports it may use, commanders not counted.
    pub fn max_supports(self) -> usize {
        match self {
            SovietStrategy::PrudentAdvance => 1,
            SovietStrategy::MassiveAttack | SovietStrategy::ArmouredAttack => 2,
            SovietStrategy::CoordinatedManoeuvre => 3,
        }
    }

    /// Finnish morale lost for each space it conquers, before the space's own value (rule 7.1).
    pub fn finnish_morale_per_space(self) -> i32 {
        match self {
            SovietStrategy::PrudentAdvance => 1,
            SovietStrategy::MassiveAttack | SovietStrategy::ArmouredAttack => 2,
            SovietStrategy::CoordinatedManoeuvre => 4,
        }
    }
}

/// A Finnish combat strategy counter (rule 3.2.3).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FinnishStrategy {
    /// DEFENSE: three units, one entrenchment, one environment marker, two supports.
    DefensivePosition,
    /// CON-ATT: four units, one environment marker, two supports.
    CounterAttack,
    /// MOTTI: three units, two environment markers, two supports.
    Motti,
    /// RESIST: three units, one environment marker, one entrenchment, two supports.
    FierceResistance,
}

impl FinnishStrategy {
    /// Every Finnish strategy.
    pub const ALL: [FinnishStrategy; 4] = [
        FinnishStrategy::DefensivePosition,
        FinnishStrategy::CounterAttack,
        FinnishStrategy::Motti,
        FinnishStrategy::FierceResistance,
    ];

    /// The abbreviation printed on the counter.
    pub fn code(self) -> &'static str {
        match self {
            FinnishStrategy::DefensivePosition => "DEFENSE",
            FinnishStrategy::CounterAttack => "CON-ATT",
            FinnishStrategy::Motti => "MOTTI",
            FinnishStrategy::FierceResistance => "RESIST",
        }
    }

    /// **interpretation**: the printed numbers are maxima; a strategy may be played incomplete
    /// (rule 9.2's reminder), so these bound an allocation rather than fix it.
    pub fn max_units(self) -> usize {
        match self {
            FinnishStrategy::CounterAttack => 4,
            _ => 3,
        }
    }

    /// Environment markers it may use.
    pub fn max_environment(self) -> usize {
        match self {
            FinnishStrategy::Motti => 2,
            _ => 1,
        }
    }

    /// Tactical supports it may use.
    pub fn max_supports(self) -> usize {
        2
    }

    /// Entrenchment counters it may use.
    pub fn max_entrenchments(self) -> usize {
        match self {
            FinnishStrategy::DefensivePosition | FinnishStrategy::FierceResistance => 1,
            _ => 0,
        }
    }
}
