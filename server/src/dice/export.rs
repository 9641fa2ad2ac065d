//! The dice export document of motti-dice/v1, from which anyone can check every roll offline.

use super::derive::{FORMAT, commitment};
use super::entropy::EntropySet;
use super::live::RolledRoll;
use super::source::Visibility;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use uuid::Uuid;

/// A campaign's dice as one caller may see them (fields in the order dice.md gives).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Export {
    /// Always `motti-dice/v1`.
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

/// One epoch: its commitment, and its seed once revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExportEpoch {
    /// The epoch number.
    pub epoch: u32,
    /// SHA-256 of the seed, lowercase hex.
    pub commitment: String,
    /// The seed in hex once revealed; `null` while the epoch is open.
    pub seed: Option<String>,
}

/// One roll; a roll hidden from the caller has `draws`, `expression`, `purpose` and `result`
/// set to `null`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExportRoll {
    /// The roll number.
    pub k: u64,
    /// The epoch whose seed rolled it.
    pub epoch: u32,
    /// `E` in hex, a key of `entropy_sets`.
    pub entropy: String,
    /// Every die as `[faces, face shown]`, in draw order.
    pub draws: Option<Vec<[u32; 2]>>,
    /// `chain_k` in hex.
    pub chain: String,
    /// What was rolled.
    pub expression: Option<String>,
    /// Why it was rolled.
    pub purpose: Option<String>,
    /// Who may see it before the campaign finishes.
    pub visibility: Visibility,
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
    /// An epoch with its commitment; the seed is included only when `revealed`.
    pub fn new(epoch: u32, seed: &[u8; 32], revealed: bool) -> Self {
        ExportEpoch {
            epoch,
            commitment: commitment(seed),
            seed: revealed.then(|| hex::encode(seed)),
        }
    }
}

impl ExportRoll {
    /// A roll the caller may see, in full.
    pub fn visible(roll: &RolledRoll) -> Self {
        ExportRoll {
            k: roll.k,
            epoch: roll.epoch,
            entropy: roll.entropy_hex(),
            draws: Some(roll.draws.iter().map(|&(m, f)| [m, f]).collect()),
            chain: roll.chain_hex(),
            expression: Some(roll.expression.clone()),
            purpose: Some(roll.purpose.clone()),
            visibility: roll.visibility,
            result: Some(roll.result.clone()),
        }
    }

    /// A roll the caller may not see yet: only its place in the chain.
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
    fn fields_come_out_in_the_order_of_the_spec() {
        let mut export = Export::new(Uuid::nil());
        export.epochs.push(ExportEpoch::new(0, &[0u8; 32], false));
        export.add_entropy_set(&EntropySet::default());
        export.rolls.push(ExportRoll {
            k: 0,
            epoch: 0,
            entropy: "e3".to_string(),
            draws: Some(vec![[6, 4], [6, 1]]),
            chain: "ab".to_string(),
            expression: Some("2d6".to_string()),
            purpose: Some("test".to_string()),
            visibility: Visibility::Public,
            result: Some(serde_json::json!({})),
        });
        let text = serde_json::to_string(&export).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"{"format":"motti-dice/v1","campaign_id":"00000000-0000-0000-0000-000000000000","#,
                r#""epochs":[{"epoch":0,"commitment":"66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925","seed":null}],"#,
                r#""entropy_sets":{"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855":[]},"#,
                r#""rolls":[{"k":0,"epoch":0,"entropy":"e3","draws":[[6,4],[6,1]],"chain":"ab","#,
                r#""expression":"2d6","purpose":"test","visibility":"public","result":{}}]}"#
            )
        );
        let back: Export = serde_json::from_str(&text).unwrap();
        assert_eq!(back, export);
    }

    #[test]
    fn hidden_rolls_keep_only_their_place() {
        let roll = ExportRoll {
            k: 3,
            epoch: 1,
            entropy: "e".to_string(),
            draws: Some(vec![[6, 4]]),
            chain: "c".to_string(),
            expression: Some("1d6".to_string()),
            purpose: Some("secret".to_string()),
            visibility: Visibility::Umpire,
            result: Some(serde_json::json!({"total": 4})),
        };
        let text = serde_json::to_string(&roll.redacted()).unwrap();
        assert_eq!(
            text,
            r#"{"k":3,"epoch":1,"entropy":"e","draws":null,"chain":"c","expression":null,"purpose":null,"visibility":"umpire","result":null}"#
        );
    }
}
