//! Illumination at night (R5.1): the flare pistol and the illumination rocket.

use super::Modifier;
use super::tray::{apply, d6s, faces_text, flag, flag_spec, outcome, roll_text, sum};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where an illumination device lands (R5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Illumination {
    /// How many d6 of inches it deviates (0: on target).
    pub deviation_dice: u32,
    /// Whether the firer has no flares left afterwards (flare pistol only).
    pub out_of_flares: bool,
}

/// The flare pistol table on the modified 2d6 (+1 if the target point is within 12"): 2–3
/// deviate 2d6" and out of flares, 4–5 deviate 2d6", 6–8 deviate 1d6", 9 or more on target.
///
/// **interpretation**: the bands are read on the modified total, so a roll of 2 within 12"
/// still leaves the firer out of flares.
pub fn flare_pistol(total: u32) -> Illumination {
    let (deviation_dice, out_of_flares) = match total {
        0..=3 => (2, true),
        4 | 5 => (2, false),
        6..=8 => (1, false),
        _ => (0, false),
    };
    Illumination {
        deviation_dice,
        out_of_flares,
    }
}

/// The illumination rocket table on 2d6: 2–4 deviate 4d6", 5–6 deviate 3d6", 7–8 deviate 2d6",
/// 9 or more on target. The rocket lights an 18" circle for the firer's current phase.
pub fn illumination_rocket(total: u32) -> Illumination {
    let deviation_dice = match total {
        0..=4 => 4,
        5 | 6 => 3,
        7 | 8 => 2,
        _ => 0,
    };
    Illumination {
        deviation_dice,
        out_of_flares: false,
    }
}

/// Fires a flare pistol at a point within 24" (R5.1).
///
/// **interpretation**: the procedure also rolls the deviation distance; the direction is found
/// on the table, as for any Chain of Command deviation.
#[derive(Clone, Copy, Debug)]
pub struct FlarePistolRoll;

/// The flare pistol roll.
pub static FLARE_PISTOL: FlarePistolRoll = FlarePistolRoll;

/// Fires an illumination rocket at any point on the table (R5.1).
///
/// **interpretation**: the procedure also rolls the deviation distance. The seed's table has a
/// further garbled line (a 36" area lit for the rest of the Turn, drifting 1d6" a phase with the
/// wind) that belongs to no device we can name; it is left out.
#[derive(Clone, Copy, Debug)]
pub struct IlluminationRocketRoll;

/// The illumination rocket roll.
pub static ILLUMINATION_ROCKET: IlluminationRocketRoll = IlluminationRocketRoll;

#[derive(Serialize)]
struct IlluminationResult {
    faces: Vec<u32>,
    modifiers: Vec<Modifier>,
    total: u32,
    on_target: bool,
    out_of_flares: bool,
    deviation_faces: Vec<u32>,
    deviation_inches: u32,
}

fn fire(
    rule: &str,
    draw: &mut dyn Draw,
    modifiers: Vec<Modifier>,
    table: fn(u32) -> Illumination,
) -> Result<Outcome, ParamError> {
    let faces = d6s(draw, 2);
    let total = apply(sum(&faces), &modifiers);
    let landing = table(total);
    let deviation_faces = d6s(draw, landing.deviation_dice as usize);
    let deviation_inches = sum(&deviation_faces);
    let mut verdict = if landing.deviation_dice == 0 {
        "on target".to_string()
    } else {
        format!(
            "deviates {}d6 = {deviation_inches}\" ({})",
            landing.deviation_dice,
            faces_text(&deviation_faces)
        )
    };
    if landing.out_of_flares {
        verdict.push_str(", and the firer is out of flares");
    }
    let summary = format!(
        "{rule}: {}, needed 9+ to land on target: {verdict}",
        roll_text(sum(&faces), &modifiers)
    );
    let result = IlluminationResult {
        faces,
        modifiers,
        total,
        on_target: landing.deviation_dice == 0,
        out_of_flares: landing.out_of_flares,
        deviation_faces,
        deviation_inches,
    };
    outcome("2d6", Some(i64::from(total)), &result, summary)
}

impl Procedure for FlarePistolRoll {
    fn name(&self) -> &'static str {
        "flare-pistol"
    }
    fn title(&self) -> &'static str {
        "Flare pistol"
    }
    fn rule(&self) -> &'static str {
        "WoNS R5.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![flag_spec(
            "within_12",
            "The target point is no more than 12\" away",
            false,
        )]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let modifiers = if flag(params, "within_12")? {
            vec![Modifier::new("within 12\"", 1)]
        } else {
            Vec::new()
        };
        fire("R5.1 flare pistol", draw, modifiers, flare_pistol)
    }
}

impl Procedure for IlluminationRocketRoll {
    fn name(&self) -> &'static str {
        "illumination-rocket"
    }
    fn title(&self) -> &'static str {
        "Illumination rocket"
    }
    fn rule(&self) -> &'static str {
        "WoNS R5.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        Vec::new()
    }
    fn run(
        &self,
        _params: &Map<String, Value>,
        draw: &mut dyn Draw,
    ) -> Result<Outcome, ParamError> {
        fire(
            "R5.1 illumination rocket",
            draw,
            Vec::new(),
            illumination_rocket,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn flare_pistol_edges() {
        let dev = |t| flare_pistol(t).deviation_dice;
        assert_eq!([2, 3, 4, 5, 6, 8, 9, 13].map(dev), [2, 2, 2, 2, 1, 1, 0, 0]);
        assert!(flare_pistol(3).out_of_flares);
        assert!(!flare_pistol(4).out_of_flares);
    }

    #[test]
    fn rocket_edges() {
        let dev = |t| illumination_rocket(t).deviation_dice;
        assert_eq!([2, 4, 5, 6, 7, 8, 9, 12].map(dev), [4, 4, 3, 3, 2, 2, 0, 0]);
    }

    #[test]
    fn flare_procedure_within_12_and_deviation() {
        let out = run_scripted(&FLARE_PISTOL, json!({"within_12": true}), &[4, 4]);
        assert_eq!(out.total, Some(9));
        assert_eq!(out.result["on_target"], true);
        let out = run_scripted(&FLARE_PISTOL, json!({}), &[4, 4, 3]);
        assert_eq!(out.result["deviation_inches"], 3);
        let out = run_scripted(&FLARE_PISTOL, json!({"within_12": true}), &[1, 1, 2, 5]);
        assert_eq!(out.result["out_of_flares"], true);
        assert_eq!(out.result["deviation_inches"], 7);
        assert!(
            out.summary.contains("rolled 2 +1 (within 12\") = 3"),
            "{}",
            out.summary
        );
    }

    #[test]
    fn rocket_procedure() {
        let out = run_scripted(&ILLUMINATION_ROCKET, json!({}), &[1, 3, 1, 2, 3, 4]);
        assert_eq!(out.result["deviation_inches"], 10);
        let out = run_scripted(&ILLUMINATION_ROCKET, json!({}), &[6, 3]);
        assert_eq!(out.result["on_target"], true);
    }
}
