//! Air attacks (R24.1): bombing and rocket runs, and anti-aircraft fire from the ground.

use super::Modifier;
use super::tray::{d6s, faces_text, flag, flag_spec, outcome, roll_text, sum, whole, whole_spec};
use super::weapons::{HitNeed, roll_to_hit};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where a bombing or rocket run lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrikeLanding {
    /// Rockets fly off at random and hit nothing.
    WildMiss,
    /// Short by 6d6", then deviating; one bomb or rocket attacks any target within 4".
    Short,
    /// Long by 6d6", then deviating; one bomb or rocket attacks any target within 4".
    Long,
    /// Some bombs or rockets hit the target; the rest are ignored.
    OnTarget,
}

/// The result of one bombing or rocket run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AirStrike {
    /// Where it lands.
    pub landing: StrikeLanding,
    /// How many d6 of inches it deviates after falling short or long.
    pub deviation_dice: u32,
    /// Bombs or rockets hitting the target itself.
    pub hits_on_target: u32,
}

fn missed(landing: StrikeLanding, deviation_dice: u32) -> AirStrike {
    AirStrike {
        landing,
        deviation_dice,
        hits_on_target: 0,
    }
}

fn on_target(hits: u32) -> AirStrike {
    AirStrike {
        landing: StrikeLanding::OnTarget,
        deviation_dice: 0,
        hits_on_target: hits,
    }
}

/// The bombing table (R24.1.2) on the modified 2d6, `bombs` released (at least two): 2–4 short,
/// 5–8 long (both 6d6" then 2d6" deviation), 9 one bomb hits, 10–11 half, 12 all.
///
/// **interpretation**: "half" of an odd number rounds up (R100.1, maximum gore); modified totals
/// below 2 read as the first row.
pub fn bombing_table(total: i32, bombs: u32) -> AirStrike {
    match total {
        i32::MIN..=4 => missed(StrikeLanding::Short, 2),
        5..=8 => missed(StrikeLanding::Long, 2),
        9 => on_target(1),
        10 | 11 => on_target(bombs.div_ceil(2)),
        _ => on_target(bombs),
    }
}

/// The rocket attack table (R24.1.3) on the modified 2d6, `rockets` fired (at least two): 2–3
/// miss wildly, 4–5 short, 6–8 long (both 6d6" then 1d6" deviation), 9–11 one rocket hits, 12
/// half. Shock from rockets is doubled.
pub fn rocket_table(total: i32, rockets: u32) -> AirStrike {
    match total {
        i32::MIN..=3 => missed(StrikeLanding::WildMiss, 0),
        4 | 5 => missed(StrikeLanding::Short, 1),
        6..=8 => missed(StrikeLanding::Long, 1),
        9..=11 => on_target(1),
        _ => on_target(rockets.div_ceil(2)),
    }
}

/// Anti-aircraft dice from the weapons firing (R24.1.5): a Maxim m/33-32 on its tripod extension
/// 5, a Maxim on a tipped cart 3, a light machine gun 1, every ten rifles 1.
pub fn anti_aircraft_dice(
    m33_on_extension: u32,
    maxims_on_carts: u32,
    lmgs: u32,
    rifles: u32,
) -> u32 {
    m33_on_extension
        .saturating_mul(5)
        .saturating_add(maxims_on_carts.saturating_mul(3))
        .saturating_add(lmgs)
        .saturating_add(rifles / 10)
}

/// What one anti-aircraft hit does to a plane (R24.1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AntiAircraftEffect {
    /// 1–3: no effect.
    None,
    /// 4–5: Shock; the plane is at −1 on its own attack.
    Shocked,
    /// 6: serious damage; the plane aborts its mission at once.
    Aborts,
}

/// The effect die of one anti-aircraft hit.
pub fn anti_aircraft_effect(die: u32) -> AntiAircraftEffect {
    match die {
        0..=3 => AntiAircraftEffect::None,
        4 | 5 => AntiAircraftEffect::Shocked,
        _ => AntiAircraftEffect::Aborts,
    }
}

/// A fighter-bomber's bombing run (R24.1.2).
#[derive(Clone, Copy, Debug)]
pub struct BombingRunRoll;
/// The bombing run roll.
pub static BOMBING_RUN: BombingRunRoll = BombingRunRoll;

/// A fighter-bomber's rocket run (R24.1.3).
#[derive(Clone, Copy, Debug)]
pub struct RocketRunRoll;
/// The rocket run roll.
pub static ROCKET_RUN: RocketRunRoll = RocketRunRoll;

/// Ground fire at a plane on the table (R24.1.5).
#[derive(Clone, Copy, Debug)]
pub struct AntiAircraftFireRoll;
/// The anti-aircraft fire roll.
pub static ANTI_AIRCRAFT_FIRE: AntiAircraftFireRoll = AntiAircraftFireRoll;

#[derive(Serialize)]
struct StrikeResult {
    faces: Vec<u32>,
    modifiers: Vec<Modifier>,
    total: i64,
    strike: AirStrike,
    overshoot_faces: Vec<u32>,
    overshoot_inches: u32,
    deviation_faces: Vec<u32>,
    deviation_inches: u32,
}

fn strike_params(what: &'static str) -> Vec<ParamSpec> {
    vec![
        whole_spec("count", what, 2, 8, 2),
        flag_spec("point_target", "Point target (vehicle or bunker)", false),
        flag_spec(
            "plane_shocked",
            "The plane has taken Shock from ground fire",
            false,
        ),
    ]
}

fn strike(
    params: &Map<String, Value>,
    draw: &mut dyn Draw,
    rule: &str,
    point_penalty: i32,
    table: fn(i32, u32) -> AirStrike,
) -> Result<Outcome, ParamError> {
    let count = u32::try_from(whole(params, "count", 2, 8)?).unwrap_or(2);
    let mut modifiers = Vec::new();
    if flag(params, "point_target")? {
        modifiers.push(Modifier::new("point target", point_penalty));
    }
    if flag(params, "plane_shocked")? {
        modifiers.push(Modifier::new("plane shocked", -1));
    }
    let faces = d6s(draw, 2);
    let total = i64::from(sum(&faces)) + i64::from(super::modifier_sum(&modifiers));
    let result = table(i32::try_from(total).unwrap_or(0), count);
    let overshoot_faces = match result.landing {
        StrikeLanding::Short | StrikeLanding::Long => d6s(draw, 6),
        _ => Vec::new(),
    };
    let deviation_faces = d6s(draw, result.deviation_dice as usize);
    let (over, dev) = (sum(&overshoot_faces), sum(&deviation_faces));
    let verdict = match result.landing {
        StrikeLanding::WildMiss => "flies off at random, hitting nothing".to_string(),
        StrikeLanding::Short | StrikeLanding::Long => format!(
            "{} by {over}\" ({}), then deviates {dev}\" ({}); one attack on any target within 4\"",
            if result.landing == StrikeLanding::Short {
                "short"
            } else {
                "long"
            },
            faces_text(&overshoot_faces),
            faces_text(&deviation_faces)
        ),
        StrikeLanding::OnTarget => format!("{} of {count} hit the target", result.hits_on_target),
    };
    let summary = format!("{rule}: {}: {verdict}", roll_text(sum(&faces), &modifiers));
    let record = StrikeResult {
        faces,
        modifiers,
        total,
        strike: result,
        overshoot_faces,
        overshoot_inches: over,
        deviation_faces,
        deviation_inches: dev,
    };
    outcome("2d6", Some(total), &record, summary)
}

impl Procedure for BombingRunRoll {
    fn name(&self) -> &'static str {
        "bombing-run"
    }
    fn title(&self) -> &'static str {
        "Bombing run"
    }
    fn rule(&self) -> &'static str {
        "WoNS R24.1.2"
    }
    fn params(&self) -> Vec<ParamSpec> {
        strike_params("Bombs released (at least two)")
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        strike(params, draw, "R24.1.2 bombing run", -2, bombing_table)
    }
}

impl Procedure for RocketRunRoll {
    fn name(&self) -> &'static str {
        "rocket-run"
    }
    fn title(&self) -> &'static str {
        "Rocket run"
    }
    fn rule(&self) -> &'static str {
        "WoNS R24.1.3"
    }
    fn params(&self) -> Vec<ParamSpec> {
        strike_params("Rockets fired (at least two)")
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        strike(params, draw, "R24.1.3 rocket run", -3, rocket_table)
    }
}

#[derive(Serialize)]
struct AntiAircraftResult {
    dice: Vec<Vec<u32>>,
    hits: usize,
    effect_faces: Vec<u32>,
    shocks: usize,
    aborted: bool,
}

impl Procedure for AntiAircraftFireRoll {
    fn name(&self) -> &'static str {
        "anti-aircraft-fire"
    }
    fn title(&self) -> &'static str {
        "Anti-aircraft fire"
    }
    fn rule(&self) -> &'static str {
        "WoNS R24.1.5"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![whole_spec(
            "dice",
            "Attack dice (m/33-32 on extension 5, Maxim on a cart 3, LMG 1, ten rifles 1)",
            1,
            40,
            1,
        )]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let count = usize::try_from(whole(params, "dice", 1, 40)?).unwrap_or(1);
        let (dice, hits) = roll_to_hit(draw, count, HitNeed::RerollSixes(4));
        let effect_faces = d6s(draw, hits);
        let effects: Vec<AntiAircraftEffect> = effect_faces
            .iter()
            .map(|&f| anti_aircraft_effect(f))
            .collect();
        let shocks = effects
            .iter()
            .filter(|e| **e == AntiAircraftEffect::Shocked)
            .count();
        let aborted = effects.contains(&AntiAircraftEffect::Aborts);
        let verdict = if aborted {
            "the plane is badly damaged and aborts its mission".to_string()
        } else if shocks > 0 {
            format!("the plane takes {shocks} Shock and is at -1 on its attack")
        } else {
            "no effect on the plane".to_string()
        };
        let shown = dice
            .iter()
            .map(|d| faces_text(d).replace(", ", "→"))
            .collect::<Vec<_>>()
            .join(", ");
        let summary = format!(
            "R24.1.5 anti-aircraft fire: rolled {shown}, needed 6 then 4+: {hits} hit(s){}; {verdict}",
            if hits > 0 {
                format!(", effect dice {}", faces_text(&effect_faces))
            } else {
                String::new()
            }
        );
        let result = AntiAircraftResult {
            dice,
            hits,
            effect_faces,
            shocks,
            aborted,
        };
        outcome(
            format!("{count}d6 (re-roll sixes)"),
            Some(i64::try_from(hits).unwrap_or(0)),
            &result,
            summary,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn bombing_table_edges() {
        let landing = |t| bombing_table(t, 4).landing;
        assert_eq!(landing(0), StrikeLanding::Short);
        assert_eq!(landing(4), StrikeLanding::Short);
        assert_eq!(landing(5), StrikeLanding::Long);
        assert_eq!(landing(8), StrikeLanding::Long);
        assert_eq!(bombing_table(8, 4).deviation_dice, 2);
        assert_eq!(bombing_table(9, 4).hits_on_target, 1);
        assert_eq!(bombing_table(10, 4).hits_on_target, 2);
        assert_eq!(bombing_table(11, 3).hits_on_target, 2);
        assert_eq!(bombing_table(12, 3).hits_on_target, 3);
    }

    #[test]
    fn rocket_table_edges() {
        assert_eq!(rocket_table(3, 4).landing, StrikeLanding::WildMiss);
        assert_eq!(rocket_table(4, 4).landing, StrikeLanding::Short);
        assert_eq!(rocket_table(5, 4).deviation_dice, 1);
        assert_eq!(rocket_table(6, 4).landing, StrikeLanding::Long);
        assert_eq!(rocket_table(8, 4).landing, StrikeLanding::Long);
        assert_eq!(rocket_table(9, 4).hits_on_target, 1);
        assert_eq!(rocket_table(11, 8).hits_on_target, 1);
        assert_eq!(rocket_table(12, 8).hits_on_target, 4);
        assert_eq!(rocket_table(12, 3).hits_on_target, 2);
    }

    #[test]
    fn anti_aircraft_tables() {
        assert_eq!(anti_aircraft_dice(1, 1, 2, 25), 5 + 3 + 2 + 2);
        assert_eq!(anti_aircraft_dice(0, 0, 0, 9), 0);
        assert_eq!(anti_aircraft_effect(3), AntiAircraftEffect::None);
        assert_eq!(anti_aircraft_effect(4), AntiAircraftEffect::Shocked);
        assert_eq!(anti_aircraft_effect(5), AntiAircraftEffect::Shocked);
        assert_eq!(anti_aircraft_effect(6), AntiAircraftEffect::Aborts);
    }

    #[test]
    fn bombing_run_on_point_target_rolls_overshoot_and_deviation() {
        let faces = [5, 5, 1, 1, 1, 1, 1, 1, 2, 3];
        let out = run_scripted(&BOMBING_RUN, json!({"point_target": true}), &faces);
        assert_eq!(out.total, Some(8));
        assert_eq!(out.result["strike"]["landing"], "long");
        assert_eq!(out.result["overshoot_inches"], 6);
        assert_eq!(out.result["deviation_inches"], 5);
        let out = run_scripted(&BOMBING_RUN, json!({"count": 4}), &[5, 5]);
        assert_eq!(out.result["strike"]["hits_on_target"], 2);
    }

    #[test]
    fn rocket_run_wild_miss_and_hit() {
        let out = run_scripted(
            &ROCKET_RUN,
            json!({"point_target": true, "plane_shocked": true}),
            &[3, 3],
        );
        assert_eq!(out.total, Some(2));
        assert_eq!(out.result["strike"]["landing"], "wild_miss");
        let out = run_scripted(&ROCKET_RUN, json!({"count": 6}), &[6, 6]);
        assert_eq!(out.result["strike"]["hits_on_target"], 3);
    }

    #[test]
    fn anti_aircraft_procedure() {
        // die 1: 6 then 5 (hit); die 2: 6 then 2; die 3: 4; effect of the hit: 6
        let out = run_scripted(&ANTI_AIRCRAFT_FIRE, json!({"dice": 3}), &[6, 5, 6, 2, 4, 6]);
        assert_eq!(out.result["hits"], 1);
        assert_eq!(out.result["aborted"], true);
        let out = run_scripted(&ANTI_AIRCRAFT_FIRE, json!({}), &[5]);
        assert_eq!(out.result["hits"], 0);
    }
}
