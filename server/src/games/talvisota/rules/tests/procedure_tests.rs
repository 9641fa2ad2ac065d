//! The dice-tray procedures give the same readings as the rules.

use crate::dice::procedure::Procedure;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::procedures::{
    CombatTableRoll, HarassmentRoll, InternationalRoll, procedures,
};
use serde_json::{Map, Value, json};

fn params(v: Value) -> Map<String, Value> {
    v.as_object().cloned().unwrap_or_default()
}

#[test]
fn combat_table_procedure_reads_the_table() {
    let mut draw = ScriptedDice::new([3]);
    let out = CombatTableRoll
        .run(
            &params(json!({"difference": 9, "die_modifier": 0})),
            &mut draw,
        )
        .expect("ok");
    assert_eq!(out.result["row"], json!(6));
    assert_eq!(out.result["result"]["opponent_losses"], json!(2));
    assert!(out.summary.contains("retreats"));
    let mut draw = ScriptedDice::new([1]);
    let out = CombatTableRoll
        .run(
            &params(json!({"difference": 0, "die_modifier": -1})),
            &mut draw,
        )
        .expect("ok");
    assert_eq!(out.result["result"]["roller_losses"], json!(3));
}

#[test]
fn international_and_harassment_procedures() {
    let out = InternationalRoll
        .run(&Map::new(), &mut ScriptedDice::new([2]))
        .expect("ok");
    assert_eq!(out.result["marker"], json!(-2));
    let p = params(json!({"scouts": 3, "soviet_in_space": 1, "soviet_adjacent": 1}));
    let out = HarassmentRoll
        .run(&p, &mut ScriptedDice::new([6]))
        .expect("ok");
    assert_eq!(
        (out.total, out.result["result"].clone()),
        (Some(6), json!("success"))
    );
    let out = HarassmentRoll
        .run(&p, &mut ScriptedDice::new([5]))
        .expect("ok");
    assert_eq!(out.result["result"], json!("partial"));
    let out = HarassmentRoll
        .run(&p, &mut ScriptedDice::new([3]))
        .expect("ok");
    assert_eq!(out.result["result"], json!("failure"));
}

#[test]
fn procedure_names_are_unique_and_dashed() {
    let names: Vec<&str> = procedures().iter().map(|p| p.name()).collect();
    assert_eq!(
        names,
        vec![
            "talvisota-combat",
            "talvisota-international",
            "talvisota-harassment"
        ]
    );
}
