//! Red Winter's dice procedures (II.3) by name: each rolls through the server's dice, reads the
//! entered charts where the rules say, and names the chart versions it read.

use crate::core::domain::Role;
use crate::dice::source::Dice;
use crate::games::assisted::calc::Odds;
use crate::games::assisted::catalogue::DiceProcedure;
use crate::games::assisted::sequence::Activity;
use crate::games::red_winter::rules::error::RulesError;
use crate::games::red_winter::rules::procedures::{
    AtFire, RangedAttack, artillery_delay, at_fire, combat_roll, pajari_loss, ranged_attack,
};
use crate::games::red_winter::rules::procedures_charts::{Recovery, SubZero, recovery, sub_zero};
use schemars::JsonSchema;
use serde::Deserialize;

/// A CRT roll on a column.
#[derive(Deserialize, JsonSchema)]
pub struct CrtRollIn {
    /// The attacking side.
    pub attacker: crate::core::domain::Side,
    /// The defending hex.
    pub hex: String,
    /// The column, as odds ("2:1").
    pub column: String,
}

/// The 354th fired.
#[derive(Deserialize, JsonSchema)]
pub struct DelayIn {
    /// The unit.
    pub unit: String,
    /// The turn it fired.
    pub turn: u32,
    /// The scenario's last turn, if any.
    #[serde(default)]
    pub last_turn: Option<u32>,
}

/// Nothing to declare.
#[derive(Deserialize, JsonSchema)]
pub struct NoParams {}

fn only(by: Role, side: crate::core::domain::Side, what: &str) -> Result<(), RulesError> {
    if by == Role::Umpire || by.side() == Some(side) {
        Ok(())
    } else {
        Err(RulesError::NotAllowed {
            unit: what.into(),
            why: "belongs to the other side; its owner or the umpire rolls for it",
            rule: "1.0",
        })
    }
}

/// Every dice procedure of Red Winter.
pub fn procedures() -> Vec<DiceProcedure> {
    vec![
        DiceProcedure::new(
            "ranged-attack",
            "Ranged Attack",
            "10.4",
            |p: RangedAttack, charts, dice: &mut dyn Dice, by| {
                only(by, p.side, &p.firer)?;
                ranged_attack(charts, dice, &p)
            },
        )
        .given(false, &[Activity::Combat]),
        DiceProcedure::new(
            "at-fire",
            "Anti-Tank Fire",
            "11.1–11.3",
            |p: AtFire, charts, dice: &mut dyn Dice, by| {
                only(by, p.side, &p.gun)?;
                at_fire(charts, dice, &p)
            },
        )
        .given(false, &[Activity::Movement, Activity::Combat]),
        DiceProcedure::new(
            "crt-roll",
            "Combat Results Table roll",
            "8.4",
            |p: CrtRollIn, charts, dice: &mut dyn Dice, by| {
                only(by, p.attacker, &p.hex)?;
                let column = Odds::parse(&p.column).ok_or(RulesError::CrtColumns {
                    found: p.column.clone(),
                })?;
                combat_roll(charts, dice, p.attacker, &p.hex, column)
            },
        )
        .given(false, &[Activity::Movement, Activity::Combat]),
        DiceProcedure::new(
            "recovery",
            "Recovery",
            "13.3",
            |p: Recovery, charts, dice: &mut dyn Dice, by| {
                only(by, p.side, &p.unit)?;
                recovery(charts, dice, &p)
            },
        )
        .given(true, &[Activity::Movement]),
        DiceProcedure::new(
            "sub-zero-loss",
            "Sub-Zero Loss",
            "16.3",
            |p: SubZero, charts, dice: &mut dyn Dice, by| {
                only(by, p.side, &p.who)?;
                sub_zero(charts, dice, &p)
            },
        )
        .given(true, &[Activity::Attrition]),
        DiceProcedure::new(
            "artillery-delay",
            "The 354th's return",
            "12.4.2",
            |p: DelayIn, _charts, dice: &mut dyn Dice, by| {
                only(by, crate::core::domain::Side::Soviet, &p.unit)?;
                Ok::<_, RulesError>(artillery_delay(dice, &p.unit, p.turn, p.last_turn))
            },
        )
        .given(false, &[Activity::Combat]),
        DiceProcedure::new(
            "pajari-fate",
            "Pajari's fate",
            "12.3.1",
            |_p: NoParams, _charts, dice: &mut dyn Dice, by| {
                only(by, crate::core::domain::Side::Finnish, "Pajari")?;
                Ok::<_, RulesError>(pajari_loss(dice))
            },
        )
        .given(false, &[Activity::Movement, Activity::Combat]),
    ]
}
