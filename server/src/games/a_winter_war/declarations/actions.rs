//! Airborne operation plans (Opt D.3) at the table: written by the Soviets in their initial
//! phase a turn ahead and kept from the Finns (the log entry is the Soviets'), cancelled by
//! choice or because the rule forces it, and carried out in the air phase; a cancelled or
//! executed plan, with its whole history, is then the Finns' to read.

use super::{DropRecord, Records, is_parachute, plan_broken_by};
use crate::core::domain::{Role, Side};
use crate::games::a_winter_war::rules::airborne::ForcedBy;
use crate::games::a_winter_war::rules::airborne::{Landing, PLAN_PHASE, airbase_taken};
use crate::games::a_winter_war::rules::error::AwwError;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::catalogue::{Acted, Action, Secrecy, Table};
use crate::games::assisted::roster::{Unit, UnitId};
use crate::games::assisted::sequence::Activity;
use schemars::JsonSchema;
use serde::Deserialize;

/// A plan to write.
#[derive(Deserialize, JsonSchema)]
pub struct WriteIn {
    /// The parachute unit, by id.
    pub unit: String,
    /// The target hex or holding box.
    pub target: String,
    /// Opt G: a plan written at setup (the Soviet initial phase of the first turn) for a drop
    /// on the Dec I 39 game turn.
    #[serde(default)]
    pub at_setup: bool,
}

/// A plan to cancel.
#[derive(Deserialize, JsonSchema)]
pub struct PlanIn {
    /// The parachute unit, by id.
    pub unit: String,
}

/// A plan to carry out.
#[derive(Deserialize, JsonSchema)]
pub struct ExecuteIn {
    /// The parachute unit, by id.
    pub unit: String,
    /// Where it lands, for D.2's ownership of an airbase there.
    #[serde(default)]
    pub landing: Landing,
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
    let options = table.extra.options;
    if !options.airborne_rules() {
        return Err(AwwError::AirborneRuleOff);
    }
    if !is_parachute(unit) {
        return Err(AwwError::NotParachute {
            unit: unit.name.clone(),
        });
    }
    let (name, in_zoc) = (unit.name.clone(), unit.markers.contains("in_enemy_zoc"));
    let target = p.target.trim();
    let plan = if p.at_setup {
        let setup = options.soviet_preparedness && table.turn == 1 && table.phase == PLAN_PHASE;
        if !setup {
            return Err(AwwError::NotAtSetup);
        }
        if in_zoc {
            return Err(AwwError::PlanInEnemyZoc { unit: name });
        }
        table
            .extra
            .plans
            .write_at_setup(&options, table.moment, &name, target)?
    } else {
        table
            .extra
            .plans
            .write(table.turn, table.phase, table.moment, &name, target, in_zoc)?
    };
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

fn execute(p: ExecuteIn, table: &mut Table<'_, Records>) -> Result<Acted<()>, AwwError> {
    let unit = soviet_unit(table, &p.unit)?;
    let (id, name, broken) = (unit.id.clone(), unit.name.clone(), plan_broken_by(unit));
    if let Some(by) = broken {
        // The rule cancelled the plan already; it is cancelled now if no phase end has yet.
        if table.extra.plans.force_cancel(table.moment, &name, by) {
            let step = last_sentence(table, &name);
            return Ok(Acted::public(Explained::new((), step)));
        }
    }
    let plan = table
        .extra
        .plans
        .execute(table.turn, table.phase, table.moment, &name)?;
    let target = plan.target.clone();
    let mut history: Vec<String> = plan
        .history
        .iter()
        .map(|h| format!("{}: {}", h.moment, h.sentence))
        .collect();
    let airbase = airbase_taken(&name, &target, p.landing);
    history.extend(airbase.steps);
    table.extra.drops.push(DropRecord {
        unit: name,
        target,
        turn: table.turn,
        airbase_taken: airbase.value,
        drop_turn_over: false,
    });
    table
        .roster
        .mark(table.spec, Role::Umpire, table.moment, &id, "dropped")
        .map_err(|e| AwwError::Roster(e.clone()))?;
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
            "combat",
            "Resolve a combat against the roster",
            "CRT, Opt A.1, Opt B, Opt D.1–D.3",
            super::combat::resolve,
        )
        .given(true, &[Activity::Combat]),
        Action::new(
            "apply-result",
            "Apply your side's combat result: units eliminated and retreats",
            "CRT (the base rules' results)",
            |p: super::results::ApplyIn, table: &mut Table<'_, Records>, _dice| {
                super::results::apply(p, table)
            },
        )
        .pays("eliminated", Some("retreats"))
        // Each side applies its own part of the result, in the combat's phase.
        .given(false, &[Activity::Combat]),
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
            |p: ExecuteIn, table: &mut Table<'_, Records>, _dice| execute(p, table),
        ),
    ]
}
