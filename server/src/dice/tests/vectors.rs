//! The known-answer vectors of dice.md: commitment, entropy, chain, keystream and the table of rolls.

use super::{no_seeds, spec_campaign, spec_seed, two_lines};
use crate::dice::chain::{chain_next, chain_start};
use crate::dice::derive::{Keystream, RollStream, commitment, roll_key};
use crate::dice::live::LiveDice;
use crate::dice::source::{Dice, Draw, RollSpec, Visibility};
use crate::domain::Role;
use serde_json::json;

/// One row of the table of dice.md: k, whether E is the two-line set, sides, faces, chain_k.
type SpecRow = (u64, bool, Vec<u32>, Vec<u32>, &'static str);

fn spec_rows() -> Vec<SpecRow> {
    vec![
        (
            0,
            false,
            vec![6],
            vec![6],
            "e38907da8bc7e479899b251eca1c70dc06bdaf066ec219df2add3e02c6eacdf9",
        ),
        (
            1,
            false,
            vec![6, 6],
            vec![1, 3],
            "4586b8a569d5af860ad9d473a1d93189f9ad484a08d837210f4af6ba02328609",
        ),
        (
            2,
            false,
            vec![6; 3],
            vec![2, 2, 2],
            "cdcbeba35aa66b6fea89b3241ae05c6d1287fad376bbaccc0f154bbac145c5be",
        ),
        (
            3,
            true,
            vec![6],
            vec![3],
            "b8e0dce3fe3636234b185366a8ea8a62d5b0fd159c1e3bfc46aeb88a421e9ace",
        ),
        (
            4,
            true,
            vec![3, 6, 20],
            vec![2, 6, 9],
            "25f8e974907aae9bb4357cf86791a1e5c2ece853aa663d72e7e26fb97afb3a3b",
        ),
        (
            5,
            true,
            vec![6; 10],
            vec![6, 1, 3, 2, 2, 3, 2, 2, 1, 1],
            "1af7d9be7b4d7626222eb7d0b813378d28c08b2cf99d253298d9d49e87474d13",
        ),
    ]
}

#[test]
fn commitment_entropy_and_chain_start_vectors() {
    assert_eq!(
        commitment(&spec_seed()),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
    assert_eq!(
        no_seeds().hash_hex(),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        two_lines().hash_hex(),
        "78cef9a41a06127d2a1f3d84260401f6bdf4c7a415fc31424b8086baf55c9a33"
    );
    assert_eq!(
        hex::encode(chain_start(spec_campaign())),
        "4936e2393f3e4068350dcaddd3463f9a2d7351074e71b8cb127a76e32228d8e9"
    );
}

#[test]
fn chacha_zero_key_and_roll_key_vectors() {
    let mut stream = Keystream::new([0u8; 32]);
    let words: Vec<u32> = (0..4).map(|_| stream.next_word()).collect();
    assert_eq!(words, [0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653]);
    let k0 = roll_key(&spec_seed(), spec_campaign(), 0, &no_seeds().hash());
    assert!(hex::encode(k0).starts_with("1c91850a2a053b84"));
}

#[test]
fn table_rows_from_the_derivation() {
    let mut head = chain_start(spec_campaign());
    for (k, two, sides, faces, chain) in spec_rows() {
        let entropy = if two { two_lines() } else { no_seeds() }.hash();
        let mut stream = RollStream::new(&spec_seed(), spec_campaign(), k, &entropy);
        let got: Vec<u32> = sides.iter().map(|&m| stream.die(m)).collect();
        assert_eq!(got, faces, "faces of roll {k}");
        let draws = stream.finish().unwrap();
        head = chain_next(&head, k, 0, &entropy, &draws);
        assert_eq!(hex::encode(head), chain, "chain of roll {k}");
    }
}

#[test]
fn table_rows_through_live_dice() {
    // Rolls 0-2 are one transaction with no client seeds, rolls 3-5 another after two were set.
    let rows = spec_rows();
    let start = chain_start(spec_campaign());
    let mut first = LiveDice::new(spec_campaign(), 0, spec_seed(), no_seeds().hash(), 0, start);
    for (_, _, sides, faces, _) in &rows[..3] {
        let spec = RollSpec {
            purpose: "vector".into(),
            visibility: Visibility::Public,
            roller: Role::Soviet,
            sides: sides.clone(),
        };
        assert_eq!(&first.roll(spec), faces);
    }
    let (next_k, head) = (first.next_k(), first.chain_head());
    let mut rolled = first.into_rolls().unwrap();
    let mut second = LiveDice::new(
        spec_campaign(),
        0,
        spec_seed(),
        two_lines().hash(),
        next_k,
        head,
    );
    for (_, _, sides, faces, _) in &rows[3..] {
        let spec = RollSpec {
            purpose: "vector".into(),
            visibility: Visibility::Side,
            roller: Role::Finnish,
            sides: sides.clone(),
        };
        assert_eq!(&second.roll(spec), faces);
    }
    rolled.extend(second.into_rolls().unwrap());
    for (roll, (k, _, _, _, chain)) in rolled.iter().zip(&rows) {
        assert_eq!(roll.k, *k);
        assert_eq!(roll.chain_hex(), *chain);
    }
    assert_eq!(rolled[4].expression, "1d3+1d6+1d20");
    assert_eq!(rolled[4].result, json!({"faces": [2, 6, 9], "total": 17}));
    assert_eq!(rolled[4].total, Some(17));
}

#[test]
fn rejection_vector_for_three_billion_sided_dice() {
    let key = roll_key(&spec_seed(), spec_campaign(), 6, &no_seeds().hash());
    let mut words = Keystream::new(key);
    let first: Vec<u32> = (0..7).map(|_| words.next_word()).collect();
    assert_eq!(
        first,
        [
            1038750176, 4037794165, 956673732, 19741820, 3825232717, 3152515021, 964346747
        ]
    );
    let mut stream = RollStream::new(&spec_seed(), spec_campaign(), 6, &no_seeds().hash());
    let faces: Vec<u32> = (0..4).map(|_| stream.die(3_000_000_000)).collect();
    assert_eq!(faces, [1038750177, 956673733, 19741821, 964346748]);
}
