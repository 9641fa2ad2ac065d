//! The export round trip: a campaign rolled with `LiveDice` verifies, and every tampering is named.

use super::{no_seeds, spec_campaign, spec_seed, two_lines};
use crate::dice::chain::chain_start;
use crate::dice::derive::commitment;
use crate::dice::export::{Export, ExportEpoch, ExportRoll};
use crate::dice::expr::DiceExpression;
use crate::dice::generic::{COUNT_SUCCESSES, EXPRESSION};
use crate::dice::live::LiveDice;
use crate::dice::source::{Dice, RollSpec, Visibility};
use crate::dice::verify::{Mismatch, verify};
use crate::domain::Role;
use serde_json::json;

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
