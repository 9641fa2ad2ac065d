use super::*;

#[test]
fn t_aww_16_a_1_re_parachute_unit_needs_two_transports() {
    let t = transports_needed(Re::whole(1));
    assert_eq!(t.value, 2);
    assert_eq!(
        t.steps[0],
        "1 RE of parachute units at 1/2 RE per transport: 2 transports (Opt D)"
    );
    assert_eq!(transports_needed(Re::half()).value, 1);
    assert_eq!(transports_needed(Re::whole(0)).value, 0);
}

#[test]
fn drop_distance_counts_every_five_hexes_or_fraction() {
    for (hexes, m) in [
        (0, 0),
        (1, -1),
        (3, -1),
        (5, -1),
        (6, -2),
        (10, -2),
        (11, -3),
    ] {
        assert_eq!(distance_modifier(hexes).value, m, "{hexes} hexes");
    }
    assert_eq!(distance_modifier(u32::MAX).value, -858_993_459);
}

#[test]
fn t_aww_14_a_supplied_1_8_ski_regiment() {
    let eight = Fraction::whole(8);
    let fresh = ski_exploitation("1-8 ski regiment", eight, 4);
    assert_eq!(
        fresh.value,
        SkiExploitation {
            marked: false,
            movement: 4
        }
    );
    assert!(
        ski_exploitation("1-8 ski regiment", eight, 5).value.marked,
        "more than 4 MPs"
    );
    let unsupplied = ski_exploitation("1-8 ski regiment", Fraction::whole(4), 2);
    assert_eq!(unsupplied.value.movement, 2, "2 MPs if unsupplied");
    let odd = ski_exploitation("ski battalion", Fraction::whole(7), 3);
    assert_eq!(odd.value.movement, 3, "AWW-A17: 3 1/2 rounds down");
    assert!(odd.steps.last().is_some_and(|s| s.contains("rounded down")));
    assert!(
        ski_exploitation("ski battalion", Fraction::whole(7), 4)
            .value
            .marked
    );
    assert_eq!(
        ski_exploitation("x", Fraction::whole(0), 0).value.movement,
        0
    );
}

#[test]
fn t_aww_15_engineers_count_double_for_demolition() {
    let regiment = demolition_size("engineer regiment", Re::whole(1), true);
    assert_eq!(regiment.value, Re::whole(2));
    assert_eq!(
        regiment.steps[0],
        "engineer regiment is an engineer-category unit: 1 RE counts as 2 RE (DC B)"
    );
    assert_eq!(
        demolition_size("rifle regiment", Re::whole(1), false).value,
        Re::whole(1)
    );
}

#[test]
fn victory_keeps_the_historical_outcome_without_deductions() {
    let all = Options {
        foreign_aid: true,
        soviet_preparedness: true,
        earlier_start: true,
        ..Options::default()
    };
    let v = victory_points(&all, 50, 60);
    assert_eq!(
        v.value,
        Victory {
            finnish: 40,
            soviet: 20,
            historical_finnish: 50,
            historical_soviet: 60
        }
    );
    assert_eq!(v.steps.len(), 4);
    let none = victory_points(&Options::default(), 5, 5).value;
    assert_eq!((none.finnish, none.soviet), (5, 5));
}

#[test]
fn opt_f_and_g_move_arrivals_two_turns_earlier() {
    let g = Options {
        soviet_preparedness: true,
        ..Options::default()
    };
    assert_eq!(
        arrival(&g, Side::Soviet, ArrivalKind::Reinforcement, 2).value,
        Arrival::Initial,
        "Dec II 39 reinforcements set up"
    );
    assert_eq!(
        arrival(&g, Side::Soviet, ArrivalKind::Reinforcement, 5).value,
        Arrival::Turn(3)
    );
    assert_eq!(
        arrival(&g, Side::Soviet, ArrivalKind::CorpsFlip, 5).value,
        Arrival::Turn(5)
    );
    assert_eq!(
        arrival(&g, Side::Finnish, ArrivalKind::ForeignAid, 6).value,
        Arrival::Turn(6),
        "Opt G moves only Soviet arrivals"
    );
    let f = Options {
        foreign_aid: true,
        ..Options::default()
    };
    assert_eq!(
        arrival(&f, Side::Finnish, ArrivalKind::ForeignAid, 6).value,
        Arrival::Turn(4)
    );
    assert_eq!(
        arrival(&f, Side::Finnish, ArrivalKind::FinnishEarly, 2).value,
        Arrival::Turn(1),
        "never before the first turn"
    );
    assert_eq!(
        arrival(&f, Side::Finnish, ArrivalKind::Reinforcement, 6).value,
        Arrival::Turn(6)
    );
    assert_eq!(soviet_rail_capacity(&g), Some(30));
    assert_eq!(soviet_rail_capacity(&f), None);
}

#[test]
fn parachute_units_in_the_enemy_hex_read_as_as_ar() {
    assert_eq!(result_for("AS", true).value, "AR");
    assert_eq!(result_for("AS", false).value, "AS", "other units keep AS");
    assert_eq!(result_for("DE", true).value, "DE");
}

#[test]
fn opt_h_construction_finishes_on_time() {
    let h = Options {
        earlier_start: true,
        ..Options::default()
    };
    let at = |index, phase| {
        let c = construction(&h, index, phase).value;
        (c.rail_complete, c.fort_complete)
    };
    assert_eq!(
        at(0, "soviet_movement"),
        (false, false),
        "Nov II 39, Soviet player turn"
    );
    assert_eq!(
        at(0, "finnish_initial"),
        (false, true),
        "the fort at the Finnish initial phase"
    );
    assert_eq!(
        at(1, "soviet_initial"),
        (true, true),
        "the rail at the Soviet Dec I 39 initial phase"
    );
    let c = construction(&Options::default(), 1, "soviet_initial").value;
    assert!(c.rail_complete && c.fort_complete);
}

#[test]
fn opt_f_with_opt_h_arrivals_two_turns_early_may_come_on_nov_ii_39() {
    // Opt F moves the named Finnish arrivals two turns earlier; with Opt H the game starts in
    // Nov II 39 (calendar index 0), so a Dec II 39 arrival comes then, not in Dec I 39.
    let fh = Options {
        foreign_aid: true,
        earlier_start: true,
        ..Options::default()
    };
    assert_eq!(
        arrival(&fh, Side::Finnish, ArrivalKind::FinnishEarly, 2).value,
        Arrival::Turn(0)
    );
    let dec_i = arrival(&fh, Side::Finnish, ArrivalKind::ForeignAid, 1);
    assert_eq!(dec_i.value, Arrival::Turn(0), "never before the first turn");
    assert!(dec_i.steps[0].contains("no earlier than the game's first turn"));
    assert_eq!(
        arrival(&fh, Side::Finnish, ArrivalKind::ForeignAid, 4).value,
        Arrival::Turn(2)
    );
}
