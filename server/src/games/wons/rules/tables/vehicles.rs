//! Vehicle tables: the BT's slippery tracks (R22.6) and the ST-26 bridge tank (R22.1.6).

use super::tray::{choice, choice_spec, d6_outcome, d6s, faces_text, outcome};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A BT crossing a solid obstacle at fast speed (R22.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BtCrossing {
    /// Crosses, moving the higher die in inches.
    Crosses {
        /// Inches moved.
        inches: u32,
    },
    /// A double, or a 1 and a 6: the tracks come off, temporarily immobilized.
    TemporarilyImmobilized,
}

/// Reads the two movement dice of a BT crossing a solid obstacle: the lower die is discarded;
/// a double or a 1 with a 6 immobilizes it for now.
///
/// **interpretation**: "fast speed" is read as the two dice the rule goes on to inspect
/// (doubles, a 1 and a 6), so the procedure rolls 2d6.
pub fn bt_crossing(first: u32, second: u32) -> BtCrossing {
    let one_and_six = first.min(second) == 1 && first.max(second) == 6;
    if first == second || one_and_six {
        BtCrossing::TemporarilyImmobilized
    } else {
        BtCrossing::Crosses {
            inches: first.max(second),
        }
    }
}

/// A temporarily immobilized BT's driver trying to get it going again (R22.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BtFreeing {
    /// 5–6: free, moving that many inches.
    Freed {
        /// Inches moved.
        inches: u32,
    },
    /// 3–4: still stuck; try again at the driver's next activation.
    StillStuck,
    /// 1–2: permanently immobilized.
    PermanentlyImmobilized,
}

/// The freeing roll on the face `die`.
pub fn bt_freeing(die: u32) -> BtFreeing {
    match die {
        0..=2 => BtFreeing::PermanentlyImmobilized,
        3 | 4 => BtFreeing::StillStuck,
        inches => BtFreeing::Freed { inches },
    }
}

/// Whether the ST-26 deploys (or removes) its bridge this activation: a 6 (R22.1.6).
pub fn bridge_laid(die: u32) -> bool {
    die >= 6
}

/// The BT's slippery tracks: crossing a solid obstacle, or freeing itself (R22.6).
#[derive(Clone, Copy, Debug)]
pub struct BtSlipperyTracksRoll;

/// The BT slippery tracks roll.
pub static BT_SLIPPERY_TRACKS: BtSlipperyTracksRoll = BtSlipperyTracksRoll;

/// The ST-26 bridge tank deploying or removing its bridge (R22.1.6).
#[derive(Clone, Copy, Debug)]
pub struct BridgeLayingRoll;

/// The bridge laying roll.
pub static BRIDGE_LAYING: BridgeLayingRoll = BridgeLayingRoll;

const BT_MODES: &[&str] = &["crossing", "freeing"];
const BRIDGE_ACTIONS: &[&str] = &["deploy", "remove"];

#[derive(Serialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
enum BtResult {
    Crossing { faces: Vec<u32>, result: BtCrossing },
    Freeing { die: u32, result: BtFreeing },
}

#[derive(Serialize)]
struct BridgeResult {
    action: &'static str,
    die: u32,
    done: bool,
}

impl Procedure for BtSlipperyTracksRoll {
    fn name(&self) -> &'static str {
        "bt-slippery-tracks"
    }
    fn title(&self) -> &'static str {
        "BT slippery tracks"
    }
    fn rule(&self) -> &'static str {
        "WoNS R22.6"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![choice_spec(
            "mode",
            "Crossing a solid obstacle, or freeing a stuck tank",
            BT_MODES,
            "crossing",
        )]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        if choice(params, "mode", BT_MODES)? == "freeing" {
            let die = draw.d6();
            let result = bt_freeing(die);
            let verdict = match result {
                BtFreeing::Freed { inches } => format!("free, moves {inches}\""),
                BtFreeing::StillStuck => "still stuck".to_string(),
                BtFreeing::PermanentlyImmobilized => "permanently immobilized".to_string(),
            };
            let summary = format!("R22.6 BT freeing itself: rolled {die}, needed 5+: {verdict}");
            return d6_outcome(die, &BtResult::Freeing { die, result }, summary);
        }
        let faces = d6s(draw, 2);
        let (first, second) = match faces.as_slice() {
            [a, b] => (*a, *b),
            _ => return Err(ParamError("R22.6: two dice were not drawn".to_string())),
        };
        let result = bt_crossing(first, second);
        let verdict = match result {
            BtCrossing::Crosses { inches } => format!("crosses, moving {inches}\""),
            BtCrossing::TemporarilyImmobilized => {
                "the tracks slip: temporarily immobilized".to_string()
            }
        };
        let summary = format!(
            "R22.6 BT crossing an obstacle: rolled {}, a double or 1 and 6 immobilizes: {verdict}",
            faces_text(&faces)
        );
        outcome(
            "2d6 (keep higher)",
            Some(i64::from(first.max(second))),
            &BtResult::Crossing { faces, result },
            summary,
        )
    }
}

impl Procedure for BridgeLayingRoll {
    fn name(&self) -> &'static str {
        "bridge-laying"
    }
    fn title(&self) -> &'static str {
        "ST-26 bridge laying"
    }
    fn rule(&self) -> &'static str {
        "WoNS R22.1.6"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![choice_spec(
            "action",
            "Deploy or remove the bridge",
            BRIDGE_ACTIONS,
            "deploy",
        )]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let action = choice(params, "action", BRIDGE_ACTIONS)?;
        let die = draw.d6();
        let done = bridge_laid(die);
        let verdict = match (done, action) {
            (true, "remove") => "the bridge is taken up",
            (true, _) => "the bridge is in place",
            (false, _) => "not yet, try again next activation",
        };
        let summary = format!("R22.1.6 bridge tank ({action}): rolled {die}, needed 6: {verdict}");
        d6_outcome(die, &BridgeResult { action, die, done }, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn crossing_edges() {
        assert_eq!(bt_crossing(3, 3), BtCrossing::TemporarilyImmobilized);
        assert_eq!(bt_crossing(1, 6), BtCrossing::TemporarilyImmobilized);
        assert_eq!(bt_crossing(6, 1), BtCrossing::TemporarilyImmobilized);
        assert_eq!(bt_crossing(2, 6), BtCrossing::Crosses { inches: 6 });
        assert_eq!(bt_crossing(1, 5), BtCrossing::Crosses { inches: 5 });
    }

    #[test]
    fn freeing_edges() {
        assert_eq!(bt_freeing(1), BtFreeing::PermanentlyImmobilized);
        assert_eq!(bt_freeing(2), BtFreeing::PermanentlyImmobilized);
        assert_eq!(bt_freeing(3), BtFreeing::StillStuck);
        assert_eq!(bt_freeing(4), BtFreeing::StillStuck);
        assert_eq!(bt_freeing(5), BtFreeing::Freed { inches: 5 });
        assert_eq!(bt_freeing(6), BtFreeing::Freed { inches: 6 });
    }

    #[test]
    fn bridge_edges() {
        assert!(!bridge_laid(5));
        assert!(bridge_laid(6));
    }

    #[test]
    fn procedures_with_scripted_dice() {
        let out = run_scripted(&BT_SLIPPERY_TRACKS, json!({}), &[4, 2]);
        assert_eq!(out.result["result"]["inches"], 4);
        let out = run_scripted(&BT_SLIPPERY_TRACKS, json!({}), &[6, 1]);
        assert_eq!(out.result["result"]["kind"], "temporarily_immobilized");
        let out = run_scripted(&BT_SLIPPERY_TRACKS, json!({"mode": "freeing"}), &[2]);
        assert_eq!(out.result["result"]["kind"], "permanently_immobilized");
        let out = run_scripted(&BRIDGE_LAYING, json!({"action": "remove"}), &[6]);
        assert_eq!(out.result["done"], true);
        let out = run_scripted(&BRIDGE_LAYING, json!({}), &[5]);
        assert_eq!(out.result["done"], false);
    }
}
