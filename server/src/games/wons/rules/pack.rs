//! Scenario packs: the TOML file a campaign starts from, read with the line of every error.

use super::ladder::TableColour;
use super::platoon::ElementKind;
use super::state::FeatureKind;
use crate::core::domain::Side;
use crate::core::lines::LineStarts;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// The demonstration pack shipped with motti (built around the seed's ladder).
pub const DEMO_PACK: &str = include_str!("../../../../../scenarios/wons-demo.toml");

/// Why a scenario pack was refused: where, which field, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("scenario pack line {line}, field {field}: {message}")]
pub struct PackError {
    /// The line (from 1) the problem is on.
    pub line: usize,
    /// The field, as a path like `platoons[3].step`.
    pub field: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl PackError {
    /// An error at the place `span` in `source` (a pack is refused at its first error, so its
    /// lines are counted once).
    pub(super) fn at(
        source: &str,
        span: std::ops::Range<usize>,
        field: String,
        message: impl Into<String>,
    ) -> Self {
        PackError {
            line: LineStarts::new(source).line_of(span.start),
            field,
            message: message.into(),
        }
    }

    fn from_toml(source: &str, error: &toml::de::Error) -> Self {
        let message = error.message().trim().to_string();
        let span = error.span().unwrap_or(0..0);
        let lines = LineStarts::new(source);
        let line = lines.line_of(span.start);
        let quoted = message.split('`').nth(1).filter(|_| {
            message.starts_with("missing field") || message.starts_with("unknown field")
        });
        let field = quoted.map(str::to_string).unwrap_or_else(|| {
            let text = lines.line(source, line);
            match text.split_once('=') {
                Some((key, _)) => key.trim().to_string(),
                None => text.trim().trim_matches(['[', ']']).to_string(),
            }
        });
        PackError {
            line,
            field,
            message,
        }
    }
}

/// `[campaign]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCampaign {
    pub name: String,
    pub demonstration: bool,
    #[serde(default)]
    pub note: String,
    pub start_date: Spanned<String>,
    pub start_hour: Spanned<u32>,
    pub length_hours: Spanned<u32>,
    pub initiative: Side,
}

/// `[daylight]`: the hours of the day that are light.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDaylight {
    pub from: Spanned<u32>,
    pub until: Spanned<u32>,
}

/// `[[ladder]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStep {
    pub letter: Spanned<String>,
    pub name: String,
    pub tables: Spanned<Vec<TableColour>>,
    #[serde(default)]
    pub major_defence_line: bool,
    #[serde(default)]
    pub buildings: Vec<String>,
}

/// `[[stacks.order]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStack {
    pub id: Spanned<String>,
    pub platoons: Spanned<Vec<String>>,
}

/// `[stacks]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStacks {
    pub min_size: Spanned<usize>,
    pub max_size: Spanned<usize>,
    pub order: Vec<RawStack>,
}

/// `[[platoons.toe]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawElement {
    pub name: String,
    pub kind: ElementKind,
    pub men: Spanned<BTreeMap<String, u32>>,
    #[serde(default)]
    pub weapons: BTreeMap<String, u32>,
}

/// `[[platoons]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPlatoon {
    pub id: Spanned<String>,
    pub name: String,
    pub side: Side,
    pub step: Spanned<String>,
    #[serde(default)]
    pub fatigue: u32,
    pub toe: Spanned<Vec<RawElement>>,
}

/// `[[features]]`: minefields and other works in place at the start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFeature {
    pub id: Spanned<String>,
    pub kind: FeatureKind,
    pub owner: Side,
    pub step: Spanned<String>,
    #[serde(default = "one")]
    pub count: u32,
}

/// `[[support]]`: an entry of a side's support lists (R1.4).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSupport {
    pub id: Spanned<String>,
    pub side: Side,
    pub list: Spanned<u32>,
    pub name: String,
    #[serde(default)]
    pub retained: bool,
    #[serde(default)]
    pub recon: Option<Spanned<bool>>,
    #[serde(default)]
    pub barrage: Option<Spanned<String>>,
}

fn one() -> u32 {
    1
}

/// `[[victory.levels]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLevel {
    pub name: String,
    pub winner: Side,
    pub step: Spanned<String>,
    pub by_hour: Spanned<u32>,
}

/// `[victory]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawVictory {
    pub levels: Vec<RawLevel>,
    pub otherwise_name: String,
    pub otherwise_winner: Side,
}

/// `[force_morale]`: the campaign's Force Morale table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawForceMorale {
    pub by_face: Spanned<[u8; 6]>,
}

/// A whole pack as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPack {
    pub campaign: RawCampaign,
    pub daylight: RawDaylight,
    #[serde(default)]
    pub optional_rules: BTreeMap<String, bool>,
    pub ladder: Spanned<Vec<RawStep>>,
    pub stacks: RawStacks,
    pub platoons: Vec<RawPlatoon>,
    #[serde(default)]
    pub features: Vec<RawFeature>,
    #[serde(default)]
    pub support: Vec<RawSupport>,
    #[serde(default)]
    pub force_morale: Option<RawForceMorale>,
    pub victory: RawVictory,
}

/// Reads a pack's TOML; errors name the line and the field.
pub(super) fn parse(source: &str) -> Result<RawPack, PackError> {
    // Measured first: the size and nesting limits hold whatever the parser would do.
    crate::core::nesting::refuse(source).map_err(|(line, message)| PackError {
        line,
        field: "scenario".into(),
        message,
    })?;
    toml::from_str(source).map_err(|e| PackError::from_toml(source, &e))
}
