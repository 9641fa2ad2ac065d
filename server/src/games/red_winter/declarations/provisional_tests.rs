//! The Finnish Provisional Company brought into play against the roster (12.8), on a campaign
//! without a map.

use super::tests::{id, move_to, roster_unit, table_with, unit_of};
use super::*;
use crate::core::domain::Role;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::roster::UnitEdit;

fn create(desk: &mut Desk<RedWinter>, hex: &str, checked: bool) -> Result<(), Refused> {
    desk.act(
        Role::Finnish,
        "create-provisional-company",
        &serde_json::json!({"unit": id(1), "hex": hex, "pajari_near_lutikkamokki": checked}),
        &mut ScriptedDice::new([]),
    )
    .map(|_| ())
}

fn go(desk: &mut Desk<RedWinter>, n: u32, hex: &str) {
    let edit = UnitEdit {
        location: Some(hex.into()),
        ..UnitEdit::default()
    };
    let id = UnitId::parse(&id(n)).expect("id");
    desk.edit_unit(Role::Umpire, &id, edit).expect("moves");
}

/// 12.8: not on day one, not before a Soviet unit has been in column I or west of it (even if it
/// has left again), and only once; then at full strength where the Finnish player puts it.
#[test]
fn the_provisional_company_comes_once_its_conditions_hold_12_8() {
    let options = Options {
        night_turns: vec![2],
        ..Options::default()
    };
    let mut prov = roster_unit(
        1,
        Side::Finnish,
        "infantry",
        &[("cs", 3), ("ma", 5), ("steps", 1), ("vr", 1)],
    );
    prov.location = "beside the Turn Track".into();
    prov.markers.insert("reduced".into());
    let mut pajari = roster_unit(
        2,
        Side::Finnish,
        "leader",
        &[("cs", 0), ("ma", 5), ("steps", 1)],
    );
    pajari.location = "F12".into();
    let mut soviet = roster_unit(
        3,
        Side::Soviet,
        "infantry",
        &[("cs", 4), ("ma", 5), ("steps", 2)],
    );
    soviet.location = "K10".into();
    let company = roster_unit(
        4,
        Side::Finnish,
        "infantry",
        &[("cs", 4), ("ma", 5), ("steps", 2)],
    );
    let mut desk = table_with(
        options,
        "0/0",
        vec![prov, pajari, soviet, company],
        "second_action",
    );
    let day_one = create(&mut desk, "F12", true).expect_err("day one");
    assert_eq!(day_one.code, "provisional_not_yet");
    assert_eq!(
        day_one.kind,
        crate::games::assisted::refusal::RefusalKind::NotNow
    );
    assert!(day_one.message.contains("day two"), "{}", day_one.message);
    while desk.tracker.turn < 3 {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    move_to(&mut desk, "second_action");
    assert_eq!(desk.tracker.turn, 3);
    let east = create(&mut desk, "F12", true).expect_err("the Soviets are east");
    assert!(east.message.contains("column I"), "{}", east.message);
    // A Soviet unit goes into column I and back: it still counts.
    go(&mut desk, 3, "I11");
    go(&mut desk, 3, "K10");
    let unchecked = create(&mut desk, "F12", false).expect_err("Pajari unchecked");
    assert!(unchecked.message.contains("E13"), "{}", unchecked.message);
    let other = desk
        .act(
            Role::Finnish,
            "create-provisional-company",
            &serde_json::json!({"unit": id(4), "hex": "F12", "pajari_near_lutikkamokki": true}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("not the VR");
    assert!(other.message.ends_with("(12.8)."), "{}", other.message);
    create(&mut desk, "F12", true).expect("comes into play");
    let prov = unit_of(&desk, 1);
    assert_eq!(prov.location, "F12");
    assert!(!prov.markers.contains("reduced"), "full strength");
    assert_eq!(super::inputs::printed(prov, "steps"), 2);
    assert!(desk.extra.provisional_in_play);
    let again = create(&mut desk, "F12", true).expect_err("once");
    assert!(again.message.contains("already"), "{}", again.message);
}
