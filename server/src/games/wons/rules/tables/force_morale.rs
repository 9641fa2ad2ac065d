//! Starting Force Morale (the campaign's Force Morale table with the WoNS modifiers of R2, R3
//! and R5.4) and the blue dice of smaller forces (R3).

use super::tray::{choice, choice_spec, d6_outcome, flag, flag_spec, whole, whole_spec};
use super::{Modifier, modifier_sum};
use crate::dice::procedure::{Outcome, ParamError, ParamSpec, Procedure};
use crate::dice::source::Draw;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The size of a force at the start of the campaign, which decides its blue dice (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmallerForce {
    /// Three or four sections, perhaps with one to three supports: no blue dice.
    FullPlatoon,
    /// Two sections, perhaps with one or two supports.
    TwoSections,
    /// One section or team, perhaps with one or two supports.
    OneSection,
}

impl SmallerForce {
    /// The identifiers used in procedure parameters, in the order of the R3 table.
    pub const CODES: &'static [&'static str] = &["full_platoon", "two_sections", "one_section"];

    /// The identifier used in procedure parameters.
    pub fn code(self) -> &'static str {
        match self {
            SmallerForce::FullPlatoon => "full_platoon",
            SmallerForce::TwoSections => "two_sections",
            SmallerForce::OneSection => "one_section",
        }
    }

    /// The size named by `code`, if any.
    pub fn from_code(code: &str) -> Option<Self> {
        [
            SmallerForce::FullPlatoon,
            SmallerForce::TwoSections,
            SmallerForce::OneSection,
        ]
        .into_iter()
        .find(|f| f.code() == code)
    }
}

/// How many command dice a force of this original size replaces by blue dice (R3).
pub fn blue_dice(force: SmallerForce) -> u8 {
    match force {
        SmallerForce::FullPlatoon => 0,
        SmallerForce::TwoSections => 1,
        SmallerForce::OneSection => 2,
    }
}

/// What a force of this original size adds to its Force Morale result (R3).
pub fn smaller_force_modifier(force: SmallerForce) -> i32 {
    match force {
        SmallerForce::FullPlatoon => 0,
        SmallerForce::TwoSections => -2,
        SmallerForce::OneSection => -4,
    }
}

/// Whether a blue command die counts: only on 5 or 6 (R3).
pub fn blue_die_counts(face: u32) -> bool {
    face >= 5
}

/// The campaign's Force Morale table: the result for each face of the die. An umpire may edit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ForceMoraleTable {
    /// The Force Morale result for faces 1 to 6, in order.
    pub by_face: [u8; 6],
}

impl ForceMoraleTable {
    /// The default table: 1 gives 8, 2–3 give 9, 4–5 give 10, 6 gives 11.
    pub const DEFAULT: ForceMoraleTable = ForceMoraleTable {
        by_face: [8, 9, 9, 10, 10, 11],
    };

    /// The result for `die`; faces outside 1–6 are read as the nearest face.
    pub fn result(&self, die: u32) -> u8 {
        let index = die.clamp(1, 6) as usize - 1;
        self.by_face.get(index).copied().unwrap_or(0)
    }
}

impl Default for ForceMoraleTable {
    fn default() -> Self {
        ForceMoraleTable::DEFAULT
    }
}

/// A side's starting Force Morale for one battle and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceMoraleStart {
    /// The face rolled.
    pub die: u32,
    /// The table's result for that face, before modifiers.
    pub result: u8,
    /// Every modifier that applied, in the order of the rules.
    pub modifiers: Vec<Modifier>,
    /// The starting Force Morale.
    pub value: u8,
}

/// Starting Force Morale: the table's result for `die`, minus Exhaustion (R2), minus the
/// smaller-force modifier (R3), minus 1 in Darkness (R5.4).
///
/// **interpretation**: the value never falls below 0; a force starting at 0 has no morale to
/// lose and the umpire decides whether it fights at all.
pub fn force_morale_start(
    die: u32,
    table: &ForceMoraleTable,
    exhaustion: u8,
    smaller_force: SmallerForce,
    darkness: bool,
) -> ForceMoraleStart {
    let result = table.result(die);
    let mut modifiers = Vec::new();
    if exhaustion > 0 {
        modifiers.push(Modifier::new("Exhaustion", -i32::from(exhaustion)));
    }
    let smaller = smaller_force_modifier(smaller_force);
    if smaller != 0 {
        modifiers.push(Modifier::new(
            format!("smaller force ({})", smaller_force.code().replace('_', " ")),
            smaller,
        ));
    }
    if darkness {
        modifiers.push(Modifier::new("Darkness", -1));
    }
    let value = (i32::from(result) + modifier_sum(&modifiers)).max(0);
    ForceMoraleStart {
        die,
        result,
        modifiers,
        value: u8::try_from(value).unwrap_or(u8::MAX),
    }
}

/// The dice-tray roll for starting Force Morale, over a given Force Morale table.
#[derive(Clone, Copy, Debug)]
pub struct ForceMoraleStartRoll {
    /// The table the die is read on.
    pub table: ForceMoraleTable,
}

/// The starting Force Morale roll over the default table.
pub static FORCE_MORALE_START: ForceMoraleStartRoll = ForceMoraleStartRoll {
    table: ForceMoraleTable::DEFAULT,
};

impl Procedure for ForceMoraleStartRoll {
    fn name(&self) -> &'static str {
        "force-morale-start"
    }
    fn title(&self) -> &'static str {
        "Starting Force Morale"
    }
    fn rule(&self) -> &'static str {
        "WoNS R2, R3, R5.4"
    }
    fn params(&self) -> Vec<ParamSpec> {
        vec![
            choice_spec(
                "smaller_force",
                "Size of the force at the start of the campaign",
                SmallerForce::CODES,
                "full_platoon",
            ),
            whole_spec("exhaustion", "Exhaustion of the platoon", 0, 9, 0),
            flag_spec("darkness", "The battle is fought in Darkness", false),
        ]
    }
    fn run(&self, params: &Map<String, Value>, draw: &mut dyn Draw) -> Result<Outcome, ParamError> {
        let code = choice(params, "smaller_force", SmallerForce::CODES)?;
        let force = SmallerForce::from_code(code)
            .ok_or_else(|| ParamError(format!("R3: '{code}' is not a force size")))?;
        let exhaustion = u8::try_from(whole(params, "exhaustion", 0, 9)?).unwrap_or(9);
        let darkness = flag(params, "darkness")?;
        let die = draw.d6();
        let start = force_morale_start(die, &self.table, exhaustion, force, darkness);
        let mut summary = format!(
            "R5.4 starting Force Morale: rolled {die} (result {})",
            start.result
        );
        for m in &start.modifiers {
            summary.push_str(&format!(" {:+} {}", m.amount, m.name));
        }
        summary.push_str(&format!(
            " = {}; {} blue command dice",
            start.value,
            blue_dice(force)
        ));
        d6_outcome(die, &start, summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wons::rules::tables::tray::run_scripted;

    fn start(die: u32, exhaustion: u8, force: SmallerForce, darkness: bool) -> u8 {
        force_morale_start(die, &ForceMoraleTable::DEFAULT, exhaustion, force, darkness).value
    }

    #[test]
    fn default_table_each_face() {
        let got: Vec<u8> = (1..=6)
            .map(|d| start(d, 0, SmallerForce::FullPlatoon, false))
            .collect();
        assert_eq!(got, vec![8, 9, 9, 10, 10, 11]);
    }

    #[test]
    fn each_modifier_alone_and_together() {
        assert_eq!(start(6, 3, SmallerForce::FullPlatoon, false), 8);
        assert_eq!(start(6, 0, SmallerForce::TwoSections, false), 9);
        assert_eq!(start(6, 0, SmallerForce::OneSection, false), 7);
        assert_eq!(start(6, 0, SmallerForce::FullPlatoon, true), 10);
        let all = force_morale_start(
            4,
            &ForceMoraleTable::DEFAULT,
            1,
            SmallerForce::TwoSections,
            true,
        );
        assert_eq!(all.value, 10 - 1 - 2 - 1);
        assert_eq!(all.modifiers.len(), 3);
        assert_eq!(modifier_sum(&all.modifiers), -4);
    }

    #[test]
    fn seed_example_two_sections_rolling_one_start_at_six() {
        assert_eq!(start(1, 0, SmallerForce::TwoSections, false), 6);
    }

    #[test]
    fn never_below_zero_and_edited_table_used() {
        assert_eq!(start(1, 9, SmallerForce::OneSection, true), 0);
        let edited = ForceMoraleTable {
            by_face: [7, 7, 8, 9, 10, 12],
        };
        assert_eq!(
            force_morale_start(6, &edited, 0, SmallerForce::FullPlatoon, false).value,
            12
        );
    }

    #[test]
    fn blue_dice_per_force_size() {
        assert_eq!(blue_dice(SmallerForce::FullPlatoon), 0);
        assert_eq!(blue_dice(SmallerForce::TwoSections), 1);
        assert_eq!(blue_dice(SmallerForce::OneSection), 2);
        assert!(!blue_die_counts(4));
        assert!(blue_die_counts(5));
        for code in SmallerForce::CODES {
            assert_eq!(SmallerForce::from_code(code).map(|f| f.code()), Some(*code));
        }
    }

    #[test]
    fn procedure_rolls_one_die() {
        let out = run_scripted(
            &FORCE_MORALE_START,
            serde_json::json!({"smaller_force": "two_sections", "exhaustion": 1, "darkness": true}),
            &[1],
        );
        assert_eq!(out.result["value"], 4);
        assert!(out.summary.contains("= 4"), "{}", out.summary);
    }
}
