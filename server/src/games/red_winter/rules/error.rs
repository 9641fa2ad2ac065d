//! Every refusal of Red Winter's rules: its kind, a stable code, and a sentence naming the rule.

use crate::core::refusal::{Refusal, RefusalKind};
use crate::games::assisted::charts::ChartError;

/// Why the rules refuse a calculation or a procedure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A unit with its CS in parentheses was named as an attacker.
    #[error("{unit} has its CS in parentheses and cannot attack (2.2)")]
    CannotAttack {
        /// The unit.
        unit: String,
    },
    /// A combat names no attacking strength at all.
    #[error("a combat needs attackers with some combat strength (8.1, 8.2)")]
    NoAttackStrength,
    /// A hex holds more than the stacking limits allow.
    #[error(
        "{hex} would hold {units} units, {companies} of them infantry companies; at most 5 units, 3 of them infantry companies, may stack (6.0)"
    )]
    Overstacked {
        /// The hex.
        hex: String,
        /// Units counted (leaders do not count).
        units: u32,
        /// Infantry companies among them.
        companies: u32,
    },
    /// The losses assigned do not match the result.
    #[error("{side} must take {losses} losses; the plan takes {taken} (8.5)")]
    LossesDoNotAddUp {
        /// "the attacker" or "the defender".
        side: &'static str,
        /// Losses of the result.
        losses: u32,
        /// Steps plus hexes of retreat in the plan.
        taken: u32,
    },
    /// The steps named for a Sub-Zero Loss do not match the roll.
    #[error(
        "the cold costs this stack {losses} step(s); name one of its units for each step, as you see fit ({named} named) (16.3)"
    )]
    ColdStepsDoNotAddUp {
        /// Steps the roll costs.
        losses: u32,
        /// Steps named.
        named: u32,
    },
    /// The attacker's first loss was not a step reduction.
    #[error("the attacker's first loss must be a step reduction (8.5)")]
    FirstLossNotStep,
    /// A loss that may only be taken as steps was taken as a retreat.
    #[error("in {fight} every loss is a step reduction; no retreat is allowed ({rule})")]
    StepsOnly {
        /// "an Assault" or "a Night Raid".
        fight: &'static str,
        /// The rule.
        rule: &'static str,
    },
    /// A unit was given more step losses than it has steps.
    #[error("{unit} has {steps} step(s) and cannot take {taken} (8.5.1)")]
    TooManySteps {
        /// The unit.
        unit: String,
        /// Its steps.
        steps: u32,
        /// Steps assigned to it.
        taken: u32,
    },
    /// A loss plan names a unit that is not in the combat.
    #[error("the loss plan names unit {index}, which is not among the {count} units (8.5)")]
    NoSuchUnit {
        /// The index named.
        index: usize,
        /// Units in the combat.
        count: usize,
    },
    /// A retreat longer than a surviving unit may go.
    #[error("{unit} may retreat at most {limit} hex(es), not {retreat} (8.5.2.1)")]
    RetreatTooFar {
        /// The unit that limits the retreat.
        unit: String,
        /// Its limit.
        limit: u32,
        /// The retreat asked for.
        retreat: u32,
    },
    /// 76mm artillery fired with no ammo left.
    #[error("the 76mm artillery has no ammo left and cannot fire (12.4.1)")]
    NoAmmo,
    /// A Night Raid with raiders the rules do not allow.
    #[error(
        "a Night Raid is made by 1 to 3 full-strength Finnish infantry companies; {count} were named (16.4)"
    )]
    RaidersCount {
        /// Companies named.
        count: usize,
    },
    /// A second Night Raid in one night turn.
    #[error(
        "the Finns have made this night turn's Night Raid; only one is allowed per night (16.4.1)"
    )]
    RaidAlreadyMade,
    /// A Night Raid on a day turn.
    #[error("Night Raids are made on night turns only (16.4)")]
    RaidByDay,
    /// A Night Raid path longer than the rules allow.
    #[error("the raiders' path costs {cost} MP; a Night Raid path may cost at most 18 (16.4.1)")]
    RaidPathTooLong {
        /// Its cost.
        cost: u32,
    },
    /// AT Fire without a target declared for every die.
    #[error(
        "AT Fire rolls {dice} dice and needs a target declared for each; {targets} were declared (11.1)"
    )]
    AtTargets {
        /// Dice to roll.
        dice: u32,
        /// Targets declared.
        targets: usize,
    },
    /// A unit with no steps left was named to fire or roll.
    #[error("{unit} has no steps left (8.5.1)")]
    NoSteps {
        /// The unit.
        unit: String,
    },
    /// The entered CRT's columns are not odds in ascending order.
    #[error(
        "the CRT's columns must be odds like 1:4 or 6:1 in ascending order; {found} is not (8.2)"
    )]
    CrtColumns {
        /// The column found.
        found: String,
    },
    /// A unit may not take the action it was named for.
    #[error("{unit} {why} ({rule})")]
    NotAllowed {
        /// The unit.
        unit: String,
        /// Why, completing a sentence that starts with the unit.
        why: &'static str,
        /// The rule.
        rule: &'static str,
    },
    /// The Provisional Company may not come into play now.
    #[error("The Provisional Company cannot come into play: {why} (12.8)")]
    ProvisionalNotYet {
        /// Which condition is not met, completing the sentence.
        why: String,
    },
    /// The Provisional Company put too far from Pajari.
    #[error(
        "The Provisional Company is put in Pajari's hex or next to it; that hex is {far} hexes from him (12.8)"
    )]
    ProvisionalPlacement {
        /// Hexes from Pajari.
        far: u32,
    },
    /// A reconstituted company put where 13.2.1 does not allow.
    #[error("A reconstituted company cannot go there: {why} (13.2.1)")]
    Reconstitution {
        /// What is wrong with the hex.
        why: String,
    },
    /// A Turn Track cell that does not read.
    #[error(
        "the Turn Track's turn {turn}, column {column}, holds \"{found}\"; expected {expected} (1.2)"
    )]
    TurnTrack {
        /// The row.
        turn: String,
        /// The column.
        column: &'static str,
        /// What was entered.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A die roll that no die shows.
    #[error("a die shows 1 to 6; {roll} is not a die's face (2.1)")]
    NotADie {
        /// The roll given.
        roll: u32,
    },
    /// The wrong number of dice for a roll.
    #[error("this roll takes {needed} dice; {given} were given ({rule})")]
    DiceCount {
        /// Dice the roll takes.
        needed: usize,
        /// Dice given.
        given: usize,
        /// The rule.
        rule: &'static str,
    },
    /// A chart entered for the game does not answer.
    #[error(transparent)]
    Chart(#[from] ChartError),
}

impl Refusal for RulesError {
    fn kind(&self) -> RefusalKind {
        match self {
            RulesError::Chart(e) => e.kind(),
            RulesError::NoSuchUnit { .. } => RefusalKind::NoSuchThing,
            RulesError::NoAmmo
            | RulesError::RaidAlreadyMade
            | RulesError::RaidByDay
            | RulesError::ProvisionalNotYet { .. } => RefusalKind::NotNow,
            _ => RefusalKind::AgainstTheRules,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            RulesError::CannotAttack { .. } => "cannot_attack",
            RulesError::NoAttackStrength => "no_attack_strength",
            RulesError::Overstacked { .. } => "overstacked",
            RulesError::LossesDoNotAddUp { .. } => "losses_do_not_add_up",
            RulesError::ColdStepsDoNotAddUp { .. } => "cold_steps_do_not_add_up",
            RulesError::FirstLossNotStep => "first_loss_not_step",
            RulesError::StepsOnly { .. } => "steps_only",
            RulesError::TooManySteps { .. } => "too_many_steps",
            RulesError::NoSuchUnit { .. } => "no_such_unit",
            RulesError::RetreatTooFar { .. } => "retreat_too_far",
            RulesError::NoAmmo => "no_ammo",
            RulesError::RaidersCount { .. } => "raiders_count",
            RulesError::RaidPathTooLong { .. } => "raid_path_too_long",
            RulesError::RaidAlreadyMade => "raid_already_made",
            RulesError::RaidByDay => "raid_by_day",
            RulesError::AtTargets { .. } => "at_targets",
            RulesError::NoSteps { .. } => "no_steps",
            RulesError::CrtColumns { .. } => "crt_columns",
            RulesError::NotAllowed { .. } => "not_allowed",
            RulesError::ProvisionalNotYet { .. } => "provisional_not_yet",
            RulesError::ProvisionalPlacement { .. } => "provisional_placement",
            RulesError::Reconstitution { .. } => "reconstitution_hex",
            RulesError::TurnTrack { .. } => "turn_track",
            RulesError::NotADie { .. } => "not_a_die",
            RulesError::DiceCount { .. } => "dice_count",
            RulesError::Chart(e) => e.code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_their_rule_and_keep_stable_codes() {
        let e = RulesError::RetreatTooFar {
            unit: "AT/JR16".into(),
            limit: 1,
            retreat: 3,
        };
        assert_eq!(
            e.to_string(),
            "AT/JR16 may retreat at most 1 hex(es), not 3 (8.5.2.1)"
        );
        assert_eq!(e.code(), "retreat_too_far");
        assert_eq!(e.kind(), RefusalKind::AgainstTheRules);
        assert_eq!(RulesError::NoAmmo.kind(), RefusalKind::NotNow);
        let missing = RulesError::from(ChartError::NoSuchChart {
            chart: "crt".into(),
        });
        assert_eq!(missing.kind(), RefusalKind::NoSuchThing);
        assert!(
            RulesError::CannotAttack {
                unit: "Mortar".into()
            }
            .to_string()
            .ends_with("(2.2)")
        );
    }
}
