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
