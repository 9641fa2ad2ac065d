//! Surprise (R4): its levels, their effect on the command dice, and the rolls to recover from it;
//! also the outcome of an aggressive reconnaissance (R1.4.3).

use super::tray::{d6_outcome, roll_text};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How badly a force is surprised at the start of a battle, worst first (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SurpriseLevel {
    /// Sleeping with no sentries.
    Sleeping,
    /// Caught bathing, eating or the like, with no sentries or lookouts.
    TotallySurprised,
    /// Sentries posted away from the front line; or Resting at least two steps from the front;
    /// or marching on a road.
    SentriesAwayFromFront,
    /// Sentries in the front line while Resting; or some warning of an attack; or the enemy has
    /// learned from a deserter.
    SentriesInFrontLine,
    /// Heightened awareness in an unclear situation; or the enemy has an unexpected edge.
    HeightenedAwareness,
}

/// The surprise an interrogation result of 6 or more gives the interrogator's side (R25): the
/// level the seed calls "Normal −2".
///
/// **interpretation**: "Normal −2" is read as the level with two blue command dice, the level
/// whose situations include "the enemy has learned from a deserter".
pub const INTERROGATION_SURPRISE: SurpriseLevel = SurpriseLevel::SentriesInFrontLine;

/// What surprise does to the surprised force's command dice at the start of a battle (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurpriseEffect {
    /// How many command dice the force rolls (zero or less: it can do nothing).
    pub command_dice: i32,
    /// How many of them are blue (count only on 5 or 6).
    pub blue_dice: u32,
    /// How many of them are normal.
    pub normal_dice: u32,
    /// Two-man guard teams each platoon fields.
    pub guard_teams_per_platoon: u32,
    /// Whether the force can do anything at all.
    pub able_to_act: bool,
}

/// The effect of `level` on a force that would normally roll `command_dice` dice (R4).
pub fn surprise_effect(level: SurpriseLevel, command_dice: u32) -> SurpriseEffect {
    let normal = i64::from(command_dice);
    let (dice, blue, guards) = match level {
        SurpriseLevel::Sleeping => (normal - 2, normal - 2, 0),
        SurpriseLevel::TotallySurprised => (normal - 1, normal - 1, 0),
        SurpriseLevel::SentriesAwayFromFront => (normal, normal - 1, 2),
        SurpriseLevel::SentriesInFrontLine => (normal, normal.min(2), 2),
        SurpriseLevel::HeightenedAwareness => (normal, normal.min(1), 2),
    };
    let blue = u32::try_from(blue.max(0)).unwrap_or(0);
    let dice_count = u32::try_from(dice.max(0)).unwrap_or(0);
    SurpriseEffect {
        command_dice: i32::try_from(dice).unwrap_or(i32::MIN),
        blue_dice: blue,
        normal_dice: dice_count.saturating_sub(blue),
        guard_teams_per_platoon: guards,
        able_to_act: dice > 0,
    }
}

/// Whether a surprise recovery roll turns one blue die back into a normal one: 4–6 (R4).
pub fn surprise_recovered(die: u32) -> bool {
    die >= 4
}

/// Whether an aggressive Soviet reconnaissance succeeded: at least two Finnish units deployed and
/// the recon unit was neither wiped out nor captured (R1.4.3). Success gives the main force one
/// extra command die on the first 1d6 phases of Turn 1.
pub fn recon_succeeded(finnish_units_deployed: u32, recon_wiped_out_or_captured: bool) -> bool {
    finnish_units_deployed >= 2 && !recon_wiped_out_or_captured
}

/// The 1d6 phases until the surprised side's next recovery roll (R4). The first such roll also
/// counts the phases in which it must use all its command dice.
#[derive(Clone, Copy, Debug)]
pub struct SurpriseInterval;

/// The surprise interval roll.
pub static SURPRISE_INTERVAL: SurpriseInterval = SurpriseInterval;

/// The surprised side's recovery roll: 4–6 turns one blue die normal (R4).
#[derive(Clone, Copy, Debug)]
pub struct SurpriseRecovery;

/// The surprise recovery roll.
pub static SURPRISE_RECOVERY: SurpriseRecovery = SurpriseRecovery;

#[derive(Serialize)]
struct IntervalResult {
    phases: u32,
}

#[derive(Serialize)]
struct RecoveryResult {
    die: u32,
    recovered: bool,
}

impl Procedure for SurpriseInterval {
    fn name(&self) -> &'static str {
        "surprise-interval"
    }
    fn title(&self) -> &'static str {
        "Phases until the next surprise recovery roll"
    }
    fn rule(&self) -> &'static str {
        "WoNS R4"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        let phases = draw.d6();
        let summary = format!(
            "R4 surprise: rolled {phases}, the next recovery roll comes after {phases} surprised phase(s)"
        );
        d6_outcome(phases, &IntervalResult { phases }, summary)
    }
}

impl Procedure for SurpriseRecovery {
    fn name(&self) -> &'static str {
        "surprise-recovery"
    }
    fn title(&self) -> &'static str {
        "Surprise recovery"
    }
    fn rule(&self) -> &'static str {
        "WoNS R4"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        let die = draw.d6();
        let recovered = surprise_recovered(die);
        let verdict = if recovered {
            "one blue die becomes a normal command die"
        } else {
            "the dice stay blue"
        };
        let summary = format!(
            "R4 surprise recovery: {}, needed 4+: {verdict}",
            roll_text(die, &[])
        );
        d6_outcome(die, &RecoveryResult { die, recovered }, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn levels_on_five_command_dice() {
        let e = surprise_effect(SurpriseLevel::Sleeping, 5);
        assert_eq!((e.command_dice, e.blue_dice, e.normal_dice), (3, 3, 0));
        let e = surprise_effect(SurpriseLevel::TotallySurprised, 5);
        assert_eq!((e.command_dice, e.blue_dice, e.normal_dice), (4, 4, 0));
        let e = surprise_effect(SurpriseLevel::SentriesAwayFromFront, 5);
        assert_eq!((e.command_dice, e.blue_dice, e.normal_dice), (5, 4, 1));
        assert_eq!(e.guard_teams_per_platoon, 2);
        let e = surprise_effect(SurpriseLevel::SentriesInFrontLine, 5);
        assert_eq!((e.command_dice, e.blue_dice, e.normal_dice), (5, 2, 3));
        let e = surprise_effect(SurpriseLevel::HeightenedAwareness, 5);
        assert_eq!((e.command_dice, e.blue_dice, e.normal_dice), (5, 1, 4));
        assert_eq!(e.guard_teams_per_platoon, 2);
        assert_eq!(
            surprise_effect(SurpriseLevel::Sleeping, 5).guard_teams_per_platoon,
            0
        );
    }

    #[test]
    fn too_few_dice_cannot_act() {
        let e = surprise_effect(SurpriseLevel::Sleeping, 2);
        assert_eq!(e.command_dice, 0);
        assert!(!e.able_to_act);
        let e = surprise_effect(SurpriseLevel::Sleeping, 1);
        assert_eq!(e.command_dice, -1);
        assert_eq!(e.blue_dice, 0);
        assert!(!e.able_to_act);
        assert!(surprise_effect(SurpriseLevel::TotallySurprised, 2).able_to_act);
        let e = surprise_effect(SurpriseLevel::SentriesInFrontLine, 1);
        assert_eq!((e.blue_dice, e.normal_dice), (1, 0));
    }

    #[test]
    fn recovery_edges() {
        assert!(!surprise_recovered(3));
        assert!(surprise_recovered(4));
        assert!(surprise_recovered(6));
    }

    #[test]
    fn recon_success() {
        assert!(!recon_succeeded(1, false));
        assert!(recon_succeeded(2, false));
        assert!(!recon_succeeded(3, true));
    }

    #[test]
    fn procedures_with_scripted_dice() {
        let out = run_scripted(&SURPRISE_INTERVAL, json!({}), &[5]);
        assert_eq!(out.result["phases"], 5);
        let out = run_scripted(&SURPRISE_RECOVERY, json!({}), &[3]);
        assert_eq!(out.result["recovered"], false);
        let out = run_scripted(&SURPRISE_RECOVERY, json!({}), &[4]);
        assert_eq!(out.result["recovered"], true);
        assert!(out.summary.contains("rolled 4"), "{}", out.summary);
    }
}
