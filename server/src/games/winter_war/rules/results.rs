//! What each combat result of 14.2 does, and how retreats are changed by laagers (24.1), the
//! NKVD (19.2) and static units (14.3); also who may join an attack (7.1, 13.0).

use super::error::WinterWarError;
use crate::games::assisted::calc::{Explained, Working};
use serde::{Deserialize, Serialize};

/// The effect of a result on each side, before the players choose the units.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Effect {
    /// Every attacking unit is eliminated.
    pub attackers_eliminated: bool,
    /// Hexes every attacking unit retreats.
    pub attacker_retreat: u32,
    /// Every defending unit is eliminated (on EX in a fortification, only half its defence).
    pub defenders_eliminated: bool,
    /// Hexes every defending unit retreats.
    pub defender_retreat: u32,
    /// The attacker owes losses: the full defence (EX) or half of it (HX).
    pub attacker_owes: Owed,
    /// Hexes the attackers may advance.
    pub advance: u32,
}

/// Losses the attacker owes after an exchange.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Owed {
    /// Nothing.
    #[default]
    Nothing,
    /// Attack factors at least the defence factors lost (EX).
    FullDefence,
    /// Attack factors at least half the defence factors (HX).
    HalfDefence,
}

/// The effect of result `code` (14.2), refused when it is not a result of the CRT.
pub fn effect(code: &str) -> Result<Explained<Effect>, WinterWarError> {
    let none = Effect::default();
    let (value, text) = match code {
        "AE" => (
            Effect {
                attackers_eliminated: true,
                ..none
            },
            "AE: every attacking unit is eliminated",
        ),
        "AW" => (
            Effect {
                attacker_retreat: 1,
                ..none
            },
            "AW: every attacking unit retreats one hex",
        ),
        "DE" => (
            Effect {
                defenders_eliminated: true,
                advance: 1,
                ..none
            },
            "DE: every defending unit is eliminated; the attackers may advance one hex",
        ),
        "DP" => (
            Effect {
                defender_retreat: 2,
                advance: 2,
                ..none
            },
            "DP: every defending unit retreats two hexes; the attackers may advance two",
        ),
        "DZ" => (
            Effect {
                defenders_eliminated: true,
                advance: 2,
                ..none
            },
            "DZ: every defending unit is eliminated; the attackers may advance two hexes",
        ),
        "DW" => (
            Effect {
                defender_retreat: 1,
                advance: 1,
                ..none
            },
            "DW: every defending unit retreats one hex; the attackers may advance one",
        ),
        "EX" => (
            Effect {
                defenders_eliminated: true,
                attacker_owes: Owed::FullDefence,
                advance: 1,
                ..none
            },
            "EX: the defenders are eliminated and the attacker loses at least as many attack factors as the defence factors lost",
        ),
        "HX" => (
            Effect {
                defenders_eliminated: true,
                attacker_owes: Owed::HalfDefence,
                advance: 1,
                ..none
            },
            "HX: the defenders are eliminated and the attacker loses at least half their defence factors in attack factors",
        ),
        "NE" => (none, "NE: no effect"),
        other => {
            return Err(WinterWarError::UnknownResult { code: other.into() });
        }
    };
    Ok(Explained::new(value, format!("{text} (14.2)")))
}

/// What becomes of one unit ordered to retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Retreat {
    /// It retreats this many hexes.
    Hexes(u32),
    /// It stays: a laager, the NKVD, or a static unit in a fortification or city.
    Ignored,
    /// It is eliminated: a static unit that cannot retreat.
    Eliminated,
}

/// Where a unit ordered to retreat stands.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct RetreatCase {
    /// Its hex is in laager (24.1).
    pub laager: bool,
    /// It is Soviet and an NKVD unit is stacked with it (19.2).
    pub soviet_with_nkvd: bool,
    /// It is a static unit.
    pub is_static: bool,
    /// Its hex is a fortification or city.
    pub fortification_or_city: bool,
}

/// A retreat of `hexes` for a unit in `case` (14.3, 19.2, 24.1).
pub fn retreat(hexes: u32, case: RetreatCase) -> Explained<Retreat> {
    if hexes == 0 {
        return Explained::new(Retreat::Hexes(0), "no retreat");
    }
    let (value, text) = if case.laager {
        (Retreat::Ignored, "a laager negates every retreat (24.1)")
    } else if case.soviet_with_nkvd {
        (
            Retreat::Ignored,
            "the NKVD stacked with Soviet units negates their retreats (19.2)",
        )
    } else if case.is_static && case.fortification_or_city {
        (
            Retreat::Ignored,
            "a static unit in a fortification or city ignores retreats (14.3)",
        )
    } else if case.is_static {
        (
            Retreat::Eliminated,
            "a static unit forced to retreat is eliminated (14.3)",
        )
    } else {
        (Retreat::Hexes(hexes), "the unit retreats (14.3)")
    };
    let mut work = Working::new();
    work.step(format!("ordered to retreat {hexes}: {text}"));
    work.done(value)
}

/// One unit offered for an attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attacker {
    /// Its name.
    pub name: String,
    /// Its printed attack factor.
    pub attack: u32,
    /// In laager.
    pub laager: bool,
    /// A static unit.
    pub is_static: bool,
    /// Its force: "finnish" (the Swedish brigade and armored train count as Finnish), "allied",
    /// "volunteer" or "soviet".
    pub force: String,
}

/// Checks the units of one attack: none with attack 0, in laager or static (13.0, 13.2, 24.1);
/// Finnish, Allied and volunteer units never together (7.1, 19.1).
pub fn check_attackers(units: &[Attacker]) -> Result<(), WinterWarError> {
    for unit in units {
        let reason = if unit.attack == 0 {
            Some("its attack factor is 0")
        } else if unit.laager {
            Some("it is in laager")
        } else if unit.is_static {
            Some("it is a static unit")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(WinterWarError::CannotAttack {
                unit: unit.name.clone(),
                reason,
            });
        }
    }
    let first = units.first().map(|u| u.force.as_str());
    if units.iter().any(|u| Some(u.force.as_str()) != first) {
        return Err(WinterWarError::MixedNationalities);
    }
    Ok(())
}

#[cfg(test)]
#[path = "results_tests.rs"]
mod tests;
