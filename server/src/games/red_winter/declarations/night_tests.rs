//! Red Winter's night against the roster, with scripted dice: the cold's steps owed and taken
//! (16.3), and the one Night Raid of a night (16.4.1).

use super::tests::{id, move_to, roster_unit, table_with, unit_of};
use super::*;
use crate::core::domain::Role;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::chart_import::from_csv;
use crate::games::assisted::play::desk::Desk;

/// An SZLT costing the Soviets 2 steps and the Finns 1 on every roll.
fn szlt() -> std::collections::BTreeMap<String, crate::games::assisted::charts::RawChart> {
    let mut szlt = "roll,soviet,finnish".to_string();
    for total in 0..=7 {
        szlt.push_str(&format!("\n{total},2,1"));
    }
    std::collections::BTreeMap::from([("szlt".to_string(), from_csv(&szlt).expect("csv"))])
}

fn marked(mut unit: Unit, marker: &str) -> Unit {
    unit.markers.insert(marker.into());
    unit
}

fn at(mut unit: Unit, hex: &str) -> Unit {
    unit.location = hex.into();
    unit
}

fn company(n: u32, side: Side) -> Unit {
    roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)])
}

/// A night turn 1, at `phase`, with the SZLT entered and: Soviets 1 and 3 in K13, 2 under a
/// Bonfire there, a tank 6 in K13 too; Finns 4 under a Skull in G9, raider 5 under a Night Raid
/// marker in H9, Pajari 7 in G9.
fn night_table(phase: &str) -> Desk<RedWinter> {
    let options = Options {
        night_turns: vec![1],
        ..Options::default()
    };
    let units = vec![
        at(company(1, Side::Soviet), "K13"),
        at(marked(company(2, Side::Soviet), "bonfire"), "K13"),
        at(
            roster_unit(3, Side::Soviet, "mg", &[("cs", 2), ("ma", 4), ("steps", 2)]),
            "K13",
        ),
        at(marked(company(4, Side::Finnish), "skull"), "G9"),
        at(marked(company(5, Side::Finnish), "night_raid"), "H9"),
        at(
            roster_unit(
                6,
                Side::Soviet,
                "tank",
                &[("cs", 6), ("ma", 8), ("steps", 1)],
            ),
            "K13",
        ),
        at(
            marked(
                roster_unit(
                    7,
                    Side::Finnish,
                    "leader",
                    &[("cs", 0), ("ma", 5), ("steps", 1)],
                ),
                "skull",
            ),
            "G9",
        ),
    ];
    let mut desk = table_with(options, "0/0", units, "first_reset");
    desk.enter_charts(Role::Umpire, szlt()).expect("enters");
    move_to(&mut desk, phase);
    desk
}

fn roll(
    desk: &mut Desk<RedWinter>,
    by: Role,
    params: serde_json::Value,
) -> Result<crate::games::assisted::catalogue::Answer, Refused> {
    desk.act(by, "roll-sub-zero", &params, &mut ScriptedDice::new([3]))
        .map(|(answer, _)| answer)
}

/// 16.3: a Soviet stack not under a Bonfire rolls once; the steps the SZLT gives are owed by the
/// units that had to roll (not the one under the Bonfire), the phase waits for them, and the
/// owner spreads them as he sees fit, armor included, with no retreat.
#[test]
fn the_colds_steps_are_owed_by_the_stack_and_taken_by_its_owner_16_3() {
    let mut desk = night_table("sub_zero_soviet");
    let answer = roll(&mut desk, Role::Soviet, serde_json::json!({"hex": "k13"})).expect("rolls");
    assert_eq!(answer.result["steps"], 2, "{:?}", answer.steps);
    let owed = desk
        .extra
        .pending
        .first()
        .expect("the stack owes its steps");
    assert_eq!(owed.side, Side::Soviet);
    assert_eq!(owed.losses, 2);
    let sharing: Vec<&str> = owed.units.iter().map(UnitId::as_str).collect();
    assert_eq!(
        sharing,
        [id(1), id(3), id(6)],
        "not the unit under the Bonfire"
    );
    assert_eq!(
        RedWinter::owed(&desk.extra)[0].sentence(),
        "The Soviet side owes 2 steps from the cold, for the Soviet stack in K13 (16.3)"
    );
    // The phase waits for the steps.
    let waits = desk
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect_err("owed");
    assert_eq!(waits.code, "losses_owed");
    // Each stack rolls once a night.
    let again = roll(&mut desk, Role::Soviet, serde_json::json!({"hex": "K13"})).expect_err("once");
    assert_eq!(again.code, "cold_rolled");
    assert!(
        again.message.starts_with("The Soviet stack in K13"),
        "{}",
        again.message
    );
    // The Finns do not roll in the Soviet half.
    let finns =
        roll(&mut desk, Role::Finnish, serde_json::json!({"hex": "G9"})).expect_err("not theirs");
    assert_eq!(finns.code, "not_your_phase");
    // The unit under the Bonfire shares nothing; no retreat; a step on the tank counts.
    let take = |steps: &[u32], retreat: u32| serde_json::json!({"steps": steps.iter().map(|&n| id(n)).collect::<Vec<_>>(), "retreat": retreat});
    let mut table = desk.clone();
    let warm = table
        .act(
            Role::Soviet,
            "take-losses",
            &take(&[1, 2], 0),
            &mut ScriptedDice::new([]),
        )
        .expect_err("warm");
    assert_eq!(warm.code, "no_such_unit");
    let back = table
        .act(
            Role::Soviet,
            "take-losses",
            &take(&[1], 1),
            &mut ScriptedDice::new([]),
        )
        .expect_err("steps only");
    assert!(back.message.contains("steps only"), "{}", back.message);
    let short = table
        .act(
            Role::Soviet,
            "take-losses",
            &take(&[1], 0),
            &mut ScriptedDice::new([]),
        )
        .expect_err("two steps");
    assert_eq!(short.code, "cold_steps_do_not_add_up");
    assert!(short.message.ends_with("(16.3)"), "{}", short.message);
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "take-losses",
            &take(&[1, 6], 0),
            &mut ScriptedDice::new([]),
        )
        .expect("takes");
    assert_eq!(answer.result["reduced"], 1, "{:?}", answer.steps);
    assert_eq!(answer.result["eliminated"], 1, "{:?}", answer.steps);
    assert!(unit_of(&desk, 1).markers.contains("reduced"));
    assert!(
        !desk
            .roster
            .units
            .contains_key(&UnitId::parse(&id(6)).expect("id"))
    );
    assert!(desk.extra.pending.is_empty());
    desk.advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("the Soviet half ends");
}

/// 16.3, 16.3.1, 16.4 step 5: a Finnish stack under a Skull rolls once, Pajari sharing nothing;
/// a raider under a Night Raid marker rolls alone, and its hex is no stack that rolls.
#[test]
fn finnish_skulls_roll_by_stack_and_raiders_alone_16_3_16_4() {
    let mut desk = night_table("sub_zero_finnish");
    roll(&mut desk, Role::Finnish, serde_json::json!({"hex": "G9"})).expect("rolls");
    let owed = desk.extra.pending.last().expect("owed");
    let sharing: Vec<&str> = owed.units.iter().map(UnitId::as_str).collect();
    assert_eq!(sharing, [id(4)], "Pajari does not roll for the cold");
    let raider_hex = roll(&mut desk, Role::Finnish, serde_json::json!({"hex": "H9"}))
        .expect_err("the raider rolls alone");
    assert!(
        raider_hex.message.ends_with("(16.3)"),
        "{}",
        raider_hex.message
    );
    let not_a_raider = roll(&mut desk, Role::Finnish, serde_json::json!({"unit": id(4)}))
        .expect_err("rolls with its stack");
    assert!(
        not_a_raider.message.ends_with("(16.4)"),
        "{}",
        not_a_raider.message
    );
    roll(&mut desk, Role::Finnish, serde_json::json!({"unit": id(5)})).expect("rolls alone");
    let owed = desk.extra.pending.last().expect("owed");
    assert_eq!(owed.cold.as_deref(), Some("unit 5"));
    assert_eq!(owed.losses, 1);
    // The Finns take the raider's step before the stack's: the cold keeps no order.
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"steps": [id(4)]}),
        &mut ScriptedDice::new([]),
    )
    .expect("takes");
    assert!(unit_of(&desk, 4).markers.contains("reduced"));
}

/// 16.3: the cold is rolled only in the Sub-Zero Loss Phase.
#[test]
fn the_cold_waits_for_the_sub_zero_loss_phase_16_3() {
    let mut desk = night_table("second_combat");
    let early = desk
        .act(
            Role::Umpire,
            "roll-sub-zero",
            &serde_json::json!({"hex": "K13"}),
            &mut ScriptedDice::new([3]),
        )
        .expect_err("not yet");
    assert_eq!(early.code, "wrong_phase");
    assert!(
        early.message.contains("Sub-Zero Loss Phase"),
        "{}",
        early.message
    );
}

/// 16.3: the log of the Sub-Zero Loss Phase names the stacks and raiders that must roll.
#[test]
fn the_sub_zero_phase_names_who_rolls_16_3() {
    let options = Options {
        night_turns: vec![1],
        ..Options::default()
    };
    let units = vec![
        at(company(1, Side::Soviet), "K13"),
        at(marked(company(4, Side::Finnish), "skull"), "G9"),
        at(marked(company(5, Side::Finnish), "night_raid"), "H9"),
    ];
    let mut desk = table_with(options, "0/0", units, "second_combat");
    let events = desk
        .advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("advances");
    let said: Vec<String> = events.iter().map(|e| e.sentence()).collect();
    let said = said.join(" ");
    assert!(
        said.contains("To roll (roll-sub-zero): Soviet: K13; Finnish: unit 5, G9."),
        "{said}"
    );
}

/// An FNRT where every total finds the target with a shift of 1R.
fn fnrt() -> std::collections::BTreeMap<String, crate::games::assisted::charts::RawChart> {
    let mut fnrt = "roll,result".to_string();
    for total in -5..=12 {
        fnrt.push_str(&format!("\n{total},1R"));
    }
    std::collections::BTreeMap::from([("fnrt".to_string(), from_csv(&fnrt).expect("csv"))])
}

/// 16.4.1: the Finns make one Night Raid a night turn, whether they roll the FNRT by name or
/// resolve the raid against the roster; the next night turn opens another.
#[test]
fn the_night_raid_roll_is_the_nights_one_raid_16_4_1() {
    let options = Options {
        night_turns: vec![1, 2],
        ..Options::default()
    };
    let units = vec![company(1, Side::Finnish), company(2, Side::Soviet)];
    let mut desk = table_with(options, "0/0", units, "second_action");
    desk.enter_charts(Role::Umpire, fnrt()).expect("enters");
    let raid = serde_json::json!({"raiders": ["1/ErP16"], "target": "G9"});
    let roll = |desk: &mut Desk<RedWinter>, by| {
        desk.act(by, "night-raid-roll", &raid, &mut ScriptedDice::new([4]))
    };
    let soviet = roll(&mut desk, Role::Soviet).expect_err("the Finns' roll");
    assert_eq!(soviet.code, "not_your_phase");
    let (answer, _) = roll(&mut desk, Role::Finnish).expect("the night's raid");
    assert_eq!(answer.result["finding"]["shift"], 1, "{:?}", answer.steps);
    assert!(desk.extra.raid_made);
    let again = roll(&mut desk, Role::Finnish).expect_err("one a night");
    assert_eq!(again.code, "raid_already_made");
    assert!(again.message.ends_with("(16.4.1)"), "{}", again.message);
    // Nor may the raid then be made against the roster.
    let on_roster = desk
        .act(
            Role::Finnish,
            "night-raid",
            &serde_json::json!({"raiders": [id(1)], "hex": "0002", "defenders": [id(2)]}),
            &mut ScriptedDice::new([4, 3, 3]),
        )
        .expect_err("one a night");
    assert_eq!(on_roster.code, "raid_already_made");
    // The roll is no free dice procedure any more.
    let tray = desk
        .procedure(
            Role::Finnish,
            "night-raid-roll",
            &raid,
            &mut ScriptedDice::new([4]),
        )
        .expect_err("an action now");
    assert_eq!(tray.code, "unknown_entry");
    // The next night turn opens the next raid.
    move_to(&mut desk, "victory_check");
    move_to(&mut desk, "second_action");
    assert_eq!(desk.tracker.turn, 2);
    roll(&mut desk, Role::Finnish).expect("the next night's raid");
}

/// 16.4: no Night Raid roll by day.
#[test]
fn no_night_raid_roll_by_day_16_4() {
    let mut desk = table_with(
        Options::default(),
        "0/0",
        vec![company(1, Side::Finnish)],
        "second_action",
    );
    desk.enter_charts(Role::Umpire, fnrt()).expect("enters");
    let refused = desk
        .act(
            Role::Finnish,
            "night-raid-roll",
            &serde_json::json!({"raiders": ["1/ErP16"], "target": "G9"}),
            &mut ScriptedDice::new([4]),
        )
        .expect_err("by day");
    assert_eq!(refused.code, "raid_by_day");
    assert!(!desk.extra.raid_made);
}
