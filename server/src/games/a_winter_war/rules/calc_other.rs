//! The rest of the text's arithmetic: transports and drop distance (Opt D), ski exploitation
//! (DC A.2), demolition sizes (DC B), victory-point deductions (Opt F, G, H), arrivals moved by
//! Opt F and G, and the AS result read as AR for parachute units (Opt D.2).

use super::calc_armor::{Re, mixed};
use super::options::{DEC_I_39, NOV_II_39, Options};
use crate::core::domain::Side;
use crate::games::assisted::calc::{Explained, Fraction, Working};
use serde::{Deserialize, Serialize};

/// Transports an air drop of `re` parachute units needs: each carries 1/2 RE (Opt D).
pub fn transports_needed(re: Re) -> Explained<u32> {
    Explained::new(
        re.halves,
        format!(
            "{re} RE of parachute units at 1/2 RE per transport: {} transports (Opt D)",
            re.halves
        ),
    )
}

/// The drop's distance modifier: −1 for every five hexes, or fraction of five, flown (Opt D.1).
pub fn distance_modifier(hexes: u32) -> Explained<i64> {
    let fives = hexes.div_ceil(5);
    let m = -i64::from(fives);
    Explained::new(
        m,
        format!(
            "{hexes} hexes flown is {fives} times five hexes or a fraction of five: {m:+} (Opt D.1)"
        ),
    )
}

/// A Finnish ski unit in the exploitation phase (DC A.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SkiExploitation {
    /// Whether it is marked (it used more than half its MA) and so may not exploit.
    pub marked: bool,
    /// Its MA in the exploitation phase (0 when marked).
    pub movement: u32,
}

/// DC A.2: a ski unit whose MA in the movement phase was `movement` (after supply) and that used
/// `used` MPs is marked when it used more than half; otherwise it exploits with half its MA,
/// rounded down (AWW-A17).
pub fn ski_exploitation(name: &str, movement: Fraction, used: u32) -> Explained<SkiExploitation> {
    let mut work = Working::new();
    let half =
        Fraction::new(movement.num, movement.den.saturating_mul(2)).unwrap_or(Fraction::whole(0));
    let marked = Fraction::whole(i64::from(used)) > half;
    work.step(format!(
        "{name} had {} MPs and used {used}; half is {}",
        mixed(movement),
        mixed(half)
    ));
    if marked {
        work.step("it used more than half: marked with a hit marker, no exploitation (DC A.2)");
        return work.done(SkiExploitation {
            marked: true,
            movement: 0,
        });
    }
    let ma = u32::try_from(half.num.div_euclid(half.den)).unwrap_or(0);
    let rounded = if half.den == 1 { "" } else { " (rounded down)" };
    work.step(format!(
        "it may move {ma} MPs in the exploitation phase{rounded} (DC A.2)"
    ));
    work.done(SkiExploitation {
        marked: false,
        movement: ma,
    })
}

/// The size a unit counts as for demolition (DC B): engineer-category units count double.
pub fn demolition_size(name: &str, re: Re, engineer: bool) -> Explained<Re> {
    if engineer {
        let counted = Re {
            halves: re.halves.saturating_mul(2),
        };
        Explained::new(
            counted,
            format!("{name} is an engineer-category unit: {re} RE counts as {counted} RE (DC B)"),
        )
    } else {
        Explained::new(re, format!("{name} counts as {re} RE (DC B)"))
    }
}

/// Victory points with and without the options' deductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Victory {
    /// Finnish points for the player victory (after deductions).
    pub finnish: i64,
    /// Soviet points for the player victory (after deductions).
    pub soviet: i64,
    /// Finnish points for the historical outcome (no deductions).
    pub historical_finnish: i64,
    /// Soviet points for the historical outcome (no deductions).
    pub historical_soviet: i64,
}

/// The deductions of Opt F (Finnish −10), G (Soviet −20) and H (Soviet −20) for the player
/// victory; the historical outcome is judged on the points before them.
pub fn victory_points(options: &Options, finnish: i64, soviet: i64) -> Explained<Victory> {
    let mut work = Working::new();
    let (fd, sd) = options.deductions();
    for (on, side, points, rule) in [
        (options.foreign_aid, "Finnish", 10, "Opt F"),
        (options.soviet_preparedness, "Soviet", 20, "Opt G"),
        (options.earlier_start, "Soviet", 20, "Opt H"),
    ] {
        if on {
            work.step(format!("{rule}: {points} points off the {side} total"));
        }
    }
    let value = Victory {
        finnish: finnish.saturating_sub(fd),
        soviet: soviet.saturating_sub(sd),
        historical_finnish: finnish,
        historical_soviet: soviet,
    };
    work.step(format!(
        "player victory on Finnish {} and Soviet {}; the historical outcome on {finnish} and {soviet}",
        value.finnish, value.soviet
    ));
    work.done(value)
}

/// What kind of arrival in an order of battle, as Opt F and G treat them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArrivalKind {
    /// A reinforcement or conversion (Soviet ones move under Opt G).
    Reinforcement,
    /// A Finnish foreign-aid reinforcement (moves under Opt F).
    ForeignAid,
    /// The HQs of the Finnish 21st–23rd Rifle Divisions and the RaskT Artillery Battalion, or
    /// the Finnish armor battalion's conversion (move under Opt F).
    FinnishEarly,
    /// The flipping of a Soviet corps HQ (never moves).
    CorpsFlip,
}

/// When an arrival happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "at", content = "index", rename_all = "snake_case")]
pub enum Arrival {
    /// Set up with the initial forces.
    Initial,
    /// On this calendar index (Dec I 39 is 1).
    Turn(u32),
}

/// The arrival of a unit the order of battle schedules for calendar index `scheduled`, under
/// Opt F (Finnish foreign aid and named units two turns earlier) and Opt G (every Soviet
/// reinforcement and conversion two turns earlier; those of Dec I 39 and Dec II 39 set up as
/// initial units; corps HQ flips unchanged).
pub fn arrival(
    options: &Options,
    side: Side,
    kind: ArrivalKind,
    scheduled: u32,
) -> Explained<Arrival> {
    let moved = match (side, kind) {
        (Side::Soviet, ArrivalKind::Reinforcement) if options.soviet_preparedness => Some("Opt G"),
        (Side::Finnish, ArrivalKind::ForeignAid | ArrivalKind::FinnishEarly)
            if options.foreign_aid =>
        {
            Some("Opt F")
        }
        _ => None,
    };
    let Some(rule) = moved else {
        return Explained::new(
            Arrival::Turn(scheduled),
            "arrives as the order of battle says",
        );
    };
    let earlier = scheduled.saturating_sub(2);
    if side == Side::Soviet && scheduled <= DEC_I_39 + 1 {
        return Explained::new(
            Arrival::Initial,
            format!("a Dec I 39 or Dec II 39 arrival sets up as an initial unit ({rule})"),
        );
    }
    // The first turn of the game: Nov II 39 with Opt H, Dec I 39 otherwise.
    let first = if options.earlier_start {
        NOV_II_39
    } else {
        DEC_I_39
    };
    let turn = earlier.max(first);
    let why = if turn > earlier || scheduled < 2 {
        format!(
            "arrives two turns earlier than the order of battle says, but no earlier than the game's first turn ({rule})"
        )
    } else {
        format!("arrives two turns earlier than the order of battle says ({rule})")
    };
    Explained::new(Arrival::Turn(turn), why)
}

/// What Opt H's construction has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Construction {
    /// The rail lines in 35:2107 and 35:3106 (roads until then).
    pub rail_complete: bool,
    /// The fort in 35:4616.
    pub fort_complete: bool,
}

/// Opt H's construction at calendar index `index` in phase `phase`: the rail lines are roads
/// until the Soviet initial phase of Dec I 39, the fort is finished from the Finnish initial
/// phase of Nov II 39. Without Opt H both are finished from the start.
pub fn construction(options: &Options, index: u32, phase: &str) -> Explained<Construction> {
    if !options.earlier_start {
        return Explained::new(
            Construction {
                rail_complete: true,
                fort_complete: true,
            },
            "without Opt H the rail lines and the fort are finished",
        );
    }
    let rail_complete = index >= DEC_I_39;
    let fort_complete = rail_complete || !phase.starts_with("soviet_");
    let value = Construction {
        rail_complete,
        fort_complete,
    };
    let step = format!(
        "the rail lines in 35:2107 and 35:3106 are {}; the fort in 35:4616 is {} (Opt H)",
        if rail_complete {
            "finished"
        } else {
            "roads until the Soviet initial phase of Dec I 39"
        },
        if fort_complete {
            "finished"
        } else {
            "finished at the Finnish initial phase of Nov II 39"
        }
    );
    Explained::new(value, step)
}

/// Soviet rail capacity in REs under Opt G; `None` when the base rules' figure applies.
pub fn soviet_rail_capacity(options: &Options) -> Option<u32> {
    options.soviet_preparedness.then_some(30)
}

/// Opt G's Soviet rail capacity, explained: 30 REs, or the base rules' figure without Opt G.
pub fn rail_capacity(options: &Options) -> Explained<Option<u32>> {
    match soviet_rail_capacity(options) {
        Some(re) => Explained::new(
            Some(re),
            format!("the Soviet rail capacity is raised to {re} REs (Opt G)"),
        ),
        None => Explained::new(
            None,
            "without Opt G the Soviet rail capacity is the base rules' (Rule 7), which our text lacks",
        ),
    }
}

/// A unit Opt H's strategic reserve takes from the Soviet on-map initial forces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReserveUnit {
    /// The unit.
    pub name: String,
    /// Its size.
    pub re: Re,
    /// Its army or group ("8th", "9th Army", "7th", …).
    pub army: String,
}

/// Opt H's strategic reserve as chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StrategicReserve {
    /// Its REs.
    pub total: Re,
    /// Its REs from the 8th and 9th Armies.
    pub from_8th_and_9th: Re,
    /// It meets the rule: 10 REs, at least 6 of them from the 8th and 9th Armies.
    pub valid: bool,
}

fn eighth_or_ninth(army: &str) -> bool {
    let army = army.trim().to_lowercase();
    let army = army.trim_end_matches("army").trim();
    matches!(army, "8" | "8th" | "eighth" | "9" | "9th" | "ninth")
}

/// Opt H: the Soviet player removes 10 REs of his on-map initial forces to the Strategic
/// Reserve Holding Box, at least 6 REs from the 8th and 9th Armies; they are released on the
/// Soviet Nov II 39 player turn.
pub fn strategic_reserve(units: &[ReserveUnit]) -> Explained<StrategicReserve> {
    let halves = |u: &&ReserveUnit| u.re.halves;
    let total = Re {
        halves: units.iter().map(|u| halves(&u)).sum(),
    };
    let from = Re {
        halves: units
            .iter()
            .filter(|u| eighth_or_ninth(&u.army))
            .map(|u| halves(&u))
            .sum(),
    };
    let valid = total.halves == 20 && from.halves >= 12;
    let mut work = Working::new();
    work.step(format!(
        "the reserve holds {total} RE, {from} RE of them from the 8th and 9th Armies"
    ));
    work.step(if valid {
        "10 REs with at least 6 from the 8th and 9th Armies: as Opt H requires; they are released on the Soviet Nov II 39 player turn".to_string()
    } else if total.halves != 20 {
        format!("Opt H requires exactly 10 REs in the reserve, not {total}")
    } else {
        format!("Opt H requires at least 6 of the 10 REs from the 8th and 9th Armies, not {from}")
    });
    work.done(StrategicReserve {
        total,
        from_8th_and_9th: from,
        valid,
    })
}

/// A combat result as a unit reads it (Opt D.2): a parachute unit that dropped into the
/// enemy-occupied hex it attacks reads AS (attacker stopped) as AR (attacker retreat).
pub fn result_for(code: &str, dropped_into_enemy_hex: bool) -> Explained<String> {
    if code == "AS" && dropped_into_enemy_hex {
        Explained::new(
            "AR".to_string(),
            "AS for a parachute unit that dropped into the enemy-occupied hex reads as AR: it must retreat (Opt D.2)",
        )
    } else {
        Explained::new(code.to_string(), format!("the result is {code}"))
    }
}

#[cfg(test)]
#[path = "calc_other_tests.rs"]
mod tests;
