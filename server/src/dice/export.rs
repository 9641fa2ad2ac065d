//! The dice export of motti-dice/v2 (with its v1 epochs), from which anyone can check every
//! roll offline.

use super::audience::Audience;
use super::derive::commitment;
use super::entropy::EntropySet;
use super::live::RolledRoll;
use super::source::Visibility;
use super::v2::FORMAT;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use uuid::Uuid;

/// A campaign's dice as one caller may see them (fields in the order dice.md gives).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Export {
    /// Always `motti-dice/v2`.
    pub format: String,
    /// The campaign.
    pub campaign_id: Uuid,
    /// Every epoch opened so far, in order.
    pub epochs: Vec<ExportEpoch>,
    /// The lines of every entropy set used, keyed by `E` in hex.
    pub entropy_sets: BTreeMap<String, Vec<String>>,
    /// Every roll, in order of `k`.
    pub rolls: Vec<ExportRoll>,
}

/// One epoch: a v1 epoch has one seed, a v2 epoch one per audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "scheme")]
pub enum ExportEpoch {
    /// An epoch opened before v2.
    #[serde(rename = "v1")]
    V1 {
        /// The epoch number.
        epoch: u32,
        /// SHA-256 of the seed, lowercase hex.
        commitment: String,
        /// The seed in hex once revealed.
        seed: Option<String>,
    },
    /// A v2 epoch.
    #[serde(rename = "v2")]
    V2 {
        /// The epoch number.
        epoch: u32,
        /// Each audience's commitment, and its seed once revealed.
        seeds: BTreeMap<Audience, ExportSeed>,
    },
}

/// One seed of a v2 epoch: its commitment, and the seed once revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExportSeed {
    /// SHA-256 of the seed, lowercase hex.
    pub commitment: String,
    /// The seed in hex once revealed; `null` before.
    pub seed: Option<String>,
}

impl ExportSeed {
    /// A seed's entry; the seed itself is included only when `revealed`.
    pub fn new(seed: &[u8; 32], revealed: bool) -> Self {
        ExportSeed {
            commitment: commitment(seed),
            seed: revealed.then(|| hex::encode(seed)),
        }
    }
}

/// One roll; a roll hidden from the caller has `draws`, `expression`, `purpose` and `result`
/// set to `null`. Rolls of v1 epochs carry no `audience` or `digest`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExportRoll {
    /// The roll number.
    pub k: u64,
    /// The epoch whose seed rolled it.
    pub epoch: u32,
    /// Whose seed rolled it (v2 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience: Option<Audience>,
    /// `E` in hex, a key of `entropy_sets`.
    pub entropy: String,
    /// `D_k` in hex (v2 only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// `chain_k` in hex.
    pub chain: String,
    /// Who may see it before the campaign finishes.
    pub visibility: Visibility,
    /// Every die as `[faces, face shown]`, in draw order.
    pub draws: Option<Vec<[u32; 2]>>,
    /// What was rolled.
    pub expression: Option<String>,
    /// Why it was rolled.
    pub purpose: Option<String>,
    /// The result as stored.
    #[schema(value_type = Option<Object>)]
    pub result: Option<Value>,
}

impl Export {
    /// An export of a campaign with no epochs, entropy sets or rolls yet.
    pub fn new(campaign_id: Uuid) -> Self {
        Export {
            format: FORMAT.to_string(),
            campaign_id,
            epochs: Vec::new(),
            entropy_sets: BTreeMap::new(),
            rolls: Vec::new(),
        }
    }

    /// Adds an entropy set under its `E`.
    pub fn add_entropy_set(&mut self, set: &EntropySet) {
        self.entropy_sets
            .insert(set.hash_hex(), set.lines().to_vec());
    }
}

impl ExportEpoch {
    /// A v1 epoch with its commitment; the seed is included only when `revealed`.
    pub fn v1(epoch: u32, seed: &[u8; 32], revealed: bool) -> Self {
        let entry = ExportSeed::new(seed, revealed);
        ExportEpoch::V1 {
            epoch,
            commitment: entry.commitment,
            seed: entry.seed,
        }
    }

    /// The epoch number.
    pub fn number(&self) -> u32 {
        match self {
            ExportEpoch::V1 { epoch, .. } | ExportEpoch::V2 { epoch, .. } => *epoch,
        }
    }
}

impl ExportRoll {
    /// A v2 roll the caller may see, in full.
    pub fn visible(roll: &RolledRoll) -> Self {
        ExportRoll {
            k: roll.k,
            epoch: roll.epoch,
            audience: Some(roll.audience),
            entropy: roll.entropy_hex(),
            digest: Some(roll.digest_hex()),
            chain: roll.chain_hex(),
            visibility: roll.visibility,
            draws: Some(roll.draws.iter().map(|&(m, f)| [m, f]).collect()),
            expression: Some(roll.expression.clone()),
            purpose: Some(roll.purpose.clone()),
            result: Some(roll.result.clone()),
        }
    }

    /// A v2 roll the caller may not see yet: only its place in the chain.
    pub fn hidden(roll: &RolledRoll) -> Self {
        ExportRoll::visible(roll).redacted()
    }

    /// The same roll with everything but its place in the chain removed.
    pub fn redacted(self) -> Self {
        ExportRoll {
            draws: None,
            expression: None,
            purpose: None,
            result: None,
            ..self
        }
    }

    /// Whether the draws are shown.
    pub fn is_hidden(&self) -> bool {
        self.draws.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_come_out_as_the_spec_names_them() {
        let mut export = Export::new(Uuid::nil());
        export.epochs.push(ExportEpoch::v1(0, &[0u8; 32], false));
        let seeds = Audience::ALL
            .into_iter()
            .map(|a| (a, ExportSeed::new(&[0u8; 32], a == Audience::Public)))
            .collect();
        export.epochs.push(ExportEpoch::V2 { epoch: 1, seeds });
        export.add_entropy_set(&EntropySet::default());
        export.rolls.push(ExportRoll {
            k: 0,
            epoch: 1,
            audience: Some(Audience::Soviet),
            entropy: "e3".to_string(),
            digest: Some("d1".to_string()),
            chain: "ab".to_string(),
            visibility: Visibility::Side,
            draws: Some(vec![[6, 4], [6, 1]]),
            expression: Some("2d6".to_string()),
            purpose: Some("test".to_string()),
            result: Some(serde_json::json!({})),
        });
        let zero = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";
        let text = serde_json::to_string(&export).unwrap();
        let hidden = format!(r#"{{"commitment":"{zero}","seed":null}}"#);
        let shown = format!(r#"{{"commitment":"{zero}","seed":"{}"}}"#, "00".repeat(32));
        assert_eq!(
            text,
            format!(
                concat!(
                    r#"{{"format":"motti-dice/v2","campaign_id":"00000000-0000-0000-0000-000000000000","#,
                    r#""epochs":[{{"scheme":"v1","epoch":0,"commitment":"{zero}","seed":null}},"#,
                    r#"{{"scheme":"v2","epoch":1,"seeds":{{"public":{shown},"soviet":{hidden},"finnish":{hidden},"umpire":{hidden}}}}}],"#,
                    r#""entropy_sets":{{"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855":[]}},"#,
                    r#""rolls":[{{"k":0,"epoch":1,"audience":"soviet","entropy":"e3","digest":"d1","chain":"ab","#,
                    r#""visibility":"side","draws":[[6,4],[6,1]],"expression":"2d6","purpose":"test","result":{{}}}}]}}"#
                ),
                zero = zero,
                shown = shown,
                hidden = hidden
            )
        );
        let back: Export = serde_json::from_str(&text).unwrap();
        assert_eq!(back, export);
    }

    #[test]
    fn hidden_rolls_keep_only_their_place_and_v1_rolls_have_no_digest() {
        let roll = ExportRoll {
            k: 3,
            epoch: 1,
            audience: None,
            entropy: "e".to_string(),
            digest: None,
            chain: "c".to_string(),
            visibility: Visibility::Umpire,
            draws: Some(vec![[6, 4]]),
            expression: Some("1d6".to_string()),
            purpose: Some("secret".to_string()),
            result: Some(serde_json::json!({"total": 4})),
        };
        let text = serde_json::to_string(&roll.redacted()).unwrap();
        assert_eq!(
            text,
            r#"{"k":3,"epoch":1,"entropy":"e","chain":"c","visibility":"umpire","draws":null,"expression":null,"purpose":null,"result":null}"#
        );
    }
}
