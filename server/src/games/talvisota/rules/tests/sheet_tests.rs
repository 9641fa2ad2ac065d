//! The limits of the Soviet command sheet per strategy (rules 3.2.2, 3.3.2).

use super::fixtures::{ready, rule_of, soviet, try_soviet};
use crate::games::talvisota::rules::error::TalvisotaError;
use crate::games::talvisota::rules::strategy::SovietStrategy;
use crate::games::talvisota::rules::support::SupportChoice::First;

#[test]
fn armoured_attack_needs_three_armoured_units() {
    let mut s = ready();
    let e = try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::ArmouredAttack,
            "leningrad",
            &["terijoki"],
            &["su-tan-1", "su-tan-2", "su-fus-1"],
            &[],
        )],
    )
    .expect_err("two armour only");
    assert_eq!(rule_of(e), "3.2.2");
    try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::ArmouredAttack,
            "leningrad",
            &["terijoki"],
            &["su-tan-1", "su-tan-2", "su-meca-1"],
            &[],
        )],
    )
    .expect("three armour");
}

#[test]
fn manoeuvre_needs_two_infantry_and_at_most_four_units() {
    let mut s = ready();
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::CoordinatedManoeuvre,
                "leningrad",
                &["terijoki"],
                &["su-tan-1", "su-tan-2", "su-fus-1"],
                &[]
            )]
        )
        .is_err()
    );
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::CoordinatedManoeuvre,
                "leningrad",
                &["terijoki"],
                &["su-fus-1", "su-fus-2", "su-fus-3", "su-fus-4", "su-fus-5"],
                &[]
            )]
        )
        .is_err()
    );
    try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::CoordinatedManoeuvre,
            "leningrad",
            &["terijoki"],
            &["su-fus-1", "su-eli-1", "su-tan-1", "su-tan-2"],
            &[],
        )],
    )
    .expect("valid MAN");
}

#[test]
fn prudent_advance_takes_three_units_or_five_with_reinforcements() {
    let mut s = ready();
    let four = ["su-fus-1", "su-fus-2", "su-fus-3", "su-fus-4"];
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["terijoki"],
                &four,
                &[]
            )]
        )
        .is_err()
    );
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["terijoki", "summa"],
                &["su-fus-1"],
                &[]
            )]
        )
        .is_err(),
        "PRUD attacks one space"
    );
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["terijoki"],
                &["su-fus-1"],
                &[("su-sup-air-1", First), ("su-sup-art-1", First)]
            )]
        )
        .is_err(),
        "one support"
    );
    try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &four,
            &[("su-sup-renf-1", First)],
        )],
    )
    .expect("RENF adds two");
}

#[test]
fn january_allows_one_support_and_one_commander() {
    let mut s = ready();
    s.turn = 3;
    let att = |supports: &[(&str, crate::games::talvisota::rules::support::SupportChoice)]| {
        soviet(
            SovietStrategy::MassiveAttack,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            supports,
        )
    };
    assert!(
        try_soviet(
            &mut s,
            vec![att(&[("su-sup-air-1", First), ("su-sup-art-1", First)])]
        )
        .is_err()
    );
    assert!(
        try_soviet(
            &mut s,
            vec![att(&[
                ("su-sup-air-1", First),
                ("su-sup-mer-1", First),
                ("su-sup-timo-1", First)
            ])]
        )
        .is_err()
    );
    try_soviet(
        &mut s,
        vec![att(&[("su-sup-air-1", First), ("su-sup-mer-1", First)])],
    )
    .expect("one and a commander");
}

#[test]
fn commanders_arrive_in_january() {
    let mut s = ready();
    let e = try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            &[("su-sup-mer-1", First)],
        )],
    )
    .expect_err("not yet");
    assert!(matches!(e, TalvisotaError::Unavailable { .. }));
}
