//! Seeds, commitments and drawing dice from a keystream (both schemes), and the v1 roll key.

use super::source::Draw;
use hmac::{Hmac, KeyInit, Mac};
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The name of motti-dice/v1, also the domain-separation prefix of every hash it makes.
pub const V1: &str = "motti-dice/v1";

/// The smallest number of faces a die may have.
pub const MIN_SIDES: u32 = 2;

/// The operating system could not give a fresh seed.
#[derive(Debug, thiserror::Error)]
#[error(
    "the operating system's random number generator failed ({0}), so no dice epoch can be opened; try again, and check the server's host if it keeps failing"
)]
pub struct SeedError(String);

/// A rule or procedure asked for a die that motti-dice cannot roll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a die with {sides} faces was asked for: motti-dice dice need from 2 to 4294967295 faces (this is a bug in the rule that rolled it)"
)]
pub struct BadDie {
    /// The number of faces asked for.
    pub sides: u32,
}

/// Draws a new 32-byte epoch seed from the operating system's CSPRNG.
pub fn fresh_seed() -> Result<[u8; 32], SeedError> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| SeedError(e.to_string()))?;
    Ok(seed)
}

/// The public commitment to a seed: SHA-256 of the seed, lowercase hex.
pub fn commitment(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// The v1 `K_k`: the 32-byte key of roll `k`, HMAC-SHA256 keyed by the epoch seed over the roll's identity.
pub fn roll_key(seed: &[u8; 32], campaign_id: Uuid, k: u64, entropy: &[u8; 32]) -> [u8; 32] {
    let mut mac = keyed_mac(seed);
    mac.update(V1.as_bytes());
    mac.update(&[0u8]);
    mac.update(campaign_id.as_bytes());
    mac.update(&k.to_be_bytes());
    mac.update(entropy);
    mac.finalize().into_bytes().into()
}

/// HMAC-SHA256 keyed by a 32-byte secret.
pub fn keyed_mac(key: &[u8; 32]) -> Hmac<Sha256> {
    // HMAC pads a key shorter than the hash's block with zeros; doing it here keeps the
    // construction infallible instead of going through the fallible slice constructor.
    let mut block_key = [0u8; 64];
    block_key[..32].copy_from_slice(key);
    Hmac::<Sha256>::new(&block_key.into())
}

/// The ChaCha20 keystream of one roll, read as little-endian 32-bit words.
#[derive(Clone, Debug)]
pub struct Keystream {
    rng: ChaCha20Rng,
}

impl Keystream {
    /// The keystream keyed by `key` (block counter and nonce both start at zero).
    pub fn new(key: [u8; 32]) -> Self {
        Keystream {
            rng: ChaCha20Rng::from_seed(key),
        }
    }

    /// The next word of the stream.
    pub fn next_word(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// Rolls one die of `sides` faces by rejection: words at or above the largest multiple
    /// of `sides` not exceeding 2^32 are skipped, so every face is exactly equally likely.
    pub fn die(&mut self, sides: u32) -> Result<u32, BadDie> {
        if sides < MIN_SIDES {
            return Err(BadDie { sides });
        }
        let m = u64::from(sides);
        let limit = (1u64 << 32) / m * m;
        loop {
            let word = u64::from(self.next_word());
            if word < limit {
                // word % m < sides <= u32::MAX, so the conversion never truncates.
                return Ok((word % m) as u32 + 1);
            }
        }
    }
}

/// The dice of one roll: draws faces from the roll's keystream and records every draw.
#[derive(Clone, Debug)]
pub struct RollStream {
    keystream: Keystream,
    draws: Vec<(u32, u32)>,
    bad_die: Option<BadDie>,
}

impl RollStream {
    /// The dice of v1 roll `k` of a campaign, under the given epoch seed and entropy `E`.
    pub fn new(seed: &[u8; 32], campaign_id: Uuid, k: u64, entropy: &[u8; 32]) -> Self {
        RollStream::keyed(roll_key(seed, campaign_id, k, entropy))
    }

    /// The dice of a roll whose key `K_k` is given.
    pub fn keyed(key: [u8; 32]) -> Self {
        RollStream {
            keystream: Keystream::new(key),
            draws: Vec::new(),
            bad_die: None,
        }
    }

    /// The draws made so far, as `(faces of the die, face shown)` in draw order.
    pub fn draws(&self) -> &[(u32, u32)] {
        &self.draws
    }

    /// Ends the roll: its draws, or the first impossible die that was asked for.
    pub fn finish(self) -> Result<Vec<(u32, u32)>, BadDie> {
        match self.bad_die {
            Some(bad) => Err(bad),
            None => Ok(self.draws),
        }
    }
}

impl Draw for RollStream {
    fn die(&mut self, sides: u32) -> u32 {
        match self.keystream.die(sides) {
            Ok(face) => {
                self.draws.push((sides, face));
                face
            }
            Err(bad) => {
                // `Draw` cannot fail, so the roll carries on with a harmless 1 and `finish`
                // refuses it: the bad roll is never stored.
                self.bad_die.get_or_insert(bad);
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_differ() {
        let a = fresh_seed().unwrap();
        let b = fresh_seed().unwrap();
        assert_ne!(a, b);
    }

    #[test]
    fn commitment_is_lowercase_hex_of_sha256() {
        let c = commitment(&[0u8; 32]);
        assert_eq!(
            c,
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn two_sided_die_shows_both_faces_and_nothing_else() {
        let mut stream = RollStream::new(&[7u8; 32], Uuid::nil(), 0, &[0u8; 32]);
        let faces: Vec<u32> = (0..200).map(|_| stream.die(2)).collect();
        assert!(faces.contains(&1) && faces.contains(&2));
        assert!(faces.iter().all(|f| (1..=2).contains(f)));
        assert_eq!(stream.draws().len(), 200);
    }

    #[test]
    fn largest_die_is_accepted() {
        let mut keystream = Keystream::new([3u8; 32]);
        let face = keystream.die(u32::MAX).unwrap();
        assert!(face >= 1);
    }

    #[test]
    fn dice_with_fewer_than_two_faces_are_refused() {
        let mut stream = RollStream::new(&[7u8; 32], Uuid::nil(), 0, &[0u8; 32]);
        assert_eq!(stream.die(6), stream.draws()[0].1);
        assert_eq!(stream.die(1), 1);
        assert_eq!(stream.die(0), 1);
        assert_eq!(stream.draws().len(), 1);
        assert_eq!(stream.finish(), Err(BadDie { sides: 1 }));
    }

    #[test]
    fn roll_key_depends_on_every_input() {
        let id = Uuid::nil();
        let base = roll_key(&[1u8; 32], id, 5, &[2u8; 32]);
        assert_ne!(base, roll_key(&[9u8; 32], id, 5, &[2u8; 32]));
        assert_ne!(base, roll_key(&[1u8; 32], Uuid::max(), 5, &[2u8; 32]));
        assert_ne!(base, roll_key(&[1u8; 32], id, 6, &[2u8; 32]));
        assert_ne!(base, roll_key(&[1u8; 32], id, 5, &[3u8; 32]));
    }
}
