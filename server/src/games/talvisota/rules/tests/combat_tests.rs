//! Whole combats through the command functions, with scripted dice.

use super::fixtures::{NONE, at, at_leningrad, finnish, place, resolve, rounds, soviet, space};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::events::EventKind;
use crate::games::talvisota::rules::state::{Phase, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportChoice::First;

#[test]
fn prudent_advance_takes_terijoki() {
    let mut s = at_leningrad(&["su-eli-1", "su-eli-2", "su-eli-3"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-eli-1", "su-eli-2", "su-eli-3"],
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-res-1", "fi-res-2", "fi-res-3"],
            NONE,
            &[],
            &["fi-ret-1"],
        )],
    );
    assert_eq!(s.phase, Phase::Combat);
    // 15 against 3 + 2 + 1 = 6: the Soviets roll at +9, a 4 reads row 6: 2dR.
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[4]);
    let r = &rounds(&events)[0];
    assert_eq!(
        (r.soviet.raw, r.finnish.raw, r.roller, r.difference),
        (15, 6, Side::Soviet, 9)
    );
    assert_eq!((r.reading.column, r.reading.row), (6, 6));
    assert_eq!(r.finnish_losses, vec!["fi-res-1", "fi-res-2"]);
    assert_eq!(r.retreat, Some(Side::Finnish));
    assert_eq!(at(&s, "su-eli-1"), space("terijoki"));
    assert_eq!(at(&s, "fi-res-1"), UnitLocation::Losses(1));
    assert_eq!(at(&s, "fi-res-3"), UnitLocation::Sheet);
    // Rule 4.5.2: 1 for PRUD and 1 for Terijoki's value.
    assert_eq!((s.finnish_morale, s.soviet_morale), (17, 23));
    assert_eq!(s.phase, Phase::Harassment);
}

#[test]
fn a_lone_fusilier_is_thrown_back() {
    let mut s = at_leningrad(&["su-fus-1"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &[],
            &[],
        )],
    );
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[1]);
    let r = &rounds(&events)[0];
    // 4 against 16: the Finns roll at +12: a 1 becomes 7, row 6, 2dR on the Soviets.
    assert_eq!(
        (r.roller, r.reading.die_modifier, r.reading.row),
        (Side::Finnish, 6, 6)
    );
    assert_eq!(r.soviet_losses, vec!["su-fus-1"]);
    assert_eq!(at(&s, "su-fus-1"), UnitLocation::Losses(1));
    // PRUD with a loss and no conquest: −1 Soviet morale.
    assert_eq!((s.soviet_morale, s.finnish_morale), (22, 19));
}

#[test]
fn two_rounds_then_the_attack_fails() {
    let mut s = at_leningrad(&["su-fus-1", "su-fus-2", "su-fus-3"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1", "su-fus-2", "su-fus-3"],
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &[],
            &["fi-ret-1"],
        )],
    );
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[1, 2]);
    let r = rounds(&events);
    assert_eq!(r.len(), 2);
    assert_eq!(
        (r[0].soviet.raw, r[0].finnish.raw, r[0].difference),
        (12, 18, 6)
    );
    assert_eq!(
        (r[1].soviet.raw, r[1].finnish.raw, r[1].difference),
        (8, 13, 5)
    );
    assert_eq!(
        (r[0].soviet_losses.len(), r[0].finnish_losses.len()),
        (1, 1)
    );
    assert_eq!(
        (r[1].soviet_losses.len(), r[1].finnish_losses.len()),
        (1, 1)
    );
    assert!(events.iter().any(|e| matches!(&e.kind, EventKind::AttackRepulsed { retreat_to, .. } if retreat_to == "leningrad")));
    assert_eq!(at(&s, "su-fus-3"), space("leningrad"));
    assert_eq!(s.soviet_morale, 22);
}

#[test]
fn nkvd_cancels_the_retreat_and_doubles_losses() {
    let mut s = at_leningrad(&["su-fus-1", "su-fus-2", "su-fus-3"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1", "su-fus-2", "su-fus-3"],
            &[("su-sup-nkvd-1", First)],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &[],
            &["fi-ret-1"],
        )],
    );
    // Round 1: the Finns roll at +6, a 2 is 1a/1dR on the Soviets: NKVD makes it two losses, no retreat.
    // Round 2: 4 against 13, +9: a 3 reads row 6, 2dR: the last FUS goes.
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[2, 3]);
    let r = rounds(&events);
    assert_eq!(r[0].soviet_losses, vec!["su-fus-1", "su-fus-2"]);
    assert_eq!(r[0].finnish_losses, vec!["fi-div-1"]);
    assert_eq!(r[0].retreat, None);
    assert!(r[0].notes[0].contains("NKVD"));
    assert_eq!(r[1].soviet_losses, vec!["su-fus-3"]);
}

#[test]
fn mannerheim_holds_the_line_at_double_cost() {
    let units = [
        "su-eli-1", "su-eli-2", "su-eli-3", "su-tan-1", "su-tan-2", "su-tan-3",
    ];
    let mut s = at_leningrad(&units);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::MassiveAttack,
            "leningrad",
            &["terijoki"],
            &units,
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            &[("fi-sup-mann-1", First)],
            &[],
            &["fi-ret-1"],
        )],
    );
    // ATT: ELI without bonus 9, TAN 15: 24 against 18. A 4 at +6 is 1dR: no retreat, two losses.
    let events = resolve(&mut s, SovietStrategy::MassiveAttack, &[4, 1]);
    let r = rounds(&events);
    assert_eq!((r[0].soviet.raw, r[0].finnish.raw), (24, 18));
    assert_eq!(r[0].finnish_losses.len(), 2);
    assert_eq!(r[0].retreat, None);
    assert!(r[0].notes[0].contains("Mannerheim"));
    assert_eq!(r[1].finnish_losses, vec!["fi-div-3"]);
    // ATT took a space: 2 + Terijoki's 1.
    assert_eq!(s.finnish_morale, 16);
}

#[test]
fn supply_moves_the_die_for_whoever_rolls() {
    let mut s = at_leningrad(&["su-eli-1", "su-eli-2", "su-eli-3", "su-fus-1"]);
    s.placements.clear();
    place(
        &mut s,
        vec![
            soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["terijoki"],
                &["su-eli-1", "su-eli-2", "su-eli-3"],
                &[("su-sup-rav-1", First)],
            ),
            soviet(
                SovietStrategy::MassiveAttack,
                "leningrad",
                &["taipale"],
                &["su-fus-1"],
                &[],
            ),
        ],
        vec![
            finnish(
                FinnishStrategy::DefensivePosition,
                "terijoki",
                &["fi-res-1", "fi-res-2", "fi-res-3"],
                NONE,
                &[],
                &["fi-ret-1"],
            ),
            finnish(
                FinnishStrategy::CounterAttack,
                "taipale",
                &["fi-div-1", "fi-div-2", "fi-div-3"],
                NONE,
                &[],
                &[],
            ),
        ],
    );
    let r = rounds(&resolve(&mut s, SovietStrategy::PrudentAdvance, &[3]));
    assert_eq!(r[0].reading.die_modifier, 3 + 1);
    // Without supply on the other strategy the Finnish die is not touched: 16 against 1 is +15.
    let r = rounds(&resolve(&mut s, SovietStrategy::MassiveAttack, &[1]));
    assert_eq!((r[0].roller, r[0].reading.die_modifier), (Side::Finnish, 9));
}

#[test]
fn supply_lowers_the_finnish_die() {
    let mut s = at_leningrad(&["su-fus-1"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            &[("su-sup-rav-1", First)],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &[],
            &[],
        )],
    );
    let r = rounds(&resolve(&mut s, SovietStrategy::PrudentAdvance, &[1]));
    assert_eq!(
        (r[0].roller, r[0].reading.die_modifier),
        (Side::Finnish, 6 - 1)
    );
}

#[test]
fn a_combat_can_be_named_by_its_placement() {
    let mut s = at_leningrad(&["su-fus-1"]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            NONE,
        )],
        vec![],
    );
    let mut dice = ScriptedDice::new([]);
    assert!(
        crate::games::talvisota::rules::reveal_and_resolve_placement(
            &mut s,
            "placement-t1-s9",
            &mut dice
        )
        .is_err()
    );
    crate::games::talvisota::rules::reveal_and_resolve_placement(
        &mut s,
        "placement-t1-s1",
        &mut dice,
    )
    .expect("resolves");
    assert_eq!(at(&s, "su-fus-1"), space("terijoki"));
    assert!(s.placements.iter().all(|p| p.revealed));
}
