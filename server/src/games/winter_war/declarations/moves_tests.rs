//! 16.1 and 10.0 against the roster: a suppressed unit moved in its Movement Phase on a map.

use super::super::fog::tests::{desk, to, unit};
use crate::core::domain::{Role, Side};
use crate::games::assisted::board::hex::Hex;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::play::event::DeskEvent;
use crate::games::assisted::roster::{AttrValue, UnitEdit, UnitId};
use crate::games::winter_war::WinterWar;

const START: &str = "1633";

/// Hex ids on a line going away from `START`, `path[n]` being `n` hexes from it.
fn path(d: &Desk<WinterWar>, len: u32) -> Vec<String> {
    let map = d.loaded().expect("a map");
    let grid = &map.grid;
    let start = grid.parse(START).expect("a hex");
    let mut hexes: Vec<Hex> = vec![start];
    for n in 1..=len {
        let last = *hexes.last().expect("one");
        let next = grid
            .neighbours(last)
            .into_iter()
            .find(|h| grid.distance(start, *h) == n)
            .expect("a hex further away");
        hexes.push(next);
    }
    hexes.into_iter().map(|h| grid.id(h)).collect()
}

/// A Finnish unit of movement `mf` at `START`, out of supply (so Suppressed by its Logistics
/// Phase, 15.0, 16.0), with its server id.
fn finn(d: &mut Desk<WinterWar>, n: u32, mf: i64, markers: &[&str]) -> UnitId {
    let mut u = unit(n, Side::Finnish, START, markers);
    u.attributes.insert("mf".into(), AttrValue::Number(mf));
    let name = u.name.clone();
    d.add_units(Role::Finnish, vec![u]).expect("added");
    d.roster
        .units
        .values()
        .find(|u| u.name == name)
        .map(|u| u.id.clone())
        .expect("on the roster")
}

fn moved(to: &str) -> UnitEdit {
    UnitEdit {
        location: Some(to.into()),
        ..UnitEdit::default()
    }
}

/// 16.1 items 1 and 2 (half movement, no rail) and 10.0 (one hex whatever it costs) on the
/// roster's move: the distance from where the unit began the phase is checked, so a rail move
/// (or a move split into steps) beyond what half its movement reaches by road is refused.
#[test]
fn a_suppressed_unit_moves_no_further_than_half_its_movement_by_road_16_1() {
    let mut d = desk(false);
    d.pack = Some("winter-war-historical".into());
    let three = finn(&mut d, 1, 3, &["out_of_supply"]);
    let one = finn(&mut d, 2, 1, &["out_of_supply"]);
    let fresh = finn(&mut d, 3, 3, &[]);
    to(&mut d, "finnish_movement");
    assert!(d.roster.units[&three].markers.contains("suppressed"));
    assert!(!d.roster.units[&fresh].markers.contains("suppressed"));
    let hexes = path(&d, 6);

    // Movement 3 halves to 1: at most two road hexes, never a rail move of six.
    let e = d
        .edit_unit(Role::Finnish, &three, moved(&hexes[6]))
        .expect_err("a rail move");
    assert_eq!(e.code, "suppressed_move", "{}", e.message);
    assert!(
        e.message.starts_with("Finnish 1 is suppressed"),
        "{}",
        e.message
    );
    assert!(e.message.contains("(16.1)") && e.message.contains(&hexes[6]));
    assert!(!e.message.contains(three.as_str()), "named, not by id");
    assert_eq!(d.roster.units[&three].location, START, "nothing moved");
    // One hex, then a second: two in all from where it began the phase.
    d.edit_unit(Role::Finnish, &three, moved(&hexes[1]))
        .expect("one hex");
    d.edit_unit(Role::Finnish, &three, moved(&hexes[2]))
        .expect("a second hex, along a road");
    let e = d
        .edit_unit(Role::Finnish, &three, moved(&hexes[3]))
        .expect_err("a third hex in steps");
    assert_eq!(e.code, "suppressed_move", "{}", e.message);
    assert!(
        e.message.contains(&format!("from {START}")),
        "{}",
        e.message
    );

    // Movement 1 halves to 0, and the one-hex move of 10.0 is still made (WW-A17).
    d.edit_unit(Role::Finnish, &one, moved(&hexes[1]))
        .expect("the one-hex move");
    let e = d
        .edit_unit(Role::Finnish, &one, moved(&hexes[2]))
        .expect_err("only one hex");
    assert_eq!(e.code, "suppressed_move", "{}", e.message);

    // A unit not suppressed is not held to it.
    d.edit_unit(Role::Finnish, &fresh, moved(&hexes[6]))
        .expect("rail movement");

    // The umpire may correct a position; the log says so.
    let events = d
        .edit_unit(Role::Umpire, &one, moved(&hexes[4]))
        .expect("the umpire corrects");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, DeskEvent::Umpired { .. })),
        "{events:?}"
    );
}
