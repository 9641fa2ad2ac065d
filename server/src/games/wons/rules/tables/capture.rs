//! Capturing abandoned equipment (R1.5, R5.1) and the ammunition check of captured weapons that
//! use foreign ammunition.

use super::tray::{d6s, faces_text, flag, flag_spec, outcome, roll_text};
use super::{Modifier, modifier_sum};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The circumstances of one capture roll (R1.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureSituation {
    /// HE persuaded the previous owner to abandon the device: 5–6 needed instead of 4–6.
    pub he_drove_off_owner: bool,
    /// The device lies in a difficult place (a ditch, under water): one step harder.
    pub difficult_place: bool,
    /// The roll is made in Darkness: −1 ...
    pub darkness: bool,
    /// ... unless the capturer has been within close combat range of the device (R5.1).
    pub been_in_close_combat_range: bool,
    /// The device is the capturer's own side's, abandoned: one step easier.
    pub friendly_abandoned: bool,
    /// A support weapon heavier than a medium machine gun (or a mortar or rifle grenade).
    pub heavier_weapon: bool,
    /// The weapon is manned by a proficient crew or a hero who may use any weapon.
    pub proficient_crew_or_hero: bool,
}

/// The result of one capture roll (R1.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureRoll {
    /// The face rolled.
    pub die: u32,
    /// The lowest modified roll that captures the device.
    pub needed: u32,
    /// Every modifier that applied.
    pub modifiers: Vec<Modifier>,
    /// The modified roll.
    pub total: i32,
    /// Whether the device is captured; if not, it is destroyed.
    pub captured: bool,
    /// Whether a captured weapon may be used at once.
    pub usable_at_once: bool,
}

/// A capture roll: 4+ (5+ if HE drove off the owner), one harder in a difficult place, one
/// easier for friendly abandoned equipment (the rule's own example: a friendly AT gun whose crew
/// HE destroyed is taken over on 4–6, not 5–6), −1 to the die in Darkness unless the capturer has
/// been within close combat range. A failure destroys the device. Small arms and support weapons up to medium machine
/// guns may be used at once (if the umpire allows); heavier weapons only on a 6, or at once with
/// a proficient crew or a hero who may use any weapon.
///
/// **interpretation**: the "6" for heavier weapons is the modified roll, like the capture roll
/// itself.
pub fn capture(die: u32, situation: &CaptureSituation) -> CaptureRoll {
    let mut needed = if situation.he_drove_off_owner { 5 } else { 4 };
    if situation.difficult_place {
        needed += 1;
    }
    if situation.friendly_abandoned {
        needed -= 1;
    }
    let mut modifiers = Vec::new();
    if situation.darkness && !situation.been_in_close_combat_range {
        modifiers.push(Modifier::new("Darkness", -1));
    }
    let total = i32::try_from(die).unwrap_or(6) + modifier_sum(&modifiers);
    let captured = total >= i32::try_from(needed).unwrap_or(4);
    let usable_at_once =
        captured && (!situation.heavier_weapon || situation.proficient_crew_or_hero || total >= 6);
    CaptureRoll {
        die,
        needed,
        modifiers,
        total,
        captured,
        usable_at_once,
    }
}

/// Whether the two coloured ammunition dice rolled with a captured foreign-ammunition weapon's
/// to-hit roll empty it: any double (R1.5).
pub fn foreign_ammunition_runs_out(first: u32, second: u32) -> bool {
    first == second
}

/// The capture roll for one abandoned device (R1.5).
#[derive(Clone, Copy, Debug)]
pub struct CaptureDeviceRoll;

/// The capture roll.
pub static CAPTURE: CaptureDeviceRoll = CaptureDeviceRoll;

/// The two coloured dice rolled with a foreign-ammunition weapon's to-hit roll (R1.5).
#[derive(Clone, Copy, Debug)]
pub struct ForeignAmmunitionRoll;

/// The foreign ammunition roll.
pub static FOREIGN_AMMUNITION: ForeignAmmunitionRoll = ForeignAmmunitionRoll;

const FLAGS: [(&str, &str); 7] = [
    ("he_drove_off_owner", "HE drove off the previous owner"),
    (
        "difficult_place",
        "The device is in a difficult place (ditch, under water)",
    ),
    ("darkness", "Darkness"),
    (
        "been_in_close_combat_range",
        "The capturer has been within close combat range of it",
    ),
    (
        "friendly_abandoned",
        "It is our own side's abandoned equipment",
    ),
    (
        "heavier_weapon",
        "A support weapon heavier than a medium machine gun",
    ),
    (
        "proficient_crew_or_hero",
        "Manned by a proficient crew or a hero who may use any weapon",
    ),
];

impl Procedure for CaptureDeviceRoll {
    fn name(&self) -> &'static str {
        "capture"
    }
    fn title(&self) -> &'static str {
        "Capture abandoned equipment"
    }
    fn rule(&self) -> &'static str {
        "WoNS R1.5"
    }
    fn params(&self) -> Vec<ParamSpec> {
        FLAGS
            .iter()
            .map(|(name, label)| flag_spec(name, label, false))
            .collect()
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let situation = CaptureSituation {
            he_drove_off_owner: flag(params, "he_drove_off_owner")?,
            difficult_place: flag(params, "difficult_place")?,
            darkness: flag(params, "darkness")?,
            been_in_close_combat_range: flag(params, "been_in_close_combat_range")?,
            friendly_abandoned: flag(params, "friendly_abandoned")?,
            heavier_weapon: flag(params, "heavier_weapon")?,
            proficient_crew_or_hero: flag(params, "proficient_crew_or_hero")?,
        };
        let die = draw.d6();
        let roll = capture(die, &situation);
        let verdict = match (roll.captured, roll.usable_at_once) {
            (false, _) => "failed, the device is destroyed",
            (true, true) => "captured and usable at once",
            (true, false) => "captured, not usable at once",
        };
        let summary = format!(
            "R1.5 capture: {}, needed {}+: {verdict}",
            roll_text(die, &roll.modifiers),
            roll.needed
        );
        outcome("1d6", Some(i64::from(roll.total)), &roll, summary)
    }
}

#[derive(Serialize)]
struct AmmunitionResult {
    faces: Vec<u32>,
    out_of_ammunition: bool,
}

impl Procedure for ForeignAmmunitionRoll {
    fn name(&self) -> &'static str {
        "foreign-ammunition"
    }
    fn title(&self) -> &'static str {
        "Captured weapon with foreign ammunition"
    }
    fn rule(&self) -> &'static str {
        "WoNS R1.5"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        let faces = d6s(draw, 2);
        let out = matches!(faces.as_slice(), [a, b] if foreign_ammunition_runs_out(*a, *b));
        let verdict = if out {
            "a double: out of ammunition, the weapon is discarded"
        } else {
            "no double: ammunition lasts"
        };
        let summary = format!(
            "R1.5 foreign ammunition: rolled {}: {verdict}",
            faces_text(&faces)
        );
        let result = AmmunitionResult {
            faces,
            out_of_ammunition: out,
        };
        outcome("2d6", None, &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    fn plain() -> CaptureSituation {
        CaptureSituation::default()
    }

    #[test]
    fn base_four_plus() {
        assert!(!capture(3, &plain()).captured);
        assert!(capture(4, &plain()).captured);
        assert!(capture(4, &plain()).usable_at_once);
    }

    #[test]
    fn each_modifier_alone() {
        let he = CaptureSituation {
            he_drove_off_owner: true,
            ..plain()
        };
        assert!(!capture(4, &he).captured);
        assert!(capture(5, &he).captured);
        let ditch = CaptureSituation {
            difficult_place: true,
            ..plain()
        };
        assert!(!capture(4, &ditch).captured);
        assert!(capture(5, &ditch).captured);
        let dark = CaptureSituation {
            darkness: true,
            ..plain()
        };
        assert!(!capture(4, &dark).captured);
        assert!(capture(5, &dark).captured);
        let dark_close = CaptureSituation {
            darkness: true,
            been_in_close_combat_range: true,
            ..plain()
        };
        assert!(capture(4, &dark_close).captured);
        assert!(capture(4, &dark_close).modifiers.is_empty());
        let friendly = CaptureSituation {
            friendly_abandoned: true,
            ..plain()
        };
        assert!(!capture(2, &friendly).captured);
        assert!(capture(3, &friendly).captured);
        assert_eq!(capture(3, &friendly).needed, 3);
    }

    #[test]
    fn combined_modifiers() {
        let hard = CaptureSituation {
            he_drove_off_owner: true,
            difficult_place: true,
            ..plain()
        };
        assert!(!capture(5, &hard).captured);
        assert!(capture(6, &hard).captured);
        let hopeless = CaptureSituation {
            darkness: true,
            ..hard
        };
        assert!(!capture(6, &hopeless).captured);
        let seed_example = CaptureSituation {
            friendly_abandoned: true,
            he_drove_off_owner: true,
            ..plain()
        };
        // The rule's example: a friendly AT gun whose crew HE destroyed is taken on 4–6.
        assert_eq!(capture(4, &seed_example).needed, 4);
        assert!(capture(4, &seed_example).captured);
        assert!(!capture(3, &seed_example).captured);
    }

    #[test]
    fn heavier_weapons_need_six_or_crew() {
        let heavy = CaptureSituation {
            heavier_weapon: true,
            ..plain()
        };
        assert!(capture(5, &heavy).captured);
        assert!(!capture(5, &heavy).usable_at_once);
        assert!(capture(6, &heavy).usable_at_once);
        let crewed = CaptureSituation {
            proficient_crew_or_hero: true,
            ..heavy
        };
        assert!(capture(4, &crewed).usable_at_once);
        assert!(!capture(3, &crewed).usable_at_once);
    }

    #[test]
    fn procedures_with_scripted_dice() {
        let out = run_scripted(&CAPTURE, json!({"darkness": true}), &[4]);
        assert_eq!(out.result["captured"], false);
        assert!(
            out.summary.contains("rolled 4 -1 (Darkness) = 3"),
            "{}",
            out.summary
        );
        let out = run_scripted(&CAPTURE, json!({"heavier_weapon": true}), &[6]);
        assert_eq!(out.result["usable_at_once"], true);
        let out = run_scripted(&FOREIGN_AMMUNITION, json!({}), &[3, 3]);
        assert_eq!(out.result["out_of_ammunition"], true);
        let out = run_scripted(&FOREIGN_AMMUNITION, json!({}), &[3, 4]);
        assert_eq!(out.result["out_of_ammunition"], false);
    }
}
