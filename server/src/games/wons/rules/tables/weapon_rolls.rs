//! The dice-tray rolls for weapons: longer-range to-hit (R6), thrown charge bounce (R12, R13) and
//! gun setting up (R20.5, R20.10).

use super::Modifier;
use super::tray::{choice, choice_spec, flag, flag_spec, outcome, roll_text, whole, whole_spec};
use super::weapons::{
    ChargeThrow, HitNeed, RangeBracket, ThrownCharge, TowedGun, TroopQuality, bounce_modifiers,
    bounce_need, bounce_roll_needed, charge_stays_on, gun_set_up, roll_to_hit, to_hit_need,
};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::Serialize;
use serde_json::{Map, Value};

/// To-hit dice on Table Five, re-rolling sixes where a 7 or more is needed (R6).
#[derive(Clone, Copy, Debug)]
pub struct LongRangeToHitRoll;

/// The longer-range to-hit roll.
pub static LONG_RANGE_TO_HIT: LongRangeToHitRoll = LongRangeToHitRoll;

/// Whether a thrown stick grenade or satchel charge bounces off a vehicle it hit (R12, R13).
#[derive(Clone, Copy, Debug)]
pub struct ThrownChargeBounceRoll;

/// The thrown charge bounce roll.
pub static THROWN_CHARGE_BOUNCE: ThrownChargeBounceRoll = ThrownChargeBounceRoll;

/// One phase of setting up a towed gun (R20.5, R20.10).
#[derive(Clone, Copy, Debug)]
pub struct GunSetupRoll;

/// The gun setting-up roll.
pub static GUN_SETUP: GunSetupRoll = GunSetupRoll;

const RANGES: &[&str] = &["close", "effective", "long", "extreme", "ridiculous"];
const QUALITIES: &[&str] = &["green", "regular", "elite"];
const CHARGES: &[&str] = &["satchel_charge", "stick_grenade"];
const GUNS: &[&str] = &["infantry_or_anti_tank", "anti_aircraft"];

fn range_of(code: &str) -> Option<RangeBracket> {
    Some(match code {
        "close" => RangeBracket::Close,
        "effective" => RangeBracket::Effective,
        "long" => RangeBracket::Long,
        "extreme" => RangeBracket::Extreme,
        "ridiculous" => RangeBracket::Ridiculous,
        _ => return None,
    })
}

fn quality_of(code: &str) -> Option<TroopQuality> {
    Some(match code {
        "green" => TroopQuality::Green,
        "regular" => TroopQuality::Regular,
        "elite" => TroopQuality::Elite,
        _ => return None,
    })
}

#[derive(Serialize)]
struct ToHitResult {
    need: HitNeed,
    dice: Vec<Vec<u32>>,
    hits: usize,
}

impl Procedure for LongRangeToHitRoll {
    fn name(&self) -> &'static str {
        "long-range-to-hit"
    }
    fn title(&self) -> &'static str {
        "To hit at longer ranges"
    }
    fn rule(&self) -> &'static str {
        "WoNS R6 Table Five"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("range", "Range bracket", RANGES, "long"),
            choice_spec(
                "quality",
                "Quality of the target troops",
                QUALITIES,
                "regular",
            ),
            whole_spec("dice", "Firepower dice", 1, 40, 1),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let range_code = choice(params, "range", RANGES)?;
        let quality_code = choice(params, "quality", QUALITIES)?;
        let (Some(range), Some(quality)) = (range_of(range_code), quality_of(quality_code)) else {
            return Err(ParamError("R6: unknown range or troop quality".to_string()));
        };
        let dice = usize::try_from(whole(params, "dice", 1, 40)?).unwrap_or(1);
        let need = to_hit_need(range, quality);
        if need == HitNeed::Impossible {
            return Err(ParamError(format!(
                "R6 Table Five: {quality_code} troops cannot be hit at {range_code} range, so there is nothing to roll"
            )));
        }
        let (rolled, hits) = roll_to_hit(draw, dice, need);
        let needed = match need {
            HitNeed::Face(6) => "6".to_string(),
            HitNeed::Face(n) => format!("{n}+"),
            HitNeed::RerollSixes(n) => format!("6 then {n}+ on the re-roll"),
            HitNeed::Impossible => "impossible".to_string(),
        };
        let shown = rolled
            .iter()
            .map(|d| match d.as_slice() {
                [f, r] => format!("{f}→{r}"),
                other => other.iter().map(u32::to_string).collect::<String>(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let summary = format!(
            "R6 to hit at {range_code} range against {quality_code} troops: rolled {shown}, needed {needed}: {hits} hit(s)"
        );
        let expression = if matches!(need, HitNeed::RerollSixes(_)) {
            format!("{dice}d6 (re-roll sixes)")
        } else {
            format!("{dice}d6")
        };
        let result = ToHitResult {
            need,
            dice: rolled,
            hits,
        };
        outcome(
            expression,
            Some(i64::try_from(hits).unwrap_or(0)),
            &result,
            summary,
        )
    }
}

#[derive(Serialize)]
struct BounceResult {
    rolled: bool,
    die: Option<u32>,
    modifiers: Vec<Modifier>,
    needed: u32,
    stays_on: bool,
}

impl Procedure for ThrownChargeBounceRoll {
    fn name(&self) -> &'static str {
        "thrown-charge-bounce"
    }
    fn title(&self) -> &'static str {
        "Grenade or satchel charge bouncing off a vehicle"
    }
    fn rule(&self) -> &'static str {
        "WoNS R12, R13"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("charge", "What was thrown", CHARGES, "satchel_charge"),
            whole_spec("distance", "Distance thrown in inches", 0, 12, 1),
            flag_spec(
                "hooks_or_glue",
                "Satchel charge with hooks, or glue at -15°C or warmer",
                false,
            ),
            whole_spec(
                "target_moved",
                "Dice the vehicle moved in the previous enemy phase (0-3)",
                0,
                3,
                0,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let charge = match choice(params, "charge", CHARGES)? {
            "stick_grenade" => ThrownCharge::StickGrenade,
            _ => ThrownCharge::SatchelCharge,
        };
        let throw = ChargeThrow {
            charge,
            distance_inches: u32::try_from(whole(params, "distance", 0, 12)?).unwrap_or(0),
            hooks_or_glue: flag(params, "hooks_or_glue")?,
            target_moved_dice: u32::try_from(whole(params, "target_moved", 0, 3)?).unwrap_or(0),
        };
        if throw.hooks_or_glue && charge == ThrownCharge::StickGrenade {
            return Err(ParamError(
                "R13: hooks or glue are fitted to satchel charges, not stick grenades".to_string(),
            ));
        }
        let needed = bounce_need(charge);
        if !bounce_roll_needed(&throw) {
            let result = BounceResult {
                rolled: false,
                die: None,
                modifiers: Vec::new(),
                needed,
                stays_on: true,
            };
            let summary =
                "R12 stick grenade thrown 3\" or less: no bounce roll, make the AP attack"
                    .to_string();
            return outcome("none", None, &result, summary);
        }
        let die = draw.d6();
        let modifiers = bounce_modifiers(&throw);
        let stays_on = charge_stays_on(die, &throw);
        let verdict = if stays_on {
            "stays on, make the AP attack on the top armour"
        } else {
            "bounces off harmlessly"
        };
        let summary = format!(
            "R13 thrown charge: {}, needed {needed}+: {verdict}",
            roll_text(die, &modifiers)
        );
        let total = i64::from(die) + i64::from(super::modifier_sum(&modifiers));
        let result = BounceResult {
            rolled: true,
            die: Some(die),
            modifiers,
            needed,
            stays_on,
        };
        outcome("1d6", Some(total), &result, summary)
    }
}

#[derive(Serialize)]
struct SetupResult {
    die: u32,
    modifiers: Vec<Modifier>,
    set_up: bool,
}

impl Procedure for GunSetupRoll {
    fn name(&self) -> &'static str {
        "gun-setup"
    }
    fn title(&self) -> &'static str {
        "Setting up a towed gun"
    }
    fn rule(&self) -> &'static str {
        "WoNS R20.5, R20.10"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec("gun", "The gun", GUNS, "infantry_or_anti_tank"),
            whole_spec(
                "earlier_attempts",
                "Phases already spent setting it up",
                0,
                20,
                0,
            ),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let (gun, needed, rule) = match choice(params, "gun", GUNS)? {
            "anti_aircraft" => (TowedGun::AntiAircraft, 6, "R20.10"),
            _ => (TowedGun::InfantryOrAntiTank, 3, "R20.5"),
        };
        let earlier = u32::try_from(whole(params, "earlier_attempts", 0, 20)?).unwrap_or(0);
        let modifiers = if earlier > 0 {
            vec![Modifier::new(
                "earlier phases setting up",
                i32::try_from(earlier).unwrap_or(20),
            )]
        } else {
            Vec::new()
        };
        let die = draw.d6();
        let set_up = gun_set_up(die, gun, earlier);
        let verdict = if set_up {
            "set up, it may fire or be manhandled next phase"
        } else {
            "not yet set up"
        };
        let summary = format!(
            "{rule} gun setting up: {}, needed {needed}+: {verdict}",
            roll_text(die, &modifiers)
        );
        let total = i64::from(super::tray::apply(die, &modifiers));
        let result = SetupResult {
            die,
            modifiers,
            set_up,
        };
        outcome("1d6", Some(total), &result, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;
    use crate::games::wons::rules::tables::tray::{filled, run_scripted};
    use serde_json::json;

    #[test]
    fn long_range_rerolls_sixes() {
        let out = run_scripted(
            &LONG_RANGE_TO_HIT,
            json!({"range": "extreme", "quality": "green", "dice": 3}),
            &[6, 4, 6, 3, 5],
        );
        assert_eq!(out.result["hits"], 1);
        assert_eq!(out.expression, "3d6 (re-roll sixes)");
        let out = run_scripted(
            &LONG_RANGE_TO_HIT,
            json!({"range": "close", "dice": 2}),
            &[4, 6],
        );
        assert_eq!(out.result["hits"], 2);
        assert!(out.summary.contains("needed 4+"), "{}", out.summary);
    }

    #[test]
    fn elite_at_ridiculous_range_is_refused_without_drawing() {
        let mut dice = ScriptedDice::new([]);
        let params = filled(
            &LONG_RANGE_TO_HIT,
            json!({"range": "ridiculous", "quality": "elite"}),
        );
        assert!(LONG_RANGE_TO_HIT.run(&params, &mut dice).is_err());
    }

    #[test]
    fn bounce_procedure() {
        let out = run_scripted(
            &THROWN_CHARGE_BOUNCE,
            json!({"distance": 5, "target_moved": 1}),
            &[4],
        );
        assert_eq!(out.result["stays_on"], false);
        assert!(
            out.summary
                .contains("rolled 4 -1 (thrown more than 4\") -1 (target moved 1d6) = 2"),
            "{}",
            out.summary
        );
        let out = run_scripted(
            &THROWN_CHARGE_BOUNCE,
            json!({"charge": "stick_grenade", "distance": 2}),
            &[],
        );
        assert_eq!(out.result["rolled"], false);
        assert_eq!(out.result["stays_on"], true);
        let mut dice = ScriptedDice::new([]);
        let params = filled(
            &THROWN_CHARGE_BOUNCE,
            json!({"charge": "stick_grenade", "hooks_or_glue": true}),
        );
        assert!(THROWN_CHARGE_BOUNCE.run(&params, &mut dice).is_err());
    }

    #[test]
    fn gun_setup_procedure() {
        let out = run_scripted(&GUN_SETUP, json!({"earlier_attempts": 1}), &[2]);
        assert_eq!(out.result["set_up"], true);
        let out = run_scripted(&GUN_SETUP, json!({"gun": "anti_aircraft"}), &[5]);
        assert_eq!(out.result["set_up"], false);
        assert!(out.summary.starts_with("R20.10"), "{}", out.summary);
    }
}
