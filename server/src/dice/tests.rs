//! Known-answer vectors of dice.md, statistical checks of the whole derivation, and the
//! export round trip through `LiveDice` and `verify`.

use super::chain::{chain_next, chain_start};
use super::derive::{Keystream, RollStream, commitment, roll_key};
use super::entropy::{ClientSeed, EntropySet};
use super::export::{Export, ExportEpoch, ExportRoll};
use super::expr::DiceExpression;
use super::generic::{COUNT_SUCCESSES, EXPRESSION};
use super::live::LiveDice;
use super::source::{Dice, Draw, RollSpec, Visibility};
use super::verify::{Mismatch, verify};
use crate::domain::Role;
use serde_json::json;
use uuid::Uuid;

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

fn chi_square(counts: &[u64], probabilities: &[f64]) -> f64 {
    let n: u64 = counts.iter().sum();
    counts
        .iter()
        .zip(probabilities)
        .map(|(&c, &p)| {
            let expected = n as f64 * p;
            (c as f64 - expected).powi(2) / expected
        })
        .sum()
}

#[test]
fn d6_faces_are_uniform() {
    let mut counts = [0u64; 6];
    for k in 0..60_000 {
        let mut stream = RollStream::new(&[42u8; 32], spec_campaign(), k, &no_seeds().hash());
        for _ in 0..10 {
            counts[stream.die(6) as usize - 1] += 1;
        }
    }
    assert_eq!(counts.iter().sum::<u64>(), 600_000);
    let chi = chi_square(&counts, &[1.0 / 6.0; 6]);
    // Critical value of chi-square with 5 degrees of freedom at p = 0.001.
    assert!(chi < 20.515, "chi-square {chi} for counts {counts:?}");
}

#[test]
fn two_d6_sums_follow_the_triangle() {
    let mut counts = [0u64; 11];
    for k in 60_000..90_000 {
        let mut stream = RollStream::new(&[42u8; 32], spec_campaign(), k, &two_lines().hash());
        for _ in 0..10 {
            counts[(stream.die(6) + stream.die(6)) as usize - 2] += 1;
        }
    }
    let ways = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    let probabilities: Vec<f64> = ways.iter().map(|w| w / 36.0).collect();
    let chi = chi_square(&counts, &probabilities);
    // Critical value of chi-square with 10 degrees of freedom at p = 0.001.
    assert!(chi < 29.588, "chi-square {chi} for counts {counts:?}");
}

#[test]
fn no_library_range_sampler_is_used() {
    let sources = [
        include_str!("mod.rs"),
        include_str!("source.rs"),
        include_str!("procedure.rs"),
        include_str!("derive.rs"),
        include_str!("entropy.rs"),
        include_str!("chain.rs"),
        include_str!("expr.rs"),
        include_str!("generic.rs"),
        include_str!("live.rs"),
        include_str!("export.rs"),
        include_str!("verify.rs"),
        include_str!("tests.rs"),
    ];
    // Spelled in pieces so that this test does not find itself.
    let banned = [
        ["gen", "_range"],
        ["random", "_range"],
        ["Uni", "form"],
        ["shuf", "fle"],
    ]
    .map(|p| p.concat());
    for source in sources {
        for name in &banned {
            assert!(
                !source.contains(name.as_str()),
                "dice sources must not use {name}"
            );
        }
    }
}

/// A campaign of two epochs built with `LiveDice`: rolls 0-3 in epoch 0 (roll 2 umpire-only),
/// rolls 4-5 in epoch 1 under two client seeds.
fn campaign_export(reveal_epoch_1: bool, hide_umpire_rolls: bool) -> Export {
    let id = spec_campaign();
    let seed1 = [9u8; 32];
    let mut dice = LiveDice::new(id, 0, spec_seed(), no_seeds().hash(), 0, chain_start(id));
    dice.roll(RollSpec::d6s(
        "1st Platoon advance",
        Role::Soviet,
        Visibility::Public,
        2,
    ));
    let expr = DiceExpression::parse("1d6-1+1d3").unwrap();
    dice.roll_expression(&expr, "morale check", Visibility::Side, Role::Finnish)
        .unwrap();
    dice.roll(RollSpec {
        purpose: "ambush".into(),
        visibility: Visibility::Umpire,
        roller: Role::Umpire,
        sides: vec![6, 20],
    });
    dice.run_procedure(
        &COUNT_SUCCESSES,
        &json!({"count": 4, "target": 5}),
        "fire",
        Visibility::Public,
        Role::Soviet,
    )
    .unwrap();
    let (k, head) = (dice.next_k(), dice.chain_head());
    let mut rolls = dice.into_rolls().unwrap();
    let mut dice = LiveDice::new(id, 1, seed1, two_lines().hash(), k, head);
    dice.run_procedure(
        &EXPRESSION,
        &json!({"dice": "3d6+2"}),
        "artillery",
        Visibility::Public,
        Role::Finnish,
    )
    .unwrap();
    dice.roll(RollSpec::d6s("patrol", Role::Umpire, Visibility::Side, 1));
    rolls.extend(dice.into_rolls().unwrap());

    let mut export = Export::new(id);
    export.epochs.push(ExportEpoch::new(0, &spec_seed(), true));
    export
        .epochs
        .push(ExportEpoch::new(1, &seed1, reveal_epoch_1));
    export.add_entropy_set(&no_seeds());
    export.add_entropy_set(&two_lines());
    export.rolls = rolls
        .iter()
        .map(|r| match r.visibility {
            Visibility::Umpire if hide_umpire_rolls => ExportRoll::hidden(r),
            _ => ExportRoll::visible(r),
        })
        .collect();
    export
}

#[test]
fn a_full_export_verifies() {
    let export = campaign_export(true, false);
    assert_eq!(
        export.rolls[5].visibility,
        Visibility::Umpire,
        "an umpire's side roll is umpire-only"
    );
    let report = verify(&export).unwrap();
    assert_eq!(
        (report.rolls, report.rolls_rederived, report.rolls_hidden),
        (6, 6, 0)
    );
    assert_eq!(report.dice_rederived, 2 + 2 + 2 + 4 + 3 + 1);
    assert_eq!(report.seeds_checked, 2);
    // Every roll but the count-successes one has a {faces, total} result.
    assert_eq!(report.totals_recomputed, 5);
    assert_eq!(report.chain_head, export.rolls[5].chain);
    let text = report.to_string();
    assert!(
        text.contains("rolls: 6, numbered 0 to 5 without gaps"),
        "{text}"
    );
    // The export survives a trip through JSON.
    let json = serde_json::to_string(&export).unwrap();
    assert_eq!(verify(&serde_json::from_str(&json).unwrap()), Ok(report));
}

#[test]
fn an_export_with_a_sealed_epoch_and_hidden_rolls_verifies() {
    let report = verify(&campaign_export(false, true)).unwrap();
    assert_eq!(report.sealed_epoch, Some(1));
    assert_eq!(
        (
            report.rolls_rederived,
            report.rolls_sealed,
            report.rolls_hidden
        ),
        (3, 1, 2)
    );
    let text = report.to_string();
    assert!(text.contains("epoch 1 is still sealed"), "{text}");
    assert!(
        text.contains("only their place in the chain checked: 2"),
        "{text}"
    );
}

fn mismatch(export: &Export) -> String {
    verify(export)
        .map(|r| r.to_string())
        .unwrap_err()
        .to_string()
}

#[test]
fn a_changed_draw_is_named() {
    let mut export = campaign_export(true, false);
    let draws = export.rolls[3].draws.as_mut().unwrap();
    let [m, f] = draws[1];
    draws[1] = [m, f % m + 1];
    assert_eq!(
        mismatch(&export),
        format!(
            "roll k=3: draw 2 is [{m},{}] but the seed gives [{m},{f}]",
            f % m + 1
        )
    );
}

#[test]
fn every_single_draw_change_is_caught() {
    let export = campaign_export(true, false);
    for (r, roll) in export.rolls.iter().enumerate() {
        for d in 0..roll.draws.as_ref().unwrap().len() {
            let mut changed = export.clone();
            let draw = &mut changed.rolls[r].draws.as_mut().unwrap()[d];
            draw[1] = draw[1] % draw[0] + 1;
            let message = mismatch(&changed);
            assert!(
                message.starts_with(&format!("roll k={r}: draw {} is", d + 1)),
                "{message}"
            );
        }
    }
}

#[test]
fn a_changed_draw_in_a_sealed_epoch_breaks_the_chain() {
    let mut export = campaign_export(false, false);
    let draws = export.rolls[4].draws.as_mut().unwrap();
    draws[0][1] = draws[0][1] % 6 + 1;
    assert_eq!(
        mismatch(&export),
        "roll k=4: chain hash does not follow from roll 3"
    );
}

#[test]
fn a_changed_chain_hash_is_named() {
    let mut export = campaign_export(true, false);
    export.rolls[3].chain = hex::encode([7u8; 32]);
    assert_eq!(
        mismatch(&export),
        "roll k=3: chain hash does not follow from roll 2"
    );
    let mut export = campaign_export(true, false);
    export.rolls[0].chain = hex::encode([7u8; 32]);
    assert_eq!(
        mismatch(&export),
        "roll k=0: chain hash does not follow from chain_start"
    );
    // A hidden roll's hash is taken as given, so the roll after it no longer links.
    let mut export = campaign_export(true, true);
    export.rolls[2].chain = hex::encode([7u8; 32]);
    assert_eq!(
        mismatch(&export),
        "roll k=3: chain hash does not follow from roll 2"
    );
}

#[test]
fn a_changed_seed_is_named() {
    let mut export = campaign_export(true, false);
    export.epochs[0].seed = Some(hex::encode([1u8; 32]));
    assert_eq!(mismatch(&export), "epoch 0: seed does not match commitment");
    let mut export = campaign_export(true, false);
    export.epochs[1].commitment = commitment(&[1u8; 32]);
    assert_eq!(mismatch(&export), "epoch 1: seed does not match commitment");
    let mut export = campaign_export(true, false);
    export.epochs[0].seed = None;
    assert_eq!(
        mismatch(&export),
        "epoch 0: seed not revealed although epoch 1 has opened since"
    );
}

#[test]
fn changed_roll_numbers_are_named() {
    let mut export = campaign_export(true, false);
    export.rolls.remove(3);
    assert_eq!(mismatch(&export), "roll k=3 missing: k jumps from 2 to 4");
    assert_eq!(
        verify(&export),
        Err(Mismatch::Gap {
            missing: 3,
            previous: Some(2),
            found: 4
        })
    );
    let mut export = campaign_export(true, false);
    export.rolls[3].k = 2;
    assert_eq!(mismatch(&export), "roll k=2: appears again after roll 2");
    let mut export = campaign_export(true, false);
    export.rolls.remove(0);
    assert_eq!(
        mismatch(&export),
        "roll k=0 missing: the rolls start at k=1"
    );
    let mut export = campaign_export(true, false);
    export.rolls[5].k = 6;
    assert_eq!(mismatch(&export), "roll k=5 missing: k jumps from 4 to 6");
}

#[test]
fn other_tampering_is_named() {
    let mut export = campaign_export(true, false);
    export.rolls[0].result =
        Some(json!({"faces": export.rolls[0].result.as_ref().unwrap()["faces"], "total": 99}));
    let message = mismatch(&export);
    assert!(
        message.starts_with("roll k=0: result total is 99 but the draws and expression 2d6 give"),
        "{message}"
    );
    let mut export = campaign_export(true, false);
    export.rolls[1].result = Some(json!({"faces": [1, 1], "total": 1}));
    let message = mismatch(&export);
    assert!(
        message.starts_with("roll k=1: result faces are [1,1] but the draws show ["),
        "{message}"
    );
    let mut export = campaign_export(true, false);
    export.rolls[1].chain = export.rolls[1].chain.to_uppercase();
    assert_eq!(
        mismatch(&export),
        "roll k=1: chain is not 64 lowercase hex digits"
    );
    let mut export = campaign_export(true, false);
    export
        .entropy_sets
        .values_mut()
        .for_each(|lines| lines.push("umpire:x:y".into()));
    assert!(
        mismatch(&export).starts_with("entropy set "),
        "a line added to a set"
    );
    let mut export = campaign_export(true, false);
    export.rolls[4].epoch = 0;
    assert!(
        mismatch(&export).starts_with("roll k=4: draw "),
        "roll moved to another epoch"
    );
    let mut export = campaign_export(true, false);
    export.rolls[5].epoch = 0;
    assert_eq!(
        mismatch(&export),
        "roll k=5: epoch 0 comes after a roll of epoch 1, but epochs never go back"
    );
    let mut export = campaign_export(true, false);
    export.rolls[5].epoch = 2;
    assert_eq!(mismatch(&export), "roll k=5: epoch 2 is not listed");
}

#[test]
fn the_wrong_format_is_refused() {
    let mut export = campaign_export(true, false);
    export.format = "motti-dice/v2".into();
    assert_eq!(
        mismatch(&export),
        "format is 'motti-dice/v2', but only motti-dice/v1 can be checked"
    );
}
