//! Tests of the Talvisota page model, map and log sentences built from each role's view.

use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::state::UnitLocation;
use crate::games::talvisota::rules::{
    CounterSet, GameMap, GameOptions, SovietOrganisation, TalvisotaState, UnitMove, advance_phase,
    new_game, organise,
};
use crate::games::talvisota::views::log::sentence;
use crate::games::talvisota::views::map::{controller, layout, map_svg};
use crate::games::talvisota::views::page::game_model;
use crate::games::talvisota::views::view_for;

fn turn_one() -> (
    TalvisotaState,
    Vec<crate::games::talvisota::rules::TalvisotaEvent>,
) {
    let map = GameMap::default_map().expect("default map");
    let counters = CounterSet::default_set().expect("default counters");
    let (mut s, mut events) = new_game(map, counters, GameOptions::default());
    events.extend(advance_phase(&mut s, &mut ScriptedDice::new([3])).expect("turn 1"));
    let orders = SovietOrganisation {
        moves: vec![UnitMove {
            unit: "su-eli-1".into(),
            to: "leningrad".into(),
        }],
        ..SovietOrganisation::default()
    };
    events.extend(organise(&mut s, orders).expect("organisation"));
    (s, events)
}

#[test]
fn each_side_is_offered_only_its_own_pieces() {
    let (s, events) = turn_one();
    let soviet = game_model(&view_for(&s, Role::Soviet), Role::Soviet, &events);
    assert!(soviet.can_soviet_sheet && !soviet.can_finnish_sheet);
    assert_eq!(soviet.units.len(), 1, "only the unit on the map can attack");
    let offered: Vec<&str> = soviet
        .units
        .iter()
        .chain(&soviet.supports)
        .chain(&soviet.move_units)
        .map(|c| c.value.as_str())
        .collect();
    assert!(
        offered.iter().all(|id| id.starts_with("su-")),
        "{offered:?}"
    );
    assert!(soviet.pieces.iter().all(|p| p.side == "Soviet"));
    let finn = game_model(&view_for(&s, Role::Finnish), Role::Finnish, &events);
    assert!(!finn.can_soviet_sheet && !finn.can_finnish_sheet);
    assert!(finn.pieces.iter().all(|p| p.side == "Finnish"));
    assert!(finn.units.iter().all(|c| c.value.starts_with("fi-")));
    assert!(!finn.environment.is_empty() && !finn.entrenchments.is_empty());
}

#[test]
fn the_map_shows_control_and_every_space() {
    let (mut s, _) = turn_one();
    let board = crate::games::talvisota::views::board_view(&s, Some(Side::Finnish));
    assert_eq!(controller(&board, "leningrad"), Side::Soviet);
    assert_eq!(controller(&board, "terijoki"), Side::Finnish);
    let svg = map_svg(&board);
    for space in &s.map.spaces {
        assert!(
            svg.contains(&format!(">{}</text>", space.name)),
            "{} is named",
            space.name
        );
    }
    assert!(
        !svg.contains("unit(s)") && !svg.contains("su-"),
        "counters, not counts or ids"
    );
    // A Soviet unit takes a Finnish space; Finnish scouts in it take it back.
    if let Some(u) = s.unit_mut("su-eli-1") {
        u.location = UnitLocation::Space("terijoki".into());
    }
    let board = crate::games::talvisota::views::board_view(&s, Some(Side::Finnish));
    assert_eq!(controller(&board, "terijoki"), Side::Soviet);
    if let Some(u) = s.unit_mut("fi-sct-1") {
        u.location = UnitLocation::Space("terijoki".into());
    }
    let board = crate::games::talvisota::views::board_view(&s, Some(Side::Finnish));
    assert_eq!(controller(&board, "terijoki"), Side::Finnish);
}

#[test]
fn every_event_reads_as_a_sentence() {
    let (s, events) = turn_one();
    assert!(events.len() > 3);
    for e in &events {
        let text = sentence(e, &s);
        assert!(text.ends_with('.') && text.len() > 10, "{text}");
        // Pieces are named for people, never by their ids.
        let ids = (s.units.iter().map(|u| &u.id))
            .chain(s.supports.iter().map(|m| &m.id))
            .chain(s.environment.iter().map(|m| &m.id));
        for id in ids {
            assert!(!text.contains(id.as_str()), "{id} in {text}");
        }
    }
}

#[test]
fn no_two_spaces_of_the_map_touch() {
    let (s, _) = turn_one();
    let board = crate::games::talvisota::views::board_view(&s, Some(Side::Soviet));
    let at = layout(&board);
    assert_eq!(at.len(), s.map.spaces.len());
    for (i, a) in at.iter().enumerate() {
        assert!(
            a.0 >= 69.0 && a.1 >= 40.0,
            "{} is inside the picture",
            s.map.spaces[i].name
        );
        for (j, b) in at.iter().enumerate().skip(i + 1) {
            let apart = (a.0 - b.0).abs() >= 138.0 || (a.1 - b.1).abs() >= 80.0;
            assert!(
                apart,
                "{} and {} overlap",
                s.map.spaces[i].name, s.map.spaces[j].name
            );
        }
    }
}

#[test]
fn the_map_draws_counters_as_counters() {
    let (s, _) = turn_one();
    let board = crate::games::talvisota::views::board_view(&s, Some(Side::Finnish));
    let svg = map_svg(&board);
    let on_map = board.map_units.len();
    assert!(on_map > 0);
    // Each unit is a counter with its printed code; a space with more than four shows "+n".
    let codes = ["FUS", "ELI", "MECA", "TAN", "RES", "SK", "WD", "SCT", "DIV"];
    let drawn: usize = codes
        .iter()
        .map(|c| svg.matches(&format!(">{c}</text>")).count())
        .sum();
    let hidden: usize = svg
        .match_indices(">+")
        .filter_map(|(i, _)| svg[i + 2..].split('<').next()?.parse::<usize>().ok())
        .sum();
    assert!(
        drawn > 0 && drawn <= on_map && drawn + hidden >= on_map,
        "{drawn} + {hidden} of {on_map}"
    );
}
