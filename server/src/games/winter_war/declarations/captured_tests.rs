//! 24.4 at the table: the Captured Equipment unit the Finns bring in is the one the text names.

use super::super::fog::tests::{act, desk, to};
use crate::core::domain::Role;
use serde_json::{Value, json};

fn offered(result: &str, soviet_af: u32, name: &str, (af, df, mf): (u32, u32, u32)) -> Value {
    json!({
        "result": result, "soviet_af": soviet_af, "name": name,
        "unit_type": "ski", "af": af, "df": df, "mf": mf, "location": "1633",
    })
}

/// 24.4: only after AW, DP or DW; 6 to 11 Soviet attack factors bring a 1-1-3 ski battalion,
/// 12 or more a 2-2-3 regiment; any other unit is refused by its name, never its id.
#[test]
fn captured_equipment_brings_only_the_unit_24_4_names() {
    let mut d = desk(false);
    to(&mut d, "finnish_reinforcement");
    let refusal = |d: &mut _, p: Value| {
        act(d, Role::Finnish, "bring-captured-equipment", p, &[]).expect_err("refused")
    };
    // A regiment for 8 factors: the text gives a 1-1-3 ski battalion.
    let e = refusal(&mut d, offered("DW", 8, "JR 99", (2, 2, 3)));
    assert_eq!(e.code, "wrong_captured_unit", "{}", e.message);
    assert!(e.message.starts_with("JR 99 is a 2-2-3"), "{}", e.message);
    assert!(e.message.contains("1-1-3") && e.message.contains("(24.4)"));
    // A battalion for 12 factors: the text gives a 2-2-3 regiment.
    let e = refusal(&mut d, offered("DP", 12, "Er.P 9", (1, 1, 3)));
    assert_eq!(e.code, "wrong_captured_unit", "{}", e.message);
    assert!(e.message.contains("2-2-3"), "{}", e.message);
    // No capture after EX, nor for 5 factors.
    let e = refusal(&mut d, offered("EX", 12, "JR 99", (2, 2, 3)));
    assert!(e.message.contains("AW, DP or DW"), "{}", e.message);
    let e = refusal(&mut d, offered("AW", 5, "Er.P 9", (1, 1, 3)));
    assert!(e.message.starts_with("Er.P 9 cannot come"), "{}", e.message);
    assert!(
        !d.roster
            .units
            .values()
            .any(|u| u.name == "JR 99" || u.name == "Er.P 9")
    );
    // The unit the text names arrives.
    act(
        &mut d,
        Role::Finnish,
        "bring-captured-equipment",
        offered("DW", 8, "Er.P 9", (1, 1, 3)),
        &[],
    )
    .expect("a 1-1-3 ski battalion for 8 factors");
    assert!(
        d.roster
            .units
            .values()
            .any(|u| u.name == "Er.P 9" && u.location == "1633")
    );
    // Never the Soviets'.
    to(&mut d, "soviet_reinforcement");
    let e = act(
        &mut d,
        Role::Soviet,
        "bring-captured-equipment",
        offered("DW", 12, "Red 1", (2, 2, 3)),
        &[],
    )
    .expect_err("Finnish only");
    assert!(e.message.contains("24.4"), "{}", e.message);
}

/// 24.4 fixes the unit's values, so the player need not type them: left out, the unit arrives
/// with the values the text grants (a 2-2-3 regiment for 12 factors).
#[test]
fn captured_equipment_left_without_values_arrives_as_the_unit_24_4_grants() {
    let mut d = desk(false);
    to(&mut d, "finnish_reinforcement");
    let p = json!({
        "result": "AW", "soviet_af": 12, "name": "JR 64", "unit_type": "infantry",
        "location": "1633",
    });
    let (_, events) = d
        .act(
            Role::Finnish,
            "bring-captured-equipment",
            &p,
            &mut crate::dice::source::ScriptedDice::new([]),
        )
        .expect("arrives");
    // The entry names the unit and its values: not the Soviets' to read (24.2).
    let audiences: Vec<_> = events
        .iter()
        .map(|e| match e {
            crate::games::assisted::play::event::DeskEvent::Ran { audience, .. } => Some(*audience),
            _ => None,
        })
        .collect();
    assert_eq!(
        audiences,
        vec![Some(crate::db::game::Audience::Finnish)],
        "{events:?}"
    );
    let unit = d
        .roster
        .units
        .values()
        .find(|u| u.name == "JR 64")
        .expect("on the roster");
    let value = |k: &str| unit.attributes.get(k).cloned();
    let number = |n| Some(crate::games::assisted::roster::AttrValue::Number(n));
    assert_eq!(
        (value("af"), value("df"), value("mf")),
        (number(2), number(2), number(3))
    );
}
