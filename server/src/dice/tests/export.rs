//! The export round trip: a campaign with a v1 epoch and two v2 epochs verifies, and every
//! tampering is named.

use super::vectors_v2::spec_seeds;
use super::{no_seeds, spec_campaign, spec_seed, two_lines};
use crate::core::domain::Role;
use crate::dice::audience::Audience;
use crate::dice::chain as v1;
use crate::dice::derive::{RollStream, commitment};
use crate::dice::export::{Export, ExportEpoch, ExportRoll, ExportSeed};
use crate::dice::expr::DiceExpression;
use crate::dice::generic::{COUNT_SUCCESSES, EXPRESSION};
use crate::dice::live::LiveDice;
use crate::dice::source::{Dice, Draw, RollSpec, Visibility};
use crate::dice::v2::EpochSeeds;
use crate::dice::verify::{Mismatch, verify};
use serde_json::json;
use std::collections::BTreeMap;

/// A v1 roll as the old server stored it: the faces went into the chain in clear.
fn v1_roll(k: u64, head: &mut [u8; 32], sides: &[u32], visibility: Visibility) -> ExportRoll {
    let entropy = no_seeds().hash();
    let mut stream = RollStream::new(&spec_seed(), spec_campaign(), k, &entropy);
    sides.iter().for_each(|&m| {
        stream.die(m);
    });
    let draws = stream.finish().unwrap();
    *head = v1::chain_next(head, k, 0, &entropy, &draws);
    let faces: Vec<u32> = draws.iter().map(|d| d.1).collect();
    let total: u32 = faces.iter().sum();
    ExportRoll {
        k,
        epoch: 0,
        audience: None,
        entropy: hex::encode(entropy),
        digest: None,
        chain: hex::encode(*head),
        visibility,
        draws: Some(draws.iter().map(|&(m, f)| [m, f]).collect()),
        expression: None,
        purpose: Some("v1 roll".into()),
        result: Some(json!({"faces": faces, "total": total})),
    }
}

fn v2_epoch(epoch: u32, seeds: &EpochSeeds, revealed: &[Audience]) -> ExportEpoch {
    let seeds: BTreeMap<Audience, ExportSeed> = seeds
        .each()
        .map(|(a, seed, _)| (a, ExportSeed::new(seed, revealed.contains(&a))))
        .collect();
    ExportEpoch::V2 { epoch, seeds }
}

/// A campaign of three epochs: v1 epoch 0 (rolls 0-1, roll 1 umpire-only), v2 epoch 1
/// (rolls 2-4: Finnish, umpire, public) and v2 epoch 2 (rolls 5-6: public under two client
/// seeds, umpire). `finished` reveals every seed; otherwise only epoch 1's public seed is.
/// `hide_umpire_rolls` redacts the umpire's rolls as a player's export does.
fn campaign_export(finished: bool, hide_umpire_rolls: bool) -> Export {
    let id = spec_campaign();
    let mut head = v1::chain_start(id);
    let mut rolls = vec![
        v1_roll(0, &mut head, &[6, 6], Visibility::Public),
        v1_roll(1, &mut head, &[6, 20], Visibility::Umpire),
    ];
    let mut dice = LiveDice::new(id, 1, spec_seeds(), no_seeds().hash(), 2, head);
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
    let mut live = dice.into_rolls().unwrap();
    let seeds2 = EpochSeeds::new([[9u8; 32], [10u8; 32], [11u8; 32], [12u8; 32]]);
    let mut dice = LiveDice::new(id, 2, seeds2.clone(), two_lines().hash(), k, head);
    dice.run_procedure(
        &EXPRESSION,
        &json!({"dice": "3d6+2"}),
        "artillery",
        Visibility::Public,
        Role::Finnish,
    )
    .unwrap();
    dice.roll(RollSpec::d6s("patrol", Role::Umpire, Visibility::Side, 1));
    live.extend(dice.into_rolls().unwrap());
    rolls.extend(live.iter().map(|r| match r.audience {
        Audience::Umpire if hide_umpire_rolls => ExportRoll::hidden(r),
        _ => ExportRoll::visible(r),
    }));
    if hide_umpire_rolls {
        rolls[1] = rolls[1].clone().redacted();
    }

    let mut export = Export::new(id);
    let all = Audience::ALL;
    export.epochs = vec![
        ExportEpoch::v1(0, &spec_seed(), finished),
        v2_epoch(
            1,
            &spec_seeds(),
            if finished { &all } else { &[Audience::Public] },
        ),
        v2_epoch(2, &seeds2, if finished { &all } else { &[] }),
    ];
    export.add_entropy_set(&no_seeds());
    export.add_entropy_set(&two_lines());
    export.rolls = rolls;
    export
}

#[test]
fn a_full_export_verifies() {
    let export = campaign_export(true, false);
    assert_eq!(export.rolls[6].audience, Some(Audience::Umpire));
    let report = verify(&export).unwrap();
    assert_eq!(
        (report.rolls, report.rolls_rederived, report.rolls_hidden),
        (7, 7, 0)
    );
    assert_eq!(report.dice_rederived, 2 + 2 + 2 + 2 + 4 + 3 + 1);
    assert_eq!((report.epochs_v1, report.epochs_v2), (1, 2));
    assert_eq!((report.seeds_checked, report.seeds_secret), (9, 0));
    assert_eq!(report.links_checked, 7);
    // Every roll but the count-successes one has a {faces, total} result with an expression.
    assert_eq!(report.totals_recomputed, 4);
    assert_eq!(report.chain_head, export.rolls[6].chain);
    let text = report.to_string();
    assert!(
        text.contains("rolls: 7, numbered 0 to 6 without gaps"),
        "{text}"
    );
    assert!(text.contains("1 v1, 2 v2"), "{text}");
    let json = serde_json::to_string(&export).unwrap();
    assert!(json.contains(r#""scheme":"v1""#) && json.contains(r#""scheme":"v2""#));
    assert_eq!(verify(&serde_json::from_str(&json).unwrap()), Ok(report));
}

#[test]
fn an_export_with_secret_seeds_and_hidden_rolls_verifies() {
    let report = verify(&campaign_export(false, true)).unwrap();
    // Roll 4 (public, epoch 1) is the only one whose seed is out; rolls 0, 2 and 5 wait for
    // theirs; rolls 1, 3 and 6 are the umpire's.
    assert_eq!(
        (
            report.rolls_rederived,
            report.rolls_awaiting_seed,
            report.rolls_hidden
        ),
        (1, 3, 3)
    );
    assert_eq!((report.seeds_checked, report.seeds_secret), (1, 8));
    assert_eq!((report.links_checked, report.links_given), (6, 1));
    let text = report.to_string();
    assert!(
        text.contains("not revealed yet (checkable once it is): 3"),
        "{text}"
    );
    assert!(
        text.contains("rolls hidden from you (only their place in the chain checked): 3"),
        "{text}"
    );
    assert!(
        text.contains("1 link(s) of hidden v1 rolls taken as given"),
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
fn every_single_draw_change_is_caught_once_seeds_are_out() {
    let export = campaign_export(true, false);
    for (r, roll) in export.rolls.iter().enumerate() {
        for d in 0..roll.draws.as_ref().unwrap().len() {
            let mut changed = export.clone();
            let draw = &mut changed.rolls[r].draws.as_mut().unwrap()[d];
            let (m, f) = (draw[0], draw[1]);
            draw[1] = f % m + 1;
            assert_eq!(
                mismatch(&changed),
                format!(
                    "roll k={r}: draw {} is [{m},{}] but the seed gives [{m},{f}]",
                    d + 1,
                    f % m + 1
                )
            );
        }
    }
}

#[test]
fn a_changed_draw_under_a_secret_seed() {
    // v1 put the faces in the chain, so the chain breaks at once.
    let mut export = campaign_export(false, false);
    let draws = export.rolls[0].draws.as_mut().unwrap();
    draws[0][1] = draws[0][1] % 6 + 1;
    assert_eq!(
        mismatch(&export),
        "roll k=0: chain hash does not follow from chain_start"
    );
    // v2 keys the draws with the secret, so the change waits for the seed, then is named.
    let mut export = campaign_export(false, false);
    let roll = &mut export.rolls[5];
    let draws = roll.draws.as_mut().unwrap();
    draws[0][1] = draws[0][1] % 6 + 1;
    let faces: Vec<u32> = draws.iter().map(|d| d[1]).collect();
    let total = faces.iter().sum::<u32>() + 2;
    roll.result = Some(json!({"faces": faces, "total": total}));
    assert!(verify(&export).is_ok());
    export.epochs[2] = campaign_export(true, false).epochs[2].clone();
    assert!(mismatch(&export).starts_with("roll k=5: draw 1 is"));
}

#[test]
fn a_changed_digest_or_chain_hash_is_named() {
    let mut export = campaign_export(true, false);
    export.rolls[3].digest = Some(hex::encode([7u8; 32]));
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
    // A hidden v2 roll's link is still recomputed from its digest.
    let mut export = campaign_export(false, true);
    export.rolls[6].chain = hex::encode([7u8; 32]);
    assert_eq!(
        mismatch(&export),
        "roll k=6: chain hash does not follow from roll 5"
    );
    // A hidden v1 roll's link is taken as given, so the roll after it no longer links.
    let mut export = campaign_export(false, true);
    export.rolls[1].chain = hex::encode([7u8; 32]);
    assert_eq!(
        mismatch(&export),
        "roll k=2: chain hash does not follow from roll 1"
    );
    // A digest that is right for the chain but wrong for the draws is caught by the seed.
    let mut export = campaign_export(true, false);
    export.rolls[6].digest = export.rolls[5].digest.clone();
    assert!(mismatch(&export).starts_with("roll k=6: chain hash"));
}

#[test]
fn a_changed_seed_is_named() {
    let mut export = campaign_export(true, false);
    if let ExportEpoch::V1 { seed, .. } = &mut export.epochs[0] {
        *seed = Some(hex::encode([1u8; 32]));
    }
    assert_eq!(mismatch(&export), "epoch 0: seed does not match commitment");
    let mut export = campaign_export(true, false);
    if let ExportEpoch::V2 { seeds, .. } = &mut export.epochs[1] {
        seeds.get_mut(&Audience::Soviet).unwrap().commitment = commitment(&[1u8; 32]);
    }
    assert_eq!(
        mismatch(&export),
        "epoch 1: soviet seed: seed does not match commitment"
    );
    let mut export = campaign_export(true, false);
    if let ExportEpoch::V2 { seeds, .. } = &mut export.epochs[2] {
        seeds.remove(&Audience::Finnish);
    }
    assert_eq!(
        mismatch(&export),
        "epoch 2: the finnish seed's commitment is missing"
    );
}

#[test]
fn changed_roll_numbers_and_epochs_are_named() {
    let mut export = campaign_export(true, false);
    export.rolls.remove(3);
    assert_eq!(
        verify(&export),
        Err(Mismatch::Gap {
            missing: 3,
            previous: Some(2),
            found: 4
        })
    );
    assert_eq!(mismatch(&export), "roll k=3 missing: k jumps from 2 to 4");
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
    export.rolls[5].epoch = 1;
    assert_eq!(
        mismatch(&export),
        "roll k=5: chain hash does not follow from roll 4"
    );
    let mut export = campaign_export(true, false);
    export.rolls[6].epoch = 0;
    assert_eq!(
        mismatch(&export),
        "roll k=6: epoch 0 comes after a roll of epoch 2, but epochs never go back"
    );
    let mut export = campaign_export(true, false);
    export.rolls[6].epoch = 3;
    assert_eq!(mismatch(&export), "roll k=6: epoch 3 is not listed");
    let mut export = campaign_export(true, false);
    export.rolls[2].audience = None;
    assert_eq!(
        mismatch(&export),
        "roll k=2: a roll of a v2 epoch has no audience"
    );
}

#[test]
fn other_tampering_is_named() {
    let mut export = campaign_export(true, false);
    export.rolls[5].result =
        Some(json!({"faces": export.rolls[5].result.as_ref().unwrap()["faces"], "total": 99}));
    let message = mismatch(&export);
    assert!(
        message.starts_with("roll k=5: result total is 99 but"),
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
    assert!(mismatch(&export).starts_with("entropy set "));
}

#[test]
fn the_wrong_format_is_refused() {
    let mut export = campaign_export(true, false);
    export.format = "motti-dice/v1".into();
    assert_eq!(
        mismatch(&export),
        "format is 'motti-dice/v1', but only motti-dice/v2 exports can be checked"
    );
}
