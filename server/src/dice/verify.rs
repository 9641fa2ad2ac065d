//! Offline check of a motti-dice/v1 export: seeds, entropy sets, roll numbers, draws, totals
//! and the hash chain, stopping at the first mismatch.

use super::chain::{chain_next, chain_start};
use super::derive::{FORMAT, RollStream, commitment};
use super::entropy::entropy_of_lines;
use super::export::{Export, ExportRoll};
use super::expr::DiceExpression;
use super::source::Draw;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use uuid::Uuid;

/// What a successful check covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// The campaign of the export.
    pub campaign_id: Uuid,
    /// Epochs listed.
    pub epochs: usize,
    /// Epochs whose revealed seed matched its commitment.
    pub seeds_checked: usize,
    /// The epoch still sealed, if any (only the last may be).
    pub sealed_epoch: Option<u32>,
    /// Entropy sets whose lines hash to their key.
    pub entropy_sets: usize,
    /// Rolls in the export (numbered 0 to `rolls - 1`).
    pub rolls: usize,
    /// Rolls whose every draw was derived again from a revealed seed.
    pub rolls_rederived: usize,
    /// Dice in those rolls.
    pub dice_rederived: usize,
    /// Rolls with visible draws whose epoch seed is still sealed.
    pub rolls_sealed: usize,
    /// Rolls whose draws are hidden from the export's reader.
    pub rolls_hidden: usize,
    /// Rolls whose result total was recomputed from expression and draws.
    pub totals_recomputed: usize,
    /// The chain hash of the last roll (or `chain_start`), hex.
    pub chain_head: String,
}

/// The first thing in an export that does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// Not a motti-dice/v1 export.
    #[error("format is '{0}', but only motti-dice/v1 can be checked")]
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

/// Checks an export; see the module documentation.
pub fn verify(export: &Export) -> Result<VerifyReport, Mismatch> {
    if export.format != FORMAT {
        return Err(Mismatch::Format(export.format.clone()));
    }
    let mut report = VerifyReport {
        campaign_id: export.campaign_id,
        epochs: export.epochs.len(),
        seeds_checked: 0,
        sealed_epoch: None,
        entropy_sets: 0,
        rolls: export.rolls.len(),
        rolls_rederived: 0,
        dice_rederived: 0,
        rolls_sealed: 0,
        rolls_hidden: 0,
        totals_recomputed: 0,
        chain_head: String::new(),
    };
    let seeds = check_epochs(export, &mut report)?;
    for (key, lines) in &export.entropy_sets {
        let actual = hex::encode(entropy_of_lines(lines));
        if *key != actual {
            return Err(Mismatch::EntropySet {
                key: key.clone(),
                problem: format!("its lines hash to {actual}"),
            });
        }
        report.entropy_sets += 1;
    }
    let mut head = chain_start(export.campaign_id);
    let mut last_epoch = 0u32;
    for (at, roll) in export.rolls.iter().enumerate() {
        let expected = at as u64;
        if roll.k != expected {
            return Err(if roll.k > expected {
                Mismatch::Gap {
                    missing: expected,
                    previous: expected.checked_sub(1),
                    found: roll.k,
                }
            } else {
                roll_error(roll.k, format!("appears again after roll {}", expected - 1))
            });
        }
        let seed = match seeds.get(&roll.epoch) {
            Some(seed) => *seed,
            None => {
                return Err(roll_error(
                    roll.k,
                    format!("epoch {} is not listed", roll.epoch),
                ));
            }
        };
        if roll.epoch < last_epoch {
            return Err(roll_error(
                roll.k,
                format!(
                    "epoch {} comes after a roll of epoch {last_epoch}, but epochs never go back",
                    roll.epoch
                ),
            ));
        }
        last_epoch = roll.epoch;
        head = check_roll(export, roll, seed, &head, &mut report)?;
    }
    report.chain_head = hex::encode(head);
    Ok(report)
}

fn roll_error(k: u64, problem: String) -> Mismatch {
    Mismatch::Roll { k, problem }
}

/// Checks the epochs and returns each epoch's revealed seed (`None` while sealed).
fn check_epochs(
    export: &Export,
    report: &mut VerifyReport,
) -> Result<HashMap<u32, Option<[u8; 32]>>, Mismatch> {
    let mut seeds = HashMap::new();
    let last = export.epochs.len().saturating_sub(1);
    for (at, entry) in export.epochs.iter().enumerate() {
        let fail = |problem: String| Mismatch::Epoch {
            epoch: entry.epoch,
            problem,
        };
        if u64::from(entry.epoch) != at as u64 {
            return Err(fail(format!("listed where epoch {at} belongs")));
        }
        if decode32(&entry.commitment).is_none() {
            return Err(fail(
                "commitment is not 64 lowercase hex digits".to_string(),
            ));
        }
        let seed = match &entry.seed {
            Some(text) => {
                let seed = decode32(text)
                    .ok_or_else(|| fail("seed is not 64 lowercase hex digits".to_string()))?;
                if commitment(&seed) != entry.commitment {
                    return Err(fail("seed does not match commitment".to_string()));
                }
                report.seeds_checked += 1;
                Some(seed)
            }
            None if at == last => {
                report.sealed_epoch = Some(entry.epoch);
                None
            }
            None => {
                return Err(fail(format!(
                    "seed not revealed although epoch {} has opened since",
                    entry.epoch + 1
                )));
            }
        };
        seeds.insert(entry.epoch, seed);
    }
    Ok(seeds)
}

/// Checks one roll and returns its chain hash, the link the next roll must follow.
fn check_roll(
    export: &Export,
    roll: &ExportRoll,
    seed: Option<[u8; 32]>,
    head: &[u8; 32],
    report: &mut VerifyReport,
) -> Result<[u8; 32], Mismatch> {
    let k = roll.k;
    let entropy = decode32(&roll.entropy)
        .ok_or_else(|| roll_error(k, "entropy is not 64 lowercase hex digits".to_string()))?;
    if !export.entropy_sets.contains_key(&roll.entropy) {
        return Err(roll_error(
            k,
            format!("entropy set {} is not listed", roll.entropy),
        ));
    }
    let chain = decode32(&roll.chain)
        .ok_or_else(|| roll_error(k, "chain is not 64 lowercase hex digits".to_string()))?;
    let Some(shown) = &roll.draws else {
        // A hidden roll can only be taken as given; the next roll still has to follow it.
        report.rolls_hidden += 1;
        return Ok(chain);
    };
    let draws: Vec<(u32, u32)> = shown.iter().map(|&[m, f]| (m, f)).collect();
    for (i, &(m, f)) in draws.iter().enumerate() {
        if m < 2 || f < 1 || f > m {
            return Err(roll_error(
                k,
                format!(
                    "draw {} is [{m},{f}], which no die of {m} faces can show",
                    i + 1
                ),
            ));
        }
    }
    match seed {
        Some(seed) => {
            let mut stream = RollStream::new(&seed, export.campaign_id, k, &entropy);
            for (i, &(m, f)) in draws.iter().enumerate() {
                let derived = stream.die(m);
                if derived != f {
                    return Err(roll_error(
                        k,
                        format!(
                            "draw {} is [{m},{f}] but the seed gives [{m},{derived}]",
                            i + 1
                        ),
                    ));
                }
            }
            report.rolls_rederived += 1;
            report.dice_rederived += draws.len();
        }
        None => report.rolls_sealed += 1,
    }
    if chain_next(head, k, roll.epoch, &entropy, &draws) != chain {
        return Err(roll_error(
            k,
            match k.checked_sub(1) {
                Some(prev) => format!("chain hash does not follow from roll {prev}"),
                None => "chain hash does not follow from chain_start".to_string(),
            },
        ));
    }
    if let (Some(expression), Some(result)) = (&roll.expression, &roll.result)
        && check_total(expression, &draws, result).map_err(|p| roll_error(k, p))?
    {
        report.totals_recomputed += 1;
    }
    Ok(chain)
}

/// Recomputes a `{"faces": [..], "total": n}` result from a dice expression whose dice are
/// exactly the draws. `Ok(false)` when the roll is not of that kind (a procedure's own result).
fn check_total(expression: &str, draws: &[(u32, u32)], result: &Value) -> Result<bool, String> {
    let (Some(faces), Some(total)) = (
        result.get("faces"),
        result.get("total").and_then(Value::as_i64),
    ) else {
        return Ok(false);
    };
    let Ok(expr) = DiceExpression::parse_recorded(expression) else {
        return Ok(false);
    };
    let sides: Vec<u32> = draws.iter().map(|&(m, _)| m).collect();
    if expr.dice() != sides {
        return Ok(false);
    }
    let shown: Vec<u32> = draws.iter().map(|&(_, f)| f).collect();
    let listed: Option<Vec<u32>> = faces.as_array().and_then(|a| {
        a.iter()
            .map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok()))
            .collect()
    });
    if listed.as_ref() != Some(&shown) {
        return Err(format!(
            "result faces are {faces} but the draws show {}",
            Value::from(shown)
        ));
    }
    match expr.total_for(&shown) {
        Some(expected) if expected == total => Ok(true),
        Some(expected) => Err(format!(
            "result total is {total} but the draws and expression {expr} give {expected}"
        )),
        None => Ok(false),
    }
}

fn decode32(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || text.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let mut out = [0u8; 32];
    hex::decode_to_slice(text, &mut out).ok()?;
    Some(out)
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "motti-dice/v1 export of campaign {}: no mismatch found",
            self.campaign_id
        )?;
        write!(
            f,
            "epochs: {}, {} revealed seed(s) match their commitments",
            self.epochs, self.seeds_checked
        )?;
        match self.sealed_epoch {
            Some(e) => writeln!(f, "; epoch {e} is still sealed")?,
            None => writeln!(f)?,
        }
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
            "draws derived again from revealed seeds: {} roll(s), {} dice",
            self.rolls_rederived, self.dice_rederived
        )?;
        if self.rolls_sealed > 0 {
            writeln!(
                f,
                "rolls of a still-sealed epoch, draws checkable once its seed is revealed: {}",
                self.rolls_sealed
            )?;
        }
        if self.rolls_hidden > 0 {
            writeln!(
                f,
                "rolls hidden from you, only their place in the chain checked: {}",
                self.rolls_hidden
            )?;
        }
        writeln!(f, "result totals recomputed: {}", self.totals_recomputed)?;
        let given = if self.rolls_hidden > 0 {
            " (hidden rolls' own links taken as given)"
        } else {
            ""
        };
        write!(
            f,
            "chain: {} roll(s) linked from chain_start{given}, head {}",
            self.rolls, self.chain_head
        )
    }
}
