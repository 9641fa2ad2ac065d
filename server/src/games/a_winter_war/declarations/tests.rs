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
