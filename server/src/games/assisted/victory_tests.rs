use super::*;
use crate::games::assisted::pack;
use crate::games::assisted::roster::{Unit, UnitId};
use std::collections::BTreeSet;

/// Red Winter's made-up example (an 8×8 map, the crossroads village at D4 worth 5 Soviet
/// points; scores of 5 and more are a Soviet victory) with sudden deaths added.
fn example(extra: &str) -> LoadedPack {
    LoadedPack::read(&format!("{}\n{extra}", pack::RED_WINTER_EXAMPLE)).expect("the pack reads")
}

fn unit(n: u8, side: Side, location: &str) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).unwrap(),
        side,
        name: format!("unit {n}"),
        unit_type: "infantry".into(),
        attributes: Default::default(),
        location: location.into(),
        markers: Default::default(),
    }
}

fn roster(units: &[Unit]) -> Roster {
    let mut roster = Roster::default();
    for u in units {
        roster.units.insert(u.id.clone(), u.clone());
    }
    roster
}

fn no_facts<R>(f: impl FnOnce(&Facts<'_>) -> R) -> R {
    let empty = BTreeSet::new();
    f(&Facts {
        options: &empty,
        flags: &empty,
    })
}

fn hex(loaded: &LoadedPack, id: &str) -> Hex {
    loaded.grid.parse(id).unwrap()
}

#[test]
fn a_hex_is_held_by_the_side_that_entered_it_last_even_after_it_leaves() {
    // Winter War 5.3: "Control of a hex may change any number of times"; the example of
    // Viipuri: the unit moves out and its side keeps control until an enemy enters.
    let loaded = example("");
    let mut entered = Entered::new();
    let changed = Standing::enter(
        &loaded,
        &mut entered,
        &roster(&[unit(1, Side::Soviet, "D4")]),
    );
    assert_eq!(changed, vec!["D4".to_string()]);
    // The unit moves on to D3: D4 stays Soviet.
    let moved = roster(&[unit(1, Side::Soviet, "D3")]);
    Standing::enter(&loaded, &mut entered, &moved);
    let standing = Standing::new(&loaded, &entered, &moved);
    assert_eq!(
        standing.holder(hex(&loaded, "D4")),
        Holder::Held(Side::Soviet)
    );
    // A Finnish unit enters D4: it is Finnish now (and the Soviet unit next door disputes it).
    let retaken = roster(&[unit(1, Side::Soviet, "A1"), unit(2, Side::Finnish, "D4")]);
    Standing::enter(&loaded, &mut entered, &retaken);
    assert_eq!(entered.get("D4"), Some(&Side::Finnish));
    let standing = Standing::new(&loaded, &entered, &retaken);
    assert_eq!(
        standing.holder(hex(&loaded, "D4")),
        Holder::Held(Side::Finnish)
    );
}

#[test]
fn an_enemy_unit_next_to_a_hex_disputes_it() {
    // Winter War 5.4: a friendly hex an enemy unit projects its zone of control into is held
    // by neither player.
    let loaded = example("");
    let units = roster(&[unit(1, Side::Soviet, "D4"), unit(2, Side::Finnish, "D5")]);
    let mut entered = Entered::new();
    Standing::enter(&loaded, &mut entered, &units);
    let standing = Standing::new(&loaded, &entered, &units);
    assert_eq!(standing.holder(hex(&loaded, "D4")), Holder::Disputed);
    assert_eq!(standing.holder(hex(&loaded, "D5")), Holder::Disputed);
    // Two hexes apart, each holds its own.
    let apart = roster(&[unit(1, Side::Soviet, "D4"), unit(2, Side::Finnish, "D6")]);
    Standing::enter(&loaded, &mut entered, &apart);
    let standing = Standing::new(&loaded, &entered, &apart);
    assert_eq!(
        standing.holder(hex(&loaded, "D4")),
        Holder::Held(Side::Soviet)
    );
    assert_eq!(
        standing.holder(hex(&loaded, "D6")),
        Holder::Held(Side::Finnish)
    );
    // A hex nobody entered, in no side's country: nobody's.
    assert_eq!(standing.holder(hex(&loaded, "A8")), Holder::Nobody);
}

#[test]
fn objectives_score_only_while_held_and_the_levels_read_the_score() {
    let loaded = example("");
    let held = roster(&[unit(1, Side::Soviet, "D4")]);
    let mut entered = Entered::new();
    Standing::enter(&loaded, &mut entered, &held);
    let tally = no_facts(|f| Standing::new(&loaded, &entered, &held).tally(f));
    assert_eq!((tally.soviet, tally.finnish, tally.score), (5, 0, 5));
    assert!(tally.lines[0].held);
    let outcome = Outcome::on_points(&loaded, &tally, "The game's last turn ended".into());
    assert_eq!(outcome.winner, Some(Side::Soviet));
    assert_eq!(outcome.title, "Soviet victory");
    assert_eq!(
        outcome.sentence(),
        "The game's last turn ended: Soviet victory, with a score of 5."
    );
    // Disputed by a Finnish unit next door: no points; 0 is a Finnish victory (to = 4).
    let disputed = roster(&[unit(1, Side::Soviet, "D4"), unit(2, Side::Finnish, "C4")]);
    Standing::enter(&loaded, &mut entered, &disputed);
    let tally = no_facts(|f| Standing::new(&loaded, &entered, &disputed).tally(f));
    assert_eq!(tally.score, 0);
    assert!(!tally.lines[0].held);
    let outcome = Outcome::on_points(&loaded, &tally, "The game's last turn ended".into());
    assert_eq!(outcome.winner, Some(Side::Finnish));
}

#[test]
fn a_sudden_death_by_reaching_hexes_counts_occupied_and_adjacent_ones() {
    // Winter War 4.1's Finnish test, on made-up hexes: units in or next to three of them.
    let loaded = example(
        r#"
[[victory.sudden_death]]
side = "finnish"
name = "Finnish raid"
rule = "made up"
test = { occupy_or_adjacent = { area = { hexes = ["A1", "A8", "H1", "H8"] }, at_least = 3 } }
"#,
    );
    let entered = Entered::new();
    // In A1, next to A8 (A7), and nowhere near H1 or H8: two of the three.
    let two = roster(&[unit(1, Side::Finnish, "A1"), unit(2, Side::Finnish, "A7")]);
    let (hit, unjudged) = Standing::new(&loaded, &entered, &two).sudden_death();
    assert!(hit.is_none());
    assert!(unjudged.is_empty());
    // A Soviet unit next to H1 does not count for the Finns.
    let three = roster(&[
        unit(1, Side::Finnish, "A1"),
        unit(2, Side::Finnish, "A7"),
        unit(3, Side::Soviet, "H2"),
    ]);
    assert!(
        Standing::new(&loaded, &entered, &three)
            .sudden_death()
            .0
            .is_none()
    );
    let three = roster(&[
        unit(1, Side::Finnish, "A1"),
        unit(2, Side::Finnish, "A7"),
        unit(3, Side::Finnish, "H2"),
    ]);
    let (hit, _) = Standing::new(&loaded, &entered, &three).sudden_death();
    let hit = hit.expect("three reached");
    assert_eq!(hit.name, "Finnish raid");
    let outcome = Outcome::sudden(hit);
    assert_eq!(outcome.winner, Some(Side::Finnish));
    assert_eq!(
        outcome.sentence(),
        "The Finnish player met a sudden death condition (made up): Finnish raid."
    );
}

#[test]
fn a_sudden_death_by_control_needs_every_hex_held_and_known() {
    let loaded = example(
        r#"
[[victory.sudden_death]]
side = "soviet"
name = "Soviet breakthrough"
rule = "made up"
test = { control_all = { hexes = ["D4", "D5"] } }
"#,
    );
    let one = roster(&[unit(1, Side::Soviet, "D4")]);
    let mut entered = Entered::new();
    Standing::enter(&loaded, &mut entered, &one);
    assert!(
        Standing::new(&loaded, &entered, &one)
            .sudden_death()
            .0
            .is_none()
    );
    let both = roster(&[unit(1, Side::Soviet, "D4"), unit(2, Side::Soviet, "D5")]);
    Standing::enter(&loaded, &mut entered, &both);
    assert!(
        Standing::new(&loaded, &entered, &both)
            .sudden_death()
            .0
            .is_some()
    );
    // A Finnish unit next to D5 disputes it: no sudden death.
    let contested = roster(&[
        unit(1, Side::Soviet, "D4"),
        unit(2, Side::Soviet, "D5"),
        unit(3, Side::Finnish, "D6"),
    ]);
    Standing::enter(&loaded, &mut entered, &contested);
    assert!(
        Standing::new(&loaded, &entered, &contested)
            .sudden_death()
            .0
            .is_none()
    );
}

#[test]
fn winter_war_sudden_deaths_wait_for_the_regions_the_group_enters() {
    // Winter War 4.1 names the Finnish cities, the printed fortifications and the Soviet supply
    // cities; the shipped pack leaves their hexes to the group's map, so neither test is judged
    // and hexes of the unentered countries are unknown.
    let loaded = LoadedPack::read(pack::WINTER_WAR_HISTORICAL).unwrap();
    let entered = Entered::new();
    let units = roster(&[unit(1, Side::Soviet, "1633")]);
    let standing = Standing::new(&loaded, &entered, &units);
    let (hit, unjudged) = standing.sudden_death();
    assert!(hit.is_none());
    assert_eq!(unjudged.len(), 2, "{unjudged:?}");
    assert_eq!(standing.holder(hex(&loaded, "0101")), Holder::Unknown);
}

#[test]
fn a_concession_gives_the_other_side_the_game() {
    let outcome = Outcome::concession(Side::Soviet);
    assert_eq!(outcome.winner, Some(Side::Finnish));
    assert_eq!(
        outcome.sentence(),
        "The Soviet player conceded: Finnish victory by concession."
    );
}
