//! Environment markers (rule 5): the terrain and weather the Finns turn against the Red Army.

use serde::{Deserialize, Serialize};

/// An environment marker.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EnvironmentKind {
    /// Snow (Neige): Soviet infantry −1 and no bonus, armour −3; no air support.
    Snow,
    /// Woods (Bois): +1 for each Finnish unit, −1 for each Soviet tank unit.
    Woods,
    /// Forest (Forêt): −2 for each Soviet unit; Soviet tanks lose their bonus.
    Forest,
    /// Swamp (Marais): −1 for each Soviet unit.
    Swamp,
    /// Fog (Brouillard): no air support; +1 for each Finnish unit.
    Fog,
}

impl EnvironmentKind {
    /// Every marker kind.
    pub const ALL: [EnvironmentKind; 5] = [
        EnvironmentKind::Snow,
        EnvironmentKind::Woods,
        EnvironmentKind::Forest,
        EnvironmentKind::Swamp,
        EnvironmentKind::Fog,
    ];

    /// The word used in data files and ids.
    pub fn code(self) -> &'static str {
        match self {
            EnvironmentKind::Snow => "snow",
            EnvironmentKind::Woods => "woods",
            EnvironmentKind::Forest => "forest",
            EnvironmentKind::Swamp => "swamp",
            EnvironmentKind::Fog => "fog",
        }
    }

    /// The marker a data file names with `code`.
    pub fn from_code(code: &str) -> Option<EnvironmentKind> {
        EnvironmentKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// Whether the marker grounds air support for both sides.
    pub fn grounds_air(self) -> bool {
        matches!(self, EnvironmentKind::Snow | EnvironmentKind::Fog)
    }
}
