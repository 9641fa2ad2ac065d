//! Airborne operation plans (Opt D.3) at the table: written by the Soviets in their initial
//! phase a turn ahead and kept from the Finns (the log entry is the Soviets'), cancelled by
//! choice or because the rule forces it, and carried out in the air phase; a cancelled or
//! executed plan, with its whole history, is then the Finns' to read.

use super::Records;
use crate::core::domain::{Role, Side};
use crate::games::a_winter_war::rules::airborne::ForcedBy;
use crate::games::a_winter_war::rules::error::AwwError;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::catalogue::{Acted, Action, Secrecy, Table};
use crate::games::assisted::roster::{Unit, UnitId};
use schemars::JsonSchema;
use serde::Deserialize;

/// A plan to write.
#[derive(Deserialize, JsonSchema)]
pub struct WriteIn {
    /// The parachute unit, by id.
    pub unit: String,
    /// The target hex or holding box.
    pub target: String,
}

/// A plan to cancel or carry out.
#[derive(Deserialize, JsonSchema)]
pub struct PlanIn {
    /// The parachute unit, by id.
    pub unit: String,
}

/// A plan the rule cancels.
#[derive(Deserialize, JsonSchema)]
pub struct ForcedIn {
    /// The parachute unit, by id.
    pub unit: String,
    /// Why the rule cancels it.
    pub by: ForcedBy,
}

fn soviet_unit<'a>(table: &'a Table<'_, Records>, id: &str) -> Result<&'a Unit, AwwError> {
    let unit = UnitId::parse(id)
        .ok()
        .and_then(|id| table.roster.units.get(&id))
        .filter(|u| u.side == Side::Soviet)
        .ok_or_else(|| AwwError::NoPlan { unit: id.into() })?;
    if table.by == Role::Finnish {
        // The Finns neither write nor see Soviet plans: answered as if there were none.
        return Err(AwwError::NoPlan { unit: id.into() });
    }
    Ok(unit)
}

fn write(p: WriteIn, table: &mut Table<'_, Records>) -> Result<Acted<()>, AwwError> {
    let unit = soviet_unit(table, &p.unit)?;
    let (name, in_zoc) = (unit.name.clone(), unit.markers.contains("in_enemy_zoc"));
    let plan = table.extra.plans.write(
        table.turn,
        table.phase,
        table.moment,
        &name,
        p.target.trim(),
        in_zoc,
    )?;
    let step = plan
        .history
        .last()
        .map(|h| h.sentence.clone())
        .unwrap_or_default();
    Ok(Acted {
        explained: Explained::new((), step),
        secrecy: Secrecy::SideOnly(Side::Soviet),
    })
}

fn cancel(p: PlanIn, table: &mut Table<'_, Records>) -> Result<Acted<()>, AwwError> {
    let name = soviet_unit(table, &p.unit)?.name.clone();
    table
        .extra
        .plans
        .cancel(table.turn, table.phase, table.moment, &name)?;
    let step = last_sentence(table, &name);
    Ok(Acted::public(Explained::new((), step)))
}

fn forced(p: ForcedIn, table: &mut Table<'_, Records>) -> Result<Acted<()>, AwwError> {
    let name = soviet_unit(table, &p.unit)?.name.clone();
    if !table.extra.plans.force_cancel(table.moment, &name, p.by) {
        return Err(AwwError::NoPlan { unit: name });
    }
    let step = last_sentence(table, &name);
    Ok(Acted::public(Explained::new((), step)))
}

fn execute(p: PlanIn, table: &mut Table<'_, Records>) -> Result<Acted<()>, AwwError> {
    let name = soviet_unit(table, &p.unit)?.name.clone();
    let plan = table
        .extra
        .plans
        .execute(table.turn, table.phase, table.moment, &name)?;
    let history: Vec<String> = plan
        .history
        .iter()
        .map(|h| format!("{}: {}", h.moment, h.sentence))
        .collect();
    Ok(Acted::public(Explained {
        value: (),
        steps: history,
    }))
}

fn last_sentence(table: &Table<'_, Records>, unit: &str) -> String {
    table
        .extra
        .plans
        .plans
        .iter()
        .rev()
        .find(|p| p.unit == unit)
        .and_then(|p| p.history.last())
        .map(|h| h.sentence.clone())
        .unwrap_or_default()
}

/// Every action of A Winter War.
pub fn actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "write-airborne-plan",
            "Write an airborne plan (secret)",
            "Opt D.3",
            |p: WriteIn, table: &mut Table<'_, Records>, _dice| write(p, table),
        ),
        Action::new(
            "cancel-airborne-plan",
            "Cancel an airborne plan",
            "Opt D.3",
            |p: PlanIn, table: &mut Table<'_, Records>, _dice| cancel(p, table),
        ),
        Action::new(
            "force-cancel-airborne-plan",
            "An airborne plan the rule cancels",
            "Opt D.3",
            |p: ForcedIn, table: &mut Table<'_, Records>, _dice| forced(p, table),
        ),
        Action::new(
            "execute-airborne-plan",
            "Carry out an airborne plan",
            "Opt D.3",
            |p: PlanIn, table: &mut Table<'_, Records>, _dice| execute(p, table),
        ),
    ]
}
