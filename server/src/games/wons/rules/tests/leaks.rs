//! Redaction property: over many generated campaigns, a side's view and events never hold an
//! unseen enemy platoon, enemy fatigue or orders, Soviet stacks (for the Finns), enemy features
//! and fires the side has not run into, nor the enemy's battle secrets: support points and
//! purchases, starting Force Morale, casualties, final Force Morale and what its prisoners told.

use crate::core::domain::{Role, Side};
use crate::dice::source::{Dice, RollSpec};
use crate::games::wons::rules::aftermath::{
    BattleReport, Casualty, FinalForceMorale, PrisonerTaken, Reporter, submit_report,
};
use crate::games::wons::rules::battle_sheet::roll_starting_force_morale;
use crate::games::wons::rules::ladder::TableColour;
use crate::games::wons::rules::orders::CounterattackScenario;
use crate::games::wons::rules::prisoners::{InterrogationRequest, interrogate_prisoner};
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::tables::force_morale::ForceMoraleTable;
use crate::games::wons::rules::{
    Action, Event, Order, PlatoonOrder, Reveal, WonsState, give_orders, legal_actions, load_pack,
    record_battle_result, resolve_hour, take_extra_action, umpire_correct, umpire_reveal,
    visible_events,
};
use crate::games::wons::views::{finnish_view, soviet_view};
use serde_json::{Value, json};

/// A small deterministic generator (splitmix64) for test data only.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn token(&mut self) -> String {
        (0..10)
            .map(|_| char::from(b'a' + u8::try_from(self.below(26)).unwrap()))
            .collect()
    }
}

impl Dice for Gen {
    fn roll(&mut self, spec: RollSpec) -> Vec<u32> {
        spec.sides
            .iter()
            .map(|s| u32::try_from(self.below(u64::from(*s))).unwrap() + 1)
            .collect()
    }
}

fn random_pack(g: &mut Gen) -> String {
    let steps = 5 + g.below(10) as usize;
    let letter = |i: usize| char::from(b'A' + u8::try_from(i).unwrap());
    let mut t = format!(
        "[campaign]\nname = \"Generated\"\ndemonstration = true\nstart_date = \"1940-01-15\"\nstart_hour = {}\nlength_hours = 60\ninitiative = \"{}\"\n[daylight]\nfrom = 8\nuntil = 16\n",
        g.below(24),
        if g.chance(50) { "soviet" } else { "finnish" }
    );
    for i in 0..steps {
        let buildings: Vec<String> = (0..g.below(3))
            .map(|_| format!("\"{}\"", g.token()))
            .collect();
        t += &format!(
            "[[ladder]]\nletter = \"{}\"\nname = \"Step {}\"\ntables = [\"red\", \"yellow\", \"green\"]\nmajor_defence_line = {}\nbuildings = [{}]\n",
            letter(i),
            g.token(),
            g.chance(30),
            buildings.join(", ")
        );
    }
    let mut soviets: Vec<(usize, String)> = (0..1 + g.below(7))
        .map(|_| (g.below(steps as u64) as usize, g.token()))
        .collect();
    soviets.sort_by_key(|s| std::cmp::Reverse(s.0));
    t += "[stacks]\nmin_size = 1\nmax_size = 3\n";
    let mut i = 0;
    while i < soviets.len() {
        let mut j = i + 1;
        while j < soviets.len() && j - i < 3 && soviets[j].0 == soviets[i].0 && g.chance(70) {
            j += 1;
        }
        let ids: Vec<String> = soviets[i..j]
            .iter()
            .map(|(_, id)| format!("\"{id}\""))
            .collect();
        t += &format!(
            "[[stacks.order]]\nid = \"stk-{}\"\nplatoons = [{}]\n",
            g.token(),
            ids.join(", ")
        );
        i = j;
    }
    let finns: Vec<(usize, String)> = (0..1 + g.below(4))
        .map(|_| (g.below(steps as u64) as usize, g.token()))
        .collect();
    for (side, list) in [("soviet", &soviets), ("finnish", &finns)] {
        for (step, id) in list {
            t += &format!(
                "[[platoons]]\nid = \"{id}\"\nname = \"Platoon {}\"\nside = \"{side}\"\nstep = \"{}\"\nfatigue = {}\n[[platoons.toe]]\nname = \"HQ\"\nkind = \"headquarters\"\nmen = {{ leader = 1 }}\n[[platoons.toe]]\nname = \"Section\"\nkind = \"section\"\nmen = {{ rifleman = 8 }}\n",
                g.token(),
                letter(*step),
                g.below(18)
            );
        }
    }
    for _ in 0..g.below(4) {
        let kind = ["minefield", "roadblock", "entrenchment"][g.below(3) as usize];
        let owner = if g.chance(50) { "soviet" } else { "finnish" };
        t += &format!(
            "[[features]]\nid = \"mf-{}\"\nkind = \"{kind}\"\nowner = \"{owner}\"\nstep = \"{}\"\n",
            g.token(),
            letter(g.below(steps as u64) as usize)
        );
    }
    for side in ["soviet", "finnish"] {
        for _ in 0..1 + g.below(4) {
            t += &format!(
                "[[support]]\nid = \"sup-{}\"\nside = \"{side}\"\nlist = {}\nname = \"Item {}\"\nretained = {}\n",
                g.token(),
                1 + g.below(3),
                g.token(),
                g.chance(50)
            );
        }
    }
    t += &format!(
        "[victory]\notherwise_name = \"Held\"\notherwise_winner = \"finnish\"\n[[victory.levels]]\nname = \"Through\"\nwinner = \"soviet\"\nstep = \"{}\"\nby_hour = 60\n",
        letter(steps - 1)
    );
    t
}

fn random_order(g: &mut Gen, s: &WonsState, side: Side, id: &str) -> Option<Order> {
    let actions: Vec<Action> = legal_actions(s, side, id)
        .into_iter()
        .filter(|a| *a != Action::Reorganize)
        .collect();
    let action = *actions.get(g.below(actions.len().max(1) as u64) as usize)?;
    Some(match action {
        Action::Advance => Order::Advance,
        Action::Attack => Order::Attack {
            table: TableColour::Red,
            scenario: (side == Side::Finnish).then_some(CounterattackScenario::AttackAndDefend),
        },
        Action::Defend => Order::Defend,
        Action::ConsolidateDefenses => Order::ConsolidateDefenses,
        Action::AdjustRoadblock => Order::AdjustRoadblock {
            build: g.chance(70),
        },
        Action::BurnBuildings => Order::BurnBuildings {
            buildings: Vec::new(),
        },
        Action::BuildBonfire => Order::BuildBonfire,
        Action::Retreat => Order::Retreat,
        Action::Rest | Action::Reorganize => Order::Rest {
            in_building: g.chance(50),
        },
    })
}

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
fn assert_no_leak(s: &WonsState, side: Side, events: &[Event], seed: u64) {
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

/// Prepares, reports and interrogates battle `b` with random support, casualties and prisoners.
fn fight(g: &mut Gen, s: &mut WonsState, b: u32, dice: &mut Gen) -> Vec<Event> {
    let mut events = Vec::new();
    let battle = s.battles.iter().find(|x| x.id == b).unwrap().clone();
    let in_battle = |side: Side, s: &WonsState| -> Vec<String> {
        battle
            .attackers
            .iter()
            .chain(&battle.defenders)
            .filter(|id| s.platoons[*id].side == side)
            .cloned()
            .collect()
    };
    for side in [Side::Soviet, Side::Finnish] {
        let platoons = in_battle(side, s);
        if g.chance(80) {
            events.extend(
                assign_support_points(s, b, side, 1 + g.below(6) as u32).unwrap_or_default(),
            );
            let items: Vec<String> = s
                .support
                .iter()
                .filter(|i| i.side == side)
                .map(|i| i.id.clone())
                .collect();
            let requests: Vec<PurchaseRequest> = (0..g.below(3))
                .map(|_| PurchaseRequest {
                    item: items[g.below(items.len() as u64) as usize].clone(),
                    platoon: platoons[g.below(platoons.len() as u64) as usize].clone(),
                    turn_zero: false,
                })
                .collect();
            events.extend(set_purchases(s, b, side, &requests).unwrap_or_default());
        }
        if g.chance(70) {
            let table = ForceMoraleTable::DEFAULT;
            events.extend(roll_starting_force_morale(s, b, side, &table, dice).unwrap_or_default());
        }
    }
    let winner = if g.chance(50) {
        Side::Soviet
    } else {
        Side::Finnish
    };
    let mut report = BattleReport::bare(winner, 1 + g.below(5) as u32);
    for side in [Side::Soviet, Side::Finnish] {
        for id in in_battle(side, s) {
            let has_section = s.platoons[&id]
                .toe
                .elements
                .iter()
                .any(|e| e.name == "Section");
            if has_section && g.chance(70) {
                let left = s.platoons[&id]
                    .toe
                    .elements
                    .iter()
                    .find(|e| e.name == "Section")
                    .and_then(|e| e.men.get("rifleman"))
                    .copied()
                    .unwrap_or(0);
                report.casualties.push(Casualty {
                    platoon: id,
                    element: "Section".into(),
                    role: "rifleman".into(),
                    killed: g.below(u64::from(left) + 1) as u32,
                    wounded: 0,
                    missing: 0,
                });
            }
        }
        report.force_morale_end.push(FinalForceMorale {
            side,
            value: g.below(12) as u32,
        });
        for _ in 0..g.below(3) {
            report.prisoners.push(PrisonerTaken {
                taken_by: side,
                name: format!("Prisoner {}", g.token()),
                deserter: g.chance(30),
                hero: g.chance(10),
            });
        }
    }
    report.support_used = battle_purchases(s, b)
        .into_iter()
        .filter(|_| g.chance(50))
        .collect();
    events.extend(submit_report(s, b, Reporter::Umpire, &report).unwrap());
    for p in &report.prisoners {
        let ask = InterrogationRequest {
            prisoner: p.name.clone(),
            deserter: false,
            hero: false,
        };
        events.extend(interrogate_prisoner(s, b, p.taken_by, &ask, dice).unwrap());
    }
    events
}

fn battle_purchases(s: &WonsState, b: u32) -> Vec<String> {
    s.battles
        .iter()
        .filter(|x| x.id == b)
        .flat_map(|x| &x.support)
        .flat_map(|x| &x.purchases)
        .map(|p| p.item.clone())
        .collect()
}

fn check(s: &WonsState, events: &[Event], seed: u64) {
    for side in [Side::Soviet, Side::Finnish] {
        assert_no_leak(s, side, &visible_events(events, side.role()), seed);
    }
    assert_ids_do_not_count(s, seed);
    // Play keeps the state consistent, so an umpire's correction is judged only by its own change.
    if let Err(why) = crate::games::wons::rules::consistency::check_state(s) {
        panic!("seed {seed}: play left an inconsistent state: {why}");
    }
}

/// Features made in play have opaque ids: `feature-1` and `feature-3` would tell of a hidden
/// `feature-2`. The pack's own features keep the ids their pack gave them.
fn assert_ids_do_not_count(s: &WonsState, seed: u64) {
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

/// The umpire corrects a side's support points and who defended in battle `b`; the enemy of
/// the points' owner, and both sides for the defenders, read that a correction was made and
/// never where or what.
fn correct_battle_secrets(g: &mut Gen, s: &mut WonsState, b: u32, seed: u64) -> Vec<Event> {
    let Some(i) = s.battles.iter().position(|x| x.id == b) else {
        return Vec::new();
    };
    let mut events = Vec::new();
    let owners: Vec<Side> = s.battles[i].support.iter().map(|x| x.side).collect();
    for (j, owner) in owners.into_iter().enumerate() {
        if !g.chance(50) {
            continue;
        }
        let path = format!("/battles/{i}/support/{j}/points");
        let told = umpire_correct(s, &path, json!(g.below(9)), "recount").unwrap();
        for e in visible_events(&told, owner.enemy().role()) {
            assert!(
                !e.sentence.contains(&path) && !e.sentence.contains('→'),
                "seed {seed}: the {:?} side reads {}",
                owner.enemy(),
                e.sentence
            );
        }
        events.extend(told);
    }
    if g.chance(30) {
        let path = format!("/battles/{i}/defenders");
        let defenders = json!(s.battles[i].defenders);
        let told = umpire_correct(s, &path, defenders, "recount").unwrap();
        for side in [Side::Soviet, Side::Finnish] {
            for e in visible_events(&told, side.role()) {
                assert!(
                    !e.sentence.contains(&path),
                    "seed {seed}: {side:?} reads {}",
                    e.sentence
                );
            }
        }
        events.extend(told);
    }
    events
}

/// Plays one generated campaign; returns how many purchases and interrogations it checked.
fn play(seed: u64) -> (usize, usize) {
    let mut g = Gen(seed);
    let mut s = load_pack(&random_pack(&mut g)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    check(&s, &[], seed);
    for _ in 0..1 + g.below(10) {
        let mut events = Vec::new();
        for side in [Side::Soviet, Side::Finnish] {
            let ids: Vec<String> = s.platoons_of(side).map(|p| p.id.clone()).collect();
            for id in ids {
                if let Some(o) = random_order(&mut g, &s, side, &id) {
                    events.extend(
                        give_orders(
                            &mut s,
                            side,
                            vec![PlatoonOrder {
                                platoon: id,
                                order: o,
                            }],
                        )
                        .unwrap_or_default(),
                    );
                }
            }
        }
        if g.chance(10) {
            let id = s
                .platoons
                .keys()
                .nth(g.below(s.platoons.len() as u64) as usize)
                .unwrap()
                .clone();
            let side = s.platoons[&id].side.enemy();
            events.extend(umpire_reveal(&mut s, side, &Reveal::Platoon { id }).unwrap());
        }
        if g.chance(10) {
            let id = s
                .platoons
                .keys()
                .nth(g.below(s.platoons.len() as u64) as usize)
                .unwrap()
                .clone();
            let path = format!("/platoons/{id}/fatigue");
            events.extend(umpire_correct(&mut s, &path, json!(g.below(20)), "recount").unwrap());
        }
        let mut dice = Gen(g.next());
        events.extend(resolve_hour(&mut s, &mut dice, true).unwrap());
        check(&s, &events, seed);
        while let Some(b) = s.pending_battle().map(|b| b.id) {
            let winner = if g.chance(50) {
                Side::Soviet
            } else {
                Side::Finnish
            };
            let mut events = if g.chance(50) {
                record_battle_result(&mut s, b, winner, 1 + g.below(5) as u32).unwrap()
            } else {
                fight(&mut g, &mut s, b, &mut dice)
            };
            events.extend(correct_battle_secrets(&mut g, &mut s, b, seed));
            let entitled: Vec<(String, Side)> = s
                .platoons
                .values()
                .filter(|p| p.extra_action_from.is_some())
                .map(|p| (p.id.clone(), p.side))
                .collect();
            for (id, side) in entitled {
                if let Some(o) = random_order(&mut g, &s, side, &id).filter(|_| g.chance(50)) {
                    events.extend(
                        take_extra_action(
                            &mut s,
                            &mut dice,
                            side,
                            PlatoonOrder {
                                platoon: id,
                                order: o,
                            },
                        )
                        .unwrap_or_default(),
                    );
                }
            }
            check(&s, &events, seed);
        }
    }
    let _ = Role::Umpire;
    let purchases = s
        .battles
        .iter()
        .flat_map(|b| &b.support)
        .map(|x| x.purchases.len())
        .sum();
    (purchases, s.interrogations.len())
}

#[test]
fn no_side_view_or_event_leaks_what_the_side_may_not_know() {
    let (mut purchases, mut interrogations) = (0, 0);
    for seed in 0..300 {
        let (p, i) = play(seed);
        purchases += p;
        interrogations += i;
    }
    assert!(
        purchases > 50 && interrogations > 50,
        "the battle secrets were exercised: {purchases} purchases, {interrogations} interrogations"
    );
}
