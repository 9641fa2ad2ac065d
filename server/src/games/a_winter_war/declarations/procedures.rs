//! A Winter War's dice procedures whose values the text gives (I.3) or that read its entered
//! charts, by name.

use crate::core::domain::Role;
use crate::dice::source::Dice;
use crate::games::a_winter_war::rules::error::AwwError;
use crate::games::a_winter_war::rules::procedures::{
    Drop, roll_combat, roll_disruption, roll_isolation_check, roll_norway, roll_supply_drop,
    roll_sweden,
};
use crate::games::assisted::catalogue::DiceProcedure;
use crate::games::assisted::sequence::Activity;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize, JsonSchema)]
struct IsolationIn {
    /// The unit.
    unit: String,
    /// The Success Table column to read.
    column: String,
    /// Modifiers that apply, by reason.
    #[serde(default)]
    modifiers: BTreeMap<String, i64>,
}

#[derive(Deserialize, JsonSchema)]
struct CombatIn {
    /// The attacker.
    attacker: Role,
    /// The CRT column, as entered.
    column: String,
    /// Die-roll modifiers (the armor modifier among them), by reason.
    #[serde(default)]
    modifiers: BTreeMap<String, i64>,
    /// Parachute units attack the enemy-occupied hex they dropped into (Opt D.2).
    #[serde(default)]
    paratroops_in_enemy_hex: bool,
}

#[derive(Deserialize, JsonSchema)]
struct SwedenIn {
    /// Norway resists.
    norway_resists: bool,
}

#[derive(Deserialize, JsonSchema)]
struct NoParams {}

fn soviet(by: Role) -> Result<(), AwwError> {
    if by == Role::Finnish {
        Err(AwwError::SovietRoll)
    } else {
        Ok(())
    }
}

/// Every dice procedure of A Winter War.
pub fn procedures() -> Vec<DiceProcedure> {
    vec![
        DiceProcedure::new(
            "combat-roll",
            "Combat roll with its modifiers",
            "CRT, Opt B, Opt D.2",
            |p: CombatIn, charts, dice: &mut dyn Dice, _by| {
                let mods: Vec<(String, i64)> = p.modifiers.into_iter().collect();
                roll_combat(
                    dice,
                    charts,
                    p.attacker,
                    &p.column,
                    &mods,
                    p.paratroops_in_enemy_hex,
                )
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "isolation-check",
            "Isolation check on the Success Table",
            "Opt A.1",
            |p: IsolationIn, charts, dice: &mut dyn Dice, _by| {
                let mods: Vec<(String, i64)> = p.modifiers.into_iter().collect();
                roll_isolation_check(dice, charts, &p.unit, &p.column, &mods)
            },
        )
        .given(true, &[Activity::Supply]),
        DiceProcedure::new(
            "drop-disruption",
            "Disruption of a parachute drop",
            "Opt D.1",
            |p: Drop, _charts, dice: &mut dyn Dice, by| {
                soviet(by)?;
                Ok::<_, AwwError>(roll_disruption(dice, &p))
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "supply-drop",
            "Air-dropped supply point",
            "Opt D.1",
            |p: Drop, _charts, dice: &mut dyn Dice, by| {
                soviet(by)?;
                Ok::<_, AwwError>(roll_supply_drop(dice, &p))
            },
        )
        .given(true, &[Activity::Combat]),
        DiceProcedure::new(
            "norway",
            "Norway's answer to intervention",
            "DC C",
            |_p: NoParams, _charts, dice: &mut dyn Dice, _by| roll_norway(dice),
        ),
        DiceProcedure::new(
            "sweden",
            "Sweden's answer to intervention",
            "DC C",
            |p: SwedenIn, _charts, dice: &mut dyn Dice, _by| roll_sweden(dice, p.norway_resists),
        ),
    ]
}
