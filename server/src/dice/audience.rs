//! The four audiences of motti-dice/v2: who a roll belongs to, and which epoch seed rolls it.

use super::source::Visibility;
use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Who a roll belongs to; each audience has its own seed in every v2 epoch.
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
pub enum Audience {
    /// Everyone in the campaign.
    Public,
    /// The Soviet side (and the umpire).
    Soviet,
    /// The Finnish side (and the umpire).
    Finnish,
    /// The umpire only.
    Umpire,
}

impl Audience {
    /// Every audience, in the order of their bytes.
    pub const ALL: [Audience; 4] = [
        Audience::Public,
        Audience::Soviet,
        Audience::Finnish,
        Audience::Umpire,
    ];

    /// The audience of a roll of `visibility` made by (or for) `roller`.
    pub fn of(visibility: Visibility, roller: Role) -> Audience {
        match (visibility, roller) {
            (Visibility::Public, _) => Audience::Public,
            (Visibility::Umpire, _) | (Visibility::Side, Role::Umpire) => Audience::Umpire,
            (Visibility::Side, Role::Soviet) => Audience::Soviet,
            (Visibility::Side, Role::Finnish) => Audience::Finnish,
        }
    }

    /// The byte that stands for the audience in the roll key and the chain.
    pub fn byte(self) -> u8 {
        match self {
            Audience::Public => 0,
            Audience::Soviet => 1,
            Audience::Finnish => 2,
            Audience::Umpire => 3,
        }
    }

    /// The identifier used in the API, the export and the database.
    pub fn code(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Soviet => "soviet",
            Audience::Finnish => "finnish",
            Audience::Umpire => "umpire",
        }
    }

    /// The audience's name in a sentence ("the Soviet seed").
    pub fn adjective(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Soviet => "Soviet",
            Audience::Finnish => "Finnish",
            Audience::Umpire => "umpire",
        }
    }

    /// Whether a participant of `role` belongs to the audience (the umpire belongs to all).
    pub fn includes(self, role: Role) -> bool {
        match self {
            Audience::Public => true,
            Audience::Soviet => matches!(role, Role::Soviet | Role::Umpire),
            Audience::Finnish => matches!(role, Role::Finnish | Role::Umpire),
            Audience::Umpire => role == Role::Umpire,
        }
    }
}

impl fmt::Display for Audience {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Audience {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Audience::ALL
            .into_iter()
            .find(|a| a.code() == text)
            .ok_or_else(|| {
                format!("Audience '{text}' is unknown: choose public, soviet, finnish or umpire.")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audience_of_each_roll() {
        use Audience::*;
        assert_eq!(Audience::of(Visibility::Public, Role::Soviet), Public);
        assert_eq!(Audience::of(Visibility::Side, Role::Soviet), Soviet);
        assert_eq!(Audience::of(Visibility::Side, Role::Finnish), Finnish);
        assert_eq!(Audience::of(Visibility::Side, Role::Umpire), Umpire);
        assert_eq!(Audience::of(Visibility::Umpire, Role::Umpire), Umpire);
    }

    #[test]
    fn who_belongs() {
        assert!(Audience::Soviet.includes(Role::Umpire));
        assert!(!Audience::Soviet.includes(Role::Finnish));
        assert!(!Audience::Umpire.includes(Role::Soviet));
        assert!(Audience::Public.includes(Role::Finnish));
        assert_eq!("finnish".parse::<Audience>(), Ok(Audience::Finnish));
        assert!(
            "everyone"
                .parse::<Audience>()
                .unwrap_err()
                .contains("unknown")
        );
    }
}
