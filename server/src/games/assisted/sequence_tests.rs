use super::*;
use crate::core::domain::Role;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::tracker::{Happened, HookWhen, Tracker};

fn phase(code: &str, name: &str, actor: Actor) -> PhaseSpec {
    PhaseSpec {
        code: code.into(),
        name: name.into(),
        actor,
        instructions: String::new(),
        on_enter: Vec::new(),
        on_leave: Vec::new(),
        only_if: None,
        activities: Vec::new(),
    }
}

/// A day/night sequence shaped like Red Winter's: first player, second player, night losses.
fn day_and_night() -> Sequence {
    let mut action = phase(
        "first_action",
        "first player action phase",
        Actor::FirstPlayer,
    );
    action.instructions = "Move, assault, recover or dig in.".into();
    let mut combat = phase(
        "first_combat",
        "first player combat phase",
        Actor::FirstPlayer,
    );
    combat.on_leave = vec!["remove_suppressed".into()];
    let day = vec![
        action,
        combat,
        phase(
            "second_action",
            "second player action phase",
            Actor::SecondPlayer,
        ),
    ];
    let mut night = day.clone();
    let mut losses = phase("sub_zero", "sub-zero loss phase", Actor::Both);
    losses.on_enter = vec!["roll_sub_zero".into()];
    night.push(losses);
    let mut victory = phase("victory", "victory check", Actor::Umpire);
    victory.only_if = Some("scenario_has_check".into());
    night.push(victory);
    Sequence {
        kinds: vec![
            TurnKind {
                code: "day".into(),
                name: "Day turn".into(),
                phases: day,
            },
            TurnKind {
                code: "night".into(),
                name: "Night turn".into(),
                phases: night,
            },
        ],
        kind_by_turn: BTreeMap::from([(2, "night".into())]),
        first_player: Side::Soviet,
        last_turn: Some(3),
        calendar: Calendar::Listed {
            labels: vec!["Dec 8 AM".into(), "Dec 8 night".into(), "Dec 9 AM".into()],
        },
    }
}

const HOOKS: &[&str] = &["remove_suppressed", "roll_sub_zero"];
const CONDITIONS: &[&str] = &["scenario_has_check"];

#[test]
fn a_declared_sequence_validates_and_refusals_name_the_problem() {
    let seq = day_and_night();
    assert_eq!(seq.validate(HOOKS, CONDITIONS), Ok(()));
    let refuse = |edit: &dyn Fn(&mut Sequence)| {
        let mut s = day_and_night();
        edit(&mut s);
        s.validate(HOOKS, CONDITIONS).expect_err("refused")
    };
    let e = refuse(&|s| s.kinds[1].phases[0].code = "first_combat".into());
    assert_eq!(e.code(), "sequence_duplicate");
    assert!(e.to_string().contains("first_combat"), "{e}");
    let e = refuse(&|s| s.kinds[0].phases[1].on_leave.push("bake_bread".into()));
    assert_eq!(
        e.to_string(),
        "phase `first_combat` names the hook `bake_bread`, which this game does not have"
    );
    let e = refuse(&|s| s.kinds[1].phases[4].only_if = Some("moon".into()));
    assert_eq!(e.code(), "sequence_unknown_condition");
    let e = refuse(&|s| s.kinds[0].phases[2].code = "Second".into());
    assert!(e.to_string().contains("phase 3 of turn kind `day`"), "{e}");
    let e = refuse(&|s| s.kinds[0].phases[0].name = "a\u{0}b".into());
    assert!(
        e.to_string().contains("name of phase `first_action`") && e.to_string().contains("U+0000"),
        "{e}"
    );
    let e = refuse(&|s| s.kinds[0].phases.clear());
    assert_eq!(
        e.to_string(),
        "turn kind `day` has no phases; declare at least one"
    );
    let e = refuse(&|s| s.kinds.clear());
    assert_eq!(e.code(), "sequence_empty");
    let e = refuse(&|s| {
        s.kind_by_turn.insert(3, "dusk".into());
    });
    assert_eq!(
        e.to_string(),
        "turn 3 is given the kind `dusk`, which is not declared"
    );
    let e = refuse(&|s| {
        s.kind_by_turn.insert(4, "night".into());
    });
    assert_eq!(e.to_string(), "turn 4 is not in the game (turns 1 to 3)");
    let e = refuse(&|s| s.last_turn = Some(4));
    assert_eq!(
        e.to_string(),
        "the calendar names 3 turns but the game has 4"
    );
    let e = refuse(&|s| {
        s.kinds[0]
            .phases
            .iter_mut()
            .for_each(|p| p.only_if = Some("scenario_has_check".into()))
    });
    assert_eq!(e.code(), "sequence_all_conditional");
    let e = refuse(&|s| s.kinds[0].phases = vec![phase("p", "P", Actor::Both); MAX_PHASES + 1]);
    assert_eq!(e.code(), "sequence_too_large");
    assert_eq!(e.kind(), RefusalKind::AgainstTheRules);
}

#[test]
fn the_tracker_walks_day_and_night_turns_with_hooks_and_waits() {
    let seq = day_and_night();
    let no_check = |_: &str| false;
    let (mut t, hooks) = Tracker::start(&seq, &no_check).expect("starts");
    assert!(hooks.is_empty());
    assert_eq!(
        t.moment(&seq, &seq.calendar),
        "Dec 8 AM, first player action phase"
    );
    assert_eq!(t.waiting_for(&seq), vec![Role::Soviet]);
    assert_eq!(
        t.now_for(&seq, &seq.calendar, Role::Soviet),
        "Dec 8 AM, first player action phase: your move. Move, assault, recover or dig in."
    );
    assert_eq!(
        t.now_for(&seq, &seq.calendar, Role::Finnish),
        "Dec 8 AM, first player action phase: waiting for the Soviet player."
    );
    assert!(
        t.now_for(&seq, &seq.calendar, Role::Umpire)
            .contains("the Soviet player acts now")
    );

    let e = t
        .advance(&seq, Role::Finnish, &no_check)
        .expect_err("not the Finns' phase");
    assert_eq!(
        e.to_string(),
        "this phase is not yours to end: it waits for the Soviet player"
    );
    assert_eq!(e.kind(), RefusalKind::NotNow);

    t.advance(&seq, Role::Soviet, &no_check)
        .expect("action ends");
    let step = t
        .advance(&seq, Role::Soviet, &no_check)
        .expect("combat ends");
    assert_eq!(step.hooks.len(), 1);
    assert_eq!(
        (step.hooks[0].hook.as_str(), step.hooks[0].when),
        ("remove_suppressed", HookWhen::Leave)
    );
    assert_eq!(
        t.waiting_for(&seq),
        vec![Role::Finnish],
        "the second player"
    );
    the_night_turn(&mut t, &seq, &no_check);
    the_last_turn_ends_the_game(&mut t, &seq, &no_check);
}

/// The Finns play first in the night turn only; the umpire may end anyone's phase.
fn the_night_turn(t: &mut Tracker, seq: &Sequence, no_check: &dyn Fn(&str) -> bool) {
    let step = t.advance(seq, Role::Umpire, no_check).expect("day ends");
    let Happened::PhaseChanged { to, .. } = &step.happened else {
        panic!("{step:?}")
    };
    assert_eq!(
        (to.turn, to.kind.as_str(), to.phase.as_str()),
        (2, "night", "first_action")
    );
    t.first_player = Side::Finnish;
    assert_eq!(t.waiting_for(seq), vec![Role::Finnish]);
    t.advance(seq, Role::Finnish, no_check).expect("action");
    t.advance(seq, Role::Finnish, no_check).expect("combat");
    let step = t
        .advance(seq, Role::Soviet, no_check)
        .expect("second action");
    assert_eq!(step.hooks[0].hook, "roll_sub_zero");
    assert_eq!(t.waiting_for(seq), vec![Role::Soviet, Role::Finnish]);
    assert_eq!(
        t.now_for(seq, &seq.calendar, Role::Umpire),
        "Dec 8 night, sub-zero loss phase: the Soviet player and the Finnish player act now; you may end the phase for them."
    );
    let step = t.advance(seq, Role::Finnish, no_check).expect("Finns done");
    assert_eq!(
        step.happened,
        Happened::SideDone {
            side: Side::Finnish
        }
    );
    assert_eq!(
        t.now_for(seq, &seq.calendar, Role::Finnish),
        "Dec 8 night, sub-zero loss phase: you have finished; waiting for the Soviet player."
    );
    assert!(
        t.advance(seq, Role::Finnish, no_check).is_err(),
        "once is enough"
    );
    // The Finns take it back while the Soviets have not finished: the phase waits for them again.
    assert_eq!(t.reopen(Side::Soviet), Err(SequenceError::NotFinished));
    t.reopen(Side::Finnish).expect("taken back");
    assert_eq!(t.waiting_for(seq), vec![Role::Soviet, Role::Finnish]);
    assert_eq!(t.reopen(Side::Finnish), Err(SequenceError::NotFinished));
    t.advance(seq, Role::Finnish, no_check)
        .expect("Finns done again");
    let step = t.advance(seq, Role::Soviet, no_check).expect("night ends");
    let Happened::PhaseChanged { to, skipped, .. } = &step.happened else {
        panic!("{step:?}")
    };
    assert_eq!(
        skipped,
        &vec!["victory".to_string()],
        "the condition does not hold"
    );
    assert_eq!(
        (to.turn, t.first_player),
        (3, Side::Soviet),
        "first player resets each turn"
    );
}

/// Turn 3, the last, ends the game.
fn the_last_turn_ends_the_game(t: &mut Tracker, seq: &Sequence, no_check: &dyn Fn(&str) -> bool) {
    for _ in 0..2 {
        t.advance(seq, Role::Umpire, no_check).expect("turn 3");
    }
    let step = t.advance(seq, Role::Umpire, no_check).expect("last phase");
    assert!(matches!(step.happened, Happened::GameEnded { .. }));
    assert!(t.finished && t.waiting_for(seq).is_empty());
    assert_eq!(
        t.advance(seq, Role::Umpire, no_check),
        Err(SequenceError::GameOver)
    );
    assert_eq!(
        t.now_for(seq, &seq.calendar, Role::Soviet),
        "The game is over; it ended in Dec 9 AM."
    );
}

#[test]
fn a_conditional_phase_is_played_when_its_condition_holds_and_the_length_can_move() {
    let seq = day_and_night();
    let check = |c: &str| c == "scenario_has_check";
    let (mut t, _) = Tracker::start(&seq, &check).expect("starts");
    t.last_turn = Some(2);
    for _ in 0..3 {
        t.advance(&seq, Role::Umpire, &check).expect("day");
    }
    for _ in 0..4 {
        t.advance(&seq, Role::Umpire, &check).expect("night");
    }
    assert_eq!(t.phase(&seq).expect("phase").code, "victory");
    assert!(matches!(
        t.advance(&seq, Role::Umpire, &check)
            .expect("ends")
            .happened,
        Happened::GameEnded { .. }
    ));
}

#[test]
fn an_edited_sequence_keeps_the_current_phase_or_is_refused() {
    let old = day_and_night();
    let (mut t, _) = Tracker::start(&old, &|_| false).expect("starts");
    t.advance(&old, Role::Soviet, &|_| false)
        .expect("to combat");
    let mut new = old.clone();
    new.kinds[0].phases.insert(
        0,
        phase("reset", "first player reset phase", Actor::FirstPlayer),
    );
    t.rebase(&old, &new).expect("combat is still there");
    assert_eq!(
        (t.phase, t.phase(&new).expect("phase").code.as_str()),
        (2, "first_combat")
    );
    let mut gone = new.clone();
    gone.kinds[0].phases.retain(|p| p.code != "first_combat");
    let e = t.rebase(&new, &gone).expect_err("current phase removed");
    assert_eq!(e.code(), "current_phase_missing");
}

#[test]
fn calendars_name_turns() {
    let half = Calendar::HalfMonths {
        year: 1939,
        month: 12,
        half: 1,
    };
    let labels: Vec<_> = (1..=10).map(|t| half.label(t)).collect();
    assert_eq!(
        labels,
        [
            "Dec I 39",
            "Dec II 39",
            "Jan I 40",
            "Jan II 40",
            "Feb I 40",
            "Feb II 40",
            "Mar I 40",
            "Mar II 40",
            "Apr I 40",
            "Apr II 40"
        ]
    );
    let from_nov = Calendar::HalfMonths {
        year: 1939,
        month: 11,
        half: 2,
    };
    assert_eq!(
        (from_nov.label(1), from_nov.label(2)),
        ("Nov II 39".into(), "Dec I 39".into())
    );
    assert_eq!(
        Calendar::Numbered {
            prefix: "GT".into()
        }
        .label(11),
        "GT 11"
    );
    let listed = Calendar::Listed {
        labels: vec!["Dec 8 AM".into()],
    };
    assert_eq!(
        (listed.label(1), listed.label(2), listed.label(0)),
        ("Dec 8 AM".into(), "Turn 2".into(), "Turn 0".into())
    );
    let mut seq = day_and_night();
    seq.calendar = Calendar::HalfMonths {
        year: 1939,
        month: 13,
        half: 1,
    };
    assert_eq!(
        seq.validate(HOOKS, CONDITIONS)
            .expect_err("month 13")
            .code(),
        "sequence_bad_calendar"
    );
}
