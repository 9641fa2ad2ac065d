//! The v1 hash chain, which hashed the faces in clear; kept to verify v1 epochs.

use super::derive::V1;
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The v1 chain hash before roll 0: SHA-256 of the scheme name, a zero byte and the campaign id.
pub fn chain_start(campaign_id: Uuid) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(V1.as_bytes());
    hash.update([0u8]);
    hash.update(campaign_id.as_bytes());
    hash.finalize().into()
}

/// The v1 chain hash of roll `k`, following `prev` (the hash of roll `k - 1`, or `chain_start`).
pub fn chain_next(
    prev: &[u8; 32],
    k: u64,
    epoch: u32,
    entropy: &[u8; 32],
    draws: &[(u32, u32)],
) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(prev);
    hash.update(k.to_be_bytes());
    hash.update(epoch.to_be_bytes());
    hash.update(entropy);
    for (sides, face) in draws {
        hash.update(sides.to_be_bytes());
        hash.update(face.to_be_bytes());
    }
    hash.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_changes_the_link() {
        let prev = [4u8; 32];
        let e = [5u8; 32];
        let base = chain_next(&prev, 3, 0, &e, &[(6, 2)]);
        assert_ne!(base, chain_next(&[0u8; 32], 3, 0, &e, &[(6, 2)]));
        assert_ne!(base, chain_next(&prev, 4, 0, &e, &[(6, 2)]));
        assert_ne!(base, chain_next(&prev, 3, 1, &e, &[(6, 2)]));
        assert_ne!(base, chain_next(&prev, 3, 0, &[6u8; 32], &[(6, 2)]));
        assert_ne!(base, chain_next(&prev, 3, 0, &e, &[(6, 3)]));
        assert_ne!(base, chain_next(&prev, 3, 0, &e, &[(8, 2)]));
        assert_ne!(base, chain_next(&prev, 3, 0, &e, &[(6, 2), (6, 2)]));
        assert_ne!(base, chain_next(&prev, 3, 0, &e, &[]));
    }

    #[test]
    fn chain_start_depends_on_the_campaign() {
        assert_ne!(chain_start(Uuid::nil()), chain_start(Uuid::max()));
    }
}
