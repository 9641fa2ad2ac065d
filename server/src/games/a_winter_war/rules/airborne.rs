//! Airborne operation plans (Opt D.3): written by the Soviet player a turn ahead, hidden from
//! the Finns until carried out or cancelled, checked against every constraint of the rule, each
//! with a history the Finns may read once the plan is revealed.

use super::error::AwwError;
use super::options::{DEC_I_39, Options};
use crate::games::assisted::calc::Explained;
use serde::{Deserialize, Serialize};

/// The phase plans are written and cancelled in.
pub const PLAN_PHASE: &str = "soviet_initial";
/// The phase plans are carried out in (the mission resolution step).
pub const DROP_PHASE: &str = "soviet_air";

/// Where a plan stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PlanStatus {
    /// Written, not yet carried out: secret.
    Planned,
    /// Carried out.
    Executed,
    /// Cancelled, by choice or because the rule forced it.
    Cancelled {
        /// Why, in a sentence.
        reason: String,
    },
}

/// One line of a plan's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlanEntry {
    /// When, in game time.
    pub moment: String,
    /// What happened.
    pub sentence: String,
}

/// One airborne operation plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Plan {
    /// The parachute unit.
    pub unit: String,
    /// The target hex or holding box.
    pub target: String,
    /// The turn it was written in.
    pub planned_in: u32,
    /// The turn it is to be carried out in (the next one).
    pub due: u32,
    /// Where it stands.
    pub status: PlanStatus,
    /// Its history.
    pub history: Vec<PlanEntry>,
}

/// Why the rule forces a plan's cancellation (D.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForcedBy {
    /// The unit entered an enemy ZOC.
    EnteredEnemyZoc,
    /// The unit attacked.
    Attacked,
    /// The unit was attacked.
    WasAttacked,
    /// The unit cannot take part in the phase the plan is due in.
    Unable,
}

impl ForcedBy {
    fn sentence(self) -> &'static str {
        match self {
            ForcedBy::EnteredEnemyZoc => "the unit entered an enemy ZOC",
            ForcedBy::Attacked => "the unit attacked",
            ForcedBy::WasAttacked => "the unit was attacked",
            ForcedBy::Unable => "the unit could not take part when the plan was due",
        }
    }
}

/// Every plan of a campaign, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AirbornePlans {
    /// The plans.
    pub plans: Vec<Plan>,
}

impl AirbornePlans {
    fn open(&mut self, unit: &str) -> Option<&mut Plan> {
        self.plans
            .iter_mut()
            .find(|p| p.unit == unit && p.status == PlanStatus::Planned)
    }

    /// Writes a plan in the Soviet initial phase of `turn` for `unit` (on the map or arriving
    /// next turn) to drop on `target` next turn: refused outside that phase, for a unit with a
    /// plan already, or for a unit in an enemy ZOC now.
    pub fn write(
        &mut self,
        turn: u32,
        phase: &str,
        moment: &str,
        unit: &str,
        target: &str,
        in_enemy_zoc: bool,
    ) -> Result<&Plan, AwwError> {
        if phase != PLAN_PHASE {
            return Err(AwwError::PlanNotNow);
        }
        if self.open(unit).is_some() {
            return Err(AwwError::PlanExists { unit: unit.into() });
        }
        if in_enemy_zoc {
            return Err(AwwError::PlanInEnemyZoc { unit: unit.into() });
        }
        let due = turn.saturating_add(1);
        self.plans.push(Plan {
            unit: unit.into(),
            target: target.into(),
            planned_in: turn,
            due,
            status: PlanStatus::Planned,
            history: vec![PlanEntry {
                moment: moment.into(),
                sentence: format!("{unit} is planned to drop on {target} next turn (Opt D.3)"),
            }],
        });
        let index = self.plans.len() - 1;
        Ok(&self.plans[index])
    }

    /// Opt G: a plan written at setup for a drop on the Dec I 39 game turn; refused without
    /// Opt G.
    pub fn write_at_setup(
        &mut self,
        options: &Options,
        moment: &str,
        unit: &str,
        target: &str,
    ) -> Result<&Plan, AwwError> {
        if !options.soviet_preparedness {
            return Err(AwwError::PlanNotNow);
        }
        let due = options.turn_of(DEC_I_39).unwrap_or(DEC_I_39);
        self.write(
            due.saturating_sub(1),
            PLAN_PHASE,
            moment,
            unit,
            target,
            false,
        )
    }

    /// Cancels `unit`'s plan by choice: in the next initial phase, or in the phase it is due in.
    pub fn cancel(
        &mut self,
        turn: u32,
        phase: &str,
        moment: &str,
        unit: &str,
    ) -> Result<(), AwwError> {
        let plan = self
            .open(unit)
            .ok_or_else(|| AwwError::NoPlan { unit: unit.into() })?;
        let allowed = turn == plan.due && (phase == PLAN_PHASE || phase == DROP_PHASE);
        if !allowed {
            return Err(AwwError::PlanNotNow);
        }
        let reason = "cancelled by the Soviet player".to_string();
        plan.history.push(PlanEntry {
            moment: moment.into(),
            sentence: format!("{unit}'s drop on {} is {reason} (Opt D.3)", plan.target),
        });
        plan.status = PlanStatus::Cancelled { reason };
        Ok(())
    }

    /// Cancels `unit`'s plan because the rule forces it; `false` when it has none.
    pub fn force_cancel(&mut self, moment: &str, unit: &str, by: ForcedBy) -> bool {
        let Some(plan) = self.open(unit) else {
            return false;
        };
        let reason = format!("cancelled because {}", by.sentence());
        plan.history.push(PlanEntry {
            moment: moment.into(),
            sentence: format!("{unit}'s drop on {} is {reason} (Opt D.3)", plan.target),
        });
        plan.status = PlanStatus::Cancelled { reason };
        true
    }

    /// Carries out `unit`'s plan in the Soviet air phase of the turn it is due in.
    pub fn execute(
        &mut self,
        turn: u32,
        phase: &str,
        moment: &str,
        unit: &str,
    ) -> Result<&Plan, AwwError> {
        let index = self
            .plans
            .iter()
            .position(|p| p.unit == unit && p.status == PlanStatus::Planned)
            .ok_or_else(|| AwwError::NoPlan { unit: unit.into() })?;
        let plan = &mut self.plans[index];
        if turn != plan.due || phase != DROP_PHASE {
            return Err(AwwError::PlanNotNow);
        }
        plan.history.push(PlanEntry {
            moment: moment.into(),
            sentence: format!("{unit} drops on {} as planned (Opt D.3)", plan.target),
        });
        plan.status = PlanStatus::Executed;
        Ok(&self.plans[index])
    }

    /// As the phase a plan was due in ends, every plan due by `turn` not carried out is
    /// cancelled; returns the units whose plans lapsed.
    pub fn lapse(&mut self, turn: u32, moment: &str) -> Vec<String> {
        let due: Vec<String> = self
            .plans
            .iter()
            .filter(|p| p.status == PlanStatus::Planned && p.due <= turn)
            .map(|p| p.unit.clone())
            .collect();
        for unit in &due {
            self.force_cancel(moment, unit, ForcedBy::Unable);
        }
        due
    }

    /// What the Finnish player sees: only plans carried out or cancelled, with their history.
    pub fn finnish_view(&self) -> Vec<Plan> {
        self.plans
            .iter()
            .filter(|p| p.status != PlanStatus::Planned)
            .cloned()
            .collect()
    }
}

/// Where a parachute unit landed, as D.2's ownership reads it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Landing {
    /// The hex has an airbase.
    #[serde(default)]
    pub airbase: bool,
    /// Enemy units occupy the hex.
    #[serde(default)]
    pub enemy_occupied: bool,
    /// The unit was disrupted by its drop (D.1).
    #[serde(default)]
    pub disrupted: bool,
}

/// D.2: in the drop player turn and the enemy's next, a parachute unit owns none of its hex but
/// an airbase there, which it takes at once when the hex holds no enemy unit and it is not
/// disrupted. Returns whether it takes the airbase.
pub fn airbase_taken(unit: &str, target: &str, landing: Landing) -> Explained<bool> {
    let taken = landing.airbase && !landing.enemy_occupied && !landing.disrupted;
    let step = match (landing.airbase, landing.enemy_occupied, landing.disrupted) {
        (false, _, _) => format!(
            "{unit} owns nothing at {target} until its drop turn ends: there is no airbase to take (Opt D.2)"
        ),
        (true, true, _) => format!(
            "{unit} does not take the airbase at {target}: enemy units occupy the hex (Opt D.2)"
        ),
        (true, false, true) => {
            format!("{unit} does not take the airbase at {target}: it is disrupted (Opt D.2)")
        }
        (true, false, false) => format!(
            "{unit} takes the airbase at {target} at once; the rest of the hex is not its side's until its drop turn ends (Opt D.2)"
        ),
    };
    Explained::new(taken, step)
}

#[cfg(test)]
#[path = "airborne_tests.rs"]
mod tests;
