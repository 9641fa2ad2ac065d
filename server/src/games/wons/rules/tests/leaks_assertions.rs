//! What the redaction property asserts of a side's view and events: no unseen enemy platoon,
//! fatigue, orders, stacks, features or fires, no enemy battle secrets, and ids that count nothing.

use crate::core::domain::Side;
use crate::games::wons::rules::{Event, WonsState};
use crate::games::wons::views::{finnish_view, soviet_view};
use serde_json::{Value, json};

fn walk(value: &Value, visit: &mut dyn FnMut(&serde_json::Map<String, Value>)) {
    match value {
        Value::Object(map) => {
            visit(map);
            map.values().for_each(|v| walk(v, visit));
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, visit)),
        _ => {}
    }
}

/// Asserts that `side`'s view and `events` (already filtered for it) hold nothing forbidden.
pub(super) fn assert_no_leak(s: &WonsState, side: Side, events: &[Event], seed: u64) {
    let view = match side {
        Side::Soviet => serde_json::to_value(soviet_view(s)).unwrap(),
        Side::Finnish => serde_json::to_value(finnish_view(s)).unwrap(),
    };
    let text = format!("{view}\n{}", serde_json::to_string(events).unwrap());
    assert_no_battle_leak(s, side, &view, &text, seed);
    let known = &s.knowledge.of(side).sightings;
    for p in s.platoons_of(side.enemy()) {
        if !known.contains_key(&p.id) {
            assert!(
                !text.contains(&p.id) && !text.contains(&p.name),
                "seed {seed}: {side:?} sees unspotted {}",
                p.id
            );
        }
    }
    for f in s
        .features
        .values()
        .filter(|f| f.owner != side && f.known_to_enemy_since.is_none())
    {
        assert!(
            !text.contains(&format!("\"{}\"", f.id)),
            "seed {seed}: {side:?} sees hidden feature {}",
            f.id
        );
    }
    if side == Side::Finnish {
        for stack in &s.stacks {
            assert!(
                !text.contains(&stack.id),
                "seed {seed}: Finns see stack {}",
                stack.id
            );
        }
        assert_eq!(view["orders"]["reorganization"], Value::Null);
    }
    let enemy_ids: Vec<&str> = s.platoons_of(side.enemy()).map(|p| p.id.as_str()).collect();
    walk(&view, &mut |map| {
        if let Some(Value::String(id)) = map.get("id")
            && enemy_ids.contains(&id.as_str())
        {
            for secret in [
                "fatigue",
                "exhaustion",
                "toe",
                "order",
                "legal_actions",
                "warm_through_hour",
            ] {
                assert!(
                    !map.contains_key(secret),
                    "seed {seed}: {side:?} sees {secret} of {id}"
                );
            }
        }
    });
    for (step, building) in view["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .flat_map(|(i, st)| {
            st["buildings"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |b| (i, b))
        })
    {
        let real = s.ladder[step]
            .buildings
            .iter()
            .find(|b| building["name"] == json!(b.name))
            .unwrap();
        let may_know = real
            .fire
            .as_ref()
            .is_some_and(|f| f.set_by == side || f.known_to_enemy_since.is_some());
        assert_eq!(
            building["fire"] != Value::Null,
            may_know,
            "seed {seed}: fire knowledge of {}",
            real.name
        );
    }
}

/// Asserts that `side` reads none of the enemy's battle secrets in `view` and `text`.
fn assert_no_battle_leak(s: &WonsState, side: Side, view: &Value, text: &str, seed: u64) {
    let enemy = side.enemy();
    // A prisoner's good information (R25) tells the enemy's support in the side's next battle.
    let told = |b: &crate::games::wons::rules::Battle| {
        s.interrogations.iter().any(|r| {
            r.side == side
                && r.interrogation.result
                    != crate::games::wons::rules::tables::interrogation::InterrogationResult::NameAndRank
                && s.battles
                    .iter()
                    .find(|x| x.id > r.battle && x.fought_by(s, side))
                    .is_some_and(|x| x.id == b.id)
        })
    };
    let enemy_purchases = |b: &crate::games::wons::rules::Battle| -> Vec<String> {
        b.support
            .iter()
            .filter(|x| x.side == enemy)
            .flat_map(|x| &x.purchases)
            .map(|p| p.name.clone())
            .collect()
    };
    let revealed: Vec<String> = s
        .battles
        .iter()
        .filter(|b| told(b))
        .flat_map(enemy_purchases)
        .collect();
    for b in &s.battles {
        for name in enemy_purchases(b).iter().filter(|n| !revealed.contains(n)) {
            assert!(
                !text.contains(name.as_str()),
                "seed {seed}: {side:?} sees the enemy's purchase {name}"
            );
        }
    }
    assert!(
        !text.contains(&format!("assigns the {} side", enemy.adjective())),
        "seed {seed}: {side:?} sees the enemy's support points"
    );
    for p in s.platoons_of(enemy) {
        assert!(
            !text.contains(&format!("{} lost from", p.name)),
            "seed {seed}: {side:?} sees the casualties of {}",
            p.id
        );
    }
    for r in s.interrogations.iter().filter(|r| r.side == enemy) {
        assert!(
            !text.contains(&format!("Interrogation of {}", r.prisoner)),
            "seed {seed}: {side:?} sees what {} told the enemy",
            r.prisoner
        );
    }
    let own = |id: &Value| {
        id.as_str()
            .and_then(|id| s.platoons.get(id))
            .is_some_and(|p| p.side == side)
    };
    for b in view["battles"].as_array().unwrap() {
        for field in ["own_sheet", "own_support"] {
            assert!(
                b[field].is_null() || b[field]["side"] == json!(side),
                "seed {seed}: {side:?} reads the enemy's {field}"
            );
        }
        if !b["report"].is_null() {
            for c in b["report"]["casualties"].as_array().unwrap() {
                assert!(
                    own(&c["platoon"]),
                    "seed {seed}: enemy casualties in the report"
                );
            }
            for f in b["report"]["force_morale_end"].as_array().unwrap() {
                assert_eq!(f["side"], json!(side), "seed {seed}: enemy Force Morale");
            }
        }
    }
}

/// Features made in play have opaque ids: `feature-1` and `feature-3` would tell of a hidden
/// `feature-2`. The pack's own features keep the ids their pack gave them.
pub(super) fn assert_ids_do_not_count(s: &WonsState, seed: u64) {
    for f in s.features.values().filter(|f| f.created_hour > 0) {
        let tail = f.id.strip_prefix("feature-").unwrap_or(&f.id);
        assert!(
            tail.len() >= 16 && tail.chars().all(|c| c.is_ascii_hexdigit()),
            "seed {seed}: feature id '{}' is not opaque",
            f.id
        );
    }
    let state = serde_json::to_value(s).unwrap();
    assert!(
        state.get("next_feature").is_none(),
        "seed {seed}: no counter is kept"
    );
}
