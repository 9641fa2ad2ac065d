//! The campaign ladder: lettered steps, their tables, defence lines and buildings.

use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// A step's position on the ladder: 0 is step A.
pub type StepIndex = usize;

/// The letter of the step at `index` (A, B, …).
pub fn step_letter(index: StepIndex) -> String {
    let letter = u8::try_from(index)
        .ok()
        .and_then(|i| b'A'.checked_add(i))
        .filter(u8::is_ascii_uppercase)
        .map(char::from);
    letter.map_or_else(|| format!("#{}", index + 1), String::from)
}

/// The coloured tables a battle may be fought on.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TableColour {
    /// The Red table, where every initial attack is fought.
    Red,
    /// The Yellow table.
    Yellow,
    /// The Purple table.
    Purple,
    /// The Green table.
    Green,
    /// The Blue table.
    Blue,
}

impl TableColour {
    /// The tables a Soviet attack may use in a later Hour than the initial attack (R2).
    pub const SOVIET_LATER: [TableColour; 3] =
        [TableColour::Red, TableColour::Yellow, TableColour::Purple];

    /// The table's name as the rules print it: "Red", "Yellow", …
    pub fn title(self) -> &'static str {
        match self {
            TableColour::Red => "Red",
            TableColour::Yellow => "Yellow",
            TableColour::Purple => "Purple",
            TableColour::Green => "Green",
            TableColour::Blue => "Blue",
        }
    }
}

impl std::fmt::Display for TableColour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

/// How a building stands at a given Hour once someone set it on fire (R26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FireStage {
    /// Burning: eight Hours from the Hour it was set alight.
    Burning,
    /// Burnt out, the ruins too hot to enter for four more Hours.
    HotRuins,
    /// Cold ruins: no longer a building.
    Ruins,
}

/// Hours a building burns (R26).
pub const BURN_HOURS: u32 = 8;
/// Hours its ruins stay too hot to enter after that (R26).
pub const HOT_RUIN_HOURS: u32 = 4;

/// A fire someone set in a building.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Fire {
    /// The side that set it; the other side learns of it by running into it.
    pub set_by: Side,
    /// The Hour it was set.
    pub set_hour: u32,
    /// The Hour the other side learned of it, if it has.
    pub known_to_enemy_since: Option<u32>,
}

impl Fire {
    /// The fire's stage at `hour`.
    pub fn stage(&self, hour: u32) -> FireStage {
        let age = hour.saturating_sub(self.set_hour);
        if age < BURN_HOURS {
            FireStage::Burning
        } else if age < BURN_HOURS + HOT_RUIN_HOURS {
            FireStage::HotRuins
        } else {
            FireStage::Ruins
        }
    }
}

/// A building on a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Building {
    /// Its name, unique on its step.
    pub name: String,
    /// The fire, once someone set it alight.
    pub fire: Option<Fire>,
}

impl Building {
    /// Whether troops can shelter in it: it has never been set on fire.
    pub fn is_intact(&self) -> bool {
        self.fire.is_none()
    }
}

/// One step (location) of the ladder.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Step {
    /// Its letter, A for the first.
    pub letter: String,
    /// Its name.
    pub name: String,
    /// The tables a battle here may be fought on.
    pub tables: Vec<TableColour>,
    /// Whether it is a major Finnish defence line (R2: any or all of the leading stack may
    /// make the initial attack).
    pub major_defence_line: bool,
    /// Its buildings.
    pub buildings: Vec<Building>,
}

impl Step {
    /// "E Palkeala".
    pub fn label(&self) -> String {
        format!("{} {}", self.letter, self.name)
    }

    /// Whether a platoon could rest in one of its buildings.
    pub fn has_intact_building(&self) -> bool {
        self.buildings.iter().any(Building::is_intact)
    }
}

/// The step one move towards the enemy from `step`: Soviets go up the letters, Finns down.
pub fn step_towards_enemy(side: Side, step: StepIndex, steps: usize) -> Option<StepIndex> {
    match side {
        Side::Soviet => Some(step + 1).filter(|s| *s < steps),
        Side::Finnish => step.checked_sub(1),
    }
}

/// The step one move away from the enemy from `step`.
pub fn step_away_from_enemy(side: Side, step: StepIndex, steps: usize) -> Option<StepIndex> {
    step_towards_enemy(side.enemy(), step, steps)
}
