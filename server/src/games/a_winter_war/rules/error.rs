//! What A Winter War's rules refuse, each a sentence naming the rule, with a kind and stable code.

use crate::core::refusal::{Refusal, RefusalKind};
use crate::games::assisted::charts::ChartError;
use crate::games::assisted::roster::RosterError;

/// A refusal of A Winter War's rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AwwError {
    /// Too few losses taken from capable units (B.6).
    #[error(
        "the {side} must take at least {needed} of its {total} losses from units capable of 1/2 or more armor or antitank effects, not {taken} (Opt B.6)"
    )]
    RequiredLosses {
        /// "attacker" or "defender".
        side: String,
        /// All its losses.
        total: u32,
        /// The least from capable units.
        needed: u32,
        /// Taken from capable units.
        taken: u32,
    },
    /// Opt E's roll is made only at the end of Mar I 40 and Mar II 40.
    #[error(
        "the spring rains roll is made only at the end of Mar I 40 and Mar II 40, not in {turn} (Opt E)"
    )]
    NoSpringRoll {
        /// The turn it was asked for.
        turn: String,
    },
    /// A die roll given to a calculation is not a die's face.
    #[error("a die shows 1 to 6; {found} is not a die's face")]
    NotADieFace {
        /// What was given.
        found: String,
    },
    /// No Western intervention roll before the first turn.
    #[error("there is no Western intervention roll before the first turn, Dec I 39 (DC C)")]
    InterventionTooEarly,
    /// Neither Opt F nor DC C is played: Rule 31A's trigger is not in the text.
    #[error(
        "Rule 31A's own trigger for Western intervention is not in the rules we have; play Opt F or DC C, or roll it in the dice tray (Rule 31A)"
    )]
    InterventionNotInText,
    /// A side asked for a roll the rules give the other side.
    #[error("this roll is the Soviet player's (or the umpire's) to make (Opt D.1)")]
    SovietRoll,
    /// The roster refused a change the rule makes.
    #[error(transparent)]
    Roster(#[from] RosterError),
    /// An entered chart cannot be used for what it is asked.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// A Success Table row is not a die roll.
    #[error(
        "the rows of the Success Table must be die rolls (whole numbers); `{row}` is not (Opt A.1)"
    )]
    SuccessRow {
        /// The row key.
        row: String,
    },
    /// A Success Table cell is not a success or a failure.
    #[error(
        "the Success Table reads `{found}`; its cells must say S (success) or F (failure) (Opt A.1)"
    )]
    SuccessCell {
        /// What the cell holds.
        found: String,
    },
    /// An airborne plan is written, cancelled or carried out outside the phases the rule allows.
    #[error(
        "airborne plans are written or cancelled in the Soviet initial phase and carried out or cancelled in the Soviet air phase of the turn they are due (Opt D.3)"
    )]
    PlanNotNow,
    /// A parachute unit has a plan already.
    #[error("{unit} already has an airborne operation planned; only one at a time (Opt D.3)")]
    PlanExists {
        /// The unit.
        unit: String,
    },
    /// A parachute unit in an enemy ZOC cannot be planned for.
    #[error("{unit} is in an enemy ZOC and cannot be planned for now (Opt D.3)")]
    PlanInEnemyZoc {
        /// The unit.
        unit: String,
    },
    /// No open plan for the unit.
    #[error("{unit} has no airborne operation planned (Opt D.3)")]
    NoPlan {
        /// The unit.
        unit: String,
    },
    /// A fraction given with a zero denominator.
    #[error(
        "`{field}` has a zero denominator; give a fraction whose `den` is not 0, such as {{\"num\": 1, \"den\": 2}} for 1/2"
    )]
    ZeroDenominator {
        /// The parameter.
        field: String,
    },
    /// Airborne plans without Opt D (or Opt G, which brings it).
    #[error(
        "this campaign plays without Opt D (airborne operations), so there are no airborne plans; Opt D or Opt G must be chosen when the campaign is created (Opt D.3)"
    )]
    AirborneRuleOff,
    /// A plan for a unit that is not a parachute unit.
    #[error(
        "{unit} is not a parachute unit (its type or a `parachute` marker says so): only parachute units are planned for air drops (Opt D.3)"
    )]
    NotParachute {
        /// The unit.
        unit: String,
    },
    /// Opt G's plan at setup outside the first turn, or without Opt G.
    #[error(
        "a plan at setup is Opt G's, written in the Soviet initial phase of the first turn for a drop on Dec I 39 (Opt G)"
    )]
    NotAtSetup,
    /// An entered CRT lacks the shape of a Europa CRT.
    #[error("the Combat Results Table cannot be used: {problem} (CRT)")]
    CrtShape {
        /// What is wrong, in words.
        problem: String,
    },
    /// Attackers whose attack strength comes to nothing.
    #[error(
        "the attackers' attack strength comes to 0; units without attack strength do not attack (CRT)"
    )]
    NoAttackStrength,
    /// Defenders whose defense strength comes to nothing.
    #[error(
        "the defenders' defense strength comes to 0; the odds cannot be taken, so settle this combat by the base rules and record it on the roster (CRT)"
    )]
    NoDefenceStrength,
    /// A unit size the Demolition Summary Table has no row for.
    #[error("a unit of {re} RE has no row in the Demolition Summary Table (DC B)")]
    NoDemolitionRow {
        /// The counted size.
        re: String,
    },
}

impl Refusal for AwwError {
    fn kind(&self) -> RefusalKind {
        match self {
            AwwError::RequiredLosses { .. }
            | AwwError::InterventionNotInText
            | AwwError::SuccessRow { .. }
            | AwwError::SuccessCell { .. }
            | AwwError::NoDemolitionRow { .. }
            | AwwError::ZeroDenominator { .. }
            | AwwError::NotADieFace { .. }
            | AwwError::NotParachute { .. }
            | AwwError::PlanExists { .. }
            | AwwError::PlanInEnemyZoc { .. }
            | AwwError::CrtShape { .. }
            | AwwError::NoAttackStrength
            | AwwError::NoDefenceStrength
            | AwwError::SovietRoll => RefusalKind::AgainstTheRules,
            AwwError::NoSpringRoll { .. }
            | AwwError::InterventionTooEarly
            | AwwError::PlanNotNow
            | AwwError::AirborneRuleOff
            | AwwError::NotAtSetup => RefusalKind::NotNow,
            AwwError::NoPlan { .. } => RefusalKind::NoSuchThing,
            AwwError::Chart(e) => e.kind(),
            AwwError::Roster(e) => e.kind(),
        }
    }

    fn code(&self) -> &'static str {
        match self {
            AwwError::RequiredLosses { .. } => "required_losses",
            AwwError::NoSpringRoll { .. } => "no_spring_rains_roll",
            AwwError::InterventionTooEarly => "intervention_too_early",
            AwwError::InterventionNotInText => "intervention_not_in_text",
            AwwError::Chart(e) => e.code(),
            AwwError::Roster(e) => e.code(),
            AwwError::SuccessRow { .. } => "success_table_row",
            AwwError::SuccessCell { .. } => "success_table_cell",
            AwwError::NoDemolitionRow { .. } => "no_demolition_row",
            AwwError::CrtShape { .. } => "crt_shape",
            AwwError::NoAttackStrength => "no_attack_strength",
            AwwError::NoDefenceStrength => "no_defence_strength",
            AwwError::ZeroDenominator { .. } => "zero_denominator",
            AwwError::NotADieFace { .. } => "not_a_die_face",
            AwwError::AirborneRuleOff => "airborne_rule_off",
            AwwError::NotParachute { .. } => "not_parachute",
            AwwError::NotAtSetup => "not_at_setup",
            AwwError::PlanNotNow => "airborne_plan_not_now",
            AwwError::SovietRoll => "not_your_roll",
            AwwError::PlanExists { .. } => "airborne_plan_exists",
            AwwError::PlanInEnemyZoc { .. } => "airborne_plan_in_enemy_zoc",
            AwwError::NoPlan { .. } => "no_airborne_plan",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_have_a_kind_a_stable_code_and_name_the_rule() {
        let e = AwwError::InterventionTooEarly;
        assert_eq!(
            (e.kind(), e.code()),
            (RefusalKind::NotNow, "intervention_too_early")
        );
        assert!(e.to_string().ends_with("(DC C)"));
        let e = AwwError::Chart(ChartError::NoSuchChart {
            chart: "success_table".into(),
        });
        assert_eq!(
            (e.kind(), e.code()),
            (RefusalKind::NoSuchThing, "no_such_chart")
        );
        let e = AwwError::NoSpringRoll {
            turn: "Feb I 40".into(),
        };
        assert_eq!(e.kind(), RefusalKind::NotNow);
        assert!(e.to_string().contains("Feb I 40"));
        assert_eq!(
            AwwError::InterventionNotInText.kind(),
            RefusalKind::AgainstTheRules
        );
    }
}
