//! Combats with commanders, follow-up spaces, retreats and the fall of Helsinki, with scripted dice.

use super::fixtures::{
    NONE, at, at_leningrad, deploy, finnish, place, put, resolve, rounds, soviet, space, turn_one,
};
use crate::core::domain::Side;
use crate::games::talvisota::rules::events::EventKind;
use crate::games::talvisota::rules::state::{GameOptions, GameOutcome, Phase, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportChoice::First;

#[test]
fn timoshenko_with_artillery_doubles_finnish_losses() {
    let mut s = at_leningrad(&["su-eli-1", "su-eli-2", "su-eli-3"]);
    for m in s.supports.iter_mut() {
        m.arrives_turn = 1;
    }
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-eli-1", "su-eli-2", "su-eli-3"],
            &[("su-sup-art-1", First), ("su-sup-timo-1", First)],
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
    // 15 against 18 − 2 = 16: the Finns roll +1, a 6 is 1a/1d: the Finnish loss doubles.
    // Round 2: 10 against 5 + 2 + 1 − 2 = 6: the Soviets roll +4, a 4 is 1a/1dR.
    let r = rounds(&resolve(&mut s, SovietStrategy::PrudentAdvance, &[6, 4]));
    assert_eq!((r[0].roller, r[0].difference), (Side::Finnish, 1));
    assert_eq!(
        (r[0].soviet_losses.len(), r[0].finnish_losses.len()),
        (1, 2)
    );
    assert_eq!((r[1].roller, r[1].difference), (Side::Soviet, 4));
    assert_eq!(r[1].finnish_losses, vec!["fi-div-3"]);
    assert_eq!(at(&s, "su-eli-3"), space("terijoki"));
    assert_eq!(s.finnish_morale, 17);
}

#[test]
fn armoured_attack_takes_two_successive_spaces() {
    let units = [
        "su-tan-1",
        "su-tan-2",
        "su-tan-3",
        "su-meca-1",
        "su-meca-2",
        "su-meca-3",
    ];
    let mut s = at_leningrad(&units);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::ArmouredAttack,
            "leningrad",
            &["terijoki", "summa"],
            &units,
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::CounterAttack,
            "terijoki",
            &["fi-res-1"],
            NONE,
            &[],
            &[],
        )],
    );
    let events = resolve(&mut s, SovietStrategy::ArmouredAttack, &[1]);
    assert_eq!(rounds(&events)[0].soviet.raw, 39);
    let taken: Vec<(String, bool)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::SpaceConquered {
                space, unopposed, ..
            } => Some((space.clone(), *unopposed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        taken,
        vec![("terijoki".to_string(), false), ("summa".to_string(), true)]
    );
    // The morale's reasons name the spaces as the map does.
    let reasons: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::MoraleChanged { reason, .. } => Some(reason.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        reasons.iter().any(|r| r.contains("took Terijoki"))
            && reasons.iter().all(|r| !r.contains("took terijoki")),
        "{reasons:?}"
    );
    // 2 + 1 for Terijoki, 2 + 1 + 2 (defence line) for Summa.
    assert_eq!(s.finnish_morale, 19 - 3 - 5);
    assert_eq!(s.soviet_morale, 23, "the +2 of rule 8 is capped at 23");
    assert_eq!(at(&s, "su-tan-1"), space("summa"));
    assert!(
        s.possession_markers.contains(&Some("terijoki".to_string())),
        "the space left behind keeps a marker"
    );
}

#[test]
fn manoeuvre_stops_after_a_loss_and_costs_four() {
    let units = ["su-eli-1", "su-eli-2", "su-tan-1", "su-tan-2"];
    let mut s = at_leningrad(&units);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::CoordinatedManoeuvre,
            "leningrad",
            &["terijoki", "summa"],
            &units,
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
    // 24 against 18: a 2 at +6 is 1a/1dR.
    let events = resolve(&mut s, SovietStrategy::CoordinatedManoeuvre, &[2]);
    assert_eq!(rounds(&events).len(), 1);
    assert_eq!(at(&s, "su-eli-1"), UnitLocation::Losses(1));
    assert_eq!(at(&s, "su-tan-2"), space("terijoki"));
    assert_eq!(s.soviet_morale, 23 - 4);
    assert_eq!(s.finnish_morale, 19 - 4 - 1);
}

#[test]
fn a_beaten_force_that_lost_most_falls_back_two_spaces() {
    let mut s = turn_one(GameOptions::default());
    for u in ["su-fus-1", "su-fus-2", "su-fus-3"] {
        put(&mut s, u, "terijoki");
    }
    deploy(&mut s, &[]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "terijoki",
            &["summa"],
            &["su-fus-1", "su-fus-2", "su-fus-3"],
            NONE,
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "summa",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &[],
            &["fi-ret-1"],
        )],
    );
    // 12 − 4 (line) = 8 against 18: the Finns roll +10, a 2 reads row 6: 2dR.
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[2]);
    assert_eq!(rounds(&events)[0].soviet.raw, 8);
    assert_eq!(at(&s, "su-fus-3"), space("leningrad"));
    // PRUD −1, defence line −2 for the loser and +2 for the winner (rule 8).
    assert_eq!((s.soviet_morale, s.finnish_morale), (20, 21));
}

#[test]
fn an_unanswered_attack_takes_the_space_without_dice() {
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
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[]);
    assert!(events.iter().any(|e| matches!(
        e.kind,
        EventKind::SpaceConquered {
            unopposed: true,
            ..
        }
    )));
    assert_eq!(at(&s, "su-fus-1"), space("terijoki"));
}

#[test]
fn taking_helsinki_wins_at_once() {
    let mut s = turn_one(GameOptions::default());
    put(&mut s, "su-fus-1", "kotka");
    put(&mut s, "su-fus-2", "hamina");
    for u in ["su-fus-3", "su-fus-4"] {
        put(&mut s, u, "viipuri");
    }
    s.possession_markers = vec![
        Some("kamara".into()),
        Some("summa".into()),
        Some("terijoki".into()),
        None,
    ];
    deploy(&mut s, &[]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "kotka",
            &["helsinki"],
            &["su-fus-1"],
            NONE,
        )],
        vec![],
    );
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[]);
    assert_eq!(s.phase, Phase::Finished);
    assert!(
        matches!(&s.outcome, Some(GameOutcome::Victory { winner: Side::Soviet, reason }) if reason.contains("Helsinki"))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::GameEnded { .. }))
    );
}

#[test]
fn reinforcements_bring_two_units_from_an_adjacent_space() {
    let mut s = turn_one(GameOptions::default());
    for u in ["su-eli-1", "su-eli-2", "su-eli-3"] {
        put(&mut s, u, "terijoki");
    }
    deploy(
        &mut s,
        &[("su-tan-1", "leningrad"), ("su-tan-2", "leningrad")],
    );
    let units = ["su-eli-1", "su-eli-2", "su-eli-3", "su-tan-1", "su-tan-2"];
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "terijoki",
            &["summa"],
            &units,
            &[("su-sup-renf-1", First)],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "summa",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            NONE,
            &["fi-env-fog-1"],
            &["fi-ret-1"],
        )],
    );
    // 3 ELI (15) + 2 TAN (10) − 4 (line) = 21 against 15 + 3 (fog) + 2 + 1 = 21: the Soviets roll
    // +0, a 6 is 1a/1d. Then 16 against 10 + 2 (fog) + 2 + 1 = 15: the Soviets roll +1, a 2 is 2a.
    let events = resolve(&mut s, SovietStrategy::PrudentAdvance, &[6, 2]);
    let r = rounds(&events);
    assert_eq!(
        (r[0].soviet.raw, r[0].finnish.raw, r[0].roller),
        (21, 21, Side::Soviet)
    );
    assert_eq!(
        (r[1].soviet.raw, r[1].finnish.raw, r[1].roller),
        (16, 15, Side::Soviet)
    );
    assert_eq!(r[1].soviet_losses, vec!["su-eli-2", "su-eli-3"]);
    // Three of five lost: the two tanks from Leningrad fall back past Terijoki.
    assert_eq!(at(&s, "su-tan-1"), space("leningrad"));
    assert!(s.units_in(Side::Soviet, "terijoki").is_empty());
}

#[test]
fn without_a_free_marker_the_first_unit_garrisons_the_space_left_behind() {
    let units = ["su-tan-1", "su-tan-2", "su-tan-3", "su-meca-1"];
    let mut s = turn_one(GameOptions::default());
    for u in units {
        put(&mut s, u, "terijoki");
    }
    s.possession_markers = vec![
        Some("petsamo".into()),
        Some("salla".into()),
        Some("salmi".into()),
        Some("suojarvi".into()),
    ];
    deploy(&mut s, &[]);
    place(
        &mut s,
        vec![soviet(
            SovietStrategy::ArmouredAttack,
            "terijoki",
            &["koivisto", "kamara"],
            &units,
            NONE,
        )],
        vec![],
    );
    resolve(&mut s, SovietStrategy::ArmouredAttack, &[]);
    assert_eq!(
        at(&s, "su-tan-1"),
        space("terijoki"),
        "Terijoki keeps a garrison"
    );
    assert_eq!(
        at(&s, "su-tan-2"),
        space("koivisto"),
        "Koivisto keeps a garrison"
    );
    assert_eq!(at(&s, "su-tan-3"), space("kamara"));
    assert_eq!(at(&s, "su-meca-1"), space("kamara"));
}
