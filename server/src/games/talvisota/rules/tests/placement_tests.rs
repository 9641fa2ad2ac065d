//! Targets, front boxes, face-down placement and the Finnish sheet limits (rules 1.5, 3.2).

use super::fixtures::{deploy, finnish, ready, rule_of, soviet, try_finnish, try_soviet, turn_one};
use crate::core::domain::Side;
use crate::games::talvisota::rules::allocate;
use crate::games::talvisota::rules::error::TalvisotaError;
use crate::games::talvisota::rules::events::{Audience, EventKind};
use crate::games::talvisota::rules::sheet::{CommandSheet, SovietSheet};
use crate::games::talvisota::rules::state::GameOptions;
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportChoice::First;

#[test]
fn targets_must_be_connected_finnish_spaces_and_units_in_place() {
    let mut s = ready();
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["viipuri"],
                &["su-fus-1"],
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
                &["oranienbaum"],
                &["su-fus-1"],
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
                &["terijoki"],
                &["su-fus-9"],
                &[]
            )]
        )
        .is_err()
    );
    assert!(
        try_soviet(
            &mut s,
            vec![soviet(
                SovietStrategy::MassiveAttack,
                "leningrad",
                &["terijoki", "viipuri"],
                &["su-fus-1"],
                &[]
            )]
        )
        .is_err()
    );
    let twice = vec![
        soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            &[],
        ),
        soviet(
            SovietStrategy::MassiveAttack,
            "leningrad",
            &["taipale"],
            &["su-fus-1"],
            &[],
        ),
    ];
    assert!(matches!(
        try_soviet(&mut s, twice),
        Err(TalvisotaError::UsedTwice(_))
    ));
}

#[test]
fn a_front_has_only_its_boxes() {
    let mut s = ready();
    let three = vec![
        soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            &[],
        ),
        soviet(
            SovietStrategy::MassiveAttack,
            "leningrad",
            &["taipale"],
            &["su-fus-2"],
            &[],
        ),
        soviet(
            SovietStrategy::CoordinatedManoeuvre,
            "leningrad",
            &["muolaa"],
            &["su-fus-3", "su-fus-4"],
            &[],
        ),
    ];
    assert_eq!(
        rule_of(try_soviet(&mut s, three).expect_err("Karelian front has two boxes")),
        "1.5"
    );
}

#[test]
fn placements_are_face_down_and_the_sheet_is_private() {
    let mut s = ready();
    let events = allocate(
        &mut s,
        Side::Soviet,
        CommandSheet::Soviet(SovietSheet {
            allocations: vec![soviet(
                SovietStrategy::PrudentAdvance,
                "leningrad",
                &["terijoki"],
                &["su-fus-1"],
                &[],
            )],
        }),
    )
    .expect("ok");
    for e in &events {
        match &e.kind {
            EventKind::SheetAllocated { .. } => {
                assert_eq!(e.audience, Audience::Side(Side::Soviet))
            }
            EventKind::StrategyPlaced { placement, .. } => {
                assert_eq!(e.audience, Audience::Everyone);
                assert!(!placement.to_lowercase().contains("prud"));
            }
            _ => {}
        }
    }
}

#[test]
fn finnish_sheet_limits() {
    let mut s = ready();
    try_soviet(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-fus-1"],
            &[],
        )],
    )
    .expect("ok");
    let mut bad = s.clone();
    assert!(
        try_finnish(
            &mut bad,
            vec![finnish(
                FinnishStrategy::Motti,
                "summa",
                &["fi-div-1"],
                &[],
                &[],
                &[]
            )]
        )
        .is_err(),
        "no Soviet strategy there"
    );
    assert!(
        try_finnish(
            &mut bad,
            vec![finnish(
                FinnishStrategy::CounterAttack,
                "terijoki",
                &["fi-div-1"],
                &[],
                &[],
                &["fi-ret-1"]
            )]
        )
        .is_err(),
        "CON-ATT has no entrenchment"
    );
    assert!(
        try_finnish(
            &mut bad,
            vec![finnish(
                FinnishStrategy::DefensivePosition,
                "terijoki",
                &["fi-div-1"],
                &[],
                &["fi-env-snow-1", "fi-env-fog-1"],
                &[]
            )]
        )
        .is_err(),
        "one marker"
    );
    assert!(
        try_finnish(
            &mut bad,
            vec![finnish(
                FinnishStrategy::Motti,
                "terijoki",
                &["fi-div-1", "fi-div-2", "fi-div-3", "fi-div-4"],
                &[],
                &[],
                &[]
            )]
        )
        .is_err(),
        "three units"
    );
    assert!(
        try_finnish(
            &mut bad,
            vec![finnish(
                FinnishStrategy::Motti,
                "terijoki",
                &["su-fus-2"],
                &[],
                &[],
                &[]
            )]
        )
        .is_err(),
        "not a Finnish unit"
    );
    try_finnish(
        &mut s,
        vec![finnish(
            FinnishStrategy::Motti,
            "terijoki",
            &["fi-div-1", "fi-div-2", "fi-div-3", "fi-div-4", "fi-div-5"],
            &[("fi-sup-renf-1", First), ("fi-sup-emb-1", First)],
            &["fi-env-snow-1", "fi-env-forest-1"],
            &[],
        )],
    )
    .expect("RENF adds two units; MOTTI takes two markers");
}

#[test]
fn the_ice_road_opens_in_march_and_needs_meretskov() {
    let mut s = turn_one(GameOptions::default());
    deploy(&mut s, &[("su-fus-1", "oranienbaum")]);
    let across = |supports: &[(&str, crate::games::talvisota::rules::support::SupportChoice)]| {
        soviet(
            SovietStrategy::PrudentAdvance,
            "oranienbaum",
            &["koivisto"],
            &["su-fus-1"],
            supports,
        )
    };
    s.turn = 6;
    assert!(
        try_soviet(&mut s.clone(), vec![across(&[])]).is_err(),
        "closed before March I 1940"
    );
    s.turn = 7;
    let e = try_soviet(&mut s.clone(), vec![across(&[])]).expect_err("needs Meretskov");
    assert_eq!(rule_of(e), "1.3.1, 3.3.2");
    try_soviet(&mut s, vec![across(&[("su-sup-mer-1", First)])]).expect("with Meretskov");
}
