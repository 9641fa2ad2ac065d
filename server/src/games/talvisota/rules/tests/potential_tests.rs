//! Each strategy, tactical support, environment marker and defence line in the combat potentials.
//!
//! Test counter values (fixtures::TEST_COUNTERS): FUS 2/+1, ELI 3/+1, MECA 2/+2, TAN 3/+2; RES 1/0, SK 1/+1,
//! WD 1/+1 (−1 to the enemy), SCT 2/+1 (−1 to the enemy), DIV 3/+2; entrenchment +2.

use super::forces::{ALL_FOUR, LINE, OPEN, fi, raw, su};
use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::potential::Ground;
use crate::games::talvisota::rules::strategy::SovietStrategy;
use crate::games::talvisota::rules::support::{SupportChoice, SupportKind};

use SupportChoice::{First, Second};
use UnitKind::{Div, Eli, Fus, Res, Sct, Wd};

#[test]
fn prudent_advance_doubles_infantry_and_mechanised_bonus() {
    // FUS 2+2, ELI 3+2, MECA 2+4, TAN 3+2.
    assert_eq!(
        raw(
            &su(SovietStrategy::PrudentAdvance, &ALL_FOUR, &[]),
            &fi(&[], &[], &[], 0),
            &OPEN
        )
        .0,
        20
    );
}

#[test]
fn massive_attack_drops_the_infantry_bonus() {
    // FUS 2, ELI 3, MECA 2+2, TAN 3+2.
    assert_eq!(
        raw(
            &su(SovietStrategy::MassiveAttack, &ALL_FOUR, &[]),
            &fi(&[], &[], &[], 0),
            &OPEN
        )
        .0,
        14
    );
}

#[test]
fn armoured_attack_doubles_the_armour_bonus() {
    // FUS 2+1, ELI 3+1, MECA 2+4, TAN 3+4.
    assert_eq!(
        raw(
            &su(SovietStrategy::ArmouredAttack, &ALL_FOUR, &[]),
            &fi(&[], &[], &[], 0),
            &OPEN
        )
        .0,
        20
    );
}

#[test]
fn manoeuvre_doubles_every_bonus_and_keeps_plus_one_when_cancelled() {
    let man = su(SovietStrategy::CoordinatedManoeuvre, &ALL_FOUR, &[]);
    assert_eq!(raw(&man, &fi(&[], &[], &[], 0), &OPEN).0, 22);
    // Ambush: bonuses become +1 each (not 0), and −3 each: 2+1 + 3+1 + 2+1 + 3+1 − 12.
    let ambush = fi(&[], &[(SupportKind::Ambush, First)], &[], 0);
    assert_eq!(raw(&man, &ambush, &OPEN).0, 14 - 12);
    // The same ambush against PRUD removes the bonus entirely: 2 + 3 + 2 + 3 − 12.
    assert_eq!(
        raw(
            &su(SovietStrategy::PrudentAdvance, &ALL_FOUR, &[]),
            &ambush,
            &OPEN
        )
        .0,
        -2
    );
}

#[test]
fn timoshenko_adds_one_in_a_manoeuvre_only() {
    let timo = [(SupportKind::Timoshenko, Second)];
    assert_eq!(
        raw(
            &su(SovietStrategy::CoordinatedManoeuvre, &[Fus, Eli], &timo),
            &fi(&[], &[], &[], 0),
            &OPEN
        )
        .0,
        4 + 5 + 2
    );
    assert_eq!(
        raw(
            &su(SovietStrategy::PrudentAdvance, &[Fus, Eli], &timo),
            &fi(&[], &[], &[], 0),
            &OPEN
        )
        .0,
        4 + 5
    );
}

#[test]
fn finnish_units_entrenchment_and_space_value_add_up() {
    // DIV 5 + SK 2 + RES 1, entrenchment 2, value 2.
    let f = fi(&[Div, UnitKind::Sk, Res], &[], &[], 1);
    assert_eq!(
        raw(
            &su(SovietStrategy::PrudentAdvance, &[Fus], &[]),
            &f,
            &Ground {
                value: 2,
                defence_line: false
            }
        )
        .1,
        12
    );
}

#[test]
fn finnish_tactical_penalties_fall_on_the_soviets() {
    let f = fi(&[Wd, Sct], &[], &[], 0);
    let (s, f) = raw(&su(SovietStrategy::PrudentAdvance, &[Fus], &[]), &f, &OPEN);
    assert_eq!((s, f), (4 - 2, 2 + 3));
}

#[test]
fn defence_line_is_minus_four_or_minus_one_with_meretskov_or_t34() {
    let f = fi(&[Res], &[], &[], 0);
    let plain = raw(&su(SovietStrategy::PrudentAdvance, &[Eli], &[]), &f, &LINE);
    assert_eq!(plain, (5 - 4, 1 + 2));
    let mer = raw(
        &su(
            SovietStrategy::PrudentAdvance,
            &[Eli],
            &[(SupportKind::Meretskov, First)],
        ),
        &f,
        &LINE,
    );
    assert_eq!(mer.0, 5 - 1);
    let t34 = raw(
        &su(
            SovietStrategy::PrudentAdvance,
            &[Eli],
            &[(SupportKind::T34Kv1, First)],
        ),
        &f,
        &LINE,
    );
    assert_eq!(t34.0, 5 - 1);
    // Meretskov used on the artillery instead leaves the line at −4.
    let mer_art = raw(
        &su(
            SovietStrategy::PrudentAdvance,
            &[Eli],
            &[(SupportKind::Meretskov, Second)],
        ),
        &f,
        &LINE,
    );
    assert_eq!(mer_art.0, 5 - 4);
    // Off the line, neither matters.
    assert_eq!(
        raw(
            &su(
                SovietStrategy::PrudentAdvance,
                &[Eli],
                &[(SupportKind::T34Kv1, First)]
            ),
            &f,
            &OPEN
        )
        .0,
        5
    );
}
