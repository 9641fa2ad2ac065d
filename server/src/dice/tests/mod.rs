//! Known-answer vectors of dice.md, statistical checks of the whole derivation, and the
//! export round trip through `LiveDice` and `verify`; the seeds and campaign they share.

use super::entropy::{ClientSeed, EntropySet};
use crate::core::domain::Role;
use uuid::Uuid;

mod export;
mod uniformity;
mod vectors;
mod vectors_v2;

fn spec_seed() -> [u8; 32] {
    std::array::from_fn(|i| i as u8)
}

fn spec_campaign() -> Uuid {
    Uuid::parse_str("11111111-2222-4333-8444-555555555555").unwrap()
}

fn no_seeds() -> EntropySet {
    EntropySet::default()
}

fn two_lines() -> EntropySet {
    let motti = ClientSeed::parse("motti").unwrap();
    let sisu = ClientSeed::parse("sisu").unwrap();
    EntropySet::from_seeds([
        (
            Role::Soviet,
            Uuid::parse_str("3f0c8f5e-0000-4000-8000-000000000001").unwrap(),
            &motti,
        ),
        (
            Role::Finnish,
            Uuid::parse_str("3f0c8f5e-0000-4000-8000-000000000002").unwrap(),
            &sisu,
        ),
    ])
}
