//! 18.1 and 18.2 against the roster, on a map whose A Line the group has entered.

use super::super::fog::tests::{desk, to, unit};
use crate::core::domain::{Role, Side};
use crate::games::assisted::pack;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::play::event::DeskEvent;
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit};
use crate::games::winter_war::WinterWar;

/// The Historical pack with hexes 2530 and 2531 entered as north of the A Line.
fn entered(d: &mut Desk<WinterWar>) {
    let marker = "code = \"north_of_a_line\"\nname = \"North of the A Line\"\n";
    assert!(pack::WINTER_WAR_HISTORICAL.contains(marker));
    let text = pack::WINTER_WAR_HISTORICAL.replacen(
        marker,
        &format!("{marker}hexes = [\"2530\", \"2531\"]\n"),
        1,
    );
    d.pack_text = Some(text);
}

fn factors(n: u32, side: Side, at: &str, (af, df, mf): (i64, i64, i64)) -> Unit {
    let mut u = unit(n, side, at, &[]);
    for (code, v) in [("af", af), ("df", df), ("mf", mf)] {
        u.attributes.insert(code.into(), AttrValue::Number(v));
    }
    u
}

fn refused_code(d: &mut Desk<WinterWar>, by: Role, u: Unit) -> String {
    d.add_units(by, vec![u])
        .expect_err("refused")
        .code
        .to_string()
}

#[test]
fn north_of_the_a_line_one_unit_a_hex_and_no_corps_or_divisions_18_1() {
    let mut d = desk(false);
    entered(&mut d);
    // 18.1 item 2: "Soviet 20-12-2 corps cannot be deployed or enter hexes north of the A line."
    let corps = factors(1, Side::Soviet, "2530", (20, 12, 2));
    assert_eq!(
        refused_code(&mut d, Role::Soviet, corps.clone()),
        "barred_north_of_a_line"
    );
    // Item 3: nor Finnish 6-6-2 divisions.
    let division = factors(2, Side::Finnish, "2531", (6, 6, 2));
    let e = d
        .add_units(Role::Finnish, vec![division.clone()])
        .expect_err("refused");
    assert!(e.message.contains("(18.1)"), "{}", e.message);
    assert!(e.message.contains("2531"), "{}", e.message);
    // South of the line both set up.
    d.add_units(
        Role::Soviet,
        vec![factors(1, Side::Soviet, "1840", (20, 12, 2))],
    )
    .expect("south of the A Line");
    // Item 1: one unit a hex north of the line.
    d.add_units(Role::Finnish, vec![unit(3, Side::Finnish, "2530", &[])])
        .expect("a battalion goes north");
    assert_eq!(
        refused_code(&mut d, Role::Finnish, unit(4, Side::Finnish, "2530", &[])),
        "one_unit_north_of_a_line"
    );
    d.add_units(Role::Finnish, vec![unit(4, Side::Finnish, "2531", &[])])
        .expect("the next hex is free");
    // Moving in the Movement Phase is checked the same way.
    d.add_units(Role::Finnish, vec![unit(5, Side::Finnish, "1633", &[])])
        .expect("south");
    to(&mut d, "finnish_movement");
    let moved = |to: &str| UnitEdit {
        location: Some(to.into()),
        ..UnitEdit::default()
    };
    // A side's new unit gets an id of the server's.
    let five = d
        .roster
        .units
        .values()
        .find(|u| u.location == "1633")
        .map(|u| u.id.clone())
        .expect("added");
    let e = d
        .edit_unit(Role::Finnish, &five, moved("2531"))
        .expect_err("stacked");
    assert_eq!(e.code, "one_unit_north_of_a_line", "{}", e.message);
    assert_eq!(
        d.roster.units[&five].location, "1633",
        "a refused move changes nothing"
    );
    // The umpire may correct it; the log says so.
    let events = d
        .edit_unit(Role::Umpire, &five, moved("2531"))
        .expect("the umpire corrects");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, DeskEvent::Umpired { .. })),
        "{events:?}"
    );
}

#[test]
fn only_soviet_units_enter_leningrad_18_2() {
    let mut d = desk(false);
    entered(&mut d);
    // 18.2 item 1: "Only Soviet units may enter or stack in Leningrad" (hex 1840).
    for at in ["1840", "Leningrad"] {
        assert_eq!(
            refused_code(&mut d, Role::Finnish, unit(1, Side::Finnish, at, &[])),
            "soviet_only_leningrad"
        );
    }
    d.add_units(Role::Soviet, vec![unit(2, Side::Soviet, "1840", &[])])
        .expect("Soviet units do");
}

#[test]
fn without_the_lines_hexes_the_players_keep_18_1() {
    let mut d = desk(false);
    d.pack = Some("winter-war-historical".into());
    d.add_units(
        Role::Soviet,
        vec![factors(1, Side::Soviet, "2530", (20, 12, 2))],
    )
    .expect("the A Line is not entered: unchecked");
}
