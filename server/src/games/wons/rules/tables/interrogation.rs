//! Interrogating prisoners and deserters (R25).

use super::surprise::{INTERROGATION_SURPRISE, SurpriseLevel};
use super::tray::{flag, flag_spec, outcome, roll_text};
use super::{Modifier, modifier_sum};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What an interrogation yields (R25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InterrogationResult {
    /// 1–3 (and every captured hero): name and rank only.
    NameAndRank,
    /// 4–5: the enemy's support choices for the next scenario and the locations of its
    /// entrenchments, field works and minefields, revealed before the next battle and before the
    /// interrogator declares its own choices.
    GoodInformation,
    /// 6 or more: as good information, and the interrogator's side gains surprise
    /// ([`INTERROGATION_SURPRISE`]) in the next battle.
    GoodInformationAndSurprise,
}

impl InterrogationResult {
    /// The surprise the interrogator's side gains, if any.
    pub fn surprise(self) -> Option<SurpriseLevel> {
        match self {
            InterrogationResult::GoodInformationAndSurprise => Some(INTERROGATION_SURPRISE),
            _ => None,
        }
    }

    /// The result in words.
    pub fn describe(self) -> &'static str {
        match self {
            InterrogationResult::NameAndRank => "name and rank only",
            InterrogationResult::GoodInformation => {
                "good information: enemy support choices and entrenchments, field works and minefields revealed"
            }
            InterrogationResult::GoodInformationAndSurprise => {
                "good information, and surprise (two enemy command dice blue) next battle"
            }
        }
    }
}

/// One interrogation: the die, modifiers and result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interrogation {
    /// The face rolled, if a die was rolled (captured heroes are not rolled for).
    pub die: Option<u32>,
    /// Every modifier that applied.
    pub modifiers: Vec<Modifier>,
    /// The modified roll, if a die was rolled.
    pub total: Option<i32>,
    /// What the interrogation yields.
    pub result: InterrogationResult,
}

/// The interrogation table on a modified roll: 1–3 name and rank, 4–5 good information, 6 or
/// more good information and surprise.
pub fn interrogation_table(total: i32) -> InterrogationResult {
    match total {
        i32::MIN..=3 => InterrogationResult::NameAndRank,
        4 | 5 => InterrogationResult::GoodInformation,
        _ => InterrogationResult::GoodInformationAndSurprise,
    }
}

/// Interrogates a prisoner (`deserter`: +1) with the face `die`; a captured hero gives name and
/// rank only whatever the die.
pub fn interrogate(die: u32, deserter: bool, hero: bool) -> Interrogation {
    if hero {
        return Interrogation {
            die: Some(die),
            modifiers: Vec::new(),
            total: None,
            result: InterrogationResult::NameAndRank,
        };
    }
    let modifiers = if deserter {
        vec![Modifier::new("deserter", 1)]
    } else {
        Vec::new()
    };
    let total = i32::try_from(die).unwrap_or(6) + modifier_sum(&modifiers);
    Interrogation {
        die: Some(die),
        modifiers,
        total: Some(total),
        result: interrogation_table(total),
    }
}

/// The interrogation roll, 1d6 (+1 for a deserter) (R25).
///
/// **interpretation**: no die is rolled for a captured hero, since the table cannot change what
/// he says.
#[derive(Clone, Copy, Debug)]
pub struct InterrogationRoll;

/// The interrogation roll.
pub static INTERROGATION: InterrogationRoll = InterrogationRoll;

impl Procedure for InterrogationRoll {
    fn name(&self) -> &'static str {
        "interrogation"
    }
    fn title(&self) -> &'static str {
        "Interrogate a prisoner or deserter"
    }
    fn rule(&self) -> &'static str {
        "WoNS R25"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            flag_spec("deserter", "The man is a deserter", false),
            flag_spec("hero", "The man is a captured hero", false),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let deserter = flag(params, "deserter")?;
        if flag(params, "hero")? {
            let result = Interrogation {
                die: None,
                modifiers: Vec::new(),
                total: None,
                result: InterrogationResult::NameAndRank,
            };
            let summary =
                "R25 interrogation: a captured hero gives name and rank only (no roll)".to_string();
            return outcome("none", None, &result, summary);
        }
        let die = draw.d6();
        let done = interrogate(die, deserter, false);
        let summary = format!(
            "R25 interrogation: {}: {}",
            roll_text(die, &done.modifiers),
            done.result.describe()
        );
        outcome("1d6", done.total.map(i64::from), &done, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;
    use serde_json::json;

    #[test]
    fn table_edges() {
        use InterrogationResult::*;
        assert_eq!(interrogate(1, false, false).result, NameAndRank);
        assert_eq!(interrogate(3, false, false).result, NameAndRank);
        assert_eq!(interrogate(4, false, false).result, GoodInformation);
        assert_eq!(interrogate(5, false, false).result, GoodInformation);
        assert_eq!(
            interrogate(6, false, false).result,
            GoodInformationAndSurprise
        );
    }

    #[test]
    fn deserter_adds_one() {
        use InterrogationResult::*;
        assert_eq!(interrogate(3, true, false).result, GoodInformation);
        assert_eq!(
            interrogate(5, true, false).result,
            GoodInformationAndSurprise
        );
        assert_eq!(interrogate(5, true, false).total, Some(6));
        assert_eq!(interrogate(6, true, false).total, Some(7));
        assert_eq!(
            interrogate(6, true, false).result,
            GoodInformationAndSurprise
        );
    }

    #[test]
    fn heroes_give_name_and_rank() {
        assert_eq!(
            interrogate(6, true, true).result,
            InterrogationResult::NameAndRank
        );
        assert_eq!(
            InterrogationResult::GoodInformationAndSurprise.surprise(),
            Some(SurpriseLevel::SentriesInFrontLine)
        );
        assert_eq!(InterrogationResult::GoodInformation.surprise(), None);
    }

    #[test]
    fn procedure_with_scripted_dice() {
        let out = run_scripted(&INTERROGATION, json!({"deserter": true}), &[5]);
        assert_eq!(out.result["result"], "good_information_and_surprise");
        assert!(
            out.summary.contains("rolled 5 +1 (deserter) = 6"),
            "{}",
            out.summary
        );
        let out = run_scripted(&INTERROGATION, json!({}), &[3]);
        assert_eq!(out.result["result"], "name_and_rank");
        let out = run_scripted(&INTERROGATION, json!({"hero": true}), &[]);
        assert_eq!(out.result["result"], "name_and_rank");
    }
}
