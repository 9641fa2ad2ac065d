//! A combat against the roster on an entered CRT. The CRT here is made up with a Europa CRT's
//! shape (each cell names its own row and column, so the test sees which it read): the base
//! rules and their CRT are not in our text.

use super::super::AWinterWar;
use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::a_winter_war::rules::options::Options;
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit, UnitId};
use std::collections::BTreeMap;

const COLUMNS: [&str; 7] = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"];

fn crt(rows: &[i64]) -> RawChart {
    RawChart {
        rows: rows.iter().map(|r| r.to_string()).collect(),
        columns: COLUMNS.iter().map(|c| c.to_string()).collect(),
        cells: rows
            .iter()
            .map(|r| COLUMNS.iter().map(|c| format!("{r}@{c}")).collect())
            .collect(),
    }
}

fn unit(n: u32, side: Side, name: &str, kind: &str, values: &[(&str, i64)], at: &str) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: name.into(),
        unit_type: kind.into(),
        attributes: [("attack", 0), ("defence", 0), ("movement", 4)]
            .iter()
            .chain(values)
            .map(|(k, v)| (k.to_string(), AttrValue::Number(*v)))
            .collect(),
        location: at.into(),
        markers: Default::default(),
    }
}

/// A table in the Soviet combat phase of Dec I 39 with a made-up CRT (rows -2 to 8), a rifle
/// division (6) and a tank brigade (3) next to a Finnish regiment (defence 4) in 0101.
fn table(options: Options) -> (Desk<AWinterWar>, [Unit; 3]) {
    let (mut desk, _) = Desk::<AWinterWar>::start(options).expect("starts");
    desk.enter_charts(
        Role::Umpire,
        BTreeMap::from([("crt".to_string(), crt(&(-2..=8).collect::<Vec<_>>()))]),
    )
    .expect("a CRT with every step and face");
    let units = [
        unit(
            1,
            Side::Soviet,
            "44th Rifle Division",
            "rifle division",
            &[("attack", 6)],
            "0102",
        ),
        unit(
            2,
            Side::Soviet,
            "34th Tank Brigade",
            "tank brigade",
            &[("attack", 3)],
            "0201",
        ),
        unit(
            3,
            Side::Finnish,
            "JR 27",
            "infantry regiment",
            &[("defence", 4)],
            "0101",
        ),
    ];
    desk.add_units(Role::Umpire, units.to_vec()).expect("adds");
    let mut dice = ScriptedDice::new([]);
    while desk.phase().0 != "soviet_combat" {
        desk.advance(Role::Umpire, &mut dice).expect("advances");
    }
    (desk, units)
}

fn attack(ids: &[&Unit], extra: serde_json::Value) -> serde_json::Value {
    let mut p = serde_json::json!({
        "attackers": ids.iter().map(|u| u.id.as_str()).collect::<Vec<_>>(),
        "hex": "0101",
    });
    if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
        p.extend(extra.clone());
    }
    p
}

fn fight(
    desk: &mut Desk<AWinterWar>,
    by: Role,
    params: &serde_json::Value,
    die: u32,
) -> Result<serde_json::Value, String> {
    let mut dice = ScriptedDice::new([die]);
    desk.act(by, "combat", params, &mut dice)
        .map(|(answer, _)| serde_json::to_value(&answer).expect("json"))
        .map_err(|r| r.code.to_string())
}

fn result(answer: &serde_json::Value) -> String {
    answer["result"]["result"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_combat_reads_the_odds_of_the_roster_and_the_roll_on_the_entered_crt() {
    let (mut desk, [rifle, tank, jr]) = table(Options::default());
    // 6 + 3 against 4 is 2.25 to 1: the 2:1 column, rounded in the defender's favour.
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&rifle, &tank], serde_json::json!({})),
        4,
    )
    .expect("fought");
    assert_eq!(result(&answer), "4@2:1", "{answer}");
    // Attackers and defender are marked, which breaks airborne plans (Opt D.3).
    assert!(desk.roster.units[&rifle.id].markers.contains("attacked"));
    assert!(desk.roster.units[&jr.id].markers.contains("was_attacked"));
    // The defender's terrain doubling its defense makes it 9 to 8: 1:1; a modifier of +2 reads
    // row 6.
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(
            &[&rifle, &tank],
            serde_json::json!({"defence_terrain": 2, "modifiers": {"surprise": 2}}),
        ),
        4,
    )
    .expect("fought");
    assert_eq!(result(&answer), "6@1:1", "{answer}");
}

#[test]
fn a_combat_is_the_phasing_sides_in_its_combat_phase_against_an_enemy_hex() {
    let (mut desk, [rifle, tank, jr]) = table(Options::default());
    let both = attack(&[&rifle, &tank], serde_json::json!({}));
    assert_eq!(
        fight(&mut desk, Role::Finnish, &both, 4),
        Err("not_your_phase".into())
    );
    // The Finns may not attack with Soviet units, nor the Soviets with Finnish ones.
    assert_eq!(
        fight(
            &mut desk,
            Role::Soviet,
            &attack(&[&jr], serde_json::json!({})),
            4
        ),
        Err("no_such_unit".into())
    );
    // A hex without enemy units.
    let mut empty = both.clone();
    empty["hex"] = serde_json::json!("0303");
    assert_eq!(
        fight(&mut desk, Role::Soviet, &empty, 4),
        Err("not_allowed".into())
    );
    // A unit in the defenders' own hex attacks only when it dropped there (Opt D.2).
    let (mut desk, [rifle, _, _]) = table(Options::default());
    desk.edit_unit(
        Role::Umpire,
        &rifle.id,
        UnitEdit {
            location: Some("0101".into()),
            ..UnitEdit::default()
        },
    )
    .expect("moved");
    assert_eq!(
        fight(
            &mut desk,
            Role::Soviet,
            &attack(&[&rifle], serde_json::json!({})),
            4
        ),
        Err("not_adjacent".into())
    );
    // Outside a combat phase (the exploitation phase has its combats too).
    let (mut desk, [rifle, tank, _]) = table(Options::default());
    while desk.phase().0 != "finnish_initial" {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    assert_eq!(
        fight(
            &mut desk,
            Role::Soviet,
            &attack(&[&rifle, &tank], serde_json::json!({})),
            4
        ),
        Err("wrong_phase".into())
    );
    // No die was rolled for a refused combat.
    assert!(!desk.roster.units[&rifle.id].markers.contains("attacked"));
}

#[test]
fn out_of_supply_and_disrupted_units_fight_at_half_strength() {
    // Opt A.1: the first turn out of supply halves attack; D.1: disruption halves both.
    let (mut desk, [rifle, tank, jr]) = table(Options {
        supply_effects: true,
        ..Options::default()
    });
    desk.edit_unit(
        Role::Umpire,
        &rifle.id,
        UnitEdit {
            attributes: BTreeMap::from([("oos_turns".to_string(), Some(AttrValue::Number(1)))]),
            ..UnitEdit::default()
        },
    )
    .expect("counted");
    // 3 + 3 against 4: 1.5 to 1 is 1:1.
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&rifle, &tank], serde_json::json!({})),
        3,
    )
    .expect("fought");
    assert_eq!(result(&answer), "3@1:1", "{answer}");
    // A disrupted defender: 6 against 2 is 3:1.
    desk.mark_unit(Role::Umpire, &jr.id, "disrupted", true)
        .expect("marks");
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&rifle, &tank], serde_json::json!({})),
        3,
    )
    .expect("fought");
    assert_eq!(result(&answer), "3@3:1", "{answer}");
}

#[test]
fn opt_b_the_armor_modifier_comes_from_the_capability_table() {
    let (mut desk, [rifle, tank, _]) = table(Options {
        armor_effects: true,
        ..Options::default()
    });
    // Without the capability rows the combat says which type is missing.
    assert_eq!(
        fight(
            &mut desk,
            Role::Soviet,
            &attack(&[&rifle, &tank], serde_json::json!({})),
            4
        ),
        Err("no_capability".into())
    );
    let caps = [
        ("rifle division", ["none", "none", "none"]),
        ("tank brigade", ["full", "full", "none"]),
        ("infantry regiment", ["none", "none", "none"]),
    ];
    desk.enter_charts(
        Role::Umpire,
        BTreeMap::from([(
            "capabilities".to_string(),
            RawChart {
                rows: caps.iter().map(|(k, _)| k.to_string()).collect(),
                columns: ["AECA", "AECD", "ATEC"]
                    .iter()
                    .map(|c| c.to_string())
                    .collect(),
                cells: caps
                    .iter()
                    .map(|(_, v)| v.iter().map(|c| c.to_string()).collect())
                    .collect(),
            },
        )]),
    )
    .expect("capabilities");
    // Only the tank brigade attacks: 3 against 4 (1:2) and full AEC in the attack: +1 (B.3a),
    // the defenders have no ATEC: a 4 reads row 5.
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&tank], serde_json::json!({})),
        4,
    )
    .expect("fought");
    assert_eq!(result(&answer), "5@1:2", "{answer}");
    // Across a no-AEC hexside the brigade may not use it (B.5): row 4.
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&tank], serde_json::json!({"no_aec_attacking": true})),
        4,
    )
    .expect("fought");
    assert_eq!(result(&answer), "4@1:2", "{answer}");
}

#[test]
fn a_crt_without_a_europa_crts_shape_is_refused_when_entered() {
    let (mut desk, _) = Desk::<AWinterWar>::start(Options::default()).expect("starts");
    // The one-row CRT a group once entered.
    let refused = desk
        .enter_charts(
            Role::Umpire,
            BTreeMap::from([("crt".to_string(), crt(&[1]))]),
        )
        .expect_err("one row is no CRT");
    assert_eq!(refused.code, "crt_shape");
    assert!(
        refused.message.contains("no row for a roll of 2"),
        "{}",
        refused.message
    );
    let mut gap = crt(&[1, 2, 3, 4, 5, 6]);
    gap.columns[3] = "6:1".into();
    let refused = desk
        .enter_charts(Role::Umpire, BTreeMap::from([("crt".to_string(), gap)]))
        .expect_err("a gap");
    assert!(
        refused.message.contains("`6:1` follows `1:1`"),
        "{}",
        refused.message
    );
}

fn apply(
    desk: &mut Desk<AWinterWar>,
    by: Role,
    params: serde_json::Value,
) -> Result<serde_json::Value, String> {
    desk.act(by, "apply-result", &params, &mut ScriptedDice::new([]))
        .map(|(answer, _)| serde_json::to_value(&answer).expect("json"))
        .map_err(|r| r.code.to_string())
}

/// The base rules' result codes are not in our text, so each side applies the result to its own
/// units that fought: the combat phase waits for both, a unit that did not fight is refused, and
/// a retreat must end somewhere (on a hex of the map, where there is one).
#[test]
fn each_side_applies_the_result_to_its_own_units_that_fought_before_the_phase_ends() {
    let (mut desk, [rifle, tank, jr]) = table(Options::default());
    let answer = fight(
        &mut desk,
        Role::Soviet,
        &attack(&[&rifle], serde_json::json!({})),
        4,
    )
    .expect("fought");
    let cell = result(&answer);
    let view = crate::games::assisted::play::view::view_for(&desk, Role::Finnish);
    assert_eq!(view.owed.len(), 2, "{:?}", view.owed);
    assert!(
        view.owed[0].contains(&format!("the result {cell}")),
        "{:?}",
        view.owed
    );
    assert_eq!(
        view.owing,
        vec![jr.id.as_str().to_owned()],
        "the Finns' own only"
    );
    assert!(
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .is_err(),
        "the phase waits for the result"
    );
    // The tank brigade did not fight; the Finnish regiment is not the Soviets' to move.
    let retreat = |id: &UnitId, to: &str| serde_json::json!({"retreats": {id.as_str(): to}});
    assert_eq!(
        apply(&mut desk, Role::Soviet, retreat(&tank.id, "0103")),
        Err("not_allowed".into())
    );
    assert_eq!(
        apply(&mut desk, Role::Soviet, retreat(&jr.id, "0103")),
        Err("not_allowed".into())
    );
    // Without a map any place is taken as written, but not none.
    assert_eq!(
        apply(&mut desk, Role::Soviet, retreat(&rifle.id, " ")),
        Err("not_allowed".into())
    );
    apply(&mut desk, Role::Soviet, retreat(&rifle.id, "0103")).expect("the attacker retreats");
    assert_eq!(desk.roster.units[&rifle.id].location, "0103");
    assert_eq!(
        apply(&mut desk, Role::Soviet, serde_json::json!({})),
        Err("nothing_owed".into()),
        "the Soviet part is applied"
    );
    apply(
        &mut desk,
        Role::Finnish,
        serde_json::json!({"eliminated": [jr.id.as_str()]}),
    )
    .expect("the defender is eliminated");
    assert!(!desk.roster.units.contains_key(&jr.id));
    let view = crate::games::assisted::play::view::view_for(&desk, Role::Umpire);
    assert!(view.owed.is_empty(), "{:?}", view.owed);
    desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("the phase ends once both parts are applied");
}
