//! The dice-tray rolls for minefields and booby traps (R10.1, R10.2, R10.3, R11); the
//! anti-tank mine against a vehicle is in [`super::anti_tank_mines`].

use super::mines::{
    BoobyTrapSpotting, MineCrossingSpeed, MineSpotter, Minefield, MinefieldSpotting,
    booby_trap_modifiers, booby_trap_spotted, mine_dice_per_soldier, minefield_spotted,
    minefield_spotting_modifiers, minefield_spotting_need,
};
use super::tray::{
    choice, choice_spec, d6s, faces_text, flag, flag_spec, outcome, roll_text, whole, whole_spec,
};
use super::{Modifier, modifier_sum};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::Serialize;
use serde_json::{Map, Value};

/// Spotting an unmarked minefield within 6" (R10.1).
#[derive(Clone, Copy, Debug)]
pub struct MinefieldSpottingRoll;
/// The minefield spotting roll.
pub static MINEFIELD_SPOTTING: MinefieldSpottingRoll = MinefieldSpottingRoll;

/// Men crossing a minefield: do they set off a mine (R10.2, R10.3)?
///
/// **interpretation**: Chain of Command's effect-of-hit table is not part of the seed, so the
/// procedure rolls the two effect dice and reports their faces for the players to read (Open
/// cover); [`super::mines::anti_personnel_blast`] turns those readings into the result.
#[derive(Clone, Copy, Debug)]
pub struct SettingOffMinesRoll;
/// The setting-off-mines roll.
pub static SETTING_OFF_MINES: SettingOffMinesRoll = SettingOffMinesRoll;

/// Spotting a booby trap within 2" (R11).
#[derive(Clone, Copy, Debug)]
pub struct BoobyTrapSpottingRoll;
/// The booby-trap spotting roll.
pub static BOOBY_TRAP_SPOTTING: BoobyTrapSpottingRoll = BoobyTrapSpottingRoll;

const SPOTTERS: &[&str] = &["infantry", "tank_buttoned", "tank_unbuttoned"];
const MINEFIELDS: &[&str] = &[
    "pressure_anti_personnel",
    "tripwire_anti_personnel",
    "anti_tank",
];
const SPEEDS: &[&str] = &["running", "advancing", "crawling"];

#[derive(Serialize)]
struct SpottingResult {
    die: u32,
    modifiers: Vec<Modifier>,
    needed: u32,
    spotted: bool,
}

fn spotting_outcome(
    rule: &str,
    die: u32,
    modifiers: Vec<Modifier>,
    needed: u32,
    spotted: bool,
) -> Result<Outcome, ParamError> {
    let verdict = if spotted { "spotted" } else { "not spotted" };
    let summary = format!(
        "{rule}: {}, needed {needed}+: {verdict}",
        roll_text(die, &modifiers)
    );
    let total = i64::from(die) + i64::from(modifier_sum(&modifiers));
    outcome(
        "1d6",
        Some(total),
        &SpottingResult {
            die,
            modifiers,
            needed,
            spotted,
        },
        summary,
    )
}

/// The darkness modifier both spotting rolls share (R10.1, R11).
fn darkness_spec() -> ParamSpec {
    flag_spec(
        "darkness_unlit",
        "Darkness with no artificial illumination",
        false,
    )
}

/// The engineer or reconnaissance modifier both spotting rolls share (R10.1, R11).
fn engineer_spec() -> ParamSpec {
    flag_spec(
        "engineer_or_recon",
        "A designated engineer or reconnaissance unit",
        false,
    )
}

impl Procedure for MinefieldSpottingRoll {
    fn name(&self) -> &'static str {
        "minefield-spotting"
    }
    fn title(&self) -> &'static str {
        "Spotting an unmarked minefield"
    }
    fn rule(&self) -> &'static str {
        "WoNS R10.1"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("spotter", "Who is looking", SPOTTERS, "infantry"),
            flag_spec("tripwires", "The minefield has tripwires", false),
            darkness_spec(),
            engineer_spec(),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let spotter = match choice(params, "spotter", SPOTTERS)? {
            "tank_buttoned" => MineSpotter::TankButtoned,
            "tank_unbuttoned" => MineSpotter::TankUnbuttoned,
            _ => MineSpotter::Infantry,
        };
        let spotting = MinefieldSpotting {
            spotter,
            tripwires: flag(params, "tripwires")?,
            darkness_unlit: flag(params, "darkness_unlit")?,
            engineer_or_recon: flag(params, "engineer_or_recon")?,
        };
        let die = draw.d6();
        spotting_outcome(
            "R10.1 minefield spotting",
            die,
            minefield_spotting_modifiers(&spotting),
            minefield_spotting_need(spotter),
            minefield_spotted(die, &spotting),
        )
    }
}

impl Procedure for BoobyTrapSpottingRoll {
    fn name(&self) -> &'static str {
        "booby-trap-spotting"
    }
    fn title(&self) -> &'static str {
        "Spotting a booby trap"
    }
    fn rule(&self) -> &'static str {
        "WoNS R11"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            darkness_spec(),
            engineer_spec(),
            flag_spec(
                "ladder_trap_known",
                "A booby trap on this ladder has already been spotted or set off",
                false,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let spotting = BoobyTrapSpotting {
            darkness_unlit: flag(params, "darkness_unlit")?,
            engineer_or_recon: flag(params, "engineer_or_recon")?,
            ladder_trap_known: flag(params, "ladder_trap_known")?,
        };
        let die = draw.d6();
        spotting_outcome(
            "R11 booby-trap spotting",
            die,
            booby_trap_modifiers(&spotting),
            5,
            booby_trap_spotted(die, &spotting),
        )
    }
}

#[derive(Serialize)]
struct MineCrossingResult {
    dice_per_soldier: u32,
    soldiers: Vec<Vec<u32>>,
    /// Soldiers (counting from 1) who rolled a 6.
    candidates: Vec<usize>,
    distance_inches: Option<u32>,
    pick_die: Option<u32>,
    /// The soldier (counting from 1) who set off the mine.
    soldier: Option<usize>,
    effect_faces: Vec<u32>,
}

impl Procedure for SettingOffMinesRoll {
    fn name(&self) -> &'static str {
        "setting-off-mines"
    }
    fn title(&self) -> &'static str {
        "Crossing a minefield"
    }
    fn rule(&self) -> &'static str {
        "WoNS R10.2, R10.3"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec(
                "minefield",
                "Kind of minefield",
                MINEFIELDS,
                "pressure_anti_personnel",
            ),
            choice_spec(
                "speed",
                "Speed (Tactical counts as crawling)",
                SPEEDS,
                "advancing",
            ),
            whole_spec(
                "soldiers",
                "Soldiers of the team moving in the minefield",
                1,
                12,
                2,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let minefield = match choice(params, "minefield", MINEFIELDS)? {
            "tripwire_anti_personnel" => Minefield::TripwireAntiPersonnel,
            "anti_tank" => Minefield::AntiTank,
            _ => Minefield::PressureAntiPersonnel,
        };
        let speed = match choice(params, "speed", SPEEDS)? {
            "running" => MineCrossingSpeed::Running,
            "crawling" => MineCrossingSpeed::Crawling,
            _ => MineCrossingSpeed::Advancing,
        };
        let count = usize::try_from(whole(params, "soldiers", 1, 12)?).unwrap_or(1);
        let per = mine_dice_per_soldier(minefield, speed);
        let soldiers: Vec<Vec<u32>> = (0..count).map(|_| d6s(draw, per as usize)).collect();
        let candidates: Vec<usize> = soldiers
            .iter()
            .enumerate()
            .filter(|(_, faces)| faces.contains(&6))
            .map(|(i, _)| i + 1)
            .collect();
        let rule = if minefield == Minefield::AntiTank {
            "R10.3"
        } else {
            "R10.2"
        };
        let mut result = MineCrossingResult {
            dice_per_soldier: per,
            soldiers,
            candidates: candidates.clone(),
            distance_inches: None,
            pick_die: None,
            soldier: None,
            effect_faces: Vec::new(),
        };
        let rolled = result
            .soldiers
            .iter()
            .map(|f| format!("[{}]", faces_text(f)))
            .collect::<Vec<_>>()
            .join(" ");
        if per == 0 {
            let summary = format!(
                "{rule} crossing an anti-tank minefield: only running men can set off anti-tank mines, nothing happens"
            );
            return outcome("none", None, &result, summary);
        }
        if candidates.is_empty() {
            let summary = format!(
                "{rule} crossing a minefield: rolled {rolled}, needed a 6: no mine set off"
            );
            return outcome(format!("{count}x {per}d6"), None, &result, summary);
        }
        let distance = draw.d6();
        let pick_die = (candidates.len() > 1).then(|| draw.die(candidates.len() as u32));
        let soldier = pick_die
            .and_then(|d| d.checked_sub(1))
            .and_then(|i| candidates.get(i as usize).copied())
            .or_else(|| candidates.first().copied());
        let effect_faces = d6s(draw, 2);
        let reading = if minefield == Minefield::AntiTank {
            "both Kills: he is killed and his team takes a 6d6 attack (no cover reduction, double Shock); otherwise no effect"
        } else {
            "a Kill or two Shocks: killed or maimed; two Misses: he saw it in time; otherwise prone, Shock doubled"
        };
        let summary = format!(
            "{rule} crossing a minefield: rolled {rolled}: soldier {} may have set off a mine {distance}\" in; effect dice {} (read in Open cover: {reading})",
            soldier.unwrap_or(1),
            faces_text(&effect_faces)
        );
        result.distance_inches = Some(distance);
        result.pick_die = pick_die;
        result.soldier = soldier;
        result.effect_faces = effect_faces;
        outcome(format!("{count}x {per}d6"), None, &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn minefield_spotting_summary_shows_numbers() {
        let out = run_scripted(&MINEFIELD_SPOTTING, json!({"tripwires": true}), &[4]);
        assert_eq!(out.result["spotted"], true);
        assert_eq!(
            out.summary,
            "R10.1 minefield spotting: rolled 4 +1 (tripwires) = 5, needed 5+: spotted"
        );
        let out = run_scripted(
            &MINEFIELD_SPOTTING,
            json!({"spotter": "tank_buttoned"}),
            &[5],
        );
        assert_eq!(out.result["spotted"], false);
    }

    #[test]
    fn booby_trap_procedure() {
        let out = run_scripted(&BOOBY_TRAP_SPOTTING, json!({"darkness_unlit": true}), &[5]);
        assert_eq!(out.result["spotted"], false);
        let out = run_scripted(&BOOBY_TRAP_SPOTTING, json!({}), &[5]);
        assert_eq!(out.result["spotted"], true);
    }

    #[test]
    fn no_six_no_mine() {
        let out = run_scripted(&SETTING_OFF_MINES, json!({"soldiers": 2}), &[1, 5, 2, 3]);
        assert_eq!(out.result["candidates"], json!([]));
        assert_eq!(out.result["soldier"], Value::Null);
    }

    #[test]
    fn one_candidate_needs_no_pick_die() {
        // soldier 1: [2, 6], soldier 2: [3, 3]; distance 4; effect dice 5, 1
        let out = run_scripted(
            &SETTING_OFF_MINES,
            json!({"soldiers": 2}),
            &[2, 6, 3, 3, 4, 5, 1],
        );
        assert_eq!(out.result["soldier"], 1);
        assert_eq!(out.result["distance_inches"], 4);
        assert_eq!(out.result["effect_faces"], json!([5, 1]));
    }

    #[test]
    fn several_candidates_are_picked_among() {
        // tripwires running: 4 dice each; three soldiers, 1 and 3 rolled a 6
        let faces = [6, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 6, 3, 2, 4, 4];
        let out = run_scripted(
            &SETTING_OFF_MINES,
            json!({"minefield": "tripwire_anti_personnel", "speed": "running", "soldiers": 3}),
            &faces,
        );
        assert_eq!(out.result["candidates"], json!([1, 3]));
        assert_eq!(out.result["pick_die"], 2);
        assert_eq!(out.result["soldier"], 3);
    }

    #[test]
    fn anti_tank_mines_ignore_walking_men() {
        let out = run_scripted(&SETTING_OFF_MINES, json!({"minefield": "anti_tank"}), &[]);
        assert_eq!(out.result["dice_per_soldier"], 0);
    }
}
