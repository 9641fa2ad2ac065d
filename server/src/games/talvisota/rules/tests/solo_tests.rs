//! Solo play (rule 9): the server's draws through the dice, weakest-first losses, its harassment,
//! and a whole solo game.

use super::fixtures::{at, deploy, put, soviet, space, turn_one};
use crate::core::domain::{Role, Side};
use crate::dice::source::{ScriptedDice, Visibility};
use crate::games::talvisota::rules::counters::UnitKind;
use crate::games::talvisota::rules::events::{Audience, EventKind};
use crate::games::talvisota::rules::logistics::soviet_controls;
use crate::games::talvisota::rules::map::Nation;
use crate::games::talvisota::rules::sheet::{CommandSheet, SovietAllocation, SovietSheet};
use crate::games::talvisota::rules::state::{GameOptions, Phase, TalvisotaState, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::{
    SovietOrganisation, advance_phase, allocate, organise, reveal_and_resolve_combat,
    solo_finnish_allocate, solo_harass,
};

fn solo() -> GameOptions {
    GameOptions {
        solo: true,
        ..GameOptions::default()
    }
}

#[test]
fn the_server_draws_the_finnish_sheet_and_loses_weakest_first() {
    let mut s = turn_one(solo());
    deploy(
        &mut s,
        &[
            ("su-eli-1", "leningrad"),
            ("su-eli-2", "leningrad"),
            ("su-eli-3", "leningrad"),
        ],
    );
    let sheet = SovietSheet {
        allocations: vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-eli-1", "su-eli-2", "su-eli-3"],
            &[],
        )],
    };
    allocate(&mut s, Side::Soviet, CommandSheet::Soviet(sheet)).expect("Soviet sheet");
    // d4 → DEFENSE; d8, d7 → the two anti-tanks; d27, d26, d25 → DIV 1, RES 2, WD 2; d5 → woods.
    let mut dice = ScriptedDice::new([1, 3, 3, 1, 10, 24, 5]);
    let events = solo_finnish_allocate(&mut s, &mut dice).expect("drawn");
    assert_eq!(dice.remaining(), 0);
    assert_eq!(
        dice.rolls.iter().map(|r| r.sides[0]).collect::<Vec<_>>(),
        vec![4, 8, 7, 27, 26, 25, 5]
    );
    assert!(dice.rolls.iter().all(|r| r.visibility == Visibility::Side
        && r.roller == Role::Finnish
        && r.purpose.contains("9.1")));
    assert!(
        events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::SoloDraw { .. }))
            .all(|e| e.audience == Audience::Side(Side::Finnish))
    );
    let a = &s.finnish_sheet.as_ref().expect("sheet").allocations[0];
    assert_eq!(a.strategy, FinnishStrategy::DefensivePosition);
    assert_eq!(a.units, vec!["fi-div-1", "fi-res-2", "fi-wd-2"]);
    assert_eq!(
        a.supports.iter().map(|x| x.id.as_str()).collect::<Vec<_>>(),
        vec!["fi-sup-at-1", "fi-sup-at-2"]
    );
    assert_eq!(
        (a.environment.clone(), a.entrenchments.clone()),
        (
            vec!["fi-env-woods-1".to_string()],
            vec!["fi-ret-1".to_string()]
        )
    );
    // 15 − 2 (anti-tank, no tanks) − 1 (WD) = 12 against 5 + 1 + 2 + 3 (woods) + 2 + 1 = 14:
    // the Finns roll +2, a 3 is 1a: the RES goes first. Then 12 against 12: the Soviets roll +0,
    // a 6 is 1a/1d: the WD goes before the DIV.
    let mut dice = ScriptedDice::new([3, 6]);
    reveal_and_resolve_combat(&mut s, SovietStrategy::PrudentAdvance, &mut dice).expect("combat");
    assert_eq!(at(&s, "fi-res-2"), UnitLocation::Losses(1));
    assert_eq!(at(&s, "fi-wd-2"), UnitLocation::Losses(1));
    assert_eq!(at(&s, "fi-div-1"), UnitLocation::Sheet);
}

#[test]
fn the_server_harasses_the_weakest_soviet_space() {
    let mut s = turn_one(solo());
    put(&mut s, "su-fus-1", "terijoki");
    s.possession_markers[0] = Some("summa".into());
    s.phase = Phase::Harassment;
    // A 5 sends three scouts; 4 + 3 − 0 − 1 (Terijoki next door) = 6: success in Summa.
    let mut dice = ScriptedDice::new([5, 4]);
    solo_harass(&mut s, &mut dice).expect("harassment");
    assert_eq!(dice.remaining(), 0);
    assert_eq!(s.soviet_morale, 23 - 2 - 1);
    assert_eq!(at(&s, "fi-sct-3"), space("summa"));
    assert_eq!(s.phase, Phase::EndOfTurn);
}

#[test]
fn solo_commands_refuse_a_two_player_game() {
    let mut s = turn_one(GameOptions::default());
    assert!(solo_harass(&mut s, &mut ScriptedDice::new([])).is_err());
    assert!(solo_finnish_allocate(&mut s, &mut ScriptedDice::new([])).is_err());
}

/// The Soviet plan for the solo game: attack from every held space with units, one strategy per
/// front box, the first Finnish-held neighbour.
fn plan(s: &TalvisotaState) -> Vec<SovietAllocation> {
    let mut out: Vec<SovietAllocation> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let mut strategies = vec![
        SovietStrategy::MassiveAttack,
        SovietStrategy::PrudentAdvance,
    ];
    for from in ["leningrad", "terijoki", "summa", "kamara", "viipuri"] {
        let Some(strategy) = strategies.first().copied() else {
            break;
        };
        if !soviet_controls(s, from) {
            continue;
        }
        let mut here = s.units_in(Side::Soviet, from);
        // Strongest first: tanks, elite, mechanised, then fusiliers.
        here.sort_by_key(|u| {
            [UnitKind::Tan, UnitKind::Eli, UnitKind::Meca, UnitKind::Fus]
                .iter()
                .position(|k| *k == u.kind)
        });
        let units: Vec<String> = here
            .iter()
            .map(|u| u.id.clone())
            .filter(|id| !used.contains(id))
            .take(strategy.max_units())
            .collect();
        let target = s.map.neighbours(from, s.turn).into_iter().find(|t| {
            s.map.space(t).is_some_and(|x| x.nation == Nation::Finnish)
                && !soviet_controls(s, t)
                && !out.iter().any(|a| a.targets[0] == *t)
        });
        if let (Some(target), false) = (target, units.is_empty()) {
            used.extend(units.iter().cloned());
            out.push(SovietAllocation {
                strategy,
                from: from.into(),
                targets: vec![target.to_string()],
                units,
                supports: vec![],
                placement: None,
                resolved: false,
            });
            strategies.remove(0);
        }
    }
    out
}

#[test]
fn a_solo_game_runs_to_its_end() {
    let mut s = turn_one(solo());
    // Container draws take the first or second counter left (a d2 or larger can show 1 or 2).
    let plenty = || ScriptedDice::new(std::iter::repeat_n([1, 2], 200).flatten());
    let mut conquests = 0;
    let mut turns = 0;
    while s.phase != Phase::Finished {
        turns += 1;
        assert!(turns <= 8, "the game lasts eight turns at most");
        let moves = s
            .units
            .iter()
            .filter(|u| u.side == Side::Soviet && u.location == UnitLocation::Sheet)
            .map(|u| crate::games::talvisota::rules::UnitMove {
                unit: u.id.clone(),
                to: "leningrad".into(),
            })
            .collect();
        organise(
            &mut s,
            SovietOrganisation {
                moves,
                ..SovietOrganisation::default()
            },
        )
        .expect("organise");
        let allocations = plan(&s);
        allocate(
            &mut s,
            Side::Soviet,
            CommandSheet::Soviet(SovietSheet {
                allocations: allocations.clone(),
            }),
        )
        .expect("Soviet sheet");
        let mut draws = plenty();
        solo_finnish_allocate(&mut s, &mut draws).expect("solo sheet");
        for a in &allocations {
            if s.phase == Phase::Combat {
                let mut dice = ScriptedDice::new([6, 6]);
                let events =
                    reveal_and_resolve_combat(&mut s, a.strategy, &mut dice).expect("combat");
                conquests += events
                    .iter()
                    .filter(|e| matches!(e.kind, EventKind::SpaceConquered { .. }))
                    .count();
                assert!(dice.rolls.iter().all(|r| !r.purpose.is_empty()));
            }
        }
        if s.phase == Phase::Finished {
            break;
        }
        if s.phase == Phase::Combat {
            advance_phase(&mut s, &mut ScriptedDice::new([])).expect("to harassment");
        }
        let mut dice = ScriptedDice::new([3, 6]);
        solo_harass(&mut s, &mut dice).expect("solo harassment");
        assert!(
            dice.remaining() == 0 || dice.remaining() == 2,
            "all or nothing of the harassment dice"
        );
        advance_phase(&mut s, &mut ScriptedDice::new([4])).expect("end of turn");
    }
    eprintln!(
        "solo game: {turns} turns, {conquests} conquests, outcome {:?}, morale {:?}",
        s.outcome,
        (s.soviet_morale, s.finnish_morale)
    );
    assert!(s.outcome.is_some());
    assert!(conquests > 0, "the Soviets took ground");
    assert!(
        s.soviet_morale >= 0
            && s.soviet_morale <= 23
            && s.finnish_morale >= 0
            && s.finnish_morale <= 23
    );
}
