//! Offline check of a motti-dice export (v1 and v2 epochs): seeds, entropy sets, roll numbers,
//! the hash chain, draws, digests and totals, stopping at the first mismatch.

use super::audience::Audience;
use super::derive::{RollStream, commitment};
use super::entropy::entropy_of_lines;
use super::export::{Export, ExportEpoch, ExportRoll};
use super::expr::DiceExpression;
use super::source::Draw;
use super::{chain as v1, v2};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

mod report;
pub use report::{Mismatch, VerifyReport};

/// The seeds an export reveals, by epoch.
enum EpochSeeds {
    V1(Option<[u8; 32]>),
    V2(BTreeMap<Audience, Option<[u8; 32]>>),
}

/// Checks an export; see the module documentation.
pub fn verify(export: &Export) -> Result<VerifyReport, Mismatch> {
    if export.format != v2::FORMAT {
        return Err(Mismatch::Format(export.format.clone()));
    }
    let mut report = VerifyReport::new(export);
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
    let mut head = match export.rolls.first().map(|r| seeds.get(&r.epoch)) {
        Some(Some(EpochSeeds::V1(_))) => v1::chain_start(export.campaign_id),
        _ => v2::chain_start(export.campaign_id),
    };
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
        head = match seeds.get(&roll.epoch) {
            Some(EpochSeeds::V1(seed)) => check_v1_roll(export, roll, *seed, &head, &mut report)?,
            Some(EpochSeeds::V2(seeds)) => check_v2_roll(export, roll, seeds, &head, &mut report)?,
            None => {
                return Err(roll_error(
                    roll.k,
                    format!("epoch {} is not listed", roll.epoch),
                ));
            }
        };
    }
    report.chain_head = hex::encode(head);
    Ok(report)
}

fn roll_error(k: u64, problem: String) -> Mismatch {
    Mismatch::Roll { k, problem }
}

/// Checks one commitment and the seed behind it, if revealed.
fn check_seed(commit: &str, seed: Option<&String>) -> Result<Option<[u8; 32]>, String> {
    if decode32(commit).is_none() {
        return Err("commitment is not 64 lowercase hex digits".to_string());
    }
    let Some(text) = seed else {
        return Ok(None);
    };
    let seed = decode32(text).ok_or("seed is not 64 lowercase hex digits")?;
    if commitment(&seed) != commit {
        return Err("seed does not match commitment".to_string());
    }
    Ok(Some(seed))
}

/// Checks the epochs and returns each epoch's revealed seeds (`None` while secret).
fn check_epochs(
    export: &Export,
    report: &mut VerifyReport,
) -> Result<HashMap<u32, EpochSeeds>, Mismatch> {
    let mut out = HashMap::new();
    for (at, entry) in export.epochs.iter().enumerate() {
        let epoch = entry.number();
        let fail = |problem: String| Mismatch::Epoch { epoch, problem };
        if u64::from(epoch) != at as u64 {
            return Err(fail(format!("listed where epoch {at} belongs")));
        }
        let seeds = match entry {
            ExportEpoch::V1 {
                commitment, seed, ..
            } => {
                report.epochs_v1 += 1;
                let seed = check_seed(commitment, seed.as_ref()).map_err(fail)?;
                match seed {
                    Some(_) => report.seeds_checked += 1,
                    None => report.seeds_secret += 1,
                }
                EpochSeeds::V1(seed)
            }
            ExportEpoch::V2 { seeds, .. } => {
                report.epochs_v2 += 1;
                let mut checked = BTreeMap::new();
                for audience in Audience::ALL {
                    let entry = seeds.get(&audience).ok_or_else(|| {
                        fail(format!("the {} seed's commitment is missing", audience))
                    })?;
                    let seed = check_seed(&entry.commitment, entry.seed.as_ref())
                        .map_err(|p| fail(format!("{} seed: {p}", audience)))?;
                    match seed {
                        Some(_) => report.seeds_checked += 1,
                        None => report.seeds_secret += 1,
                    }
                    checked.insert(audience, seed);
                }
                EpochSeeds::V2(checked)
            }
        };
        out.insert(epoch, seeds);
    }
    Ok(out)
}

/// The parts every roll has: `E` (listed among the sets) and `chain_k`.
fn common(export: &Export, roll: &ExportRoll) -> Result<([u8; 32], [u8; 32]), Mismatch> {
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
    Ok((entropy, chain))
}

/// The draws a roll shows, each checked to be a face its die can show.
fn shown_draws(roll: &ExportRoll) -> Result<Option<Vec<(u32, u32)>>, Mismatch> {
    let Some(shown) = &roll.draws else {
        return Ok(None);
    };
    let draws: Vec<(u32, u32)> = shown.iter().map(|&[m, f]| (m, f)).collect();
    for (i, &(m, f)) in draws.iter().enumerate() {
        if m < 2 || f < 1 || f > m {
            return Err(roll_error(
                roll.k,
                format!(
                    "draw {} is [{m},{f}], which no die of {m} faces can show",
                    i + 1
                ),
            ));
        }
    }
    Ok(Some(draws))
}

/// Derives the draws again from a roll's stream; names the first that differs.
fn rederive(k: u64, mut stream: RollStream, draws: &[(u32, u32)]) -> Result<(), Mismatch> {
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
    Ok(())
}

fn broken_link(k: u64) -> Mismatch {
    roll_error(
        k,
        match k.checked_sub(1) {
            Some(prev) => format!("chain hash does not follow from roll {prev}"),
            None => "chain hash does not follow from chain_start".to_string(),
        },
    )
}

/// Checks one roll of a v1 epoch and returns its chain hash.
fn check_v1_roll(
    export: &Export,
    roll: &ExportRoll,
    seed: Option<[u8; 32]>,
    head: &[u8; 32],
    report: &mut VerifyReport,
) -> Result<[u8; 32], Mismatch> {
    let k = roll.k;
    let (entropy, chain) = common(export, roll)?;
    if roll.audience.is_some() || roll.digest.is_some() {
        return Err(roll_error(
            k,
            "a roll of a v1 epoch carries an audience or a digest".to_string(),
        ));
    }
    let Some(draws) = shown_draws(roll)? else {
        // v1 hashed the faces in clear, so a hidden v1 link can only be taken as given.
        report.rolls_hidden += 1;
        report.links_given += 1;
        return Ok(chain);
    };
    match seed {
        Some(seed) => {
            rederive(
                k,
                RollStream::new(&seed, export.campaign_id, k, &entropy),
                &draws,
            )?;
            report.rolls_rederived += 1;
            report.dice_rederived += draws.len();
        }
        None => report.rolls_awaiting_seed += 1,
    }
    if v1::chain_next(head, k, roll.epoch, &entropy, &draws) != chain {
        return Err(broken_link(k));
    }
    report.links_checked += 1;
    check_result(roll, &draws, report)?;
    Ok(chain)
}

/// Checks one roll of a v2 epoch and returns its chain hash.
fn check_v2_roll(
    export: &Export,
    roll: &ExportRoll,
    seeds: &BTreeMap<Audience, Option<[u8; 32]>>,
    head: &[u8; 32],
    report: &mut VerifyReport,
) -> Result<[u8; 32], Mismatch> {
    let k = roll.k;
    let (entropy, chain) = common(export, roll)?;
    let audience = roll
        .audience
        .ok_or_else(|| roll_error(k, "a roll of a v2 epoch has no audience".to_string()))?;
    let digest = roll
        .digest
        .as_deref()
        .and_then(decode32)
        .ok_or_else(|| roll_error(k, "digest is not 64 lowercase hex digits".to_string()))?;
    if v2::chain_next(head, k, roll.epoch, audience, &entropy, &digest) != chain {
        return Err(broken_link(k));
    }
    report.links_checked += 1;
    let Some(draws) = shown_draws(roll)? else {
        report.rolls_hidden += 1;
        return Ok(chain);
    };
    match seeds.get(&audience).copied().flatten() {
        Some(seed) => {
            let key = v2::roll_key(&seed, export.campaign_id, k, audience, &entropy);
            rederive(k, RollStream::keyed(key), &draws)?;
            if v2::draw_digest(&key, &draws) != digest {
                return Err(roll_error(
                    k,
                    "digest does not match the draws under the revealed seed".to_string(),
                ));
            }
            report.rolls_rederived += 1;
            report.dice_rederived += draws.len();
        }
        None => report.rolls_awaiting_seed += 1,
    }
    check_result(roll, &draws, report)?;
    Ok(chain)
}

fn check_result(
    roll: &ExportRoll,
    draws: &[(u32, u32)],
    report: &mut VerifyReport,
) -> Result<(), Mismatch> {
    if let (Some(expression), Some(result)) = (&roll.expression, &roll.result)
        && check_total(expression, draws, result).map_err(|p| roll_error(roll.k, p))?
    {
        report.totals_recomputed += 1;
    }
    Ok(())
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
