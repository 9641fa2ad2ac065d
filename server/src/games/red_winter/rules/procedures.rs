//! The dice procedures whose values the text gives (II.3): Ranged Attacks on the RAT, Anti-Tank
//! Fire, the CRT roll, the 354th's delay and Pajari's fate, each rolled through `Dice`.

use super::calc_resources::artillery_return_turn;
use super::charts::{ATFT_DRM, CRT, RAT, RAT_DRM, entered_modifiers};
use super::error::RulesError;
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::games::assisted::calc::{Explained, Odds, Working, modified_roll};
use crate::games::assisted::chart_set::{ChartSet, Reading};
use crate::games::assisted::charts::Cell;
use serde::{Deserialize, Serialize};

fn roll(dice: &mut dyn Dice, purpose: String, side: Side, count: usize) -> Vec<u32> {
    dice.roll(RollSpec::d6s(
        purpose,
        side.role(),
        Visibility::Public,
        count,
    ))
}

/// How an indirect-fire unit sees its target (10.5, 12.5).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Spotting {
    /// Direct fire, or a spotter adjacent to the target: no modifier.
    #[default]
    Direct,
    /// Indirect fire through a spotter not adjacent to the target: −1.
    DistantSpotter,
    /// A mortar spotting for itself: +1.
    MortarSelf,
    /// An infantry gun spotting for itself: +2.
    InfantryGunSelf,
}

/// One Ranged Attack (10.4) as declared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RangedAttack {
    /// The firing unit.
    pub firer: String,
    /// Its side.
    pub side: Side,
    /// Its Ranged Attack Strength.
    pub ras: i64,
    /// Whether its RAS is yellow (indirect fire).
    #[serde(default)]
    pub indirect: bool,
    /// How the target is seen.
    #[serde(default)]
    pub spotting: Spotting,
    /// The target is Dug-In (14.3).
    #[serde(default)]
    pub target_dug_in: bool,
    /// It is a night turn (16.0).
    #[serde(default)]
    pub night: bool,
    /// Entered RAT modifiers that apply (rows of `rat_drm`, e.g. the target's density).
    #[serde(default)]
    pub conditions: Vec<String>,
}

/// What a Ranged Attack did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangedResult {
    /// The dice.
    pub faces: Vec<u32>,
    /// The modified total.
    pub total: i64,
    /// The RAT cell read, with its chart version.
    pub reading: Reading,
    /// The target hex is Suppressed.
    pub suppressed: bool,
    /// Step reductions the target's owner takes (never from armor).
    pub steps: u32,
}

/// A Ranged Attack (10.4): 2d6 plus the RAS and every modifier, read on the entered RAT.
pub fn ranged_attack(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    fire: &RangedAttack,
) -> Result<Explained<RangedResult>, RulesError> {
    let mut modifiers = ranged_modifiers(fire);
    modifiers.extend(entered_modifiers(charts, RAT_DRM, &fire.conditions)?);
    charts.current(RAT)?;
    let mut work = Working::new();
    let faces = roll(
        dice,
        format!("{} Ranged Attack (10.4)", fire.firer),
        fire.side,
        2,
    );
    let total = work.take(modified_roll(&faces, &modifiers));
    let reading = work.take(charts.read_roll(RAT, total, "result")?);
    let code = reading.cell.to_string();
    let suppressed = code.starts_with('S');
    let steps = code
        .strip_prefix("S+")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    work.step(match (suppressed, steps) {
        (false, _) => "no effect".to_string(),
        (true, 0) => "the target hex is Suppressed (10.4.1)".to_string(),
        (true, n) => format!(
            "the target hex is Suppressed and its owner takes {n} step reduction(s), never from armor (10.4.2)"
        ),
    });
    Ok(work.done(RangedResult {
        faces,
        total,
        reading,
        suppressed,
        steps,
    }))
}

/// The modifiers of a Ranged Attack the text gives (10.4, 10.5, 12.5, 14.3, 16.0): the RAS,
/// spotting, a Dug-In target and night; the players' entered RAT modifiers come on top.
pub fn ranged_modifiers(fire: &RangedAttack) -> Vec<(String, i64)> {
    let mut modifiers = vec![(format!("{}'s RAS", fire.firer), fire.ras)];
    match fire.spotting {
        Spotting::Direct => {}
        Spotting::DistantSpotter => {
            modifiers.push(("spotter not adjacent to the target (10.5)".into(), -1))
        }
        Spotting::MortarSelf => modifiers.push(("mortar spotting for itself (12.5)".into(), 1)),
        Spotting::InfantryGunSelf => {
            modifiers.push(("infantry gun spotting for itself (12.5)".into(), 2))
        }
    }
    if fire.target_dug_in {
        let drm = if fire.indirect { -1 } else { -2 };
        modifiers.push(("target Dug-In (14.3)".into(), drm));
    }
    if fire.night {
        modifiers.push(("night turn (16.0)".into(), -2));
    }
    modifiers
}

/// The AT Fire modifier for its range (11.3): +1 adjacent, +2 against an Assault (not +3: RW-A7).
pub fn at_modifiers(range: AtRange) -> Vec<(String, i64)> {
    match range {
        AtRange::Two => Vec::new(),
        AtRange::Adjacent => vec![("adjacent target (11.3)".to_string(), 1)],
        AtRange::Assault => vec![("firing against an Assault (11.3)".to_string(), 2)],
    }
}

/// How close the AT gun is to its target (11.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AtRange {
    /// Two hexes, in line of sight: no modifier.
    Two,
    /// Adjacent: +1.
    Adjacent,
    /// Against an Assault, from within the defender's hex: +2 (not +3: RW-A7).
    Assault,
}

/// One AT gun's Anti-Tank Fire (11.0 to 11.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AtFire {
    /// The AT gun.
    pub gun: String,
    /// Its side.
    pub side: Side,
    /// Steps it has: 2 at full strength, 1 reduced; one die per step (11.1).
    pub steps: u32,
    /// The range.
    pub range: AtRange,
    /// The target of each die, declared before it is rolled, with its type's entered ATFT row.
    pub targets: Vec<(String, Option<String>)>,
}

/// One die of AT Fire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AtShot {
    /// The target.
    pub target: String,
    /// The die.
    pub face: u32,
    /// The modified roll.
    pub total: i64,
    /// A modified 5 or 6 reduces the target one step.
    pub hit: bool,
}

/// Anti-Tank Fire (11.1 to 11.3): by Finnish AT guns only, one die per step of the gun, each at
/// its declared target; a modified 5 or more is one step reduction.
pub fn at_fire(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    fire: &AtFire,
) -> Result<Explained<Vec<AtShot>>, RulesError> {
    if fire.side != Side::Finnish {
        return Err(RulesError::NotAllowed {
            unit: fire.gun.clone(),
            why: "is not a Finnish AT gun; only Finnish AT guns make AT Fire",
            rule: "11.0",
        });
    }
    if fire.steps == 0 {
        return Err(RulesError::NoSteps {
            unit: fire.gun.clone(),
        });
    }
    if fire.targets.len() != fire.steps as usize {
        return Err(RulesError::AtTargets {
            dice: fire.steps,
            targets: fire.targets.len(),
        });
    }
    let mut work = Working::new();
    work.step(format!(
        "{} has {} step(s) and rolls {} die/dice (11.1)",
        fire.gun, fire.steps, fire.steps
    ));
    let mut shots = Vec::new();
    for (target, row) in &fire.targets {
        let mut modifiers = at_modifiers(fire.range);
        let rows: Vec<String> = row.iter().cloned().collect();
        modifiers.extend(entered_modifiers(charts, ATFT_DRM, &rows)?);
        let faces = roll(
            dice,
            format!("{} AT Fire at {target} (11.1)", fire.gun),
            fire.side,
            1,
        );
        let total = work.take(modified_roll(&faces, &modifiers));
        let hit = total >= 5;
        work.step(if hit {
            format!("{target} is hit and loses a step (11.1)")
        } else {
            format!("{target} is missed")
        });
        shots.push(AtShot {
            target: target.clone(),
            face: faces.first().copied().unwrap_or(0),
            total,
            hit,
        });
    }
    Ok(work.done(shots))
}

/// The CRT roll (8.4): 2d6 with no modifiers on the column the combat reads; the cell is
/// attacker/defender losses, with the chart version read.
pub fn combat_roll(
    charts: &ChartSet,
    dice: &mut dyn Dice,
    attacker: Side,
    hex: &str,
    column: Odds,
) -> Result<Explained<(Reading, u32, u32)>, RulesError> {
    charts.current(CRT)?;
    let mut work = Working::new();
    let faces = roll(dice, format!("Combat against {hex} (8.4)"), attacker, 2);
    let total = work.take(modified_roll(&faces, &[]));
    let reading = work.take(charts.read_roll(CRT, total, &column.to_string())?);
    let (a, d) = match reading.cell {
        Cell::Losses { attacker, defender } => (attacker, defender),
        _ => (0, 0),
    };
    work.step(format!(
        "the attacker takes {a} loss(es) and the defender {d}; the defender takes them first (8.5)"
    ));
    Ok(work.done((reading, a, d)))
}

/// The 354th Regiment's delay after it fires (12.4.2): 1d6 turns; `None` when it leaves the game.
pub fn artillery_delay(
    dice: &mut dyn Dice,
    unit: &str,
    turn: u32,
    last_turn: Option<u32>,
) -> Explained<Option<u32>> {
    let faces = roll(
        dice,
        format!("{unit} return turn (12.4.2)"),
        Side::Soviet,
        1,
    );
    let face = faces.first().copied().unwrap_or(1).clamp(1, 6);
    artillery_return_turn(turn, face, last_turn)
        .unwrap_or_else(|_| Explained::new(None, format!("{unit}: the die gave no face (12.4.2)")))
}

/// Pajari's fate when he is caught (12.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PajariFate {
    /// Captured or killed, removed from the game (a 1).
    Lost,
    /// Escapes to the nearest friendly combat unit (2 to 6).
    Escapes,
}

/// Pajari's roll when forced to retreat into an eZOC, or when every unit in his hex is
/// eliminated out of supply (12.3.1): on a 1 he is lost; otherwise he joins the nearest
/// friendly combat unit, the Finnish player choosing among equals.
pub fn pajari_loss(dice: &mut dyn Dice) -> Explained<PajariFate> {
    let faces = roll(dice, "Pajari's fate (12.3.1)".into(), Side::Finnish, 1);
    let face = faces.first().copied().unwrap_or(1);
    if face == 1 {
        Explained::new(
            PajariFate::Lost,
            "rolled 1: Pajari is captured or killed and removed (12.3.1)",
        )
    } else {
        Explained::new(
            PajariFate::Escapes,
            format!(
                "rolled {face}: Pajari joins the nearest friendly combat unit, the Finnish player choosing among equals (12.3.1)"
            ),
        )
    }
}

#[cfg(test)]
#[path = "procedures_tests.rs"]
mod tests;
