//! Sealed inputs: commitments that hold what is revealed, nothing shown early, equal bids again.

use super::*;

fn bid() -> SealedSpec {
    SealedSpec {
        code: "vp_bid",
        title: "Victory Point bid",
        rule: "17.0.2",
        question: "How many?",
        min: 0,
        max: 99,
        effect: Effect::VictoryPointBid,
    }
}

const NONCE_A: &str = "0123456789abcdef0123456789abcdef";
const NONCE_B: &str = "fedcba9876543210fedcba9876543210";

#[test]
fn a_value_is_its_sides_alone_until_both_are_in() {
    let spec = bid();
    let mut input = SealedInput::default();
    assert_eq!(input.seal(&spec, Side::Soviet, 7, NONCE_A), Ok(false));
    let finnish = input.seen_by(&spec, Some(Side::Finnish));
    let soviet_part = &finnish.sides[0];
    assert!(soviet_part.sealed);
    assert_eq!(
        soviet_part.value, None,
        "the Finns do not read the Soviet bid"
    );
    assert_eq!(soviet_part.nonce, None);
    // The commitment is over the value and a 128-bit nonce: trying every bid without the nonce
    // finds nothing.
    let commitment = soviet_part.commitment.clone().expect("a commitment");
    for guess in 0..=99 {
        for nonce in ["", "0", "00000000000000000000000000000000"] {
            assert_ne!(
                super::commitment("vp_bid", Side::Soviet, guess, nonce),
                commitment
            );
        }
    }
    // The umpire reads no value either; the Soviets read their own.
    assert_eq!(input.seen_by(&spec, None).sides[0].value, None);
    assert_eq!(
        input.seen_by(&spec, Some(Side::Soviet)).sides[0].value,
        Some(7)
    );
    assert_eq!(input.points(&spec), None);
    // The second bid shows both, with nonces that check against the commitments.
    assert_eq!(input.seal(&spec, Side::Finnish, 3, NONCE_B), Ok(true));
    let seen = input.seen_by(&spec, Some(Side::Finnish));
    assert!(seen.revealed);
    for part in &seen.sides {
        let (value, nonce) = (
            part.value.expect("shown"),
            part.nonce.clone().expect("shown"),
        );
        assert_eq!(
            Some(super::commitment("vp_bid", part.side, value, &nonce)),
            part.commitment
        );
    }
    // 17.0.2: the higher bidder keeps its side; the other receives the bid.
    assert_eq!(input.points(&spec), Some((Side::Finnish, 7)));
    assert_eq!(seen.points, Some((Side::Finnish, 7)));
}

#[test]
fn a_side_bids_once_within_bounds_and_equal_bids_are_given_again() {
    let spec = bid();
    let mut input = SealedInput::default();
    assert_eq!(
        input.seal(&spec, Side::Soviet, 100, NONCE_A),
        Err(SealError::OutOfBounds { min: 0, max: 99 })
    );
    assert_eq!(
        input.seal(&spec, Side::Soviet, -1, NONCE_A),
        Err(SealError::OutOfBounds { min: 0, max: 99 })
    );
    input.seal(&spec, Side::Soviet, 4, NONCE_A).expect("seals");
    assert_eq!(
        input.seal(&spec, Side::Soviet, 5, NONCE_B),
        Err(SealError::AlreadySealed)
    );
    // Equal bids: shown, kept as an earlier round, and both bid again.
    assert_eq!(input.seal(&spec, Side::Finnish, 4, NONCE_B), Ok(true));
    assert!(!input.revealed);
    assert_eq!(input.earlier.len(), 1);
    let seen = input.seen_by(&spec, Some(Side::Soviet));
    assert_eq!(seen.earlier[0][1].value, Some(4));
    assert!(!seen.sides[0].sealed && !seen.sides[1].sealed);
    input.seal(&spec, Side::Finnish, 2, NONCE_B).expect("again");
    input.seal(&spec, Side::Soviet, 6, NONCE_A).expect("again");
    assert_eq!(input.points(&spec), Some((Side::Finnish, 6)));
    assert_eq!(
        input.seal(&spec, Side::Soviet, 6, NONCE_A),
        Err(SealError::AlreadyRevealed)
    );
}
