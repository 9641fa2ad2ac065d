//! Where rules get their dice: the `Draw` and `Dice` traits, and scripted dice for tests.

use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Who may see a roll's draws, purpose and result before the campaign finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Everyone in the campaign.
    Public,
    /// The roller's side and the umpire.
    Side,
    /// The umpire only.
    Umpire,
}

impl Visibility {
    /// The identifier used in the API and the database.
    pub fn code(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Side => "side",
            Visibility::Umpire => "umpire",
        }
    }
}

/// Draws dice inside one roll (one roll number `k`).
pub trait Draw {
    /// Rolls one die with `sides` faces (at least 2) and returns its face, 1 to `sides`.
    fn die(&mut self, sides: u32) -> u32;

    /// Rolls one six-sided die.
    fn d6(&mut self) -> u32 {
        self.die(6)
    }
}

/// What a rule asks for when it rolls: why, who rolls, who may see it, which dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSpec {
    /// A sentence naming the unit and the rule, e.g. "2nd Platoon advance roll (R2)".
    pub purpose: String,
    /// Who may see the roll.
    pub visibility: Visibility,
    /// Whose roll it is: decides who sees a `side` roll.
    pub roller: Role,
    /// The faces of each die, in draw order (e.g. `[6, 6]` for 2d6).
    pub sides: Vec<u32>,
}

impl RollSpec {
    /// A roll of `count` six-sided dice.
    pub fn d6s(
        purpose: impl Into<String>,
        roller: Role,
        visibility: Visibility,
        count: usize,
    ) -> Self {
        RollSpec {
            purpose: purpose.into(),
            visibility,
            roller,
            sides: vec![6; count],
        }
    }
}

/// The dice a rule function rolls with: every call is one logged, numbered roll.
pub trait Dice {
    /// Makes one roll and returns its faces, one per entry of `spec.sides`, in order.
    fn roll(&mut self, spec: RollSpec) -> Vec<u32>;
}

/// Dice that return faces from a script, for testing rules; they remember every roll asked for.
#[derive(Debug, Default)]
pub struct ScriptedDice {
    faces: VecDeque<u32>,
    /// Every roll made so far, in order.
    pub rolls: Vec<RollSpec>,
}

impl ScriptedDice {
    /// Dice that will return `faces` in order.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        ScriptedDice {
            faces: faces.into_iter().collect(),
            rolls: Vec::new(),
        }
    }

    /// How many scripted faces have not been used.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }

    fn next_face(&mut self, sides: u32) -> u32 {
        let face = self
            .faces
            .pop_front()
            .unwrap_or_else(|| panic!("scripted dice ran out: a d{sides} was asked for"));
        assert!(
            (1..=sides).contains(&face),
            "scripted face {face} cannot come from a d{sides}"
        );
        face
    }
}

impl Draw for ScriptedDice {
    fn die(&mut self, sides: u32) -> u32 {
        self.next_face(sides)
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        let faces = spec.sides.iter().map(|&s| self.next_face(s)).collect();
        self.rolls.push(spec);
        faces
    }
}
