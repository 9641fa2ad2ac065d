//! Minefields and booby traps (R10, R11): spotting, setting mines off, anti-tank mines against
//! vehicles.

use super::{Modifier, modifier_sum};
use serde::{Deserialize, Serialize};

/// Who is looking for an unmarked minefield within 6" (R10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineSpotter {
    /// An infantry unit: 5–6.
    Infantry,
    /// A buttoned-up tank crew: 6.
    TankButtoned,
    /// A tank with the commander or driver looking out of open hatches.
    TankUnbuttoned,
}

/// The circumstances of one minefield spotting roll (R10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinefieldSpotting {
    /// Who looks.
    pub spotter: MineSpotter,
    /// The minefield has tripwires: +1.
    pub tripwires: bool,
    /// Darkness with no artificial illumination: −1.
    pub darkness_unlit: bool,
    /// A designated engineer or reconnaissance unit: +1.
    pub engineer_or_recon: bool,
}

/// The lowest modified roll that spots a minefield.
///
/// **interpretation**: an unbuttoned tank spots like infantry (5–6); the seed only says the 6 is
/// not needed then.
pub fn minefield_spotting_need(spotter: MineSpotter) -> u32 {
    match spotter {
        MineSpotter::Infantry | MineSpotter::TankUnbuttoned => 5,
        MineSpotter::TankButtoned => 6,
    }
}

/// The modifiers of one minefield spotting roll (R10.1).
pub fn minefield_spotting_modifiers(spotting: &MinefieldSpotting) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if spotting.tripwires {
        modifiers.push(Modifier::new("tripwires", 1));
    }
    if spotting.darkness_unlit {
        modifiers.push(Modifier::new("Darkness, no illumination", -1));
    }
    if spotting.engineer_or_recon {
        modifiers.push(Modifier::new("engineers or recon", 1));
    }
    modifiers
}

/// Whether a minefield is spotted on the face `die` (R10.1).
pub fn minefield_spotted(die: u32, spotting: &MinefieldSpotting) -> bool {
    let total = i64::from(die) + i64::from(modifier_sum(&minefield_spotting_modifiers(spotting)));
    total >= i64::from(minefield_spotting_need(spotting.spotter))
}

/// The circumstances of one booby-trap spotting roll by infantry within 2" (R11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoobyTrapSpotting {
    /// Darkness with no artificial illumination: −1.
    pub darkness_unlit: bool,
    /// A designated engineer or reconnaissance unit: +1.
    pub engineer_or_recon: bool,
    /// A booby trap on this campaign ladder has already been spotted or set off: +1.
    pub ladder_trap_known: bool,
}

/// The modifiers of one booby-trap spotting roll (R11).
pub fn booby_trap_modifiers(spotting: &BoobyTrapSpotting) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if spotting.darkness_unlit {
        modifiers.push(Modifier::new("Darkness, no illumination", -1));
    }
    if spotting.engineer_or_recon {
        modifiers.push(Modifier::new("engineers or recon", 1));
    }
    if spotting.ladder_trap_known {
        modifiers.push(Modifier::new("booby traps already met on this ladder", 1));
    }
    modifiers
}

/// Whether a booby trap is spotted on the face `die`: 5–6 modified (R11).
pub fn booby_trap_spotted(die: u32, spotting: &BoobyTrapSpotting) -> bool {
    i64::from(die) + i64::from(modifier_sum(&booby_trap_modifiers(spotting))) >= 5
}

/// A kind of minefield men may move through (R10.2, R10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Minefield {
    /// Anti-personnel mines with pressure detonators.
    PressureAntiPersonnel,
    /// Anti-personnel mines with tripwires.
    TripwireAntiPersonnel,
    /// Anti-tank mines (pressure detonators): only running men set them off.
    AntiTank,
}

/// How fast the men cross the minefield (going Tactical counts as crawling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineCrossingSpeed {
    /// At 3d6 or 4d6.
    Running,
    /// At 2d6.
    Advancing,
    /// At 1d6, or Tactical.
    Crawling,
}

/// How many d6 each soldier in the minefield rolls (any 6: he may have set off a mine).
pub fn mine_dice_per_soldier(minefield: Minefield, speed: MineCrossingSpeed) -> u32 {
    use MineCrossingSpeed::{Advancing, Crawling, Running};
    match (minefield, speed) {
        (Minefield::PressureAntiPersonnel, Running) | (Minefield::AntiTank, Running) => 1,
        (Minefield::PressureAntiPersonnel, Advancing) => 2,
        (Minefield::PressureAntiPersonnel, Crawling) => 3,
        (Minefield::TripwireAntiPersonnel, Running) => 4,
        (Minefield::TripwireAntiPersonnel, Advancing) => 2,
        (Minefield::TripwireAntiPersonnel, Crawling) => 1,
        (Minefield::AntiTank, Advancing | Crawling) => 0,
    }
}

/// One die's reading on Chain of Command's effect-of-hit table (Open cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitEffect {
    /// No effect.
    Miss,
    /// One Shock.
    Shock,
    /// One Kill.
    Kill,
}

/// What an anti-personnel mine does to the man who set it off (R10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MineBlast {
    /// Either die a Kill, or both Shock: killed or maimed, out of action.
    KilledOrMaimed,
    /// Both Miss: he saw the mine in time and warned his comrades.
    NoticedInTime,
    /// Anything else: he escaped harm and is prone; any Shock counts double.
    Prone,
}

/// Reads the two effect dice of an anti-personnel mine (R10.2).
pub fn anti_personnel_blast(first: HitEffect, second: HitEffect) -> MineBlast {
    use HitEffect::{Kill, Miss, Shock};
    match (first, second) {
        (Kill, _) | (_, Kill) | (Shock, Shock) => MineBlast::KilledOrMaimed,
        (Miss, Miss) => MineBlast::NoticedInTime,
        _ => MineBlast::Prone,
    }
}

/// Whether an anti-tank mine set off by a running man kills him: only if both effect dice are
/// Kills, and then his team suffers a 6d6 explosive attack that does not reduce cover and causes
/// double Shock (R10.3).
pub fn anti_tank_mine_kills_man(first: HitEffect, second: HitEffect) -> bool {
    first == HitEffect::Kill && second == HitEffect::Kill
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(spotter: MineSpotter) -> MinefieldSpotting {
        MinefieldSpotting {
            spotter,
            tripwires: false,
            darkness_unlit: false,
            engineer_or_recon: false,
        }
    }

    #[test]
    fn minefield_spotting_edges() {
        let infantry = spot(MineSpotter::Infantry);
        assert!(!minefield_spotted(4, &infantry));
        assert!(minefield_spotted(5, &infantry));
        let buttoned = spot(MineSpotter::TankButtoned);
        assert!(!minefield_spotted(5, &buttoned));
        assert!(minefield_spotted(6, &buttoned));
        let open = spot(MineSpotter::TankUnbuttoned);
        assert!(minefield_spotted(5, &open));
        let wires = MinefieldSpotting {
            tripwires: true,
            ..infantry
        };
        assert!(!minefield_spotted(3, &wires));
        assert!(minefield_spotted(4, &wires));
        let dark = MinefieldSpotting {
            darkness_unlit: true,
            ..infantry
        };
        assert!(!minefield_spotted(5, &dark));
        assert!(minefield_spotted(6, &dark));
        let sappers = MinefieldSpotting {
            engineer_or_recon: true,
            ..infantry
        };
        assert!(minefield_spotted(4, &sappers));
        let all = MinefieldSpotting {
            tripwires: true,
            darkness_unlit: true,
            engineer_or_recon: true,
            ..infantry
        };
        assert_eq!(modifier_sum(&minefield_spotting_modifiers(&all)), 1);
        assert!(!minefield_spotted(3, &all));
        assert!(minefield_spotted(4, &all));
    }

    #[test]
    fn booby_trap_edges() {
        let plain = BoobyTrapSpotting::default();
        assert!(!booby_trap_spotted(4, &plain));
        assert!(booby_trap_spotted(5, &plain));
        let dark = BoobyTrapSpotting {
            darkness_unlit: true,
            ..plain
        };
        assert!(!booby_trap_spotted(5, &dark));
        let sappers = BoobyTrapSpotting {
            engineer_or_recon: true,
            ..plain
        };
        assert!(booby_trap_spotted(4, &sappers));
        let known = BoobyTrapSpotting {
            ladder_trap_known: true,
            ..plain
        };
        assert!(booby_trap_spotted(4, &known));
        let all = BoobyTrapSpotting {
            darkness_unlit: true,
            engineer_or_recon: true,
            ladder_trap_known: true,
        };
        assert!(!booby_trap_spotted(3, &all));
        assert!(booby_trap_spotted(4, &all));
    }

    #[test]
    fn dice_per_soldier_table() {
        use MineCrossingSpeed::*;
        use Minefield::*;
        let got: Vec<u32> = [
            (PressureAntiPersonnel, Running),
            (PressureAntiPersonnel, Advancing),
            (PressureAntiPersonnel, Crawling),
            (TripwireAntiPersonnel, Running),
            (TripwireAntiPersonnel, Advancing),
            (TripwireAntiPersonnel, Crawling),
            (AntiTank, Running),
            (AntiTank, Advancing),
            (AntiTank, Crawling),
        ]
        .into_iter()
        .map(|(m, s)| mine_dice_per_soldier(m, s))
        .collect();
        assert_eq!(got, vec![1, 2, 3, 4, 2, 1, 1, 0, 0]);
    }

    #[test]
    fn blast_readings() {
        use HitEffect::*;
        assert_eq!(anti_personnel_blast(Kill, Miss), MineBlast::KilledOrMaimed);
        assert_eq!(anti_personnel_blast(Miss, Kill), MineBlast::KilledOrMaimed);
        assert_eq!(
            anti_personnel_blast(Shock, Shock),
            MineBlast::KilledOrMaimed
        );
        assert_eq!(anti_personnel_blast(Miss, Miss), MineBlast::NoticedInTime);
        assert_eq!(anti_personnel_blast(Shock, Miss), MineBlast::Prone);
        assert!(anti_tank_mine_kills_man(Kill, Kill));
        assert!(!anti_tank_mine_kills_man(Kill, Shock));
    }
}
