//! A long WoNS campaign played the same way by the benchmark suite and by the tests that check
//! the stored state does not grow with it: the orders of each Hour, in rounds of four that fight
//! a battle each, and the report the umpire records for each battle.

use serde_json::{Value, json};

/// The demonstration pack made long (1,200 Hours), with the Finns' 1st Platoon at C beside the
/// Soviet vanguard (so that battles can be fought) and `reserves` more Finnish platoons (11 make
/// 20 in all), whom `play` brings up behind the front to take their turns in the battles.
pub fn bench_pack(reserves: usize) -> String {
    let demo = include_str!("../../../scenarios/wons-demo.toml");
    let mut pack = demo
        .replacen("length_hours = 48", "length_hours = 1200", 1)
        .replacen(
            "id = \"fin-1\"\nname = \"1st Platoon, 3rd Company\"\nside = \"finnish\"\nstep = \"D\"",
            "id = \"fin-1\"\nname = \"1st Platoon, 3rd Company\"\nside = \"finnish\"\nstep = \"C\"",
            1,
        );
    let mut extra = String::new();
    for (i, step) in "EFGHIJKLMN".chars().cycle().take(reserves).enumerate() {
        extra.push_str(&format!(
            "[[platoons]]\nid = \"fin-r{i}\"\nname = \"Reserve Platoon {i}\"\nside = \"finnish\"\nstep = \"{step}\"\n\n\
             [[platoons.toe]]\nname = \"Platoon HQ\"\nkind = \"headquarters\"\nmen = {{ platoon_leader = 1, runner = 2 }}\nweapons = {{ pistol = 1, rifle = 2 }}\n\n\
             [[platoons.toe]]\nname = \"1st Section\"\nkind = \"section\"\nmen = {{ section_leader = 1, lmg_gunner = 2, rifleman = 6 }}\nweapons = {{ lmg = 1, smg = 1, rifle = 7 }}\n\n"
        ));
    }
    let at = pack.find("\n[[features]]").map_or(pack.len(), |at| at + 1);
    pack.insert_str(at, &extra);
    pack
}

/// What an Hour of a generated campaign is for: the Hours go in rounds of four that keep the
/// sides in contact at one step and open a battle at the start of each round.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The side with the initiative attacks with one platoon in contact (its platoons take
    /// turns); the others in contact Defend.
    Battle,
    /// The Finns in contact retreat a step to rest; the Soviets there Defend.
    Withdraw,
    /// Nobody is in contact: the platoons rest (Finnish reserves still coming up advance).
    Rest,
    /// A rested Finnish platoon advances back into contact for the next round's battle.
    Relieve,
}

impl Phase {
    /// The phase of Hour `hour` of the generator (from 0).
    pub fn of(hour: usize) -> Phase {
        match hour % 4 {
            0 => Phase::Battle,
            1 => Phase::Withdraw,
            2 => Phase::Rest,
            _ => Phase::Relieve,
        }
    }
}

/// Whether the view offers platoon `p` the action `a`.
fn legal(p: &Value, a: &str) -> bool {
    p["legal_actions"]
        .as_array()
        .is_some_and(|l| l.iter().any(|x| x == a))
}

/// The index on the view's ladder of the step with letter `letter`.
fn step_index(view: &Value, letter: &Value) -> Option<usize> {
    view["ladder"]
        .as_array()?
        .iter()
        .position(|s| s["letter"] == *letter)
}

/// Whether the step with letter `letter` has a building standing, as the side knows it.
fn has_building(view: &Value, letter: &Value) -> bool {
    view["ladder"].as_array().is_some_and(|l| {
        l.iter().any(|s| {
            s["letter"] == *letter
                && s["buildings"]
                    .as_array()
                    .is_some_and(|b| b.iter().any(|b| b["fire"].is_null()))
        })
    })
}

/// One side's orders for an Hour of `phase`, and the platoon chosen to attack (or, for the
/// Finns, to advance into contact), if any.
///
/// A platoon in contact (one that may not Rest) is the round's attacker in a Battle Hour, a Finn
/// retreats in a Withdraw Hour, and otherwise it Defends. Out of contact, the Finns' chosen
/// platoon advances in a Relieve Hour, Finnish platoons further back than the step behind the
/// front (the step beyond the furthest Soviet platoon seen) advance towards it, and the rest
/// Rest, in a building where one stands, so that fatigue stays low: a Soviet platoon at the front
/// rests two Hours of each round, in the buildings there, and a Finnish one rests until its turn
/// comes again. The attacker or relief is the least fatigued platoon that may go, then the one
/// that attacked longest ago, then the one that fought longest ago, so that the side's platoons
/// take turns.
pub fn orders(view: &Value, phase: Phase) -> (Value, Option<String>) {
    let platoons = view["platoons"].as_array().cloned().unwrap_or_default();
    let finnish = view["side"] == "finnish";
    // Each platoon's last battle as attacker and last battle at all, by id.
    let mut last = std::collections::HashMap::<&str, (u64, u64)>::new();
    for b in view["battles"].as_array().into_iter().flatten() {
        let n = b["id"].as_u64().unwrap_or_default();
        for (attacked, list) in [(true, &b["attackers"]), (false, &b["defenders"])] {
            for p in list.as_array().into_iter().flatten() {
                if let Some(id) = p["id"].as_str() {
                    let entry = last.entry(id).or_default();
                    if attacked {
                        entry.0 = n;
                    }
                    entry.1 = n;
                }
            }
        }
    }
    let turn = |p: &&Value| {
        let (attacked, fought) = last
            .get(p["id"].as_str().unwrap_or_default())
            .copied()
            .unwrap_or_default();
        (p["fatigue"].as_u64().unwrap_or_default(), attacked, fought)
    };
    let front = view["enemy_platoons"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| step_index(view, &e["step"]))
        .max();
    let behind_front = front.map(|f| f + 1);
    let chosen = match phase {
        Phase::Battle => platoons
            .iter()
            .filter(|p| legal(p, "attack"))
            .min_by_key(turn),
        Phase::Relieve if finnish => platoons
            .iter()
            .filter(|p| legal(p, "advance") && step_index(view, &p["step"]) == behind_front)
            .min_by_key(turn),
        _ => None,
    }
    .and_then(|p| p["id"].as_str())
    .map(str::to_owned);
    let orders: Vec<Value> = platoons
        .iter()
        .map(|p| {
            let in_contact = !legal(p, "rest");
            let order = if chosen.as_deref() == p["id"].as_str() {
                match (phase, finnish) {
                    (Phase::Battle, true) => {
                        json!({"action": "attack", "table": "red", "scenario": "probe"})
                    }
                    (Phase::Battle, false) => json!({"action": "attack", "table": "red"}),
                    _ => json!({"action": "advance"}),
                }
            } else if in_contact {
                if phase == Phase::Withdraw && finnish && legal(p, "retreat") {
                    json!({"action": "retreat"})
                } else {
                    json!({"action": "defend"})
                }
            } else if finnish
                && legal(p, "advance")
                && step_index(view, &p["step"]) > behind_front
                && behind_front.is_some()
            {
                json!({"action": "advance"})
            } else {
                json!({"action": "rest", "in_building": has_building(view, &p["step"])})
            };
            json!({"platoon": p["id"], "order": order})
        })
        .collect();
    (Value::Array(orders), chosen)
}

/// The report of battle `n`, which `attacker` (of side `attacking`, as its side's `view` showed
/// it before the Hour) lost: the attack failed, so both sides hold their ground and the
/// initiative passes to the defender, who attacks at the same step in the next round. The
/// defender takes one prisoner, counted as one man missing from the attacker's largest role while
/// that role has more than two men (afterwards he is not counted, so that no platoon is worn away
/// however long the campaign); three to six Turns, so that nobody takes an extra action; and each
/// side's final Force Morale. Answers the report and the prisoner's name.
pub fn battle_report(n: u64, attacking: &str, attacker: &str, view: &Value) -> (Value, String) {
    let winner = if attacking == "soviet" {
        "finnish"
    } else {
        "soviet"
    };
    let platoon = view["platoons"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["id"] == attacker);
    let name = platoon.and_then(|p| p["name"].as_str()).unwrap_or(attacker);
    let largest = platoon
        .and_then(|p| p["toe"].as_array())
        .into_iter()
        .flatten()
        .flat_map(|e| {
            e["men"]
                .as_object()
                .into_iter()
                .flatten()
                .map(move |(role, men)| (men.as_u64().unwrap_or_default(), role, &e["name"]))
        })
        .filter(|(men, ..)| *men > 2)
        .max_by_key(|(men, ..)| *men);
    let (casualties, prisoner) = match largest {
        Some((_, role, element)) => (
            vec![json!({
                "platoon": attacker, "element": element, "role": role, "missing": 1
            })],
            format!(
                "{} of the {}, {name}",
                role.replace('_', " "),
                element.as_str().unwrap_or_default()
            ),
        ),
        None => (Vec::new(), format!("a man of the {name}")),
    };
    let body = json!({
        "winner": winner,
        "turns": 3 + n % 4,
        "casualties": casualties,
        "force_morale_end": [
            {"side": winner, "value": 3 + n % 5},
            {"side": attacking, "value": n % 3},
        ],
        "prisoners": [{"taken_by": winner, "name": prisoner}],
    });
    (body, prisoner)
}
