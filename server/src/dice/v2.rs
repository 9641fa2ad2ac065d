//! motti-dice/v2: four seeds per epoch, roll keys per audience, and the keyed draw digest that
//! is the only way draws enter the hash chain.

use super::audience::Audience;
use super::derive::{SeedError, commitment, fresh_seed, keyed_mac};
use hmac::Mac;
use sha2::{Digest, Sha256};
use std::fmt;
use uuid::Uuid;

/// The name of the scheme, the export's format and the prefix of every hash it makes.
pub const FORMAT: &str = "motti-dice/v2";

/// The four secret seeds of one v2 epoch. They never reach a log: `Debug` shows none of them.
#[derive(Clone, PartialEq, Eq)]
pub struct EpochSeeds {
    seeds: [[u8; 32]; 4],
}

impl fmt::Debug for EpochSeeds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EpochSeeds(<sealed>)")
    }
}

impl EpochSeeds {
    /// Four fresh seeds from the operating system's CSPRNG.
    pub fn fresh() -> Result<Self, SeedError> {
        Ok(EpochSeeds {
            seeds: [fresh_seed()?, fresh_seed()?, fresh_seed()?, fresh_seed()?],
        })
    }

    /// Seeds given in the order public, soviet, finnish, umpire.
    pub fn new(seeds: [[u8; 32]; 4]) -> Self {
        EpochSeeds { seeds }
    }

    /// The seed of one audience.
    pub fn seed(&self, audience: Audience) -> &[u8; 32] {
        &self.seeds[usize::from(audience.byte())]
    }

    /// Every audience with its seed and commitment, in the order of their bytes.
    pub fn each(&self) -> impl Iterator<Item = (Audience, &[u8; 32], String)> {
        Audience::ALL
            .into_iter()
            .map(|a| (a, self.seed(a), commitment(self.seed(a))))
    }
}

/// `K_k` of v2: HMAC-SHA256 keyed by the audience's epoch seed over the roll's identity.
pub fn roll_key(
    seed: &[u8; 32],
    campaign_id: Uuid,
    k: u64,
    audience: Audience,
    entropy: &[u8; 32],
) -> [u8; 32] {
    let mut mac = keyed_mac(seed);
    mac.update(FORMAT.as_bytes());
    mac.update(&[0u8]);
    mac.update(campaign_id.as_bytes());
    mac.update(&k.to_be_bytes());
    mac.update(&[audience.byte()]);
    mac.update(entropy);
    mac.finalize().into_bytes().into()
}

/// `D_k`: the draws of a roll, HMAC-SHA256 keyed by the roll's own key `K_k`.
pub fn draw_digest(key: &[u8; 32], draws: &[(u32, u32)]) -> [u8; 32] {
    let mut mac = keyed_mac(key);
    mac.update(FORMAT.as_bytes());
    mac.update(b" draws");
    mac.update(&[0u8]);
    for (sides, face) in draws {
        mac.update(&sides.to_be_bytes());
        mac.update(&face.to_be_bytes());
    }
    mac.finalize().into_bytes().into()
}

/// The v2 chain hash before roll 0 of a campaign that never rolled under v1.
pub fn chain_start(campaign_id: Uuid) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(FORMAT.as_bytes());
    hash.update([0u8]);
    hash.update(campaign_id.as_bytes());
    hash.finalize().into()
}

/// The v2 chain hash of roll `k`: it takes the draws only through their digest `D_k`.
pub fn chain_next(
    prev: &[u8; 32],
    k: u64,
    epoch: u32,
    audience: Audience,
    entropy: &[u8; 32],
    digest: &[u8; 32],
) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(prev);
    hash.update(k.to_be_bytes());
    hash.update(epoch.to_be_bytes());
    hash.update([audience.byte()]);
    hash.update(entropy);
    hash.update(digest);
    hash.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_changes_the_link() {
        let (p, e, d) = ([4u8; 32], [5u8; 32], [6u8; 32]);
        let base = chain_next(&p, 3, 0, Audience::Soviet, &e, &d);
        assert_ne!(base, chain_next(&[0u8; 32], 3, 0, Audience::Soviet, &e, &d));
        assert_ne!(base, chain_next(&p, 4, 0, Audience::Soviet, &e, &d));
        assert_ne!(base, chain_next(&p, 3, 1, Audience::Soviet, &e, &d));
        assert_ne!(base, chain_next(&p, 3, 0, Audience::Finnish, &e, &d));
        assert_ne!(base, chain_next(&p, 3, 0, Audience::Soviet, &d, &d));
        assert_ne!(base, chain_next(&p, 3, 0, Audience::Soviet, &e, &e));
    }

    #[test]
    fn the_digest_depends_on_key_and_every_draw() {
        let key = [1u8; 32];
        let base = draw_digest(&key, &[(6, 2)]);
        assert_ne!(base, draw_digest(&[2u8; 32], &[(6, 2)]));
        assert_ne!(base, draw_digest(&key, &[(6, 3)]));
        assert_ne!(base, draw_digest(&key, &[(8, 2)]));
        assert_ne!(base, draw_digest(&key, &[(6, 2), (6, 2)]));
    }

    #[test]
    fn seeds_never_show_in_debug_output() {
        let seeds = EpochSeeds::new([[7u8; 32]; 4]);
        let text = format!("{seeds:?}");
        assert!(!text.contains("7, 7") && !text.contains(&hex::encode([7u8; 32])));
    }
}
