//! Tactical support counters (rule 3.3): which exist, whose they are, and the choices some offer.

use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

/// A tactical support counter (rules 3.3.2 and 3.3.3).
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
pub enum SupportKind {
    /// Soviet commander Meretskov: defence lines count −1, or an artillery support counts double.
    Meretskov,
    /// Soviet commander Timoshenko: doubles Finnish losses with artillery, or +1 bonus in a manoeuvre.
    Timoshenko,
    /// Soviet air support: −1 for each Finnish unit.
    SovietAir,
    /// Soviet artillery: −2 on the Finnish force.
    SovietArtillery,
    /// NKVD: cancels a Soviet retreat but doubles the Soviet losses.
    Nkvd,
    /// Soviet reinforcements: up to two more units from the starting or an adjacent space.
    SovietReinforcements,
    /// Lack of munitions: −2 for each Finnish unit.
    LackOfMunitions,
    /// Supply: +1 on the Soviet die, or −1 on the Finnish die.
    Supply,
    /// T-34/KV-1 brigade: defence lines count −1 instead of −4.
    T34Kv1,
    /// Finnish commander Mannerheim: cancels a Finnish retreat for double losses, or −2 on the Soviets.
    Mannerheim,
    /// Finnish artillery: −2 on the Soviet force.
    FinnishArtillery,
    /// Finnish reinforcements: two more units of the player's choice.
    FinnishReinforcements,
    /// Anti-tank: −2 for each Soviet tank unit, else −1 on the Soviet force.
    AntiTank,
    /// Finnish air support: cancels the Soviet air support, else −1 on the Soviet force.
    FinnishAir,
    /// Ambush: −3 for each Soviet unit, and no Soviet tactical bonus.
    Ambush,
}

impl SupportKind {
    /// Whose counter it is.
    pub fn side(self) -> Side {
        match self {
            SupportKind::Mannerheim
            | SupportKind::FinnishArtillery
            | SupportKind::FinnishReinforcements
            | SupportKind::AntiTank
            | SupportKind::FinnishAir
            | SupportKind::Ambush => Side::Finnish,
            _ => Side::Soviet,
        }
    }

    /// The abbreviation printed on the counter.
    pub fn code(self) -> &'static str {
        match self {
            SupportKind::Meretskov => "mer",
            SupportKind::Timoshenko => "timo",
            SupportKind::SovietAir | SupportKind::FinnishAir => "air",
            SupportKind::SovietArtillery | SupportKind::FinnishArtillery => "art",
            SupportKind::Nkvd => "nkvd",
            SupportKind::SovietReinforcements | SupportKind::FinnishReinforcements => "renf",
            SupportKind::LackOfMunitions => "muni",
            SupportKind::Supply => "rav",
            SupportKind::T34Kv1 => "t34",
            SupportKind::Mannerheim => "mann",
            SupportKind::AntiTank => "at",
            SupportKind::Ambush => "emb",
        }
    }

    /// The support a side's counter file names with `code`.
    pub fn from_code(side: Side, code: &str) -> Option<SupportKind> {
        SupportKind::ALL
            .into_iter()
            .find(|k| k.side() == side && k.code() == code)
    }

    /// A commander support, added beyond a strategy's support allowance (rule 3.2.2).
    pub fn is_commander(self) -> bool {
        matches!(self, SupportKind::Meretskov | SupportKind::Timoshenko)
    }

    /// An air support, grounded by snow and fog (rule 5).
    pub fn is_air(self) -> bool {
        matches!(self, SupportKind::SovietAir | SupportKind::FinnishAir)
    }

    /// Every support kind.
    pub const ALL: [SupportKind; 15] = [
        SupportKind::Meretskov,
        SupportKind::Timoshenko,
        SupportKind::SovietAir,
        SupportKind::SovietArtillery,
        SupportKind::Nkvd,
        SupportKind::SovietReinforcements,
        SupportKind::LackOfMunitions,
        SupportKind::Supply,
        SupportKind::T34Kv1,
        SupportKind::Mannerheim,
        SupportKind::FinnishArtillery,
        SupportKind::FinnishReinforcements,
        SupportKind::AntiTank,
        SupportKind::FinnishAir,
        SupportKind::Ambush,
    ];
}

/// The choice a player makes for a support whose effect is "player's choice" (rule 3.3).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SupportChoice {
    /// The first effect listed: Meretskov reduces defence lines, Timoshenko doubles Finnish losses
    /// with artillery, Mannerheim cancels the Finnish retreat for double losses.
    #[default]
    First,
    /// The second effect listed: Meretskov doubles the artillery, Timoshenko gives +1 bonus in a
    /// manoeuvre, Mannerheim gives −2 on the Soviet force.
    Second,
}
