//! The desk with a small declared game, phase by phase: who may change which units when, retreats
//! and advances in combat, the umpire's corrections, and losses owed (tests only).

use super::tests::{Options, Test, desk, to_phase, unit};
use super::*;
use crate::core::domain::Side;
use crate::dice::audience::Audience;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::view::view_for;
use crate::games::assisted::roster::{AttrValue, UnitEdit, UnitId};
use std::collections::BTreeMap;

fn moved_to(place: &str) -> UnitEdit {
    UnitEdit {
        location: Some(place.into()),
        ..UnitEdit::default()
    }
}

fn cs(value: i64) -> UnitEdit {
    UnitEdit {
        attributes: BTreeMap::from([("cs".to_string(), Some(AttrValue::Number(value)))]),
        ..UnitEdit::default()
    }
}

/// Sets both sides up in the first phase (setup), answering their units' ids.
fn set_up(d: &mut Desk<Test>) -> (UnitId, UnitId) {
    let red = unit(1, Side::Soviet, "163rd Rifle", "2020");
    let blue = unit(2, Side::Finnish, "2/JR16", "1010");
    d.add_units(Role::Soviet, vec![red.clone()])
        .expect("the Soviets set up before the first phase is played");
    d.add_units(Role::Finnish, vec![blue.clone()])
        .expect("so do the Finns");
    let blue = blue.id.scoped(Side::Finnish);
    d.mark_unit(Role::Finnish, &blue, "hit", true)
        .expect("any marker in the setup");
    (red.id.scoped(Side::Soviet), blue)
}

#[test]
fn each_side_changes_its_own_units_only_as_its_phase_allows() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "finnish_move");
    let before = d.clone();
    out_of_its_phases_the_soviets_change_nothing(&mut d, &red, &blue, &before);
    the_finns_move_and_dig_in_their_own_phase(&mut d, &blue);
    the_umpire_corrects_and_nobody_moves_at_rest(&mut d, &blue);
}

/// The Soviet player, out of its phases: every change refused with a sentence, nothing changed.
fn out_of_its_phases_the_soviets_change_nothing(
    d: &mut Desk<Test>,
    red: &UnitId,
    blue: &UnitId,
    before: &Desk<Test>,
) {
    let tries: Vec<(&str, Result<Vec<DeskEvent>, Refused>)> = vec![
        (
            "add",
            d.add_units(Role::Soviet, vec![unit(3, Side::Soviet, "Reserve", "3030")]),
        ),
        ("move", d.edit_unit(Role::Soviet, red, moved_to("2121"))),
        (
            "rename",
            d.edit_unit(
                Role::Soviet,
                red,
                UnitEdit {
                    name: Some("Guards".into()),
                    ..UnitEdit::default()
                },
            ),
        ),
        ("lose a step", d.edit_unit(Role::Soviet, red, cs(3))),
        ("gain a step", d.edit_unit(Role::Soviet, red, cs(5))),
        ("dig in", d.mark_unit(Role::Soviet, red, "dug_in", true)),
        ("mark hit", d.mark_unit(Role::Soviet, red, "hit", true)),
        ("remove", d.remove_unit(Role::Soviet, red, "gone")),
        (
            "end the phase",
            d.advance(Role::Soviet, &mut ScriptedDice::new([])),
        ),
        ("take back", d.reopen(Role::Soviet)),
        (
            "shoot",
            d.act(
                Role::Soviet,
                "shoot",
                &serde_json::json!({"target": blue.as_str()}),
                &mut ScriptedDice::new([]),
            )
            .map(|(_, e)| e),
        ),
        ("waive", d.waive(Role::Soviet, 0, "because")),
        ("charts", d.enter_charts(Role::Soviet, BTreeMap::new())),
        (
            "sequence",
            d.set_sequence(Role::Soviet, Test::sequence(&Options::default())),
        ),
    ];
    for (what, tried) in tries {
        let refused = tried.expect_err(what);
        assert!(
            refused.message.len() > 20 && !refused.message.contains('{'),
            "{what}: {}",
            refused.message
        );
        assert_eq!(*d, *before, "{what} changed the table");
    }
    let refused = d
        .edit_unit(Role::Soviet, red, moved_to("2121"))
        .expect_err("not its movement phase");
    assert_eq!(refused.code, "wrong_phase");
    assert_eq!(
        refused.message,
        "The Soviet side moves its units only in the setup, in its own movement phases (the Soviet movement phase), or as a combat's result in a combat phase; it is now Turn 1, Finnish movement phase. The umpire may correct a position at any time."
    );
    let refused = d
        .mark_unit(Role::Soviet, red, "dug_in", true)
        .expect_err("not a movement phase of its own... nor of anyone's for the marker");
    assert!(
        refused.message.contains("movement phase"),
        "{}",
        refused.message
    );
    assert!(
        d.edit_unit(Role::Soviet, red, cs(3))
            .expect_err("owes nothing")
            .message
            .contains("owes no losses")
    );
}

/// The Finns move and dig in in their own movement phase; a Dug-In marker is theirs to place.
fn the_finns_move_and_dig_in_their_own_phase(d: &mut Desk<Test>, blue: &UnitId) {
    d.edit_unit(Role::Finnish, blue, moved_to("1111"))
        .expect("its movement phase");
    d.mark_unit(Role::Finnish, blue, "dug_in", true)
        .expect("a movement phase's marker");
    // But not the marker that comes with the setup, nor a rename.
    let refused = d
        .mark_unit(Role::Finnish, blue, "hit", false)
        .expect_err("setup marker");
    assert_eq!(
        refused.message,
        "The Hit marker comes with the setup; once the game has begun only the umpire puts it on or takes it off."
    );
}

/// The umpire may shoot now: a correction both sides read.
fn the_umpire_corrects_and_nobody_moves_at_rest(d: &mut Desk<Test>, blue: &UnitId) {
    let (_, events) = d
        .act(
            Role::Umpire,
            "shoot",
            &serde_json::json!({"target": blue.as_str()}),
            &mut ScriptedDice::new([]),
        )
        .expect("the umpire may");
    assert_eq!(
        events.last().map(DeskEvent::sentence).as_deref(),
        Some("The umpire ran “Shoot” outside the phases the rules give it.")
    );
    d.waive(Role::Umpire, 0, "a test's shot").expect("waives");
    // In the rest phase, nobody moves.
    to_phase(d, "rest");
    let refused = d
        .edit_unit(Role::Finnish, blue, moved_to("1212"))
        .expect_err("resting");
    assert!(
        refused.message.contains("(the Finnish movement phase)"),
        "{}",
        refused.message
    );
}

#[test]
fn in_a_combat_phase_either_side_retreats_and_advances() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "combat");
    d.edit_unit(Role::Finnish, &blue, moved_to("0909"))
        .expect("a retreat");
    d.edit_unit(Role::Soviet, &red, moved_to("1010"))
        .expect("an advance");
}

#[test]
fn the_umpires_change_out_of_phase_is_a_correction_both_sides_read() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "finnish_move");
    // In the Finns' movement phase the umpire moving a Finnish unit is no correction.
    let events = d
        .edit_unit(Role::Umpire, &blue, moved_to("1111"))
        .expect("the umpire may");
    assert_eq!(events.len(), 1);
    // Moving a Soviet unit now is: a public line that names no unit.
    let events = d
        .edit_unit(Role::Umpire, &red, moved_to("2121"))
        .expect("the umpire may always");
    assert_eq!(d.roster.units[&red].location, "2121");
    let correction = events.last().expect("a correction");
    assert_eq!(correction.audience(), Audience::Public);
    assert_eq!(
        correction.sentence(),
        "The umpire corrected the location of a Soviet unit, outside what the rules allow now."
    );
    assert!(!correction.sentence().contains("163rd"));
    let events = d
        .add_units(Role::Umpire, vec![unit(5, Side::Soviet, "Reserve", "3030")])
        .expect("adds");
    assert_eq!(
        events.last().map(DeskEvent::sentence).as_deref(),
        Some(
            "The umpire corrected the Soviet units in play (units added), outside what the rules allow now."
        )
    );
}

#[test]
fn losses_owed_hold_the_phase_until_they_are_taken_or_waived() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    let reserve = unit(3, Side::Finnish, "Reserve", "1212");
    d.add_units(Role::Finnish, vec![reserve.clone()])
        .expect("setup");
    let reserve = reserve.id.scoped(Side::Finnish);
    to_phase(&mut d, "combat");
    let shot = serde_json::json!({"target": blue.as_str()});
    d.act(Role::Soviet, "shoot", &shot, &mut ScriptedDice::new([]))
        .expect("shoots");
    let owed = "The Finnish side owes 1 step from the last shot";
    assert_eq!(view_for(&d, Role::Soviet).owed, [owed]);
    assert_eq!(view_for(&d, Role::Finnish).owed, [owed]);
    // The board marks the unit that owes for its owner and the umpire, never for the enemy.
    assert_eq!(view_for(&d, Role::Finnish).owing, [blue.as_str()]);
    assert_eq!(view_for(&d, Role::Umpire).owing, [blue.as_str()]);
    assert!(view_for(&d, Role::Soviet).owing.is_empty());
    // Nobody ends the phase while losses are owed, not even the umpire.
    for role in [Role::Soviet, Role::Finnish, Role::Umpire] {
        let before = d.clone();
        let refused = d
            .advance(role, &mut ScriptedDice::new([]))
            .expect_err("losses owed");
        assert_eq!(refused.code, "losses_owed");
        assert_eq!(
            refused.message,
            format!("{owed}. The phase ends once they are taken, or the umpire waives them.")
        );
        assert_eq!(d, before);
    }
    // A unit that did not fight does not pay them; the one that did, does.
    let refused = d
        .edit_unit(Role::Finnish, &reserve, cs(3))
        .expect_err("did not fight");
    assert!(refused.message.contains("owes no losses"));
    d.edit_unit(Role::Finnish, &blue, cs(3)).expect("pays");
    assert!(view_for(&d, Role::Umpire).owed.is_empty());
    d.advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("the Soviets may finish");
    d.reopen(Role::Soviet).expect("takes it back");
    // Owed again: only the umpire waives them, saying why, and both sides read it.
    d.act(Role::Soviet, "shoot", &shot, &mut ScriptedDice::new([]))
        .expect("shoots");
    assert_eq!(
        d.waive(Role::Finnish, 0, "mercy")
            .expect_err("not theirs")
            .code,
        "umpire_only"
    );
    assert_eq!(
        d.waive(Role::Umpire, 0, "  ").expect_err("no reason").code,
        "bad_reason"
    );
    assert_eq!(
        d.waive(Role::Umpire, 1, "why").expect_err("no such").code,
        "no_losses_owed"
    );
    let events = d
        .waive(Role::Umpire, 0, "the shot was out of range")
        .expect("waives");
    assert_eq!(events[0].audience(), Audience::Public);
    assert_eq!(
        events[0].sentence(),
        format!("The umpire waived losses owed: {owed} (the shot was out of range).")
    );
    d.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("the phase ends");
    // A unit leaving play pays what it owes too.
    let _ = red;
}
