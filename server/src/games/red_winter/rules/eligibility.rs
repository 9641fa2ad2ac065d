//! Who may do what (10.0, 13.3, 14.0, 16.2, 16.3, 16.4.1): the checks before a Ranged Attack,
//! a Recovery, digging in, a Bonfire or a Night Raid, and who rolls in the Sub-Zero Loss Phase.

use super::error::RulesError;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

fn refuse(unit: &str, why: &'static str, rule: &'static str) -> Result<(), RulesError> {
    Err(RulesError::NotAllowed {
        unit: unit.into(),
        why,
        rule,
    })
}

/// A firing unit's state this Combat Phase, as the roster marks it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Firer {
    /// The unit.
    pub name: String,
    /// It fires directly (its RAS is not yellow).
    #[serde(default)]
    pub direct: bool,
    /// It is in an enemy ZOC.
    #[serde(default)]
    pub in_ezoc: bool,
    /// Its hex is Suppressed.
    #[serde(default)]
    pub suppressed: bool,
    /// It retreated this Combat Phase.
    #[serde(default)]
    pub retreated: bool,
    /// It has made a Ranged Attack this phase.
    #[serde(default)]
    pub fired: bool,
    /// It shows its "Fired" side (mortars, infantry guns, artillery) until its Reset Phase.
    #[serde(default)]
    pub fired_marker: bool,
    /// It takes part in a Combat this phase.
    #[serde(default)]
    pub in_combat: bool,
    /// It made AT Fire this phase.
    #[serde(default)]
    pub at_fired: bool,
}

/// Checks a Ranged Attack (10.0 to 10.4, 11.0, 12.4, 16.0); `adjacent_defence` when it is
/// Adjacent Defensive Support (10.3.6).
pub fn may_fire(f: &Firer, night: bool, adjacent_defence: bool) -> Result<(), RulesError> {
    let n = f.name.as_str();
    if f.fired {
        return refuse(n, "has already made its Ranged Attack this phase", "10.0");
    }
    if f.fired_marker {
        return refuse(
            n,
            "shows its Fired side until its owner's Reset Phase",
            "12.4",
        );
    }
    if f.at_fired {
        return refuse(
            n,
            "made AT Fire this phase and cannot make a Ranged Attack",
            "11.0",
        );
    }
    if f.in_combat {
        return refuse(
            n,
            "takes part in a Combat this phase and cannot also fire",
            "10.0",
        );
    }
    if f.suppressed {
        return refuse(n, "is in a Suppressed hex and cannot fire", "10.4.1");
    }
    if f.retreated {
        return refuse(n, "retreated this phase and cannot fire", "8.5.2.3");
    }
    if f.in_ezoc && !adjacent_defence {
        return refuse(
            n,
            "is in an enemy ZOC and may only give Adjacent Defensive Support",
            "10.3.6",
        );
    }
    if night && f.direct && !adjacent_defence {
        return refuse(
            n,
            "cannot fire directly at night except as Adjacent Defensive Support",
            "16.0",
        );
    }
    Ok(())
}

/// What kind of unit acts, for the action checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// An infantry company.
    InfantryCompany,
    /// An engineer unit.
    Engineer,
    /// A machine gun unit.
    MachineGun,
    /// Anything else.
    Other,
}

/// A unit about to take its one action of the Action Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Actor {
    /// The unit.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
    /// At full strength.
    pub full_strength: bool,
    /// In an enemy ZOC now.
    #[serde(default)]
    pub in_ezoc: bool,
    /// It began the phase (or, for a Bonfire, the night turn) in an enemy ZOC.
    #[serde(default)]
    pub began_in_ezoc: bool,
    /// It has taken its action this phase.
    #[serde(default)]
    pub acted: bool,
}

/// Checks a Recovery attempt (13.3): a reduced infantry company, not in an enemy ZOC, that has
/// taken no other action.
pub fn may_recover(u: &Actor) -> Result<(), RulesError> {
    if u.kind != Kind::InfantryCompany || u.full_strength {
        return refuse(&u.name, "is not a reduced infantry company", "13.3");
    }
    if u.in_ezoc {
        return refuse(
            &u.name,
            "is in an enemy ZOC and cannot attempt Recovery",
            "13.3",
        );
    }
    if u.acted {
        return refuse(&u.name, "has already taken its action this phase", "3.0");
    }
    Ok(())
}

/// Checks digging in (14.0): infantry companies, engineers and MGs; not in an enemy ZOC,
/// except engineers (14.2.1) and on night turns (14.5).
pub fn may_dig_in(u: &Actor, night: bool) -> Result<(), RulesError> {
    if u.kind == Kind::Other {
        return refuse(
            &u.name,
            "cannot dig in; only infantry companies, engineers and MGs may",
            "14.0",
        );
    }
    if u.in_ezoc && u.kind != Kind::Engineer && !night {
        return refuse(
            &u.name,
            "is in an enemy ZOC and may dig in there only at night",
            "14.5",
        );
    }
    if u.acted {
        return refuse(&u.name, "has already taken its action this phase", "3.0");
    }
    Ok(())
}

/// Checks building a Bonfire (16.2): Soviet, at night, 4 or more hexes from every enemy, not on
/// a frozen lake, and not having begun the night turn in an enemy ZOC.
pub fn may_build_bonfire(
    u: &Actor,
    night: bool,
    nearest_enemy: u32,
    on_frozen_lake: bool,
) -> Result<(), RulesError> {
    if u.side != Side::Soviet || !night {
        return refuse(
            &u.name,
            "may not build a Bonfire; only Soviets on night turns may",
            "16.2",
        );
    }
    if nearest_enemy < 4 {
        return refuse(&u.name, "is within 3 hexes of an enemy unit", "16.2");
    }
    if on_frozen_lake {
        return refuse(&u.name, "is on a frozen lake", "16.2");
    }
    if u.began_in_ezoc {
        return refuse(&u.name, "began the night turn in an enemy ZOC", "7.2");
    }
    Ok(())
}

/// Checks one raider and the raid's target (16.4, 16.4.1): a full-strength Finnish infantry
/// company not in an enemy ZOC; the target 4 or more hexes from every Finnish unit at the start
/// of the phase, and not the Hotel (`target_is_hotel`: M16 on the rule book's map).
pub fn may_raid(
    raider: &Actor,
    target: &str,
    target_from_finns: u32,
    target_is_hotel: bool,
) -> Result<(), RulesError> {
    let n = raider.name.as_str();
    if raider.side != Side::Finnish || raider.kind != Kind::InfantryCompany || !raider.full_strength
    {
        return refuse(n, "is not a full-strength Finnish infantry company", "16.4");
    }
    if raider.in_ezoc || raider.began_in_ezoc {
        return refuse(n, "is in an enemy ZOC and cannot raid", "16.4.1");
    }
    if raider.acted {
        return refuse(n, "has already taken its action this phase", "16.4.1");
    }
    if target_from_finns < 4 {
        return refuse(
            target,
            "is within 3 hexes of a Finnish unit and cannot be raided",
            "16.4.1",
        );
    }
    if target_is_hotel {
        return refuse(target, "is the Hotel, which cannot be raided", "16.4.1");
    }
    Ok(())
}

/// Checks a whole raiding party (16.4, 16.4.1, 12.3) and answers the FNRT modifier Pajari
/// gives: only on a night turn, one raid a night, one to three companies each fit to raid (Pajari
/// not counted among them), and +2 when Pajari goes, unless he gave a Recovery bonus this phase.
#[allow(clippy::too_many_arguments)]
pub fn raid_party(
    raiders: &[Actor],
    target: &str,
    target_from_finns: u32,
    target_is_hotel: bool,
    pajari: bool,
    pajari_gave_recovery: bool,
    night: bool,
    raid_made: bool,
) -> Result<crate::games::assisted::calc::Explained<i64>, RulesError> {
    if !night {
        return Err(RulesError::RaidByDay);
    }
    if raid_made {
        return Err(RulesError::RaidAlreadyMade);
    }
    if !(1..=3).contains(&raiders.len()) {
        return Err(RulesError::RaidersCount {
            count: raiders.len(),
        });
    }
    for raider in raiders {
        may_raid(raider, target, target_from_finns, target_is_hotel)?;
    }
    if pajari && pajari_gave_recovery {
        refuse(
            "Pajari",
            "gave a Recovery bonus this phase and may not take part in a Night Raid",
            "12.3",
        )?;
    }
    let names: Vec<&str> = raiders.iter().map(|r| r.name.as_str()).collect();
    let mut work = crate::games::assisted::calc::Working::new();
    work.step(format!(
        "{} raid {target}: {} of at most 3 companies (16.4.1)",
        names.join(", "),
        raiders.len()
    ));
    let drm = if pajari {
        work.step("Pajari goes with the raiders: +2 on the FNRT (12.3)");
        2
    } else {
        work.step("Pajari does not go: no modifier from him");
        0
    };
    Ok(work.done(drm))
}

/// A unit on the map in the Sub-Zero Loss Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Freezing {
    /// The unit.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its hex.
    pub hex: String,
    /// Under (not atop) a Bonfire marker.
    #[serde(default)]
    pub under_bonfire: bool,
    /// Under a Skull marker.
    #[serde(default)]
    pub skull: bool,
    /// Under a Night Raid marker: rolls alone.
    #[serde(default)]
    pub night_raid: bool,
    /// Off-map artillery, which never rolls; a leader, who rolls only under optional rules.
    #[serde(default)]
    pub exempt: bool,
}

/// Who rolls on the SZLT (16.3), Soviets first: each Soviet stack with a unit not under a
/// Bonfire, each Finnish stack under a Skull, and each unit under a Night Raid marker on its
/// own (RW-A11). Each entry is the side and the hex or unit that rolls.
pub fn sub_zero_rolls(units: &[Freezing]) -> Vec<(Side, String)> {
    let mut rolls = Vec::new();
    for side in [Side::Soviet, Side::Finnish] {
        let mut hexes: Vec<&str> = Vec::new();
        for u in units.iter().filter(|u| u.side == side && !u.exempt) {
            if u.night_raid {
                rolls.push((side, u.name.clone()));
                continue;
            }
            let rolls_here = match side {
                Side::Soviet => !u.under_bonfire,
                Side::Finnish => u.skull,
            };
            if rolls_here && !hexes.contains(&u.hex.as_str()) {
                hexes.push(&u.hex);
            }
        }
        rolls.extend(hexes.into_iter().map(|h| (side, h.to_string())));
    }
    rolls
}

/// The units that share the steps one SZLT roll for the stack in `hex` costs (16.3, RW-A11):
/// the side's units there that had to roll, that is Soviets not under a Bonfire and Finns under a
/// Skull, less off-map artillery and leaders, which never roll, and units under a Night Raid
/// marker, which roll alone. Refused when nothing of the side's in `hex` has to roll.
pub fn cold_sharers(units: &[Freezing], side: Side, hex: &str) -> Result<Vec<usize>, RulesError> {
    let sharers: Vec<usize> = units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.side == side && u.hex.trim().eq_ignore_ascii_case(hex.trim()))
        .filter(|(_, u)| !u.exempt && !u.night_raid)
        .filter(|(_, u)| match side {
            Side::Soviet => !u.under_bonfire,
            Side::Finnish => u.skull,
        })
        .map(|(i, _)| i)
        .collect();
    if sharers.is_empty() {
        let why = match side {
            Side::Soviet => {
                "holds no Soviet unit that must roll on the SZLT: none there, or all under a Bonfire or rolling alone"
            }
            Side::Finnish => {
                "holds no Finnish unit under a Skull marker, so no Finnish stack there rolls on the SZLT"
            }
        };
        refuse(hex.trim(), why, "16.3")?;
    }
    Ok(sharers)
}

/// Checks that `unit` rolls on the SZLT alone (16.4 step 5): it is under a Night Raid marker and
/// is not off-map artillery or a leader.
pub fn cold_alone(unit: &Freezing) -> Result<(), RulesError> {
    if unit.exempt {
        return refuse(
            &unit.name,
            "never rolls on the SZLT (off-map artillery, or a leader)",
            "16.3",
        );
    }
    if !unit.night_raid {
        return refuse(
            &unit.name,
            "is not under a Night Raid marker and rolls with its stack, named by its hex",
            "16.4",
        );
    }
    Ok(())
}

#[cfg(test)]
#[path = "eligibility_tests.rs"]
mod tests;
