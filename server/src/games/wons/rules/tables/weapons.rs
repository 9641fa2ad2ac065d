//! Weapon tables: the longer-range to-hit table (R6 Table Five), thrown charges bouncing off
//! vehicles (R12, R13) and setting up towed guns (R20.5, R20.10).

use super::{Modifier, modifier_sum};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};

/// A range bracket of Table Five (R6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBracket {
    /// Close range.
    Close,
    /// Effective range.
    Effective,
    /// Long range (WoNS).
    Long,
    /// Extreme range (WoNS).
    Extreme,
    /// Ridiculous range (WoNS).
    Ridiculous,
}

/// The quality of the troops fired at, the columns of Table Five (R6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TroopQuality {
    /// Green troops.
    Green,
    /// Regular troops.
    Regular,
    /// Elite troops.
    Elite,
}

/// What one die needs to hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "face")]
pub enum HitNeed {
    /// Hits on this face or higher.
    Face(u32),
    /// Needs a 7, 8 or 9: a 6 is rolled again and hits on this face or higher.
    RerollSixes(u32),
    /// Cannot hit at all.
    Impossible,
}

/// Table Five: what a die needs at `range` against troops of `quality` (R6).
pub fn to_hit_need(range: RangeBracket, quality: TroopQuality) -> HitNeed {
    use HitNeed::{Face, Impossible, RerollSixes};
    use RangeBracket as R;
    use TroopQuality as Q;
    match (range, quality) {
        (R::Close, Q::Green) => Face(3),
        (R::Close, Q::Regular) | (R::Effective, Q::Green) => Face(4),
        (R::Close, Q::Elite) | (R::Effective, Q::Regular) => Face(5),
        (R::Effective, Q::Elite) | (R::Long, Q::Green) => Face(6),
        (R::Long, Q::Regular) | (R::Extreme, Q::Green) => RerollSixes(4),
        (R::Long, Q::Elite) | (R::Extreme, Q::Regular) | (R::Ridiculous, Q::Green) => {
            RerollSixes(5)
        }
        (R::Extreme, Q::Elite) | (R::Ridiculous, Q::Regular) => RerollSixes(6),
        (R::Ridiculous, Q::Elite) => Impossible,
    }
}

/// Whether one die hits: `face` is the first roll, `reroll` the second roll of a 6 where the
/// need calls for one.
pub fn die_hits(need: HitNeed, face: u32, reroll: Option<u32>) -> bool {
    match need {
        HitNeed::Face(n) => face >= n,
        HitNeed::RerollSixes(n) => face == 6 && reroll.is_some_and(|r| r >= n),
        HitNeed::Impossible => false,
    }
}

/// Rolls `dice` to-hit dice against `need`, re-rolling sixes where needed; returns each die's
/// faces (one or two) and the number of hits.
pub fn roll_to_hit(draw: &mut dyn Draw, dice: usize, need: HitNeed) -> (Vec<Vec<u32>>, usize) {
    let mut rolled = Vec::with_capacity(dice);
    let mut hits = 0;
    for _ in 0..dice {
        let face = draw.d6();
        let reroll = (matches!(need, HitNeed::RerollSixes(_)) && face == 6).then(|| draw.d6());
        if die_hits(need, face, reroll) {
            hits += 1;
        }
        rolled.push(std::iter::once(face).chain(reroll).collect());
    }
    (rolled, hits)
}

/// A charge thrown onto a vehicle (R12, R13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrownCharge {
    /// A Finnish stick grenade used as a very light satchel charge (R12).
    StickGrenade,
    /// A satchel charge or grenade bundle (R13).
    SatchelCharge,
}

/// One throw of a charge that has hit a vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeThrow {
    /// What is thrown.
    pub charge: ThrownCharge,
    /// How far it is thrown, in inches.
    pub distance_inches: u32,
    /// A satchel charge with hooks, or glue at −15°C or warmer: +1.
    pub hooks_or_glue: bool,
    /// How many d6 the target vehicle moved in the previous enemy phase (0 to 3): −1 each.
    pub target_moved_dice: u32,
}

/// Whether a throw needs a bounce roll at all: a stick grenade only beyond 3" (R12), a satchel
/// charge always (R13).
pub fn bounce_roll_needed(throw: &ChargeThrow) -> bool {
    match throw.charge {
        ThrownCharge::StickGrenade => throw.distance_inches > 3,
        ThrownCharge::SatchelCharge => true,
    }
}

/// The lowest modified roll that keeps the charge on the vehicle: 4 for a stick grenade (R12),
/// 3 for a satchel charge (R13).
///
/// **interpretation**: R12 asks 4–6 of a stick grenade thrown beyond 3" and R13's chart, titled
/// for satchel charges or grenades, asks 3–6; we keep 4+ for stick grenades and apply the chart's
/// distance and movement modifiers to both.
pub fn bounce_need(charge: ThrownCharge) -> u32 {
    match charge {
        ThrownCharge::StickGrenade => 4,
        ThrownCharge::SatchelCharge => 3,
    }
}

/// The modifiers of R13's chart that apply to `throw`.
pub fn bounce_modifiers(throw: &ChargeThrow) -> Vec<Modifier> {
    let mut modifiers = Vec::new();
    if throw.hooks_or_glue && throw.charge == ThrownCharge::SatchelCharge {
        modifiers.push(Modifier::new("hooks or glue", 1));
    }
    if throw.distance_inches > 4 {
        modifiers.push(Modifier::new("thrown more than 4\"", -1));
    }
    if throw.target_moved_dice > 0 {
        let moved = i32::try_from(throw.target_moved_dice.min(3)).unwrap_or(3);
        modifiers.push(Modifier::new(format!("target moved {moved}d6"), -moved));
    }
    modifiers
}

/// Whether the charge stays on the vehicle (and makes its AP attack) on the face `die`.
pub fn charge_stays_on(die: u32, throw: &ChargeThrow) -> bool {
    let total = i64::from(die) + i64::from(modifier_sum(&bounce_modifiers(throw)));
    total >= i64::from(bounce_need(throw.charge))
}

/// A towed gun being set up (R20.5, R20.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TowedGun {
    /// An infantry or anti-tank gun: set up on 3–6 (R20.5).
    InfantryOrAntiTank,
    /// The Soviet 37mm anti-aircraft gun: set up on 6 (R20.10).
    AntiAircraft,
}

/// Whether a towed gun is set up on the face `die` after `earlier_attempts` phases already spent
/// setting it up (+1 each).
pub fn gun_set_up(die: u32, gun: TowedGun, earlier_attempts: u32) -> bool {
    let need = match gun {
        TowedGun::InfantryOrAntiTank => 3,
        TowedGun::AntiAircraft => 6,
    };
    die.saturating_add(earlier_attempts) >= need
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;
    use RangeBracket::*;
    use TroopQuality::*;

    #[test]
    fn table_five_every_cell() {
        use HitNeed::{Face, Impossible, RerollSixes};
        let rows = [
            (Close, [Face(3), Face(4), Face(5)]),
            (Effective, [Face(4), Face(5), Face(6)]),
            (Long, [Face(6), RerollSixes(4), RerollSixes(5)]),
            (Extreme, [RerollSixes(4), RerollSixes(5), RerollSixes(6)]),
            (Ridiculous, [RerollSixes(5), RerollSixes(6), Impossible]),
        ];
        for (range, cells) in rows {
            for (quality, need) in [Green, Regular, Elite].into_iter().zip(cells) {
                assert_eq!(to_hit_need(range, quality), need, "{range:?} {quality:?}");
            }
        }
    }

    #[test]
    fn die_hits_edges() {
        assert!(!die_hits(HitNeed::Face(4), 3, None));
        assert!(die_hits(HitNeed::Face(4), 4, None));
        assert!(!die_hits(HitNeed::RerollSixes(4), 5, None));
        assert!(!die_hits(HitNeed::RerollSixes(4), 6, Some(3)));
        assert!(die_hits(HitNeed::RerollSixes(4), 6, Some(4)));
        assert!(!die_hits(HitNeed::Impossible, 6, Some(6)));
    }

    #[test]
    fn sixes_are_rolled_again_only_when_needed() {
        let mut dice = ScriptedDice::new([6, 4, 3, 6, 2]);
        let (rolled, hits) = roll_to_hit(&mut dice, 3, HitNeed::RerollSixes(4));
        assert_eq!(rolled, vec![vec![6, 4], vec![3], vec![6, 2]]);
        assert_eq!(hits, 1);
        let mut dice = ScriptedDice::new([6, 5]);
        let (rolled, hits) = roll_to_hit(&mut dice, 2, HitNeed::Face(6));
        assert_eq!((rolled, hits), (vec![vec![6], vec![5]], 1));
    }

    fn throw(charge: ThrownCharge, distance: u32) -> ChargeThrow {
        ChargeThrow {
            charge,
            distance_inches: distance,
            hooks_or_glue: false,
            target_moved_dice: 0,
        }
    }

    #[test]
    fn bounce_edges_and_modifiers() {
        let satchel = throw(ThrownCharge::SatchelCharge, 2);
        assert!(!charge_stays_on(2, &satchel));
        assert!(charge_stays_on(3, &satchel));
        let glued = ChargeThrow {
            hooks_or_glue: true,
            ..satchel
        };
        assert!(charge_stays_on(2, &glued));
        let far = throw(ThrownCharge::SatchelCharge, 5);
        assert!(!charge_stays_on(3, &far));
        assert!(charge_stays_on(4, &far));
        let at_four = throw(ThrownCharge::SatchelCharge, 4);
        assert!(bounce_modifiers(&at_four).is_empty());
        let moving = ChargeThrow {
            target_moved_dice: 3,
            ..satchel
        };
        assert!(!charge_stays_on(5, &moving));
        assert!(charge_stays_on(6, &moving));
        let everything = ChargeThrow {
            hooks_or_glue: true,
            distance_inches: 5,
            target_moved_dice: 2,
            ..satchel
        };
        assert_eq!(modifier_sum(&bounce_modifiers(&everything)), -2);
        let near = throw(ThrownCharge::StickGrenade, 3);
        assert!(!bounce_roll_needed(&near));
        let grenade = throw(ThrownCharge::StickGrenade, 4);
        assert!(bounce_roll_needed(&grenade));
        assert!(!charge_stays_on(3, &grenade));
        assert!(charge_stays_on(4, &grenade));
        let grenade_glued = ChargeThrow {
            hooks_or_glue: true,
            ..grenade
        };
        assert!(bounce_modifiers(&grenade_glued).is_empty());
    }

    #[test]
    fn gun_setup_edges() {
        assert!(!gun_set_up(2, TowedGun::InfantryOrAntiTank, 0));
        assert!(gun_set_up(3, TowedGun::InfantryOrAntiTank, 0));
        assert!(gun_set_up(2, TowedGun::InfantryOrAntiTank, 1));
        assert!(!gun_set_up(5, TowedGun::AntiAircraft, 0));
        assert!(gun_set_up(6, TowedGun::AntiAircraft, 0));
        assert!(gun_set_up(4, TowedGun::AntiAircraft, 2));
        assert!(!gun_set_up(3, TowedGun::AntiAircraft, 2));
    }
}
