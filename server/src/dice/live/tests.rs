//! Tests of `LiveDice`: numbering, linking, refused parameters and impossible dice, sealed seeds.

use super::*;
use crate::dice::generic::COUNT_SUCCESSES;
use crate::dice::v2::chain_start;

fn dice() -> LiveDice {
    LiveDice::new(
        Uuid::nil(),
        2,
        EpochSeeds::new([[5u8; 32], [15u8; 32], [25u8; 32], [35u8; 32]]),
        [6u8; 32],
        10,
        chain_start(Uuid::nil()),
    )
}

#[test]
fn refused_parameters_use_no_roll_number() {
    let mut live = dice();
    let refused = live.run_procedure(
        &COUNT_SUCCESSES,
        &json!({"count": 0, "target": 4}),
        "fire",
        Visibility::Public,
        Role::Soviet,
    );
    assert!(matches!(refused, Err(ProcedureError::Params(_))));
    let refused = live.run_procedure(
        &COUNT_SUCCESSES,
        &json!({"count": 2, "target": 7}),
        "fire",
        Visibility::Public,
        Role::Soviet,
    );
    assert!(matches!(refused, Err(ProcedureError::Params(_))));
    assert_eq!(live.next_k(), 10);
    let outcome = live
        .run_procedure(
            &COUNT_SUCCESSES,
            &json!({"count": 2, "target": 4}),
            "fire",
            Visibility::Public,
            Role::Soviet,
        )
        .unwrap();
    let rolls = live.into_rolls().unwrap();
    assert_eq!(rolls.len(), 1);
    assert_eq!((rolls[0].k, rolls[0].epoch), (10, 2));
    assert_eq!(rolls[0].summary.as_deref(), Some(outcome.summary.as_str()));
    assert_eq!(rolls[0].result, outcome.result);
}

#[test]
fn an_impossible_die_refuses_the_whole_transaction() {
    let mut live = dice();
    live.roll(RollSpec::d6s("first", Role::Finnish, Visibility::Public, 1));
    let faces = live.roll(RollSpec {
        purpose: "broken".into(),
        visibility: Visibility::Public,
        roller: Role::Finnish,
        sides: vec![6, 1],
    });
    assert_eq!(faces.len(), 2);
    assert_eq!(live.next_k(), 11);
    let fault = live.into_rolls().unwrap_err();
    assert_eq!(fault.k, 11);
    assert!(
        fault
            .to_string()
            .starts_with("roll k=11 (broken): a die with 1 faces was asked for")
    );
}

#[test]
fn rolls_link_and_number_in_order() {
    let mut live = dice();
    let first = live.roll(RollSpec::d6s("a", Role::Soviet, Visibility::Public, 2));
    let second = live.roll(RollSpec::d6s("b", Role::Soviet, Visibility::Side, 1));
    let rolls = live.into_rolls().unwrap();
    assert_eq!(rolls.iter().map(|r| r.k).collect::<Vec<_>>(), [10, 11]);
    let key = roll_key(&[15u8; 32], Uuid::nil(), 11, Audience::Soviet, &[6u8; 32]);
    let digest = draw_digest(&key, &rolls[1].draws);
    assert_eq!(rolls[1].digest, digest);
    let link = chain_next(
        &rolls[0].chain,
        11,
        2,
        Audience::Soviet,
        &[6u8; 32],
        &digest,
    );
    assert_eq!(rolls[1].chain, link);
    assert_eq!(rolls[1].audience, Audience::Soviet);
    assert_eq!(
        rolls[0].draws.iter().map(|d| d.1).collect::<Vec<_>>(),
        first
    );
    assert_eq!(rolls[1].draws, vec![(6, second[0])]);
    assert_eq!(rolls[1].visibility, Visibility::Side);
}

#[test]
fn an_umpires_side_roll_is_umpire_only() {
    let mut live = dice();
    let expr = DiceExpression::parse("1d6").unwrap();
    let rolled = live
        .roll_expression(&expr, "spotting", Visibility::Side, Role::Umpire)
        .unwrap();
    assert_eq!(rolled.visibility, Visibility::Umpire);
    let rolled = live
        .roll_expression(&expr, "spotting", Visibility::Public, Role::Umpire)
        .unwrap();
    assert_eq!(rolled.visibility, Visibility::Public);
}

#[test]
fn debug_output_never_shows_the_seed() {
    let text = format!("{:?}", dice());
    assert!(text.contains("<sealed>"));
    for byte in [5u8, 15, 25, 35] {
        assert!(!text.contains(&hex::encode([byte; 32])));
        assert!(!text.contains(&format!("{byte}, {byte}, {byte}")));
    }
}
