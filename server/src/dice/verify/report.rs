//! What `verify` found: the counts it prints on success, and the first mismatch otherwise.

use super::super::export::Export;
use std::fmt;
use uuid::Uuid;

/// What a successful check covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// The campaign of the export.
    pub campaign_id: Uuid,
    /// Epochs of motti-dice/v1.
    pub epochs_v1: usize,
    /// Epochs of motti-dice/v2.
    pub epochs_v2: usize,
    /// Revealed seeds that matched their commitments.
    pub seeds_checked: usize,
    /// Seeds not revealed yet (their commitments are well formed).
    pub seeds_secret: usize,
    /// Entropy sets whose lines hash to their key.
    pub entropy_sets: usize,
    /// Rolls in the export (numbered 0 to `rolls - 1`).
    pub rolls: usize,
    /// Chain links recomputed.
    pub links_checked: usize,
    /// Links of hidden v1 rolls, which can only be taken as given.
    pub links_given: usize,
    /// Rolls whose every draw (and v2 digest) was derived again from a revealed seed.
    pub rolls_rederived: usize,
    /// Dice in those rolls.
    pub dice_rederived: usize,
    /// Rolls with visible draws whose seed is not revealed yet: checkable later.
    pub rolls_awaiting_seed: usize,
    /// Rolls whose draws are hidden from the export's reader.
    pub rolls_hidden: usize,
    /// Rolls whose result total was recomputed from expression and draws.
    pub totals_recomputed: usize,
    /// The chain hash of the last roll (or `chain_start`), hex.
    pub chain_head: String,
}

impl VerifyReport {
    /// Nothing checked yet.
    pub(super) fn new(export: &Export) -> Self {
        VerifyReport {
            campaign_id: export.campaign_id,
            epochs_v1: 0,
            epochs_v2: 0,
            seeds_checked: 0,
            seeds_secret: 0,
            entropy_sets: 0,
            rolls: export.rolls.len(),
            links_checked: 0,
            links_given: 0,
            rolls_rederived: 0,
            dice_rederived: 0,
            rolls_awaiting_seed: 0,
            rolls_hidden: 0,
            totals_recomputed: 0,
            chain_head: String::new(),
        }
    }
}

/// The first thing in an export that does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// Not a motti-dice/v2 export.
    #[error("format is '{0}', but only motti-dice/v2 exports can be checked")]
    Format(String),
    /// An epoch entry is wrong.
    #[error("epoch {epoch}: {problem}")]
    Epoch {
        /// The epoch number.
        epoch: u32,
        /// What is wrong.
        problem: String,
    },
    /// An entropy set does not hash to its key.
    #[error("entropy set {key}: {problem}")]
    EntropySet {
        /// The key as written in the export.
        key: String,
        /// What is wrong.
        problem: String,
    },
    /// A roll number is missing.
    #[error("roll k={missing} missing: {}", match previous {
        Some(p) => format!("k jumps from {p} to {found}"),
        None => format!("the rolls start at k={found}"),
    })]
    Gap {
        /// The roll number expected.
        missing: u64,
        /// The roll number before it, if any.
        previous: Option<u64>,
        /// The roll number found instead.
        found: u64,
    },
    /// Something in one roll is wrong.
    #[error("roll k={k}: {problem}")]
    Roll {
        /// The roll number.
        k: u64,
        /// What is wrong.
        problem: String,
    },
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "motti-dice/v2 export of campaign {}: no mismatch found",
            self.campaign_id
        )?;
        writeln!(
            f,
            "epochs: {} v1, {} v2; {} revealed seed(s) match their commitments, {} seed(s) not revealed yet",
            self.epochs_v1, self.epochs_v2, self.seeds_checked, self.seeds_secret
        )?;
        writeln!(
            f,
            "entropy sets: {}, each hashing to its key",
            self.entropy_sets
        )?;
        match self.rolls {
            0 => writeln!(f, "rolls: none")?,
            n => writeln!(f, "rolls: {n}, numbered 0 to {} without gaps", n - 1)?,
        }
        writeln!(
            f,
            "draws derived again from revealed seeds (and v2 digests matched): {} roll(s), {} dice",
            self.rolls_rederived, self.dice_rederived
        )?;
        writeln!(
            f,
            "rolls you see whose seed is not revealed yet (checkable once it is): {}",
            self.rolls_awaiting_seed
        )?;
        writeln!(
            f,
            "rolls hidden from you (only their place in the chain checked): {}",
            self.rolls_hidden
        )?;
        writeln!(f, "result totals recomputed: {}", self.totals_recomputed)?;
        let given = if self.links_given > 0 {
            format!(
                " ({} link(s) of hidden v1 rolls taken as given: v1 hashed their faces)",
                self.links_given
            )
        } else {
            String::new()
        };
        write!(
            f,
            "chain: {} of {} link(s) recomputed{given}, head {}",
            self.links_checked, self.rolls, self.chain_head
        )
    }
}
