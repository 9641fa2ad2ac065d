//! The known-answer vectors of motti-dice/v2: commitments, E, chain_start, keystream, the table
//! of rolls (by hand and through `LiveDice`), the rejection vector, and the brute force that fails.

use super::vectors::every_d6_combination;
use super::{no_seeds, spec_campaign, two_lines};
use crate::core::domain::Role;
use crate::dice::audience::Audience;
use crate::dice::derive::{Keystream, RollStream, commitment};
use crate::dice::live::LiveDice;
use crate::dice::source::{Dice, Draw, RollSpec, Visibility};
use crate::dice::v2::{EpochSeeds, chain_next, chain_start, draw_digest, roll_key};
use crate::dice::{chain as v1, derive};

/// `S_public = 00 … 1f`, `S_soviet = 20 … 3f`, `S_finnish = 40 … 5f`, `S_umpire = 60 … 7f`.
pub(super) fn spec_seeds() -> EpochSeeds {
    EpochSeeds::new(std::array::from_fn(|a| {
        std::array::from_fn(|i| (a * 32 + i) as u8)
    }))
}

/// One row: k, audience, whether E is the two-line set, sides, faces, K_k prefix, D_k, chain_k.
struct Row {
    k: u64,
    audience: Audience,
    two: bool,
    sides: Vec<u32>,
    faces: Vec<u32>,
    key: &'static str,
    digest: &'static str,
    chain: &'static str,
}

fn rows() -> Vec<Row> {
    use Audience::*;
    let row = |k, audience, two, sides: Vec<u32>, faces: Vec<u32>, key, digest, chain| Row {
        k,
        audience,
        two,
        sides,
        faces,
        key,
        digest,
        chain,
    };
    vec![
        row(
            0,
            Public,
            false,
            vec![6],
            vec![4],
            "c6c5e17468237899",
            "fa3e51d932dabc2419ea3b286752e94e5263f04b3d5bab01c8a20bb730b9d332",
            "c4e712414e72a43fc1bf929dc062b796afa69568c630f24734f9c4b90338aacb",
        ),
        row(
            1,
            Soviet,
            false,
            vec![6, 6],
            vec![4, 3],
            "65115d4dbdc7e7c3",
            "5b9625bac0a7febb6e24d4d481f30e8ef9ba2f51add9a6c5f6d8e7b4587f6c22",
            "56daf369b3663ddce87d4483b343e61a46dcf38a97c2cfc471cd23145db74236",
        ),
        row(
            2,
            Umpire,
            false,
            vec![6; 3],
            vec![4, 4, 1],
            "4058c5ee7f235a42",
            "474ba01deea687553c574ee78b346846113ce3c6a2d3a5a52f056135f2586fb0",
            "8ea7359e9bb44b39bca744c1dac0395f5cf5e4c15c3217037ad287093cba0e1d",
        ),
        row(
            3,
            Finnish,
            true,
            vec![6],
            vec![6],
            "ec8c19a69acbd09e",
            "aa613dba1e5fc57d021ed2c8c7326e51141c3d8b809337624a375e5b1e8e95d5",
            "b180fc8920caf679648bf1b2df5579ec352af1d423112f81532f1ac57db7789f",
        ),
        row(
            4,
            Public,
            true,
            vec![3, 6, 20],
            vec![1, 6, 9],
            "a104abababd3fa7e",
            "8b82dd22ad564f4b1d05b1f83ad3a91521cff67a82565b59d0a0c06b90602896",
            "a49f28c75a262e54ac82ba2d9a1e283eb64455a687baf7607c61962960823a08",
        ),
        row(
            5,
            Soviet,
            true,
            vec![6; 10],
            vec![1, 1, 2, 6, 3, 3, 1, 3, 3, 3],
            "c0e2f9f1c6a0d55b",
            "e2756663553d88f1e41e250e8c8a645e13c358d43b561b209a34a2b2e582d8a4",
            "96d9f820b53b5f8a99f8cbceafe1d7052c447aaa62a82823427ff56f9649cd0e",
        ),
    ]
}

fn entropy(two: bool) -> [u8; 32] {
    if two { two_lines() } else { no_seeds() }.hash()
}

#[test]
fn commitments_entropy_and_chain_start() {
    let seeds = spec_seeds();
    let expected = [
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
        "72dbb7336c76780023f83da4c355f2eeea85733b13d3477697917790c1229084",
        "ca2a4fe727faaecf16ecd130a86e0885c5540c05375340445071c0657555fd42",
        "4d8d274ff7e176af977a95a0055c8c5f3478d38640343a060cee893e56f39957",
    ];
    let got: Vec<String> = seeds.each().map(|(_, _, c)| c).collect();
    assert_eq!(got, expected);
    assert_eq!(commitment(seeds.seed(Audience::Finnish)), expected[2]);
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
        "ecbe82db11a5dac154ea4a9ed9f5fd6bf8933d628aa55b51af1573ba69d1d5e7"
    );
    let mut stream = Keystream::new([0u8; 32]);
    let words: Vec<u32> = (0..4).map(|_| stream.next_word()).collect();
    assert_eq!(words, [0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653]);
}

#[test]
fn every_row_of_the_table() {
    let seeds = spec_seeds();
    let mut head = chain_start(spec_campaign());
    for row in rows() {
        let e = entropy(row.two);
        let key = roll_key(
            seeds.seed(row.audience),
            spec_campaign(),
            row.k,
            row.audience,
            &e,
        );
        assert!(hex::encode(key).starts_with(row.key), "K_{}", row.k);
        let mut stream = RollStream::keyed(key);
        let faces: Vec<u32> = row.sides.iter().map(|&m| stream.die(m)).collect();
        assert_eq!(faces, row.faces, "faces of roll {}", row.k);
        let digest = draw_digest(&key, &stream.finish().unwrap());
        assert_eq!(hex::encode(digest), row.digest, "D_{}", row.k);
        head = chain_next(&head, row.k, 0, row.audience, &e, &digest);
        assert_eq!(hex::encode(head), row.chain, "chain_{}", row.k);
    }
}

#[test]
fn the_table_through_live_dice() {
    // Rolls 0-2 in one transaction without client seeds, rolls 3-5 in another with two.
    let rows = rows();
    let spec = |row: &Row| {
        let (visibility, roller) = match row.audience {
            Audience::Public => (Visibility::Public, Role::Finnish),
            Audience::Soviet => (Visibility::Side, Role::Soviet),
            Audience::Finnish => (Visibility::Side, Role::Finnish),
            Audience::Umpire => (Visibility::Umpire, Role::Umpire),
        };
        RollSpec {
            purpose: "vector".into(),
            visibility,
            roller,
            sides: row.sides.clone(),
        }
    };
    let id = spec_campaign();
    let mut first = LiveDice::new(id, 0, spec_seeds(), entropy(false), 0, chain_start(id));
    for row in &rows[..3] {
        assert_eq!(first.roll(spec(row)), row.faces);
    }
    let (k, head) = (first.next_k(), first.chain_head());
    let mut rolled = first.into_rolls().unwrap();
    let mut second = LiveDice::new(id, 0, spec_seeds(), entropy(true), k, head);
    for row in &rows[3..] {
        assert_eq!(second.roll(spec(row)), row.faces);
    }
    rolled.extend(second.into_rolls().unwrap());
    for (roll, row) in rolled.iter().zip(&rows) {
        assert_eq!((roll.k, roll.audience), (row.k, row.audience));
        assert_eq!(roll.digest_hex(), row.digest);
        assert_eq!(roll.chain_hex(), row.chain);
    }
}

#[test]
fn rejection_vector() {
    let seeds = spec_seeds();
    let e = entropy(false);
    let key = roll_key(
        seeds.seed(Audience::Public),
        spec_campaign(),
        6,
        Audience::Public,
        &e,
    );
    let mut words = Keystream::new(key);
    let first: Vec<u32> = (0..7).map(|_| words.next_word()).collect();
    assert_eq!(
        first,
        [
            3964074720, 1485247903, 2693161606, 3622632736, 1755338294, 3672097948, 14117759
        ]
    );
    let mut stream = RollStream::keyed(key);
    let faces: Vec<u32> = (0..4).map(|_| stream.die(3_000_000_000)).collect();
    assert_eq!(faces, [1485247904, 2693161607, 1755338295, 14117760]);
}

#[test]
fn under_v2_no_guess_matches_a_hidden_roll() {
    // The attacker of the v1 regression, now against the v2 table: they know every public
    // input, the public seed (revealed at a rotation) and all commitments, and try every face
    // combination of 1d6 to 3d6 against the digest and the chain of each hidden roll.
    let seeds = spec_seeds();
    let public = *seeds.seed(Audience::Public);
    let mut head = chain_start(spec_campaign());
    let mut tried = 0;
    for row in rows() {
        let e = entropy(row.two);
        let digest: [u8; 32] = hex::decode(row.digest).unwrap().try_into().unwrap();
        let chain: [u8; 32] = hex::decode(row.chain).unwrap().try_into().unwrap();
        if row.audience != Audience::Public && row.sides.len() <= 3 {
            let guessed_keys: Vec<[u8; 32]> = vec![
                [0u8; 32],
                public,
                roll_key(&public, spec_campaign(), row.k, row.audience, &e),
                roll_key(&public, spec_campaign(), row.k, Audience::Public, &e),
                derive::roll_key(&public, spec_campaign(), row.k, &e),
                chain,
                head,
                e,
            ];
            for count in 1..=3 {
                for guess in every_d6_combination(count) {
                    tried += 1;
                    assert_ne!(v1::chain_next(&head, row.k, 0, &e, &guess), chain);
                    for key in &guessed_keys {
                        let d = draw_digest(key, &guess);
                        assert_ne!(d, digest, "roll {} guessed", row.k);
                        assert_ne!(chain_next(&head, row.k, 0, row.audience, &e, &d), chain);
                    }
                }
            }
        }
        head = chain;
    }
    assert_eq!(tried, 3 * (6 + 36 + 216));
}
