use super::*;
use crate::dice::audience::Audience;
use crate::dice::source::ScriptedDice;
use std::collections::{BTreeMap, BTreeSet};

const RED_COMPANY: &str = "9a3f0c1e5b7d4e2f8a6c0b1d3e5f7a9c";
const RED_TANKS: &str = "1b2c3d4e5f60718293a4b5c6d7e8f901";
const WHITE_SKIS: &str = "4d1e6f2a-3b7c-4d8e-9f0a-1b2c3d4e5f60";
const WHITE_GUNS: &str = "7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b";

fn unit(id: &str, side: Side, name: &str, strength: i64, hex: &str) -> Unit {
    Unit {
        id: UnitId::parse(id).expect("id"),
        side,
        name: name.into(),
        unit_type: "infantry".into(),
        attributes: BTreeMap::from([("strength".into(), AttrValue::Number(strength))]),
        location: hex.into(),
        markers: BTreeSet::new(),
    }
}

fn table(strong_on_five: &str) -> String {
    format!(
        "roll,weak,strong\n1,none,none\n2,none,none\n3,none,suppressed\n4,none,suppressed\n5,suppressed,{strong_on_five}\n6,suppressed,eliminated\n"
    )
}

pub(crate) fn scenario() -> Scenario {
    Scenario {
        units: vec![
            unit(RED_COMPANY, Side::Soviet, "1st Rifle Company", 6, "B2"),
            unit(RED_TANKS, Side::Soviet, "Tank Platoon Zhukov", 3, "B3"),
            unit(WHITE_SKIS, Side::Finnish, "Ski Patrol Kivi", 4, "C2"),
            unit(WHITE_GUNS, Side::Finnish, "Gun Battery Sisu", 2, "C2"),
        ],
        fire_table: from_csv(&table("suppressed")).expect("csv"),
    }
}

fn id(text: &str) -> UnitId {
    UnitId::parse(text).expect("id")
}

fn run(
    state: &State,
    role: Role,
    command: Command,
    dice: &mut ScriptedDice,
    log: &mut Vec<Event>,
) -> State {
    let (next, events) = super::command(state, role, command, dice).expect("accepted");
    log.extend(events);
    next
}

#[test]
fn a_whole_small_game() {
    let (mut state, mut log) = start(scenario()).expect("starts");
    let mut dice = ScriptedDice::new([5, 5]);
    assert_eq!(
        (
            turn(&state),
            state
                .tracker
                .moment(&state.sequence, &state.sequence.calendar)
        ),
        (1, "Dec I 39, orders phase".into())
    );
    let View::Finnish(finns) = view(&state, Role::Finnish) else {
        panic!("Finnish view")
    };
    assert_eq!(
        finns.turn.now,
        "Dec I 39, orders phase: your move (both sides play this phase). Move your units and end the phase."
    );
    state = roster_edits_and_an_early_fire(state, &mut dice, &mut log);
    state = the_umpire_resolves_fire(state, &mut dice, &mut log);
    state = combat_ends_and_turn_two_begins(state, &mut dice, &mut log);
    state = a_new_chart_version_and_the_end(state, &mut dice, &mut log);

    // Replaying the logged payloads reproduces the state.
    let payloads: Vec<_> = log.iter().map(|e| log_entry(&state, e).4).collect();
    let events: Vec<Event> = payloads
        .into_iter()
        .map(|p| serde_json::from_value(p).expect("payload"))
        .collect();
    assert_eq!(replay(&events).expect("replays"), state);
    assert_eq!(
        replay(&events[1..]).expect_err("no start").code(),
        "no_start"
    );
}

/// Roster edits: the Finns move their skis next to the Soviets; the Soviets cannot touch them.
fn roster_edits_and_an_early_fire(
    mut state: State,
    dice: &mut ScriptedDice,
    log: &mut Vec<Event>,
) -> State {
    let edit = UnitEdit {
        location: Some("B1".into()),
        ..UnitEdit::default()
    };
    state = run(
        &state,
        Role::Finnish,
        Command::Edit {
            id: id(WHITE_SKIS),
            edit: edit.clone(),
        },
        dice,
        log,
    );
    assert_eq!(
        state.roster.history.last().map(|c| c.sentence.as_str()),
        Some("Finnish Ski Patrol Kivi: location C2 → B1.")
    );
    let refused = super::command(
        &state,
        Role::Soviet,
        Command::Edit {
            id: id(WHITE_GUNS),
            edit,
        },
        dice,
    )
    .expect_err("enemy unit");
    assert_eq!(
        (refused.code(), refused.kind()),
        ("no_such_unit", RefusalKind::NoSuchThing)
    );
    let early = super::command(
        &state,
        Role::Umpire,
        Command::Fire {
            attacker: id(RED_COMPANY),
            hex: "C2".into(),
        },
        dice,
    )
    .expect_err("orders phase");
    assert_eq!(early.kind(), RefusalKind::NotNow);
    state
}

/// Both sides end the orders phase; the umpire resolves fire in the combat phase.
fn the_umpire_resolves_fire(
    mut state: State,
    dice: &mut ScriptedDice,
    log: &mut Vec<Event>,
) -> State {
    state = run(&state, Role::Soviet, Command::EndPhase, dice, log);
    assert_eq!(
        state.tracker.waiting_for(&state.sequence),
        vec![Role::Finnish]
    );
    state = run(&state, Role::Finnish, Command::EndPhase, dice, log);
    assert_eq!(
        state.tracker.phase(&state.sequence).expect("phase").code,
        "combat"
    );
    state = run(
        &state,
        Role::Umpire,
        Command::Fire {
            attacker: id(RED_COMPANY),
            hex: "C2".into(),
        },
        dice,
        log,
    );
    let Some(Event::Fired {
        steps,
        reading,
        hit,
        ..
    }) = log.last()
    else {
        panic!("fired")
    };
    assert_eq!(
        steps,
        &vec![
            "1st Rifle Company has strength 6: the strong column (strong from 5)".to_string(),
            "rolled 5 = 5".into(),
            "5 reads row 5, column strong of fire version 1: suppressed".into(),
        ]
    );
    assert_eq!(
        (reading.version, hit.len()),
        (1, 1),
        "only the guns are still in C2"
    );
    assert_eq!(dice.rolls[0].purpose, "fire by 1st Rifle Company at C2");
    assert!(
        state.roster.units[&id(WHITE_GUNS)]
            .markers
            .contains(SUPPRESSED)
    );
    state
}

/// Ending combat rallies every suppressed unit (the phase's hook), and turn 2 begins.
fn combat_ends_and_turn_two_begins(
    mut state: State,
    dice: &mut ScriptedDice,
    log: &mut Vec<Event>,
) -> State {
    state = run(&state, Role::Umpire, Command::EndPhase, dice, log);
    assert!(state.roster.units.values().all(|u| u.markers.is_empty()));
    assert_eq!(
        (
            turn(&state),
            state
                .tracker
                .moment(&state.sequence, &state.sequence.calendar)
        ),
        (2, "Dec II 39, orders phase".into())
    );
    state
}

/// A new chart version is entered; the next fire names it.
fn a_new_chart_version_and_the_end(
    mut state: State,
    dice: &mut ScriptedDice,
    log: &mut Vec<Event>,
) -> State {
    state = run(
        &state,
        Role::Umpire,
        Command::EnterChart {
            csv: table("eliminated"),
        },
        dice,
        log,
    );
    let bad = super::command(
        &state,
        Role::Umpire,
        Command::EnterChart {
            csv: "roll,weak\n1,none\n".into(),
        },
        dice,
    )
    .expect_err("columns");
    assert_eq!(bad.code(), "chart_wrong_keys");
    state = run(&state, Role::Umpire, Command::EndPhase, dice, log);
    state = run(
        &state,
        Role::Umpire,
        Command::Fire {
            attacker: id(RED_COMPANY),
            hex: "C2".into(),
        },
        dice,
        log,
    );
    let Some(Event::Fired { reading, .. }) = log.last() else {
        panic!("fired")
    };
    assert_eq!(
        (reading.version, reading.cell.to_string()),
        (2, "eliminated".into())
    );
    assert!(!state.roster.units.contains_key(&id(WHITE_GUNS)));
    assert_eq!(
        state.roster.history.last().map(|c| c.sentence.as_str()),
        Some("Finnish Gun Battery Sisu removed to the dead pool: eliminated by fire.")
    );
    state = run(&state, Role::Umpire, Command::EndPhase, dice, log);
    assert!(state.tracker.finished);
    let over = super::command(&state, Role::Soviet, Command::EndPhase, dice).expect_err("over");
    assert_eq!(over.code(), "game_over");
    assert_eq!(dice.remaining(), 0);
    state
}

#[test]
fn no_view_or_log_line_leaks_the_enemys_hidden_units() {
    let (mut state, mut log) = start(scenario()).expect("starts");
    let mut dice = ScriptedDice::new([6]);
    let edit = UnitEdit {
        location: Some("B1".into()),
        ..UnitEdit::default()
    };
    state = run(
        &state,
        Role::Finnish,
        Command::Edit {
            id: id(WHITE_SKIS),
            edit,
        },
        &mut dice,
        &mut log,
    );
    let edit = UnitEdit {
        name: Some("Tank Platoon Voroshilov".into()),
        ..UnitEdit::default()
    };
    state = run(
        &state,
        Role::Soviet,
        Command::Edit {
            id: id(RED_TANKS),
            edit,
        },
        &mut dice,
        &mut log,
    );
    state = run(&state, Role::Umpire, Command::EndPhase, &mut dice, &mut log);
    state = run(
        &state,
        Role::Umpire,
        Command::Fire {
            attacker: id(RED_TANKS),
            hex: "C2".into(),
        },
        &mut dice,
        &mut log,
    );

    let secrets = |side: Side| -> Vec<&str> {
        match side {
            Side::Soviet => vec![
                RED_COMPANY,
                RED_TANKS,
                "Rifle",
                "Zhukov",
                "Voroshilov",
                "strength",
            ],
            Side::Finnish => vec![WHITE_SKIS, WHITE_GUNS, "Kivi", "Sisu", "strength"],
        }
    };
    for (role, side) in [(Role::Soviet, Side::Soviet), (Role::Finnish, Side::Finnish)] {
        let json = serde_json::to_string(&view(&state, role)).expect("json");
        let own = secrets(side);
        assert!(
            own[..2].iter().all(|s| json.contains(s)),
            "a side sees its own units"
        );
        for secret in &secrets(side.enemy())[..secrets(side.enemy()).len() - 1] {
            assert!(
                !json.contains(secret),
                "{role:?} view shows {secret}: {json}"
            );
        }
        assert!(
            json.contains("\"location\":\"C2\""),
            "the enemy's position is seen: {json}"
        );
        let readable = |a: Audience| {
            a == Audience::Public
                || a == if side == Side::Soviet {
                    Audience::Soviet
                } else {
                    Audience::Finnish
                }
        };
        for event in &log {
            let (audience, kind, _, sentence, payload) = log_entry(&state, event);
            if readable(audience) {
                let line = format!("{sentence} {payload}");
                for secret in &secrets(side.enemy())[..secrets(side.enemy()).len() - 1] {
                    assert!(
                        !line.contains(secret),
                        "{role:?} reads {secret} in the {kind} entry: {line}"
                    );
                }
            }
        }
    }
    let umpire = serde_json::to_string(&view(&state, Role::Umpire)).expect("json");
    assert!(
        [RED_COMPANY, WHITE_GUNS, "Voroshilov", "Sisu"]
            .iter()
            .all(|s| umpire.contains(s)),
        "the umpire sees all"
    );
}
