//! The known-answer vectors of motti-dice/v1 (dice.md's appendix): commitment, entropy, chain,
//! keystream and the table of rolls; and why v1 had to go: its chain gives hidden faces away.

use super::{no_seeds, spec_campaign, spec_seed, two_lines};
use crate::dice::chain::{chain_next, chain_start};
use crate::dice::derive::{Keystream, RollStream, commitment, roll_key};
use crate::dice::source::Draw;

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

/// Every face combination of `count` six-sided dice, as draws.
pub(super) fn every_d6_combination(count: usize) -> Vec<Vec<(u32, u32)>> {
    (0..6usize.pow(count as u32))
        .map(|mut n| {
            (0..count)
                .map(|_| {
                    let face = (n % 6) as u32 + 1;
                    n /= 6;
                    (6, face)
                })
                .collect()
        })
        .collect()
}

#[test]
fn under_v1_anyone_recovers_hidden_faces_from_the_chain() {
    // The regression v2 fixes: rolls 1 (2d6) and 2 (3d6) of the table, hidden from an
    // attacker who reads only the previous chain hash, k, epoch, E and the roll's chain hash.
    let rows = spec_rows();
    let mut head = chain_start(spec_campaign());
    for (k, two, sides, faces, chain) in rows {
        let entropy = if two { two_lines() } else { no_seeds() }.hash();
        if sides.iter().all(|&m| m == 6) && (1..=3).contains(&sides.len()) {
            let matches: Vec<Vec<(u32, u32)>> = every_d6_combination(sides.len())
                .into_iter()
                .filter(|guess| hex::encode(chain_next(&head, k, 0, &entropy, guess)) == chain)
                .collect();
            let truth: Vec<(u32, u32)> = faces.iter().map(|&f| (6, f)).collect();
            assert_eq!(
                matches,
                vec![truth],
                "roll {k} falls to brute force under v1"
            );
        }
        head = <[u8; 32]>::try_from(hex::decode(chain).unwrap()).unwrap();
    }
}
