//! Tactical supports, environment markers and the minimum potential in the combat potentials.
//!
//! Test counter values (fixtures::TEST_COUNTERS): FUS 2/+1, ELI 3/+1, MECA 2/+2, TAN 3/+2; RES 1/0, SK 1/+1,
//! WD 1/+1 (−1 to the enemy), SCT 2/+1 (−1 to the enemy), DIV 3/+2; entrenchment +2.

use super::forces::{ALL_FOUR, LINE, OPEN, fi, raw, run, su};
use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::environment::EnvironmentKind;
use crate::games::talvisota::rules::strategy::SovietStrategy;
use crate::games::talvisota::rules::support::{SupportChoice, SupportKind};

use SupportChoice::{First, Second};
use UnitKind::{Div, Eli, Fus, Tan};

#[test]
fn soviet_supports_each_hit_the_finns() {
    let f = fi(&[Div, Div, Div], &[], &[], 0);
    let p = |supports: &[(SupportKind, SupportChoice)]| {
        raw(
            &su(SovietStrategy::PrudentAdvance, &[Fus], supports),
            &f,
            &OPEN,
        )
        .1
    };
    assert_eq!(p(&[]), 15);
    assert_eq!(p(&[(SupportKind::SovietAir, First)]), 12);
    assert_eq!(p(&[(SupportKind::SovietArtillery, First)]), 13);
    assert_eq!(
        p(&[
            (SupportKind::SovietArtillery, First),
            (SupportKind::Meretskov, Second)
        ]),
        11
    );
    assert_eq!(p(&[(SupportKind::LackOfMunitions, First)]), 9);
    assert_eq!(
        p(&[
            (SupportKind::SovietAir, First),
            (SupportKind::LackOfMunitions, First)
        ]),
        6
    );
    // Supply, NKVD and Reinforcements do not change potentials.
    assert_eq!(
        p(&[
            (SupportKind::Supply, First),
            (SupportKind::Nkvd, First),
            (SupportKind::SovietReinforcements, First)
        ]),
        15
    );
}

#[test]
fn finnish_supports_each_hit_the_soviets() {
    let s = su(SovietStrategy::PrudentAdvance, &[Fus, Tan], &[]);
    let p =
        |supports: &[(SupportKind, SupportChoice)]| raw(&s, &fi(&[], supports, &[], 0), &OPEN).0;
    assert_eq!(p(&[]), 4 + 5);
    assert_eq!(p(&[(SupportKind::FinnishArtillery, First)]), 7);
    assert_eq!(p(&[(SupportKind::Mannerheim, Second)]), 7);
    assert_eq!(p(&[(SupportKind::Mannerheim, First)]), 9);
    assert_eq!(p(&[(SupportKind::AntiTank, First)]), 7);
    assert_eq!(
        p(&[
            (SupportKind::AntiTank, First),
            (SupportKind::AntiTank, First)
        ]),
        5
    );
    assert_eq!(p(&[(SupportKind::FinnishAir, First)]), 8);
    // Without tanks the anti-tank gives −1 on the force.
    let no_tanks = su(SovietStrategy::PrudentAdvance, &[Fus, Fus], &[]);
    assert_eq!(
        raw(
            &no_tanks,
            &fi(&[], &[(SupportKind::AntiTank, First)], &[], 0),
            &OPEN
        )
        .0,
        7
    );
}

#[test]
fn air_supports_cancel_and_are_grounded() {
    let air = su(
        SovietStrategy::PrudentAdvance,
        &[Fus],
        &[(SupportKind::SovietAir, First)],
    );
    // Finnish air grounds the Soviet air and costs the Soviets nothing more.
    assert_eq!(
        raw(
            &air,
            &fi(&[Div, Div], &[(SupportKind::FinnishAir, First)], &[], 0),
            &OPEN
        ),
        (4, 10)
    );
    for weather in [EnvironmentKind::Snow, EnvironmentKind::Fog] {
        let (_, f) = raw(&air, &fi(&[Div, Div], &[], &[weather], 0), &OPEN);
        assert_eq!(
            f,
            10 + if weather == EnvironmentKind::Fog {
                2
            } else {
                0
            },
            "{weather:?} grounds the Soviet air"
        );
        let plain = su(SovietStrategy::PrudentAdvance, &[Eli], &[]);
        let (s, _) = raw(
            &plain,
            &fi(&[Div], &[(SupportKind::FinnishAir, First)], &[weather], 0),
            &OPEN,
        );
        let weather_penalty = if weather == EnvironmentKind::Snow {
            3 - 1
        } else {
            5
        };
        assert_eq!(
            s, weather_penalty,
            "{weather:?} grounds the Finnish air too"
        );
    }
}

#[test]
fn each_environment_marker() {
    let s = su(SovietStrategy::PrudentAdvance, &ALL_FOUR, &[]);
    let f = |env: EnvironmentKind| raw(&s, &fi(&[Div, Div], &[], &[env], 0), &OPEN);
    // Snow: FUS 2−1, ELI 3−1 (no bonus), MECA 6−3, TAN 5−3.
    assert_eq!(f(EnvironmentKind::Snow), (1 + 2 + 3 + 2, 10));
    // Woods: TAN −1; +1 for each Finnish unit.
    assert_eq!(f(EnvironmentKind::Woods), (19, 12));
    // Forest: −2 each; TAN loses its bonus: 4+5+6+3 − 8.
    assert_eq!(f(EnvironmentKind::Forest), (10, 10));
    // Swamp: −1 each.
    assert_eq!(f(EnvironmentKind::Swamp), (16, 10));
    // Fog: +1 for each Finnish unit.
    assert_eq!(f(EnvironmentKind::Fog), (20, 12));
    // Two markers together (Motti): forest and swamp.
    assert_eq!(
        raw(
            &s,
            &fi(
                &[Div],
                &[],
                &[EnvironmentKind::Forest, EnvironmentKind::Swamp],
                0
            ),
            &OPEN
        )
        .0,
        18 - 12
    );
}

#[test]
fn manoeuvre_under_snow_and_forest_keeps_plus_one() {
    let man = su(SovietStrategy::CoordinatedManoeuvre, &[Fus, Tan], &[]);
    // Snow cancels the FUS bonus (+1 in MAN) and costs −1; TAN keeps 2×2 but −3.
    assert_eq!(
        raw(&man, &fi(&[], &[], &[EnvironmentKind::Snow], 0), &OPEN).0,
        (2 + 1 - 1) + (3 + 4 - 3)
    );
    // Forest cancels the TAN bonus (+1 in MAN); both −2.
    assert_eq!(
        raw(&man, &fi(&[], &[], &[EnvironmentKind::Forest], 0), &OPEN).0,
        (2 + 2 - 2) + (3 + 1 - 2)
    );
}

#[test]
fn a_force_below_one_counts_as_one() {
    let (s, f) = run(
        &su(SovietStrategy::PrudentAdvance, &[Fus], &[]),
        &fi(
            &[],
            &[
                (SupportKind::Ambush, First),
                (SupportKind::FinnishArtillery, First),
            ],
            &[EnvironmentKind::Forest],
            0,
        ),
        &OPEN,
    );
    assert_eq!((s.raw, s.effective), (2 - 3 - 2 - 2, 1));
    assert_eq!((f.raw, f.effective), (0, 1));
}

#[test]
fn every_modifier_is_explained() {
    let (s, f) = run(
        &su(
            SovietStrategy::PrudentAdvance,
            &[Eli],
            &[(SupportKind::SovietArtillery, First)],
        ),
        &fi(&[Div], &[], &[EnvironmentKind::Swamp], 1),
        &LINE,
    );
    assert_eq!(s.lines.iter().map(|l| l.amount).sum::<i32>(), s.raw);
    assert_eq!(f.lines.iter().map(|l| l.amount).sum::<i32>(), f.raw);
    assert!(s.lines.iter().any(|l| l.source.contains("defence line")));
    assert!(f.lines.iter().any(|l| l.source.contains("artillery")));
}
