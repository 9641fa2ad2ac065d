//! A Winter War's declarations: the catalogue against the rules' vectors, unique names, and
//! airborne plans kept from the Finns until revealed.

use super::*;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::play::desk::Desk;

fn run(name: &str, params: serde_json::Value) -> serde_json::Value {
    let calculations = AWinterWar::calculations();
    let calc = calculations
        .iter()
        .find(|c| c.about.name == name)
        .expect(name);
    calc.run(&params, &Default::default()).expect(name).result
}

#[test]
fn the_armor_modifier_through_the_catalogue_gives_the_texts_examples() {
    let unit = |name: &str, halves: u32, aeca: &str| serde_json::json!({"name": name, "re": {"halves": halves}, "aeca": aeca, "aecd": aeca, "atec": "none", "oos_turns": 0});
    // T-AWW-02: 3 RE None, 3 RE Full, 1 RE Neutral attacking: 1/2, +1.
    let attack = serde_json::json!({
        "attackers": [unit("rifle div", 6, "none"), unit("tank bdes", 6, "full"), unit("artillery", 2, "neutral")],
        "defenders": [unit("JR", 6, "none")]
    });
    let result = run("armor-modifier", attack);
    assert_eq!(result["total"], 1, "{result}");
    // Opt D.1: 11 hexes flown is three fives or fractions: -3.
    assert_eq!(
        run("distance-modifier", serde_json::json!({"hexes": 11})),
        serde_json::json!(-3)
    );
}

#[test]
fn every_entry_has_an_object_schema_and_a_unique_name() {
    crate::games::assisted::declarations::check_catalogue::<AWinterWar>();
}

#[test]
fn a_plan_is_the_soviets_until_it_is_carried_out() {
    let options = Options {
        airborne: true,
        ..Options::default()
    };
    let (mut desk, _) = Desk::<AWinterWar>::start(options).expect("starts");
    let para = Unit {
        id: UnitId::parse(&format!("{:032x}", 9)).expect("id"),
        side: Side::Soviet,
        name: "201st Airborne".into(),
        unit_type: "parachute".into(),
        attributes: [("attack", 1), ("defence", 2), ("movement", 5)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), AttrValue::Number(v)))
            .collect(),
        location: "Leningrad".into(),
        markers: Default::default(),
    };
    desk.add_units(Role::Umpire, vec![para.clone()])
        .expect("adds");
    let plan = serde_json::json!({"unit": para.id.as_str(), "target": "Kemi"});
    let refused = desk.act(
        Role::Finnish,
        "write-airborne-plan",
        &plan,
        &mut ScriptedDice::new([]),
    );
    assert_eq!(
        refused.expect_err("not the Finns'").code,
        "no_airborne_plan"
    );
    let (_, events) = desk
        .act(
            Role::Soviet,
            "write-airborne-plan",
            &plan,
            &mut ScriptedDice::new([]),
        )
        .expect("writes");
    assert_eq!(
        events[0].audience(),
        crate::dice::audience::Audience::Soviet
    );
    let finnish = AWinterWar::extra_for(Some(Side::Finnish), &desk.extra).to_string();
    assert!(!finnish.contains("Kemi"), "{finnish}");
    assert!(
        AWinterWar::extra_for(Some(Side::Soviet), &desk.extra)
            .to_string()
            .contains("Kemi")
    );
    // A second plan for the same unit is refused.
    let again = desk.act(
        Role::Soviet,
        "write-airborne-plan",
        &plan,
        &mut ScriptedDice::new([]),
    );
    assert_eq!(again.expect_err("one plan").code, "airborne_plan_exists");
}

#[test]
fn a_fraction_with_a_zero_denominator_is_refused_with_a_sentence() {
    // Opt B.3 proportions and DC A.2's movement allowance are exact fractions; a zero
    // denominator is no fraction: refused (422), never a panic or a modifier.
    let calculations = AWinterWar::calculations();
    let refusal = |name: &str, params: serde_json::Value| {
        let calc = calculations
            .iter()
            .find(|c| c.about.name == name)
            .expect(name);
        calc.run(&params, &Default::default()).expect_err("refused")
    };
    for (name, params, field) in [
        (
            "atec-modifier",
            serde_json::json!({"proportion": {"num": 1, "den": 0}}),
            "proportion",
        ),
        (
            "aec-modifier",
            serde_json::json!({"proportion": {"num": 0, "den": 0}, "category": "aec_attack"}),
            "proportion",
        ),
        (
            "ski-exploitation",
            serde_json::json!({"name": "JR 9", "movement": {"num": 8, "den": 0}, "used": 3}),
            "movement",
        ),
    ] {
        let refused = refusal(name, params);
        assert_eq!(refused.code, "zero_denominator", "{name}");
        assert_eq!(
            refused.kind,
            crate::games::assisted::refusal::RefusalKind::AgainstTheRules
        );
        assert!(
            refused.message.contains(field) && refused.message.contains("den"),
            "{}",
            refused.message
        );
    }
    // A negative denominator is read in lowest terms: 2/-4 is -1/2, under 1/7: no modifier.
    assert_eq!(
        run(
            "atec-modifier",
            serde_json::json!({"proportion": {"num": 2, "den": -4}})
        ),
        serde_json::json!(0)
    );
}

/// Ends phases as the umpire until the table stands at the start of `phase` in game turn `turn`.
fn walk_to(desk: &mut Desk<AWinterWar>, turn: u32, phase: &str, dice: &mut ScriptedDice) {
    while !(desk.tracker.turn == turn && desk.phase().0 == phase) {
        desk.advance(Role::Umpire, dice).expect("advances");
    }
}

#[test]
fn opt_e_a_spring_rains_roll_that_ends_the_game_ends_it() {
    // Opt E: at the end of Mar I 40 the Finnish die ends the game on 1 or 2. Mar I 40 is game
    // turn 7 from Dec I 39.
    let options = Options {
        variable_length: true,
        ..Options::default()
    };
    let (mut desk, _) = Desk::<AWinterWar>::start(options).expect("starts");
    let mut dice = ScriptedDice::new([2]);
    walk_to(&mut desk, 7, "finnish_exploitation", &mut dice);
    let events = desk
        .advance(Role::Umpire, &mut dice)
        .expect("the rains roll");
    assert_eq!(dice.rolls.len(), 1, "one die for the spring rains");
    assert!(desk.tracker.finished, "a roll of 2 ends the game");
    let logged = format!("{events:?}");
    assert!(logged.contains("The game is over"), "{logged}");
    let now = desk.now_for(Role::Finnish);
    assert!(
        now.starts_with("The game is over; it ended in Mar I 40: the spring rains came"),
        "{now}"
    );
    // No phase and no action is taken any more.
    let refused = desk
        .advance(Role::Finnish, &mut ScriptedDice::new([]))
        .expect_err("over");
    assert_eq!(refused.code, "game_over");
    let plan = serde_json::json!({"unit": format!("{:032x}", 9), "target": "Kemi"});
    let refused = desk
        .act(
            Role::Soviet,
            "write-airborne-plan",
            &plan,
            &mut ScriptedDice::new([]),
        )
        .expect_err("over");
    assert_eq!(refused.code, "game_over");
    // Nor is a dice procedure run.
    let procedure = AWinterWar::procedures()
        .first()
        .expect("a procedure")
        .about
        .name;
    let refused = desk
        .procedure(
            Role::Finnish,
            procedure,
            &serde_json::json!({}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("over");
    assert_eq!(refused.code, "game_over");

    // A 3 lets the game go on into Mar II 40.
    let (mut desk, _) = Desk::<AWinterWar>::start(options).expect("starts");
    let mut dice = ScriptedDice::new([3]);
    walk_to(&mut desk, 7, "finnish_exploitation", &mut dice);
    desk.advance(Role::Umpire, &mut dice)
        .expect("the rains roll");
    assert!(!desk.tracker.finished);
    desk.advance(Role::Umpire, &mut dice).expect("goes on");
    assert_eq!(desk.moment(), "Mar II 40, Soviet initial phase");
}

fn soviet_unit(n: u32, name: &str, unit_type: &str) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side: Side::Soviet,
        name: name.into(),
        unit_type: unit_type.into(),
        attributes: [("attack", 1), ("defence", 2), ("movement", 5)]
            .into_iter()
            .map(|(k, v)| (k.to_string(), AttrValue::Number(v)))
            .collect(),
        location: "0101".into(),
        markers: Default::default(),
    }
}

#[test]
fn opt_a_1_supply_judged_in_the_initial_phase_counts_for_that_turn() {
    // Opt A.1's example: a unit first judged out of supply in its initial phase is in its first
    // turn out of supply from that player turn on, so its count is 1 as the phase ends.
    let options = Options {
        supply_effects: true,
        ..Options::default()
    };
    let (mut desk, _) = Desk::<AWinterWar>::start(options).expect("starts");
    let unit = soviet_unit(7, "7th Rifle Division", "infantry");
    desk.add_units(Role::Umpire, vec![unit.clone()])
        .expect("adds");
    assert_eq!(desk.phase().0, "soviet_initial");
    desk.mark_unit(Role::Soviet, &unit.id, "out_of_supply", true)
        .expect("judged out of supply");
    let events = desk
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("ends the initial phase");
    assert_eq!(desk.phase().0, "soviet_movement");
    assert_eq!(oos_turns(&desk.roster.units[&unit.id]), 1, "{events:?}");
    assert!(format!("{events:?}").contains("its 1st turn out of supply begins"));
}

fn plan_for(unit: &Unit) -> serde_json::Value {
    serde_json::json!({"unit": unit.id.as_str(), "target": "Kemi"})
}

fn act(desk: &mut Desk<AWinterWar>, name: &str, params: &serde_json::Value) -> Result<(), String> {
    desk.act(Role::Soviet, name, params, &mut ScriptedDice::new([]))
        .map(|_| ())
        .map_err(|r| r.code.to_string())
}

fn airborne() -> Options {
    Options {
        airborne: true,
        ..Options::default()
    }
}

#[test]
fn opt_d_3_plans_need_opt_d_and_a_parachute_unit() {
    // Opt D: only with the rule (or Opt G, which brings it), and only for parachute units.
    let para = soviet_unit(9, "201st Airborne", "parachute");
    let (mut desk, _) = Desk::<AWinterWar>::start(Options::default()).expect("starts");
    desk.add_units(Role::Umpire, vec![para.clone()])
        .expect("adds");
    assert_eq!(
        act(&mut desk, "write-airborne-plan", &plan_for(&para)),
        Err("airborne_rule_off".into())
    );
    let (mut desk, _) = Desk::<AWinterWar>::start(airborne()).expect("starts");
    let rifles = soviet_unit(8, "8th Rifle Division", "infantry");
    let mut marked = soviet_unit(10, "212th Brigade", "infantry");
    marked.markers.insert("parachute".into());
    desk.add_units(Role::Umpire, vec![rifles.clone(), marked.clone()])
        .expect("adds");
    assert_eq!(
        act(&mut desk, "write-airborne-plan", &plan_for(&rifles)),
        Err("not_parachute".into())
    );
    assert_eq!(
        act(&mut desk, "write-airborne-plan", &plan_for(&marked)),
        Ok(())
    );
}

#[test]
fn opt_d_3_a_plan_cancels_itself_when_its_unit_enters_an_enemy_zoc_attacks_or_is_attacked() {
    // Opt D.3: "the operation must be canceled if the unit enters an enemy ZOC, attacks, or is
    // attacked at any time from the planning of the operation to its execution".
    for (marker, phase, why) in [
        ("in_enemy_zoc", "soviet_movement", "entered an enemy ZOC"),
        ("attacked", "soviet_combat", "the unit attacked"),
        ("was_attacked", "finnish_combat", "the unit was attacked"),
    ] {
        let (mut desk, _) = Desk::<AWinterWar>::start(airborne()).expect("starts");
        let para = soviet_unit(9, "201st Airborne", "parachute");
        desk.add_units(Role::Umpire, vec![para.clone()])
            .expect("adds");
        act(&mut desk, "write-airborne-plan", &plan_for(&para)).expect("written");
        let mut dice = ScriptedDice::new([]);
        walk_to(&mut desk, 1, phase, &mut dice);
        desk.mark_unit(Role::Soviet, &para.id, marker, true)
            .expect("marked");
        let events = desk.advance(Role::Umpire, &mut dice).expect("phase ends");
        let plan = &desk.extra.plans.plans[0];
        match &plan.status {
            crate::games::a_winter_war::rules::airborne::PlanStatus::Cancelled { reason } => {
                assert!(reason.contains(why), "{marker}: {reason}")
            }
            other => panic!("{marker}: the plan is {other:?}"),
        }
        assert!(format!("{events:?}").contains("Airborne plans cancelled"));
    }
    // Markers of an earlier turn's combats do not cancel a plan written after them.
    let (mut desk, _) = Desk::<AWinterWar>::start(airborne()).expect("starts");
    let para = soviet_unit(9, "201st Airborne", "parachute");
    desk.add_units(Role::Umpire, vec![para.clone()])
        .expect("adds");
    let mut dice = ScriptedDice::new([]);
    walk_to(&mut desk, 1, "finnish_combat", &mut dice);
    desk.mark_unit(Role::Umpire, &para.id, "was_attacked", true)
        .expect("marked");
    walk_to(&mut desk, 2, "soviet_initial", &mut dice);
    assert!(!desk.roster.units[&para.id].markers.contains("was_attacked"));
    act(&mut desk, "write-airborne-plan", &plan_for(&para)).expect("written");
    walk_to(&mut desk, 3, "soviet_air", &mut dice);
    act(
        &mut desk,
        "execute-airborne-plan",
        &serde_json::json!({"unit": para.id.as_str()}),
    )
    .expect("carried out");
}

#[test]
fn opt_g_a_plan_written_at_setup_drops_on_dec_i_39() {
    // Opt G: "The Soviet player may plan air drops for these units to take place on the Dec I 39
    // game turn", the first turn: written at setup, carried out in its air phase.
    let g = Options {
        soviet_preparedness: true,
        ..Options::default()
    };
    let (mut desk, _) = Desk::<AWinterWar>::start(g).expect("starts");
    let para = soviet_unit(9, "201st Airborne", "parachute");
    desk.add_units(Role::Umpire, vec![para.clone()])
        .expect("adds");
    let mut setup = plan_for(&para);
    setup["at_setup"] = serde_json::json!(true);
    act(&mut desk, "write-airborne-plan", &setup).expect("written at setup");
    assert_eq!(desk.extra.plans.plans[0].due, 1);
    walk_to(&mut desk, 1, "soviet_air", &mut ScriptedDice::new([]));
    act(
        &mut desk,
        "execute-airborne-plan",
        &serde_json::json!({"unit": para.id.as_str()}),
    )
    .expect("drops on Dec I 39");
    // Without Opt G, or after the first turn, there is no plan at setup.
    let (mut desk, _) = Desk::<AWinterWar>::start(airborne()).expect("starts");
    desk.add_units(Role::Umpire, vec![para.clone()])
        .expect("adds");
    assert_eq!(
        act(&mut desk, "write-airborne-plan", &setup),
        Err("not_at_setup".into())
    );
}

#[test]
fn opt_d_2_an_undisrupted_drop_takes_an_empty_airbase_and_its_drop_turn_ends_at_the_next_soviet_initial_phase()
 {
    // D.2: no ownership of the hex in the drop player turn and the enemy's next, but an airbase
    // in a hex without enemy units is taken at once by undisrupted parachute units.
    let (mut desk, _) = Desk::<AWinterWar>::start(airborne()).expect("starts");
    let para = soviet_unit(9, "201st Airborne", "parachute");
    let other = soviet_unit(11, "202nd Airborne", "parachute");
    desk.add_units(Role::Umpire, vec![para.clone(), other.clone()])
        .expect("adds");
    act(&mut desk, "write-airborne-plan", &plan_for(&para)).expect("written");
    act(&mut desk, "write-airborne-plan", &plan_for(&other)).expect("written");
    let mut dice = ScriptedDice::new([]);
    walk_to(&mut desk, 2, "soviet_air", &mut dice);
    let empty = serde_json::json!({"unit": para.id.as_str(), "landing": {"airbase": true}});
    act(&mut desk, "execute-airborne-plan", &empty).expect("drops");
    let held = serde_json::json!({"unit": other.id.as_str(), "landing": {"airbase": true, "enemy_occupied": true}});
    act(&mut desk, "execute-airborne-plan", &held).expect("drops");
    let drops = &desk.extra.drops;
    assert_eq!(
        drops.iter().map(|d| d.airbase_taken).collect::<Vec<_>>(),
        [true, false]
    );
    assert!(desk.roster.units[&para.id].markers.contains("dropped"));
    walk_to(&mut desk, 2, "finnish_exploitation", &mut dice);
    assert!(
        desk.roster.units[&para.id].markers.contains("dropped"),
        "through the Finnish player turn"
    );
    let events = desk.advance(Role::Umpire, &mut dice).expect("to Mar");
    assert_eq!(desk.phase().0, "soviet_initial");
    assert!(!desk.roster.units[&para.id].markers.contains("dropped"));
    assert!(desk.extra.drops.iter().all(|d| d.drop_turn_over));
    assert!(format!("{events:?}").contains("The drop turn of 201st Airborne, 202nd Airborne ends"));
}

#[test]
fn opt_h_construction_completes_as_the_text_says() {
    // Opt H: the fort in 35:4616 completes at the Finnish initial phase of Nov II 39, the rail
    // lines in 35:2107 and 35:3106 at the Soviet initial phase of Dec I 39.
    let h = Options {
        earlier_start: true,
        ..Options::default()
    };
    let (mut desk, _) = Desk::<AWinterWar>::start(h).expect("starts");
    let built = |desk: &Desk<AWinterWar>| {
        let c = desk.extra.construction.expect("kept");
        (c.fort_complete, c.rail_complete)
    };
    assert_eq!(built(&desk), (false, false));
    let mut dice = ScriptedDice::new([]);
    walk_to(&mut desk, 1, "soviet_exploitation", &mut dice);
    let events = desk
        .advance(Role::Umpire, &mut dice)
        .expect("Finnish initial");
    assert_eq!(built(&desk), (true, false));
    assert!(format!("{events:?}").contains("the fort in 35:4616 is finished"));
    walk_to(&mut desk, 1, "finnish_exploitation", &mut dice);
    let events = desk.advance(Role::Umpire, &mut dice).expect("Dec I 39");
    assert_eq!(built(&desk), (true, true));
    assert!(format!("{events:?}").contains("rail lines in 35:2107 and 35:3106 are finished"));
    assert!(!format!("{events:?}").contains("(complete_construction)"));
    // Without Opt H both are finished from the start.
    let (desk, _) = Desk::<AWinterWar>::start(Options::default()).expect("starts");
    assert_eq!(built(&desk), (true, true));
}

fn refused_code(name: &str, params: serde_json::Value) -> &'static str {
    let calculations = AWinterWar::calculations();
    let calc = calculations
        .iter()
        .find(|c| c.about.name == name)
        .expect(name);
    calc.run(&params, &Default::default())
        .expect_err("refused")
        .code
}

#[test]
fn opt_d_1_the_total_disruption_modifier_is_a_calculation() {
    // T-AWW-09 (D.1): major city, enemy-occupied, 11 hexes: -1 -1 -1 -3 -1 = -7.
    let drop = serde_json::json!({"name": "201st", "terrain": "major_city", "onto_enemy_or_zoc": true, "enemy_occupied": true, "hexes_flown": 11});
    assert_eq!(run("disruption-modifier", drop), serde_json::json!(-7));
    // T-AWW-08: clear, 3 hexes: weather and distance, -2.
    let drop = serde_json::json!({"name": "201st", "terrain": "clear", "onto_enemy_or_zoc": false, "enemy_occupied": false, "hexes_flown": 3});
    assert_eq!(run("disruption-modifier", drop), serde_json::json!(-2));
}

#[test]
fn opt_f_and_dc_c_intervention_norway_and_sweden_are_calculations() {
    let f = serde_json::json!({"foreign_aid": true});
    let c = serde_json::json!({"resolute_intervention": true});
    let trigger = |options: &serde_json::Value, index: u32, roll: u32| {
        run(
            "intervention",
            serde_json::json!({"options": options, "index": index, "roll": roll}),
        )
    };
    // Opt F: 2 or 3.
    assert_eq!(trigger(&f, 3, 2), serde_json::json!(true));
    assert_eq!(trigger(&f, 3, 3), serde_json::json!(true));
    assert_eq!(trigger(&f, 3, 4), serde_json::json!(false));
    // DC C: 4 or less, -1 a turn after Dec I 39; T-AWW-12: Jan II 40 (index 4) on 7 is 4.
    assert_eq!(trigger(&c, 1, 4), serde_json::json!(true));
    assert_eq!(trigger(&c, 1, 5), serde_json::json!(false));
    assert_eq!(trigger(&c, 2, 5), serde_json::json!(true), "Dec II 39: -1");
    assert_eq!(trigger(&c, 4, 7), serde_json::json!(true), "Jan II 40: -3");
    assert_eq!(trigger(&c, 4, 8), serde_json::json!(false));
    assert_eq!(
        refused_code(
            "intervention",
            serde_json::json!({"options": c, "index": 4, "roll": 13})
        ),
        "not_a_die_face"
    );
    assert_eq!(
        refused_code(
            "intervention",
            serde_json::json!({"options": c, "index": 0, "roll": 2})
        ),
        "intervention_too_early"
    );
    // DC C: Norway resists on 1; Sweden on 1-2, -1 when Norway resists.
    let norway = |die: u32| run("norway-answer", serde_json::json!({"die": die}));
    assert_eq!(norway(1), serde_json::json!(true));
    assert_eq!(norway(2), serde_json::json!(false));
    let sweden = |die: u32, norway_resists: bool| {
        run(
            "sweden-answer",
            serde_json::json!({"die": die, "norway_resists": norway_resists}),
        )
    };
    assert_eq!(sweden(2, false), serde_json::json!(true));
    assert_eq!(sweden(3, false), serde_json::json!(false));
    assert_eq!(sweden(3, true), serde_json::json!(true));
    assert_eq!(sweden(4, true), serde_json::json!(false));
    assert_eq!(
        refused_code("norway-answer", serde_json::json!({"die": 7})),
        "not_a_die_face"
    );
}

#[test]
fn dc_b_demolition_costs_opt_g_rail_capacity_and_opt_h_reserve_are_calculations() {
    use crate::games::a_winter_war::rules::charts::{DEMOLITION_SIZES, FACILITIES, demolition};
    // DC B: the example's rail break, 3 MPs for a regiment and 1 for an engineer regiment (the
    // other cells are invented test data).
    let mut charts = crate::games::assisted::chart_set::ChartSet::default();
    let rows = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    charts
        .enter(
            &demolition(),
            crate::games::assisted::charts::RawChart {
                rows: rows(&DEMOLITION_SIZES),
                columns: rows(&FACILITIES),
                cells: vec![
                    rows(&["6", "6", "6"]),
                    rows(&["3", "3", "3"]),
                    rows(&["1", "1", "1"]),
                ],
            },
            Role::Umpire,
            "Dec I 39",
        )
        .expect("entered");
    let calculations = AWinterWar::calculations();
    let cost = calculations
        .iter()
        .find(|c| c.about.name == "demolition-cost")
        .expect("a calculation");
    let mps = |engineer: bool| {
        cost.run(
            &serde_json::json!({"name": "regiment", "size": {"halves": 2}, "engineer": engineer, "facility": FACILITIES[0]}),
            &charts,
        )
        .expect("read")
        .result
    };
    assert_eq!(mps(false), serde_json::json!(3));
    assert_eq!(mps(true), serde_json::json!(1));
    assert!(
        AWinterWar::procedures()
            .iter()
            .all(|p| p.about.name != "demolition-cost"),
        "no dice: a calculation, not a procedure"
    );
    // Opt G: 30 REs.
    assert_eq!(
        run(
            "rail-capacity",
            serde_json::json!({"options": {"soviet_preparedness": true}})
        ),
        serde_json::json!(30)
    );
    assert_eq!(
        run("rail-capacity", serde_json::json!({})),
        serde_json::Value::Null
    );
    // Opt H: 10 REs, at least 6 from the 8th and 9th Armies.
    let unit = |name: &str, halves: u32, army: &str| serde_json::json!({"name": name, "re": {"halves": halves}, "army": army});
    let good = serde_json::json!({"units": [unit("a", 6, "8th Army"), unit("b", 6, "9th"), unit("c", 8, "7th Army")]});
    assert_eq!(run("strategic-reserve", good)["valid"], true);
    let few = serde_json::json!({"units": [unit("a", 10, "8th"), unit("c", 10, "7th")]});
    assert_eq!(
        run("strategic-reserve", few)["valid"],
        false,
        "5 from the 8th and 9th"
    );
    let small = serde_json::json!({"units": [unit("a", 18, "8th")]});
    assert_eq!(run("strategic-reserve", small)["valid"], false, "9 REs");
}
