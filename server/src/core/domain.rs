//! Names every layer shares: the games motti knows, the sides and the roles in a campaign.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A game a campaign is played under: its code, used in the API and the database, and its
/// title as players know it. Each game declares its own in its folder (`games::Game::GAME`);
/// which games a server plays is its registry's list (`games::registry`), never this type.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    code: &'static str,
    title: &'static str,
}

impl Game {
    /// The game with `code` and `title`.
    pub const fn new(code: &'static str, title: &'static str) -> Game {
        Game { code, title }
    }

    /// The identifier used in the API and the database.
    pub fn code(self) -> &'static str {
        self.code
    }

    /// The game's title as players know it.
    pub fn title(self) -> &'static str {
        self.title
    }
}

// A game is its code: two games with one code are one game.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.code == other.code
    }
}

impl Eq for Game {}

impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.code.hash(state);
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code)
    }
}

impl utoipa::PartialSchema for Game {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(
                "A game's code, one of those the server plays (`wons`, `talvisota`, …).",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Game {}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A stored code (a game's, a role's) that names nothing motti knows: the read fails with this,
/// naming the value, rather than taking a default.
#[derive(Debug)]
pub struct UnknownCode(String);

impl UnknownCode {
    /// The error `message` says, naming the value (and the row, when known).
    pub fn new(message: String) -> UnknownCode {
        UnknownCode(message)
    }
}

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UnknownCode {}

/// Whether a campaign is still played or has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CampaignStatus {
    /// Still played.
    Open,
    /// Finished: nothing more can be done in it.
    Finished,
}

impl CampaignStatus {
    /// The code stored in the database.
    pub fn code(self) -> &'static str {
        match self {
            CampaignStatus::Open => "open",
            CampaignStatus::Finished => "finished",
        }
    }
}

impl TryFrom<String> for CampaignStatus {
    type Error = UnknownCode;
    fn try_from(code: String) -> Result<Self, Self::Error> {
        [CampaignStatus::Open, CampaignStatus::Finished]
            .into_iter()
            .find(|s| s.code() == code)
            .ok_or_else(|| {
                UnknownCode(format!(
                    "the stored campaign status '{code}' is neither open nor finished"
                ))
            })
    }
}

/// What a step of a campaign's story (replay) marks: a new turn, Hour or phase, or the moment
/// just after a battle's result was recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// A new turn, Hour or phase (or the start).
    Turn,
    /// The state just after a battle's result was recorded.
    Battle,
}

impl StepKind {
    /// The code stored in the database and used in the API.
    pub fn code(self) -> &'static str {
        match self {
            StepKind::Turn => "turn",
            StepKind::Battle => "battle",
        }
    }
}

impl TryFrom<String> for StepKind {
    type Error = UnknownCode;
    fn try_from(code: String) -> Result<Self, Self::Error> {
        [StepKind::Turn, StepKind::Battle]
            .into_iter()
            .find(|k| k.code() == code)
            .ok_or_else(|| {
                UnknownCode(format!(
                    "the stored step kind '{code}' is neither turn nor battle"
                ))
            })
    }
}

/// One of the two warring sides.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The Red Army.
    Soviet,
    /// The Finnish Army.
    Finnish,
}

impl Side {
    /// The other side.
    pub fn enemy(self) -> Side {
        match self {
            Side::Soviet => Side::Finnish,
            Side::Finnish => Side::Soviet,
        }
    }

    /// The identifier used in the API and the database.
    pub fn code(self) -> &'static str {
        match self {
            Side::Soviet => "soviet",
            Side::Finnish => "finnish",
        }
    }

    /// "Soviet" or "Finnish", for sentences.
    pub fn adjective(self) -> &'static str {
        match self {
            Side::Soviet => "Soviet",
            Side::Finnish => "Finnish",
        }
    }

    /// The role that plays this side.
    pub fn role(self) -> Role {
        match self {
            Side::Soviet => Role::Soviet,
            Side::Finnish => Role::Finnish,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What a participant is in one campaign.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays the Soviet side.
    Soviet,
    /// Plays the Finnish side.
    Finnish,
    /// Runs the campaign and sees everything.
    Umpire,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 3] = [Role::Soviet, Role::Finnish, Role::Umpire];

    /// The identifier used in the API, the database and dice entropy lines.
    pub fn code(self) -> &'static str {
        match self {
            Role::Soviet => "soviet",
            Role::Finnish => "finnish",
            Role::Umpire => "umpire",
        }
    }

    /// The side this role plays, if it plays one.
    pub fn side(self) -> Option<Side> {
        match self {
            Role::Soviet => Some(Side::Soviet),
            Role::Finnish => Some(Side::Finnish),
            Role::Umpire => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl TryFrom<String> for Role {
    type Error = UnknownCode;
    fn try_from(code: String) -> Result<Self, Self::Error> {
        code.parse()
            .map_err(|_| UnknownCode(format!("the stored role code '{code}' names no role")))
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|r| r.code() == s)
            .ok_or_else(|| format!("Unknown role '{s}': choose soviet, finnish or umpire."))
    }
}
