//! The night's cold against the roster (16.3): a stack's, or a lone raider's, roll on the Sub-Zero
//! Loss Table, whose steps its owner then owes and spreads within the stack (take-losses).

use super::Records;
use super::inputs::*;
use crate::core::domain::Side;
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{Unit, UnitId};
use crate::games::red_winter::rules::calc_shifts::Fight;
use crate::games::red_winter::rules::eligibility::{Freezing, cold_alone, cold_sharers};
use crate::games::red_winter::rules::procedures_charts::{SubZero, sub_zero};
use schemars::JsonSchema;
use serde::Deserialize;

/// The phase in which each side rolls for the cold (16.3: the Soviets first).
pub(super) const SOVIET_ROLLS: &str = "sub_zero_soviet";
/// The Finnish half of the Sub-Zero Loss Phase.
pub(super) const FINNISH_ROLLS: &str = "sub_zero_finnish";

/// One roll on the Sub-Zero Loss Table against the roster: a stack by its hex, or one unit
/// under a Night Raid marker, which rolls alone.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct ColdIn {
    /// The hex of the stack that rolls.
    #[serde(default)]
    pub hex: Option<String>,
    /// Instead of a hex: a unit under a Night Raid marker, by id (16.4 step 5).
    #[serde(default)]
    pub unit: Option<String>,
    /// The stack is on a frozen lake (−1).
    #[serde(default)]
    pub on_frozen_lake: bool,
}

/// A roster unit as the Sub-Zero Loss Phase sees it.
pub(super) fn freezing(unit: &Unit) -> Freezing {
    Freezing {
        name: unit.name.clone(),
        side: unit.side,
        hex: unit.location.clone(),
        under_bonfire: unit.markers.contains("bonfire"),
        skull: unit.markers.contains("skull"),
        night_raid: unit.markers.contains("night_raid"),
        // Off-map artillery never rolls; a leader only under an optional rule (16.3, 20.6).
        exempt: matches!(unit.unit_type.as_str(), "artillery" | "leader"),
    }
}

/// Who rolls and who shares the loss: its name in the log, the key kept for the night, the
/// units sharing it.
struct Afflicted {
    who: String,
    key: String,
    units: Vec<UnitId>,
}

fn afflicted(p: &ColdIn, table: &Table<'_, Records>, side: Side) -> Result<Afflicted, Refused> {
    let units: Vec<&Unit> = table.roster.own(side);
    let cold: Vec<Freezing> = units.iter().map(|u| freezing(u)).collect();
    match (&p.unit, &p.hex) {
        (Some(id), None) => {
            let at = units
                .iter()
                .position(|u| u.id.as_str() == id)
                .ok_or_else(|| no_unit(id))?;
            cold_alone(&cold[at]).map_err(|e| Refused::of(&e))?;
            Ok(Afflicted {
                who: units[at].name.clone(),
                key: units[at].id.as_str().to_string(),
                units: vec![units[at].id.clone()],
            })
        }
        (None, Some(hex)) => {
            let sharers = cold_sharers(&cold, side, hex).map_err(|e| Refused::of(&e))?;
            let hex = hex.trim().to_uppercase();
            Ok(Afflicted {
                who: format!("the {} stack in {hex}", side.adjective()),
                key: format!("{} {hex}", side.code()),
                units: sharers.iter().map(|&i| units[i].id.clone()).collect(),
            })
        }
        _ => Err(against(
            "Name either the hex of the stack that rolls or one unit under a Night Raid marker (16.3)."
                .into(),
        )),
    }
}

/// A roll on the SZLT (16.3) in the side's half of the Sub-Zero Loss Phase: once a night for
/// each stack, or for each unit under a Night Raid marker; the steps it costs are owed by the
/// units that had to roll, and their owner takes them (take-losses).
pub(super) fn cold(
    p: ColdIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    let side = match table.phase {
        SOVIET_ROLLS => Side::Soviet,
        FINNISH_ROLLS => Side::Finnish,
        _ => {
            return Err(Refused {
                kind: RefusalKind::NotNow,
                code: "wrong_phase",
                message: format!(
                    "The cold is rolled in the Sub-Zero Loss Phase at the end of a night turn (16.3); it is now {}.",
                    table.moment
                ),
            });
        }
    };
    if table.by.side().is_some_and(|s| s != side) {
        return Err(against(format!(
            "The {} player rolls for the {} units now (16.3).",
            side.adjective(),
            side.adjective()
        )));
    }
    let hit = afflicted(&p, table, side)?;
    if table.extra.cold_rolled.contains(&hit.key) {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "cold_rolled",
            message: format!(
                "{} has rolled on the SZLT this night; each stack rolls once (16.3, 16.3.1).",
                capital(&hit.who)
            ),
        });
    }
    let roll = SubZero {
        who: hit.who.clone(),
        side,
        on_frozen_lake: p.on_frozen_lake,
    };
    let mut work = Working::new();
    let (reading, steps) =
        work.take(sub_zero(table.charts, dice, &roll).map_err(|e| Refused::of(&e))?);
    table.extra.cold_rolled.push(hit.key);
    if steps > 0 {
        table.extra.pending.push(PendingLosses {
            side,
            // Steps only, armor not spared: as a raid's losses are taken.
            fight: Fight::NightRaid,
            attacker: false,
            losses: steps,
            units: hit.units,
            steps_only: true,
            cold: Some(hit.who.clone()),
        });
        work.step(format!(
            "The {} player now takes the step(s) from {} (take-losses).",
            side.adjective(),
            hit.who
        ));
    }
    Ok(Acted::public(work.done(serde_json::json!({
        "reading": reading, "steps": steps,
    }))))
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
