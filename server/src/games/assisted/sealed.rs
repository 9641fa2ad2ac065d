//! Sealed inputs: a value each side gives in secret (Red Winter's Victory Point bid, 17.0.2).
//! The server keeps each side's value with a random nonce and shows both sides only a SHA-256
//! commitment to it; once both are in, both values and nonces are shown, so either side can check
//! that the other's commitment holds what was revealed. Nobody, the umpire included, reads a
//! value before then.

use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What a game asks both sides to give sealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedSpec {
    /// Its code, e.g. `vp_bid`.
    pub code: &'static str,
    /// What is asked, e.g. "Victory Point bid".
    pub title: &'static str,
    /// The rule, e.g. "17.0.2".
    pub rule: &'static str,
    /// What each side is asked, one sentence.
    pub question: &'static str,
    /// The smallest value.
    pub min: i64,
    /// The largest value.
    pub max: i64,
    /// What the revealed values do.
    pub effect: Effect,
}

/// What the revealed values do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A Victory Point bid: the higher bid keeps its side and gives the other side that many
    /// victory points; equal bids are given again.
    VictoryPointBid,
}

/// One side's sealed value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealing {
    /// The value.
    pub value: i64,
    /// The nonce, 32 hex digits.
    pub nonce: String,
    /// SHA-256 of the line [`commitment`] writes, hex.
    pub commitment: String,
}

/// One round of both sides' values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The Soviet value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soviet: Option<Sealing>,
    /// The Finnish value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finnish: Option<Sealing>,
}

impl Round {
    /// The value of `side`.
    pub fn get(&self, side: Side) -> Option<&Sealing> {
        match side {
            Side::Soviet => self.soviet.as_ref(),
            Side::Finnish => self.finnish.as_ref(),
        }
    }

    fn slot(&mut self, side: Side) -> &mut Option<Sealing> {
        match side {
            Side::Soviet => &mut self.soviet,
            Side::Finnish => &mut self.finnish,
        }
    }

    fn both(&self) -> Option<(i64, i64)> {
        Some((self.soviet.as_ref()?.value, self.finnish.as_ref()?.value))
    }
}

/// A sealed input as the game keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedInput {
    /// The values given in this round.
    #[serde(default)]
    pub sealed: Round,
    /// Earlier rounds, revealed (equal bids are given again).
    #[serde(default)]
    pub earlier: Vec<Round>,
    /// Both values are in and shown.
    #[serde(default)]
    pub revealed: bool,
}

/// The commitment to `value` of `side` for input `code` with `nonce`: SHA-256 of
/// `motti-sealed/v1\n{code}\n{side}\n{value}\n{nonce}`, in hex.
pub fn commitment(code: &str, side: Side, value: i64, nonce: &str) -> String {
    let line = format!("motti-sealed/v1\n{code}\n{}\n{value}\n{nonce}", side.code());
    hex::encode(Sha256::digest(line.as_bytes()))
}

/// Why a value cannot be sealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealError {
    /// The value is out of bounds.
    OutOfBounds {
        /// The smallest.
        min: i64,
        /// The largest.
        max: i64,
    },
    /// The side has already sealed its value in this round.
    AlreadySealed,
    /// Both values are in and shown.
    AlreadyRevealed,
}

impl SealedInput {
    /// Seals `value` for `side` with `nonce`; reveals both once both are in. Answers whether
    /// this revealed them.
    pub fn seal(
        &mut self,
        spec: &SealedSpec,
        side: Side,
        value: i64,
        nonce: &str,
    ) -> Result<bool, SealError> {
        if self.revealed {
            return Err(SealError::AlreadyRevealed);
        }
        if !(spec.min..=spec.max).contains(&value) {
            return Err(SealError::OutOfBounds {
                min: spec.min,
                max: spec.max,
            });
        }
        let slot = self.sealed.slot(side);
        if slot.is_some() {
            return Err(SealError::AlreadySealed);
        }
        *slot = Some(Sealing {
            value,
            nonce: nonce.to_string(),
            commitment: commitment(spec.code, side, value, nonce),
        });
        let Some((soviet, finnish)) = self.sealed.both() else {
            return Ok(false);
        };
        match spec.effect {
            Effect::VictoryPointBid if soviet == finnish => {
                // Equal bids are given again; the round stays on record, revealed.
                self.earlier.push(std::mem::take(&mut self.sealed));
                Ok(true)
            }
            Effect::VictoryPointBid => {
                self.revealed = true;
                Ok(true)
            }
        }
    }

    /// A bid's victory points once revealed: the side that receives them and how many (the lower
    /// bidder receives the higher bid).
    pub fn points(&self, spec: &SealedSpec) -> Option<(Side, i64)> {
        if !self.revealed || spec.effect != Effect::VictoryPointBid {
            return None;
        }
        let (soviet, finnish) = self.sealed.both()?;
        Some(if soviet > finnish {
            (Side::Finnish, soviet)
        } else {
            (Side::Soviet, finnish)
        })
    }

    /// What `viewer` (a side, or the umpire with `None`) may read of it.
    pub fn seen_by(&self, spec: &SealedSpec, viewer: Option<Side>) -> SealedSeen {
        let side_of = |side: Side| {
            let sealing = self.sealed.get(side);
            let shown = self.revealed || (viewer == Some(side));
            SealedSide {
                side,
                sealed: sealing.is_some(),
                commitment: sealing.map(|s| s.commitment.clone()),
                value: sealing.filter(|_| shown).map(|s| s.value),
                nonce: sealing.filter(|_| self.revealed).map(|s| s.nonce.clone()),
            }
        };
        SealedSeen {
            code: spec.code.to_string(),
            title: spec.title.to_string(),
            rule: spec.rule.to_string(),
            question: spec.question.to_string(),
            min: spec.min,
            max: spec.max,
            sides: vec![side_of(Side::Soviet), side_of(Side::Finnish)],
            revealed: self.revealed,
            earlier: self
                .earlier
                .iter()
                .map(|round| {
                    [Side::Soviet, Side::Finnish]
                        .into_iter()
                        .filter_map(|side| {
                            round.get(side).map(|s| SealedSide {
                                side,
                                sealed: true,
                                commitment: Some(s.commitment.clone()),
                                value: Some(s.value),
                                nonce: Some(s.nonce.clone()),
                            })
                        })
                        .collect()
                })
                .collect(),
            points: self.points(spec),
            open_now: false,
        }
    }
}

/// One side's part of a sealed input as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SealedSide {
    /// The side.
    pub side: Side,
    /// Whether it has sealed its value.
    pub sealed: bool,
    /// Its commitment, once sealed.
    pub commitment: Option<String>,
    /// The value: to its own side at once, to everyone once revealed.
    pub value: Option<i64>,
    /// The nonce, once revealed.
    pub nonce: Option<String>,
}

/// A sealed input as a reader sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SealedSeen {
    /// Its code.
    pub code: String,
    /// What is asked.
    pub title: String,
    /// Its rule.
    pub rule: String,
    /// The question.
    pub question: String,
    /// The smallest value.
    pub min: i64,
    /// The largest value.
    pub max: i64,
    /// Both sides.
    pub sides: Vec<SealedSide>,
    /// Both values are in and shown.
    pub revealed: bool,
    /// Earlier rounds (equal bids), revealed.
    pub earlier: Vec<Vec<SealedSide>>,
    /// The victory points a revealed bid gives: the side and how many.
    #[schema(value_type = Option<Object>)]
    pub points: Option<(Side, i64)>,
    /// Whether a side that has not sealed its value may do so now.
    pub open_now: bool,
}

#[cfg(test)]
#[path = "sealed_tests.rs"]
mod tests;
