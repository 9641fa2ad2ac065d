use super::*;
use crate::core::domain::Role;
use crate::games::assisted::sequence::TurnLabeller;
use crate::games::assisted::tracker::{Happened, HookWhen, Tracker};
use std::cell::Cell;

fn all_options() -> Options {
    Options {
        supply_effects: true,
        supply_lines: true,
        armor_effects: true,
        soviet_ski: true,
        fna_reliability: true,
        tank_corps: true,
        airborne: true,
        variable_length: true,
        foreign_aid: true,
        soviet_preparedness: true,
        earlier_start: true,
        heavy_tanks: true,
        finnish_ski: true,
        demolition: true,
        resolute_intervention: true,
    }
}

/// The conditions as the game decides them, for the turn in `turn`.
fn holds<'a>(options: &'a Options, turn: &'a Cell<u32>, triggered: bool) -> impl Fn(&str) -> bool {
    move |condition| match condition {
        INTERVENTION_DUE => intervention_due(options, turn.get(), triggered),
        SPRING_RAINS_DUE => spring_rains_due(options, turn.get()),
        _ => false,
    }
}

/// Ends phases as whoever the tracker waits for until the turn changes or the game ends;
/// returns the phase codes walked and who acted in each.
fn walk_turn(
    t: &mut Tracker,
    seq: &Sequence,
    turn: &Cell<u32>,
    holds: &dyn Fn(&str) -> bool,
) -> Vec<(String, Vec<Role>)> {
    let mut walked = Vec::new();
    let start = t.turn;
    while t.turn == start && !t.finished {
        let code = t.phase(seq).expect("phase").code.clone();
        let waiting = t.waiting_for(seq);
        let by = waiting[0];
        walked.push((code, waiting));
        t.advance(seq, by, holds)
            .expect("the waited-for side ends its phase");
        turn.set(t.turn);
    }
    walked
}

#[test]
fn the_default_sequence_validates_with_any_options() {
    for options in [Options::default(), all_options()] {
        let seq = default_sequence(&options);
        assert_eq!(seq.validate(HOOKS, CONDITIONS), Ok(()), "{options:?}");
    }
    let seq = default_sequence(&Options::default());
    assert_eq!(seq.kinds[0].phases.len(), 12);
    assert_eq!(
        seq.first_player,
        Side::Soviet,
        "I.1.b: the Soviet player turn first"
    );
    assert_eq!(seq.last_turn, Some(7), "Dec I 39 to Mar I 40");
    assert_eq!(seq.calendar.label(1), "Dec I 39");
    assert_eq!(seq.calendar.label(3), "Jan I 40");
    assert_eq!(seq.calendar.label(7), "Mar I 40");
}

#[test]
fn the_tracker_walks_a_whole_game_turn_with_who_acts_in_each_phase() {
    let options = Options::default();
    let seq = default_sequence(&options);
    let turn = Cell::new(1);
    let holds = holds(&options, &turn, false);
    let (mut t, hooks) = Tracker::start(&seq, &holds).expect("starts");
    let entered: Vec<_> = hooks.iter().map(|h| h.hook.as_str()).collect();
    assert_eq!(
        entered,
        [
            ISOLATION_CHECK,
            CLEAR_DISRUPTION,
            END_DROP_TURN,
            COMPLETE_CONSTRUCTION,
            CLEAR_COMBAT_MARKERS,
            AIRBORNE_PLANS
        ]
    );
    assert_eq!(
        t.now_for(&seq, &seq.calendar, Role::Finnish),
        "Dec I 39, Soviet initial phase: waiting for the Soviet player."
    );
    let walked = walk_turn(&mut t, &seq, &turn, &holds);
    let soviet = vec![Role::Soviet];
    let finnish = vec![Role::Finnish];
    let expected: Vec<(String, Vec<Role>)> = [
        ("soviet_initial", &soviet),
        ("soviet_movement", &soviet),
        ("soviet_air", &soviet),
        ("soviet_combat", &soviet),
        ("soviet_exploitation", &soviet),
        ("finnish_initial", &finnish),
        ("finnish_movement", &finnish),
        ("finnish_air", &finnish),
        ("finnish_combat", &finnish),
        ("finnish_exploitation", &finnish),
    ]
    .iter()
    .map(|(c, r)| (c.to_string(), (*r).clone()))
    .collect();
    assert_eq!(
        walked, expected,
        "no end-of-turn rolls without Opt E, F or DC C"
    );
    assert_eq!(t.turn, 2);
    assert_eq!(
        t.moment(&seq, &seq.calendar),
        "Dec II 39, Soviet initial phase"
    );
    for (code, _) in &walked {
        let side = player_turn_of(code).expect("a player turn");
        assert!(code.starts_with(side.code()), "{code}");
    }
}

#[test]
fn hooks_fall_where_the_optional_rules_act() {
    let options = Options::default();
    let seq = default_sequence(&options);
    let turn = Cell::new(1);
    let holds = holds(&options, &turn, false);
    let (mut t, _) = Tracker::start(&seq, &holds).expect("starts");
    let mut seen = Vec::new();
    while t.turn == 1 {
        let by = t.waiting_for(&seq)[0];
        let step = t.advance(&seq, by, &holds).expect("advance");
        for call in step.hooks {
            seen.push((call.at.phase, call.hook, call.when));
        }
    }
    assert!(seen.contains(&(
        "soviet_air".into(),
        LAPSE_AIRBORNE_PLANS.into(),
        HookWhen::Leave
    )));
    assert!(
        seen.contains(&(
            "finnish_initial".into(),
            JUDGE_SUPPLY.into(),
            HookWhen::Leave
        )),
        "supply judged in the initial phase counts as it ends (Opt A.1)"
    );
    assert!(seen.contains(&(
        "finnish_exploitation".into(),
        CLEAR_SKI_MARKERS.into(),
        HookWhen::Leave
    )));
    assert!(
        !seen
            .iter()
            .any(|(p, h, _)| p == "finnish_initial" && h == AIRBORNE_PLANS),
        "only the Soviet player plans air drops (Opt D.3)"
    );
}

#[test]
fn opt_h_starts_in_nov_ii_39_and_opt_e_rolls_at_the_end_of_mar_i_and_mar_ii() {
    let options = Options {
        earlier_start: true,
        variable_length: true,
        resolute_intervention: true,
        ..Options::default()
    };
    let seq = default_sequence(&options);
    assert_eq!(seq.calendar.label(1), "Nov II 39");
    assert_eq!(seq.last_turn, Some(10), "Nov II 39 to Apr I 40");
    let turn = Cell::new(1);
    let holds = holds(&options, &turn, false);
    let (mut t, _) = Tracker::start(&seq, &holds).expect("starts");
    let first = walk_turn(&mut t, &seq, &turn, &holds);
    assert!(
        !first.iter().any(|(c, _)| c == "western_intervention"),
        "AWW-A16: no intervention roll in Nov II 39"
    );
    let second = walk_turn(&mut t, &seq, &turn, &holds);
    assert_eq!(
        second.last(),
        Some(&("western_intervention".to_string(), vec![Role::Finnish])),
        "DC C: a roll from Dec I 39"
    );
    while seq.calendar.label(t.turn) != "Mar I 40" {
        walk_turn(&mut t, &seq, &turn, &holds);
    }
    // Walk Mar I 40 up to its spring rains roll.
    let mut entered = Vec::new();
    while t.phase(&seq).expect("phase").code != "spring_rains" {
        let by = t.waiting_for(&seq)[0];
        let step = t.advance(&seq, by, &holds).expect("advance");
        entered.extend(step.hooks.into_iter().map(|h| h.hook));
    }
    assert_eq!(entered.last().map(String::as_str), Some(ROLL_GAME_LENGTH));
    assert_eq!(t.waiting_for(&seq), vec![Role::Finnish], "the Finn rolls");
    assert_eq!(
        t.moment(&seq, &seq.calendar),
        "Mar I 40, variable game length roll"
    );
    // A roll of 3 to 6: the game goes on to Mar II 40, which rolls again.
    t.advance(&seq, Role::Finnish, &holds).expect("go on");
    turn.set(t.turn);
    assert_eq!(seq.calendar.label(t.turn), "Mar II 40");
    let walked = walk_turn(&mut t, &seq, &turn, &holds);
    assert_eq!(walked.last().map(|w| w.0.as_str()), Some("spring_rains"));
    // Apr I 40 ends by itself, with no roll.
    let walked = walk_turn(&mut t, &seq, &turn, &holds);
    assert!(t.finished);
    assert_eq!(
        walked.last().map(|w| w.0.as_str()),
        Some("western_intervention")
    );
    assert_eq!(
        t.now_for(&seq, &seq.calendar, Role::Soviet),
        "The game is over; it ended in Apr I 40."
    );
}

#[test]
fn without_opt_e_the_game_ends_after_mar_i_40() {
    let options = Options::default();
    let seq = default_sequence(&options);
    let turn = Cell::new(1);
    let holds = holds(&options, &turn, false);
    let (mut t, _) = Tracker::start(&seq, &holds).expect("starts");
    let mut last = None;
    while !t.finished {
        let by = t.waiting_for(&seq)[0];
        last = Some(t.advance(&seq, by, &holds).expect("advance"));
        turn.set(t.turn);
    }
    assert!(matches!(
        last.map(|a| a.happened),
        Some(Happened::GameEnded { .. })
    ));
    assert_eq!(seq.calendar.label(t.turn), "Mar I 40");
}

#[test]
fn the_end_of_turn_rolls_are_due_only_when_the_rules_say() {
    let dc_c = Options {
        resolute_intervention: true,
        ..Options::default()
    };
    assert!(intervention_due(&dc_c, 1, false), "Dec I 39");
    assert!(!intervention_due(&dc_c, 1, true), "already triggered");
    assert!(!intervention_due(&Options::default(), 1, false));
    let f = Options {
        foreign_aid: true,
        earlier_start: true,
        ..Options::default()
    };
    assert!(!intervention_due(&f, 1, false), "Nov II 39");
    assert!(intervention_due(&f, 2, false), "Dec I 39 with Opt H");
    let e = Options {
        variable_length: true,
        ..Options::default()
    };
    let due: Vec<u32> = (1..=9).filter(|&t| spring_rains_due(&e, t)).collect();
    assert_eq!(due, vec![7, 8], "Mar I 40 and Mar II 40");
    assert!(!spring_rains_due(&Options::default(), 7));
    assert_eq!(player_turn_of("western_intervention"), None);
}
