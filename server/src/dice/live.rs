//! The real dice of one transaction: numbers rolls, derives their draws, links the chain and
//! keeps the rolls for the caller to store in the same transaction.

use super::audience::Audience;
use super::derive::{BadDie, RollStream};
use super::expr::{DiceExpression, describe_dice};
use super::params::check_params;
use super::procedure::{Outcome, ParamError, Procedure};
use super::source::{Dice, Draw, RollSpec, Visibility};
use super::v2::{EpochSeeds, chain_next, draw_digest, roll_key};
use crate::core::domain::Role;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::fmt;
use uuid::Uuid;

/// One roll made through [`LiveDice`], ready to be stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RolledRoll {
    /// The roll number in the campaign.
    pub k: u64,
    /// The epoch whose seed rolled it.
    pub epoch: u32,
    /// Whose seed rolled it, and who may see it.
    pub audience: Audience,
    /// `E`: the hash of the client seeds in effect.
    pub entropy: [u8; 32],
    /// Every die as `(faces, face shown)`, in draw order.
    pub draws: Vec<(u32, u32)>,
    /// `D_k`, the draws keyed by the roll's secret key.
    pub digest: [u8; 32],
    /// `chain_k`.
    pub chain: [u8; 32],
    /// What was rolled, e.g. `2d6+1` or `1d3+1d6`.
    pub expression: String,
    /// Why, naming the unit and the rule.
    pub purpose: String,
    /// Who may see it before the campaign finishes.
    pub visibility: Visibility,
    /// Whose roll it is.
    pub roller: Role,
    /// The total, where a total makes sense.
    pub total: Option<i64>,
    /// The result as structured data.
    pub result: Value,
    /// A procedure's sentence for players; `None` for plain rolls.
    pub summary: Option<String>,
}

impl RolledRoll {
    /// `E` as lowercase hex.
    pub fn entropy_hex(&self) -> String {
        super::hex_of(&self.entropy)
    }

    /// `chain_k` as lowercase hex.
    pub fn chain_hex(&self) -> String {
        super::hex_of(&self.chain)
    }

    /// `D_k` as lowercase hex.
    pub fn digest_hex(&self) -> String {
        super::hex_of(&self.digest)
    }
}

/// A rule asked for a die that cannot be rolled; the whole transaction must be refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("roll k={k} ({purpose}): {bad}")]
pub struct DiceFault {
    /// The roll number the bad roll would have had.
    pub k: u64,
    /// The purpose of the bad roll.
    pub purpose: String,
    /// The die asked for.
    pub bad: BadDie,
}

/// Why running a procedure made no roll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProcedureError {
    /// The parameters were refused; nothing was rolled and no roll number was used.
    #[error(transparent)]
    Params(#[from] ParamError),
    /// The procedure asked for an impossible die.
    #[error(transparent)]
    Fault(#[from] DiceFault),
}

/// The dice of one transaction on one campaign (see the module documentation).
pub struct LiveDice {
    campaign_id: Uuid,
    epoch: u32,
    seeds: EpochSeeds,
    entropy: [u8; 32],
    next_k: u64,
    chain_head: [u8; 32],
    rolls: Vec<RolledRoll>,
    fault: Option<DiceFault>,
}

impl fmt::Debug for LiveDice {
    // The seeds of an open epoch must never reach a log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LiveDice")
            .field("campaign_id", &self.campaign_id)
            .field("epoch", &self.epoch)
            .field("seeds", &self.seeds)
            .field("entropy", &hex::encode(self.entropy))
            .field("next_k", &self.next_k)
            .field("chain_head", &hex::encode(self.chain_head))
            .field("rolls", &self.rolls.len())
            .finish()
    }
}

impl LiveDice {
    /// Dice for a campaign whose open v2 epoch is `epoch` with `seeds`, whose client seeds
    /// give `entropy`, whose next roll number is `next_k` and whose latest chain hash is
    /// `chain_head` (`chain_start` before the first roll).
    pub fn new(
        campaign_id: Uuid,
        epoch: u32,
        seeds: EpochSeeds,
        entropy: [u8; 32],
        next_k: u64,
        chain_head: [u8; 32],
    ) -> Self {
        LiveDice {
            campaign_id,
            epoch,
            seeds,
            entropy,
            next_k,
            chain_head,
            rolls: Vec::new(),
            fault: None,
        }
    }

    /// The number the next roll will get.
    pub fn next_k(&self) -> u64 {
        self.next_k
    }

    /// The chain hash of the latest roll.
    pub fn chain_head(&self) -> [u8; 32] {
        self.chain_head
    }

    /// The rolls made so far.
    pub fn rolls(&self) -> &[RolledRoll] {
        &self.rolls
    }

    /// Rolls a dice expression as one roll.
    pub fn roll_expression(
        &mut self,
        expr: &DiceExpression,
        purpose: impl Into<String>,
        visibility: Visibility,
        roller: Role,
    ) -> Result<RolledRoll, DiceFault> {
        let audience = Audience::of(visibility, roller);
        let (key, mut stream) = self.stream(audience);
        let roll = expr.roll(&mut stream);
        let faces: Vec<u32> = roll.draws.iter().map(|&(_, f)| f).collect();
        let pending = Pending {
            expression: expr.to_string(),
            purpose: purpose.into(),
            visibility,
            roller,
            total: Some(roll.total),
            result: json!({ "faces": faces, "total": roll.total }),
            summary: None,
        };
        self.record(key, stream, pending)
    }

    /// Checks `params` against the procedure, then runs it as one roll. Refused parameters use
    /// no roll number.
    pub fn run_procedure(
        &mut self,
        procedure: &dyn Procedure,
        params: &Value,
        purpose: impl Into<String>,
        visibility: Visibility,
        roller: Role,
    ) -> Result<Outcome, ProcedureError> {
        let checked = check_params(&procedure.params(), params)?;
        let (key, mut stream) = self.stream(Audience::of(visibility, roller));
        // A procedure that fails leaves no roll behind: its draws were never shown to anyone,
        // and the same roll number with the same entropy would draw the same dice again.
        let outcome = procedure.run(&checked, &mut stream)?;
        let pending = Pending {
            expression: outcome.expression.clone(),
            purpose: purpose.into(),
            visibility,
            roller,
            total: outcome.total,
            result: outcome.result.clone(),
            summary: Some(outcome.summary.clone()),
        };
        self.record(key, stream, pending)?;
        Ok(outcome)
    }

    /// Adds `key: value` to the result of every roll made since the first `from` that `keep`
    /// accepts (a procedure's answer and the chart versions it read); the result is not part of
    /// the chain.
    pub fn annotate(
        &mut self,
        from: usize,
        key: &str,
        value: &Value,
        keep: impl Fn(&RolledRoll) -> bool,
    ) {
        for roll in self.rolls.iter_mut().skip(from) {
            if !keep(roll) {
                continue;
            }
            if let Value::Object(map) = &mut roll.result {
                map.insert(key.to_owned(), value.clone());
            }
        }
    }

    /// Takes the rolls made, to be stored in the same transaction; refuses them all if any
    /// roll asked for an impossible die.
    pub fn into_rolls(self) -> Result<Vec<RolledRoll>, DiceFault> {
        match self.fault {
            Some(fault) => Err(fault),
            None => Ok(self.rolls),
        }
    }

    /// The key of the next roll for `audience`, and the dice it draws.
    fn stream(&self, audience: Audience) -> ([u8; 32], RollStream) {
        let seed = self.seeds.seed(audience);
        let key = roll_key(seed, self.campaign_id, self.next_k, audience, &self.entropy);
        (key, RollStream::keyed(key))
    }

    fn record(
        &mut self,
        key: [u8; 32],
        stream: RollStream,
        pending: Pending,
    ) -> Result<RolledRoll, DiceFault> {
        let k = self.next_k;
        let draws = match stream.finish() {
            Ok(draws) => draws,
            Err(bad) => {
                let fault = DiceFault {
                    k,
                    purpose: pending.purpose,
                    bad,
                };
                self.fault.get_or_insert(fault.clone());
                return Err(fault);
            }
        };
        // An umpire has no side: a roll kept to "the roller's side" is the umpire's alone.
        let visibility = match (pending.roller, pending.visibility) {
            (Role::Umpire, Visibility::Side) => Visibility::Umpire,
            (_, v) => v,
        };
        let audience = Audience::of(visibility, pending.roller);
        let digest = draw_digest(&key, &draws);
        let chain = chain_next(
            &self.chain_head,
            k,
            self.epoch,
            audience,
            &self.entropy,
            &digest,
        );
        let rolled = RolledRoll {
            k,
            epoch: self.epoch,
            audience,
            entropy: self.entropy,
            draws,
            digest,
            chain,
            expression: pending.expression,
            purpose: pending.purpose,
            visibility,
            roller: pending.roller,
            total: pending.total,
            result: pending.result,
            summary: pending.summary,
        };
        self.next_k += 1;
        self.chain_head = chain;
        self.rolls.push(rolled.clone());
        Ok(rolled)
    }
}

struct Pending {
    expression: String,
    purpose: String,
    visibility: Visibility,
    roller: Role,
    total: Option<i64>,
    result: Value,
    summary: Option<String>,
}

impl Dice for LiveDice {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        let (key, mut stream) = self.stream(Audience::of(spec.visibility, spec.roller));
        let faces: Vec<u32> = spec.sides.iter().map(|&s| stream.die(s)).collect();
        let total: i64 = faces.iter().map(|&f| i64::from(f)).sum();
        let pending = Pending {
            expression: describe_dice(&spec.sides),
            purpose: spec.purpose,
            visibility: spec.visibility,
            roller: spec.roller,
            total: Some(total),
            result: json!({ "faces": faces, "total": total }),
            summary: None,
        };
        // A bad die is kept as the transaction's fault and reported by `into_rolls`;
        // `Dice::roll` itself has no way to fail.
        let _ = self.record(key, stream, pending);
        faces
    }
}

#[cfg(test)]
mod tests;
